package review

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/engine"
)

// gameOf returns the game of moves in SAN from fen ("" for the start).
func gameOf(t *testing.T, fen, moves string) *chess.Game {
	t.Helper()
	g := chess.NewGame()
	if fen != "" {
		g = chess.NewGameFromPosition(chess.MustParseFEN(fen))
	}
	for _, san := range strings.Fields(moves) {
		if err := g.PlayMove(san); err != nil {
			t.Fatalf("%s: %v", moves, err)
		}
	}
	return g
}

// scripted is a Searcher that answers from a script: for the position
// after each ply, a score (side to move's view) and a best move in UCI.
type scripted struct {
	g      *chess.Game
	scores []engine.Score
	best   []string

	mu       sync.Mutex
	searched []int // the plies searched, in order
	limits   []engine.Limits
}

func (s *scripted) search(ctx context.Context, p engine.Params) (engine.Result, error) {
	if err := ctx.Err(); err != nil {
		return engine.Result{}, err
	}
	for ply, h := range s.g.Hashes() {
		if h == p.Position.Hash() && len(p.History) == ply {
			s.mu.Lock()
			s.searched = append(s.searched, ply)
			s.limits = append(s.limits, p.Limits)
			s.mu.Unlock()
			m, err := p.Position.ParseUCI(s.best[ply])
			if err != nil {
				return engine.Result{}, err
			}
			return engine.Result{BestMove: m, Score: s.scores[ply], PV: []chess.Move{m}}, nil
		}
	}
	return engine.Result{}, errors.New("scripted: unknown position")
}

// queenHangs is 1. e4 e5 2. Nf3 Qg5?? 3. Nxg5, Black's queen hanging at
// ply 4, and a script of searches that see it.
func queenHangs(t *testing.T) (*chess.Game, *scripted) {
	g := gameOf(t, "", "e4 e5 Nf3 Qg5 Nxg5")
	s := &scripted{g: g,
		scores: []engine.Score{20, -25, 30, -30, 850, -840},
		best:   []string{"e2e4", "e7e5", "g1f3", "b8c6", "f3g5", "b8c6"},
	}
	return g, s
}

// scholarsMate is 1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6?? 4. Qxf7#, Black
// allowing mate at ply 6, and a script of searches that see it.
func scholarsMate(t *testing.T) (*chess.Game, *scripted) {
	g := gameOf(t, "", "e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7#")
	s := &scripted{g: g,
		scores: []engine.Score{20, -25, 10, -20, 30, -30, engine.MateIn(1), 0},
		best:   []string{"e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g7g6", "h5f7", ""},
	}
	return g, s
}

func TestAnalyseScripted(t *testing.T) {
	g, s := queenHangs(t)
	var progress []int
	r, err := Analyse(context.Background(), g, s.search, Options{Nodes: 1234, Progress: func(done, total int) {
		if total != 6 {
			t.Errorf("progress of %d positions, want 6", total)
		}
		progress = append(progress, done)
	}})
	if err != nil {
		t.Fatal(err)
	}
	if want := []int{5, 4, 3, 2, 1, 0}; !equal(s.searched, want) {
		t.Errorf("searched plies %v, want the last first %v", s.searched, want)
	}
	if !equal(progress, []int{1, 2, 3, 4, 5, 6}) {
		t.Errorf("progress %v", progress)
	}
	for _, l := range s.limits {
		if l.Nodes != 1234 || l.MoveTime != 0 {
			t.Errorf("limits %+v, want 1234 nodes", l)
		}
	}
	if r.Start != CP(20) || r.StartFEN != chess.StartFEN || r.Budget != (Budget{Nodes: 1234}) {
		t.Errorf("start %v %s, budget %+v", r.Start, r.StartFEN, r.Budget)
	}
	want := []struct {
		san, color string
		eval       Eval
		best       string
		j          Judgement
	}{
		{"e4", "white", CP(25), "", Good},
		{"e5", "black", CP(30), "", Good},
		{"Nf3", "white", CP(30), "", Good},
		{"Qg5", "black", CP(850), "Nc6", Blunder},
		{"Nxg5", "white", CP(840), "", Good},
	}
	for i, w := range want {
		m := r.Moves[i]
		if m.Ply != i+1 || m.SAN != w.san || m.Color != w.color || m.Eval != w.eval || m.BestSAN != w.best || m.Judgement != w.j {
			t.Errorf("move %d: %+v, want %+v", i+1, m, w)
		}
	}
	if m := r.Moves[3]; m.Best != "b8c6" || len(m.Line) != 1 || m.Line[0] != "Nc6" || m.Loss != 820 || m.Accuracy > 20 {
		t.Errorf("the blunder: %+v", m)
	}
	if r.Black.Blunders != 1 || r.Black.Mistakes != 0 || r.White.Blunders != 0 || r.White.Inaccuracies != 0 {
		t.Errorf("summary %+v %+v", r.White, r.Black)
	}
	// Black lost 5 (e5: +25 to +30) and 820 (Qg5) centipawns in 2 moves;
	// White 10 (Nxg5: +8.50 to +8.40) in 3.
	if r.Black.ACPL != 413 || r.White.ACPL != 3 || *r.White.Accuracy < 99 || *r.Black.Accuracy > 50 {
		t.Errorf("ACPL %d %d, accuracy %v %v", r.White.ACPL, r.Black.ACPL, *r.White.Accuracy, *r.Black.Accuracy)
	}
	if r.Opening == nil || r.Opening.Name != "King's Knight Opening" || r.Opening.Ply != 3 || r.Opening.LeftBook != 4 {
		t.Errorf("opening %+v", r.Opening)
	}
}

