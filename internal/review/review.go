package review

import (
	"context"
	"errors"
	"math"
	"sync"
	"time"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/engine"
	"github.com/outpost-chess/outpost/internal/opening"
)

// Review is a game reviewed: the evaluation of its start, each move with
// its evaluation, judgement and better move, each side's summary and the
// opening. Its JSON is the API's and "outpost review --json"'s
// (docs/server.md, "Review").
type Review struct {
	White Side `json:"white"`
	Black Side `json:"black"`
	// Opening is the last named position the game reached, or nil.
	Opening *opening.Match `json:"opening"`
	// StartFEN is the position the game started from; Start its
	// evaluation.
	StartFEN string `json:"startFen"`
	Start    Eval   `json:"start"`
	Moves    []Move `json:"moves"`
	// Budget is what each position was searched with.
	Budget Budget `json:"budget"`
}

// Side is one side's summary.
type Side struct {
	// Accuracy is in per cent (one decimal), or nil when the side made no
	// move.
	Accuracy     *float64 `json:"accuracy"`
	Inaccuracies int      `json:"inaccuracies"`
	Mistakes     int      `json:"mistakes"`
	Blunders     int      `json:"blunders"`
	// ACPL is the average centipawn loss of the side's moves.
	ACPL int `json:"acpl"`
}

// Move is one move of a reviewed game.
type Move struct {
	Ply   int    `json:"ply"` // from 1
	SAN   string `json:"san"`
	UCI   string `json:"uci"`   // castling in Chess960 as the king taking its rook (chess.Position.UCI)
	Color string `json:"color"` // the mover: "white" or "black"
	// Eval is the evaluation after the move.
	Eval Eval `json:"eval"`
	// Best is the engine's move in the position before, in UCI, and
	// BestSAN in SAN, when it is not the move played; Line is the engine's
	// line from that position in SAN, starting with Best (at most
	// MaxLine moves). All three are empty when the move played was the
	// engine's.
	Best    string   `json:"best"`
	BestSAN string   `json:"bestSan"`
	Line    []string `json:"line"`
	// Judgement is the move's (always Good when it was the engine's
	// best); Mate says when it is for a forced mate allowed or missed.
	Judgement Judgement `json:"judgement"`
	Mate      MateSwing `json:"mate"`
	// Loss is the centipawns the move lost (capped as for ACPL), and
	// Accuracy its accuracy in per cent (one decimal).
	Loss     int     `json:"loss"`
	Accuracy float64 `json:"accuracy"`
}

// Mover returns the side that made the move.
func (m *Move) Mover() chess.Color {
	if m.Color == "black" {
		return chess.Black
	}
	return chess.White
}

// Budget is the search of each position: a node count or a time.
type Budget struct {
	Nodes      uint64 `json:"nodes,omitempty"`
	MoveTimeMs int64  `json:"movetimeMs,omitempty"`
}

// DefaultNodes is the node budget of each position by default: an 80-move
// game takes under 30 seconds on one core (docs/review.md).
const DefaultNodes = 150_000

// MaxLine is the most moves a Move's Line keeps.
const MaxLine = 12

// Searcher searches one position, as engine.Engine.Search does. Analyse
// calls it for each position, from several goroutines at once when
// Options.Parallel > 1. It returns an error when it could not search (the
// context was cancelled, a server shutting down).
type Searcher func(ctx context.Context, p engine.Params) (engine.Result, error)

// EngineSearcher returns a Searcher on e: one search at a time.
func EngineSearcher(e *engine.Engine) Searcher {
	return func(ctx context.Context, p engine.Params) (engine.Result, error) {
		r := e.Search(ctx, p)
		if err := ctx.Err(); err != nil {
			return engine.Result{}, err
		}
		return r, nil
	}
}

// Options tune Analyse.
type Options struct {
	// Nodes or MoveTime is the search of each position (at most one;
	// neither: DefaultNodes).
	Nodes    uint64
	MoveTime time.Duration
	// Parallel is the number of positions searched at once (default 1).
	Parallel int
	// Progress, if set, is told how many positions of total have been
	// searched, after each one (from the goroutine that searched it, one
	// call at a time).
	Progress func(done, total int)
	// Book names the opening (default opening.LichessBook()).
	Book *opening.Book
}

