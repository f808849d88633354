package match

import (
	"strings"
	"testing"
)

func FuzzParseTimeControl(f *testing.F) {
	for _, s := range []string{"10+0.1", "60", "1:30+1", "0+1", "1e9", "+", ":"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		base, inc, err := ParseTimeControl(s)
		if err == nil && (base <= 0 || inc < 0) {
			t.Errorf("ParseTimeControl(%q) = %v, %v without error", s, base, inc)
		}
	})
}

func FuzzParseSPRT(f *testing.F) {
	for _, s := range []string{"elo0=0,elo1=10,alpha=0.05,beta=0.05", "elo1=5,elo0=-5", "elo0=1e308,elo1=Inf", "=,=,"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sprt, err := ParseSPRT(s)
		if err != nil {
			return
		}
		if lo, hi := sprt.Bounds(); !(lo < 0 && hi > 0) || sprt.Elo0 >= sprt.Elo1 {
			t.Errorf("ParseSPRT(%q) = %+v: bounds %g, %g", s, sprt, lo, hi)
		}
	})
}

func FuzzParseInfo(f *testing.F) {
	for _, s := range []string{"depth 12 score cp -23 pv e2e4", "score mate 0", "score", "depth", "string score cp 1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var res SearchResult
		parseInfo(strings.Fields(s), &res) // must not panic
		if res.Score.Valid && res.Score.String() == "" {
			t.Errorf("parseInfo(%q): valid score %+v prints empty", s, res.Score)
		}
	})
}
