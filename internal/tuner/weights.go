package tuner

import (
	"bufio"
	"fmt"
	"go/format"
	"io"
	"reflect"
	"strconv"
	"strings"

	"github.com/outpost-chess/outpost/internal/eval"
)

// WriteParams writes every weight of w.Params() as a "Name = value" line,
// in Params order, after header: each of its lines becomes a "# " comment
// (say where the weights came from). ReadParams reads the file back.
func WriteParams(out io.Writer, w *eval.Weights, header string) error {
	bw := bufio.NewWriter(out)
	if header != "" {
		for _, line := range strings.Split(strings.TrimRight(header, "\n"), "\n") {
			fmt.Fprintf(bw, "# %s\n", line)
		}
	}
	for _, p := range w.Params() {
		fmt.Fprintf(bw, "%s = %d\n", p.Name, *p.Value)
	}
	return bw.Flush()
}

// ReadParams sets the weights of w named in a WriteParams file: each
// "Name = value" line sets the weight of w.Params() with that name; blank
// lines and # comments are skipped; weights the file does not name keep
// their values. It returns an error, naming the line, for an unknown or
// repeated name or a value that is not a 32-bit integer; w may then be
// partly changed.
func ReadParams(r io.Reader, w *eval.Weights) error {
	byName := map[string]*int32{}
	for _, p := range w.Params() {
		byName[p.Name] = p.Value
	}
	seen := map[string]bool{}
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		name, val, ok := strings.Cut(line, "=")
		name, val = strings.TrimSpace(name), strings.TrimSpace(val)
		if !ok {
			return fmt.Errorf("tuner: line %d: %q is not \"Name = value\"", n, line)
		}
		ptr := byName[name]
		if ptr == nil {
			return fmt.Errorf("tuner: line %d: no weight is called %q", n, name)
		}
		if seen[name] {
			return fmt.Errorf("tuner: line %d: %s is set twice", n, name)
		}
		seen[name] = true
		v, err := strconv.ParseInt(val, 10, 32)
		if err != nil {
			return fmt.Errorf("tuner: line %d: value %q of %s is not a 32-bit integer", n, val, name)
		}
		*ptr = int32(v)
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("tuner: reading weights: %w", err)
	}
	return nil
}

// WriteGo writes w as a Go source file of package eval that defines
// function name returning w as a composite literal (every field, Scores
// written S(mg, eg), the 64-square tables eight to a line from rank 1 up),
// formatted by gofmt. It is how tuned weights go back into the eval package
// without a hand copying a thousand numbers. comment becomes the function's
// doc comment, after its name.
func WriteGo(out io.Writer, w *eval.Weights, name, comment string) error {
	var b strings.Builder
	fmt.Fprintf(&b, "package eval\n\n")
	for i, line := range strings.Split(strings.TrimRight(comment, "\n"), "\n") {
		if i == 0 {
			line = name + " " + line
		}
		fmt.Fprintf(&b, "// %s\n", line)
	}
	fmt.Fprintf(&b, "func %s() Weights {\n\treturn ", name)
	goLiteral(&b, reflect.ValueOf(*w), true)
	b.WriteString("\n}\n")
	src, err := format.Source([]byte(b.String()))
	if err != nil {
		return fmt.Errorf("tuner: formatting Go source: %w", err)
	}
	_, err = out.Write(src)
	return err
}

// goLiteral writes the Go literal of v, which is made of structs, arrays and
// int32s (eval.Weights). withType says whether the literal needs its type
// (it does not inside an array of its type).
func goLiteral(b *strings.Builder, v reflect.Value, withType bool) {
	typeName := strings.ReplaceAll(v.Type().String(), "eval.", "")
	switch {
	case v.Type() == reflect.TypeFor[eval.Score]():
		s := v.Interface().(eval.Score)
		fmt.Fprintf(b, "S(%d, %d)", s.MG, s.EG)
	case v.Kind() == reflect.Int32:
		fmt.Fprintf(b, "%d", v.Int())
	case v.Kind() == reflect.Struct:
		if withType {
			b.WriteString(typeName)
		}
		b.WriteString("{\n")
		for i := range v.NumField() {
			fmt.Fprintf(b, "%s: ", v.Type().Field(i).Name)
			goLiteral(b, v.Field(i), true)
			b.WriteString(",\n")
		}
		b.WriteString("}")
	case v.Kind() == reflect.Array:
		if withType {
			b.WriteString(typeName)
		}
		b.WriteString("{")
		board := v.Len() == 64
		nested := v.Type().Elem().Kind() == reflect.Array
		for i := range v.Len() {
			switch {
			case nested:
				b.WriteString("\n")
			case board && i%8 == 0:
				b.WriteString("\n")
			case i > 0:
				b.WriteString(" ")
			}
			goLiteral(b, v.Index(i), false)
			b.WriteString(",")
			if board && i%8 == 7 {
				fmt.Fprintf(b, " // rank %d", i/8+1)
			}
		}
		if nested || board {
			b.WriteString("\n")
		}
		b.WriteString("}")
	default:
		panic("tuner: eval.Weights holds a " + v.Type().String() + "; teach goLiteral to write it")
	}
}
