package web

import (
	"fmt"
	"maps"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// readCatalogue reads a catalogue of web/src/messages ('key': 'text' pairs
// in an object literal) into a map. It understands what the catalogues are
// written in: comments, and strings in single, double or back quotes.
func readCatalogue(t *testing.T, path string) map[string]string {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	toks, err := jsTokens(string(src))
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	out := map[string]string{}
	for i := 0; i+2 < len(toks); i++ {
		if toks[i].str && !toks[i+1].str && toks[i+1].text == ":" {
			if !toks[i+2].str {
				t.Errorf("%s: the text of %q is not a string literal", path, toks[i].text)
				continue
			}
			if _, dup := out[toks[i].text]; dup {
				t.Errorf("%s: key %q twice", path, toks[i].text)
			}
			out[toks[i].text] = toks[i+2].text
		}
	}
	return out
}

// jsToken is a string literal's value (str; a template's ${…} parts are a
// space), an identifier or number, or one other character.
type jsToken struct {
	text string
	str  bool
}

// jsTokens splits TypeScript source into string literals, identifiers and
// single characters, skipping comments and white space. It is enough for
// the catalogues and the page's sources; it knows regular expression
// literals only where one follows "(", ",", "=", ":" or "!" (a quote inside
// another would confuse it).
func jsTokens(src string) ([]jsToken, error) {
	var out []jsToken
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case strings.HasPrefix(src[i:], "//"):
			j := strings.IndexByte(src[i:], '\n')
			if j < 0 {
				return out, nil
			}
			i += j
		case strings.HasPrefix(src[i:], "/*"):
			j := strings.Index(src[i+2:], "*/")
			if j < 0 {
				return nil, fmt.Errorf("unclosed comment")
			}
			i += j + 4
		case c == '\'' || c == '"' || c == '`':
			var b strings.Builder
			j := i + 1
			depth := 0 // inside a template's ${…}, whose text is code
			for ; j < len(src) && (src[j] != c || depth > 0); j++ {
				if c == '`' {
					switch {
					case depth == 0 && strings.HasPrefix(src[j:], "${"):
						depth = 1
						b.WriteByte(' ')
						j++
						continue
					case depth > 0 && src[j] == '{':
						depth++
					case depth > 0 && src[j] == '}':
						depth--
					}
					if depth > 0 {
						continue
					}
					if src[j] == '}' {
						continue
					}
				}
				if src[j] == '\\' && j+1 < len(src) {
					j++
					switch src[j] {
					case 'n':
						b.WriteByte('\n')
						continue
					case 'u':
						// \uXXXX stays as written; the catalogues write characters.
						b.WriteString(`\u`)
						continue
					}
				}
				b.WriteByte(src[j])
			}
			if j >= len(src) {
				return nil, fmt.Errorf("unclosed string at byte %d", i)
			}
			out = append(out, jsToken{b.String(), true})
			i = j + 1
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		case c == '/' && regexCanStart(out):
			// A regular expression literal: skip it (its class may hold '/').
			j, class := i+1, false
			for ; j < len(src) && src[j] != '\n'; j++ {
				if src[j] == '\\' {
					j++
				} else if src[j] == '[' {
					class = true
				} else if src[j] == ']' {
					class = false
				} else if src[j] == '/' && !class {
					break
				}
			}
			i = j + 1
		case isIdent(c):
			j := i
			for j < len(src) && isIdent(src[j]) {
				j++
			}
			out = append(out, jsToken{src[i:j], false})
			i = j
		default:
			out = append(out, jsToken{string(c), false})
			i++
		}
	}
	return out, nil
}

var placeholder = regexp.MustCompile(`\{(\w+)\}`)

func placeholders(s string) []string {
	var out []string
	for _, m := range placeholder.FindAllStringSubmatch(s, -1) {
		out = append(out, m[1])
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// TestCatalogues checks the web app's catalogues against each other: every
// key in every language (TypeScript checks it too, this says which), no
// empty text, the same {placeholders} as English, and both forms of each
// plural.
func TestCatalogues(t *testing.T) {
	en := readCatalogue(t, "src/messages/en.ts")
	if len(en) == 0 {
		t.Fatal("src/messages/en.ts: no messages found")
	}
	for _, lang := range []string{"zh"} {
		other := readCatalogue(t, "src/messages/"+lang+".ts")
		for _, k := range slices.Sorted(maps.Keys(en)) {
			text, ok := other[k]
			switch {
			case !ok:
				t.Errorf("%s: no text for %q (English: %q)", lang, k, en[k])
			case strings.TrimSpace(text) == "":
				t.Errorf("%s: empty text for %q", lang, k)
			case !slices.Equal(placeholders(en[k]), placeholders(text)):
				t.Errorf("%s: %q is %q with %v; English %q has %v", lang, k, text, placeholders(text), en[k], placeholders(en[k]))
			}
		}
		for k := range other {
			if _, ok := en[k]; !ok {
				t.Errorf("%s: %q is not an English key", lang, k)
			}
		}
	}
	for k := range en {
		if base, ok := strings.CutSuffix(k, ".one"); ok {
			if _, ok := en[base+".other"]; !ok {
				t.Errorf("en: %q has no %q", k, base+".other")
			}
		}
		if strings.TrimSpace(en[k]) == "" {
			t.Errorf("en: empty text for %q", k)
		}
	}
}

// isIdent reports whether c belongs in an identifier or a number.
func isIdent(c byte) bool {
	return c == '_' || c == '$' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// regexCanStart reports whether a "/" after toks starts a regular
// expression rather than a division.
func regexCanStart(toks []jsToken) bool {
	if len(toks) == 0 {
		return true
	}
	last := toks[len(toks)-1]
	if last.str {
		return false
	}
	return strings.Contains("(,=:!&|?{};[", last.text) || last.text == "return"
}
