package engine

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/fixture"
)

// suitePositions returns the positions of the perft suite, and for each a
// few positions reached from it by random legal moves (seeded), so that
// checks, promotions and en passant turn up often.
func suitePositions(t testing.TB) []*chess.Position {
	t.Helper()
	rng := rand.New(rand.NewPCG(7, 11))
	var out []*chess.Position
	for _, e := range fixture.PerftSuite(t) {
		p := new(*e.Position)
		out = append(out, p)
		q := *p
		for range 6 {
			moves := q.LegalMoves()
			if len(moves) == 0 {
				break
			}
			q.MakeMove(moves[rng.IntN(len(moves))])
			c := q
			out = append(out, &c)
		}
	}
	return out
}

// pickAll runs a picker readied by one of its init methods to the end and
// returns the moves in order.
func pickAll(mp *movePicker) []chess.Move {
	var got []chess.Move
	for m := mp.nextMove(); m != chess.NoMove; m = mp.nextMove() {
		got = append(got, m)
		if len(got) > 2*chess.MaxMoves {
			break // a picker that never ends
		}
	}
	return got
}

// ttCandidates returns hash moves to try in p: none, a legal quiet move, a
// legal noisy move, a move legal elsewhere but not here, and foreign bit
// patterns (the null move, an arbitrary 16-bit value).
func ttCandidates(p *chess.Position, rng *rand.Rand) []chess.Move {
	c := []chess.Move{chess.NoMove, chess.NullMove, chess.Move(rng.Uint32()), chess.Move(rng.Uint32())}
	var quiet, noisy chess.MoveList
	p.GenerateMoves(&quiet, chess.QuietMoves)
	p.GenerateMoves(&noisy, chess.NoisyMoves)
	if quiet.Len() > 0 {
		c = append(c, quiet.At(rng.IntN(quiet.Len())))
	}
	if noisy.Len() > 0 {
		c = append(c, noisy.At(rng.IntN(noisy.Len())))
	}
	for _, m := range chess.StartingPosition().LegalMoves() {
		if !p.IsLegal(m) {
			c = append(c, m)
			break
		}
	}
	return c
}

func isGoodNoisy(p *chess.Position, m chess.Move) bool {
	if pr := m.Promotion(); pr != chess.NoPieceType && pr != chess.Queen {
		return false
	}
	return seeGE(p, m, 0)
}

func TestMovePickerFull(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	const ply = 3
	tables := new(orderingTables) // large: reused, its fields reset per case
	var conts [2]contRow
	withCont := false
	killerErrors := 0
	for _, p := range suitePositions(t) {
		legal := p.LegalMoves()
		var quiet chess.MoveList
		p.GenerateMoves(&quiet, chess.QuietMoves)
		for _, tt := range ttCandidates(p, rng) {
			// Killers and history from play in other positions: sometimes
			// legal here, sometimes not.
			tables.killers[ply] = [2]chess.Move{}
			var killers []chess.Move
			if quiet.Len() >= 2 {
				k0, k1 := quiet.At(rng.IntN(quiet.Len())), quiet.At(rng.IntN(quiet.Len()))
				if k0 != k1 {
					tables.killers[ply] = [2]chess.Move{k0, k1}
					killers = []chess.Move{k0, k1}
				}
			}
			for c := range tables.history {
				for from := range tables.history[c] {
					for to := range tables.history[c][from] {
						tables.history[c][from][to] = rng.Int32N(2*historyMax) - historyMax
					}
				}
			}
			// Every other case also orders by continuation history.
			var cont1, cont2 *contRow
			if withCont = !withCont; withCont {
				cont1, cont2 = &conts[0], &conts[1]
				for _, row := range []*contRow{cont1, cont2} {
					for pc := range row {
						for to := range row[pc] {
							row[pc][to] = rng.Int32N(2*historyMax) - historyMax
						}
					}
				}
			}
			rows := tables.rows(p, cont1, cont2)
			var mp movePicker
			mp.initSearch(p, tables, tt, ply, chess.NoMove, chess.NoPiece, rows)
			got := pickAll(&mp)
			where := func() string {
				return fmt.Sprintf("%s tt %v continuation history %v", p.FEN(), tt, withCont)
			}

			checkSameMoves(t, where(), got, legal)
			if p.IsLegal(tt) && tt != chess.NoMove && (len(got) == 0 || got[0] != tt) {
				t.Errorf("%s: first move %v, want the legal hash move first", where(), got)
			}
			rest := got
			if len(rest) > 0 && rest[0] == tt {
				rest = rest[1:]
			}
			checkStages(t, where(), p, rest)
			// Quiets: the killers first (when legal and not the hash move),
			// the others by history and threats, best first.
			var quiets []chess.Move
			for _, m := range rest {
				if m.IsQuiet() {
					quiets = append(quiets, m)
				}
			}
			n := 0
			for _, k := range killers {
				if k != tt {
					if n >= len(quiets) || quiets[n] != k {
						if killerErrors++; killerErrors <= 3 {
							t.Errorf("%s: quiets %v, want killer %v at %d", where(), quiets, k, n)
						}
					}
					n++
				}
			}
			var others []chess.Move
			for _, m := range quiets {
				if !slices.Contains(killers, m) {
					others = append(others, m)
				}
			}
			th := threatsTo(p)
			score := func(m chess.Move) int32 {
				pc := p.PieceAt(m.From())
				return tables.quietScore(p.SideToMove(), m, pc, &rows) + th.orderingScore(m, pc.Type())
			}
			for i := 1; i < len(others); i++ {
				a, b := others[i-1], others[i]
				if ha, hb := score(a), score(b); ha < hb {
					t.Errorf("%s: quiet %v (history and threats %d) before %v (%d)", where(), a, ha, b, hb)
					break
				}
			}
		}
	}
	if killerErrors > 3 {
		t.Errorf("... %d cases in all with a killer out of place", killerErrors)
	}
}

