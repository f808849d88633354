package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/outpost-chess/outpost/internal/engine"
	"github.com/outpost-chess/outpost/internal/nnue"
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
	evalFile := fs.String("evalfile", "", "evaluate with the network in `FILE`")
	randomNet := fs.Int("random-net", 0, "evaluate with a random network of `H` hidden neurons (a multiple of 16)")
	handCrafted := fs.Bool("handcrafted", false, "evaluate with the hand-crafted evaluation")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *depth < 1 || *depth > maxBenchDepth {
		return usageErrorf(fs, "--depth %d is out of range 1..%d", *depth, maxBenchDepth)
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if set["evalfile"] && set["random-net"] || set["evalfile"] && set["handcrafted"] || set["random-net"] && set["handcrafted"] {
		return usageErrorf(fs, "choose one of --evalfile, --random-net and --handcrafted")
	}
	net := engine.DefaultNetwork()
	switch {
	case set["evalfile"]:
		var err error
		if net, err = nnue.ReadFile(*evalFile); err != nil {
			return fmt.Errorf("cannot use --evalfile: %w", err)
		}
	case set["random-net"]:
		if *randomNet < nnue.HiddenMultiple || *randomNet > nnue.MaxHidden || *randomNet%nnue.HiddenMultiple != 0 {
			return usageErrorf(fs, "--random-net %d: want a multiple of %d from %d to %d", *randomNet, nnue.HiddenMultiple, nnue.HiddenMultiple, nnue.MaxHidden)
		}
		net = nnue.Random(*randomNet, 1)
	case *handCrafted:
		net = nil
	}
	evaluation := "hand-crafted"
	if net != nil {
		evaluation = fmt.Sprintf("network %s (%d hidden neurons)", net.ID(), net.Hidden)
	}
	n := 0
	r := engine.Bench(*depth, net, func(fen string, r engine.Result) {
		n++
		fmt.Fprintf(progress, "%d/%d nodes %d bestmove %v\n", n, len(engine.BenchFENs), r.Nodes, r.BestMove)
	})
	fmt.Fprintf(progress, "depth %d time %.3fs evaluation %s\n", *depth, r.Time.Seconds(), evaluation)
	_, err := fmt.Fprintf(w, "nodes %d nps %d\n", r.Nodes, r.NPS())
	return err
}
