package explain

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/engine"
	"github.com/outpost-chess/outpost/internal/eval"
	"github.com/outpost-chess/outpost/internal/progress"
)

// ScoreView is a score as shown to a learner, from one side's point of
// view: centipawns, or a mate in Mate moves (> 0: that side mates).
type ScoreView struct {
	CP   int    `json:"cp"`
	Mate int    `json:"mate,omitempty"`
	Text string `json:"text"` // "+0.35", "-1.20", "#3", "#-2", "+∞"
}

// viewScore returns s, a score from side's point of view, as seen by view.
// Mate scores count from the root: nodeScore makes them count from a node.
func viewScore(s engine.Score, side, view chess.Color) ScoreView {
	if side != view {
		s = -s
	}
	v := ScoreView{CP: int(s)}
	switch {
	case s >= engine.Infinite:
		v.Text = "+∞"
	case s <= -engine.Infinite:
		v.Text = "-∞"
	case s == engine.MateScore:
		v.Text = "mate"
	case s == -engine.MateScore:
		v.Text = "mated"
	case s.IsMate():
		v.Mate = s.MateMoves()
		v.Text = "#" + strconv.Itoa(v.Mate)
	default:
		v.Text = progress.Pawns(int(s))
	}
	return v
}

// nodeScore turns a score found at ply (mates counted from the root) into
// one counted from the node.
func nodeScore(s engine.Score, ply int) engine.Score {
	switch {
	case s >= engine.Infinite || s <= -engine.Infinite:
	case s > engine.MaxMateScore:
		s += engine.Score(ply)
	case s < -engine.MaxMateScore:
		s -= engine.Score(ply)
	}
	return s
}

// NodeView is a node as the API and --json show it. Score, Alpha and Beta
// are from the side to move's point of view at the node (negamax), White
// from White's.
type NodeView struct {
	Path  string `json:"path"`  // UCI moves from the root, comma-separated ("" for the root)
	Visit int    `json:"visit"` // when the search entered it: 0 for the root, then 1, 2, ... (Node.Visit)
	SAN   string `json:"san,omitempty"`
	UCI   string `json:"uci,omitempty"`
	FEN   string `json:"fen"`
	Ply   int    `json:"ply"`
	Turn  string `json:"turn"` // side to move at the node: "white" or "black"
	Kind  Kind   `json:"kind"`
	// Quiescence: beyond the horizon, where only captures are searched;
	// Evaluated: the classic evaluator scored it.
	Quiescence bool      `json:"quiescence,omitempty"`
	Evaluated  bool      `json:"evaluated,omitempty"`
	Score      ScoreView `json:"score"`
	White      ScoreView `json:"white"`
	// Alpha and Beta: the window at entry, from the side to move's view;
	// WhiteAlpha and WhiteBeta the same window from White's (see
	// whiteWindow).
	Alpha      *ScoreView `json:"alpha,omitempty"`
	Beta       *ScoreView `json:"beta,omitempty"`
	WhiteAlpha *ScoreView `json:"whiteAlpha,omitempty"`
	WhiteBeta  *ScoreView `json:"whiteBeta,omitempty"`
	Cut        *CutView   `json:"cut,omitempty"`
	PV         bool       `json:"pv"`
	Order      int        `json:"order"`    // 1-based place in its parent's search order (0: root)
	Legal      int        `json:"legal"`    // moves it could search (Node.Legal)
	Searched   int        `json:"searched"` // children searched
	Size       uint64     `json:"size"`     // nodes in the subtree, this one included: visits Visit to Visit+Size-1
	// Children, when listed: the best for the side to move first, at most
	// the limit asked for; More says how many were left out.
	Children []NodeView `json:"children,omitempty"`
	More     int        `json:"more,omitempty"`
}

// CutView is a beta cutoff: the window when it happened and what it saved.
type CutView struct {
	Alpha      ScoreView `json:"alpha"` // side to move's view
	Beta       ScoreView `json:"beta"`
	WhiteAlpha ScoreView `json:"whiteAlpha"` // White's view (whiteWindow)
	WhiteBeta  ScoreView `json:"whiteBeta"`
	// StandPat: beyond the horizon, the evaluation alone reached beta
	// before any capture was searched.
	StandPat bool `json:"standPat,omitempty"`
	CutBound
	Skipped int          `json:"skipped"` // moves not searched
	Saved   uint64       `json:"saved"`   // minimax nodes under them, down to the horizon
	Pruned  []PrunedMove `json:"pruned"`
}

