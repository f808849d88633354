package wiregen

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"
)

// Plain has a field of each kind.
type Plain struct {
	Name    string            `json:"name"`
	Count   int64             `json:"count"` // how many
	Ratio   float64           `json:"ratio,omitempty"`
	Ok      bool              `json:"ok"`
	Tags    []string          `json:"tags"`
	Grid    [2][]int          `json:"grid"`
	Blob    []byte            `json:"blob"`
	ByName  map[string]*Inner `json:"byName"`
	ByPly   map[int]string    `json:"byPly"`
	When    time.Time         `json:"when"`
	Any     any               `json:"any"`
	Skipped string            `json:"-"`
	Dash    string            `json:"x-y"`
	NoTag   int
	Quoted  int64 `json:"quoted,string"`
	_       int
	// Pair is two anonymous fields.
	Pair struct {
		A int    `json:"a"`
		B string `json:"b,omitempty"`
	} `json:"pair"`
}

// Inner is referred to, not listed.
type Inner struct {
	Next  *Inner `json:"next"`
	Maybe *Inner `json:"maybe,omitempty"`
	Kind  Kind   `json:"kind"`
	Free  Free   `json:"free"`
}

// Kind is a named string type with constants.
type Kind string

// The kinds.
const (
	KindA Kind = "a"
	KindB Kind = "b'c"
)

// Free is a named string type without constants.
type Free string

// Base is embedded.
type Base struct {
	ID   string `json:"id"`
	Same int    `json:"same"`
}

// Other is embedded beside Base.
type Other struct {
	Same   int `json:"same"`
	Unique int `json:"unique"`
}

// Embeds promotes the fields of its embedded structs.
type Embeds struct {
	Base
	*Other
	Own   string `json:"own"`
	Named Base   `json:"named"`
	ID    int    `json:"id"` // shadows Base.ID
}

// Body is a request.
type Body struct {
	Move  string `json:"move"`
	Ply   *int   `json:"ply"`
	Inner Inner  `json:"inner"`
}

// Holder holds JSON of another type.
type Holder struct {
	Data json.RawMessage `json:"data"`
}

// Self marshals itself.
type Self struct{ n int }

// MarshalJSON writes n.
func (s Self) MarshalJSON() ([]byte, error) { return json.Marshal(s.n) }

// UsesSelf has a field that marshals itself.
type UsesSelf struct {
	S Self `json:"s"`
}

// Bad has a channel.
type Bad struct {
	C chan int `json:"c"`
}

// BadKey is keyed by a struct.
type BadKey struct {
	M map[Base]int `json:"m"`
}