// TestMovePickerQuiescence checks the quiescence picker: a noisy hash move
// first, then the captures and queen promotions that do not lose material,
// most valuable victim first.
func TestMovePickerQuiescence(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	tables := new(orderingTables)
	for pc := range tables.captures {
		for to := range tables.captures[pc] {
			for victim := range tables.captures[pc][to] {
				tables.captures[pc][to][victim] = rng.Int32N(2*historyMax) - historyMax
			}
		}
	}
	for _, p := range suitePositions(t) {
		var want []chess.Move
		for _, m := range p.LegalMoves() {
			if !m.IsQuiet() && isGoodNoisy(p, m) {
				want = append(want, m)
			}
		}
		for _, tt := range ttCandidates(p, rng) {
			var mp movePicker
			mp.initQuiescence(p, tables, tt)
			got := pickAll(&mp)
			where := p.FEN() + " tt " + tt.String()
			ttNoisy := tt != chess.NoMove && !tt.IsQuiet() && p.IsLegal(tt)
			w := want
			if ttNoisy {
				// The contract: a noisy hash move comes first even if it
				// loses material; the rest are the non-losing noisy moves.
				if len(got) == 0 || got[0] != tt {
					t.Errorf("%s: got %v, want the noisy hash move first", where, got)
					continue
				}
				got = got[1:]
				w = nil
				for _, m := range want {
					if m != tt {
						w = append(w, m)
					}
				}
			}
			checkSameMoves(t, where, got, w)
			for i, m := range got {
				if m.IsQuiet() {
					t.Errorf("%s: quiescence picker returned quiet move %v", where, m)
				}
				if !seeGE(p, m, 0) {
					t.Errorf("%s: quiescence picker returned losing capture %v", where, m)
				}
				if i > 0 && noisyKey(p, tables, got[i-1]) < noisyKey(p, tables, m) {
					t.Errorf("%s: %v before %v, want most valuable victim first, then by capture history", where, got[i-1], m)
				}
			}
		}
	}
}

// TestMovePickerProbCut checks that the ProbCut picker returns, in the same
// order, the moves of the quiescence picker whose exchange reaches its
// threshold, the hash move's included.
func TestMovePickerProbCut(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	tables := new(orderingTables)
	for pc := range tables.captures {
		for to := range tables.captures[pc] {
			for victim := range tables.captures[pc][to] {
				tables.captures[pc][to][victim] = rng.Int32N(2*historyMax) - historyMax
			}
		}
	}
	var quiescence, probCut movePicker
	for _, p := range suitePositions(t) {
		for _, tt := range ttCandidates(p, rng) {
			for _, threshold := range []Score{-300, -1, 0, 1, 100, 320, 900} {
				quiescence.initQuiescence(p, tables, tt)
				var want []chess.Move
				for _, m := range pickAll(&quiescence) {
					if seeGE(p, m, threshold) {
						want = append(want, m)
					}
				}
				probCut.initProbCut(p, tables, tt, threshold)
				if got := pickAll(&probCut); !slices.Equal(got, want) {
					t.Errorf("%s tt %v threshold %d: got %v, want %v", p.FEN(), tt, threshold, got, want)
				}
			}
		}
	}
}

// noisyKey is the picker's capture order key, recomputed independently:
// MVV-LVA plus a quarter of the capture history.
func noisyKey(p *chess.Position, tables *orderingTables, m chess.Move) int {
	victim := p.PieceAt(m.To()).Type()
	if m.IsEnPassant() {
		victim = chess.Pawn
	}
	v := int(seeValue[victim])*8 - int(p.PieceAt(m.From()).Type()) + int(tables.captures[p.PieceAt(m.From())][m.To()][victim]/4)
	if m.Promotion() == chess.Queen {
		v += int(seeValue[chess.Queen]) * 8
	}
	return v
}

// checkStages reports unless moves come in the picker's stages: good noisy
// moves, then quiet moves, then the losing captures and under-promotions.
func checkStages(t *testing.T, where string, p *chess.Position, moves []chess.Move) {
	t.Helper()
	stage := 0
	for i, m := range moves {
		s := 2
		switch {
		case m.IsQuiet():
			s = 1
		case isGoodNoisy(p, m):
			s = 0
		}
		if s < stage {
			t.Errorf("%s: move %d %v (stage %d) after a stage-%d move; order %v", where, i, m, s, stage, moves)
			return
		}
		stage = s
	}
}

