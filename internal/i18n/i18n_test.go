package i18n

import (
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Lang
	}{
		{"en", English},
		{"EN", English},
		{"en_GB.UTF-8", English},
		{"english", English},
		{"zh", Chinese},
		{"zh-CN", Chinese},
		{"zh_CN.UTF-8", Chinese},
		{"zh-Hans", Chinese},
		{"zh_TW", Chinese},
		{"Chinese", Chinese},
		{"中文", Chinese},
		{" zh ", Chinese},
	} {
		got, err := Parse(tc.in)
		if err != nil || got != tc.want {
			t.Errorf("Parse(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
		}
	}
	for _, bad := range []string{"", "fr", "fr_FR.UTF-8", "C", "zhx", "e"} {
		if got, err := Parse(bad); err == nil {
			t.Errorf("Parse(%q) = %q, want an error", bad, got)
		} else if !strings.Contains(err.Error(), "zh") {
			t.Errorf("Parse(%q): %v does not say which languages there are", bad, err)
		}
	}
}

func TestFromEnv(t *testing.T) {
	for _, tc := range []struct {
		env  map[string]string
		want Lang
	}{
		{nil, English},
		{map[string]string{"LANG": "zh_CN.UTF-8"}, Chinese},
		{map[string]string{"LANG": "C.UTF-8"}, English},
		{map[string]string{"LANG": "fr_FR.UTF-8"}, English},
		{map[string]string{"LANG": "en_US.UTF-8", "LC_MESSAGES": "zh_CN.UTF-8"}, Chinese},
		{map[string]string{"LANG": "zh_CN.UTF-8", "LC_ALL": "C"}, English},
		{map[string]string{"LANG": "en_US.UTF-8", "LC_ALL": "zh_CN.UTF-8", "LC_MESSAGES": "en_US"}, Chinese},
		{map[string]string{"LANG": "zh_CN.UTF-8", "LC_ALL": ""}, Chinese},
	} {
		got := FromEnv(func(k string) string { return tc.env[k] })
		if got != tc.want {
			t.Errorf("FromEnv(%v) = %q, want %q", tc.env, got, tc.want)
		}
	}
}

func TestChoose(t *testing.T) {
	env := func(k string) string {
		if k == "LANG" {
			return "zh_CN.UTF-8"
		}
		return ""
	}
	if l, err := Choose("", env); err != nil || l != Chinese {
		t.Errorf(`Choose("", LANG=zh_CN) = %q, %v; want zh`, l, err)
	}
	if l, err := Choose("en", env); err != nil || l != English {
		t.Errorf(`Choose("en", LANG=zh_CN) = %q, %v; want en`, l, err)
	}
	if _, err := Choose("klingon", env); err == nil {
		t.Error(`Choose("klingon") succeeded, want an error`)
	}
}

type key int

const (
	keyHello key = iota
	keyMoves
	keyOrder
	keyCount
)

func TestCatalogueText(t *testing.T) {
	c := Catalogue[key]{
		English: {keyHello: "Hello", keyMoves: "%d moves", keyOrder: "%s to %s"},
		Chinese: {keyHello: "你好", keyMoves: "%d 步", keyOrder: "%[2]s ← %[1]s"},
	}
	for _, tc := range []struct {
		l    Lang
		k    key
		args []any
		want string
	}{
		{English, keyHello, nil, "Hello"},
		{Chinese, keyHello, nil, "你好"},
		{English, keyMoves, []any{3}, "3 moves"},
		{Chinese, keyMoves, []any{3}, "3 步"},
		{Chinese, keyOrder, []any{"a", "b"}, "b ← a"},
		{"xx", keyHello, nil, "Hello"},
	} {
		if got := c.Text(tc.l, tc.k, tc.args...); got != tc.want {
			t.Errorf("Text(%s, %d, %v) = %q, want %q", tc.l, tc.k, tc.args, got, tc.want)
		}
	}
	if err := c.Check(keyCount); err != nil {
		t.Errorf("Check: %v", err)
	}
}

func TestCatalogueCheck(t *testing.T) {
	for _, tc := range []struct {
		name string
		c    Catalogue[key]
		want string
	}{
		{"missing", Catalogue[key]{
			English: {keyHello: "Hello", keyMoves: "%d moves", keyOrder: "%s %s"},
			Chinese: {keyHello: "你好", keyOrder: "%s %s"},
		}, "zh has no text for key 1"},
		{"empty", Catalogue[key]{
			English: {keyHello: "Hello", keyMoves: "%d moves", keyOrder: "%s %s"},
			Chinese: {keyHello: "", keyMoves: "%d 步", keyOrder: "%s %s"},
		}, "zh has no text for key 0"},
		{"verbs", Catalogue[key]{
			English: {keyHello: "Hello", keyMoves: "%d moves", keyOrder: "%s %s"},
			Chinese: {keyHello: "你好", keyMoves: "%s 步", keyOrder: "%s %s"},
		}, "uses [%s], English uses [%d]"},
		{"unknown", Catalogue[key]{
			English: {keyHello: "Hello", keyMoves: "%d moves", keyOrder: "%s %s"},
			Chinese: {keyHello: "你好", keyMoves: "%d 步", keyOrder: "%s %s", keyCount: "多余"},
		}, "unknown key 3"},
		{"term", Catalogue[key]{
			English: {keyHello: "Hello", keyMoves: "%d moves", keyOrder: "%s %s"},
			Chinese: {keyHello: "你好", keyMoves: "%d 个走法", keyOrder: "%s %s"},
		}, "says 走法: say 着法"},
	} {
		err := tc.c.Check(keyCount)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: Check = %v, want an error with %q", tc.name, err, tc.want)
		}
	}
}

func TestReadsAsText(t *testing.T) {
	same := map[string]bool{"Outpost": true}
	for s, want := range map[string]bool{
		"Board flipped.": true, "Resign": true, "you (White) against %s": true, "白方": true, "Take back": true,
		"Outpost": false, "ctrl+c": false, "enter": false, "ArrowLeft": false, "%3d. %-8s %s": false, "game.pgn": false,
		"abcdefghNBRQKO0": false, "xe pv": false, "\n": false, " ": false,
	} {
		if got := ReadsAsText(s, same); got != want {
			t.Errorf("ReadsAsText(%q) = %v, want %v", s, got, want)
		}
	}
}
