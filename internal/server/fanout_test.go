package server

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/outpost-chess/outpost/internal/store"
)

// discardStream is an event stream's ResponseWriter that throws the
// events away (a watcher that reads instantly), counting the states.
type discardStream struct {
	h      http.Header
	states *atomic.Int64
}

func (d *discardStream) Header() http.Header { return d.h }
func (d *discardStream) WriteHeader(int)     {}
func (d *discardStream) Flush()              {}
func (d *discardStream) Write(p []byte) (int, error) {
	if bytes.HasPrefix(p, []byte("event: state")) {
		d.states.Add(1)
	}
	return len(p), nil
}

// BenchmarkChangeWithWatchers times a change of a game through the API (a
// move, or its takeback) with n watchers on its event stream, each a
// goroutine of serveEvents as for a real stream: the time until the change
// is answered, each change made once every watcher has written the one
// before (as when moves come seconds apart).
//
//	go test -run '^$' -bench ChangeWithWatchers -benchtime 400x ./internal/server
func BenchmarkChangeWithWatchers(b *testing.B) {
	for _, n := range []int{0, 5000} {
		b.Run(fmt.Sprintf("watchers=%d", n), func(b *testing.B) {
			// Commits without an fsync: the change's own time, not the disk's.
			st, err := store.OpenWith(filepath.Join(b.TempDir(), "outpost.db"), store.Options{Sync: store.SyncNormal})
			if err != nil {
				b.Fatal(err)
			}
			defer st.Close()
			e := newEnvOn(b, st, Config{})
			g, _ := e.create(NewGameRequest{White: "human", Black: "human"})
			s, err := e.srv.lookup(context.Background(), g.id)
			if err != nil {
				b.Fatal(err)
			}
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			var states atomic.Int64
			for range n {
				r := httptest.NewRequest("GET", "/api/games/"+g.id+"/events", nil).WithContext(ctx)
				go e.srv.serveEvents(&discardStream{h: http.Header{}, states: &states}, r, s)
			}
			for deadline := time.Now().Add(time.Minute); s.hub.count() < n; time.Sleep(time.Millisecond) {
				if time.Now().After(deadline) {
					b.Fatalf("%d of %d watchers subscribed", s.hub.count(), n)
				}
			}
			h := e.srv.Handler()
			send := func(path, body string) {
				req := httptest.NewRequest("POST", "/api/games/"+g.id+path, strings.NewReader(body))
				req.Host = "127.0.0.1"
				req.Header.Set("Content-Type", "application/json")
				req.Header.Set("Authorization", "Bearer "+g.token)
				rec := httptest.NewRecorder()
				h.ServeHTTP(rec, req)
				if rec.Code != http.StatusOK {
					b.Fatalf("POST %s: %d %s", path, rec.Code, rec.Body)
				}
			}
			// Each watcher writes the state on connecting, then one per
			// change.
			written := func(changes int) {
				for deadline := time.Now().Add(time.Minute); states.Load() < int64(n*(changes+1)); time.Sleep(100 * time.Microsecond) {
					if time.Now().After(deadline) {
						b.Fatalf("%d states written, want %d", states.Load(), n*(changes+1))
					}
				}
			}
			b.ResetTimer()
			for i := range b.N {
				b.StopTimer()
				written(i)
				b.StartTimer()
				if i%2 == 0 {
					send("/moves", `{"move":"e4","ply":0}`)
				} else {
					send("/takeback", `{}`)
				}
			}
		})
	}
}