// CutBound says where the beta a cut compared against came from (see
// Bound): BoundBy is the visit, earlier and outside the cut node's
// subtree, whose score set it, reached by the move BoundSAN (BoundUCI);
// BoundStandPat when it was that node's stand pat, its evaluation kept
// without capturing. BoundBy is -1 for no bound (it never is at a cut).
type CutBound struct {
	BoundBy       int    `json:"boundBy"`
	BoundSAN      string `json:"boundSan,omitempty"`
	BoundUCI      string `json:"boundUci,omitempty"`
	BoundStandPat bool   `json:"boundStandPat,omitempty"`
}

// cutBound returns the view of b.
func cutBound(b *Bound) CutBound {
	if b == nil {
		return CutBound{BoundBy: -1}
	}
	return CutBound{BoundBy: b.Visit, BoundSAN: b.SAN, BoundUCI: b.UCI, BoundStandPat: b.StandPat}
}

// PrunedMove is a move a cut skipped.
type PrunedMove struct {
	SAN   string `json:"san"`
	UCI   string `json:"uci"`
	Nodes uint64 `json:"nodes"` // minimax nodes in its subtree
}

// whiteWindow returns the window (alpha, beta) of a node where side is to
// move, from White's point of view, as the tutorials write it: White
// maximises, alpha is the score White is already sure of and beta the
// score Black is already sure of (White gets at most beta). Where Black is
// to move, negamax's window (alpha, beta) is White's (-beta, -alpha).
func whiteWindow(alpha, beta engine.Score, ply int, side chess.Color) (ScoreView, ScoreView) {
	a, b := viewScore(nodeScore(alpha, ply), side, chess.White), viewScore(nodeScore(beta, ply), side, chess.White)
	if side == chess.Black {
		a, b = b, a
	}
	return a, b
}

// view returns n as seen at pos (the position at n), reached by path; parent
// is the position before n's move (nil at the root).
func (t *Tree) view(n *Node, pos, parent *chess.Position, path []string, order int) NodeView {
	stm := pos.SideToMove()
	v := NodeView{
		Path: strings.Join(path, ","), Visit: n.Visit, FEN: pos.FEN(), Ply: n.Ply, Turn: stm.String(), Kind: n.Kind,
		Quiescence: n.Quiescence, Evaluated: n.Evaluated,
		Score: viewScore(nodeScore(n.Score, n.Ply), stm, stm), White: viewScore(nodeScore(n.Score, n.Ply), stm, chess.White),
		PV: n.PV, Order: order, Legal: n.Legal, Searched: n.Searched, Size: n.Size,
	}
	if parent != nil {
		v.SAN, v.UCI = parent.SAN(n.Move), parent.UCI(n.Move)
	}
	if t.Method != Minimax {
		a, b := viewScore(nodeScore(n.Alpha, n.Ply), stm, stm), viewScore(nodeScore(n.Beta, n.Ply), stm, stm)
		wa, wb := whiteWindow(n.Alpha, n.Beta, n.Ply, stm)
		v.Alpha, v.Beta, v.WhiteAlpha, v.WhiteBeta = &a, &b, &wa, &wb
	}
	if n.Cut {
		c := &CutView{Alpha: viewScore(nodeScore(n.CutAlpha, n.Ply), stm, stm), Beta: viewScore(nodeScore(n.CutBeta, n.Ply), stm, stm),
			StandPat: n.Best < 0, CutBound: cutBound(n.CutBy), Skipped: len(n.Pruned), Saved: n.Saved, Pruned: []PrunedMove{}}
		c.WhiteAlpha, c.WhiteBeta = whiteWindow(n.CutAlpha, n.CutBeta, n.Ply, stm)
		for i, m := range n.Pruned {
			c.Pruned = append(c.Pruned, PrunedMove{SAN: pos.SAN(m), UCI: pos.UCI(m), Nodes: n.PrunedSizes[i]})
		}
		v.Cut = c
	}
	return v
}

// Children returns the node at path with its children listed, the best for
// the side to move first (the PV child first of all), at most limit of them
// (limit <= 0: all). Children not kept in memory are searched again.
func (t *Tree) Children(path []string, limit int) (NodeView, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	f, err := t.find(path)
	if err != nil {
		return NodeView{}, err
	}
	n, pos := f.node, &f.pos
	v := t.view(n, pos, f.parent, path, f.order)
	idx := make([]int, len(n.Children))
	for i := range idx {
		idx[i] = i
	}
	// The child's score is from the opponent's view: lowest is best here.
	slices.SortStableFunc(idx, func(a, b int) int {
		ca, cb := n.Children[a], n.Children[b]
		if ca.PV != cb.PV {
			if ca.PV {
				return -1
			}
			return 1
		}
		return cmp.Compare(ca.Score, cb.Score)
	})
	if limit > 0 && len(idx) > limit {
		v.More = len(idx) - limit
		idx = idx[:limit]
	}
	v.Children = []NodeView{}
	for _, i := range idx {
		c := n.Children[i]
		cp := *pos
		cp.MakeMove(c.Move)
		v.Children = append(v.Children, t.view(c, &cp, pos, append(slices.Clip(path), pos.UCI(c.Move)), i+1))
	}
	return v, nil
}

