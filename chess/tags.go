package chess

// tagList holds a game's stored PGN tags in the order they were first set,
// with an index by name, so that setting or reading a tag takes the same
// time however many tags the game has (a PGN file may carry thousands).
// The zero tagList is empty and ready to use.
type tagList struct {
	list  []Tag
	index map[string]int // name -> position in list
}

// get returns the value of the tag name and whether it is set.
func (l *tagList) get(name string) (string, bool) {
	i, ok := l.index[name]
	if !ok {
		return "", false
	}
	return l.list[i].Value, true
}

// set sets the tag name to value, keeping its place if it is already set
// and adding it at the end otherwise.
func (l *tagList) set(name, value string) {
	if i, ok := l.index[name]; ok {
		l.list[i].Value = value
		return
	}
	if l.index == nil {
		l.index = map[string]int{}
	}
	l.index[name] = len(l.list)
	l.list = append(l.list, Tag{name, value})
}

// remove removes the tag name, if set; the tags after it move up.
func (l *tagList) remove(name string) {
	i, ok := l.index[name]
	if !ok {
		return
	}
	l.list = append(l.list[:i], l.list[i+1:]...)
	delete(l.index, name)
	for j := i; j < len(l.list); j++ {
		l.index[l.list[j].Name] = j
	}
}

// clone returns a copy that shares nothing with l.
func (l *tagList) clone() tagList {
	c := tagList{list: append([]Tag(nil), l.list...)}
	if l.index != nil {
		c.index = make(map[string]int, len(l.index))
		for name, i := range l.index {
			c.index[name] = i
		}
	}
	return c
}
