package store

import (
	"context"
	"database/sql"
	"errors"
	"path/filepath"
	"testing"
)

func TestReview(t *testing.T) {
	ctx := context.Background()
	s, path := openTemp(t)
	g := newGame(t, s, "e2e4", "e7e5")
	if _, err := s.GetReview(ctx, g.ID); !errors.Is(err, ErrNotFound) {
		t.Fatalf("a game without review: %v", err)
	}
	r := Review{GameID: g.ID, Moves: g.Moves, Data: []byte(`{"moves":[1,2]}`)}
	if err := s.SaveReview(ctx, &r); err != nil {
		t.Fatal(err)
	}
	if r.CreatedAt.IsZero() {
		t.Error("CreatedAt not set")
	}
	got, err := s.GetReview(ctx, g.ID)
	if err != nil || got.GameID != g.ID || string(got.Data) != `{"moves":[1,2]}` || len(got.Moves) != 2 || got.Moves[1] != "e7e5" || !got.CreatedAt.Equal(r.CreatedAt) {
		t.Fatalf("read back %+v, %v", got, err)
	}

	// A new review replaces the old one; the game is not changed.
	addMoves(t, s, g.ID, "g1f3")
	r2 := Review{GameID: g.ID, Moves: []string{"e2e4", "e7e5", "g1f3"}, Data: []byte(`{"new":true}`)}
	if err := s.SaveReview(ctx, &r2); err != nil {
		t.Fatal(err)
	}
	if got, err := s.GetReview(ctx, g.ID); err != nil || string(got.Data) != `{"new":true}` || len(got.Moves) != 3 {
		t.Errorf("replaced: %+v, %v", got, err)
	}
	if mustGet(t, s, g.ID).Rev != 1 {
		t.Error("saving a review changed the game's revision")
	}

	// Bad reviews and unknown games change nothing.
	for _, bad := range []Review{
		{GameID: "nosuchgame00", Moves: []string{"e2e4"}, Data: []byte(`{}`)},
		{GameID: g.ID, Moves: []string{"e2 e4"}, Data: []byte(`{}`)},
		{GameID: g.ID, Moves: []string{"e2e4"}},
	} {
		if err := s.SaveReview(ctx, &bad); err == nil {
			t.Errorf("%+v was saved", bad)
		}
	}
	if err := s.SaveReview(ctx, &Review{GameID: "nosuchgame00", Moves: []string{}, Data: []byte(`{}`)}); !errors.Is(err, ErrNotFound) {
		t.Errorf("the review of an unknown game: %v", err)
	}

	// It survives closing and opening again.
	s.Close()
	s, err = Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if got, err := s.GetReview(ctx, g.ID); err != nil || string(got.Data) != `{"new":true}` {
		t.Errorf("after reopening: %+v, %v", got, err)
	}

	// Deleting the game deletes its review, and a new game with the same
	// id does not inherit it.
	if err := s.Delete(ctx, g.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := s.GetReview(ctx, g.ID); !errors.Is(err, ErrNotFound) {
		t.Errorf("the review of a deleted game: %v", err)
	}
	again := Game{ID: g.ID, White: Human, Black: AI, StartFEN: startFEN, Moves: []string{}}
	if err := s.CreateGame(ctx, &again); err != nil {
		t.Fatal(err)
	}
	if _, err := s.GetReview(ctx, g.ID); !errors.Is(err, ErrNotFound) {
		t.Errorf("a new game inherited a review: %v", err)
	}
}

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
