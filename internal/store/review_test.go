package store

import (
	"context"
	"database/sql"
	"errors"
	"path/filepath"
	"testing"
)

func TestReviewDamaged(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "outpost.db")
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	g := newGame(t, s, "e2e4")
	if err := s.SaveReview(ctx, &Review{GameID: g.ID, Moves: g.Moves, Data: []byte(`{}`)}); err != nil {
		t.Fatal(err)
	}
	s.Close()
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`UPDATE reviews SET created_at = 'not a time' WHERE game_id = ?`, g.ID); err != nil {
		t.Fatal(err)
	}
	db.Close()
	s, err = Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := s.GetReview(ctx, g.ID); !errors.Is(err, ErrDamaged) {
		t.Errorf("a damaged review: %v", err)
	}
	if _, err := s.Get(ctx, g.ID); err != nil {
		t.Errorf("its game: %v", err)
	}
}
