package server

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"
)

// TestListGamesByID lists the games a browser holds the tokens of (My
// games asks for them by id, so that they are there however many games
// others made since).
func TestListGamesByID(t *testing.T) {
	e := newEnv(t, Config{})
	var ids []string
	for range 4 {
		g, _ := e.create(NewGameRequest{White: "human", Black: "human"})
		ids = append(ids, g.id)
	}
	list := func(query string) (int, []string, string) {
		r := e.do("GET", "/api/games?"+query, "", nil)
		var l struct{ Games []Summary }
		json.Unmarshal(r.body, &l)
		var got []string
		for _, g := range l.Games {
			got = append(got, g.ID)
		}
		return r.status, got, r.errMsg()
	}
	status, got, _ := list("ids=" + ids[0] + "," + ids[2] + ",zzzzzzzzzzzz")
	if want := []string{ids[2], ids[0]}; status != 200 || !slices.Equal(got, want) {
		t.Errorf("ids: %d %q, want %q (newest first; an unknown id skipped)", status, got, want)
	}
	status, got, _ = list("ids=" + ids[1] + "&limit=1")
	if status != 200 || !slices.Equal(got, []string{ids[1]}) {
		t.Errorf("one id: %d %q", status, got)
	}
	for _, tt := range []struct{ query, msg string }{
		{"ids=" + ids[0] + ",../etc", `"../etc" is not a game id`},
		{"ids=" + strings.Repeat(ids[0]+",", maxListIDs) + ids[0], "at most 500 at once"},
	} {
		if status, _, msg := list(tt.query); status != http.StatusBadRequest || !strings.Contains(msg, tt.msg) {
			t.Errorf("%.40s...: %d %q, want 400 %q", tt.query, status, msg, tt.msg)
		}
	}
}
