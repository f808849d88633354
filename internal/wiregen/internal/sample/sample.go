// Package sample holds the types package wiregen's tests declare: one of
// each kind of field, embedding, requests, raw JSON, a type that marshals
// itself, and types JSON cannot hold.
package sample

import (
	"encoding/json"
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
