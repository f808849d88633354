package engine

import "testing"

// benchSignature is the total node count of the default evaluation's
// Bench(BenchDepth, DefaultNetwork(), nil): the
// search's signature. It changes only on purpose, when a change is meant to
// change the search (or the evaluation); such a commit says the new count in
// its message. A refactor or a speed-up leaves it equal.
const benchSignature = 798601

func TestBenchSignature(t *testing.T) {
	r := Bench(BenchDepth, DefaultNetwork(), nil)
	if r.Nodes != benchSignature {
		t.Errorf("Bench(%d) searched %d nodes, want the signature %d (if the search changed on purpose, update benchSignature and say the new count in the commit message)", BenchDepth, r.Nodes, benchSignature)
	}
}

// BenchmarkBench runs the bench (all of BenchFENs at BenchDepth) once per
// iteration. Its CPU profile is the profile the build optimises for
// (scripts/pgo-profile writes it to cmd/outpost/default.pgo).
func BenchmarkBench(b *testing.B) {
	for b.Loop() {
		Bench(BenchDepth, DefaultNetwork(), nil)
	}
}
