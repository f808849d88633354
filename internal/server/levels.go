package server

import (
	"cmp"
	"math"
	"net/http"
	"slices"

	"github.com/outpost-chess/outpost/internal/engine"
)

// LevelInfo is one of the engine's levels as GET /api/levels shows it: what
// a player needs to choose one.
type LevelInfo struct {
	Name         string `json:"name"`
	Elo          int    `json:"elo"`              // the strength it plays at (classic: measured; full strength: 0, not on the scale yet)
	FullStrength bool   `json:"fullStrength"`     // the search is not weakened: its scores are the engine's opinion
	Classic      bool   `json:"classic"`          // the tutorials' search: alpha-beta with the classic evaluator
	Depth        int    `json:"depth,omitempty"`  // its depth limit, if any
	SameAs       string `json:"sameAs,omitempty"` // an earlier level that plays exactly the same ("max" is "8")
}

// levelInfos lists the levels weakest first (by Elo, full strength last; a
// tie keeps the engine's order), each with the earlier level it equals, if
// any.
func levelInfos() []LevelInfo {
	levels := engine.Levels()
	strength := func(l engine.Level) int {
		if l.FullStrength() {
			return math.MaxInt
		}
		return l.Elo
	}
	slices.SortStableFunc(levels, func(a, b engine.Level) int { return cmp.Compare(strength(a), strength(b)) })
	out := make([]LevelInfo, len(levels))
	for i, l := range levels {
		out[i] = LevelInfo{Name: l.Name, Elo: l.Elo, FullStrength: l.FullStrength(), Classic: l.Classic, Depth: l.Depth}
		for _, e := range levels[:i] {
			same := l
			same.Name = e.Name
			if same == e {
				out[i].SameAs = e.Name
				break
			}
		}
	}
	return out
}

// levels is GET /api/levels.
func (srv *Server) levels(w http.ResponseWriter, r *http.Request) error {
	writeJSON(w, http.StatusOK, struct {
		Levels []LevelInfo `json:"levels"`
	}{levelInfos()})
	return nil
}
