package server

import (
	"net/http"
	"slices"

	"github.com/outpost-chess/outpost/internal/engine"
)

// LevelInfo is one of the engine's levels as GET /api/levels shows it: what
// a player needs to choose one.
type LevelInfo struct {
	Name         string `json:"name"`
	Elo          int    `json:"elo"`              // the strength it aims at (classic: measured)
	FullStrength bool   `json:"fullStrength"`     // the search is not weakened: its scores are the engine's opinion
	Classic      bool   `json:"classic"`          // the tutorials' search: alpha-beta with the classic evaluator
	Depth        int    `json:"depth,omitempty"`  // its depth limit, if any
	SameAs       string `json:"sameAs,omitempty"` // an earlier level that plays exactly the same ("max" is "8")
}

// levelInfos lists the levels weakest first (by Elo; a tie keeps the
// engine's order), each with the earlier level it equals, if any.
func levelInfos() []LevelInfo {
	levels := engine.Levels()
	slices.SortStableFunc(levels, func(a, b engine.Level) int { return a.Elo - b.Elo })
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
