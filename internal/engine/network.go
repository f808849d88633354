package engine

import (
	"fmt"

	"github.com/outpost-chess/outpost/internal/nnue"
)

// DefaultNetwork returns the network engines evaluate with unless told
// otherwise: the one built into the binary (nnue.Embedded), which beat the
// hand-crafted evaluation in matches (docs/nnue.md). Options.HandCrafted
// and SetNetwork(nil) select the hand-crafted evaluation (eval.Default).
func DefaultNetwork() *nnue.Network {
	net, _, _ := nnue.Embedded()
	return net
}

// SetNetwork makes the engine evaluate with net from the next search on;
// nil selects the hand-crafted evaluation. The network must be valid
// (nnue.Network.Validate) and is not modified; several engines may share
// one. A change of evaluation clears the hash table and the evaluation
// caches, whose scores were the other evaluation's. It waits for a running
// search to finish.
func (e *Engine) SetNetwork(net *nnue.Network) error {
	if net != nil {
		if err := net.Validate(); err != nil {
			return fmt.Errorf("engine: %w", err)
		}
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if net == e.net {
		return nil
	}
	e.net = net
	e.tt.clear()
	for _, w := range e.workers {
		w.evalCache = evalCache{}
	}
	e.last = lastSearch{}
	return nil
}

// Network returns the network the engine evaluates with, or nil for the
// hand-crafted evaluation.
func (e *Engine) Network() *nnue.Network {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.net
}
