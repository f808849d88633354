package tui

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/i18n"
	"github.com/outpost-chess/outpost/internal/puzzle"
)

// PuzzleConfig is what the puzzle trainer ("outpost puzzle") needs.
type PuzzleConfig struct {
	Lang  i18n.Lang // the texts' language (English when empty)
	ASCII bool      // letters instead of chess glyphs (full screen)
	// Set holds the puzzles offered (puzzle.Builtin(), or a set a build
	// wrote); Theme keeps those with that theme ("" for all).
	Set   []puzzle.Entry
	Theme string
	// Ratings keeps the player's rating and attempts (the game store);
	// when nil, StoreErr says why they are not kept.
	Ratings  puzzle.Ratings
	StoreErr error
	// Seed picks among the puzzles near the player's rating (0: at
	// random).
	Seed uint64
}

// PuzzlePlayer is the terminal's player in the store's puzzle ratings.
const PuzzlePlayer = "terminal"

// trainer is a run of the puzzle trainer, whichever the screen: the
// player's rating and streak, the puzzle on, and how far it went. Each
// action returns the lines to show, in the player's language. The moves
// are judged by puzzle.Step, the puzzles picked by puzzle.Next.
type trainer struct {
	cfg    PuzzleConfig
	rnd    *rand.Rand
	rating puzzle.Rating
	seen   map[string]bool
	themes []string // the set's themes, sorted
	streak int
	side   chess.Color // the side the player plays

	cur puzzle.Entry
	on  bool           // a puzzle is shown
	pos chess.Position // the position now
	ply int            // the solution's moves played
	// lastFrom and lastTo are the move that led to pos, or NoSquare.
	lastFrom, lastTo chess.Square
	failed           bool // a wrong move, a hint or the solution: the attempt is lost
	rated            bool // the attempt is kept
	done             bool // solved, or its solution shown
}

// newTrainer starts a trainer on cfg: it reads the player's rating; a
// store that fails is said once, and the puzzles go on unrated.
func newTrainer(cfg PuzzleConfig) (*trainer, []string) {
	seed := cfg.Seed
	if seed == 0 {
		seed = rand.Uint64()
	}
	t := &trainer{cfg: cfg, rnd: rand.New(rand.NewPCG(seed, seed)), rating: puzzle.NewRating(), seen: map[string]bool{}}
	for _, e := range cfg.Set {
		for _, th := range e.Themes {
			if !slices.Contains(t.themes, th) {
				t.themes = append(t.themes, th)
			}
		}
	}
	slices.Sort(t.themes)
	var lines []string
	if cfg.Ratings != nil {
		r, err := puzzle.PlayerRating(context.Background(), cfg.Ratings, PuzzlePlayer)
		if err != nil {
			t.cfg.Ratings, t.cfg.StoreErr = nil, err
		}
		t.rating = r
	}
	if t.cfg.Ratings == nil && t.cfg.StoreErr != nil {
		lines = append(lines, t.tr(msgPzNotRated, errorText(t.lang(), t.cfg.StoreErr)))
	}
	return t, lines
}

// lang is the trainer's language.
func (t *trainer) lang() i18n.Lang {
	if t.cfg.Lang == "" {
		return i18n.English
	}
	return t.cfg.Lang
}

func (t *trainer) tr(k msg, args ...any) string { return tr(t.lang(), k, args...) }

// next shows the next puzzle, near the player's rating and of the theme.
func (t *trainer) next() []string {
	e, ok := puzzle.Next(t.cfg.Set, t.rating.Rating, t.cfg.Theme, func(id string) bool { return t.seen[id] }, t.rnd)
	if !ok {
		t.on = false
		return []string{t.tr(msgPzNoneLeft)}
	}
	p, err := chess.ParseFEN(e.FEN)
	t.seen[e.ID] = true
	if err != nil {
		t.on = false
		return []string{errorText(t.lang(), err)}
	}
	t.cur, t.on, t.pos, t.ply, t.side = e, true, *p, 0, p.SideToMove()
	t.failed, t.rated, t.done = false, false, false
	t.lastFrom, t.lastTo = chess.NoSquare, chess.NoSquare
	if len(e.LastMove) >= 4 {
		from, err1 := chess.ParseSquare(e.LastMove[:2])
		to, err2 := chess.ParseSquare(e.LastMove[2:4])
		if err1 == nil && err2 == nil {
			t.lastFrom, t.lastTo = from, to
		}
	}
	return []string{t.tr(msgPzFind, colorText(t.lang(), p.SideToMove()))}
}

