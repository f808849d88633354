package tui

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
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

var (
	// word is a word of a language: two or more letters, some lower case.
	word = regexp.MustCompile(`\pL*\p{Ll}\pL*`)
	// same are the words that are the same in every language.
	same = map[string]bool{"Outpost": true, "Esc": true, "Ctrl": true}
)

// readsAsText reports whether s reads as words for a person: two words or
// more with a space between, or one capitalised word, a name that is the
// same in every language aside; or any Chinese.
func readsAsText(s string) bool {
	if regexp.MustCompile(`\p{Han}`).MatchString(s) {
		return true
	}
	var words []string
	for _, w := range word.FindAllString(s, -1) {
		if len([]rune(w)) >= 2 && !same[w] {
			words = append(words, w)
		}
	}
	switch {
	case len(words) >= 2:
		return strings.Contains(strings.TrimSpace(s), " ")
	case len(words) == 1:
		w := []rune(words[0])
		// A capitalised word alone ("Resign"), not a key's name ("ctrl").
		return strings.ToUpper(string(w[0])) == string(w[0]) && strings.ToLower(string(w[1:])) == string(w[1:]) && len(w) >= 3
	}
	return false
}

// TestReadsAsText checks the scanner's idea of text.
func TestReadsAsText(t *testing.T) {
	for s, want := range map[string]bool{
		"Board flipped.": true, "Resign": true, "you (White) against %s": true, "白方": true,
		"Outpost": false, "ctrl+c": false, "enter": false, "%3d. %-8s %s": false, "game.pgn": false,
		"abcdefghNBRQKO0": false, "outpost-": false, "2006-01-02-1504": false, "\n": false, " ": false,
	} {
		if got := readsAsText(s); got != want {
			t.Errorf("readsAsText(%q) = %v, want %v", s, got, want)
		}
	}
}
