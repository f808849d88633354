package web

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/outpost-chess/outpost/internal/i18n"
)

// TestNoTextOutsideCatalogue reads the front end's source and fails on a
// text for a person that is not in the catalogues (src/messages): a string
// in TypeScript that reads as words ("Take back", "Resign"), and in
// index.html an element's text or a title, aria-label or placeholder
// without its data-i18n attribute. Not counted: CSS selectors, strings a
// value is compared with (case 'Enter', === 'ArrowLeft'), and names that are
// the same in every language (Outpost, FEN, PGN, SAN, UCI, Elo).
func TestNoTextOutsideCatalogue(t *testing.T) {
	files, err := filepath.Glob("src/*.ts")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range files {
		if strings.HasSuffix(name, ".d.ts") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range shownStrings(string(src)) {
			t.Errorf("%s: %q is text for a person outside the catalogues (src/messages)", name, s)
		}
	}
	page, err := os.ReadFile("src/index.html")
	if err != nil {
		t.Fatal(err)
	}
	for _, problem := range untranslatedHTML(string(page)) {
		t.Errorf("src/index.html: %s", problem)
	}
}

var (
	// sameWords are the same in every language.
	sameWords = map[string]bool{"Outpost": true, "FEN": true, "PGN": true, "SAN": true, "UCI": true, "Elo": true, "Bearer": true}
	// code is text that is code, not words: a CSS selector or media query
	// (which may hold spaces; an attribute selector such as "[data-piece]"), a
	// path, markup, SVG path data.
	code = regexp.MustCompile(`(^|[\s>,(])[#.][a-zA-Z]|^[a-z-]+\[|\[[a-z-]+=|^\[[a-z-]+\]|^:scope|\s>\s|^\(.*\d+px\)$|^/|^\s*<|^[MmLlHhVvCcSsQqTtAaZz0-9.,\s-]+$`)
)

// readsAsText reports whether s reads as words for a person
// (i18n.ReadsAsText), code, positions and moves aside.
func readsAsText(s string) bool {
	if code.MatchString(s) || fen.MatchString(s) {
		return false
	}
	return i18n.ReadsAsText(san.ReplaceAllString(s, " "), sameWords)
}

// shownStrings returns the string literals of TypeScript src that read as
// text, but for those compared with (after case, ===, !==, ==, !=).
func shownStrings(src string) []string {
	toks, err := jsTokens(src)
	if err != nil {
		return []string{"(cannot read: " + err.Error() + ")"}
	}
	var out []string
	errorDepth := 0 // inside new Error(…) or new ApiError(…): a message for the log
	depth := 0
	for i, tok := range toks {
		if !tok.str {
			switch tok.text {
			case "(":
				depth++
				if errorDepth == 0 && i >= 2 && toks[i-2].text == "new" && strings.HasSuffix(toks[i-1].text, "Error") {
					errorDepth = depth
				}
			case ")":
				if depth == errorDepth {
					errorDepth = 0
				}
				depth--
			}
			continue
		}
		switch {
		case !readsAsText(tok.text) || errorDepth > 0:
		case i > 0 && (toks[i-1].text == "case" || toks[i-1].text == "["):
			// compared with (case 'Enter') or a property's name (headers['…'])
		case comparison(toks, i) || className(toks, i):
		default:
			out = append(out, tok.text)
		}
	}
	return out
}

// fen is a position in FEN; san a move in SAN.
var (
	fen = regexp.MustCompile(`^[rnbqkpRNBQKP1-8]+(/[rnbqkpRNBQKP1-8]+){7} [wb] `)
	san = regexp.MustCompile(`\b([KQRBN]?[a-h]?[1-8]?x?[a-h][1-8](=[QRBN])?|O-O(-O)?)[+#]?`)
)

// className reports whether the string at i is given to className (a list
// of CSS classes: className: '…', className = '…').
func className(toks []jsToken, i int) bool {
	return i >= 2 && (toks[i-1].text == ":" || toks[i-1].text == "=") && toks[i-2].text == "className"
}