// Stats is one row of the comparison: one method on the same position and
// depth.
type Stats struct {
	Method Method `json:"method"`
	Label  string `json:"label"`
	Nodes  uint64 `json:"nodes"`
	// Warmup is the part of Nodes that EngineOrder's shallower searches
	// spent learning its move order.
	Warmup   uint64    `json:"warmup,omitempty"`
	TimeMs   float64   `json:"timeMs"`
	Score    ScoreView `json:"score"` // side to move's view
	White    ScoreView `json:"white"`
	Best     string    `json:"best"` // SAN
	BestUCI  string    `json:"bestUci"`
	Complete bool      `json:"complete"` // false: stopped at the node limit
	Note     string    `json:"note,omitempty"`
}

// Labels name the methods for people.
var Labels = map[Method]string{
	Minimax:     "minimax (no pruning)",
	AlphaBeta:   "alpha-beta, random order",
	Ordered:     "alpha-beta, captures first (MVV-LVA)",
	EngineOrder: "alpha-beta, the engine's order (hash move, killers, history)",
	Engine:      "full engine (quiescence, hash table, null move, reductions)",
}

// ClassicPiece is one piece's part of the classic evaluation.
type ClassicPiece struct {
	Square   string `json:"square"`
	Piece    string `json:"piece"` // "N", "p"... (upper case: White)
	Color    string `json:"color"`
	Material int    `json:"material"`
	PST      int    `json:"pst"`
	Endgame  bool   `json:"endgame,omitempty"` // king scored on the endgame table
	Signed   int    `json:"signed"`            // material+PST (PST only for kings, whose weights cancel), + for the side to move, - for the opponent
}

// ClassicEval is the tutorials' evaluation, piece by piece, from the side
// to move's point of view.
type ClassicEval struct {
	Pieces   []ClassicPiece `json:"pieces"`
	Material int            `json:"material"` // net material
	PST      int            `json:"pst"`      // net piece-square
	Total    int            `json:"total"`
}

// MainTerm is one term of the main evaluator at the position's phase.
type MainTerm struct {
	Name     string `json:"name"`
	Mover    int    `json:"mover"`    // the side to move's own part, centipawns
	Opponent int    `json:"opponent"` // the opponent's own part
	Net      int    `json:"net"`      // Mover - Opponent
	WhiteMG  int    `json:"whiteMg"`
	WhiteEG  int    `json:"whiteEg"`
	BlackMG  int    `json:"blackMg"`
	BlackEG  int    `json:"blackEg"`
}

// MainEval is the main evaluator's breakdown, from the side to move's view.
type MainEval struct {
	Phase    int        `json:"phase"`
	MaxPhase int        `json:"maxPhase"`
	Terms    []MainTerm `json:"terms"`
	Scale    int        `json:"scale"` // drawish-endgame factor of the endgame half, in 64ths (0: a known draw)
	MopUp    int        `json:"mopUp"` // the mop-up against a bare king (endgame.go in package eval), included in Total
	Total    int        `json:"total"`
}

// Candidate is one of the engine's best lines (MultiPV).
type Candidate struct {
	Rank  int       `json:"rank"`
	SAN   string    `json:"san"`
	UCI   string    `json:"uci"`
	Score ScoreView `json:"score"`
	White ScoreView `json:"white"`
	Line  []string  `json:"line"` // SAN
	Depth int       `json:"depth"`
}

// Report is everything the explorer shows for one position and depth.
type Report struct {
	ID         string      `json:"id,omitempty"`
	FEN        string      `json:"fen"`
	Turn       string      `json:"turn"`
	Depth      int         `json:"depth"`
	Method     Method      `json:"method"`
	Quiescence bool        `json:"quiescence"`
	Width      int         `json:"width,omitempty"` // the moves searched at every node (0: all)
	Comparison []Stats     `json:"comparison"`
	Classic    ClassicEval `json:"classic"`
	Main       MainEval    `json:"main"`
	Candidates []Candidate `json:"candidates"`
	Root       NodeView    `json:"root"`      // with its children
	StorePly   int         `json:"storePly"`  // plies kept in memory
	TreeNodes  uint64      `json:"treeNodes"` // nodes in the tree of Method
	// Warmup: the nodes EngineOrder's shallower searches spent before the
	// tree's (Tree.Warmup).
	Warmup uint64 `json:"warmup,omitempty"`
}

