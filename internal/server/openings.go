package server

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"net/http"
	"strings"
	"sync"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/opening"
)

// This file is GET /api/openings (docs/server.md, "Openings"): lichess's
// named openings, for the new-game dialog and the analysis board, which
// look positions up by their EPD without asking the server again.

// OpeningEntry is one opening of GET /api/openings.
type OpeningEntry struct {
	ECO  string `json:"eco"`
	Name string `json:"name"`
	PGN  string `json:"pgn"`
	// FamilyZh is the Chinese name of the opening's family, "" when it
	// has none (opening.ChineseFamily).
	FamilyZh string `json:"familyZh,omitempty"`
	// EPD is the position the moves reach: the first four fields of its
	// FEN (board, side to move, castling, en passant).
	EPD string `json:"epd"`
}

// openingsBody is the answer, marshalled once, and gzipped.
var openingsBody = sync.OnceValues(func() (plain, gzipped []byte) {
	list := opening.Lichess()
	entries := make([]OpeningEntry, len(list))
	for i, o := range list {
		p := chess.StartingPosition()
		for _, m := range o.Moves {
			p.MakeMove(m)
		}
		epd := strings.Join(strings.Fields(p.FEN())[:4], " ")
		entries[i] = OpeningEntry{ECO: o.ECO, Name: o.Name, PGN: o.PGN, FamilyZh: o.FamilyZh, EPD: epd}
	}
	plain, err := json.Marshal(struct {
		Openings []OpeningEntry `json:"openings"`
	}{entries})
	if err != nil {
		panic(err) // strings always marshal
	}
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	zw.Write(plain)
	zw.Close()
	return plain, buf.Bytes()
})

// openings is GET /api/openings. The list never changes while the server
// runs: it may be cached for a day.
func (srv *Server) openings(w http.ResponseWriter, r *http.Request) error {
	plain, gzipped := openingsBody()
	h := w.Header()
	h.Set("Cache-Control", "public, max-age=86400")
	h.Set("Content-Type", "application/json")
	h.Add("Vary", "Accept-Encoding")
	body := plain
	if acceptsGzip(r) {
		h.Set("Content-Encoding", "gzip")
		body = gzipped
	}
	w.WriteHeader(http.StatusOK)
	w.Write(body)
	return nil
}
