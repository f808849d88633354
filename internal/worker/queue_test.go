package worker_test

import (
	"testing"

	"github.com/outpost-chess/outpost/internal/worker/queuetest"
)

// TestQueues runs the queues' suite on each queue: in memory, and on
// PostgreSQL (a server is needed: see storetest.PostgresURL).
func TestQueues(t *testing.T) {
	for _, b := range queuetest.Backends() {
		t.Run(b.Name, func(t *testing.T) { queuetest.Run(t, b) })
	}
}