// Options configure Explain.
type Options struct {
	Depth     int
	Method    Method // default AlphaBeta
	Seed      uint64
	MultiPV   int // candidate lines (default 4)
	Limit     int // children listed at the root (default 40; < 0: all)
	MaxStored int
	NodeLimit uint64
	// Quiescence searches captures beyond the horizon, in the tree and in
	// the comparison.
	Quiescence bool
	// Width keeps the first Width moves at every node, in each method's
	// own order, in the tree and the comparison (0: every move; see
	// TreeOptions.Width). The engine's row searches every move.
	Width int
	// TreeOnly leaves out the comparison, the evaluations and the
	// candidates: the report has the tree alone (the web app's comparison
	// of orderings asks for four).
	TreeOnly bool
	// CandidateDepth is the engine's depth for the candidates (default 6);
	// CandidateTime caps it (default 1s).
	CandidateDepth int
	CandidateTime  time.Duration
}

// Explain searches p with every method at opts.Depth, records the tree of
// opts.Method, and returns the tree and the report.
func Explain(ctx context.Context, p *chess.Position, opts Options) (*Tree, *Report, error) {
	if err := CheckDepth(opts.Depth); err != nil {
		return nil, nil, err
	}
	if opts.Method == "" {
		opts.Method = AlphaBeta
	}
	if _, err := ParseMethod(string(opts.Method)); err != nil {
		return nil, nil, err
	}
	if opts.MultiPV <= 0 {
		opts.MultiPV = 4
	}
	if opts.Limit == 0 {
		opts.Limit = 40
	}
	if opts.CandidateDepth <= 0 {
		opts.CandidateDepth = 6
	}
	if opts.CandidateTime <= 0 {
		opts.CandidateTime = time.Second
	}
	if err := CheckWidth(opts.Width); err != nil {
		return nil, nil, err
	}
	to := TreeOptions{Seed: opts.Seed, MaxStored: opts.MaxStored, NodeLimit: opts.NodeLimit, Quiescence: opts.Quiescence, Width: opts.Width}
	to.defaults()

	tree, err := Search(ctx, p, opts.Method, opts.Depth, to)
	if err != nil {
		return nil, nil, err
	}
	r := &Report{FEN: p.FEN(), Turn: p.SideToMove().String(), Depth: opts.Depth, Method: opts.Method, Quiescence: opts.Quiescence, Width: opts.Width,
		StorePly: tree.storePly, TreeNodes: tree.Nodes, Warmup: tree.Warmup,
		Comparison: []Stats{}, Classic: ClassicEval{Pieces: []ClassicPiece{}}, Main: MainEval{Terms: []MainTerm{}}, Candidates: []Candidate{}}
	if r.Root, err = tree.Children(nil, opts.Limit); err != nil {
		return nil, nil, err
	}
	if opts.TreeOnly {
		return tree, r, nil
	}
	for _, m := range Methods {
		st, err := Compare(ctx, p, m, opts.Depth, to)
		if err != nil {
			return nil, nil, err
		}
		r.Comparison = append(r.Comparison, st)
	}
	eng := engine.New(engine.Options{HashMB: 4, Seed: to.Seed})
	es := engineStats(ctx, eng, p, opts.Depth)
	if opts.Width > 0 {
		es.Note = fmt.Sprintf("every move: the engine's search is not limited to %d", opts.Width)
	}
	r.Comparison = append(r.Comparison, es)
	r.Classic = classicEval(p)
	r.Main = mainEval(p)
	r.Candidates = candidates(ctx, eng, p, opts.MultiPV, opts.CandidateDepth, opts.CandidateTime)
	return tree, r, nil
}

