package server

import (
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/outpost-chess/outpost/chess"
)

// This file is the analysis board's PGN (docs/server.md, "Analysis board"):
// the board keeps its moves as a tree, each move with the lines played
// instead of it, and reads and writes that tree as PGN through the chess
// package, so that the browser never parses or writes PGN itself:
//
//	POST /api/pgn/read  {"pgn"} → GameTree: the first game of the PGN
//	POST /api/pgn/write GameTree → {"pgn"}

// TreeMove is a move of a game tree, with the lines played instead of it.
type TreeMove struct {
	// UCI is the move ("e2e4"); a request may give it in SAN too.
	UCI string `json:"uci"`
	// SAN and FEN (the position after the move) are set in answers, and
	// ignored in requests.
	SAN string `json:"san,omitempty"`
	FEN string `json:"fen,omitempty"`
	// Comment is the comment after the move; NAGs its glyphs ($1 to $255:
	// 1 "!", 2 "?", 3 "!!", 4 "??", 5 "!?", 6 "?!").
	Comment string `json:"comment,omitempty"`
	NAGs    []int  `json:"nags,omitempty"`
	// Variations are the lines played instead of the move, each from the
	// position before it.
	Variations [][]TreeMove `json:"variations,omitempty"`
}

// TagPair is a PGN tag.
type TagPair struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// GameTree is a game with its variations: the answer of POST /api/pgn/read
// and the body of POST /api/pgn/write.
type GameTree struct {
	// Tags are the PGN tags other than Result, SetUp and FEN, which follow
	// from the fields below.
	Tags []TagPair `json:"tags"`
	// FEN is the start position ("" in a request: the standard one).
	FEN string `json:"fen"`
	// Comment is the comment before the first move.
	Comment string     `json:"comment,omitempty"`
	Moves   []TreeMove `json:"moves"`
	// Result is "1-0", "0-1", "1/2-1/2" or "*" ("" in a request: "*",
	// unless the moves end the game by rule).
	Result string `json:"result"`
}

// PGNText is the answer of POST /api/pgn/write.
type PGNText struct {
	PGN string `json:"pgn"`
}

// PGNRequest is the body of POST /api/pgn/read.
type PGNRequest struct {
	PGN string `json:"pgn"`
}

// boardRoutes registers the analysis board's routes.
func (srv *Server) boardRoutes(handle func(string, map[string]handlerFunc)) {
	handle("/api/pgn/read", map[string]handlerFunc{"POST": srv.limitPGN(srv.readPGN)})
	handle("/api/pgn/write", map[string]handlerFunc{"POST": srv.limitPGN(srv.writePGN)})
}

// readPGN is POST /api/pgn/read.
func (srv *Server) readPGN(w http.ResponseWriter, r *http.Request) error {
	var req PGNRequest
	if err := decodeBody(w, r, &req, true); err != nil {
		return err
	}
	if strings.TrimSpace(req.PGN) == "" {
		return codef(http.StatusBadRequest, "pgn_empty", nil, "bad PGN: no game in it")
	}
	g, err := chess.NewPGNReader(strings.NewReader(req.PGN)).Next()
	if err != nil {
		return codef(http.StatusBadRequest, "bad_pgn", parseErrorParams(err), "bad PGN: %s", plainError(err))
	}
	t := GameTree{Tags: []TagPair{}, FEN: g.StartPosition().FEN(), Comment: g.Comment(0),
		Moves: treeMoves(g), Result: g.Outcome().Result.String()}
	for _, tag := range g.Tags() {
		if tag.Name != "Result" && tag.Name != "SetUp" && tag.Name != "FEN" {
			t.Tags = append(t.Tags, TagPair(tag))
		}
	}
	writeJSON(w, http.StatusOK, t)
	return nil
}

// treeMoves returns g's moves as a tree.
func treeMoves(g *chess.Game) []TreeMove {
	moves := g.Moves()
	out := make([]TreeMove, len(moves))
	for i, m := range moves {
		tm := TreeMove{UCI: m.String(), SAN: g.PositionAt(i).SAN(m), FEN: g.PositionAt(i + 1).FEN(), Comment: g.Comment(i + 1)}
		for _, n := range g.NAGs(i + 1) {
			tm.NAGs = append(tm.NAGs, int(n))
		}
		for _, v := range g.Variations(i + 1) {
			tm.Variations = append(tm.Variations, treeMoves(v))
		}
		out[i] = tm
	}
	return out
}

