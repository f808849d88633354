// Command make-openings writes the default opening book of "outpost match"
// (internal/opening/balanced/balanced.epd) from the well-known opening lines
// listed below, so the file can be remade and checked:
//
//	go run ./scripts/make-openings -engine /usr/games/stockfish > internal/opening/balanced/balanced.epd
//
// Each line is played from the starting position (SAN, checked by the chess
// package) and its final position written as an EPD line with the line's
// name and moves. With -engine, every position is scored by that UCI engine
// at -depth with one thread, and only those within ±-max-cp centipawns are
// kept, each with its score as the EPD "ce" operation (centipawns, from the
// side to move's view). A fixed engine version at a fixed depth on one
// thread gives the same file every time.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/match"
)

// lines are the openings, "Name: moves in SAN". Kept varied: open, semi-open
// and closed games, flank openings, each 6 to 12 plies deep.
const lines = `
Sicilian, Najdorf: e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6
Sicilian, Dragon: e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 g6
Sicilian, Scheveningen: e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 e6
Sicilian, Classical: e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 Nc6
Sicilian, Richter-Rauzer: e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 Nc6 Bg5 e6
Sicilian, Sveshnikov: e4 c5 Nf3 Nc6 d4 cxd4 Nxd4 Nf6 Nc3 e5
Sicilian, Kalashnikov: e4 c5 Nf3 Nc6 d4 cxd4 Nxd4 e5 Nb5 d6
Sicilian, Taimanov: e4 c5 Nf3 e6 d4 cxd4 Nxd4 Nc6
Sicilian, Kan: e4 c5 Nf3 e6 d4 cxd4 Nxd4 a6
Sicilian, Four Knights: e4 c5 Nf3 e6 d4 cxd4 Nxd4 Nf6 Nc3 Nc6
Sicilian, Accelerated Dragon: e4 c5 Nf3 Nc6 d4 cxd4 Nxd4 g6
Sicilian, Alapin: e4 c5 c3 Nf6 e5 Nd5 d4 cxd4
Sicilian, Alapin 2...d5: e4 c5 c3 d5 exd5 Qxd5 d4 Nf6
Sicilian, Closed: e4 c5 Nc3 Nc6 g3 g6 Bg2 Bg7
Sicilian, Grand Prix: e4 c5 Nc3 Nc6 f4 g6 Nf3 Bg7
Sicilian, Rossolimo: e4 c5 Nf3 Nc6 Bb5 g6 O-O Bg7
Sicilian, Moscow: e4 c5 Nf3 d6 Bb5+ Bd7 Bxd7+ Qxd7
French, Winawer: e4 e6 d4 d5 Nc3 Bb4 e5 c5
French, Classical: e4 e6 d4 d5 Nc3 Nf6 Bg5 Be7
French, Rubinstein: e4 e6 d4 d5 Nc3 dxe4 Nxe4 Nd7
French, Tarrasch: e4 e6 d4 d5 Nd2 c5 exd5 exd5
French, Tarrasch Closed: e4 e6 d4 d5 Nd2 Nf6 e5 Nfd7 Bd3 c5
French, Advance: e4 e6 d4 d5 e5 c5 c3 Nc6
French, Exchange: e4 e6 d4 d5 exd5 exd5 Nf3 Nf6
French, King's Indian Attack: e4 e6 d3 d5 Nd2 Nf6 Ngf3 c5 g3 Nc6
Caro-Kann, Classical: e4 c6 d4 d5 Nc3 dxe4 Nxe4 Bf5 Ng3 Bg6
Caro-Kann, Karpov: e4 c6 d4 d5 Nd2 dxe4 Nxe4 Nd7
Caro-Kann, Advance: e4 c6 d4 d5 e5 Bf5 Nf3 e6
Caro-Kann, Panov: e4 c6 d4 d5 exd5 cxd5 c4 Nf6 Nc3 e6
Caro-Kann, Exchange: e4 c6 d4 d5 exd5 cxd5 Bd3 Nc6 c3 Nf6
Caro-Kann, Two Knights: e4 c6 Nc3 d5 Nf3 Bg4 h3 Bxf3 Qxf3 e6
Caro-Kann, Fantasy: e4 c6 d4 d5 f3 e6 Nc3 Bb4
Ruy Lopez, Closed: e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7
Ruy Lopez, Open: e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Nxe4
Ruy Lopez, Berlin: e4 e5 Nf3 Nc6 Bb5 Nf6 O-O Nxe4 d4 Nd6
Ruy Lopez, Exchange: e4 e5 Nf3 Nc6 Bb5 a6 Bxc6 dxc6 O-O f6
Ruy Lopez, Steinitz Deferred: e4 e5 Nf3 Nc6 Bb5 a6 Ba4 d6 c3 Bd7
Ruy Lopez, Arkhangelsk: e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O b5 Bb3 Bb7
Ruy Lopez, Schliemann: e4 e5 Nf3 Nc6 Bb5 f5 Nc3 fxe4 Nxe4 d5
Italian, Giuoco Pianissimo: e4 e5 Nf3 Nc6 Bc4 Bc5 c3 Nf6 d3 d6
Italian, Two Knights: e4 e5 Nf3 Nc6 Bc4 Nf6 d3 Be7
Italian, Hungarian: e4 e5 Nf3 Nc6 Bc4 Be7 d4 d6
Italian, Evans Gambit: e4 e5 Nf3 Nc6 Bc4 Bc5 b4 Bxb4 c3 Ba5
Scotch, Mieses: e4 e5 Nf3 Nc6 d4 exd4 Nxd4 Nf6 Nxc6 bxc6
Scotch, Classical: e4 e5 Nf3 Nc6 d4 exd4 Nxd4 Bc5
Scotch Gambit: e4 e5 Nf3 Nc6 d4 exd4 Bc4 Nf6 e5 d5
Four Knights, Spanish: e4 e5 Nf3 Nc6 Nc3 Nf6 Bb5 Bb4
Petroff, Classical: e4 e5 Nf3 Nf6 Nxe5 d6 Nf3 Nxe4 d4 d5
Petroff, Steinitz: e4 e5 Nf3 Nf6 d4 Nxe4 Bd3 d5
Philidor, Hanham: e4 e5 Nf3 d6 d4 Nf6 Nc3 Nbd7
Ponziani: e4 e5 Nf3 Nc6 c3 Nf6 d4 Nxe4
Vienna: e4 e5 Nc3 Nf6 g3 d5 exd5 Nxd5
Bishop's Opening: e4 e5 Bc4 Nf6 d3 c6 Nf3 d5
King's Gambit Declined: e4 e5 f4 Bc5 Nf3 d6
Centre Game: e4 e5 d4 exd4 Qxd4 Nc6 Qe3 Nf6
Scandinavian, Main: e4 d5 exd5 Qxd5 Nc3 Qa5 d4 Nf6
Scandinavian, Modern: e4 d5 exd5 Nf6 d4 Nxd5 Nf3 g6
Alekhine, Modern: e4 Nf6 e5 Nd5 d4 d6 Nf3 Bg4
Alekhine, Exchange: e4 Nf6 e5 Nd5 d4 d6 c4 Nb6 exd6 cxd6
Pirc, Classical: e4 d6 d4 Nf6 Nc3 g6 Nf3 Bg7 Be2 O-O
Pirc, Austrian: e4 d6 d4 Nf6 Nc3 g6 f4 Bg7 Nf3 c5
Pirc, 150 Attack: e4 d6 d4 Nf6 Nc3 g6 Be3 c6 Qd2 b5
Modern Defence: e4 g6 d4 Bg7 Nc3 d6 Be3 a6
QGD, Orthodox: d4 d5 c4 e6 Nc3 Nf6 Bg5 Be7 e3 O-O
QGD, Lasker: d4 d5 c4 e6 Nc3 Nf6 Bg5 Be7 e3 O-O Nf3 h6
QGD, Exchange: d4 d5 c4 e6 Nc3 Nf6 cxd5 exd5 Bg5 c6
QGD, Ragozin: d4 d5 c4 e6 Nc3 Nf6 Nf3 Bb4
QGD, Vienna: d4 Nf6 c4 e6 Nf3 d5 Nc3 Bb4 Bg5 dxc4
QGD, Tarrasch: d4 d5 c4 e6 Nc3 c5 cxd5 exd5 Nf3 Nc6
QGD, Semi-Tarrasch: d4 Nf6 c4 e6 Nf3 d5 Nc3 c5 cxd5 Nxd5
Queen's Gambit Accepted: d4 d5 c4 dxc4 Nf3 Nf6 e3 e6 Bxc4 c5
Slav, Main: d4 d5 c4 c6 Nf3 Nf6 Nc3 dxc4 a4 Bf5
Slav, Exchange: d4 d5 c4 c6 cxd5 cxd5 Nc3 Nf6 Bf4 Nc6
Slav, Chebanenko: d4 d5 c4 c6 Nf3 Nf6 Nc3 a6
Semi-Slav, Meran: d4 d5 c4 c6 Nf3 Nf6 Nc3 e6 e3 Nbd7
Semi-Slav, Moscow: d4 d5 c4 c6 Nf3 Nf6 Nc3 e6 Bg5 h6
Chigorin: d4 d5 c4 Nc6 Nc3 dxc4 Nf3 Nf6
Catalan, Open: d4 Nf6 c4 e6 g3 d5 Bg2 dxc4 Nf3 Be7
Catalan, Closed: d4 Nf6 c4 e6 g3 d5 Bg2 Be7 Nf3 O-O
King's Indian, Classical: d4 Nf6 c4 g6 Nc3 Bg7 e4 d6 Nf3 O-O
King's Indian, Samisch: d4 Nf6 c4 g6 Nc3 Bg7 e4 d6 f3 O-O
King's Indian, Fianchetto: d4 Nf6 c4 g6 Nf3 Bg7 g3 O-O Bg2 d6
Grunfeld, Exchange: d4 Nf6 c4 g6 Nc3 d5 cxd5 Nxd5 e4 Nxc3 bxc3 Bg7
Grunfeld, Russian: d4 Nf6 c4 g6 Nc3 d5 Nf3 Bg7 Qb3 dxc4 Qxc4 O-O
Nimzo-Indian, Rubinstein: d4 Nf6 c4 e6 Nc3 Bb4 e3 O-O
Nimzo-Indian, Classical: d4 Nf6 c4 e6 Nc3 Bb4 Qc2 O-O
Nimzo-Indian, Samisch: d4 Nf6 c4 e6 Nc3 Bb4 a3 Bxc3+ bxc3 c5
Queen's Indian: d4 Nf6 c4 e6 Nf3 b6 g3 Ba6
Bogo-Indian: d4 Nf6 c4 e6 Nf3 Bb4+ Bd2 Qe7
Modern Benoni: d4 Nf6 c4 c5 d5 e6 Nc3 exd5 cxd5 d6
Benko Gambit: d4 Nf6 c4 c5 d5 b5 cxb5 a6
Old Indian: d4 Nf6 c4 d6 Nc3 e5 Nf3 Nbd7
Budapest Gambit: d4 Nf6 c4 e5 dxe5 Ng4 Bf4 Nc6
Dutch, Leningrad: d4 f5 g3 Nf6 Bg2 g6 Nf3 Bg7
Dutch, Stonewall: d4 e6 c4 f5 Nf3 Nf6 g3 d5 Bg2 c6
London System: d4 d5 Bf4 Nf6 e3 c5 c3 Nc6
London System v King's Indian: d4 Nf6 Nf3 g6 Bf4 Bg7 e3 O-O
Torre Attack: d4 Nf6 Nf3 e6 Bg5 c5 e3 h6
Trompowsky: d4 Nf6 Bg5 e6 e4 h6 Bxf6 Qxf6
Colle System: d4 d5 Nf3 Nf6 e3 e6 Bd3 c5 c3 Nc6
Colle-Zukertort: d4 Nf6 Nf3 d5 e3 e6 Bd3 c5 b3 Nc6
Veresov: d4 Nf6 Nc3 d5 Bg5 Nbd7
English, Symmetrical: c4 c5 Nc3 Nc6 g3 g6 Bg2 Bg7
English, Botvinnik: c4 c5 Nc3 Nc6 g3 g6 Bg2 Bg7 e4 e6
English, Hedgehog: c4 c5 Nf3 Nf6 Nc3 e6 g3 b6 Bg2 Bb7
English, Four Knights: c4 e5 Nc3 Nf6 Nf3 Nc6 g3 d5
English, Reversed Sicilian: c4 e5 Nc3 Nc6 g3 g6 Bg2 Bg7
English, Anglo-Indian: c4 Nf6 Nf3 e6 g3 d5 Bg2 Be7
Reti, Accepted: Nf3 d5 c4 dxc4 e3 Nf6 Bxc4 e6
Reti, King's Indian Attack: Nf3 d5 g3 Nf6 Bg2 c6 O-O Bg4
Reti, Double Fianchetto: Nf3 Nf6 g3 g6 Bg2 Bg7 O-O O-O d3 d6
Sicilian, Najdorf English Attack: e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6 Be3 e5
Sicilian, Dragon Classical: e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 g6 Be2 Bg7
Sicilian, Scheveningen Classical: e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 e6 Be2 Be7
Sicilian, Sveshnikov Main: e4 c5 Nf3 Nc6 d4 cxd4 Nxd4 Nf6 Nc3 e5 Ndb5 d6
French, Winawer Main: e4 e6 d4 d5 Nc3 Bb4 e5 c5 a3 Bxc3+ bxc3 Ne7
French, Steinitz: e4 e6 d4 d5 Nc3 Nf6 e5 Nfd7 f4 c5
Ruy Lopez, Classical: e4 e5 Nf3 Nc6 Bb5 Bc5 c3 Nf6
Italian, Giuoco Piano: e4 e5 Nf3 Nc6 Bc4 Bc5 c3 Nf6 d4 exd4 cxd4 Bb4+
Scandinavian, Qd6: e4 d5 exd5 Qxd5 Nc3 Qd6 d4 Nf6
Caro-Kann, Advance Short: e4 c6 d4 d5 e5 Bf5 Nf3 e6 Be2 c5
QGD, Harrwitz: d4 d5 c4 e6 Nc3 Nf6 Bf4 Be7 e3 O-O
QGD, Cambridge Springs: d4 d5 c4 e6 Nc3 Nf6 Bg5 Nbd7 e3 c6 Nf3 Qa5
Slav, Schlechter: d4 d5 c4 c6 Nf3 Nf6 e3 g6 Nc3 Bg7
Slav, Quiet: d4 d5 c4 c6 Nf3 Nf6 e3 Bf5 Nc3 e6
Semi-Slav, Stoltz: d4 d5 c4 c6 Nf3 Nf6 Nc3 e6 Qc2 Nbd7
Nimzo-Indian, Leningrad: d4 Nf6 c4 e6 Nc3 Bb4 Bg5 h6 Bh4 c5
Queen's Indian, Petrosian: d4 Nf6 c4 e6 Nf3 b6 a3 Bb7 Nc3 d5
Bogo-Indian, Exchange: d4 Nf6 c4 e6 Nf3 Bb4+ Bd2 Bxd2+ Qxd2 d5
King's Indian, Averbakh: d4 Nf6 c4 g6 Nc3 Bg7 e4 d6 Be2 O-O Bg5 c5
Grunfeld, Fianchetto: d4 Nf6 c4 g6 g3 d5 cxd5 Nxd5 Bg2 Bg7
Dutch, Classical: d4 e6 c4 f5 g3 Nf6 Bg2 Be7 Nf3 O-O
Jobava London: d4 d5 Nc3 Nf6 Bf4 e6 e3 Bd6
English, Agincourt: c4 e6 Nf3 d5 g3 Nf6 Bg2 dxc4 Qa4+ Nbd7
Reti, Slav Setup: Nf3 d5 c4 c6 b3 Nf6 g3 Bf5
Four Knights, Scotch: e4 e5 Nf3 Nc6 Nc3 Nf6 d4 exd4 Nxd4 Bb4
Petroff, Modern: e4 e5 Nf3 Nf6 Nxe5 d6 Nf3 Nxe4 Nc3 Nxc3 dxc3 Be7
Bird: f4 d5 Nf3 Nf6 e3 g6
Nimzo-Larsen: b3 e5 Bb2 Nc6 e3 d5
`

