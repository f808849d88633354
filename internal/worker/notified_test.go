package worker

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/outpost-chess/outpost/internal/engine"
	"github.com/outpost-chess/outpost/internal/store"
)

func TestParseGameNotification(t *testing.T) {
	tests := []struct {
		payload string
		game    string
		rev     int64
		deleted bool
		err     bool
	}{
		{"abc 12", "abc", 12, false, false},
		{"abc speed", "abc", -1, false, false},
		{"abc deleted", "abc", -1, true, false},
		{"abc", "", 0, false, true},
		{"abc x", "", 0, false, true},
	}
	for _, tt := range tests {
		game, rev, deleted, err := ParseGameNotification(tt.payload)
		if game != tt.game || rev != tt.rev || deleted != tt.deleted || (err != nil) != tt.err {
			t.Errorf("%q: %q %d %v %v", tt.payload, game, rev, deleted, err)
		}
	}
	if _, _, _, err := ParseProgress("abc 1 {"); err == nil || !strings.Contains(err.Error(), "progress") {
		t.Errorf("a bad progress: %v", err)
	}
}

// TestWorkerLateNotification: a notification of an earlier revision, late,
// does not cancel the search of the current one.
func TestWorkerLateNotification(t *testing.T) {
	games, err := store.Open(filepath.Join(t.TempDir(), "outpost.db"))
	if err != nil {
		t.Fatal(err)
	}
	st := NewMemQueue(games)
	defer st.Close()
	w, err := New(Config{Store: st, Engines: []*engine.Engine{engine.New(engine.Options{HashMB: 1})}})
	if err != nil {
		t.Fatal(err)
	}
	const game = "abcdefghijkm"
	cancelled := false
	r := &run{sr: store.Search{GameID: game, Rev: 5}, cancel: func() { cancelled = true }}
	w.running[game] = map[*run]struct{}{r: {}}
	for _, tt := range []struct {
		payload string
		cancel  bool
	}{
		{game + " 4", false},
		{game + " 5", false},
		{game + " speed", false},
		{"abcdefghijkl 9", false},
		{game + " 6", true},
		{game + " deleted", true},
	} {
		cancelled = false
		w.notified(store.Notification{Channel: store.ChannelGame, Payload: tt.payload})
		if cancelled != tt.cancel {
			t.Errorf("%q: cancelled %v, want %v", tt.payload, cancelled, tt.cancel)
		}
	}
}