// writePGN is POST /api/pgn/write.
func (srv *Server) writePGN(w http.ResponseWriter, r *http.Request) error {
	var t GameTree
	if err := decodeBody(w, r, &t, true); err != nil {
		return err
	}
	start := chess.StartingPosition()
	if fen := strings.TrimSpace(t.FEN); fen != "" {
		p, err := chess.ParseFEN(fen)
		if err != nil {
			return codef(http.StatusBadRequest, "bad_fen", parseErrorParams(err), "bad FEN: %s", plainError(err))
		}
		start = p
	}
	if depth := treeDepth(t.Moves); depth > chess.MaxVariationDepth {
		return errorf(http.StatusBadRequest, "the variations are nested more than %d deep: %d levels are the most the board reads and writes", chess.MaxVariationDepth, chess.MaxVariationDepth)
	}
	g, err := treeGame(start, t.Moves, nil)
	if err != nil {
		return illegalMove(err)
	}
	for _, tag := range t.Tags {
		g.SetTag(tag.Name, tag.Value)
	}
	g.SetComment(0, t.Comment)
	if err := setResult(g, strings.TrimSpace(t.Result)); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, PGNText{PGN: g.PGN()})
	return nil
}

// treeDepth returns how deep the variations of moves nest (0: none), or
// chess.MaxVariationDepth+1 when they nest deeper than that.
func treeDepth(moves []TreeMove) int {
	depth := 0
	for _, tm := range moves {
		for _, line := range tm.Variations {
			if depth = max(depth, 1+treeDepth(line)); depth > chess.MaxVariationDepth {
				return depth
			}
		}
	}
	return depth
}

// treeGame plays moves from start, with their comments, glyphs and
// variations. where is the line in errors (nil: the main line); a move
// that cannot be played is a *lineError.
func treeGame(start *chess.Position, moves []TreeMove, where *linePath) (*chess.Game, error) {
	g := chess.NewGameFromPosition(start)
	for i, tm := range moves {
		before := g.Position()
		m, err := before.ParseMove(strings.TrimSpace(tm.UCI))
		if err == nil {
			err = g.Play(m)
		}
		if err != nil {
			return nil, &lineError{fmt.Sprintf("move %d%s %q", i+1, where, tm.UCI), err}
		}
		ply := g.Len()
		g.SetComment(ply, tm.Comment)
		for _, n := range tm.NAGs {
			if n < 1 || n > 255 {
				return nil, errorf(http.StatusBadRequest, "move %d%s %q: glyph $%d is not 1 to 255", i+1, where, tm.UCI, n)
			}
			g.AddNAG(ply, chess.NAG(n))
		}
		for k, line := range tm.Variations {
			v, err := treeGame(before, line, &linePath{variation: k + 1, move: i + 1, parent: where})
			if err != nil {
				return nil, err
			}
			if err := g.AddVariation(ply, v); err != nil {
				return nil, errorf(http.StatusBadRequest, "variation %d of move %d%s: %s", k+1, i+1, where, plainError(err))
			}
		}
	}
	return g, nil
}

// linePath is a variation of a request's tree: the variation-th of the
// move-th move of parent (nil: the main line). Its text is made only for
// an error, since it grows with the depth.
type linePath struct {
	variation, move int
	parent          *linePath
}

// String returns the path as errors write it after a move: " of variation
// 2 of move 5 of variation 1 of move 3", or "" for the main line.
func (p *linePath) String() string {
	var sb strings.Builder
	for ; p != nil; p = p.parent {
		fmt.Fprintf(&sb, " of variation %d of move %d", p.variation, p.move)
	}
	return sb.String()
}

// lineError is a move of a request that cannot be played: where it is in
// the request ("move 3"), and why.
type lineError struct {
	where string
	err   error
}

func (e *lineError) Error() string { return e.where + ": " + plainError(e.err) }
func (e *lineError) Unwrap() error { return e.err }

// illegalMove is the answer to err, a *lineError or another: the code
// illegal_move with the move's values (moveErrorParams) for a move the
// rules refuse, else err as it is.
func illegalMove(err error) error {
	var le *lineError
	var me *chess.MoveError
	switch {
	case errors.As(err, &le) && errors.As(err, &me):
		return codef(http.StatusBadRequest, "illegal_move", moveErrorParams(me), "%s", le.Error())
	case errors.As(err, &le):
		return errorf(http.StatusBadRequest, "%s", le.Error())
	}
	return err
}

// setResult gives g the result res ("", "*", "1-0", "0-1", "1/2-1/2") unless
// its moves ended it by rule. It sets it as a resignation or an agreed
// draw, which PGN writes with no Termination tag: the tree's own tags say
// how the game ended, when they do.
func setResult(g *chess.Game, res string) error {
	if res == "" || g.Outcome().IsOver() {
		return nil
	}
	r, err := chess.ParseResult(res)
	if err != nil {
		return errorf(http.StatusBadRequest, "bad result %q: want 1-0, 0-1, 1/2-1/2 or *", res)
	}
	switch r {
	case chess.WhiteWins:
		err = g.Resign(chess.Black)
	case chess.BlackWins:
		err = g.Resign(chess.White)
	case chess.Draw:
		err = g.AgreeDraw()
	}
	if err != nil {
		return errorf(http.StatusBadRequest, "result %q: %s", res, plainError(err))
	}
	return nil
}
