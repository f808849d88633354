package store

import (
	"context"
	"testing"
)

// BenchmarkSave measures one committed move (an fsync of the WAL with
// synchronous=FULL): a game of 40 moves saved whole, as play keeps it.
func BenchmarkSave(b *testing.B) {
	s, err := Open(b.TempDir() + "/outpost.db")
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	g := Game{White: Human, Black: AI, StartFEN: startFEN}
	if err := s.CreateGame(context.Background(), &g); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if len(g.Moves) == 40 {
			g.Moves = g.Moves[:0]
		}
		g.Moves = append(g.Moves, "e2e4")
		if err := s.Save(context.Background(), &g); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSaveParallel measures committed moves from many games at
// once, which the group commit batches.
func BenchmarkSaveParallel(b *testing.B) {
	s, err := Open(b.TempDir() + "/outpost.db")
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	b.SetParallelism(32)
	b.RunParallel(func(pb *testing.PB) {
		g := Game{White: Human, Black: AI, StartFEN: startFEN}
		if err := s.CreateGame(context.Background(), &g); err != nil {
			b.Error(err)
			return
		}
		for pb.Next() {
			if len(g.Moves) == 40 {
				g.Moves = g.Moves[:0]
			}
			g.Moves = append(g.Moves, "e2e4")
			if err := s.Save(context.Background(), &g); err != nil {
				b.Error(err)
				return
			}
		}
	})
}
