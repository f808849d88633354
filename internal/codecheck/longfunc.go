// Package codecheck checks the repository's own Go source for what the
// house rules ask (docs/design.md) and a compiler does not: its tests run
// the checks on the whole module, so "go test ./..." (and scripts/test)
// fails when a rule is broken.
package codecheck

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path"
	"slices"
	"strings"
)

// MaxFuncLines is the most lines a function may take outside the search,
// counted from its "func" line to its closing brace, both included.
const MaxFuncLines = 100

// Func is a function longer than the limit LongFuncs was given.
type Func struct {
	File  string // slash-separated path, relative to the root searched
	Line  int    // the line of its "func"
	Name  string // "Name", "Type.Name" for a method, "var Name" for a function literal a package variable holds
	Lines int
}

// String returns f as "file:line: Name is N lines".
func (f Func) String() string {
	return fmt.Sprintf("%s:%d: %s is %d lines", f.File, f.Line, f.Name, f.Lines)
}

// LongFuncs returns the functions over most lines in the Go source under
// root in fsys, sorted by file and line: every function and method, and
// every function literal held by a package-level variable (a literal
// inside a function counts as its lines). It skips test files (_test.go),
// generated files (a "Code generated ... DO NOT EDIT." line, as
// ast.IsGenerated reads it), the directories the go command ignores
// (testdata, and those whose names start with "." or "_") and npm's
// node_modules (others' code). A file that does not parse is an error.
func LongFuncs(fsys fs.FS, root string, most int) ([]Func, error) {
	var long []Func
	fset := token.NewFileSet()
	err := fs.WalkDir(fsys, root, func(name string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if base := d.Name(); name != root && (base == "testdata" || base == "node_modules" || strings.HasPrefix(base, ".") || strings.HasPrefix(base, "_")) {
				return fs.SkipDir
			}
			return nil
		}
		if path.Ext(name) != ".go" || strings.HasSuffix(name, "_test.go") {
			return nil
		}
		src, err := fs.ReadFile(fsys, name)
		if err != nil {
			return err
		}
		f, err := parser.ParseFile(fset, name, src, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return fmt.Errorf("codecheck: %w", err)
		}
		if !ast.IsGenerated(f) {
			long = append(long, longFuncsOf(fset, f, name, most)...)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	slices.SortFunc(long, func(a, b Func) int {
		if c := strings.Compare(a.File, b.File); c != 0 {
			return c
		}
		return a.Line - b.Line
	})
	return long, nil
}

// longFuncsOf returns the functions of f (read from file) over most lines.
func longFuncsOf(fset *token.FileSet, f *ast.File, file string, most int) []Func {
	var long []Func
	check := func(name string, n ast.Node) {
		start, end := fset.Position(n.Pos()).Line, fset.Position(n.End()).Line
		if lines := end - start + 1; lines > most {
			long = append(long, Func{File: file, Line: start, Name: name, Lines: lines})
		}
	}
	for _, decl := range f.Decls {
		switch decl := decl.(type) {
		case *ast.FuncDecl:
			if decl.Body != nil {
				check(funcName(decl), decl)
			}
		case *ast.GenDecl:
			for _, spec := range decl.Specs {
				vs, ok := spec.(*ast.ValueSpec)
				if !ok {
					continue
				}
				for i, v := range vs.Values {
					ast.Inspect(v, func(n ast.Node) bool {
						if lit, ok := n.(*ast.FuncLit); ok {
							check("var "+vs.Names[min(i, len(vs.Names)-1)].Name, lit)
							return false
						}
						return true
					})
				}
			}
		}
	}
	return long
}

// funcName returns a function's name, or "Type.Name" for a method (the
// receiver's type without its pointer or type parameters).
func funcName(fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return fd.Name.Name
	}
	t := fd.Recv.List[0].Type
	if star, ok := t.(*ast.StarExpr); ok {
		t = star.X
	}
	switch g := t.(type) {
	case *ast.IndexExpr:
		t = g.X
	case *ast.IndexListExpr:
		t = g.X
	}
	if id, ok := t.(*ast.Ident); ok {
		return id.Name + "." + fd.Name.Name
	}
	return fd.Name.Name
}