// ErrNoMoves is Analyse's error for a game without moves.
var ErrNoMoves = errors.New("review: the game has no moves to review")

// Analyse reviews g: it searches every position (see Options), judges
// every move and sums each side up. It returns ErrNoMoves for a game
// without moves, and the context's error when it is cancelled first.
func Analyse(ctx context.Context, g *chess.Game, search Searcher, opts Options) (*Review, error) {
	n := g.Len()
	if n == 0 {
		return nil, ErrNoMoves
	}
	if opts.Nodes > 0 && opts.MoveTime > 0 {
		return nil, errors.New("review: a node budget or a move time, not both")
	}
	if opts.Nodes == 0 && opts.MoveTime <= 0 {
		opts.Nodes = DefaultNodes
	}
	if opts.Book == nil {
		opts.Book = opening.LichessBook()
	}
	results, err := searchAll(ctx, g, search, opts)
	if err != nil {
		return nil, err
	}
	r := &Review{
		StartFEN: g.StartPosition().FEN(),
		Start:    results[0].eval,
		Moves:    make([]Move, n),
		Budget:   Budget{Nodes: opts.Nodes, MoveTimeMs: opts.MoveTime.Milliseconds()},
	}
	if m := opts.Book.Find(g); m.Named() && !g.StartPosition().Chess960() {
		r.Opening = &m
	}
	moves := g.Moves()
	for i, m := range moves {
		before := g.PositionAt(i)
		mv := Move{Ply: i + 1, SAN: before.SAN(m), UCI: before.UCI(m), Color: before.SideToMove().String(), Eval: results[i+1].eval}
		if best := results[i].best; best != chess.NoMove && best != m {
			mv.Best, mv.BestSAN = before.UCI(best), before.SAN(best)
			mv.Line = before.SANMoves(results[i].pv[:min(len(results[i].pv), MaxLine)])
			mv.Judgement, mv.Mate = Judge(results[i].eval, mv.Eval, before.SideToMove())
		}
		r.Moves[i] = mv
	}
	r.summarize()
	return r, nil
}

// searched is what the search of one position found.
type searched struct {
	eval Eval
	best chess.Move // NoMove when the position was not searched
	pv   []chess.Move
	// forced is set for a position with a single legal move searched for
	// a time, which the engine answers at once with no score: its
	// evaluation is that of the position after the move (see
	// resolveForced).
	forced bool
}

