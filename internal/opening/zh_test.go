package opening

import (
	"sort"
	"strings"
	"testing"
)

// TestChineseFamilies checks the table of Chinese family names: every line
// is a family of lichess's list with a Chinese name, the 100 largest
// families of the list (by their number of openings) less a few with no
// established Chinese name are named, and the names players look for are
// the established ones.
func TestChineseFamilies(t *testing.T) {
	size := map[string]int{}
	for _, o := range Lichess() {
		size[o.Family()]++
	}
	for i, line := range strings.Split(strings.TrimSpace(zhTSV), "\n")[1:] {
		en, zh, ok := strings.Cut(line, "\t")
		if !ok || zh == "" || strings.ContainsAny(zh, "\t") {
			t.Errorf("zh.tsv:%d: %q: want a family and its Chinese name, tab-separated", i+2, line)
		}
		if size[en] == 0 {
			t.Errorf("zh.tsv:%d: %q is not a family of lichess's list", i+2, en)
		}
	}
	if n := len(ChineseFamilies()); n < 100 {
		t.Errorf("the table names %d families, want at least 100", n)
	}
	families := make([]string, 0, len(size))
	for f := range size {
		families = append(families, f)
	}
	sort.Slice(families, func(i, j int) bool {
		if size[families[i]] != size[families[j]] {
			return size[families[i]] > size[families[j]]
		}
		return families[i] < families[j]
	})
	// unnamed are large families with no Chinese name we are sure of: they
	// keep lichess's English name.
	unnamed := map[string]bool{
		"Vienna Gambit, with Max Lange Defense": true, "Queen's Indian Defense, with e3": true,
		"Rat Defense": true, "Kádas Opening": true, "Ware Opening": true, "Lion Defense": true,
		"Barnes Opening": true, "Van't Kruijs Opening": true, "King's Indian Attack, with Bf5": true,
		"Borg Defense": true, "Sodium Attack": true, "London System, with Be2": true, "Amar Opening": true,
		"Amazon Attack": true, "Carr Defense": true, "Clemenz Opening": true, "English Orangutan": true,
		"Formation": true, "Goldsmith Defense": true,
	}
	named := 0
	for _, f := range families[:100] {
		if ChineseFamily(f) != "" {
			named++
		} else if !unnamed[f] {
			t.Errorf("family %q (%d openings, among the 100 largest) has no Chinese name", f, size[f])
		}
	}
	t.Logf("%d of the 100 largest families named in Chinese", named)
	for en, zh := range map[string]string{
		"Sicilian Defense": "西西里防御", "Ruy Lopez": "西班牙开局", "Italian Game": "意大利开局",
		"French Defense": "法兰西防御", "Caro-Kann Defense": "卡罗-卡恩防御", "Queen's Gambit": "后翼弃兵",
		"English Opening": "英国式开局", "Scandinavian Defense": "斯堪的纳维亚防御", "Pirc Defense": "皮尔茨防御",
		"Modern Defense": "现代防御", "Dutch Defense": "荷兰防御", "King's Indian Defense": "王翼印度防御",
		"Nimzo-Indian Defense": "尼姆佐-印度防御", "Grünfeld Defense": "格林菲尔德防御", "Slav Defense": "斯拉夫防御",
		"London System": "伦敦体系", "Vienna Game": "维也纳开局", "Scotch Game": "苏格兰开局",
		"King's Gambit": "王翼弃兵", "Alekhine Defense": "阿廖欣防御",
	} {
		if got := ChineseFamily(en); got != zh {
			t.Errorf("ChineseFamily(%q) = %q, want %q", en, got, zh)
		}
	}
}

// TestNameIn checks an opening's name in each language, and that the
// list's openings carry their family's Chinese name.
func TestNameIn(t *testing.T) {
	najdorf := Opening{Name: "Sicilian Defense: Najdorf Variation", FamilyZh: "西西里防御"}
	tests := []struct {
		o    Opening
		lang string
		want string
	}{
		{najdorf, "en", "Sicilian Defense: Najdorf Variation"},
		{najdorf, "zh", "西西里防御：Najdorf Variation"},
		{Opening{Name: "Sicilian Defense", FamilyZh: "西西里防御"}, "zh", "西西里防御"},
		{Opening{Name: "Rat Defense: Small Center Defense"}, "zh", "Rat Defense: Small Center Defense"},
	}
	for _, tt := range tests {
		if got := tt.o.NameIn(tt.lang); got != tt.want {
			t.Errorf("%q.NameIn(%q) = %q, want %q", tt.o.Name, tt.lang, got, tt.want)
		}
	}
	for _, o := range Lichess() {
		if o.FamilyZh != ChineseFamily(o.Family()) {
			t.Fatalf("%s: FamilyZh %q, want %q", o.Name, o.FamilyZh, ChineseFamily(o.Family()))
		}
	}
}