func TestGenerate(t *testing.T) {
	tests := []struct {
		name string
		cfg  Config
		want []string // declarations in the output
		err  string   // what the error says
	}{
		{"kinds", Config{Types: []reflect.Type{reflect.TypeFor[Plain]()}}, []string{`/** Plain has a field of each kind. */
export interface Plain {
  name: string;
  /** how many */
  count: number;
  ratio?: number;
  ok: boolean;
  tags: string[];
  grid: number[][];
  blob: string;
  byName: Record<string, Inner | null>;
  byPly: Record<string, string>;
  when: string;
  any: unknown;
  'x-y': string;
  NoTag: number;
  quoted: string;
  /** Pair is two anonymous fields. */
  pair: { a: number; b?: string; };
}`, `/** Inner is referred to, not listed. */
export interface Inner {
  next: Inner | null;
  maybe?: Inner;
  kind: Kind;
  free: Free;
}`, `/** Kind is a named string type with constants. */
export type Kind = 'a' | 'b\'c';`, `/** Free is a named string type without constants. */
export type Free = string;`}, ""},
		{"embedded", Config{Types: []reflect.Type{reflect.TypeFor[Embeds]()}}, []string{`export interface Embeds {
  unique: number;
  own: string;
  named: Base;
  /** shadows Base.ID */
  id: number;
}`}, ""},
		{"request", Config{Requests: []reflect.Type{reflect.TypeFor[Body]()}}, []string{`export interface Body {
  move?: string;
  ply?: number;
  inner?: Inner;
}`, `export interface Inner {
  next: Inner | null;`}, ""},
		{"raw", Config{Types: []reflect.Type{reflect.TypeFor[Holder]()}, Raw: map[Field]reflect.Type{{reflect.TypeFor[Holder](), "Data"}: reflect.TypeFor[Base]()}},
			[]string{"export interface Holder {\n  data: Base;\n}", "export interface Base {"}, ""},
		{"custom", Config{Types: []reflect.Type{reflect.TypeFor[UsesSelf]()}, Custom: map[reflect.Type]string{reflect.TypeFor[Self](): "number"}},
			[]string{"/** Self marshals itself. */\nexport type Self = number;", "  s: Self;"}, ""},
		{"home", Config{Home: "elsewhere", Types: []reflect.Type{reflect.TypeFor[Base]()}}, []string{"export interface WiregenBase {"}, ""},
		{"raw missing", Config{Types: []reflect.Type{reflect.TypeFor[Holder]()}}, nil, "Holder.Data is a json.RawMessage"},
		{"custom missing", Config{Types: []reflect.Type{reflect.TypeFor[UsesSelf]()}}, nil, "Self marshals itself"},
		{"custom unused", Config{Types: []reflect.Type{reflect.TypeFor[Base]()}, Custom: map[reflect.Type]string{reflect.TypeFor[Self](): "number"}},
			nil, "Custom has wiregen.Self, which no type refers to"},
		{"raw unused", Config{Types: []reflect.Type{reflect.TypeFor[Base]()}, Raw: map[Field]reflect.Type{{reflect.TypeFor[Holder](), "Data"}: reflect.TypeFor[Base]()}},
			nil, "Raw has wiregen.Holder.Data"},
		{"channel", Config{Types: []reflect.Type{reflect.TypeFor[Bad]()}}, nil, "JSON has no chan"},
		{"map key", Config{Types: []reflect.Type{reflect.TypeFor[BadKey]()}}, nil, "keys a map by strings"},
		{"not a struct", Config{Types: []reflect.Type{reflect.TypeFor[Kind]()}}, nil, "want a named struct type"},
		{"both", Config{Types: []reflect.Type{reflect.TypeFor[Body]()}, Requests: []reflect.Type{reflect.TypeFor[Body]()}}, nil, "both a type and a request"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.cfg.Generator = "wiregen_test"
			if tt.cfg.Home == "" {
				tt.cfg.Home = reflect.TypeFor[Plain]().PkgPath()
			}
			out, err := Generate(tt.cfg)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("error %v, want one saying %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			ts := string(out.TS)
			if !strings.HasPrefix(ts, "// Code generated by wiregen_test. DO NOT EDIT.\n") {
				t.Errorf("the output does not start with its Code generated line:\n%s", ts)
			}
			for _, w := range tt.want {
				if !strings.Contains(ts, w) {
					t.Errorf("the output lacks\n%s\nin\n%s", w, ts)
				}
			}
		})
	}
}

// TestFieldCount checks the count of fields and the order of the
// declarations.
func TestFieldCount(t *testing.T) {
	out, err := Generate(Config{Home: reflect.TypeFor[Plain]().PkgPath(), Types: []reflect.Type{reflect.TypeFor[Embeds](), reflect.TypeFor[Holder]()},
		Raw: map[Field]reflect.Type{{reflect.TypeFor[Holder](), "Data"}: reflect.TypeFor[Base]()}})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, d := range out.Declared {
		names = append(names, d.Name())
	}
	// Embeds 4, Base 2, Holder 1.
	if got, want := strings.Join(names, " "), "Base Embeds Holder"; got != want || out.Fields != 7 {
		t.Errorf("declared %s with %d fields, want %s with 7", got, out.Fields, want)
	}
}
