package tuner

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/eval"
)

func TestWriteReadParamsRoundTrip(t *testing.T) {
	w := eval.Default
	for i, p := range w.Params() {
		*p.Value += int32(i%7 - 3) // change most weights, some negative
	}
	var buf bytes.Buffer
	if err := WriteParams(&buf, &w, "tuned by a test\nsecond line"); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	if !strings.HasPrefix(out, "# tuned by a test\n# second line\nPieceValue[pawn].mg = ") {
		t.Errorf("WriteParams output starts %q", out[:min(len(out), 80)])
	}
	if n, want := strings.Count(out, " = "), len(w.Params()); n != want {
		t.Errorf("WriteParams wrote %d weights, want %d", n, want)
	}

	got := eval.Default
	if err := ReadParams(strings.NewReader(out), &got); err != nil {
		t.Fatal(err)
	}
	if got != w {
		t.Error("ReadParams(WriteParams(w)) differs from w")
	}
}

func TestReadParams(t *testing.T) {
	w := eval.Default
	in := "# comment\n\n  Tempo.mg =  -7 \nPieceValue[knight].eg=300\n"
	if err := ReadParams(strings.NewReader(in), &w); err != nil {
		t.Fatal(err)
	}
	want := eval.Default
	want.Tempo.MG = -7
	want.PieceValue[chess.Knight].EG = 300
	if w != want {
		t.Error("ReadParams did not set exactly Tempo.mg and PieceValue[knight].eg")
	}

	tests := []struct {
		in, want string
	}{
		{"Tempo.mg 7\n", `line 1: "Tempo.mg 7" is not "Name = value"`},
		{"\nTempo.xx = 7\n", `line 2: no weight is called "Tempo.xx"`},
		{"Tempo.mg = 7\nTempo.mg = 8\n", "line 2: Tempo.mg is set twice"},
		{"Tempo.mg = seven\n", `line 1: value "seven" of Tempo.mg is not a 32-bit integer`},
		{"Tempo.mg = 4294967296\n", "not a 32-bit integer"},
	}
	for _, tt := range tests {
		w := eval.Default
		err := ReadParams(strings.NewReader(tt.in), &w)
		if err == nil || !strings.HasPrefix(err.Error(), "tuner: ") || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ReadParams(%q): error %v, want %q", tt.in, err, tt.want)
		}
	}
}

func TestWriteGo(t *testing.T) {
	// Set the weights the test looks for, so that it does not depend on
	// the engine's.
	w := eval.Default
	w.Tempo = eval.S(-3, 21)
	w.PieceValue = [chess.King + 1]eval.Score{eval.S(0, 0), eval.S(82, 94), eval.S(337, 281), eval.S(365, 297), eval.S(477, 512), eval.S(1025, 936), eval.S(0, 0)}
	for f := range int32(8) {
		w.PST[chess.Pawn][chess.A2+chess.Square(f)] = eval.S(10*f-35, 13-f)
	}
	w.KingAttackerScale = [8]int32{0, 16, 40, 56, 64, 72, 80, 88}
	w.ScaleNoPawnsSmallEdge = 16
	var buf bytes.Buffer
	if err := WriteGo(&buf, &w, "tunedWeights", "returns weights tuned by a test."); err != nil {
		t.Fatal(err)
	}
	src := buf.String()
	file, err := parser.ParseFile(token.NewFileSet(), "tuned.go", src, parser.ParseComments)
	if err != nil {
		t.Fatalf("WriteGo's output does not parse: %v\n%s", err, src)
	}
	if !ast.IsGenerated(file) {
		t.Errorf("WriteGo's output is not marked as generated code:\n%.200s", src)
	}
	// gofmt aligns the values by the longest field name: compare with runs
	// of spaces collapsed, so a new field does not break the test.
	src = regexp.MustCompile(` {2,}`).ReplaceAllString(src, " ")
	for _, want := range []string{
		"package eval\n",
		"// tunedWeights returns weights tuned by a test.\nfunc tunedWeights() Weights {\n\treturn Weights{\n",
		"PieceValue: [7]Score{S(0, 0), S(82, 94), S(337, 281), S(365, 297), S(477, 512), S(1025, 936), S(0, 0)},",
		"PST: [7][64]Score{\n",
		"S(-35, 13), S(-25, 12), S(-15, 11), S(-5, 10), S(5, 9), S(15, 8), S(25, 7), S(35, 6), // rank 2\n",
		"KingAttackerScale: [8]int32{0, 16, 40, 56, 64, 72, 80, 88},",
		"Tempo: S(-3, 21),",
		"ScaleNoPawnsSmallEdge: 16,",
	} {
		if !strings.Contains(src, want) {
			t.Errorf("WriteGo's output lacks %q", want)
		}
	}
}

// TestTunedWeightsFile checks that the weights of the last tuning run
// (testdata/tuned.txt, see docs/tuning.md) still name the evaluation's
// weights: a renamed or removed weight means the run must be redone. (Weights
// added since the run are simply not in the file.)
func TestTunedWeightsFile(t *testing.T) {
	b, err := os.ReadFile("testdata/tuned.txt")
	if err != nil {
		t.Fatal(err)
	}
	w := eval.Default
	if err := ReadParams(bytes.NewReader(b), &w); err != nil {
		t.Fatalf("testdata/tuned.txt: %v", err)
	}
}

// TestEvalTunedIsGenerated checks that the eval package's tuned weights
// are marked as the tuner's output, as WriteGo writes them: a hand edit
// there would be lost at the next tuning run.
func TestEvalTunedIsGenerated(t *testing.T) {
	file, err := parser.ParseFile(token.NewFileSet(), "../eval/tuned.go", nil, parser.ParseComments|parser.PackageClauseOnly)
	if err != nil {
		t.Fatal(err)
	}
	if !ast.IsGenerated(file) {
		t.Errorf("internal/eval/tuned.go lacks the line %q", GeneratedLine)
	}
}
