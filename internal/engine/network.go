package engine

import (
	"fmt"

	"github.com/outpost-chess/outpost/internal/nnue"
)

// networkByDefault says whether engines evaluate with the network built
// into the binary (nnue.Embedded) unless told otherwise. It stays false
// until a trained network beats the hand-crafted evaluation in a match
// (docs/nnue.md): until then the hand-crafted evaluation is the default,
// and the bench signature is its search's.
const networkByDefault = false

// DefaultNetwork returns the network engines evaluate with by default, or
// nil when the default is the hand-crafted evaluation (eval.Default).
func DefaultNetwork() *nnue.Network {
	if !networkByDefault {
		return nil
	}
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
