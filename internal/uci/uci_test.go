package uci

import (
	"context"
	"errors"
	"fmt"
	"io"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/engine"
)

// The fake's output from the initial position and after 1. e4.
const (
	infoStart = "info depth 1 seldepth 2 multipv 1 score cp 12 nodes 20 nps 2000 hashfull 3 time 10 pv a2a3 a7a5"
	bestStart = "bestmove a2a3 ponder a7a5"
	infoE4    = "info depth 1 seldepth 2 multipv 1 score cp 12 nodes 20 nps 2000 hashfull 3 time 10 pv a7a5 a2a3"
	bestE4    = "bestmove a7a5 ponder a2a3"
)

// step sends lines and expects the next output lines to be want.
type step struct {
	send []string
	want []string
}

func TestLoopScripts(t *testing.T) {
	tests := []struct {
		name   string
		script []step
		check  func(t *testing.T, f *fakeSearcher)
	}{
		{"isready", []step{{[]string{"isready"}, []string{"readyok"}}}, nil},
		{"blank lines and spaces are ignored", []step{
			{[]string{"", "   ", "\t isready \t"}, []string{"readyok"}},
		}, nil},
		{"go depth", []step{{[]string{"go depth 1"}, []string{infoStart, bestStart}}}, nil},
		{"position startpos moves", []step{
			{[]string{"position startpos moves e2e4", "go depth 1"}, []string{infoE4, bestE4}},
		}, nil},
		{"position fen moves", []step{
			{[]string{"position fen 8/8/8/8/8/8/8/K6k w - - 0 1 moves a1b1", "go depth 1"},
				[]string{"info depth 1 * pv h1g1 b1a1", "bestmove h1g1 ponder b1a1"}},
		}, nil},
		{"checkmate: mate 0, as Stockfish says", []step{
			{[]string{"position fen rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", "go depth 1"},
				[]string{"info depth 0 score mate 0", "bestmove (none)"}},
		}, nil},
		{"stalemate: cp 0", []step{
			{[]string{"position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "go wtime 1000 btime 1000"},
				[]string{"info depth 0 score cp 0", "bestmove (none)"}},
		}, nil},
		{"a finished position under go infinite waits for stop", []step{
			{[]string{"position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "go infinite"}, []string{"info depth 0 score cp 0"}},
			{[]string{"isready"}, []string{"readyok"}},
			{[]string{"stop"}, []string{"bestmove (none)"}},
		}, nil},
		{"searchmoves", []step{
			{[]string{"go depth 1 searchmoves h2h4 g1f3"}, []string{"info * pv g1f3 a7a5", "bestmove g1f3 ponder a7a5"}},
			{[]string{"go searchmoves h2h4 depth 1"}, []string{"info * pv h2h4 a7a5", "bestmove h2h4 ponder a7a5"}},
		}, nil},
		{"isready and stop during go infinite", []step{
			{[]string{"go infinite"}, []string{infoStart}},
			{[]string{"isready"}, []string{"readyok"}},
			{[]string{"stop"}, []string{bestStart}},
		}, nil},
		{"stop and ponderhit when idle print nothing", []step{
			{[]string{"stop", "ponderhit", "isready"}, []string{"readyok"}},
		}, nil},
		{"ponder then ponderhit", []step{
			{[]string{"go ponder wtime 1000 btime 1000"}, []string{infoStart}},
			{[]string{"isready"}, []string{"readyok"}},
			{[]string{"ponderhit"}, []string{bestStart}},
		}, nil},
		{"ponder then stop", []step{
			{[]string{"go ponder wtime 1000 btime 1000"}, []string{infoStart}},
			{[]string{"stop"}, []string{bestStart}},
		}, nil},
		{"ponderhit during go infinite ponder keeps searching", []step{
			{[]string{"go infinite ponder"}, []string{infoStart}},
			{[]string{"ponderhit", "isready"}, []string{"readyok"}},
			{[]string{"stop"}, []string{bestStart}},
		}, nil},
		// Commands that need the engine idle wait for stop (quiet: nothing
		// is printed meanwhile), then run in order, as in Stockfish.
		{"go during go infinite waits for stop", []step{
			{[]string{"go infinite"}, []string{infoStart}},
			{[]string{"go depth 1"}, []string{quiet}},
			{[]string{"stop"}, []string{bestStart, infoStart, bestStart}},
		}, nil},
		{"position during go infinite waits for stop", []step{
			{[]string{"go infinite"}, []string{infoStart}},
			{[]string{"position startpos moves e2e4", "go depth 1"}, []string{quiet}},
			{[]string{"stop"}, []string{bestStart, infoE4, bestE4}},
		}, nil},
		{"ucinewgame during go infinite waits for stop, and isready after it", []step{
			{[]string{"go infinite"}, []string{infoStart}},
			{[]string{"ucinewgame", "isready"}, []string{quiet}},
			{[]string{"stop"}, []string{bestStart, "readyok"}},
		}, func(t *testing.T, f *fakeSearcher) {
			if f.clears != 1 {
				t.Errorf("Clear called %d times, want 1", f.clears)
			}
		}},
		{"setoption during go infinite waits for stop", []step{
			{[]string{"go infinite"}, []string{infoStart}},
			{[]string{"setoption name Hash value 32", "setoption name MultiPV value 3", "setoption name Nope"}, []string{quiet}},
			{[]string{"stop"}, []string{bestStart, `info string error: unknown option "Nope"`}},
			{[]string{"go depth 1"}, []string{infoStart, bestStart}},
		}, func(t *testing.T, f *fakeSearcher) {
			if !slices.Equal(f.hashMB, []int{32}) || f.last(t).Limits.MultiPV != 3 {
				t.Errorf("SetHashMB calls %v, MultiPV %d; want [32] and 3", f.hashMB, f.last(t).Limits.MultiPV)
			}
		}},
		{"stop after a go that waits stops both searches", []step{
			{[]string{"go infinite"}, []string{infoStart}},
			{[]string{"position startpos moves e2e4", "go infinite", "stop"}, []string{bestStart, infoE4, bestE4}},
			{[]string{"isready"}, []string{"readyok"}},
		}, nil},
		{"isready during a search is answered at once", []step{
			{[]string{"go infinite"}, []string{infoStart}},
			{[]string{"isready"}, []string{"readyok"}},
			{[]string{"stop"}, []string{bestStart}},
		}, nil},
		{"bad commands during a search wait, and so does the search", []step{
			{[]string{"go infinite"}, []string{infoStart}},
			{[]string{"go depth x", "position startpos moves e2e5", "xyzzy"}, []string{quiet}},
			{[]string{"stop"}, []string{bestStart,
				`info string warning: go depth: "x" is not a whole number; ignored`,
				"info string warning: go: nothing read limits a search for white to move; searching to depth 1",
				infoStart, bestStart,
				"info string error: position: move 1: *",
				`info string error: unknown command "xyzzy"`}},
		}, nil},
		{"ponderhit during go ponder runs the waiting commands after the search", []step{
			{[]string{"go ponder wtime 1000 btime 1000"}, []string{infoStart}},
			{[]string{"position startpos moves e2e4", "go depth 1"}, []string{quiet}},
			{[]string{"ponderhit"}, []string{bestStart, infoE4, bestE4}},
		}, nil},
		{"debug is accepted", []step{{[]string{"debug on", "debug off", "isready"}, []string{"readyok"}}}, nil},
		{"d draws the board", []step{
			{[]string{"position startpos moves e2e4", "d"}, []string{
				"8 r n b q k b n r",
				"7 p p p p p p p p",
				"6 . . . . . . . .",
				"5 . . . . . . . .",
				"4 . . . . P . . .",
				"3 . . . . . . . .",
				"2 P P P P . P P P",
				"1 R N B Q K B N R",
				"  a b c d e f g h",
				"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
				"Key: *",
				"Checkers: ",
			}},
			{[]string{"position fen 4k3/8/8/8/8/8/4r3/4K3 w - - 0 1", "d"}, []string{
				"8 . . . . k . . .", "7*", "6*", "5*", "4*", "3*", "2*", "1*", "  a b c d e f g h", "4k3/*", "Key: *",
				"Checkers: e2",
			}},
		}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFake()
			s := startSession(t, t.Context(), f)
			for _, st := range tt.script {
				s.send(st.send...)
				s.expect(st.want...)
			}
			s.quit()
			if tt.check != nil {
				tt.check(t, f)
			}
		})
	}
}

// TestIsreadyAfterWaitingGo checks that an isready that waited behind a go
// is answered once that go's search has started, not after it: a go read
// before the last search's end was noticed waits, and must not hold back
// the isready after it until a "go infinite" is stopped.
func TestIsreadyAfterWaitingGo(t *testing.T) {
	for range 20 { // the race between the first search's end and the go
		s := startSession(t, t.Context(), newFake())
		s.send("go depth 1", "go infinite", "isready")
		s.expect(infoStart, bestStart)
		got := []string{s.next(), s.next()}
		slices.Sort(got)
		if want := []string{infoStart, "readyok"}; !slices.Equal(got, want) {
			t.Fatalf("after the first search: %q, want %q in any order", got, want)
		}
		s.send("stop")
		s.expect(bestStart)
		s.quit()
	}
}

func TestUCIHandshake(t *testing.T) {
	levels := ""
	for _, lv := range engine.Levels() {
		if lv.Name != "max" {
			levels += " var " + lv.Name
		}
	}
	want := []string{
		"id name Outpost " + version(),
		"id author The Outpost developers",
		"option name Hash type spin default 16 min 1 max 32768",
		"option name Threads type spin default 1 min 1 max 256",
		"option name MultiPV type spin default 1 min 1 max 64",
		"option name Move Overhead type spin default 30 min 0 max 5000",
		"option name Clear Hash type button",
		"option name Ponder type check default false",
		"option name UCI_LimitStrength type check default false",
		fmt.Sprintf("option name UCI_Elo type spin default %d min %d max %d", engine.MinElo, engine.MinElo, engine.MaxElo),
		"option name Level type combo default Max" + levels + " var Max",
	}
	want = append(append(want, defaultEvaluationLines()...), "uciok")
	s := startSession(t, t.Context(), newFake())
	s.send("uci")
	s.expect(want...)
	// The defaults are declared as they were, whatever was set since.
	s.send("setoption name Hash value 64", "setoption name Ponder value true", "uci")
	s.expect(want...)
	s.quit()
}

// TestBadInput checks that a rejected command is answered with an error
// and changes nothing.
func TestBadInput(t *testing.T) {
	tests := []struct {
		name    string
		fake    func(f *fakeSearcher) // configures the fake, if not nil
		line    string
		wantErr string // in the reason
		// The "go depth 1" after the bad line shows the state was kept.
		wantBest string
		check    func(t *testing.T, f *fakeSearcher, p engine.Params)
	}{
		{name: "unknown command", line: "xyzzy 1 2", wantErr: `unknown command "xyzzy"`},
		{name: "commands are case-sensitive", line: "Go depth 1", wantErr: `unknown command "Go"`},
		{name: "debug without on or off", line: "debug maybe", wantErr: "debug wants on or off"},

		{name: "setoption without name", line: "setoption Hash value 3", wantErr: "setoption wants"},
		{name: "setoption with empty name", line: "setoption name value 3", wantErr: "no option name"},
		{name: "unknown option", line: "setoption name Foo value 1", wantErr: `unknown option "Foo"`},
		{name: "spin below range", line: "setoption name Hash value 0", wantErr: "option Hash: value 0 is out of range 1..32768"},
		{name: "spin above range", line: "setoption name hash value 32769", wantErr: "out of range"},
		{name: "spin not a number", line: "setoption name Hash value 1e3", wantErr: `value "1e3" is not an integer`},
		{name: "spin without value", line: "setoption name Hash", wantErr: "option Hash: missing value"},
		{name: "spin with empty value", line: "setoption name Hash value", wantErr: "is not an integer"},
		{name: "MultiPV above range", line: "setoption name MultiPV value 65", wantErr: "out of range 1..64",
			check: func(t *testing.T, f *fakeSearcher, p engine.Params) {
				if p.Limits.MultiPV != 1 {
					t.Errorf("MultiPV = %d, want 1", p.Limits.MultiPV)
				}
			}},
		{name: "Threads above range", line: "setoption name Threads value 257", wantErr: "out of range 1..256",
			check: func(t *testing.T, f *fakeSearcher, p engine.Params) {
				if len(f.threads) != 0 {
					t.Errorf("SetThreads called with %v, want no call", f.threads)
				}
			}},
		{name: "Move Overhead below range", line: "setoption name Move Overhead value -1", wantErr: "out of range 0..5000"},
		{name: "UCI_Elo below range", line: "setoption name UCI_Elo value 100", wantErr: "out of range"},
		{name: "check not a bool", line: "setoption name Ponder value maybe", wantErr: `value "maybe" is not true or false`},
		{name: "check without value", line: "setoption name UCI_LimitStrength", wantErr: "missing value"},
		{name: "combo not a var", line: "setoption name Level value 9", wantErr: `value "9" is not one of`,
			check: func(t *testing.T, f *fakeSearcher, p engine.Params) {
				if p.Level != (engine.Level{}) {
					t.Errorf("Level = %+v, want the zero Level", p.Level)
				}
			}},
		{name: "engine refuses the hash size", fake: func(f *fakeSearcher) { f.hashErr = errors.New("no memory") },
			line: "setoption name Hash value 1024", wantErr: "option Hash: no memory"},

		{name: "go perft not a number", line: "go perft x", wantErr: `go perft: "x"`},
		{name: "go perft zero", line: "go perft 0", wantErr: "go perft: 0 is out of range 1..20"},
		{name: "go perft too deep", line: "go perft 21", wantErr: "out of range"},
		{name: "go perft with other parameters", line: "go perft 2 depth 3", wantErr: `go perft wants only "perft N"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFake()
			if tt.fake != nil {
				tt.fake(f)
			}
			s := startSession(t, t.Context(), f)
			s.send(tt.line)
			got := s.next()
			reason, ok := strings.CutPrefix(got, "info string error: ")
			if !ok || !strings.Contains(reason, tt.wantErr) {
				t.Fatalf("%q: output %q, want info string error: ...%s...", tt.line, got, tt.wantErr)
			}
			s.send("go depth 1")
			want := tt.wantBest
			if want == "" {
				want = bestStart
			}
			s.expect("info depth *", want)
			s.quit()
			if n := len(f.searches); n != 1 {
				t.Errorf("%d searches, want 1 (a rejected go starts none)", n)
			}
			if len(f.hashMB) != 0 {
				t.Errorf("SetHashMB called with %v, want no call", f.hashMB)
			}
			if tt.check != nil {
				tt.check(t, f, f.last(t))
			}
		})
	}
}

func TestOptionsAndLimits(t *testing.T) {
	ms := time.Millisecond
	type tc struct {
		name  string
		setup []string // setoption lines
		goCmd string   // must have a limit, so that the fake returns
		check func(t *testing.T, p engine.Params, f *fakeSearcher)
	}
	limits := func(want engine.Limits) func(t *testing.T, p engine.Params, f *fakeSearcher) {
		return func(t *testing.T, p engine.Params, f *fakeSearcher) {
			t.Helper()
			if !reflect.DeepEqual(p.Limits, want) {
				t.Errorf("Limits = %+v, want %+v", p.Limits, want)
			}
		}
	}
	level := func(want engine.Level) func(t *testing.T, p engine.Params, f *fakeSearcher) {
		return func(t *testing.T, p engine.Params, f *fakeSearcher) {
			t.Helper()
			if p.Level != want {
				t.Errorf("Level = %+v, want %+v", p.Level, want)
			}
		}
	}
	tests := []tc{
		{name: "default overhead", goCmd: "go wtime 1000 btime 2000",
			check: limits(engine.Limits{WTime: 970 * ms, BTime: 1970 * ms, MultiPV: 1})},
		{name: "move overhead", setup: []string{"setoption name Move Overhead value 100"},
			goCmd: "go wtime 1000 btime 50 winc 10 binc 20 movestogo 5",
			check: limits(engine.Limits{WTime: 900 * ms, BTime: ms, WInc: 10 * ms, BInc: 20 * ms, MovesToGo: 5, MultiPV: 1})},
		{name: "option names are case-insensitive", setup: []string{"setoption name move OVERHEAD value 0"},
			goCmd: "go wtime 1000 btime 1000", check: limits(engine.Limits{WTime: 1000 * ms, BTime: 1000 * ms, MultiPV: 1})},
		{name: "negative clock and increment", goCmd: "go wtime -50 btime 1000 winc -5",
			check: limits(engine.Limits{WTime: ms, BTime: 970 * ms, MultiPV: 1})},
		{name: "movetime less the overhead", goCmd: "go movetime 500", check: limits(engine.Limits{MoveTime: 470 * ms, MultiPV: 1})},
		{name: "movetime shorter than the overhead", goCmd: "go movetime 20", check: limits(engine.Limits{MoveTime: ms, MultiPV: 1})},
		{name: "movetime with no overhead", setup: []string{"setoption name Move Overhead value 0"}, goCmd: "go movetime 500",
			check: limits(engine.Limits{MoveTime: 500 * ms, MultiPV: 1})},
		{name: "depth and nodes", goCmd: "go depth 7 nodes 1000", check: limits(engine.Limits{Depth: 7, Nodes: 1000, MultiPV: 1})},
		{name: "mate is a depth limit", goCmd: "go mate 3", check: limits(engine.Limits{Depth: 5, MultiPV: 1})},
		{name: "mate and a smaller depth", goCmd: "go mate 3 depth 4", check: limits(engine.Limits{Depth: 4, MultiPV: 1})},
		{name: "searchmoves", goCmd: "go searchmoves h2h4 g1f3 nodes 5",
			check: limits(engine.Limits{Nodes: 5, SearchMoves: []chess.Move{
				moveOf(chess.StartingPosition(), "h2h4"), moveOf(chess.StartingPosition(), "g1f3")}, MultiPV: 1})},
		{name: "MultiPV", setup: []string{"setoption name multipv value 4"}, goCmd: "go depth 2",
			check: limits(engine.Limits{Depth: 2, MultiPV: 4})},
		{name: "Threads and Ponder accepted", setup: []string{"setoption name Threads value 1", "setoption name Ponder value TRUE"},
			goCmd: "go depth 2", check: limits(engine.Limits{Depth: 2, MultiPV: 1})},
		{name: "Threads", setup: []string{"setoption name Threads value 4", "setoption name threads value 2"}, goCmd: "go depth 1",
			check: func(t *testing.T, p engine.Params, f *fakeSearcher) {
				if !slices.Equal(f.threads, []int{4, 2}) {
					t.Errorf("SetThreads calls %v, want [4 2]", f.threads)
				}
			}},
		{name: "Hash", setup: []string{"setoption name Hash value 64", "setoption name HASH value 1"}, goCmd: "go depth 1",
			check: func(t *testing.T, p engine.Params, f *fakeSearcher) {
				if !slices.Equal(f.hashMB, []int{64, 1}) {
					t.Errorf("SetHashMB calls %v, want [64 1]", f.hashMB)
				}
			}},
		{name: "Clear Hash and ucinewgame", setup: []string{"setoption name Clear Hash", "ucinewgame", "setoption name clear hash value x"},
			goCmd: "go depth 1",
			check: func(t *testing.T, p engine.Params, f *fakeSearcher) {
				if f.clears != 3 {
					t.Errorf("Clear called %d times, want 3", f.clears)
				}
			}},
		{name: "full strength by default", goCmd: "go depth 1", check: level(engine.Level{})},
		{name: "UCI_Elo without UCI_LimitStrength", setup: []string{"setoption name UCI_Elo value 1500"},
			goCmd: "go depth 1", check: level(engine.Level{})},
		{name: "UCI_LimitStrength", setup: []string{"setoption name UCI_LimitStrength value true", "setoption name UCI_Elo value 1500"},
			goCmd: "go depth 1", check: level(engine.LevelForElo(1500))},
		{name: "UCI_LimitStrength off again", setup: []string{"setoption name UCI_LimitStrength value true",
			"setoption name UCI_LimitStrength value false"},
			goCmd: "go depth 1", check: level(engine.Level{})},
	}
	// Every Level value, and UCI_LimitStrength overriding it.
	for _, name := range append(levelNames(), "Max", "MAX") {
		want := engine.Level{}
		if !strings.EqualFold(name, "max") {
			var err error
			if want, err = engine.ParseLevel(name); err != nil {
				t.Fatal(err)
			}
		}
		tests = append(tests,
			tc{name: "Level " + name, setup: []string{"setoption name Level value " + name},
				goCmd: "go depth 1", check: level(want)},
			tc{name: "UCI_LimitStrength overrides Level " + name,
				setup: []string{"setoption name Level value " + name, "setoption name UCI_LimitStrength value true"},
				goCmd: "go depth 1", check: level(engine.LevelForElo(engine.MinElo))})
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFake()
			s := startSession(t, t.Context(), f)
			s.send(tt.setup...)
			s.send(tt.goCmd)
			s.expect("info depth *", "bestmove *")
			s.quit()
			tt.check(t, f.last(t), f)
		})
	}
}

// levelNames returns the names of engine.Levels.
func levelNames() []string {
	var names []string
	for _, lv := range engine.Levels() {
		names = append(names, lv.Name)
	}
	return names
}

// moveOf returns the legal move s of pos.
func moveOf(pos *chess.Position, s string) chess.Move {
	for _, m := range pos.LegalMoves() {
		if m.String() == s {
			return m
		}
	}
	return chess.NoMove
}

func TestPositionHistory(t *testing.T) {
	const kings = "8/8/8/8/8/8/8/K6k w - - 0 1"
	tests := []struct {
		name     string
		lines    []string // position commands; the last one counts
		start    string   // FEN of the starting position of the last one
		moves    []string // its moves
		wantRoot string   // FEN of the root
	}{
		{"startpos", []string{"position startpos"}, chess.StartFEN, nil, chess.StartFEN},
		{"startpos moves", []string{"position startpos moves e2e4 e7e5 g1f3"}, chess.StartFEN,
			[]string{"e2e4", "e7e5", "g1f3"}, "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"},
		{"repetition before the root", []string{"position startpos moves g1f3 g8f6 f3g1 f6g8"}, chess.StartFEN,
			[]string{"g1f3", "g8f6", "f3g1", "f6g8"}, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 4 3"},
		{"fen moves", []string{"position fen " + kings + " moves a1b1 h1g1"}, kings,
			[]string{"a1b1", "h1g1"}, "8/8/8/8/8/8/8/1K4k1 w - - 2 2"},
		{"castling and upper-case promotion", []string{"position fen r3k2r/6P1/8/8/8/8/8/R3K2R w KQkq - 0 1 moves e1g1 e8c8 g7g8Q"},
			"r3k2r/6P1/8/8/8/8/8/R3K2R w KQkq - 0 1", []string{"e1g1", "e8c8", "g7g8q"}, "2kr2Qr/8/8/8/8/8/8/R4RK1 b - - 0 2"},
		{"a new position replaces the history", []string{"position startpos moves e2e4", "position fen " + kings}, kings, nil, kings},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFake()
			s := startSession(t, t.Context(), f)
			s.send(tt.lines...)
			s.send("go depth 1")
			s.expect("info depth *", "bestmove *")
			s.quit()
			p := f.last(t)

			pos := chess.MustParseFEN(tt.start)
			var want []uint64
			for _, m := range tt.moves {
				want = append(want, pos.Hash())
				pos.MakeMove(moveOf(pos, m))
			}
			if got := p.Position.FEN(); got != tt.wantRoot || pos.FEN() != tt.wantRoot {
				t.Errorf("root %s (replayed: %s), want %s", got, pos.FEN(), tt.wantRoot)
			}
			if p.Position.Hash() != pos.Hash() {
				t.Errorf("root hash %x, want %x", p.Position.Hash(), pos.Hash())
			}
			if !slices.Equal(p.History, want) {
				t.Errorf("History = %x, want %x", p.History, want)
			}
			if strings.Contains(tt.name, "repetition") && (len(p.History) == 0 || p.History[0] != p.Position.Hash()) {
				t.Errorf("History = %x does not start with the root's hash %x", p.History, p.Position.Hash())
			}
		})
	}
}

func TestPerft(t *testing.T) {
	const kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
	tests := []struct {
		fen   string
		depth int
		total uint64
	}{
		{chess.StartFEN, 1, 20},
		{chess.StartFEN, 3, 8902},
		{kiwipete, 2, 2039},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%s/%d", tt.fen, tt.depth), func(t *testing.T) {
			s := startSession(t, t.Context(), newFake())
			s.send("position fen "+tt.fen, fmt.Sprintf("go perft %d", tt.depth))
			pos := chess.MustParseFEN(tt.fen)
			var want []string
			for _, m := range pos.LegalMoves() {
				child := *pos
				child.MakeMove(m)
				want = append(want, fmt.Sprintf("%v: %d", m, chess.Perft(&child, tt.depth-1)))
			}
			want = append(want, "", fmt.Sprintf("Nodes searched: %d", tt.total), "")
			s.expect(want...)
			s.quit()
		})
	}
}

func TestStopPerft(t *testing.T) {
	s := startSession(t, t.Context(), newFake())
	s.send("go perft 20", "isready")
	s.expect("readyok")
	s.send("stop")
	s.expect("info string perft stopped")
	s.send("go perft 20", "quit")
	s.expect("info string perft stopped")
	s.wait(nil)
}

// waitReturned waits until the fake has returned from n searches.
func waitReturned(t *testing.T, f *fakeSearcher, n int) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		f.mu.Lock()
		r := f.returned
		f.mu.Unlock()
		if r >= n {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d searches returned within %v, want %d", r, timeout, n)
		}
		time.Sleep(time.Millisecond)
	}
}

// TestBestMoveHeld checks that infinite and ponder searches that end early
// print bestmove only after stop or ponderhit.
func TestBestMoveHeld(t *testing.T) {
	tests := []struct {
		goCmd  string
		script []step // then nothing more is printed
	}{
		{"go infinite", []step{
			{[]string{"ponderhit", "isready"}, []string{"readyok"}},
			{[]string{"stop"}, []string{bestStart}},
		}},
		{"go ponder wtime 1000 btime 1000", []step{{[]string{"ponderhit"}, []string{bestStart}}}},
		{"go ponder wtime 1000 btime 1000", []step{{[]string{"stop"}, []string{bestStart}}}},
		{"go ponder infinite", []step{
			{[]string{"ponderhit", "isready"}, []string{"readyok"}},
			{[]string{"stop"}, []string{bestStart}},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.goCmd+" then "+tt.script[0].send[0], func(t *testing.T) {
			f := newFake()
			f.returnEarly = true
			s := startSession(t, t.Context(), f)
			s.send(tt.goCmd)
			s.expect(infoStart)
			waitReturned(t, f, 1)
			s.send("isready")
			s.expect("readyok")
			for _, st := range tt.script {
				s.send(st.send...)
				s.expect(st.want...)
			}
			s.quit()
		})
	}
}

func TestQuitMidSearch(t *testing.T) {
	for _, goCmd := range []string{"go infinite", "go ponder wtime 1000 btime 1000", "go perft 20"} {
		t.Run(goCmd, func(t *testing.T) {
			s := startSession(t, t.Context(), newFake())
			s.send(goCmd)
			if goCmd != "go perft 20" {
				s.expect(infoStart)
			}
			s.send("isready")
			s.expect("readyok")
			s.send("quit")
			if goCmd == "go perft 20" {
				s.expect("info string perft stopped")
			} else {
				s.expect(bestStart)
			}
			s.wait(nil)
		})
	}
}

func TestEndOfInput(t *testing.T) {
	t.Run("infinite, ponder and unlimited searches are stopped", func(t *testing.T) {
		for _, goCmd := range []string{"go infinite", "go ponder wtime 1000 btime 1000", "go", "go searchmoves e2e4"} {
			s := startSession(t, t.Context(), newFake())
			s.send(goCmd)
			s.expect("info depth *")
			s.in.Close()
			s.expect("bestmove *")
			s.wait(nil)
		}
	})
	t.Run("a search with limits finishes", func(t *testing.T) {
		gate := make(chan struct{})
		f := &gatedSearcher{fakeSearcher: newFake(), gate: gate}
		pr, pw := io.Pipe()
		lines := make(chan string, 100)
		done := make(chan error, 1)
		go func() { done <- Run(t.Context(), pr, &lineWriter{lines: lines}, f) }()
		io.WriteString(pw, "go depth 1\n")
		pw.Close()
		s := &session{t: t, lines: lines, done: done}
		s.expect(infoStart)
		select {
		case err := <-done:
			t.Fatalf("Run returned %v before the search ended", err)
		default:
		}
		close(gate)
		s.expect(bestStart)
		s.wait(nil)
		if f.cancelled {
			t.Error("the search was cancelled")
		}
	})
}

// gatedSearcher searches like fakeSearcher, then waits for gate (or its
// cancellation, which it records) before returning.
type gatedSearcher struct {
	*fakeSearcher
	gate      chan struct{}
	cancelled bool
}

func (g *gatedSearcher) Search(ctx context.Context, p engine.Params) engine.Result {
	res := g.fakeSearcher.Search(ctx, p)
	select {
	case <-g.gate:
	case <-ctx.Done():
		g.cancelled = true
	}
	return res
}

// TestQuitDropsWaitingCommands checks that quit drops the commands waiting
// for the search it stops: a loop run again does not run them.
func TestQuitDropsWaitingCommands(t *testing.T) {
	var out strings.Builder
	l := NewLoop(newFake(), &out)
	if err := l.Run(t.Context(), strings.NewReader("go infinite\nposition startpos moves e2e4\nquit\n")); err != nil {
		t.Fatal(err)
	}
	first := out.String()
	if !strings.HasSuffix(first, bestStart+"\n") {
		t.Fatalf("first run: %q, want the search stopped", first)
	}
	if err := l.Run(t.Context(), strings.NewReader("go depth 1\n")); err != nil {
		t.Fatal(err)
	}
	if got, want := strings.TrimPrefix(out.String(), first), infoStart+"\n"+bestStart+"\n"; got != want {
		t.Errorf("second run: %q, want %q (from the start position)", got, want)
	}
}

func TestContextCancelled(t *testing.T) {
	t.Run("during a search", func(t *testing.T) {
		ctx, cancel := context.WithCancel(t.Context())
		s := startSession(t, ctx, newFake())
		s.send("go infinite")
		s.expect(infoStart)
		cancel()
		s.expect(bestStart)
		s.wait(context.Canceled)
	})
	t.Run("while reading", func(t *testing.T) {
		ctx, cancel := context.WithCancel(t.Context())
		s := startSession(t, ctx, newFake())
		s.send("isready")
		s.expect("readyok")
		cancel()
		s.wait(context.Canceled)
	})
}

// failWriter fails every write.
type failWriter struct{}

var errWrite = errors.New("broken pipe")

func (failWriter) Write([]byte) (int, error) { return 0, errWrite }

func TestWriteError(t *testing.T) {
	err := Run(t.Context(), strings.NewReader("isready\nisready\n"), failWriter{}, newFake())
	if !errors.Is(err, errWrite) {
		t.Fatalf("Run = %v, want an error wrapping %v", err, errWrite)
	}
}

// TestLineTooLong checks that a line longer than 1 MiB is skipped with an
// error, whether it ends with a newline or the input, and that the loop goes
// on (it used to end with "bufio.Scanner: token too long").
func TestLineTooLong(t *testing.T) {
	long := "position startpos moves" + strings.Repeat(" e2e4", maxLineBytes/5+1)
	tests := []struct {
		name, in, want string
	}{
		{"followed by more commands", "isready\n" + long + "\nisready\n" + long + "\r\ngo depth 1\n",
			"readyok\n" +
				fmt.Sprintf("info string error: a line of %d bytes is longer than 1048576 bytes (1 MiB); skipped\n", len(long)) +
				"readyok\n" +
				fmt.Sprintf("info string error: a line of %d bytes is longer than 1048576 bytes (1 MiB); skipped\n", len(long)+1) +
				infoStart + "\n" + bestStart + "\n"},
		{"at the end of the input", "isready\n" + long,
			"readyok\n" + fmt.Sprintf("info string error: a line of %d bytes is longer than 1048576 bytes (1 MiB); skipped\n", len(long))},
		{"exactly 1 MiB is not too long", "position fen 4k3/8/8/8/8/8/8/4K3 w - - 0 1" + strings.Repeat(" ", maxLineBytes-42) + "\nd\n",
			"8 . . . . k . . .\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out strings.Builder
			if err := Run(t.Context(), strings.NewReader(tt.in), &out, newFake()); err != nil {
				t.Fatalf("Run: %v", err)
			}
			if !strings.HasPrefix(out.String(), tt.want) {
				t.Errorf("output %q, want it to start with %q", out.String(), tt.want)
			}
		})
	}
}

func TestFormatInfo(t *testing.T) {
	pos := chess.StartingPosition()
	e4 := moveOf(pos, "e2e4")
	child := *pos
	child.MakeMove(e4)
	c5 := moveOf(&child, "c7c5")
	tests := []struct {
		info engine.Info
		want string
	}{
		{engine.Info{}, "info depth 0 seldepth 0 multipv 1 score cp 0 nodes 0 nps 0 hashfull 0 time 0"},
		{engine.Info{Depth: 12, SelDepth: 20, MultiPV: 2, Score: -35, Bound: engine.Lower, Nodes: 123456, NPS: 987654,
			Time: 1500 * time.Millisecond, Hashfull: 250, PV: []chess.Move{e4, c5}},
			"info depth 12 seldepth 20 multipv 2 score cp -35 lowerbound nodes 123456 nps 987654 hashfull 250 time 1500 pv e2e4 c7c5"},
		{engine.Info{Depth: 5, Score: engine.MateIn(3), Bound: engine.Upper},
			"info depth 5 seldepth 0 multipv 1 score mate 2 upperbound nodes 0 nps 0 hashfull 0 time 0"},
		{engine.Info{Depth: 5, Score: engine.MatedIn(2), Time: 999 * time.Microsecond},
			"info depth 5 seldepth 0 multipv 1 score mate -1 nodes 0 nps 0 hashfull 0 time 0"},
	}
	for _, tt := range tests {
		if got := formatInfo(pos, tt.info); got != tt.want {
			t.Errorf("formatInfo(%+v)\n got %q\nwant %q", tt.info, got, tt.want)
		}
	}
}

func TestFormatBestMove(t *testing.T) {
	pos := chess.StartingPosition()
	e4 := moveOf(pos, "e2e4")
	child := *pos
	child.MakeMove(e4)
	c5 := moveOf(&child, "c7c5")
	d4 := moveOf(pos, "d2d4")
	tests := []struct {
		name string
		res  engine.Result
		want string
	}{
		{"none", engine.Result{}, "bestmove (none)"},
		{"no ponder", engine.Result{BestMove: e4}, "bestmove e2e4"},
		{"ponder move", engine.Result{BestMove: e4, PonderMove: c5}, "bestmove e2e4 ponder c7c5"},
		{"ponder from the PV", engine.Result{BestMove: e4, PV: []chess.Move{e4, c5}}, "bestmove e2e4 ponder c7c5"},
		{"PV of another move", engine.Result{BestMove: d4, PV: []chess.Move{e4, c5}}, "bestmove d2d4"},
		{"illegal ponder move", engine.Result{BestMove: e4, PonderMove: d4}, "bestmove e2e4"},
	}
	for _, tt := range tests {
		if got := formatBestMove(pos, tt.res); got != tt.want {
			t.Errorf("%s: got %q, want %q", tt.name, got, tt.want)
		}
	}
}
