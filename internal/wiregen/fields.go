package wiregen

import (
	"reflect"
	"strings"
)

// field is a struct field as encoding/json marshals it.
type field struct {
	name   string       // its name in JSON
	goName string       // its name in Go
	owner  reflect.Type // the struct type that declares it
	typ    reflect.Type
	tagged bool // name is the json tag's
	omit   bool // omitempty or omitzero
	quoted bool // the ",string" option
	depth  int  // how deep it is embedded: 0 for the struct's own
}

// jsonFields returns the fields encoding/json marshals of the struct type
// t, in its order: its own and those promoted from untagged embedded
// structs, where of fields of one name the shallowest wins, then the one
// tagged, and a tie leaves the name out.
func jsonFields(t reflect.Type) []field {
	var all []field
	collectFields(t, 0, map[reflect.Type]bool{}, &all)
	byName := map[string][]int{}
	for i, f := range all {
		byName[f.name] = append(byName[f.name], i)
	}
	keep := map[int]bool{}
	for _, same := range byName {
		if i, ok := dominant(all, same); ok {
			keep[i] = true
		}
	}
	var out []field
	for i, f := range all {
		if keep[i] {
			out = append(out, f)
		}
	}
	return out
}

// dominant returns which of the fields all[i], i in same, all of one name,
// encoding/json marshals: the only one of the least depth, or the only one
// tagged among them; none when that leaves a tie.
func dominant(all []field, same []int) (int, bool) {
	least := all[same[0]].depth
	for _, i := range same {
		least = min(least, all[i].depth)
	}
	var shallow, tagged []int
	for _, i := range same {
		if all[i].depth == least {
			shallow = append(shallow, i)
			if all[i].tagged {
				tagged = append(tagged, i)
			}
		}
	}
	switch {
	case len(shallow) == 1:
		return shallow[0], true
	case len(tagged) == 1:
		return tagged[0], true
	}
	return 0, false
}

// collectFields appends the fields of the struct type t at depth to out,
// descending into untagged embedded structs (those on the path from the
// top, in path, aside).
func collectFields(t reflect.Type, depth int, path map[reflect.Type]bool, out *[]field) {
	path[t] = true
	defer delete(path, t)
	for i := range t.NumField() {
		sf := t.Field(i)
		ft := sf.Type
		if ft.Name() == "" && ft.Kind() == reflect.Pointer {
			ft = ft.Elem()
		}
		if sf.Anonymous && !sf.IsExported() && ft.Kind() != reflect.Struct || !sf.Anonymous && !sf.IsExported() {
			continue
		}
		tag := sf.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		if sf.Anonymous && name == "" && ft.Kind() == reflect.Struct {
			if !path[ft] {
				collectFields(ft, depth+1, path, out)
			}
			continue
		}
		f := field{name: name, goName: sf.Name, owner: t, typ: sf.Type, tagged: name != "", depth: depth}
		if f.name == "" {
			f.name = sf.Name
		}
		for opt := range strings.SplitSeq(opts, ",") {
			f.omit = f.omit || opt == "omitempty" || opt == "omitzero"
			f.quoted = f.quoted || opt == "string"
		}
		*out = append(*out, f)
	}
}
