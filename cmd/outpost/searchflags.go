package main

import (
	"fmt"
	"strings"
	"time"

	"github.com/outpost-chess/outpost/internal/engine"
)

// maxSearchDepth bounds --depth (the engine's own ply limit is higher).
const maxSearchDepth = 100

// searchLimitFlags are the flags that limit each search of a subcommand
// that searches: --depth, --nodes and --movetime, or those of them it
// offers. A user gives at most one; without any, the subcommand's default
// limit applies.
type searchLimitFlags struct {
	fs       *flagSet
	depth    int
	nodes    uint64
	movetime int // milliseconds
	fallback engine.Limits
}

// The search-limit flags a subcommand offers, for addSearchLimitFlags.
type limitFlag uint8

const (
	depthFlag limitFlag = 1 << iota
	nodesFlag
	movetimeFlag
)

// addSearchLimitFlags registers on fs the limit flags of which, each
// search being the search of one thing ("move", "position"; "" for a
// subcommand that searches once). fallback is the limit when none is
// given; a flag shows its value as its default.
func addSearchLimitFlags(fs *flagSet, thing string, fallback engine.Limits, which limitFlag) *searchLimitFlags {
	f := &searchLimitFlags{fs: fs, fallback: fallback}
	each := ""
	if thing != "" {
		each = " for each " + thing
	}
	if which&depthFlag != 0 {
		fs.IntVar(&f.depth, "depth", fallback.Depth, fmt.Sprintf("search `N` plies deep%s (1 to %d)", each, maxSearchDepth))
	}
	if which&nodesFlag != 0 {
		fs.Uint64Var(&f.nodes, "nodes", fallback.Nodes, "search about `N` nodes"+each+" (the same search however busy the machine)")
	}
	if which&movetimeFlag != 0 {
		fs.IntVar(&f.movetime, "movetime", int(fallback.MoveTime/time.Millisecond), "think for `MS` milliseconds"+each)
	}
	return f
}

// limits checks the flags, once fs is parsed, and returns the limits they
// give: the one given, or the fallback. A bad value or more than one given
// is a usage error.
func (f *searchLimitFlags) limits() (engine.Limits, error) {
	given := f.fs.given()
	var names []string
	for _, name := range []string{"depth", "nodes", "movetime"} {
		if given[name] {
			names = append(names, "--"+name)
		}
	}
	switch {
	case len(names) > 1:
		last := len(names) - 1
		return engine.Limits{}, usageErrorf(f.fs, "%s and %s cannot be used together: give one", strings.Join(names[:last], ", "), names[last])
	case given["depth"] && (f.depth < 1 || f.depth > maxSearchDepth):
		return engine.Limits{}, usageErrorf(f.fs, "--depth %d is out of range 1..%d", f.depth, maxSearchDepth)
	case given["depth"]:
		return engine.Limits{Depth: f.depth}, nil
	case given["nodes"] && f.nodes < 1:
		return engine.Limits{}, usageErrorf(f.fs, "--nodes 0: want a positive number of nodes")
	case given["nodes"]:
		return engine.Limits{Nodes: f.nodes}, nil
	case given["movetime"] && f.movetime < 1:
		return engine.Limits{}, usageErrorf(f.fs, "--movetime %d: want a positive number of milliseconds", f.movetime)
	case given["movetime"]:
		return engine.Limits{MoveTime: time.Duration(f.movetime) * time.Millisecond}, nil
	}
	return f.fallback, nil
}

// engineFlags make the engine of a subcommand that searches: --hash,
// --threads and the evaluation's flags (evalFlags).
type engineFlags struct {
	fs      *flagSet
	hash    int
	threads int
	eval    *evalFlags
}

// addEngineFlags registers --hash, hashMB by default, --threads and the
// evaluation's flags on fs.
func addEngineFlags(fs *flagSet, hashMB int) *engineFlags {
	f := &engineFlags{fs: fs}
	fs.IntVar(&f.hash, "hash", hashMB, "hash table size in `MB`")
	fs.IntVar(&f.threads, "threads", 1, "search with `N` threads (1 to 256)")
	f.eval = addEvalFlags(fs)
	return f
}

// options checks the flags, once fs is parsed, and returns the engine's
// options; a value out of range is a usage error, a network file that
// cannot be read an error that says why.
func (f *engineFlags) options() (engine.Options, error) {
	switch {
	case f.hash < 1 || f.hash > engine.MaxHashMB:
		return engine.Options{}, usageErrorf(f.fs, "--hash %d is out of range 1..%d", f.hash, engine.MaxHashMB)
	case f.threads < 1 || f.threads > engine.MaxThreads:
		return engine.Options{}, usageErrorf(f.fs, "--threads %d is out of range 1..%d", f.threads, engine.MaxThreads)
	}
	net, _, err := f.eval.network(f.fs)
	if err != nil {
		return engine.Options{}, err
	}
	return engine.Options{HashMB: f.hash, Threads: f.threads, Network: net, HandCrafted: net == nil}, nil
}

// searchFlags are the flags of a subcommand that searches with an engine
// of its own: its search limits and its engine's size.
type searchFlags struct {
	limits *searchLimitFlags
	engine *engineFlags
}

// addSearchFlags registers on fs the limit flags of which (see
// addSearchLimitFlags) and the engine flags, --hash (hashMB by default) and
// --threads.
func addSearchFlags(fs *flagSet, thing string, fallback engine.Limits, which limitFlag, hashMB int) *searchFlags {
	return &searchFlags{limits: addSearchLimitFlags(fs, thing, fallback, which), engine: addEngineFlags(fs, hashMB)}
}

// parse parses args with the flag set and checks the flags: it returns the
// search's limits and the engine's options, or a usage error.
func (f *searchFlags) parse(args []string) (engine.Limits, engine.Options, error) {
	if err := parseFlags(f.limits.fs, args); err != nil {
		return engine.Limits{}, engine.Options{}, err
	}
	limits, err := f.limits.limits()
	if err != nil {
		return engine.Limits{}, engine.Options{}, err
	}
	opts, err := f.engine.options()
	return limits, opts, err
}
