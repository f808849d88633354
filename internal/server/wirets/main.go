// Command wirets writes web/src/wire.ts, the TypeScript declarations of
// the JSON of Outpost's API, from the server's Go types (registry.go lists
// them; package wiregen writes them). "go generate ./internal/server" runs
// it; TestWireTS fails while web/src/wire.ts is not what it writes.
package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/outpost-chess/outpost/internal/wiregen"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

// run writes web/src/wire.ts in the module the working directory is in.
func run() error {
	out, err := wiregen.Generate(wire)
	if err != nil {
		return err
	}
	path, err := wirePath()
	if err != nil {
		return err
	}
	if err := os.WriteFile(path, out.TS, 0o644); err != nil {
		return fmt.Errorf("wirets: %w", err)
	}
	fmt.Printf("wirets: %s: %d types, %d fields\n", path, len(out.Declared), out.Fields)
	return nil
}

// wirePath returns the path of web/src/wire.ts.
func wirePath() (string, error) {
	root, _, err := wiregen.ModuleRoot(".")
	return filepath.Join(root, "web", "src", "wire.ts"), err
}
