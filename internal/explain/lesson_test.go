package explain

import (
	"bytes"
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/i18n"
)

// TestLesson: the lesson has every step in every language, with every
// number filled in, and each step's view is one the explorer can show.
func TestLesson(t *testing.T) {
	for _, l := range i18n.Langs {
		les, err := GetLesson(l)
		if err != nil {
			t.Fatal(err)
		}
		if les.Lang != l || les.Title == "" || les.Intro == "" || len(les.Steps) != len(lessonViews) {
			t.Fatalf("%s: %q with %d steps, want %d", l, les.Title, len(les.Steps), len(lessonViews))
		}
		for i, st := range les.Steps {
			if st.Title == "" || len(st.Text) == 0 || st.Show != lessonViews[i] {
				t.Errorf("%s step %d: %+v", l, i+1, st)
			}
			for _, para := range append([]string{st.Title}, st.Text...) {
				if strings.ContainsAny(para, "{}") {
					t.Errorf("%s step %d: a placeholder is left: %q", l, i+1, para)
				}
			}
		}
		if les.Steps[2].Text[0] == lessonTexts[i18n.English].steps[2][1] {
			t.Errorf("%s: step 3's numbers are not filled in", l)
		}
	}
	p := chess.MustParseFEN(LessonFEN)
	for i, v := range lessonViews {
		if _, err := Search(context.Background(), p, v.Method, v.Depth, TreeOptions{Quiescence: v.Quiescence, Width: v.Width}); err != nil {
			t.Errorf("step %d: %v", i+1, err)
		}
	}
}

// TestLessonFacts: the lesson's story holds: Qxf7+ looks best at depth 1
// and no longer with quiescence or at depth 2, alpha-beta visits fewer
// positions than minimax, and better ordering fewer still.
func TestLessonFacts(t *testing.T) {
	f, err := lessonFacts(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	n := func(k string) int {
		v, err := strconv.Atoi(strings.ReplaceAll(f[k], ",", ""))
		if err != nil {
			t.Fatalf("%s = %q: %v", k, f[k], err)
		}
		return v
	}
	if lessonViews[0].Width != 3 || lessonViews[0].Depth != 2 || n("toy") != 13 || n("toyab") >= n("toy") {
		t.Errorf("the lesson opens on %d × %d, %d positions (alpha-beta %d); want the tutorials' 3 × 3, 13 positions, alpha-beta fewer", lessonViews[0].Width, lessonViews[0].Depth, n("toy"), n("toyab"))
	}
	if f["d1best"] != "Qxf7+" || f["d2best"] == "Qxf7+" || f["q1best"] == "Qxf7+" || !strings.HasPrefix(f["qxf7"], "-") {
		t.Errorf("the horizon story: depth 1 %s, depth 2 %s, quiescence %s, Qxf7+ with quiescence %s", f["d1best"], f["d2best"], f["q1best"], f["qxf7"])
	}
	if !(n("alphabeta2") < n("minimax2") && n("engine3") < n("captures3") && n("captures3") < n("random3") && n("full3") < n("minimax3") &&
		n("firstEngine") > 0 && n("firstEngine") <= n("firstCaptures") && n("firstCaptures") < n("firstRandom")) {
		t.Errorf("the node counts: %v", f)
	}
}

func TestWriteLesson(t *testing.T) {
	for _, tc := range []struct {
		lang i18n.Lang
		want []string
	}{
		{i18n.English, []string{"How a chess AI thinks", "1. The tutorials' picture", "7. The real engine", "--width 3", "Try it: outpost explain --fen", "--quiescence"}},
		{i18n.Chinese, []string{"国际象棋 AI", "极小极大", "地平线效应", "动手试试：outpost explain --fen"}},
	} {
		var b bytes.Buffer
		if err := WriteLesson(&b, tc.lang); err != nil {
			t.Fatal(err)
		}
		for _, w := range tc.want {
			if !strings.Contains(b.String(), w) {
				t.Errorf("%s lesson lacks %q:\n%s", tc.lang, w, b.String())
			}
		}
	}
}