// move judges the player's move, typed in SAN or UCI, with puzzle.Step:
// a right move is played with the reply; a wrong one is not played and
// loses the attempt.
func (t *trainer) move(text string) []string {
	switch {
	case !t.on:
		return []string{t.tr(msgPzNoneLeft)}
	case t.done:
		return []string{t.tr(msgPzOver)}
	}
	m, err := t.pos.ParseMove(strings.TrimSpace(text))
	if err != nil {
		return []string{t.tr(msgPzIllegal, sentence(t.lang(), capitalize(errorText(t.lang(), err))))}
	}
	san := t.pos.SAN(m)
	v, err := puzzle.Step(t.cur, t.ply, m.String())
	if err != nil {
		return []string{errorText(t.lang(), err)}
	}
	if !v.Correct {
		lines := []string{t.tr(msgPzWrong, san)}
		t.failed = true
		t.streak = 0
		return append(lines, t.rate(false)...)
	}
	t.pos.MakeMove(m)
	t.lastFrom, t.lastTo = m.From(), m.To()
	t.ply++
	if v.Solved {
		t.done = true
		lines := []string{t.tr(msgPzSolved, san)}
		if !t.failed {
			t.streak++
		}
		return append(lines, t.rate(!t.failed)...)
	}
	reply, err := t.pos.ParseUCI(v.Reply)
	if err != nil {
		return []string{errorText(t.lang(), err)}
	}
	replySAN := t.pos.SAN(reply)
	t.pos.MakeMove(reply)
	t.lastFrom, t.lastTo = reply.From(), reply.To()
	t.ply++
	return []string{t.tr(msgPzGood, san, replySAN)}
}

// hint names the piece to move; the attempt no longer counts as solved.
func (t *trainer) hint() []string {
	if !t.on || t.done {
		return []string{t.tr(msgPzOver)}
	}
	m, err := t.pos.ParseUCI(t.cur.Moves[t.ply])
	if err != nil {
		return []string{errorText(t.lang(), err)}
	}
	t.failed = true
	t.streak = 0
	return append([]string{t.tr(msgPzHint, pieceText(t.lang(), t.pos.PieceAt(m.From()).Type()), m.From())}, t.rate(false)...)
}

// solution plays the rest of the solution and lists it; the attempt is
// lost.
func (t *trainer) solution() []string {
	if !t.on || t.done {
		return []string{t.tr(msgPzOver)}
	}
	t.failed, t.done = true, true
	t.streak = 0
	var sans []string
	for _, uci := range t.cur.Moves[t.ply:] {
		m, err := t.pos.ParseUCI(uci)
		if err != nil {
			return []string{errorText(t.lang(), err)}
		}
		sans = append(sans, moveNumber(&t.pos, len(sans) == 0)+t.pos.SAN(m))
		t.pos.MakeMove(m)
		t.lastFrom, t.lastTo = m.From(), m.To()
		t.ply++
	}
	return append([]string{t.tr(msgPzSolution, strings.Join(sans, " "))}, t.rate(false)...)
}

// rate keeps the attempt, once a puzzle, and says how the rating moved.
func (t *trainer) rate(solved bool) []string {
	if t.rated || t.cfg.Ratings == nil {
		return nil
	}
	t.rated = true
	out, err := puzzle.Attempt(context.Background(), t.cfg.Ratings, PuzzlePlayer, t.cur, solved)
	if err != nil {
		t.cfg.Ratings = nil
		return []string{t.tr(msgPzNotRated, errorText(t.lang(), err))}
	}
	t.rating = out.After
	b, a := int(math.Round(out.Before.Rating)), int(math.Round(out.After.Rating))
	return []string{t.tr(msgPzRatingChange, b, a, a-b)}
}

// setTheme keeps the puzzles of theme ("" for all) from the next one on.
func (t *trainer) setTheme(theme string) []string {
	if theme != "" && !slices.Contains(t.themes, theme) {
		return []string{t.tr(msgPzUnknownTheme, theme, strings.Join(t.themes, ", "))}
	}
	t.cfg.Theme = theme
	return []string{t.tr(msgPzThemeNow, t.themeText())}
}

// cycleTheme moves on to the next theme of the set, after the last to all.
func (t *trainer) cycleTheme() []string {
	i := slices.Index(t.themes, t.cfg.Theme) + 1 // -1 (all) gives the first
	if i >= len(t.themes) {
		return t.setTheme("")
	}
	return t.setTheme(t.themes[i])
}

// themeText names the theme chosen, or says all.
func (t *trainer) themeText() string {
	if t.cfg.Theme == "" {
		return t.tr(msgPzAllThemes)
	}
	return t.cfg.Theme
}

// status is the rating, the streak and the theme on one line.
func (t *trainer) status() string {
	return t.tr(msgPzStatus, int(math.Round(t.rating.Rating)), t.streak, t.themeText())
}

// about names the puzzle on: its id, rating and themes.
func (t *trainer) about() string {
	if !t.on {
		return ""
	}
	return t.tr(msgPzAbout, t.cur.ID, t.cur.Rating, strings.Join(t.cur.Themes, ", "))
}
