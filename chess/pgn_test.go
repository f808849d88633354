package chess

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"
	"time"
)

// textLineOf returns the line number (from 1) of the first occurrence of sub
// in s.
func textLineOf(s, sub string) int {
	i := strings.Index(s, sub)
	if i < 0 {
		panic("textLineOf: " + sub + " not found")
	}
	return 1 + strings.Count(s[:i], "\n")
}

// sanLine returns the game's moves in SAN, joined by spaces.
func sanLine(g *Game) string { return strings.Join(g.SANMoves(), " ") }

const multiGamePGN = `% An escape line, ignored: [Event "not a tag"]
[Event "Casual \"blitz\" game"]
[Site "Paris \\ Opera"]
[Date "1858.??.??"]
[Round "?"]
[White "Morphy, Paul"]
[Black "Duke Karl / Count Isouard"]
[Result "1-0"]
[ECO "C41"]

{The Opera Game.} 1. e4 e5 2. Nf3 d6 3. d4 Bg4 $6 {A weak move.} 4. dxe5 Bxf3
5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 $1 Qe7 8. Nc3 (8. Qxb7 Qb4+ (8... Qb4+?! 9. Qxb4)
9. Qxb4 Bxb4+) 8... c6 9. Bg5 b5?! 10. Nxb5! cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8
13. Rxd7 Rxd7 14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ ; the famous finish
Nxb8 17. Rd8# 1-0

[Event "Broken"]
[White "A"]
[Black "B"]
[Result "*"]

1. e4 e5 2. Nf3 Nf9 3. Bb5 *

[Event "From a position"]
[SetUp "1"]
[FEN "4k3/8/8/8/8/8/1p6/R3K3 b Q - 0 40"]
[Result "0-1"]

40... bxa1=Q+ 41. Ke2 {Oops.} 41... Kd7 0-1

[Event "Marker wins over the Result tag"]
[Result "1-0"]

1. d4 d5 1/2-1/2

[Event "The board wins over the marker"]
[Result "1/2-1/2"]

1. f3 e5 2. g4 Qh4# 1/2-1/2

[Event "No marker: the Result tag decides"]
[Result "0-1"]

1. c4 c5

[Event "Last"]
[Termination "time forfeit"]

1.e4 e5 2.Nf3 1-0
`