// checkSameMoves reports unless got holds exactly the moves of want, each once.
func checkSameMoves(t *testing.T, where string, got, want []chess.Move) {
	t.Helper()
	count := map[chess.Move]int{}
	for _, m := range got {
		count[m]++
	}
	for _, m := range want {
		switch count[m] {
		case 0:
			t.Errorf("%s: move %v missing from %v", where, m, got)
		case 1:
		default:
			t.Errorf("%s: move %v returned %d times", where, m, count[m])
		}
		delete(count, m)
	}
	for m := range count {
		t.Errorf("%s: move %v returned but not expected (want %v)", where, m, want)
	}
}

// TestMovePickerPruneQuiets checks that a picker told to prune quiet moves
// partway through (as late move pruning does) returns every legal move
// once but the quiet moves after that point that do not give check, which
// it counts as passed over instead, in the same stages as ever.
func TestMovePickerPruneQuiets(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	tables := new(orderingTables)
	for c := range tables.history {
		for from := range tables.history[c] {
			for to := range tables.history[c][from] {
				tables.history[c][from][to] = rng.Int32N(2*historyMax) - historyMax
			}
		}
	}
	for _, p := range suitePositions(t) {
		checks := p.Checks()
		for pruneAfter := range 4 {
			var mp movePicker
			mp.initSearch(p, tables, chess.NoMove, 0, chess.NoMove, chess.NoPiece, tables.rows(p, nil, nil))
			where := fmt.Sprintf("%s, quiet moves pruned after %d", p.FEN(), pruneAfter)
			var got []chess.Move
			quiets, passedOver := 0, 0
			pruning := pruneAfter == 0
			if pruning {
				mp.pruneQuiets(&checks)
			}
			for m := mp.nextMove(); m != chess.NoMove && len(got) <= 2*chess.MaxMoves; m = mp.nextMove() {
				got = append(got, m)
				passedOver += mp.takePassedOver()
				if !m.IsQuiet() {
					continue
				}
				if pruning && !p.GivesCheck(m) {
					t.Errorf("%s: quiet move %v, which does not give check, returned while pruning", where, m)
				}
				if quiets++; quiets == pruneAfter {
					mp.pruneQuiets(&checks)
					pruning = true
				}
			}
			passedOver += mp.takePassedOver()
			var want []chess.Move
			pruned := 0
			for _, m := range p.LegalMoves() {
				if slices.Contains(got, m) || !m.IsQuiet() || p.GivesCheck(m) {
					want = append(want, m)
				} else {
					pruned++
				}
			}
			checkSameMoves(t, where, got, want)
			checkStages(t, where, p, got)
			if passedOver != pruned {
				t.Errorf("%s: %d moves passed over, want %d", where, passedOver, pruned)
			}
		}
	}
}

// TestQuietValueCountsThreats checks the value the search prunes and
// reduces quiet moves by: before the quiet stage (a quiet hash move) it is
// the history alone; from it on, the history plus the threat adjustment, so
// a knight escaping a pawn's attack is worth more than its history, one
// stepping into it less, and a safe move its history.
func TestQuietValueCountsThreats(t *testing.T) {
	// The pawn on e5 attacks d4 (a knight stands there) and f4; the knight
	// on h3 is safe.
	p := chess.MustParseFEN("4k3/8/8/4p3/3N4/7N/8/4K3 w - - 0 1")
	move := func(uci string) chess.Move {
		m, err := p.ParseUCI(uci)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	escape, into, safe := move("d4b3"), move("h3f4"), move("h3g5")
	tables := new(orderingTables)
	tables.history[chess.White][escape.From()][escape.To()] = 100
	tables.history[chess.White][into.From()][into.To()] = -50
	var mp movePicker
	mp.initSearch(p, tables, escape, 0, chess.NoMove, chess.NoPiece, tables.rows(p, nil, nil))
	knight := p.PieceAt(escape.From())
	history := func(m chess.Move) int32 { return tables.quietScore(chess.White, m, knight, &mp.rows) }
	if got := mp.nextMove(); got != escape {
		t.Fatalf("first move %v, want the hash move %v", got, escape)
	}
	if v := mp.quietValue(escape, knight); v != history(escape) {
		t.Errorf("before the quiet stage: value %d, want the history %d", v, history(escape))
	}
	for m := mp.nextMove(); m != chess.NoMove && !m.IsQuiet(); m = mp.nextMove() {
	}
	for _, tc := range []struct {
		m    chess.Move
		want int32
	}{
		{escape, history(escape) + threatValue[chess.Knight]},
		{into, history(into) - threatValue[chess.Knight]},
		{safe, history(safe)},
	} {
		if v := mp.quietValue(tc.m, knight); v != tc.want {
			t.Errorf("in the quiet stage: %v valued %d, want %d", tc.m, v, tc.want)
		}
	}
}
