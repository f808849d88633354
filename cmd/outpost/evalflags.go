package main

import (
	"fmt"

	"github.com/outpost-chess/outpost/internal/engine"
	"github.com/outpost-chess/outpost/internal/nnue"
)

// evalFlags are the flags of the commands that search (bench, solve,
// analyse) that choose the evaluation: the default (engine.DefaultNetwork),
// a network file, a random network (for speed measurements) or the
// hand-crafted evaluation.
type evalFlags struct {
	file        *string
	random      *int
	handCrafted *bool
}

// addEvalFlags declares --evalfile, --random-net and --handcrafted on fs.
func addEvalFlags(fs *flagSet) *evalFlags {
	return &evalFlags{
		file:        fs.String("evalfile", "", "evaluate with the network in `FILE`"),
		random:      fs.Int("random-net", 0, "evaluate with a random network of `H` hidden neurons, a multiple of 16 (it plays badly: for speed measurements)"),
		handCrafted: fs.Bool("handcrafted", false, "evaluate with the hand-crafted evaluation"),
	}
}

// network returns the network the parsed flags ask for (nil: the
// hand-crafted evaluation) and its description for people ("hand-crafted",
// "network 4144e343ff4a (256 hidden neurons)"). Bad usage is a usage error;
// a file that cannot be read, an error that says why.
func (f *evalFlags) network(fs *flagSet) (*nnue.Network, string, error) {
	set := fs.given()
	chosen := 0
	for _, name := range []string{"evalfile", "random-net", "handcrafted"} {
		if set[name] {
			chosen++
		}
	}
	if chosen > 1 {
		return nil, "", usageErrorf(fs, "choose one of --evalfile, --random-net and --handcrafted")
	}
	net := engine.DefaultNetwork()
	switch {
	case set["evalfile"]:
		var err error
		if net, err = nnue.ReadFile(*f.file); err != nil {
			return nil, "", fmt.Errorf("cannot use --evalfile: %w", err)
		}
	case set["random-net"]:
		h := *f.random
		if h < nnue.HiddenMultiple || h > nnue.MaxHidden || h%nnue.HiddenMultiple != 0 {
			return nil, "", usageErrorf(fs, "--random-net %d: want a multiple of %d from %d to %d", h, nnue.HiddenMultiple, nnue.HiddenMultiple, nnue.MaxHidden)
		}
		net = nnue.Random(h, 1)
	case *f.handCrafted:
		net = nil
	}
	if net == nil {
		return nil, "hand-crafted", nil
	}
	return net, fmt.Sprintf("network %s (%d hidden neurons)", net.ID(), net.Hidden), nil
}
