package server

import (
	"encoding/json"
	"testing"
)

// TestErrorCodes checks that error answers carry a code and its values,
// for the page to say in the player's language, and that no answer shows a
// raw "chess: " error.
func TestErrorCodes(t *testing.T) {
	e := newEnv(t, Config{})
	g, _ := e.create(NewGameRequest{White: "human", Black: "human"})
	for _, tc := range []struct {
		name       string
		method     string
		path       string
		token      bool
		body       any
		status     int
		code       string
		wantParams map[string]any
	}{
		{"illegal move", "POST", "/moves", true, map[string]any{"move": "Ke3", "ply": 0}, 400, "illegal_move",
			map[string]any{"move": "Ke3", "why": "no_piece_can_move", "color": "white", "piece": "king", "to": "e3"}},
		{"own piece", "POST", "/moves", true, map[string]any{"move": "d1d2", "ply": 0}, 400, "illegal_move",
			map[string]any{"why": "own_piece", "from": "d1", "to": "d2", "piece": "pawn"}},
		{"not a move", "POST", "/moves", true, map[string]any{"move": "Zz9", "ply": 0}, 400, "illegal_move", map[string]any{"why": "not_san"}},
		{"stale ply", "POST", "/moves", true, map[string]any{"move": "e4", "ply": 3}, 409, "stale_ply", map[string]any{"plies": 0.0, "sent": 3.0}},
		{"no token", "POST", "/moves", false, map[string]any{"move": "e4", "ply": 0}, 403, "watch_only", nil},
		{"nothing to take back", "POST", "/takeback", true, map[string]any{}, 409, "nothing_to_take_back", nil},
		{"nothing to redo", "POST", "/redo", true, map[string]any{}, 409, "nothing_to_redo", nil},
		{"no draw", "POST", "/draw", true, map[string]any{}, 409, "no_draw", map[string]any{"repetitions": 1.0, "halfmoves": 0.0}},
		{"unknown level", "PATCH", "", true, map[string]any{"whiteLevel": "eleven"}, 400, "unknown_level", map[string]any{"level": "eleven"}},
		{"bad strength", "PATCH", "", true, map[string]any{"whiteLevel": "2210"}, 400, "bad_elo", map[string]any{"elo": "2210"}},
		{"unknown game", "GET", "/../nosuchgame", false, nil, 404, "unknown_game", nil},
	} {
		path := "/api/games/" + g.id + tc.path
		if tc.name == "unknown game" {
			path = "/api/games/nosuchgame00"
		}
		token := ""
		if tc.token {
			token = g.token
		}
		r := e.do(tc.method, path, token, tc.body)
		var b errorBody
		if err := json.Unmarshal(r.body, &b); err != nil {
			t.Fatalf("%s: %s", tc.name, r.body)
		}
		if r.status != tc.status || b.Code == "" || (tc.code != "" && b.Code != tc.code) {
			t.Errorf("%s: %d %q (%q), want %d %q", tc.name, r.status, b.Code, b.Error, tc.status, tc.code)
		}
		for k, v := range tc.wantParams {
			if b.Params[k] != v {
				t.Errorf("%s: params[%q] = %v, want %v (params %v)", tc.name, k, b.Params[k], v, b.Params)
			}
		}
		if len(b.Error) >= 7 && b.Error[:7] == "chess: " {
			t.Errorf("%s: the error is a raw %q", tc.name, b.Error)
		}
	}
}
