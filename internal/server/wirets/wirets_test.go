package main

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/outpost-chess/outpost/internal/wiregen"
)

// TestWireTS regenerates web/src/wire.ts in memory and fails while the
// committed file differs, as scripts/test fails on a stale web/dist.
func TestWireTS(t *testing.T) {
	out, err := wiregen.Generate(wire)
	if err != nil {
		t.Fatal(err)
	}
	path, err := wirePath()
	if err != nil {
		t.Fatal(err)
	}
	have, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(have, out.TS) {
		got, want := strings.Split(string(have), "\n"), strings.Split(string(out.TS), "\n")
		line := 0
		for line < min(len(got), len(want)) && got[line] == want[line] {
			line++
		}
		t.Errorf("web/src/wire.ts is not what the server's types make (from line %d): run \"go generate ./internal/server\", then \"npm run build\" in web/", line+1)
	}
	t.Logf("web/src/wire.ts: %d types, %d fields", len(out.Declared), out.Fields)
}

// TestWireComplete fails on an exported struct type of package server with
// json tags that web/src/wire.ts does not declare: a type the API sends or
// takes that registry.go lacks.
func TestWireComplete(t *testing.T) {
	out, err := wiregen.Generate(wire)
	if err != nil {
		t.Fatal(err)
	}
	var declared []string
	for _, d := range out.Declared {
		if d.PkgPath() == wire.Home {
			declared = append(declared, d.Name())
		}
	}
	root, _, err := wiregen.ModuleRoot(".")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range jsonTypes(t, filepath.Join(root, "internal", "server")) {
		if !slices.Contains(declared, name) {
			t.Errorf("server.%s has json tags but web/src/wire.ts does not declare it: add it to internal/server/wirets/registry.go", name)
		}
	}
}

// jsonTypes returns the exported struct types of the package in dir
// (tests aside) with a json tag.
func jsonTypes(t *testing.T, dir string) []string {
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			spec, ok := n.(*ast.TypeSpec)
			if !ok || !spec.Name.IsExported() {
				return true
			}
			if st, ok := spec.Type.(*ast.StructType); ok && hasJSONTag(st) {
				names = append(names, spec.Name.Name)
			}
			return true
		})
	}
	return names
}

// hasJSONTag reports whether a field of st has a json tag.
func hasJSONTag(st *ast.StructType) bool {
	for _, f := range st.Fields.List {
		if f.Tag == nil {
			continue
		}
		if tag, err := strconv.Unquote(f.Tag.Value); err == nil && reflect.StructTag(tag).Get("json") != "" {
			return true
		}
	}
	return false
}
