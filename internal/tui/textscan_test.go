package tui

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/outpost-chess/outpost/internal/i18n"
)

// TestNoTextOutsideCatalogue reads the package's source and fails on a
// string that reads as words for a person ("Board flipped.", "Resign")
// anywhere but in the catalogue (messages.go): every text the terminal game
// shows must be there, in every language. Not counted: the errors a program
// gets, which start with the package's name ("tui: ..."), PGN tags (data in
// the standard's words), and names that are the same in every language
// (Outpost; the keys Esc and Ctrl).
func TestNoTextOutsideCatalogue(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") || name == "messages.go" {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, name, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		programErrors := map[*ast.BasicLit]bool{}
		ast.Inspect(f, func(n ast.Node) bool {
			// fmt.Errorf("tui: ...") and errors.New("tui: ..."): for programs.
			if call, ok := n.(*ast.CallExpr); ok && len(call.Args) > 0 {
				if lit, ok := call.Args[0].(*ast.BasicLit); ok && lit.Kind == token.STRING {
					if s, err := strconv.Unquote(lit.Value); err == nil && strings.HasPrefix(s, "tui: ") {
						programErrors[lit] = true
					}
				}
			}
			return true
		})
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.ImportSpec, *ast.Field:
				return false // import paths; struct fields and their tags
			case *ast.CompositeLit:
				typ := n.Type
				if arr, ok := typ.(*ast.ArrayType); ok {
					typ = arr.Elt
				}
				if sel, ok := typ.(*ast.SelectorExpr); ok && sel.Sel.Name == "Tag" {
					return false // PGN tags: data in the PGN standard's words
				}
			case *ast.BasicLit:
				if n.Kind != token.STRING || programErrors[n] {
					return true
				}
				s, err := strconv.Unquote(n.Value)
				if err == nil && readsAsText(s) {
					t.Errorf("%s: %q is text for a person outside the catalogue (messages.go)", fset.Position(n.Pos()), s)
				}
			}
			return true
		})
	}
}

// same are the words that are the same in every language.
var same = map[string]bool{"Outpost": true, "Esc": true, "Ctrl": true}

// readsAsText reports whether s reads as words for a person.
func readsAsText(s string) bool { return i18n.ReadsAsText(s, same) }
