package puzzle

import (
	"context"
	"fmt"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/engine"
)

// Searcher searches a position: *engine.Engine is one.
type Searcher interface {
	Search(ctx context.Context, p engine.Params) engine.Result
}

// Options tune the miner. The criteria follow lichess's puzzle generator
// (its public description: a position after the opponent's move where one
// move, and only one, wins, the line going on while the solver's move
// stays the only good one).
type Options struct {
	// Nodes is each search's budget (default 300,000: about a second).
	Nodes uint64
	// Win is the least score the solver's move must reach, unless it
	// mates (default 200 centipawns).
	Win engine.Score
	// Gap is how much better than every other move the solver's move
	// must be, unless it is the only one that mates (default 150).
	Gap engine.Score
	// MaxMoves bounds the solver's moves of a line (default 6).
	MaxMoves int
	// Scan is the budget of Mine's first, cheap pass over a game's
	// positions (default Nodes/10): a two-line search that passes on to
	// Find only the positions where one move may win (by half of Win and
	// of Gap, for the shallow search's error). It only rejects: what Mine
	// keeps meets the criteria at Nodes.
	Scan uint64
}

func (o *Options) defaults() {
	if o.Nodes == 0 {
		o.Nodes = 300_000
	}
	if o.Win == 0 {
		o.Win = 200
	}
	if o.Gap == 0 {
		o.Gap = 150
	}
	if o.MaxMoves == 0 {
		o.MaxMoves = 6
	}
	if o.Scan == 0 {
		o.Scan = max(o.Nodes/10, 1000)
	}
}

// scan is o for Mine's first pass: Scan nodes, and the criteria halved.
func (o Options) scan() Options {
	o.Nodes, o.Win, o.Gap = o.Scan, max(o.Win/2, 1), max(o.Gap/2, 1)
	return o
}

// Puzzle is a position and the line that solves it.
type Puzzle struct {
	// FEN is the position the solver faces; LastMove the opponent's move
	// that led there (UCI), "" when unknown.
	FEN      string
	LastMove string
	// Moves is the solution in UCI: the solver's move, the reply, the
	// solver's move, ..., ending with the solver's.
	Moves []string
	// Mate is set when the line ends in checkmate.
	Mate bool
	// Effort is the depth at which the search settled on the first move
	// for good: the harder to see, the deeper (see InitialRating).
	Effort int
}

// candidate is a search's verdict on a position: its best move, and
// whether that move alone wins.
type candidate struct {
	best   chess.Move
	reply  chess.Move // the expected reply, or NoMove
	score  engine.Score
	unique bool
	mate   bool
	stable int // the depth from which the best move no longer changed
}

// judge searches p (history: the hashes before it) with two lines and
// says whether its best move is the only one that wins (see Options).
func judge(ctx context.Context, s Searcher, p *chess.Position, history []uint64, o Options) candidate {
	type line struct {
		depth int
		info  engine.Info
	}
	var lines [2]line
	stable, last := 0, chess.NoMove
	res := s.Search(ctx, engine.Params{
		Position: p, History: history,
		Limits: engine.Limits{Nodes: o.Nodes, MultiPV: 2},
		Progress: func(info engine.Info) {
			if info.MultiPV < 1 || info.MultiPV > 2 || info.Bound != engine.Exact || len(info.PV) == 0 {
				return
			}
			lines[info.MultiPV-1] = line{info.Depth, info}
			if info.MultiPV == 1 && info.PV[0] != last {
				last, stable = info.PV[0], info.Depth
			}
		},
	})
	c := candidate{best: res.BestMove, score: res.Score, stable: stable}
	if len(res.PV) > 1 {
		c.reply = res.PV[1]
	}
	if res.BestMove == chess.NoMove {
		return c
	}
	legal := len(p.LegalMoves())
	second, hasSecond := lines[1].info.Score, legal > 1 && lines[1].depth > 0
	switch {
	case res.Score.IsMate() && res.Score > 0:
		c.mate = true
		c.unique = !hasSecond && legal == 1 || hasSecond && !(second.IsMate() && second > 0)
	case res.Score >= o.Win:
		c.unique = legal == 1 || hasSecond && res.Score-second >= o.Gap
	}
	return c
}

// Find looks for a puzzle in p, the position after lastMove (UCI, or ""),
// where history holds the hashes of the positions before it: the solver
// is the side to move. It reports false unless one move alone wins there.
// The line goes on, the opponent answering with the engine's best reply,
// while the solver's move stays the only good one, and ends on the
// solver's move.
func Find(ctx context.Context, s Searcher, p *chess.Position, history []uint64, lastMove string, o Options) (Puzzle, bool) {
	o.defaults()
	return extend(ctx, s, p, history, lastMove, judge(ctx, s, p, history, o), o)
}

