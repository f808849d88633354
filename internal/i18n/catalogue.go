package i18n

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// Catalogue holds a front end's texts: for each language, the text of each
// key. K is the front end's key type, integer constants from 0 to a count.
type Catalogue[K ~int] map[Lang]map[K]string

// Text returns the text of k in l, formatted with args as fmt.Sprintf does.
// A key l lacks falls back to English (Check makes sure none does).
func (c Catalogue[K]) Text(l Lang, k K, args ...any) string {
	s, ok := c[l][k]
	if !ok {
		s, ok = c[English][k]
	}
	if !ok {
		return fmt.Sprintf("!(missing text %d)", int(k))
	}
	if len(args) == 0 {
		return s
	}
	return fmt.Sprintf(s, args...)
}

// verbs matches a fmt verb with its flags, width and argument index.
var verbs = regexp.MustCompile(`%(\[\d+\])?[-+# 0]*\d*(\.\d+)?[a-zA-Z%]`)

// ChineseTermsAvoided maps the words a Chinese text must not use to the
// word it uses instead, so each chess term has one name (docs/languages.md):
// 着法 for a move, 变化 for a variation (变着 is an alternative move), 疑问着
// for ?! (缓着 is xiangqi's and weiqi's), 快棋 for rapid. The web catalogue's
// test (web/test/i18n.test.ts) checks the same list.
var ChineseTermsAvoided = map[string]string{
	"走法": "着法", "变着": "变化", "变例": "变化", "缓着": "疑问着", "快速棋": "快棋", "解释": "讲解",
}

// Check makes sure that every key below count has a text in every language,
// that no language has a key above it, that each translation uses the
// same values as English (the same fmt verbs, in any order), and that no
// Chinese text uses a word of ChineseTermsAvoided: the test every
// catalogue runs.
func (c Catalogue[K]) Check(count K) error {
	var errs []error
	for _, l := range Langs {
		texts := c[l]
		for k := K(0); k < count; k++ {
			s, ok := texts[k]
			if !ok || s == "" {
				errs = append(errs, fmt.Errorf("i18n: %s has no text for key %d (English: %q)", l, int(k), c[English][k]))
				continue
			}
			if want, got := verbSet(c[English][k]), verbSet(s); !slices.Equal(want, got) {
				errs = append(errs, fmt.Errorf("i18n: %s text for key %d %q uses %v, English uses %v", l, int(k), s, got, want))
			}
			for avoid, use := range ChineseTermsAvoided {
				if l == Chinese && strings.Contains(s, avoid) {
					errs = append(errs, fmt.Errorf("i18n: zh text for key %d %q says %s: say %s", int(k), s, avoid, use))
				}
			}
		}
		for k := range texts {
			if k < 0 || k >= count {
				errs = append(errs, fmt.Errorf("i18n: %s has a text for unknown key %d: %q", l, int(k), texts[k]))
			}
		}
	}
	return errors.Join(errs...)
}

// verbSet returns the fmt verbs of s, without argument indexes, sorted.
func verbSet(s string) []string {
	var out []string
	for _, v := range verbs.FindAllString(s, -1) {
		if v == "%%" {
			continue
		}
		if i := strings.Index(v, "]"); i >= 0 {
			v = "%" + v[i+1:]
		}
		out = append(out, v)
	}
	slices.Sort(out)
	return out
}
