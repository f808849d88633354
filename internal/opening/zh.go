package opening

import (
	_ "embed"
	"strings"
	"sync"
)

// zhTSV is the table of Chinese family names: a header line ("family",
// "zh"), then one family a line, lichess's English family name and its
// established Chinese name, tab-separated. It names 101 of the list's
// 149 families: the largest ones (81 of the 100 with the most openings) and
// the smaller ones with an established Chinese name; a family not in it
// (lichess's names with no Chinese name a player would know) keeps its
// English name in every language.
//
//go:embed zh.tsv
var zhTSV string

// chineseFamilies maps lichess's family names to their Chinese names,
// read once from zhTSV.
var chineseFamilies = sync.OnceValue(func() map[string]string {
	m := map[string]string{}
	for i, line := range strings.Split(strings.TrimSpace(zhTSV), "\n") {
		en, zh, ok := strings.Cut(line, "\t")
		if i == 0 || !ok {
			continue // the header; the tests check that every line has two fields
		}
		m[en] = zh
	}
	return m
})

// ChineseFamily returns the established Chinese name of the opening family
// named family in English ("西西里防御" for "Sicilian Defense"), or "" when
// the table has none.
func ChineseFamily(family string) string {
	return chineseFamilies()[family]
}

// ChineseFamilies returns the table of Chinese family names, English
// family name to Chinese. Callers must not change it.
func ChineseFamilies() map[string]string {
	return chineseFamilies()
}