// extend is Find with the search of p made: the line from first, its
// verdict.
func extend(ctx context.Context, s Searcher, p *chess.Position, history []uint64, lastMove string, first candidate, o Options) (Puzzle, bool) {
	if !first.unique || ctx.Err() != nil {
		return Puzzle{}, false
	}
	pz := Puzzle{FEN: p.FEN(), LastMove: lastMove, Effort: first.stable}
	pos, hashes := *p, append(append([]uint64(nil), history...), p.Hash())
	c := first
	for {
		pos.MakeMove(c.best)
		hashes = append(hashes, pos.Hash())
		pz.Moves = append(pz.Moves, c.best.String())
		if len(pos.LegalMoves()) == 0 {
			pz.Mate = pos.InCheck()
			return pz, true
		}
		if (len(pz.Moves)+1)/2 >= o.MaxMoves {
			return pz, true
		}
		// The reply: the engine's best for the opponent.
		reply := c.reply
		if reply == chess.NoMove || !pos.IsLegal(reply) {
			r := s.Search(ctx, engine.Params{Position: &pos, History: hashes[:len(hashes)-1], Limits: engine.Limits{Nodes: o.Nodes}})
			reply = r.BestMove
		}
		if reply == chess.NoMove || ctx.Err() != nil {
			return pz, true
		}
		next := pos
		next.MakeMove(reply)
		c = judge(ctx, s, &next, hashes, o)
		if !c.unique || ctx.Err() != nil {
			return pz, true // the line ends on the solver's last only move
		}
		pos = next
		hashes = append(hashes, pos.Hash())
		pz.Moves = append(pz.Moves, reply.String())
	}
}

// Mine returns the puzzles of g: at each position after a move (the
// solver being the side that did not make it), the puzzle Find finds
// there, when that move was a mistake: the solver was not already winning
// by Options.Win before it (a won game's every move is no puzzle). As
// lichess's generator probes deeply only where its cheap evaluations of a
// game show a swing, Mine searches each position first with Options.Scan
// nodes and runs Find only where that search sees a single winning move.
func Mine(ctx context.Context, s Searcher, g *chess.Game, o Options) []Puzzle {
	o.defaults()
	var out []Puzzle
	hashes := g.Hashes()
	moves := g.Moves()
	scan := o.scan()
	solverBefore := engine.Score(0) // the solver's score before the last move
	for ply := 1; ply <= len(moves) && ctx.Err() == nil; ply++ {
		p := g.PositionAt(ply)
		quick := judge(ctx, s, p, hashes[:ply], scan)
		if quick.unique && (ply == 1 || solverBefore < o.Win) {
			if pz, ok := Find(ctx, s, p, hashes[:ply], moves[ply-1].String(), o); ok {
				out = append(out, pz)
			}
		}
		// From the other side, the next position's solver, quick.score
		// is the score before its opponent's move.
		solverBefore = -quick.score
	}
	return out
}

// Check searches e's line again within o (a deeper search than the one
// that found it, for a set to be sound): at each of the solver's moves the
// move must still be the only one that wins, and each reply the
// opponent's best. It returns nil for a sound puzzle, else why not.
func Check(ctx context.Context, s Searcher, e Entry, o Options) error {
	o.defaults()
	p, err := chess.ParseFEN(e.FEN)
	if err != nil {
		return fmt.Errorf("puzzle %s: %w", e.ID, err)
	}
	pos := *p
	var hashes []uint64
	for i, uci := range e.Moves {
		m, err := pos.ParseUCI(uci)
		if err != nil {
			return fmt.Errorf("puzzle %s: move %d %s: %w", e.ID, i+1, uci, err)
		}
		if i%2 == 0 {
			c := judge(ctx, s, &pos, hashes, o)
			switch {
			case ctx.Err() != nil:
				return ctx.Err()
			case c.best != m:
				return fmt.Errorf("puzzle %s: move %d: the deeper search plays %s, not %s", e.ID, i+1, c.best, uci)
			case !c.unique:
				return fmt.Errorf("puzzle %s: move %d %s: another move wins too", e.ID, i+1, uci)
			}
		} else {
			r := s.Search(ctx, engine.Params{Position: &pos, History: hashes, Limits: engine.Limits{Nodes: o.Nodes}})
			if r.BestMove != m && ctx.Err() == nil {
				return fmt.Errorf("puzzle %s: move %d: the best reply is %s, not %s", e.ID, i+1, r.BestMove, uci)
			}
		}
		hashes = append(hashes, pos.Hash())
		pos.MakeMove(m)
	}
	return ctx.Err()
}
