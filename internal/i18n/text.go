package i18n

import (
	"regexp"
	"strings"
)

var (
	// textWord is a word of a language: letters, some lower case.
	textWord = regexp.MustCompile(`\pL*\p{Ll}\pL*`)
	han      = regexp.MustCompile(`\p{Han}`)
)

// ReadsAsText reports whether s reads as words for a person, for the tests
// that find a front end's texts outside its catalogue: any Chinese; two
// words or more (of two letters or more, one of three or more) with a space
// between ("Take back", not the class names "xe pv"); or one capitalised
// word of three letters or more ("Resign", not "enter" or "ArrowLeft").
// The words in same are the same in every language (Outpost, FEN) and do
// not count.
func ReadsAsText(s string, same map[string]bool) bool {
	if han.MatchString(s) {
		return true
	}
	var words []string
	long := false
	for _, w := range textWord.FindAllString(s, -1) {
		if len([]rune(w)) >= 2 && !same[w] {
			words = append(words, w)
			long = long || len([]rune(w)) >= 3
		}
	}
	switch {
	case len(words) >= 2:
		return long && strings.Contains(strings.TrimSpace(s), " ")
	case len(words) == 1:
		w := []rune(words[0])
		return len(w) >= 3 && strings.ToUpper(string(w[0])) == string(w[0]) && strings.ToLower(string(w[1:])) == string(w[1:])
	}
	return false
}