// searchAll searches every position of g, the last first (so that the
// search of a move finds the hash entries of what followed it), at most
// opts.Parallel at once, and returns what each search found, by ply.
func searchAll(ctx context.Context, g *chess.Game, search Searcher, opts Options) ([]searched, error) {
	n := g.Len()
	results := make([]searched, n+1)
	hashes := g.Hashes()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	var (
		mu       sync.Mutex // guards done, firstErr and the calls of Progress
		done     int
		firstErr error
	)
	next := make(chan int)
	go func() {
		defer close(next)
		for ply := n; ply >= 0; ply-- {
			select {
			case next <- ply:
			case <-ctx.Done():
				return
			}
		}
	}()
	var wg sync.WaitGroup
	for range max(1, opts.Parallel) {
		wg.Go(func() {
			for ply := range next {
				res, err := searchPosition(ctx, g, ply, hashes, search, opts)
				mu.Lock()
				if err != nil {
					if firstErr == nil {
						firstErr = err
					}
					cancel()
				} else {
					results[ply] = res
					done++
					if opts.Progress != nil {
						opts.Progress(done, n+1)
					}
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	if firstErr != nil {
		return nil, firstErr
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	resolveForced(g, results)
	return results, nil
}

// resolveForced gives each forced position (see searched) the evaluation
// of the position after its move, which the game played, and the line
// through it.
func resolveForced(g *chess.Game, results []searched) {
	for ply := len(results) - 2; ply >= 0; ply-- {
		if r := &results[ply]; r.forced {
			next := results[ply+1]
			r.eval = next.eval.before(g.PositionAt(ply).SideToMove())
			r.pv = append([]chess.Move{r.best}, next.pv...)
		}
	}
}

// searchPosition evaluates the position after ply plies of g: by the
// rules when the game ended there by itself, else by a search.
func searchPosition(ctx context.Context, g *chess.Game, ply int, hashes []uint64, search Searcher, opts Options) (searched, error) {
	p := g.PositionAt(ply)
	if ply == g.Len() {
		switch g.Outcome().Reason {
		case chess.Checkmate:
			return searched{eval: MateIn(0)}, nil
		case chess.Stalemate, chess.InsufficientMaterial, chess.FivefoldRepetition, chess.SeventyFiveMoveRule:
			return searched{eval: CP(0)}, nil
		}
	}
	params := engine.Params{
		Position: p,
		History:  hashes[:ply],
		Limits:   engine.Limits{Nodes: opts.Nodes, MoveTime: opts.MoveTime},
	}
	if legal := p.LegalMoves(); len(legal) == 1 && opts.MoveTime > 0 {
		only := legal[0]
		if ply < g.Len() {
			return searched{best: only, forced: true}, nil
		}
		// The last position: search the one after its only move.
		child := *p
		child.MakeMove(only)
		params.Position, params.History = &child, hashes[:ply+1]
		res, err := search(ctx, params)
		if err != nil {
			return searched{}, err
		}
		after := evalOf(res.Score, child.SideToMove())
		if res.BestMove == chess.NoMove {
			after = MateIn(0)
			if !child.InCheck() {
				after = CP(0)
			}
		}
		return searched{eval: after.before(p.SideToMove()), best: only, pv: append([]chess.Move{only}, res.PV...)}, nil
	}
	res, err := search(ctx, params)
	if err != nil {
		return searched{}, err
	}
	if res.BestMove == chess.NoMove { // no legal move: mate or stalemate
		if p.InCheck() {
			return searched{eval: MateIn(0)}, nil
		}
		return searched{eval: CP(0)}, nil
	}
	pv := res.PV
	if len(pv) == 0 || pv[0] != res.BestMove {
		pv = []chess.Move{res.BestMove}
	}
	return searched{eval: evalOf(res.Score, p.SideToMove()), best: res.BestMove, pv: pv}, nil
}

// summarize fills each side's summary and each move's loss and accuracy.
func (r *Review) summarize() {
	if len(r.Moves) == 0 {
		return
	}
	first := r.Moves[0].Mover()
	cps := make([]int, len(r.Moves)+1)
	cps[0] = r.Start.ceiled(first.Other())
	for i := range r.Moves {
		cps[i+1] = r.Moves[i].Eval.ceiled(r.Moves[i].Mover())
	}
	acc, ok := GameAccuracy(cps, first)
	var loss [2]int
	var count [2]int
	for i := range r.Moves {
		m := &r.Moves[i]
		c := m.Mover()
		sign := 1
		if c == chess.Black {
			sign = -1
		}
		m.Loss = centipawnLoss(cps[i], cps[i+1], sign)
		before, after := WinPercent(sign*cps[i]), WinPercent(sign*cps[i+1])
		m.Accuracy = round1(MoveAccuracy(before, after))
		loss[c] += m.Loss
		count[c]++
		side := r.side(c)
		switch m.Judgement {
		case Inaccuracy:
			side.Inaccuracies++
		case Mistake:
			side.Mistakes++
		case Blunder:
			side.Blunders++
		}
	}
	for _, c := range []chess.Color{chess.White, chess.Black} {
		side := r.side(c)
		if ok[c] {
			a := round1(acc[c])
			side.Accuracy = &a
		}
		if count[c] > 0 {
			side.ACPL = int(math.Round(float64(loss[c]) / float64(count[c])))
		}
	}
}

// side returns the summary of c.
func (r *Review) side(c chess.Color) *Side {
	if c == chess.White {
		return &r.White
	}
	return &r.Black
}

// round1 rounds x to one decimal.
func round1(x float64) float64 { return math.Round(x*10) / 10 }