func TestReadPGN(t *testing.T) {
	games, err := ReadPGN(strings.NewReader(multiGamePGN))
	if err == nil {
		t.Fatal("ReadPGN reported no error for the broken game")
	}
	var pe *PGNError
	if !errors.As(err, &pe) {
		t.Fatalf("error %v is not a *PGNError", err)
	}
	if want := textLineOf(multiGamePGN, "Nf9"); pe.Line != want || pe.Game != 2 {
		t.Errorf("error at line %d, game %d; want line %d, game 2", pe.Line, pe.Game, want)
	}
	for _, w := range []string{"chess: PGN line ", "game 2: ", `illegal move 2... Nf9`, `"Nf9" is not a move`} {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("error %q does not mention %q", err, w)
		}
	}
	if strings.Count(err.Error(), "chess:") != 1 {
		t.Errorf("error %q repeats the package prefix", err)
	}
	if len(games) != 6 {
		t.Fatalf("read %d games, want 6", len(games))
	}

	opera := games[0]
	wantMoves := "e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6 Qb3 Qe7 Nc3 c6 Bg5 b5 Nxb5 cxb5 " +
		"Bxb5+ Nbd7 O-O-O Rd8 Rxd7 Rxd7 Rd1 Qe6 Bxd7+ Nxd7 Qb8+ Nxb8 Rd8#"
	if got := sanLine(opera); got != wantMoves {
		t.Errorf("Opera game moves:\n%s\nwant\n%s", got, wantMoves)
	}
	checks := []struct{ got, want string }{
		{opera.Tag("Event"), `Casual "blitz" game`},
		{opera.Tag("Site"), `Paris \ Opera`},
		{opera.Tag("White"), "Morphy, Paul"},
		{opera.Tag("ECO"), "C41"},
		{opera.Tag("Result"), "1-0"},
		{opera.Comment(0), "The Opera Game."},
		{opera.Comment(6), "A weak move."},
		{opera.Comment(31), "the famous finish"},
		{opera.Outcome().String(), "white wins by checkmate"},
	}
	for i, c := range checks {
		if c.got != c.want {
			t.Errorf("Opera game check %d: got %q, want %q", i, c.got, c.want)
		}
	}
	nags := map[int][]NAG{6: {DubiousMove}, 13: {GoodMove}, 18: {DubiousMove}, 19: {GoodMove}}
	for ply := 1; ply <= opera.Len(); ply++ {
		if got := opera.NAGs(ply); !slices.Equal(got, nags[ply]) {
			t.Errorf("Opera game NAGs(%d) = %v, want %v", ply, got, nags[ply])
		}
	}

	fromFEN := games[1]
	if got := fromFEN.StartPosition().FEN(); got != "4k3/8/8/8/8/8/1p6/R3K3 b Q - 0 40" {
		t.Errorf("FEN game starts from %s", got)
	}
	if got := sanLine(fromFEN); got != "bxa1=Q+ Ke2 Kd7" {
		t.Errorf("FEN game moves %q", got)
	}
	if fromFEN.Comment(2) != "Oops." {
		t.Errorf("FEN game comment %q", fromFEN.Comment(2))
	}
	if got := fromFEN.Outcome(); got != (Outcome{BlackWins, NoReason}) {
		t.Errorf("FEN game outcome %v, want 0-1 with no reason", got)
	}

	outcomes := []struct {
		g    *Game
		want Outcome
	}{
		{games[2], Outcome{Draw, NoReason}},
		{games[3], Outcome{BlackWins, Checkmate}},
		{games[4], Outcome{BlackWins, NoReason}},
		{games[5], Outcome{WhiteWins, TimeForfeit}},
	}
	for _, o := range outcomes {
		if got := o.g.Outcome(); got != o.want {
			t.Errorf("%s: outcome %v, want %v", o.g.Tag("Event"), got, o.want)
		}
		if got := o.g.Tag("Result"); got != o.want.Result.String() {
			t.Errorf("%s: Result tag %q, want %q", o.g.Tag("Event"), got, o.want.Result)
		}
	}
	if got := sanLine(games[5]); got != "e4 e5 Nf3" {
		t.Errorf("last game moves %q", got)
	}
}

func TestReadPGNErrors(t *testing.T) {
	tests := []struct {
		name, pgn string
		at        string // text on the line the error names
		want      string // text the error must contain
		swallows  bool   // the error hides the next game
	}{
		{"illegal move", "1. e4 e5 2. Ke3 *", "Ke3", "illegal move 2. Ke3", false},
		{"ambiguous move", "[FEN \"" + fenTwoKnights + "\"]\n\n1. Nd2 *", "Nd2", "ambiguous", false},
		{"bad FEN", "[Event \"x\"]\n[FEN \"8/8/8 w - - 0 1\"]\n\n1. e4 *", "[FEN", "bad FEN tag", false},
		{"tag without value", "[Event]\n\n1. e4 *", "[Event]", "quoted value", false},
		{"tag without name", "[\"x\"]\n1. e4 *", "[\"x", "tag name", false},
		{"unclosed tag", "[Event \"x\"\n1. e4 *", "1. e4", `"]"`, false},
		{"unclosed string", "[Event \"x]\n1. e4 *", `"x]`, "not closed", false},
		{"unclosed comment", "1. e4 {never closed\n\n e5 *", "{never", "comment not closed", true},
		{"unclosed variation", "1. e4 (1. d4 d5\n*", "(1. d4", "variation not closed", false},
		{"stray parenthesis", "1. e4 ) e5 *", "e4 )", "unexpected ')'", false},
		{"bad NAG", "1. e4 $300 *", "$300", "NAG", false},
		{"bad mark", "1. e4 !!! *", "!!!", "move mark", false},
		{"bad character", "1. e4 & e5 *", "&", "unexpected character", false},
		{"move after mate", "1. f3 e5 2. g4 Qh4# 3. a3 0-1", "3. a3", "after the end of the game", false},
		{"null move", "1. e4 -- 2. d4 *", "--", "unexpected character", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// The broken game sits between two good ones.
			text := "[Event \"one\"]\n\n1. b3 *\n\n" + tt.pgn + "\n\n[Event \"three\"]\n\n1. g3 *\n"
			games, err := ReadPGN(strings.NewReader(text))
			var pe *PGNError
			if !errors.As(err, &pe) {
				t.Fatalf("error %v, want a *PGNError", err)
			}
			if want := textLineOf(text, tt.at); pe.Line != want || pe.Game != 2 {
				t.Errorf("error %q at line %d, game %d; want line %d, game 2", err, pe.Line, pe.Game, want)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q does not mention %q", err, tt.want)
			}
			var events []string
			for _, g := range games {
				events = append(events, g.Tag("Event"))
			}
			want := []string{"one", "three"}
			if tt.swallows {
				want = want[:1]
			}
			if !slices.Equal(events, want) {
				t.Errorf("read games %q, want %q", events, want)
			}
		})
	}
}

