package main

import (
	"context"
	"io"
	"os"

	"github.com/outpost-chess/outpost/internal/engine"
	"github.com/outpost-chess/outpost/internal/uci"
)

const uciSynopsis = `outpost uci`

const uciDescription = `Uci speaks the Universal Chess Interface on standard input and output, the
protocol of chess GUIs (Arena, Cute Chess, Scid, lichess-bot; xboard and
WinBoard through polyglot). Give the GUI "outpost uci" as the engine command.

Besides the standard commands it understands "go perft N" and "d" (draw the
board), as Stockfish does. Options: Hash, Threads, MultiPV, Move Overhead,
Clear Hash, Ponder, UCI_LimitStrength and UCI_Elo (a strength by number,
800 to 2800 in steps of 50, as in the web app and the terminal game), Level
(1-8, classic or max, the levels of the web app and the terminal game), Use NNUE (evaluate
with the neural network instead of the hand-crafted evaluation) and
EvalFile (the network's file; by default the one built in, if any). It says
which evaluation it uses in an "info string evaluation: ..." line. Mistakes
in the input are answered with "info string error: ..." (or "info string
warning: ..." for what it could read anyway); a position it cannot read
leaves no position, and every go gets one bestmove ("bestmove 0000" when
there is nothing to search). See docs/uci.md.`

// runUCI runs "outpost uci".
func runUCI(args []string) error {
	in, restore := pollable(os.Stdin)
	defer restore()
	return uciMain(context.Background(), args, in, os.Stdout)
}

// uciMain runs "outpost uci" on in and out, until "quit", the end of in, or
// the cancellation of ctx.
func uciMain(ctx context.Context, args []string, in io.Reader, out io.Writer) error {
	fs := newFlagSet("uci", uciSynopsis, uciDescription)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	return uci.Run(ctx, in, out, engine.New(engine.Options{HashMB: engine.DefaultHashMB}))
}
