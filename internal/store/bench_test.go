package store

import (
	"context"
	"testing"
)

// BenchmarkAppendMove measures one committed move (an fsync of the WAL with
// synchronous=FULL).
func BenchmarkAppendMove(b *testing.B) {
	s, err := Open(b.TempDir() + "/outpost.db")
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	g := Game{White: Human, Black: AI, StartFEN: startFEN}
	if err := s.CreateGame(context.Background(), &g); err != nil {
		b.Fatal(err)
	}
	ply := 0
	for b.Loop() {
		if ply == 300 {
			if err := s.Truncate(context.Background(), g.ID, 0); err != nil {
				b.Fatal(err)
			}
			ply = 0
		}
		if err := s.AppendMove(context.Background(), g.ID, ply, "e2e4"); err != nil {
			b.Fatal(err)
		}
		ply++
	}
}

// BenchmarkAppendMoveParallel measures committed moves from many games at
// once, which the group commit batches.
func BenchmarkAppendMoveParallel(b *testing.B) {
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
		ply := 0
		for pb.Next() {
			if err := s.AppendMove(context.Background(), g.ID, ply, "e2e4"); err != nil {
				b.Error(err)
				return
			}
			ply++
		}
	})
}
