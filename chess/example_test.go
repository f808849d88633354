package chess_test

import (
	"fmt"
	"log"
	"strings"

	"github.com/outpost-chess/outpost/chess"
)

// Example is the README's example of the package (README.md, "The chess
// package"); TestREADMEExample keeps the two the same.
func Example() {
	p, err := chess.ParseFEN("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4")
	if err != nil {
		log.Fatal(err) // errors say what is wrong: "chess: FEN board has 7 ranks, want 8"
	}
	for _, m := range p.LegalMoves() { // hot code fills a MoveList instead: p.GenerateMoves(&list, chess.AllMoves)
		child := *p // copy-make: a Position is a value, so p stays as it was
		child.MakeMove(m)
		if child.InCheck() && !child.HasLegalMoves() {
			fmt.Println("mate in one:", p.SAN(m), m) // SAN and UCI notation
		}
	}

	g := chess.NewGame()
	for _, san := range []string{"f3", "e5", "g4", "Qh4#"} {
		if err := g.PlayMove(san); err != nil { // an illegal move changes nothing
			log.Fatal(err)
		}
	}
	fmt.Println(g.Outcome())
	fmt.Println(g.PlayMove("Ke2")) // the game is over
	fmt.Print(g.PGN())
	// Output:
	// mate in one: Qxf7# h5f7
	// black wins by checkmate
	// chess: the game is over (0-1, black wins by checkmate)
	// [Event "?"]
	// [Site "?"]
	// [Date "????.??.??"]
	// [Round "?"]
	// [White "?"]
	// [Black "?"]
	// [Result "0-1"]
	//
	// 1. f3 e5 2. g4 Qh4# 0-1
}

func ExampleParseFEN() {
	p, err := chess.ParseFEN("r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.SideToMove(), "to move,", len(p.LegalMoves()), "legal moves")
	fmt.Println("piece on b5:", p.PieceAt(chess.B5))

	_, err = chess.ParseFEN("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1")
	fmt.Println(err)
	// Output:
	// black to move, 30 legal moves
	// piece on b5: B
	// chess: FEN board has 7 ranks, want 8
}

func ExamplePosition_SAN() {
	p := chess.StartingPosition()
	var sans []string
	for _, m := range p.LegalMoves() {
		sans = append(sans, p.SAN(m))
	}
	fmt.Println(strings.Join(sans, " "))
	// Output:
	// Na3 Nc3 Nf3 Nh3 a3 b3 c3 d3 e3 f3 g3 h3 a4 b4 c4 d4 e4 f4 g4 h4
}

func ExamplePosition_SANLine() {
	p, _ := chess.ParseFEN("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 3 12")
	var line []chess.Move
	q := *p
	for _, s := range []string{"g8f6", "b1c3", "f8c5"} {
		m, _ := q.ParseUCI(s)
		line = append(line, m)
		q.MakeMove(m)
	}
	fmt.Println(p.SANLine(line))
	// Output:
	// 12... Nf6 13. Nc3 Bc5
}

func ExamplePosition_ParseSAN() {
	// Knights on b1 and f1 can both reach d2.
	p := chess.MustParseFEN("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1")
	for _, s := range []string{"Nbd2", "Nf1-d2", "Nd2", "Nd3", "Nxg3+"} {
		m, err := p.ParseSAN(s)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("%s is %v, written %s\n", s, m, p.SAN(m))
	}
	// Output:
	// Nbd2 is b1d2, written Nbd2
	// Nf1-d2 is f1d2, written Nfd2
	// chess: "Nd2" is ambiguous: Nbd2, Nfd2
	// chess: "Nd3" is illegal: no white knight can move to d3
	// Nxg3+ is f1g3, written Ng3
}

func ExampleGame() {
	g := chess.NewGame()
	g.SetTag("White", "Fool")
	g.SetTag("Black", "Scholar")
	for _, s := range []string{"f3", "e5", "g4", "Qh4#"} {
		if err := g.PlayMove(s); err != nil {
			fmt.Println(err)
			return
		}
	}
	fmt.Println(g.Outcome())
	fmt.Print(g.PGN())
	// Output:
	// black wins by checkmate
	// [Event "?"]
	// [Site "?"]
	// [Date "????.??.??"]
	// [Round "?"]
	// [White "Fool"]
	// [Black "Scholar"]
	// [Result "0-1"]
	//
	// 1. f3 e5 2. g4 Qh4# 0-1
}

func ExampleGame_ClaimableDraw() {
	g := chess.NewGame()
	for range 2 {
		for _, s := range []string{"Nf3", "Nf6", "Ng1", "Ng8"} {
			g.PlayMove(s)
		}
	}
	if reason, ok := g.ClaimableDraw(); ok {
		fmt.Println("claimable:", reason)
		g.ClaimDraw()
	}
	fmt.Println(g.Outcome())
	// Output:
	// claimable: threefold repetition
	// draw by threefold repetition
}

func ExampleReadPGN() {
	const pgn = `[Event "Casual game"]
[White "Anderssen"]
[Black "Dufresne"]
[Result "1-0"]

1. e4 e5 2. Nf3 Nc6 3. Bc4 {Italian.} Bc5 4. b4 1-0

[Event "A broken one"]

1. e4 e5 2. Nf6 *
`
	games, err := chess.ReadPGN(strings.NewReader(pgn))
	for _, g := range games {
		fmt.Println(g.Tag("White"), "v", g.Tag("Black"), g.Tag("Result"), g.Len(), "plies:", strings.Join(g.SANMoves(), " "))
		fmt.Println("after ply 5:", g.Comment(5))
	}
	fmt.Println(err)
	// Output:
	// Anderssen v Dufresne 1-0 7 plies: e4 e5 Nf3 Nc6 Bc4 Bc5 b4
	// after ply 5: Italian.
	// chess: PGN line 10: game 2: illegal move 2. Nf6: "Nf6" is illegal: no white knight can move to f6
}
