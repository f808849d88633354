package server

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// FuzzMoveBody posts arbitrary bodies as moves (as JSON, to a name the
// server answers to): the server answers 200 or a 4xx with a reason, and a
// refused move changes nothing.
func FuzzMoveBody(f *testing.F) {
	for _, seed := range []string{
		`{"move":"e4","ply":0}`, `{"move":"e7e8q","ply":0}`, `{"move":"O-O","ply":0}`,
		`{"move":"","ply":0}`, `{"ply":-1}`, `{"move":"e4","ply":1e99}`, `{"move":["e4"]}`,
		`{"move":"e4","ply":0}{`, `null`, `[]`, `"e4"`, ``, `{"move":"\u0000","ply":0}`,
	} {
		f.Add(seed)
	}
	e := newEnv(f, Config{})
	g, _ := e.create(NewGameRequest{White: "human", Black: "human"})
	h := e.srv.Handler()
	get := func(t *testing.T) string {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", "http://localhost/api/games/"+g.id, nil))
		if rec.Code != http.StatusOK {
			t.Fatalf("GET of the game: %d %s", rec.Code, rec.Body)
		}
		return rec.Body.String()
	}
	f.Fuzz(func(t *testing.T, body string) {
		before := get(t)
		req := httptest.NewRequest("POST", "http://localhost/api/games/"+g.id+"/moves", strings.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+g.token)
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		switch {
		case rec.Code == http.StatusOK:
		case rec.Code >= 400 && rec.Code < 500:
			if !strings.HasPrefix(rec.Body.String(), `{"error":"`) {
				t.Errorf("status %d without a reason: %q", rec.Code, rec.Body.String())
			}
			if after := get(t); after != before {
				t.Errorf("refused %q (%d) but the game changed", body, rec.Code)
			}
		default:
			t.Errorf("body %q: status %d %s", body, rec.Code, rec.Body.String())
		}
	})
}
