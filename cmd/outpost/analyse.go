package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"time"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/engine"
	"github.com/outpost-chess/outpost/internal/progress"
)

const analyseSynopsis = `outpost analyse [--fen FEN] [--depth N | --movetime MS] [--multipv K] [--hash MB] [--threads N] [--evalfile FILE | --handcrafted]`

const analyseDescription = `Analyse searches one position and prints the search's progress for people:
one line per completed depth (and per line with --multipv), like

  depth 12  score +0.35  nodes 1,234,567  nps 2.1M  time 0.54s  pv 12... Nf6 13. e4

then "bestmove Nf3 (g1f3)". Scores are from White's point of view in pawns
(+0.35: White is better), or a forced mate: "#3 (White mates in 3)",
"#-2 (Black mates in 2)". The principal variation is in SAN with move
numbers. Without --depth or --movetime it thinks for 2 seconds; an
interrupt (Ctrl-C) stops it early and still prints the best move.`

// defaultAnalyseTime is how long analyse thinks without --depth or --movetime.
const defaultAnalyseTime = 2 * time.Second

// maxMultiPV bounds --multipv: no position has more legal moves.
const maxMultiPV = 256

// runAnalyse runs "outpost analyse".
func runAnalyse(args []string) error { return analyse(args, os.Stdout) }

// analyse runs "outpost analyse" with its output on w.
func analyse(args []string, w io.Writer) error {
	fs := newFlagSet("analyse", analyseSynopsis, analyseDescription)
	fen := fs.String("fen", chess.StartFEN, "the position to analyse, in `FEN`")
	multiPV := fs.Int("multipv", 1, "show the best `K` lines (1 to 256)")
	search := addSearchFlags(fs, "", engine.Limits{MoveTime: defaultAnalyseTime}, depthFlag|movetimeFlag, engine.DefaultHashMB)
	limits, opts, err := search.parse(args)
	if err != nil {
		return err
	}
	if *multiPV < 1 || *multiPV > maxMultiPV {
		return usageErrorf(fs, "--multipv %d is out of range 1..%d", *multiPV, maxMultiPV)
	}
	limits.MultiPV = *multiPV
	pos, err := chess.ParseFEN(*fen)
	if err != nil {
		return err
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	e := engine.New(opts)
	r := e.Search(ctx, engine.Params{
		Position: pos,
		Limits:   limits,
		Progress: func(info engine.Info) { fmt.Fprintln(w, formatInfo(pos, info, *multiPV > 1)) },
	})
	_, err = fmt.Fprintln(w, formatBestMove(pos, r))
	return err
}

// formatInfo returns the progress line for one search iteration (or one
// MultiPV line of it): depth, score from White's view, nodes, speed, time,
// and the principal variation in SAN.
func formatInfo(pos *chess.Position, info engine.Info, showLine bool) string {
	var b strings.Builder
	fmt.Fprintf(&b, "depth %d", info.Depth)
	if showLine {
		fmt.Fprintf(&b, "  line %d", info.MultiPV)
	}
	fmt.Fprintf(&b, "  score %s", formatScore(info.Score, pos.SideToMove()))
	switch info.Bound {
	case engine.Lower:
		b.WriteString(" (lower bound)")
	case engine.Upper:
		b.WriteString(" (upper bound)")
	}
	fmt.Fprintf(&b, "  nodes %s  nps %s  time %.2fs", progress.Count(info.Nodes), progress.Rate(info.NPS), info.Time.Seconds())
	if len(info.PV) > 0 {
		fmt.Fprintf(&b, "  pv %s", formatPV(pos, info.PV))
	}
	return b.String()
}

// formatBestMove returns the final line: "bestmove Nf3 (g1f3)", or, with no
// legal move, "bestmove (none)" and why.
func formatBestMove(pos *chess.Position, r engine.Result) string {
	if r.BestMove == chess.NoMove {
		if pos.InCheck() {
			return "bestmove (none): checkmate"
		}
		return "bestmove (none): stalemate"
	}
	return fmt.Sprintf("bestmove %s (%s)", pos.SAN(r.BestMove), r.BestMove)
}

// formatScore returns a score given from side's point of view as White
// sees it: pawns with a sign ("+0.35", "-1.20", "0.00"), or a mate
// ("#3 (White mates in 3)", "#-2 (Black mates in 2)").
func formatScore(s engine.Score, side chess.Color) string {
	text := progress.Score(s, side)
	if s.IsMate() {
		n := s.MateMoves() // > 0: side mates; < 0: side is mated
		winner := side
		if n < 0 {
			winner = side.Other()
		}
		text += fmt.Sprintf(" (%s mates in %d)", winner.Name(), max(n, -n))
	}
	return text
}

// formatPV returns line, a sequence of moves from pos, in SAN with move
// numbers: "1. e4 e5 2. Nf3", or "12... Nf6 13. e4" when Black moves
// first. A move that is not legal where it stands ends the line, printed in
// UCI notation with a question mark.
func formatPV(pos *chess.Position, line []chess.Move) string {
	text := pos.SANLine(line)
	if n := len(pos.SANMoves(line)); n < len(line) {
		if n > 0 {
			text += " "
		}
		text += line[n].String() + "?"
	}
	return text
}
