package server

import (
	"context"
	"net/http"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/outpost-chess/outpost/internal/store"
	"github.com/outpost-chess/outpost/internal/store/storetest"
)

// TestStartWithDamagedGames restarts the server on a database where a game
// is damaged: the server starts, serves every game the store can read
// (and resumes their AIs), and answers each damaged one with an error that
// says so, which it logs.
func TestStartWithDamagedGames(t *testing.T) {
	for _, tt := range []struct {
		name   string
		damage storetest.Damage
	}{
		{"text in an integer column", storetest.DamageValue("created_at", "garbage")},
		{"a blob in a text column", storetest.DamageValue("start_fen", []byte{1, 2})},
		{"a stored move that is not legal", storetest.DamageValue("moves", "e2e4 e2e4")},
		{"corrupt page", storetest.CorruptPage},
	} {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "outpost.db")
			st, err := store.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			e := newEnvOn(t, st, Config{Workers: 1})
			// Enough games for several pages of the file; the AIs
			// are paused, and unpaused in the file below, so that
			// they are to move when the server starts again.
			var games []game
			for i := range 60 {
				req := NewGameRequest{White: "human", Black: "human"}
				if i%4 == 0 {
					req = NewGameRequest{White: "ai", Black: "human", Level: "1", Paused: true}
				}
				g, _ := e.create(req)
				if i%4 != 0 {
					e.move(g, "e4", 0)
				}
				games = append(games, g)
			}
			victim := games[30]
			e.close()
			for i, g := range games {
				if i%4 == 0 { // the AI may play on after the restart
					sg, err := st.Get(context.Background(), g.id)
					if err != nil {
						t.Fatal(err)
					}
					sg.Paused = false
					if err := st.Save(context.Background(), &sg); err != nil {
						t.Fatal(err)
					}
				}
			}
			if err := st.Close(); err != nil {
				t.Fatal(err)
			}
			tt.damage(t, path, victim.id)

			st, err = store.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { st.Close() })
			// Which games the store can still read.
			var readable, damaged []game
			for _, g := range games {
				if _, err := st.Get(context.Background(), g.id); err == nil {
					readable = append(readable, g)
				} else {
					damaged = append(damaged, g)
				}
			}
			if len(readable) == 0 {
				t.Fatal("no game left to read")
			}
			logs := &logBuffer{t: t}
			started := make(chan *testEnv, 1)
			go func() { started <- newEnvOn(t, st, Config{Workers: 1, Logf: logs.logf}) }()
			var e2 *testEnv
			select {
			case e2 = <-started:
			case <-time.After(30 * time.Second):
				t.Fatal("the server did not start on the damaged database")
			}

			if !slices.Contains(damaged, victim) {
				// The stored moves do not replay: the store reads
				// the row, the server cannot.
				damaged = append(damaged, victim)
				readable = slices.DeleteFunc(readable, func(g game) bool { return g == victim })
			}
			for _, g := range damaged {
				r := e2.do("GET", "/api/games/"+g.id, "", nil)
				if r.status != http.StatusInternalServerError || !strings.Contains(r.errMsg(), "damaged") || !strings.Contains(r.errMsg(), g.id) {
					t.Errorf("GET of the damaged game %s: %d %s", g.id, r.status, r.body)
				}
				if !logs.has(g.id, "damaged") {
					t.Errorf("the damaged game %s is not in the log", g.id)
				}
			}
			list := e2.do("GET", "/api/games?limit=1000", "", nil)
			if list.status != http.StatusOK {
				t.Fatalf("GET /api/games: %d %s", list.status, list.body)
			}
			for _, g := range readable {
				if !strings.Contains(string(list.body), g.id) {
					t.Errorf("the list lacks the readable game %s", g.id)
				}
				// Each has one move: the human's, or the AI's after
				// the restart.
				e2.waitFor(g, "one move", func(st GameState) bool { return st.Plies == 1 })
			}
		})
	}
}