func TestReadPGNSeveralBrokenGames(t *testing.T) {
	text := "1. e5 *\n\n1. e4 e5 *\n\n[Event \"x\"]\n1. Nf4 *\n"
	games, err := ReadPGN(strings.NewReader(text))
	if len(games) != 1 || sanLine(games[0]) != "e4 e5" {
		t.Errorf("read %d games", len(games))
	}
	var joined interface{ Unwrap() []error }
	if !errors.As(err, &joined) || len(joined.Unwrap()) != 2 {
		t.Fatalf("error %v does not join two errors", err)
	}
	for i, want := range []string{"line 1: game 1:", "line 6: game 3:"} {
		if got := joined.Unwrap()[i].Error(); !strings.Contains(got, want) {
			t.Errorf("error %d = %q, want it to mention %q", i, got, want)
		}
	}
}

// TestReadPGNManyBrokenGames checks that ReadPGN describes only the first
// MaxPGNErrors broken games and counts the others, so its error stays short
// (it was 1.5 MB for 10,000 broken games), and still reads the good ones.
func TestReadPGNManyBrokenGames(t *testing.T) {
	tests := []struct {
		broken   int
		wantLast string // the last joined error, "" if no count
	}{
		{1, ""},
		{MaxPGNErrors, ""},
		{MaxPGNErrors + 1, "chess: PGN: 1 more broken game (11 in all)"},
		{10_000, "chess: PGN: 9990 more broken games (10000 in all)"},
	}
	for _, tt := range tests {
		t.Run(strconv.Itoa(tt.broken), func(t *testing.T) {
			var text strings.Builder
			for i := range tt.broken {
				fmt.Fprintf(&text, "[Event \"broken %d\"]\n1. e5 *\n\n", i+1)
			}
			text.WriteString("[Event \"good\"]\n1. e4 e5 *\n")
			games, err := ReadPGN(strings.NewReader(text.String()))
			if len(games) != 1 || games[0].Tag("Event") != "good" {
				t.Errorf("read %d games, want the good one", len(games))
			}
			var joined interface{ Unwrap() []error }
			if !errors.As(err, &joined) {
				t.Fatalf("error %v is not joined", err)
			}
			errs := joined.Unwrap()
			described := min(tt.broken, MaxPGNErrors)
			want := described
			if tt.wantLast != "" {
				want++
			}
			if len(errs) != want {
				t.Fatalf("%d errors joined, want %d", len(errs), want)
			}
			for i, e := range errs[:described] {
				var pe *PGNError
				if !errors.As(e, &pe) || pe.Game != i+1 {
					t.Errorf("error %d = %v, want game %d's *PGNError", i, e, i+1)
				}
			}
			if tt.wantLast != "" && errs[len(errs)-1].Error() != tt.wantLast {
				t.Errorf("last error %q, want %q", errs[len(errs)-1], tt.wantLast)
			}
			if n := len(err.Error()); n > 2000 {
				t.Errorf("error of %d bytes, want at most 2000", n)
			}
		})
	}
}

