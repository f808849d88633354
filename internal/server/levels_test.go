package server

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestLevels checks GET /api/levels: weakest first, each with its Elo,
// full strength last (no number yet), classic explained by its depth, and
// max said to be level 8.
func TestLevels(t *testing.T) {
	e := newEnv(t, Config{})
	r := e.do("GET", "/api/levels", "", nil)
	if r.status != 200 {
		t.Fatalf("GET /api/levels: %d %s", r.status, r.body)
	}
	var body struct {
		Levels []LevelInfo `json:"levels"`
	}
	if err := json.Unmarshal(r.body, &body); err != nil {
		t.Fatal(err)
	}
	var names []string
	byName := map[string]LevelInfo{}
	for i, l := range body.Levels {
		names = append(names, l.Name)
		byName[l.Name] = l
		if l.FullStrength {
			if l.Elo != 0 {
				t.Errorf("level %s: full strength with Elo %d, want none yet", l.Name, l.Elo)
			}
			continue
		}
		if i > 0 && l.Elo < body.Levels[i-1].Elo {
			t.Errorf("level %s (Elo %d) after %s (Elo %d): want the weakest first", l.Name, l.Elo, body.Levels[i-1].Name, body.Levels[i-1].Elo)
		}
		if l.Elo <= 0 {
			t.Errorf("level %s has no Elo", l.Name)
		}
	}
	if want := "classic 1 2 3 4 5 6 7 2000 2200 2400 2600 8 max"; strings.Join(names, " ") != want {
		t.Errorf("levels %q, want %q", strings.Join(names, " "), want)
	}
	if c := byName["classic"]; !c.Classic || c.Depth != 3 || c.FullStrength {
		t.Errorf("classic: %+v, want the tutorials' depth-3 search", c)
	}
	for _, n := range []string{"8", "max"} {
		if !byName[n].FullStrength {
			t.Errorf("level %s is not full strength", n)
		}
	}
	if byName["max"].SameAs != "8" || byName["8"].SameAs != "" || byName["7"].FullStrength {
		t.Errorf("max %+v, 8 %+v, 7 %+v: want only max the same as 8, and 7 weakened", byName["max"], byName["8"], byName["7"])
	}
}
