package main

import (
	"fmt"
	"io"
	"os"

	"github.com/outpost-chess/outpost/internal/engine"
)

const benchSynopsis = `outpost bench [--depth N] [--evalfile FILE | --random-net H | --handcrafted]`

const benchDescription = `Bench searches a fixed set of positions (openings, tactics, endgames) to a
fixed depth, each with an empty hash table, and prints the total node count
and the speed. The node count is the engine's signature: a change that
should not change the search (a refactor, a speed-up) leaves it equal; one
that does says the new count in its commit message.

By default it evaluates with the engine's default evaluation, whose node
count is the signature. --evalfile benches the network in FILE instead,
--random-net a random network of H hidden neurons (for measuring speed
before a trained one exists: its node count means nothing), --handcrafted
the hand-crafted evaluation.

One line per position ("1/40 nodes N bestmove X") goes to standard error,
then the depth, time and evaluation; the last line, on standard output, is
"nodes N nps X" (what scripts parse).`

// maxBenchDepth bounds --depth: deeper benches take hours.
const maxBenchDepth = 30

// runBench runs "outpost bench".
func runBench(args []string) error { return bench(args, os.Stdout, os.Stderr) }

// bench runs "outpost bench" with the per-position lines on progress and
// the summary line on w.
func bench(args []string, w, progress io.Writer) error {
	fs := newFlagSet("bench", benchSynopsis, benchDescription)
	depth := fs.Int("depth", engine.BenchDepth, "search each position `N` plies deep (1 to 30)")
	eval := addEvalFlags(fs)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *depth < 1 || *depth > maxBenchDepth {
		return usageErrorf(fs, "--depth %d is out of range 1..%d", *depth, maxBenchDepth)
	}
	net, evaluation, err := eval.network(fs)
	if err != nil {
		return err
	}
	n := 0
	r := engine.Bench(*depth, net, func(fen string, r engine.Result) {
		n++
		fmt.Fprintf(progress, "%d/%d nodes %d bestmove %v\n", n, len(engine.BenchFENs), r.Nodes, r.BestMove)
	})
	fmt.Fprintf(progress, "depth %d time %.3fs evaluation %s\n", *depth, r.Time.Seconds(), evaluation)
	_, err = fmt.Fprintf(w, "nodes %d nps %d\n", r.Nodes, r.NPS())
	return err
}
