package engine

import (
	"context"
	"time"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/eval"
)

// classicDefaultDepth is the tutorials' search depth.
const classicDefaultDepth = 3

// classicSearcher is the tutorials' search: fixed-depth negamax with
// alpha-beta over the legal moves in random order (so equal moves are chosen
// at random), scored by the classic evaluator. Unlike the tutorials it
// scores a checkmate as a mate (preferring the quickest) and a stalemate,
// repetition, fifty-move or insufficient-material position as a draw
// (ClassicDraw).
type classicSearcher struct {
	root    chess.Color // the AI's side: the tutorial judges its king rule from it
	ctx     context.Context
	e       *Engine
	nodes   uint64
	stopped bool
	hashes  []uint64
}

func (e *Engine) searchClassic(ctx context.Context, p *Params) Result {
	start := time.Now()
	depth := p.Level.Depth
	if p.Limits.Depth > 0 {
		depth = p.Limits.Depth
	}
	if depth <= 0 {
		depth = classicDefaultDepth
	}
	cs := &classicSearcher{ctx: ctx, e: e, root: p.Position.SideToMove()}
	cs.hashes = append(append(cs.hashes, p.History...), p.Position.Hash())
	moves := p.Position.LegalMoves()
	if len(moves) == 0 {
		if p.Position.InCheck() {
			return Result{Score: MatedIn(0)}
		}
		return Result{Score: DrawScore}
	}
	e.shuffle(moves)
	best, bestScore := moves[0], -Infinite
	alpha := -Infinite
	for _, m := range moves {
		child := *p.Position
		child.MakeMove(m)
		cs.hashes = append(cs.hashes, child.Hash())
		score := -cs.negamax(&child, depth-1, 1, -Infinite, -alpha)
		cs.hashes = cs.hashes[:len(cs.hashes)-1]
		if cs.stopped {
			break
		}
		if score > bestScore {
			best, bestScore = m, score
			alpha = max(alpha, score)
		}
	}
	r := Result{BestMove: best, Score: bestScore, Depth: depth, Nodes: cs.nodes, Time: time.Since(start), PV: []chess.Move{best}}
	if p.Progress != nil {
		nps := uint64(float64(cs.nodes) / max(r.Time.Seconds(), 1e-9))
		p.Progress(Info{Depth: depth, SelDepth: depth, MultiPV: 1, Score: r.Score, Nodes: r.Nodes, NPS: nps, Time: r.Time, PV: r.PV})
	}
	return r
}

func (e *Engine) shuffle(moves []chess.Move) {
	e.rng.Shuffle(len(moves), func(i, j int) { moves[i], moves[j] = moves[j], moves[i] })
}

func (cs *classicSearcher) negamax(p *chess.Position, depth, ply int, alpha, beta Score) Score {
	cs.nodes++
	if cs.nodes&1023 == 0 && cs.ctx.Err() != nil {
		cs.stopped = true
	}
	if cs.stopped {
		return 0
	}
	moves := p.LegalMoves()
	if len(moves) == 0 {
		if p.InCheck() {
			return MatedIn(ply)
		}
		return DrawScore
	}
	if ClassicDraw(p, cs.hashes) {
		return DrawScore
	}
	if depth <= 0 {
		score := Score(eval.ClassicFor(p, cs.root))
		if p.SideToMove() != cs.root {
			score = -score
		}
		return score
	}
	cs.e.shuffle(moves)
	best := -Infinite
	for _, m := range moves {
		child := *p
		child.MakeMove(m)
		cs.hashes = append(cs.hashes, child.Hash())
		score := -cs.negamax(&child, depth-1, ply+1, -beta, -alpha)
		cs.hashes = cs.hashes[:len(cs.hashes)-1]
		if score > best {
			best = score
			alpha = max(alpha, score)
			if alpha >= beta {
				break
			}
		}
	}
	return best
}

// ClassicDraw reports the draws the classic search scores without
// searching, and so the search explorer (package explain), which shows the
// tutorials' searches: the fifty-move rule, insufficient material
// (chess.Position.IsInsufficientMaterial: the game would end there) and a
// repetition (chess.Repeated; hashes are the positions of the game and the
// search's path, p's last).
func ClassicDraw(p *chess.Position, hashes []uint64) bool {
	return p.HalfmoveClock() >= 100 || p.IsInsufficientMaterial() || chess.Repeated(hashes, p.HalfmoveClock())
}