// Compare runs method on p to depth without recording a tree and returns
// its nodes, time, score and best move.
func Compare(ctx context.Context, p *chess.Position, method Method, depth int, opts TreeOptions) (Stats, error) {
	opts.defaults()
	if method == Engine {
		return engineStats(ctx, engine.New(engine.Options{HashMB: 4, Seed: opts.Seed}), p, depth), nil
	}
	if err := checkQuiescence(method, opts.Quiescence); err != nil {
		return Stats{Method: method, Label: Labels[method], Note: "not searched: " + strings.TrimPrefix(err.Error(), "explain: ")}, nil
	}
	start := time.Now()
	s := newSearcher(ctx, method, opts.Quiescence, p.SideToMove(), opts.Seed)
	s.limit, s.width = opts.NodeLimit, opts.Width
	s.storePly, s.maxStore = 1, chess.MaxMoves // only the root and its moves are kept: its best move
	root := &Node{}
	s.tree = root
	score := s.run(p, root, depth)
	st := Stats{Method: method, Label: Labels[method], Nodes: s.nodes, Warmup: s.nodes - root.Size, TimeMs: ms(time.Since(start)), Complete: !s.stopped}
	if s.stopped {
		if err := ctx.Err(); err != nil {
			return st, err
		}
		st.Note = fmt.Sprintf("stopped after %d nodes", s.nodes)
		return st, nil
	}
	st.Score = viewScore(score, p.SideToMove(), p.SideToMove())
	st.White = viewScore(score, p.SideToMove(), chess.White)
	if root.Best >= 0 {
		m := root.Children[root.Best].Move
		st.Best, st.BestUCI = p.SAN(m), p.UCI(m)
	}
	return st, nil
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func engineStats(ctx context.Context, eng *engine.Engine, p *chess.Position, depth int) Stats {
	res := eng.Search(ctx, engine.Params{Position: p, Limits: engine.Limits{Depth: depth}})
	st := Stats{Method: Engine, Label: Labels[Engine], Nodes: res.Nodes, TimeMs: ms(res.Time), Complete: true,
		Score: viewScore(res.Score, p.SideToMove(), p.SideToMove()), White: viewScore(res.Score, p.SideToMove(), chess.White)}
	if res.BestMove != chess.NoMove {
		st.Best, st.BestUCI = p.SAN(res.BestMove), p.UCI(res.BestMove)
	}
	return st
}

func classicEval(p *chess.Position) ClassicEval {
	stm := p.SideToMove()
	ce := ClassicEval{Pieces: []ClassicPiece{}, Total: eval.Classic(p)}
	for _, t := range eval.ClassicTerms(p, stm) {
		sign := 1
		if t.Piece.Color() != stm {
			sign = -1
		}
		ce.Pieces = append(ce.Pieces, ClassicPiece{Square: t.Square.String(), Piece: t.Piece.String(),
			Color: t.Piece.Color().String(), Material: t.Material, PST: t.PST, Endgame: t.Endgame, Signed: sign * t.Value()})
		if t.Piece.Type() == chess.King {
			ce.Pieces[len(ce.Pieces)-1].Signed = sign * t.PST
		} else {
			ce.Material += sign * t.Material
		}
		ce.PST += sign * t.PST
	}
	return ce
}

func mainEval(p *chess.Position) MainEval {
	b := eval.Explain(p)
	me := MainEval{Phase: b.Phase, MaxPhase: eval.MaxPhase, Scale: b.Scale, MopUp: b.MopUp, Total: b.Total, Terms: []MainTerm{}}
	if p.SideToMove() == chess.Black {
		me.MopUp = -me.MopUp
	}
	for _, t := range b.Terms {
		mt := MainTerm{Name: t.Term.String(), Mover: t.WhiteTapered, Opponent: t.BlackTapered,
			WhiteMG: int(t.White.MG), WhiteEG: int(t.White.EG), BlackMG: int(t.Black.MG), BlackEG: int(t.Black.EG)}
		if p.SideToMove() == chess.Black {
			mt.Mover, mt.Opponent = mt.Opponent, mt.Mover
		}
		mt.Net = mt.Mover - mt.Opponent
		me.Terms = append(me.Terms, mt)
	}
	return me
}

func candidates(ctx context.Context, eng *engine.Engine, p *chess.Position, multiPV, depth int, limit time.Duration) []Candidate {
	lines := map[int]engine.Info{}
	best := 0
	eng.Search(ctx, engine.Params{Position: p, Limits: engine.Limits{Depth: depth, MoveTime: limit, MultiPV: multiPV},
		Progress: func(info engine.Info) {
			if info.Depth > best {
				best = info.Depth
				clear(lines)
			}
			if info.Depth == best && len(info.PV) > 0 {
				lines[info.MultiPV] = info
			}
		}})
	out := []Candidate{}
	for k := 1; k <= multiPV; k++ {
		info, ok := lines[k]
		if !ok {
			continue
		}
		c := Candidate{Rank: k, SAN: p.SAN(info.PV[0]), UCI: p.UCI(info.PV[0]), Depth: info.Depth, Line: p.SANMoves(info.PV),
			Score: viewScore(info.Score, p.SideToMove(), p.SideToMove()), White: viewScore(info.Score, p.SideToMove(), chess.White)}
		out = append(out, c)
	}
	return out
}