// comparison reports whether the string at i follows ===, !==, == or !=.
func comparison(toks []jsToken, i int) bool {
	if i < 2 || toks[i-1].str || toks[i-1].text != "=" {
		return false
	}
	prev := toks[i-2].text
	return prev == "=" || prev == "!"
}

var (
	tagRE       = regexp.MustCompile(`(?s)<([a-zA-Z][a-zA-Z0-9-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>`)
	attrRE      = regexp.MustCompile(`([a-zA-Z0-9-]+)="([^"]*)"`)
	commentRE   = regexp.MustCompile(`(?s)<!--.*?-->`)
	scriptStyle = regexp.MustCompile(`(?s)<(script|style)\b.*?</(script|style)>`)
)

// untranslatedHTML returns the texts of page that have no data-i18n: an
// element's own text (the text right after its start tag), or a title,
// aria-label or placeholder attribute.
func untranslatedHTML(page string) []string {
	page = scriptStyle.ReplaceAllString(commentRE.ReplaceAllString(page, ""), "")
	var out []string
	for _, m := range tagRE.FindAllStringSubmatchIndex(page, -1) {
		tag := page[m[2]:m[3]]
		attrs := map[string]string{}
		for _, a := range attrRE.FindAllStringSubmatch(page[m[4]:m[5]], -1) {
			attrs[a[1]] = a[2]
		}
		for _, a := range []string{"title", "aria-label", "placeholder"} {
			if v, ok := attrs[a]; ok && readsAsText(v) && attrs["data-i18n-"+a] == "" {
				out = append(out, "<"+tag+" "+a+"=\""+v+"\"> has no data-i18n-"+a)
			}
		}
		if tag == "title" || tag == "h1" {
			continue // the page's name, Outpost
		}
		text := page[m[1]:]
		if end := strings.IndexByte(text, '<'); end >= 0 {
			text = text[:end]
		}
		if readsAsText(text) && attrs["data-i18n"] == "" {
			out = append(out, "<"+tag+"> "+strings.TrimSpace(text)+" has no data-i18n")
		}
	}
	return out
}

// TestTextScanner checks the scanner's idea of text and of a page's.
func TestTextScanner(t *testing.T) {
	for s, want := range map[string]bool{
		"Take back": true, "Resign": true, "Looking at move {n}": true, "声音": true,
		"Outpost": false, "FEN": false, "#board cg-board": false, ":scope > .xrow": false, ".cg-wrap piece": false,
		"btn-takeback": false, "ArrowLeft": false, "click": false, "e4, Nf3, O-O, e7e8q": false, "game.resign": false,
		"M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z": false, "0.3 s": false, "application/x-chess-pgn": false,
		"(max-width: 720px)": false, "/api/explain/ /node?path=": false, "<title> </title>": false, "xe pv": false,
		"input, select, textarea, [role=\"tree\"], summary": false, "1. e4 e5 2. Nf3 Nc6 …": false,
	} {
		if got := readsAsText(s); got != want {
			t.Errorf("readsAsText(%q) = %v, want %v", s, got, want)
		}
	}
	src := "toast('Game over.'); if (e.key === 'Enter') go(); switch (k) { case 'Home': break; } t('menu.new'); q('#status .note');"
	if got := shownStrings(src); len(got) != 1 || got[0] != "Game over." {
		t.Errorf("shownStrings = %q, want only the toast's", got)
	}
	page := `<button id="a" data-i18n="x">Resign</button><button id="b">Take back</button><input title="Your move"><h1>Outpost</h1><label>FEN <input></label>`
	if got := untranslatedHTML(page); len(got) != 2 || !strings.Contains(got[0], "Take back") || !strings.Contains(got[1], "title") {
		t.Errorf("untranslatedHTML = %q, want Take back and the title", got)
	}
}
