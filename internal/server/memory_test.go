package server

import (
	"fmt"
	"math/rand/v2"
	"net/http"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/store"
)

// longGame returns a legal game of plies plies that has not ended, as PGN:
// random moves that do not end the game, captures only when the fifty-move
// count nears its limit and no pawn can move (seeded: the same game each
// time).
func longGame(tb testing.TB, plies int) string {
	tb.Helper()
	for seed := uint64(1); seed < 1000; seed++ {
		rng := rand.New(rand.NewPCG(seed, 44))
		g := chess.NewGame()
		for g.Len() < plies {
			pos := g.Position()
			var quiet, pawn, capture []chess.Move
			for _, m := range pos.LegalMoves() {
				if o, err := g.OutcomeAfter(m); err != nil || o.IsOver() {
					continue
				}
				switch {
				case m.IsCapture():
					capture = append(capture, m)
				case pos.PieceAt(m.From()).Type() == chess.Pawn:
					pawn = append(pawn, m)
					quiet = append(quiet, m)
				default:
					quiet = append(quiet, m)
				}
			}
			choice := quiet
			switch {
			case pos.HalfmoveClock() > 80 && len(pawn) > 0:
				choice = pawn
			case pos.HalfmoveClock() > 80 || len(quiet) == 0:
				choice = append(capture, quiet...)
			}
			if len(choice) == 0 {
				break
			}
			if err := g.Play(choice[rng.IntN(len(choice))]); err != nil {
				tb.Fatal(err)
			}
		}
		if g.Len() == plies {
			return g.PGN()
		}
	}
	tb.Fatalf("no game of %d plies found", plies)
	return ""
}

// gameMemory imports games of the PGN pgn into a new server and returns the
// heap each takes (after a garbage collection).
func gameMemory(tb testing.TB, pgn string) float64 {
	tb.Helper()
	st, err := store.OpenWith(filepath.Join(tb.TempDir(), "outpost.db"), store.Options{Sync: store.SyncNormal})
	if err != nil {
		tb.Fatal(err)
	}
	defer st.Close()
	e := newEnvOn(tb, st, Config{})
	defer e.close()
	heap := func() uint64 {
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m.HeapAlloc
	}
	const games = 50
	before := heap()
	for range games {
		r := e.do("POST", "/api/games", "", NewGameRequest{White: "human", Black: "human", PGN: pgn})
		if r.status != http.StatusCreated {
			tb.Fatalf("import: %d %s", r.status, r.body)
		}
	}
	return float64(heap()-before) / games
}

// TestMemoryPerPly imports games of 20 and of 600 plies: each ply a game
// holds costs the server tens of bytes (its move, its hash, a share of a
// checkpoint), not the hundreds a position and its notation in every form
// took (about 700 bytes a ply before).
func TestMemoryPerPly(t *testing.T) {
	short, long := gameMemory(t, longGame(t, 20)), gameMemory(t, longGame(t, 600))
	perPly := (long - short) / 580
	if perPly > 80 {
		t.Errorf("%.0f bytes a ply (a game of 20 plies %.0f bytes, of 600 %.0f), want at most 80", perPly, short, long)
	}
	t.Logf("%.1f bytes a ply (a game of 20 plies %.0f bytes, of 600 %.0f)", perPly, short, long)
}

// BenchmarkMemoryPerGame imports games of 0, 100, 300 and 600 plies into a
// server and reports the heap each game in memory takes (after a garbage
// collection): what a game costs the server, and how it grows with the
// length of its history.
//
//	go test -run '^$' -bench MemoryPerGame -benchtime 1x ./internal/server
func BenchmarkMemoryPerGame(b *testing.B) {
	for _, plies := range []int{0, 100, 300, 600} {
		b.Run(fmt.Sprintf("plies=%d", plies), func(b *testing.B) {
			pgn := longGame(b, plies)
			var perGame float64
			for range b.N {
				perGame = gameMemory(b, pgn)
			}
			b.ReportMetric(perGame, "bytes/game")
			b.ReportMetric(0, "ns/op")
		})
	}
}