func TestReadPGNEdgeCases(t *testing.T) {
	tests := []struct {
		name, pgn string
		games     int
		moves     []string // SAN of each game
	}{
		{"empty", "", 0, nil},
		{"only white space", " \n\t\r\n", 0, nil},
		{"only a trailing comment", "{nothing}\n", 0, nil},
		{"only an escape line", "% hello\n", 0, nil},
		{"no tags", "1. e4 e5 *", 1, []string{"e4 e5"}},
		{"no spaces", "1.e4 e5 2.Nf3 1-0", 1, []string{"e4 e5 Nf3"}},
		{"black move numbers", "1. e4 1... e5 2. Nf3 2... Nc6 *", 1, []string{"e4 e5 Nf3 Nc6"}},
		{"no move numbers", "e4 e5 Nf3 *", 1, []string{"e4 e5 Nf3"}},
		{"only a result", "1-0", 1, []string{""}},
		{"tags only", "[Event \"x\"]\n*", 1, []string{""}},
		{"two games without result markers", "[Event \"a\"]\n1. e4\n[Event \"b\"]\n1. d4\n", 2, []string{"e4", "d4"}},
		{"castling with zeros", "1. e4 e5 2. Nf3 Nf6 3. Bc4 Bc5 4. 0-0 0-0 *", 1, []string{"e4 e5 Nf3 Nf6 Bc4 Bc5 O-O O-O"}},
		{"suffixes", "1. e4!! e5?? 2. Nf3!? Nc6?! *", 1, []string{"e4 e5 Nf3 Nc6"}},
		{"nested variations", "1. e4 (1. d4 (1. c4 (1. Nf3)) d5) e5 *", 1, []string{"e4 e5"}},
		{"a variation before the first move", "(1. d4) 1. e4 e5 *", 1, []string{"e4 e5"}},
		{"an illegal move in a variation", "1. e4 (1. d4 d4 e4) e5 *", 1, []string{"e4 e5"}},
		{"CRLF", "[Event \"x\"]\r\n\r\n1. e4 e5\r\n2. Nf3 *\r\n", 1, []string{"e4 e5 Nf3"}},
		{"semicolon comment at the end", "1. e4 ; done", 1, []string{"e4"}},
		{"byte order mark", "\xef\xbb\xbf[Event \"x\"]\n1. e4 *", 1, []string{"e4"}},
		{"clock comments", "1. e4 { [%clk 0:03:00] } 1... e5 { [%clk 0:02:59] } *", 1, []string{"e4 e5"}},
	}
	for _, tt := range tests {
		games, err := ReadPGN(strings.NewReader(tt.pgn))
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if len(games) != tt.games {
			t.Errorf("%s: %d games, want %d", tt.name, len(games), tt.games)
			continue
		}
		for i, g := range games {
			if got := sanLine(g); got != tt.moves[i] {
				t.Errorf("%s: game %d moves %q, want %q", tt.name, i+1, got, tt.moves[i])
			}
		}
	}
}

func TestReadPGNReadError(t *testing.T) {
	r := io.MultiReader(strings.NewReader("1. e4 e5 *\n\n1. d4"), iotest.ErrReader(errors.New("disk on fire")))
	games, err := ReadPGN(r)
	if err == nil || err.Error() != "chess: reading PGN: disk on fire" {
		t.Errorf("error %v, want the read error", err)
	}
	if len(games) != 1 {
		t.Errorf("read %d games before the read error, want 1", len(games))
	}
}

