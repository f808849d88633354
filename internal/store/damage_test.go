package store_test

import (
	"context"
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/outpost-chess/outpost/internal/store"
	"github.com/outpost-chess/outpost/internal/store/storetest"
)

// TestDamagedGameCostsOnlyItself damages one game of a database and checks
// that the others are still listed and read, and that the damaged one is
// ErrDamaged.
func TestDamagedGameCostsOnlyItself(t *testing.T) {
	for _, tt := range []struct {
		name    string
		damage  storetest.Damage
		knownID bool // the DamageError names the game
	}{
		{"text in an integer column", storetest.DamageValue("created_at", "garbage"), true},
		{"a blob in a text column", storetest.DamageValue("white", []byte{0, 1}), true},
		{"corrupt page", storetest.CorruptPage, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "outpost.db")
			s, err := store.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			// Long games: a row per page of the file.
			moves := strings.Fields(strings.Repeat("g1f3 g8f6 f3g1 f6g8 ", 150))
			var ids []string
			for range 12 {
				ids = append(ids, storetest.NewGame(t, s, moves...).ID)
			}
			slices.Reverse(ids) // List's order: newest first
			victim := ids[5]
			if err := s.Close(); err != nil {
				t.Fatal(err)
			}
			tt.damage(t, path, victim)

			s, err = store.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			ctx := context.Background()
			want := slices.Delete(slices.Clone(ids), 5, 6)
			for _, opts := range []store.ListOptions{{}, {Source: store.SourceWeb, Unfinished: true}, {Limit: 7}, {IDs: []string{ids[7], ids[5], ids[0]}}} {
				list, err := s.List(ctx, opts)
				var de *store.DamageError
				if !errors.Is(err, store.ErrDamaged) || !errors.As(err, &de) {
					t.Fatalf("List(%+v): error %v, want a DamageError", opts, err)
				}
				if tt.knownID && !slices.Equal(de.IDs, []string{victim}) {
					t.Errorf("List(%+v): the error names %q, want %s: %v", opts, de.IDs, victim, err)
				}
				var got []string
				for _, m := range list {
					got = append(got, m.ID)
				}
				// A damaged row may take the place of a game under
				// a limit.
				w := want
				if opts.IDs != nil {
					w = []string{ids[0], ids[7]} // in List's order; ids[5] is damaged
				}
				if opts.Limit > 0 {
					w = want[:opts.Limit]
					if !slices.Equal(got, w) {
						w = want[:opts.Limit-1]
					}
				}
				if !slices.Equal(got, w) {
					t.Errorf("List(%+v) = %q, want every other game %q", opts, got, w)
				}
			}
			for _, id := range want {
				if g, err := s.Get(ctx, id); err != nil || len(g.Moves) != len(moves) {
					t.Errorf("Get(%s) = %d moves, %v", id, len(g.Moves), err)
				}
			}
			if _, err := s.Get(ctx, victim); !errors.Is(err, store.ErrDamaged) || !strings.Contains(err.Error(), victim) {
				t.Errorf("Get of the damaged game: %v, want ErrDamaged naming it", err)
			}
			// The store still writes.
			g := storetest.NewGame(t, s, "e2e4")
			g.Moves = append(g.Moves, "e7e5")
			if err := s.Save(ctx, &g); err != nil {
				t.Errorf("a move in a new game: %v", err)
			}
		})
	}
}