func main() {
	enginePath := flag.String("engine", "", "score each position with this UCI `engine` and keep the balanced ones")
	depth := flag.Int("depth", 12, "search `N` plies deep when scoring")
	maxCP := flag.Int("max-cp", 60, "keep positions scored within ±`CP` centipawns")
	flag.Parse()
	if err := run(*enginePath, *depth, *maxCP); err != nil {
		fmt.Fprintln(os.Stderr, "make-openings:", err)
		os.Exit(1)
	}
}

func run(enginePath string, depth, maxCP int) error {
	var eng *match.Engine
	if enginePath != "" {
		var err error
		eng, err = match.StartEngine(match.EngineSpec{
			Command: []string{enginePath},
			Options: []match.Option{{Name: "Threads", Value: "1"}, {Name: "Hash", Value: "16"}},
		}, 10*time.Second)
		if err != nil {
			return err
		}
		defer eng.Close()
	}
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	fmt.Fprintln(out, "# Balanced openings for \"outpost match\": each line is a position a few moves")
	fmt.Fprintln(out, "# into a well-known opening, played with both colours. Made by")
	fmt.Fprintln(out, "# scripts/make-openings; do not edit by hand.")
	if eng != nil {
		fmt.Fprintf(out, "# Kept: positions %s scores within ±%d cp at depth %d (ce: its score, side to move's view).\n", eng.Name(), maxCP, depth)
	}
	kept, dropped := 0, 0
	seen := map[string]string{} // EPD position to the name of the line reaching it
	for n, line := range strings.Split(strings.TrimSpace(lines), "\n") {
		name, moves, ok := strings.Cut(line, ":")
		if !ok {
			return fmt.Errorf("line %d: no name", n+1)
		}
		p := chess.StartingPosition()
		var movetext []string
		for i, san := range strings.Fields(moves) {
			m, err := p.ParseSAN(san)
			if err != nil {
				return fmt.Errorf("%s: move %d: %v", name, i+1, err)
			}
			if i%2 == 0 {
				movetext = append(movetext, fmt.Sprintf("%d.", i/2+1))
			}
			movetext = append(movetext, san)
			p.MakeMove(m)
		}
		fen := strings.Fields(p.FEN())
		pos := strings.Join(fen[:4], " ")
		if other, dup := seen[pos]; dup {
			return fmt.Errorf("%s reaches the position of %s", name, other)
		}
		seen[pos] = name
		epd := fmt.Sprintf("%s hmvc %s; fmvn %s;", pos, fen[4], fen[5])
		if eng != nil {
			if err := eng.NewGame(10 * time.Second); err != nil {
				return err
			}
			res, err := eng.Search(p.FEN(), nil, fmt.Sprintf("go depth %d", depth), 5*time.Minute)
			if err != nil {
				return err
			}
			cp := res.Score.Centipawns()
			if !res.Score.Valid || cp < -maxCP || cp > maxCP {
				fmt.Fprintf(os.Stderr, "dropped %s (%s): %d cp\n", name, strings.Join(movetext, " "), cp)
				dropped++
				continue
			}
			epd += fmt.Sprintf(" ce %d;", cp)
		}
		fmt.Fprintf(out, "%s id %q; c0 %q;\n", epd, name, strings.Join(movetext, " "))
		kept++
	}
	fmt.Fprintf(os.Stderr, "kept %d, dropped %d\n", kept, dropped)
	return nil
}