func TestPGNReaderNext(t *testing.T) {
	pr := NewPGNReader(strings.NewReader("1. e4 *\n1. e5 *\n1. d4 *\n"))
	var got []string
	for {
		g, err := pr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			got = append(got, "error")
			continue
		}
		got = append(got, sanLine(g))
	}
	if want := []string{"e4", "error", "d4"}; !slices.Equal(got, want) {
		t.Errorf("Next gave %q, want %q", got, want)
	}
}

func TestWritePGN(t *testing.T) {
	g := NewGame()
	g.SetTag("Event", `Club "Open"`)
	g.SetTag("White", `Back\slash`)
	g.SetTag("Date", "2026.01.02")
	g.SetTag("Annotator", "line\nbreak")
	g.SetComment(0, "Start.")
	playAll(t, g, "e4", "e5", "Nf3", "Nc6", "Bb5")
	g.SetComment(2, "Symmetric.")
	g.AddNAG(5, GoodMove)
	g.AddNAG(5, 14)
	playAll(t, g, "a6")
	if err := g.Resign(White); err != nil {
		t.Fatal(err)
	}
	want := `[Event "Club \"Open\""]
[Site "?"]
[Date "2026.01.02"]
[Round "?"]
[White "Back\\slash"]
[Black "?"]
[Result "0-1"]
[Annotator "line break"]

{Start.} 1. e4 e5 {Symmetric.} 2. Nf3 Nc6 3. Bb5 $1 $14 a6 0-1
`
	if got := g.PGN(); got != want {
		t.Errorf("PGN() =\n%s\nwant\n%s", got, want)
	}
	var sb strings.Builder
	if err := g.WritePGN(&sb); err != nil || sb.String() != want+"\n" {
		t.Errorf("WritePGN wrote %q, %v; want PGN() and an empty line", sb.String(), err)
	}
}

func TestWritePGNFromPosition(t *testing.T) {
	g := NewGameFromPosition(MustParseFEN("4k3/8/8/8/8/8/1p6/R3K3 b Q - 0 40"))
	playAll(t, g, "bxa1=Q+", "Ke2")
	g.SetComment(2, "Oops.")
	playAll(t, g, "Kd7")
	want := `[Event "?"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "*"]
[SetUp "1"]
[FEN "4k3/8/8/8/8/8/1p6/R3K3 b Q - 0 40"]

40... bxa1=Q+ 41. Ke2 {Oops.} 41... Kd7 *
`
	if got := g.PGN(); got != want {
		t.Errorf("PGN() =\n%s\nwant\n%s", got, want)
	}
}

func TestWritePGNWraps(t *testing.T) {
	g := NewGame()
	playAll(t, g, repeatMoves(3, knightDance...)...)
	g.SetComment(3, strings.Repeat("word ", 40)+strings.Repeat("x", 100))
	text := g.PGN()
	movetext := text[strings.Index(text, "\n\n")+2:]
	for i, line := range strings.Split(strings.TrimSuffix(movetext, "\n"), "\n") {
		if len(line) > 79 && !strings.HasPrefix(line, "xxx") {
			t.Errorf("movetext line %d has %d characters: %q", i+1, len(line), line)
		}
		if strings.HasSuffix(line, " ") || strings.HasPrefix(line, " ") {
			t.Errorf("movetext line %d has stray spaces: %q", i+1, line)
		}
	}
	games, err := ReadPGN(strings.NewReader(text))
	if err != nil || len(games) != 1 || games[0].Comment(3) != g.Comment(3) || sanLine(games[0]) != sanLine(g) {
		t.Errorf("wrapped PGN does not read back: %v", err)
	}
}

// FuzzReadPGN seeds: the test files above.
var pgnSeeds = []string{
	multiGamePGN,
	"1. e4 e5 *",
	"[Event \"x\"]\n\n1. e4 (1. d4 d5) e5 $1 {c} ; d\n 2. Nf3 1-0",
	"[FEN \"" + fenPromotion + "\"]\n\n1. exd8=N 1/2-1/2",
	"% esc\n{a} 1. f3 e5 2. g4 Qh4# 0-1",
	"1. e4 e5 2. Ke3 *\n\n1. d4 *",
	"[TimeControl \"180+2\"]\n\n1. e4 {[%clk 0:03:02]} e5 {[%clk 0:02:59.55] x} *",
	"1. e4 e5 2. Nf3 $2 {bad} (2. Nc3 {good} Nf6 (2... Nc6 3. Bc4) 3. f4) (2. d4) 2... Nc6 *",
}

