package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/engine"
	"github.com/outpost-chess/outpost/internal/review"
	"github.com/outpost-chess/outpost/internal/store"
)

// TestPuzzleBuildAndExport mines a short game with a blunder: one puzzle,
// kept once however often build runs, then exported as JSON.
func TestPuzzleBuildAndExport(t *testing.T) {
	dir := t.TempDir()
	pgn := filepath.Join(dir, "games.pgn")
	if err := os.WriteFile(pgn, []byte("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 *\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	set := filepath.Join(dir, "set.jsonl")
	for range 2 {
		if err := puzzleCmd(context.Background(), []string{"build", "--nodes", "50000", "--out", set, pgn}, nil, io.Discard, io.Discard, false); err != nil {
			t.Fatal(err)
		}
	}
	data, _ := os.ReadFile(set)
	if n := strings.Count(string(data), "\n"); n != 1 {
		t.Fatalf("%d puzzles kept, want 1:\n%s", n, data)
	}
	var out bytes.Buffer
	if err := puzzleCmd(context.Background(), []string{"export", "--json", "--in", set}, nil, &out, io.Discard, false); err != nil {
		t.Fatal(err)
	}
	var got struct {
		Puzzles []struct {
			ID     string   `json:"id"`
			FEN    string   `json:"fen"`
			Moves  []string `json:"moves"`
			Rating int      `json:"rating"`
			Themes []string `json:"themes"`
		} `json:"puzzles"`
	}
	if err := json.Unmarshal(out.Bytes(), &got); err != nil {
		t.Fatalf("%v:\n%s", err, out.String())
	}
	if len(got.Puzzles) != 1 || got.Puzzles[0].ID == "" || strings.Join(got.Puzzles[0].Moves, " ") != "h5f7" ||
		got.Puzzles[0].Rating < 600 || !strings.Contains(strings.Join(got.Puzzles[0].Themes, " "), "mateIn1") {
		t.Errorf("exported %+v", got)
	}
	checked := filepath.Join(dir, "checked.jsonl")
	if err := puzzleCmd(context.Background(), []string{"check", "--nodes", "200000", "--in", set, "--out", checked}, nil, io.Discard, io.Discard, false); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(checked); strings.Count(string(data), "\n") != 1 {
		t.Errorf("the deeper check kept:\n%s", data)
	}
	for _, args := range [][]string{{"solve"}, {"export", "--in", set}, {"export", "--json"}, {"build"}, {"check"}, {"check", "--in", set, pgn}} {
		if err := puzzleCmd(context.Background(), args, nil, io.Discard, io.Discard, false); err == nil {
			t.Errorf("%q: no error", args)
		}
	}
}

// TestPuzzleBuildFromReviews: build --from-reviews makes a puzzle of the
// mate a person missed in a reviewed game of the store (1. e4 e5 2. Qh5 Nc6
// 3. Bc4 Nf6 4. d3?, Qxf7# missed); the flags that do not go with it are
// refused.
func TestPuzzleBuildFromReviews(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	db := filepath.Join(dir, "outpost.db")
	st, err := store.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	moves := []string{"e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "d2d3", "f6h5"}
	sg := store.Game{StartFEN: chess.StartFEN, Moves: moves, White: store.Human, Black: store.AI, BlackLevel: "3"}
	if err := st.CreateGame(ctx, &sg); err != nil {
		t.Fatal(err)
	}
	g := chess.NewGame()
	for _, uci := range moves {
		m, _ := g.Position().ParseUCI(uci)
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	r, err := review.Analyse(ctx, g, review.EngineSearcher(engine.New(engine.Options{HashMB: 16})), review.Options{Nodes: 50_000})
	if err == nil {
		_, err = review.Keep(ctx, st, sg.ID, moves, r)
	}
	st.Close()
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := puzzleCmd(ctx, []string{"build", "--from-reviews", "--store", db, "--nodes", "100000"}, nil, &out, io.Discard, false); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), `"moves":["h5f7"]`) || strings.Count(out.String(), "\n") != 1 {
		t.Errorf("built:\n%s", out.String())
	}
	for _, args := range [][]string{{"build", "--from-reviews", "games.pgn"}, {"build", "--store", db, "games.pgn"}} {
		if err := puzzleCmd(ctx, args, nil, io.Discard, io.Discard, false); err == nil {
			t.Errorf("%q: no error", args)
		}
	}
}
