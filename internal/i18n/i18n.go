// Package i18n is the language of the text Outpost shows a person outside
// the browser: the terminal game and the commands' messages. It parses a
// language named on the command line (--lang) or by the environment
// (LC_ALL, LC_MESSAGES, LANG), and holds a front end's catalogue of texts.
//
// Each front end keeps its catalogue next to it (internal/tui/messages.go):
// integer keys declared as constants, one map of texts per language, and a
// test that calls Catalogue.Check. A text is a fmt format: "%d moves",
// "%[2]s %[1]s" when a language needs the values in another order.
// The web app has its own catalogues (web/src/messages); texts both show
// live once, here in Go, and the server gives them to the page.
package i18n

import (
	"fmt"
	"strings"
)

// Lang is a language Outpost speaks.
type Lang string

const (
	English Lang = "en"
	Chinese Lang = "zh" // Simplified Chinese
)

// Langs lists the languages, English (the default) first.
var Langs = []Lang{English, Chinese}

// String returns the language's code, "en" or "zh".
func (l Lang) String() string { return string(l) }

// Parse reads a language as a person or a locale names it: "en", "zh",
// "zh-CN", "zh_CN.UTF-8", "en_GB", "english", "chinese", "中文". Case does not
// matter. Any other language is an error that lists those Outpost speaks.
func Parse(s string) (Lang, error) {
	if l, ok := fromLocale(s); ok {
		return l, nil
	}
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "english":
		return English, nil
	case "chinese", "中文", "简体中文":
		return Chinese, nil
	}
	return "", fmt.Errorf("i18n: unknown language %q (Outpost speaks en, English, and zh, 简体中文)", s)
}

// fromLocale reads a POSIX locale or a BCP 47 tag ("zh_CN.UTF-8",
// "zh-Hans", "en_US@euro"): its language part, if Outpost speaks it.
func fromLocale(s string) (Lang, bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	if i := strings.IndexAny(s, "_-.@"); i >= 0 {
		s = s[:i]
	}
	switch s {
	case "en":
		return English, true
	case "zh":
		return Chinese, true
	}
	return "", false
}

// FromEnv returns the language of the messages a program should print, as
// POSIX says: the first of LC_ALL, LC_MESSAGES and LANG that is set and not
// empty decides. A locale Outpost does not speak ("fr_FR.UTF-8"), "C",
// "POSIX" or none at all is English. getenv is os.Getenv in a program.
func FromEnv(getenv func(string) string) Lang {
	for _, name := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if v := getenv(name); v != "" {
			if l, ok := fromLocale(v); ok {
				return l
			}
			return English
		}
	}
	return English
}

// Choose returns the language of a command: flag (the --lang value) if it is
// not empty, else the environment's (FromEnv).
func Choose(flag string, getenv func(string) string) (Lang, error) {
	if flag != "" {
		return Parse(flag)
	}
	return FromEnv(getenv), nil
}
