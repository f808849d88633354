package puzzle

import (
	"bytes"
	_ "embed"
	"sync"
)

//go:embed builtin/set.jsonl
var builtinSet []byte

var builtin = sync.OnceValues(func() ([]Entry, error) { return ReadSet(bytes.NewReader(builtinSet)) })

// Builtin returns the set built into Outpost (internal/puzzle/builtin: the
// puzzles mined from self-play and checked by a deeper search; its
// MANIFEST.md says how each part was made). The slice is shared: callers
// must not change it.
func Builtin() []Entry {
	set, err := builtin()
	if err != nil {
		panic("puzzle: the built-in set does not read: " + err.Error())
	}
	return set
}