func equal(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestAnalyseEnds(t *testing.T) {
	// Scholar's mate: the final position is mate by the rules, not
	// searched.
	g, s := scholarsMate(t)
	r, err := Analyse(context.Background(), g, s.search, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(s.searched) != 7 || s.limits[0].Nodes != DefaultNodes {
		t.Errorf("searched %v with %+v; the mate is not searched, the budget defaults to %d nodes", s.searched, s.limits[0], DefaultNodes)
	}
	if m := r.Moves[5]; m.SAN != "Nf6" || m.Eval != MateIn(1) || m.Judgement != Blunder || m.Mate != MateAllowed || m.BestSAN != "g6" {
		t.Errorf("Nf6: %+v", m)
	}
	if m := r.Moves[6]; m.Eval != MateIn(0) || m.Judgement != Good || m.Best != "" {
		t.Errorf("Qxf7#: %+v", m)
	}
	if *r.White.Accuracy != 100 || r.Black.Blunders != 1 {
		t.Errorf("summary %+v %+v", r.White, r.Black)
	}

	// Stalemate: a draw by the rules.
	g = gameOf(t, "7k/8/6K1/8/8/8/8/5Q2 w - - 0 1", "Qf7")
	if g.Outcome().Reason != chess.Stalemate {
		t.Fatal("not stalemate")
	}
	s = &scripted{g: g, scores: []engine.Score{engine.MateIn(1)}, best: []string{"f1f8"}}
	r, err = Analyse(context.Background(), g, s.search, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if m := r.Moves[0]; m.Eval != CP(0) || m.Judgement != Blunder || m.Mate != MateMissed || r.Black.Accuracy != nil {
		t.Errorf("a mate missed for a stalemate: %+v; Black %+v", m, r.Black)
	}
}

func TestAnalyseForcedMoveOnTime(t *testing.T) {
	// After Rh8+ Black has one legal move, Ka7.
	g := gameOf(t, "k7/8/2K5/8/8/8/8/7R w - - 0 1", "Rh8+ Ka7 Rh7+")
	if n := len(g.PositionAt(1).LegalMoves()); n != 1 {
		t.Fatalf("%d legal moves after Rh8+", n)
	}
	s := &scripted{g: g,
		scores: []engine.Score{engine.MateIn(3), 0, engine.MateIn(3), engine.MatedIn(2)},
		best:   []string{"h1h8", "a8a7", "h8h7", "a7a8"},
	}
	r, err := Analyse(context.Background(), g, s.search, Options{MoveTime: 10 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	for _, ply := range s.searched {
		if ply == 1 {
			t.Error("the position with one legal move was searched on time (the engine answers it at once, with no score)")
		}
	}
	// The forced position takes the evaluation after its move, a mate in
	// 2 for White: the same for the position before Black's forced move.
	if m := r.Moves[0]; m.Eval != MateIn(2) || m.Judgement != Good {
		t.Errorf("Rh8+: %+v", m)
	}
	if r.Budget != (Budget{MoveTimeMs: 10}) {
		t.Errorf("budget %+v", r.Budget)
	}
}

func TestAnalyseErrors(t *testing.T) {
	g := chess.NewGame()
	if _, err := Analyse(context.Background(), g, nil, Options{}); !errors.Is(err, ErrNoMoves) {
		t.Errorf("no moves: %v", err)
	}
	g = gameOf(t, "", "e4 e5 Nf3")
	if _, err := Analyse(context.Background(), g, nil, Options{Nodes: 1, MoveTime: time.Second}); err == nil {
		t.Error("both a node budget and a move time were accepted")
	}
	broken := errors.New("the engine broke")
	calls := 0
	_, err := Analyse(context.Background(), g, func(context.Context, engine.Params) (engine.Result, error) {
		calls++
		return engine.Result{}, broken
	}, Options{})
	if !errors.Is(err, broken) || calls != 1 {
		t.Errorf("a failing search: %v after %d calls", err, calls)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	s := &scripted{g: g, scores: make([]engine.Score, 4), best: []string{"e2e4", "e7e5", "g1f3", "b8c6"}}
	if _, err := Analyse(ctx, g, s.search, Options{}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}

func TestAnalyseParallel(t *testing.T) {
	g := gameOf(t, "", "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6")
	s := &scripted{g: g, scores: make([]engine.Score, 9),
		best: []string{"e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5a4", "g8f6", "e1g1"}}
	r, err := Analyse(context.Background(), g, s.search, Options{Parallel: 3})
	if err != nil {
		t.Fatal(err)
	}
	if len(s.searched) != 9 || len(r.Moves) != 8 || r.Opening.Name != "Ruy Lopez: Morphy Defense" {
		t.Errorf("searched %v; %d moves; opening %+v", s.searched, len(r.Moves), r.Opening)
	}
}

// testNodes is the node budget of the tests with the real engine: enough
// to see a queen hang or a mate in one.
const testNodes = 20_000

func TestAnalysePlantedBlunder(t *testing.T) {
	e := engine.New(engine.Options{Seed: 1})
	// 3... Qg5?? hangs the queen to the knight on f3 (ply 6).
	g := gameOf(t, "", "e4 e5 Nf3 Nc6 Bc4 Qg5 Nxg5")
	r, err := Analyse(context.Background(), g, EngineSearcher(e), Options{Nodes: testNodes})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range r.Moves {
		if m.Ply == 6 && m.Judgement != Blunder || m.Ply != 6 && m.Judgement > Inaccuracy {
			t.Errorf("ply %d %s: %v (eval %v, best %s); only ply 6 is a blunder", m.Ply, m.SAN, m.Judgement, m.Eval, m.BestSAN)
		}
	}
	if m := r.Moves[5]; m.BestSAN == "" || m.Eval.CP < 500 || len(m.Line) == 0 {
		t.Errorf("Qg5: %+v", m)
	}
	if r.Black.Blunders != 1 || r.White.Blunders+r.White.Mistakes != 0 {
		t.Errorf("summary White %+v Black %+v", r.White, r.Black)
	}

	// Scholar's mate: 3... Nf6?? allows mate in one (ply 6).
	g = gameOf(t, "", "e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7#")
	r, err = Analyse(context.Background(), g, EngineSearcher(e), Options{Nodes: testNodes})
	if err != nil {
		t.Fatal(err)
	}
	if m := r.Moves[5]; m.Judgement != Blunder || m.Mate != MateAllowed || m.Eval != MateIn(1) {
		t.Errorf("Nf6: %+v", m)
	}
	if m := r.Moves[6]; m.Eval != MateIn(0) || m.Judgement != Good {
		t.Errorf("Qxf7#: %+v", m)
	}
}

// TestAnalyseEnginesOwnGame reviews a game the engine played with twice
// the review's budget: none of its moves is a mistake or a blunder. The
// review gets three times testNodes: at testNodes alone its own search was
// too shallow to judge by with the network e3ff1944d3ce (its evaluations
// swung by a pawn and more between plies, calling sound moves mistakes).
func TestAnalyseEnginesOwnGame(t *testing.T) {
	plies := 60
	if testing.Short() {
		plies = 24
	}
	player := engine.New(engine.Options{Seed: 2})
	g := gameOf(t, "", "d4 Nf6 c4 e6") // out of the engine's own first-move habits
	for g.Len() < plies && !g.Outcome().IsOver() {
		hashes := g.Hashes()
		res := player.Search(context.Background(), engine.Params{Position: g.Position(), History: hashes[:len(hashes)-1], Limits: engine.Limits{Nodes: 6 * testNodes}})
		if err := g.Play(res.BestMove); err != nil {
			t.Fatal(err)
		}
	}
	r, err := Analyse(context.Background(), g, EngineSearcher(engine.New(engine.Options{Seed: 3})), Options{Nodes: 3 * testNodes})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range r.Moves[4:] {
		if m.Judgement >= Mistake {
			t.Errorf("the engine's ply %d %s is a %v: %v after it, %s (%v) was better", m.Ply, m.SAN, m.Judgement, m.Eval, m.BestSAN, r.Moves[m.Ply-2].Eval)
		}
	}
	t.Logf("%d plies: White %.1f%% ACPL %d, Black %.1f%% ACPL %d", g.Len(), *r.White.Accuracy, r.White.ACPL, *r.Black.Accuracy, r.Black.ACPL)
}
