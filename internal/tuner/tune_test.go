package tuner

import (
	"context"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/eval"
)

func TestFitKFindsTheScale(t *testing.T) {
	for _, k0 := range []float64{0.002, math.Ln10 / 400, 0.012} {
		// Exact expectations: the error is 0 at k0 and FitK must find it.
		var evals, results []float64
		for e := -800.0; e <= 800; e += 2 {
			evals = append(evals, e)
			results = append(results, Sigmoid(k0, e))
		}
		if k := FitK(evals, results); math.Abs(k-k0) > 1e-6 {
			t.Errorf("k0 = %g, expected scores: FitK = %g", k0, k)
		}

		// Game results drawn with those expectations: FitK is within a few
		// per cent (the sampling noise of 20000 results).
		rng := rand.New(rand.NewPCG(1, 2))
		evals, results = evals[:0], results[:0]
		for range 20000 {
			e := float64(rng.IntN(1601) - 800)
			r := 0.0
			if rng.Float64() < Sigmoid(k0, e) {
				r = 1
			}
			evals = append(evals, e)
			results = append(results, r)
		}
		if k := FitK(evals, results); math.Abs(k-k0) > 0.05*k0 {
			t.Errorf("k0 = %g, drawn results: FitK = %g, want within 5%%", k0, k)
		}
	}
}

func TestMeanError(t *testing.T) {
	tests := []struct {
		k              float64
		evals, results []float64
		want           float64
	}{
		{0.01, nil, nil, 0},
		{0.01, []float64{0}, []float64{0.5}, 0},
		{0.01, []float64{0, 0}, []float64{1, 0}, 0.25},
		{0, []float64{500}, []float64{1}, 0.25},
		{math.Ln10 / 400, []float64{400}, []float64{1}, (1 - 10.0/11) * (1 - 10.0/11)},
	}
	for _, tt := range tests {
		if got := MeanError(tt.k, tt.evals, tt.results); math.Abs(got-tt.want) > 1e-12 {
			t.Errorf("MeanError(%g, %v, %v) = %g, want %g", tt.k, tt.evals, tt.results, got, tt.want)
		}
	}
}

func TestQuiesce(t *testing.T) {
	tests := []struct {
		name, fen string
		leaf      string // the board field of the leaf's FEN
	}{
		{"quiet", chess.StartFEN, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"},
		{"hanging queen", "4k3/8/8/3q4/4P3/8/8/4K3 w - - 0 1", "4k3/8/8/3P4/8/8/8/4K3"},
		{"defended knight", "4k3/8/2p5/3n4/8/8/8/3QK3 w - - 0 1", "4k3/8/2p5/3n4/8/8/8/3QK3"},
		{"free rook", "3rk3/8/8/3r4/8/8/3R4/7K b - - 0 1", "3rk3/8/8/8/8/8/3r4/7K"},
		{"capture and recapture", "4k3/8/2p5/3q4/4P3/8/8/4K3 w - - 0 1", "4k3/8/8/3p4/8/8/8/4K3"},
		{"promotion", "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "1Q2k3/8/8/8/8/8/8/4K3"},
	}
	for _, tt := range tests {
		p := chess.MustParseFEN(tt.fen)
		leaf := Quiesce(&eval.Default, p)
		if got := strings.Fields(leaf.FEN())[0]; got != tt.leaf {
			t.Errorf("%s: Quiesce(%q) leaf %q, want %q", tt.name, tt.fen, got, tt.leaf)
		}
	}
}

// pawnSamples returns n king-and-pawn positions labelled as if an extra
// pawn always won: White a pawn up wins, Black a pawn up wins, equal pawns
// draw. The positions are random (seeded): kings on their back ranks,
// pawns on distinct squares of their own half.
func pawnSamples(t *testing.T, n int, seed uint64) []Sample {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 0))
	var out []Sample
	for len(out) < n {
		var board [64]byte // a1 = 0
		board[rng.IntN(8)] = 'K'
		board[56+rng.IntN(8)] = 'k'
		pawns := 1 + rng.IntN(5)
		extra := rng.IntN(3) - 1 // -1: Black has one more, 0: equal, 1: White has one more
		place := func(c byte, count, lo int) {
			for count > 0 {
				s := lo + rng.IntN(32)
				if board[s] == 0 {
					board[s] = c
					count--
				}
			}
		}
		place('P', pawns+max(extra, 0), 8)   // ranks 2-5
		place('p', pawns+max(-extra, 0), 24) // ranks 4-7
		side := "w"
		if rng.IntN(2) == 1 {
			side = "b"
		}
		p, err := chess.ParseFEN(boardFEN(board) + " " + side + " - - 0 1")
		if err != nil {
			continue // a king in check on the wrong side: draw again
		}
		out = append(out, Sample{Pos: *p, Result: 0.5 + 0.5*float64(extra)})
	}
	return out
}

