package server

import (
	"net/http"
	"strconv"
	"strings"
	"testing"
)

// TestGameLength creates games up to MaxPlies long, from PGN and FEN, and
// one ply past it: those are refused in words, and nothing is created.
func TestGameLength(t *testing.T) {
	e := newEnv(t, Config{})
	fenAt := func(move int, side string) string {
		return "4k3/8/8/8/8/8/8/R3K3 " + side + " - - 0 " + strconv.Itoa(move)
	}
	for _, tt := range []struct {
		name string
		req  NewGameRequest
		msg  string // "" when created
	}{
		{"600 plies", NewGameRequest{PGN: longGame(t, 600)}, ""},
		{"602 plies", NewGameRequest{PGN: longGame(t, 602)}, "the game is too long: 602 plies (301 moves) from the start of its game, past 600 plies (300 moves)"},
		{"White to move at move 301", NewGameRequest{FEN: fenAt(301, "w")}, ""},
		{"Black to move at move 301", NewGameRequest{FEN: fenAt(301, "b")}, "the position is at move 301, ply 601 of its game, past 600 plies (300 moves), the longest game this server takes in (as lichess's imports): give the FEN a smaller move number"},
		{"move 65535", NewGameRequest{FEN: fenAt(65535, "w")}, "the position is at move 65535, ply 131068"},
		{"a PGN from move 299", NewGameRequest{PGN: `[SetUp "1"]
[FEN "` + fenAt(299, "w") + `"]

299. Ra2 Kd8 300. Ra1 Ke8 301. Ra2 *`}, "601 plies (301 moves)"},
	} {
		before := len(e.list())
		tt.req.White, tt.req.Black = "human", "human"
		r := e.do("POST", "/api/games", "", tt.req)
		switch {
		case tt.msg == "" && r.status != http.StatusCreated:
			t.Errorf("%s: %d %s", tt.name, r.status, r.body)
		case tt.msg != "" && (r.status != http.StatusBadRequest || !strings.Contains(r.errMsg(), tt.msg)):
			t.Errorf("%s: %d %s, want 400 %q", tt.name, r.status, r.body, tt.msg)
		case tt.msg != "" && len(e.list()) != before:
			t.Errorf("%s: a game was created", tt.name)
		}
	}
}
