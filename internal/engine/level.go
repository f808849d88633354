package engine

// Level is a playing strength shared by every front end, so "level 4" means
// the same in the web app, the terminal and UCI. The zero Level is full
// strength with no limits.
type Level struct {
	Name string // "1".."8", "classic", "max"; "" for the zero Level
	Elo  int    // the strength this level aims at
}