// boardFEN returns the board field of a FEN for board (a1 = 0).
func boardFEN(board [64]byte) string {
	var b strings.Builder
	for r := 7; r >= 0; r-- {
		empty := 0
		for f := range 8 {
			c := board[8*r+f]
			if c == 0 {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte(byte('0' + empty))
				empty = 0
			}
			b.WriteByte(c)
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	return b.String()
}

// TestTuneLearnsThePawnValue starts from weights that think a pawn is worth
// little, on data where a pawn up always wins: tuning must lower the error
// and raise the pawn's (endgame: these are pawn endings) value.
func TestTuneLearnsThePawnValue(t *testing.T) {
	samples := pawnSamples(t, 1500, 1)
	w := eval.Default
	w.PieceValue[chess.Pawn] = eval.S(20, 20)
	cfg := Config{K: 0.01, Rounds: 2, Iterations: 150, LearningRate: 2}
	rep, err := Tune(context.Background(), &w, samples, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !(rep.After < 0.8*rep.Before) || rep.Rounds < 1 {
		t.Errorf("error %g before, %g after (%d rounds): want it at least 20%% lower", rep.Before, rep.After, rep.Rounds)
	}
	if got := w.PieceValue[chess.Pawn].EG; got < 100 {
		t.Errorf("pawn endgame value %d after tuning, want at least 100 (started at 20)", got)
	}
	if rep.K != 0.01 || rep.Positions != len(samples) || rep.Params != len(w.Params()) {
		t.Errorf("report %+v: K, Positions or Params wrong", rep)
	}

	// The error reported is the error of the weights left in w.
	evals, results := make([]float64, len(samples)), make([]float64, len(samples))
	for i := range samples {
		evals[i], results[i] = float64(WhiteEval(&w, &samples[i].Pos)), samples[i].Result
	}
	if e := MeanError(rep.K, evals, results); e != rep.After {
		t.Errorf("MeanError of the tuned weights %g, report says %g", e, rep.After)
	}
}

// TestTuneIgnoresThreads checks that the tuned weights do not depend on the
// number of goroutines (the chunks are small so that there are many).
func TestTuneIgnoresThreads(t *testing.T) {
	samples := pawnSamples(t, 600, 2)
	var got [][]int32
	for _, threads := range []int{1, 2, 3} {
		w := eval.Default
		cfg := Config{Rounds: 2, Iterations: 40, LearningRate: 1, Threads: threads}
		if _, err := tune(context.Background(), &w, samples, cfg, 64); err != nil {
			t.Fatal(err)
		}
		var vals []int32
		for _, p := range w.Params() {
			vals = append(vals, *p.Value)
		}
		got = append(got, vals)
	}
	for i := 1; i < len(got); i++ {
		for j := range got[0] {
			if got[i][j] != got[0][j] {
				t.Fatalf("weight %s: %d with 1 thread, %d with %d", eval.Default.Params()[j].Name, got[0][j], got[i][j], i+1)
			}
		}
	}
}

func TestTuneCancelled(t *testing.T) {
	samples := pawnSamples(t, 50, 3)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	w := eval.Default
	if _, err := Tune(ctx, &w, samples, Config{K: 0.01}); err != context.Canceled {
		t.Errorf("Tune with a cancelled context: error %v, want context.Canceled", err)
	}
	if w != eval.Default {
		t.Error("Tune with a cancelled context changed the weights")
	}
	if _, err := Tune(context.Background(), &w, nil, Config{}); err == nil {
		t.Error("Tune with no samples: no error")
	}
}

// TestTuneSelectAndRegularization checks that Select freezes the weights it
// leaves out and that Regularization holds the tuned ones back.
func TestTuneSelectAndRegularization(t *testing.T) {
	samples := pawnSamples(t, 800, 4)
	moved := func(reg float64) (int32, eval.Weights) {
		w := eval.Default
		w.PieceValue[chess.Pawn] = eval.S(20, 20)
		cfg := Config{K: 0.01, Rounds: 1, Iterations: 100, LearningRate: 2, Regularization: reg,
			Select: func(name string) bool { return strings.HasPrefix(name, "PieceValue[pawn]") }}
		rep, err := Tune(context.Background(), &w, samples, cfg)
		if err != nil {
			t.Fatal(err)
		}
		if rep.Params != 2 {
			t.Errorf("Report.Params = %d, want 2 (PieceValue[pawn].mg and .eg)", rep.Params)
		}
		return w.PieceValue[chess.Pawn].EG - 20, w
	}
	free, w := moved(0)
	w.PieceValue[chess.Pawn] = eval.Default.PieceValue[chess.Pawn]
	if want := eval.Default; w != want {
		t.Error("weights not selected were changed")
	}
	held, _ := moved(1e6)
	if free < 50 || held < 0 || held > free/4 {
		t.Errorf("pawn endgame value moved by %d without regularization, %d with a strong one; want >= 50 and at most a quarter of it", free, held)
	}
}
