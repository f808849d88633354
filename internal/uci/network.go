package uci

import (
	"fmt"
	"strings"

	"github.com/outpost-chess/outpost/internal/nnue"
)

// This file is the choice of evaluation: the options "Use NNUE" (check) and
// "EvalFile" (the network's file; its default, the network built into the
// binary, written by its file name, or <empty> when there is none), and the
// "info string evaluation: ..." line that says which one the engine uses,
// sent before "uciok" and after either option is set.

// emptyString is how UCI writes the default of an empty string option.
const emptyString = "<empty>"

// network is the network the loop has loaded (EvalFile), which the engine
// evaluates with when Use NNUE is on.
type network struct {
	net    *nnue.Network // nil: none loaded (no network is embedded)
	source string        // "embedded", or the file it was read from
}

// embeddedNetwork returns the network built into the binary, if any, and
// EvalFile's default: its file name, or <empty>.
func embeddedNetwork() (network, string) {
	net, name, err := nnue.Embedded()
	if err != nil || net == nil { // a damaged embedded net fails nnue's tests: not reached
		return network{}, emptyString
	}
	return network{net: net, source: "embedded"}, name
}

// setEvalFile loads the network in file (the default name, <empty> or an
// empty value: the embedded one) and makes it the loop's network. If it
// cannot be loaded, the current network stays and the error says so.
func (l *Loop) setEvalFile(file string) error {
	nw, def := embeddedNetwork()
	if file != "" && file != emptyString && file != def {
		net, err := nnue.ReadFile(file)
		if err != nil {
			return fmt.Errorf("cannot load the network: %s; %s", strings.TrimPrefix(err.Error(), "nnue: "), l.keeping())
		}
		nw = network{net: net, source: file}
	}
	l.net = nw
	return l.applyEvaluation()
}

// keeping says what the engine keeps evaluating with after a failed
// EvalFile.
func (l *Loop) keeping() string {
	if l.opts.useNNUE && l.net.net != nil {
		return "the engine keeps the network " + describe(l.net)
	}
	return "the engine keeps the hand-crafted evaluation"
}

// setUseNNUE switches between the network and the hand-crafted evaluation.
func (l *Loop) setUseNNUE(on bool) error {
	l.opts.useNNUE = on
	return l.applyEvaluation()
}

// applyEvaluation gives the engine the evaluation the options ask for and
// says which it is. It runs only while no search runs: setoption waits for
// a running search to end.
func (l *Loop) applyEvaluation() error {
	var net *nnue.Network
	if l.opts.useNNUE {
		net = l.net.net
	}
	if err := l.eng.SetNetwork(net); err != nil { // not reached: Read validates
		return err
	}
	l.send(l.evaluationInfo())
	return nil
}

// evaluationInfo returns the "info string evaluation: ..." line naming the
// evaluation in use.
func (l *Loop) evaluationInfo() string {
	switch {
	case l.opts.useNNUE && l.net.net != nil:
		return "info string evaluation: NNUE, network " + describe(l.net)
	case l.opts.useNNUE:
		return "info string evaluation: hand-crafted (Use NNUE is on, but no network is loaded: set EvalFile to a network file)"
	case l.net.net != nil:
		return "info string evaluation: hand-crafted (network " + describe(l.net) + " loaded: set Use NNUE to true to use it)"
	default:
		return "info string evaluation: hand-crafted"
	}
}

// describe names a network: its file name, architecture and source.
func describe(nw network) string {
	return fmt.Sprintf("%s (%v SCReLU, %s)", nnue.FileName(nw.net), nw.net.Shape, nw.source)
}