// TestPGNClockRoundTrip writes a game played on a clock and reads it back:
// the TimeControl tag and every move's [%clk] reading survive, and a
// comment beside a reading stays a comment.
func TestPGNClockRoundTrip(t *testing.T) {
	g := NewGame()
	g.SetTag("TimeControl", "180+2")
	playAll(t, g, "e4", "e5", "Nf3", "Nc6")
	readings := []time.Duration{
		182 * time.Second,
		181*time.Second + 500*time.Millisecond,
		3*time.Hour + 59*time.Minute + 59*time.Second,
		4700 * time.Millisecond,
	}
	for i, d := range readings {
		g.SetClock(i+1, d)
	}
	g.SetComment(2, "The open game.")
	pgn := g.PGN()
	for _, want := range []string{
		`[TimeControl "180+2"]`,
		"1. e4 {[%clk 0:03:02]} 1... e5 {[%clk 0:03:01.5] The open game.} 2. Nf3 {[%clk 3:59:59]}",
		"2... Nc6 {[%clk 0:00:04.7]} *",
	} {
		if !strings.Contains(strings.Join(strings.Fields(pgn), " "), want) {
			t.Errorf("PGN lacks %q:\n%s", want, pgn)
		}
	}
	back, err := ReadPGN(strings.NewReader(pgn))
	if err != nil || len(back) != 1 {
		t.Fatalf("reading it back: %d games, %v", len(back), err)
	}
	b := back[0]
	for i, want := range readings {
		if got, ok := b.Clock(i + 1); !ok || got != want {
			t.Errorf("move %d: Clock = %v, %v; want %v", i+1, got, ok, want)
		}
	}
	if got := b.Comment(2); got != "The open game." {
		t.Errorf("comment after 1...e5 = %q, want the text without the clock", got)
	}
	if got := b.Tag("TimeControl"); got != "180+2" {
		t.Errorf("TimeControl = %q", got)
	}
	if b.PGN() != pgn {
		t.Errorf("written again:\n%s\nfirst:\n%s", b.PGN(), pgn)
	}
}

// TestReadPGNClocks reads [%clk] commands as other programs write them.
func TestReadPGNClocks(t *testing.T) {
	tests := []struct {
		movetext string
		want     []time.Duration // per move; -1 for none
		comments []string
	}{
		{"1. e4 { [%clk 0:00:30] } e5 { [%clk 0:00:29.9] [%eval 0.2] } *",
			[]time.Duration{30 * time.Second, 29900 * time.Millisecond}, []string{"", "[%eval 0.2]"}},
		{"1. e4 {[%clk 1:5:3]} e5 {no clock} *",
			[]time.Duration{time.Hour + 5*time.Minute + 3*time.Second, -1}, []string{"", "no clock"}},
		{"1. e4 {[%clk 0:61:00]} *", []time.Duration{-1}, []string{"[%clk 0:61:00]"}}, // not a reading: kept as text
	}
	for _, tt := range tests {
		g, err := NewPGNReader(strings.NewReader(tt.movetext)).Next()
		if err != nil {
			t.Fatalf("%s: %v", tt.movetext, err)
		}
		for i, want := range tt.want {
			got, ok := g.Clock(i + 1)
			if (want < 0 && ok) || (want >= 0 && (!ok || got != want)) {
				t.Errorf("%s: move %d: Clock = %v, %v; want %v", tt.movetext, i+1, got, ok, want)
			}
			if c := g.Comment(i + 1); c != tt.comments[i] {
				t.Errorf("%s: move %d: comment %q, want %q", tt.movetext, i+1, c, tt.comments[i])
			}
		}
	}
}
