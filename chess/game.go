package chess

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"
)

// Game is a game of chess: a start position, the moves played from it (each
// with an optional comment, annotation glyphs, clock reading and
// variations), PGN tags, and the outcome once the game has ended.
//
// Game applies the rules of play. Play and PlayMove accept only legal moves
// and only while the game is in progress. After every move Game notices the
// ends that need nobody's claim: checkmate, stalemate, insufficient material
// (see Position.IsInsufficientMaterial), fivefold repetition and the
// seventy-five-move rule (checkmate on the move that reaches it wins). The
// player to move may claim a draw by threefold repetition or the fifty-move
// rule (ClaimableDraw, ClaimDraw). Resignation, agreement, loss on time and
// adjudication come from outside (Resign, AgreeDraw, Forfeit, Adjudicate).
//
// Two positions are the same for repetition when they have the same pieces
// on the same squares, the same side to move, the same castling rights and
// the same en-passant capture possible (see Position.EnPassant).
//
// A Game keeps its history compactly, so that its memory grows by about a
// dozen bytes a ply (a move and a hash) rather than by a position: the
// current position, the moves, the hash of every position, and one position
// in every checkpointPlies, from which PositionAt replays the few moves
// after it. The repetition check after a move compares the hashes of the
// positions since the last capture or pawn move, and confirms a match on
// the position itself. The zero Game is not valid; use NewGame or
// NewGameFromPosition. A Game is not safe for concurrent use.
type Game struct {
	pos   Position // the current position
	moves []Move
	// hashes[i] is the hash of the position after i plies (Len()+1 of
	// them); checkpoints[k] the position after k*checkpointPlies plies.
	hashes      []uint64
	checkpoints []Position
	notes       notes
	tags        tagList
	outcome     Outcome
}

// checkpointPlies is how many plies apart a Game keeps a position: PositionAt
// replays fewer moves than this, a few microseconds' work, and the
// checkpoints cost 5 bytes a ply.
const checkpointPlies = 32

// notes are the annotations of a game's plies: comments, glyphs and clock
// readings. Most plies have no comment or glyph, so those are kept only
// where set; a game on a clock has a reading after every move, kept in a
// slice.
type notes struct {
	comments map[int]string  // by ply: the comment after it (0: before the first move)
	nags     map[int][]NAG   // by ply, 1 to Len()
	clocks   []time.Duration // clocks[i] is the reading after ply i+1, or < 0 for none; may end before the moves
	// variations holds, by ply (1 to Len()), the lines played instead of
	// that move, each from the position before it (see variation.go).
	variations map[int][]*Game
}

// Tag is a PGN tag pair, such as {Name: "White", Value: "Carlsen, Magnus"}.
type Tag struct {
	Name, Value string
}

// NAG is a PGN Numeric Annotation Glyph, written "$1" in PGN. Values 1 to 6
// are the familiar move marks.
type NAG uint8

// Common NAGs, and the suffixes PGN readers also accept for them.
const (
	GoodMove        NAG = 1 // "!"
	Mistake         NAG = 2 // "?"
	BrilliantMove   NAG = 3 // "!!"
	Blunder         NAG = 4 // "??"
	InterestingMove NAG = 5 // "!?"
	DubiousMove     NAG = 6 // "?!"
)

// String returns the NAG as PGN writes it: "$1".
func (n NAG) String() string { return fmt.Sprintf("$%d", n) }

// NewGame returns a game from the standard starting position, with no tags.
func NewGame() *Game {
	return NewGameFromPosition(StartingPosition())
}

// NewGameFromPosition returns a game starting from a copy of p. When p is not
// the standard starting position, the game's PGN carries SetUp and FEN tags.
// If p is already a finished position (checkmate, stalemate, insufficient
// material, a halfmove clock of 150 or more) the game is over at once.
func NewGameFromPosition(p *Position) *Game {
	g := &Game{
		pos:         *p,
		hashes:      []uint64{p.Hash()},
		checkpoints: []Position{*p},
	}
	g.outcome = g.automaticOutcome()
	return g
}

// Clone returns a deep copy of g.
func (g *Game) Clone() *Game {
	return &Game{
		pos:         g.pos,
		moves:       slices.Clone(g.moves),
		hashes:      slices.Clone(g.hashes),
		checkpoints: slices.Clone(g.checkpoints),
		notes:       g.notes.clone(),
		tags:        g.tags.clone(),
		outcome:     g.outcome,
	}
}

// current returns the current position, which callers must not modify.
func (g *Game) current() *Position { return &g.pos }

// Position returns a copy of the current position.
func (g *Game) Position() *Position {
	p := g.pos
	return &p
}

// StartPosition returns a copy of the position the game started from.
func (g *Game) StartPosition() *Position {
	p := g.checkpoints[0]
	return &p
}

// PositionAt returns a copy of the position after ply plies (0 is the start,
// Len() the current position), or nil when ply is outside 0..Len(). It
// replays at most a few dozen moves (see Game).
func (g *Game) PositionAt(ply int) *Position {
	if ply < 0 || ply > len(g.moves) {
		return nil
	}
	p := g.positionAt(ply)
	return &p
}

// positionAt returns the position after ply plies, 0..Len(), from the
// checkpoint before it.
func (g *Game) positionAt(ply int) Position {
	if ply == len(g.moves) {
		return g.pos
	}
	k := ply / checkpointPlies
	p := g.checkpoints[k]
	for _, m := range g.moves[k*checkpointPlies : ply] {
		p.MakeMove(m)
	}
	return p
}

// Len returns the number of plies (half-moves) played.
func (g *Game) Len() int { return len(g.moves) }

// Moves returns a copy of the moves played, in order.
func (g *Game) Moves() []Move { return append([]Move(nil), g.moves...) }

// SANMoves returns the moves played in Standard Algebraic Notation.
func (g *Game) SANMoves() []string {
	s := make([]string, len(g.moves))
	p := g.checkpoints[0]
	for i, m := range g.moves {
		s[i] = p.SAN(m)
		p.MakeMove(m)
	}
	return s
}

// UCIMoves returns the moves played in UCI notation ("e2e4", "e7e8q"), as
// Position.UCI writes them.
func (g *Game) UCIMoves() []string {
	s := make([]string, len(g.moves))
	p := g.checkpoints[0]
	for i, m := range g.moves {
		s[i] = p.UCI(m)
		p.MakeMove(m)
	}
	return s
}

// Hashes returns the Zobrist hashes of every position of the game, from the
// start through the current position, oldest first (Len()+1 of them). A
// search takes those before its root to detect repetitions.
func (g *Game) Hashes() []uint64 { return slices.Clone(g.hashes) }

// Outcome returns how the game ended, or the zero Outcome while it is in
// progress.
func (g *Game) Outcome() Outcome { return g.outcome }

// errGameOver is the error for any attempt to continue a finished game.
func (g *Game) errGameOver() error {
	return fmt.Errorf("chess: the game is over (%v, %v)", g.outcome.Result, g.outcome)
}

// Play plays m, which must be legal in the current position, and records any
// end it brings (see Game). It returns an error, and changes nothing, when
// the game is over or m is illegal.
func (g *Game) Play(m Move) error {
	if g.outcome.IsOver() {
		return g.errGameOver()
	}
	p := g.current()
	if !p.IsLegal(m) {
		return p.illegal(m.String(), m.From(), m.To(), m.Promotion())
	}
	g.pos.MakeMove(m)
	g.moves = append(g.moves, m)
	g.hashes = append(g.hashes, g.pos.Hash())
	if len(g.moves)%checkpointPlies == 0 {
		g.checkpoints = append(g.checkpoints, g.pos)
	}
	g.outcome = g.automaticOutcome()
	return nil
}

// PlayMove parses s as SAN or UCI (see Position.ParseMove) in the current
// position and plays it. It returns an error, and changes nothing, when the
// game is over or s is not a legal move.
func (g *Game) PlayMove(s string) error {
	if g.outcome.IsOver() {
		return g.errGameOver()
	}
	m, err := g.current().ParseMove(s)
	if err != nil {
		return err
	}
	return g.Play(m)
}

// Undo takes back the last move and returns it, or returns false when no
// move has been played. Taking a move back resumes the game: any outcome is
// cleared, whether the move produced it (checkmate, repetition, ...) or it
// was decided after the move (resignation, agreement, a claim, a forfeit).
// The comment, glyphs, clock reading and variations of the undone move are
// dropped.
func (g *Game) Undo() (Move, bool) {
	n := len(g.moves)
	if n == 0 {
		return NoMove, false
	}
	m := g.moves[n-1]
	g.pos = g.positionAt(n - 1)
	g.moves = g.moves[:n-1]
	g.hashes = g.hashes[:n]
	g.checkpoints = g.checkpoints[:(n-1)/checkpointPlies+1]
	g.notes.truncate(n - 1)
	g.outcome = Outcome{}
	return m, true
}

// automaticOutcome returns the end the current position brings by itself,
// or the zero Outcome.
func (g *Game) automaticOutcome() Outcome {
	return g.endOf(&g.pos, len(g.moves))
}

// OutcomeAfter returns the end that playing m would bring by itself (the
// zero Outcome when the game would go on), without playing it. It returns
// an error when the game is over or m is illegal.
func (g *Game) OutcomeAfter(m Move) (Outcome, error) {
	if g.outcome.IsOver() {
		return Outcome{}, g.errGameOver()
	}
	p := g.current()
	if !p.IsLegal(m) {
		return Outcome{}, p.illegal(m.String(), m.From(), m.To(), m.Promotion())
	}
	child := *p
	child.MakeMove(m)
	return g.endOf(&child, len(g.moves)+1), nil
}

// endOf returns the end position p brings by itself after the positions
// before it, oldest first, or the zero Outcome. Checkmate and stalemate
// come first: a mate on the move that reaches the seventy-five-move limit
// wins.
func (g *Game) endOf(p *Position, ply int) Outcome {
	stuck := !p.HasLegalMoves()
	switch {
	case stuck && p.InCheck():
		return Outcome{winFor(p.side.Other()), Checkmate}
	case stuck:
		return Outcome{Draw, Stalemate}
	case p.IsInsufficientMaterial():
		return Outcome{Draw, InsufficientMaterial}
	case g.repetitionsOf(p, ply) >= 5:
		return Outcome{Draw, FivefoldRepetition}
	case p.HalfmoveClock() >= 150:
		return Outcome{Draw, SeventyFiveMoveRule}
	}
	return Outcome{}
}

// ClaimableDraw reports whether the player to move may claim a draw now, and
// by which rule: ThreefoldRepetition when the current position has occurred
// at least three times, or FiftyMoveRule when the halfmove clock has reached
// 100 (fifty moves by each side without a capture or pawn move). It reports
// false when the game is over. (The rules also allow claiming by announcing a
// move that would repeat the position a third time; to do that, play the
// move and claim.)
func (g *Game) ClaimableDraw() (Reason, bool) {
	switch {
	case g.outcome.IsOver():
		return NoReason, false
	case g.repetitions() >= 3:
		return ThreefoldRepetition, true
	case g.current().HalfmoveClock() >= 100:
		return FiftyMoveRule, true
	}
	return NoReason, false
}

// ClaimDraw ends the game in a draw if ClaimableDraw allows it, and returns
// an error saying why not otherwise.
func (g *Game) ClaimDraw() error {
	if g.outcome.IsOver() {
		return g.errGameOver()
	}
	r, ok := g.ClaimableDraw()
	if !ok {
		return &NoDrawError{Repetitions: g.repetitions(), HalfmoveClock: g.current().HalfmoveClock()}
	}
	g.outcome = Outcome{Draw, r}
	return nil
}

// Resign ends the game with a loss for loser by resignation. It returns an
// error if the game is already over.
func (g *Game) Resign(loser Color) error {
	return g.end(Outcome{winFor(loser.Other()), Resignation})
}

// AgreeDraw ends the game in a draw by agreement. It returns an error if the
// game is already over.
func (g *Game) AgreeDraw() error {
	return g.end(Outcome{Draw, DrawAgreement})
}

// Forfeit ends the game with a loss for loser, for reason Resignation,
// TimeForfeit (a flag fell) or Adjudication. A loss on time is a draw
// instead when the winner could never checkmate (see
// Position.CanCheckmate). It returns an error if the game is already over or
// reason is not one of those three.
func (g *Game) Forfeit(loser Color, reason Reason) error {
	switch reason {
	case Resignation, TimeForfeit, Adjudication:
	default:
		return fmt.Errorf("chess: %v is not a reason to forfeit a game (want resignation, time forfeit or adjudication)", reason)
	}
	winner := loser.Other()
	if reason == TimeForfeit && !g.current().CanCheckmate(winner) {
		return g.end(Outcome{Draw, TimeForfeit})
	}
	return g.end(Outcome{winFor(winner), reason})
}

// Adjudicate ends the game with result r (WhiteWins, BlackWins or Draw) by
// Adjudication, as a match runner or arbiter decides. It returns an error if
// the game is already over or r is NoResult.
func (g *Game) Adjudicate(r Result) error {
	if r == NoResult || r > Draw {
		return errors.New("chess: adjudication needs a result (1-0, 0-1 or 1/2-1/2)")
	}
	return g.end(Outcome{r, Adjudication})
}

// Abort ends the game without a result (Aborted), as a game whose first
// moves did not come. It returns an error if the game is already over.
func (g *Game) Abort() error {
	return g.end(Outcome{NoResult, Aborted})
}

func (g *Game) end(o Outcome) error {
	if g.outcome.IsOver() {
		return g.errGameOver()
	}
	g.outcome = o
	return nil
}

// Comment returns the comment after ply plies: Comment(0) is the comment
// before the first move, Comment(i) the one after the i-th move. It returns
// "" when there is none or ply is outside 0..Len().
func (g *Game) Comment(ply int) string {
	if ply < 0 || ply > len(g.moves) {
		return ""
	}
	return g.notes.comments[ply]
}

// SetComment sets the comment after ply plies (see Comment); "" removes it.
// Runs of white space become single spaces and "}" (which would end a PGN
// comment) becomes ")". It does nothing when ply is outside 0..Len().
func (g *Game) SetComment(ply int, text string) {
	if ply < 0 || ply > len(g.moves) {
		return
	}
	switch c := normalizeComment(text); {
	case c == "":
		delete(g.notes.comments, ply)
	case g.notes.comments == nil:
		g.notes.comments = map[int]string{ply: c}
	default:
		g.notes.comments[ply] = c
	}
}

// normalizeComment puts a comment in the form PGN can carry and read back
// unchanged.
func normalizeComment(s string) string {
	return strings.Join(strings.Fields(strings.ReplaceAll(s, "}", ")")), " ")
}

// NAGs returns a copy of the annotation glyphs of the ply-th move (1 to
// Len()), or nil.
func (g *Game) NAGs(ply int) []NAG {
	if ply < 1 || ply > len(g.moves) {
		return nil
	}
	return slices.Clone(g.notes.nags[ply])
}

// AddNAG appends n to the glyphs of the ply-th move (1 to Len()). It does
// nothing when ply is out of range.
func (g *Game) AddNAG(ply int, n NAG) {
	if ply < 1 || ply > len(g.moves) {
		return
	}
	if g.notes.nags == nil {
		g.notes.nags = map[int][]NAG{}
	}
	g.notes.nags[ply] = append(g.notes.nags[ply], n)
}

// truncate drops the notes after ply plies (of the moves taken back).
func (n *notes) truncate(plies int) {
	for ply := range n.comments {
		if ply > plies {
			delete(n.comments, ply)
		}
	}
	for ply := range n.nags {
		if ply > plies {
			delete(n.nags, ply)
		}
	}
	for ply := range n.variations {
		if ply > plies {
			delete(n.variations, ply)
		}
	}
	if len(n.clocks) > plies {
		n.clocks = n.clocks[:plies]
	}
}

// clone returns a deep copy of n.
func (n notes) clone() notes {
	c := notes{comments: maps.Clone(n.comments), clocks: slices.Clone(n.clocks)}
	if n.nags != nil {
		c.nags = make(map[int][]NAG, len(n.nags))
		for ply, g := range n.nags {
			c.nags[ply] = slices.Clone(g)
		}
	}
	if n.variations != nil {
		c.variations = make(map[int][]*Game, len(n.variations))
		for ply, vs := range n.variations {
			c.variations[ply] = cloneVariations(vs)
		}
	}
	return c
}

// The Seven Tag Roster: the tags every PGN game carries, in this order, with
// the values written when they are not set.
var sevenTagRoster = [...]Tag{
	{"Event", "?"}, {"Site", "?"}, {"Date", "????.??.??"}, {"Round", "?"},
	{"White", "?"}, {"Black", "?"}, {"Result", "*"},
}

// derivedTag reports whether a tag's value follows from the game itself
// (Result from the outcome, SetUp and FEN from the start position, Variant
// from it in Chess960) rather than being stored.
func (g *Game) derivedTag(name string) bool {
	return name == "Result" || name == "SetUp" || name == "FEN" || name == "Variant" && g.checkpoints[0].chess960
}

// Tag returns the value of the PGN tag name, or "" when it is not set. The
// names are case-sensitive. Result, SetUp and FEN are derived from the game:
// Result is the outcome's result, and SetUp ("1") and FEN are set when the
// game did not start from the standard position, and always in Chess960,
// where Variant is "Chess960".
func (g *Game) Tag(name string) string {
	chess960 := g.checkpoints[0].chess960
	switch {
	case name == "Result":
		return g.outcome.Result.String()
	case name == "Variant" && chess960:
		return "Chess960"
	case name == "SetUp", name == "FEN":
		if g.checkpoints[0].FEN() == StartFEN && !chess960 {
			return ""
		}
		if name == "SetUp" {
			return "1"
		}
		return g.checkpoints[0].FEN()
	}
	v, _ := g.tags.get(name)
	return v
}

// SetTag sets the PGN tag name to value, keeping the tag's place if it was
// set before and adding it at the end otherwise. It does nothing for the
// derived tags Result, SetUp and FEN (see Tag), nor when name is not a valid
// PGN tag name (letters, digits and underscores, starting with a letter or
// digit). When written as PGN, control characters in values become spaces.
func (g *Game) SetTag(name, value string) {
	if g.derivedTag(name) || !validTagName(name) {
		return
	}
	g.tags.set(name, value)
}

// RemoveTag removes the PGN tag name, if set. Derived tags cannot be
// removed.
func (g *Game) RemoveTag(name string) {
	g.tags.remove(name)
}

// validTagName reports whether name is a PGN tag name.
func validTagName(name string) bool {
	if name == "" {
		return false
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_') {
			return false
		}
	}
	return name[0] != '_'
}

// Tags returns the game's tags in the order PGN writes them: the Seven Tag
// Roster first (Event, Site, Date, Round, White, Black, Result, with "?" or
// "????.??.??" for those not set), then Variant ("Chess960") in a Chess960
// game, then SetUp and FEN when the game did not start from the standard
// position (always in Chess960), then the other tags in the order they
// were first set, and last, for a game lost on time, adjudicated or
// aborted with no Termination tag set, Termination "time forfeit",
// "adjudication" or "aborted" (so that reading the PGN back gives the same
// Reason).
func (g *Game) Tags() []Tag {
	tags := make([]Tag, 0, len(sevenTagRoster)+2+len(g.tags.list))
	for _, t := range sevenTagRoster {
		if v := g.Tag(t.Name); v != "" || g.hasTag(t.Name) {
			t.Value = v
		}
		tags = append(tags, t)
	}
	if v := g.Tag("Variant"); g.derivedTag("Variant") {
		tags = append(tags, Tag{"Variant", v})
	}
	if fen := g.Tag("FEN"); fen != "" {
		tags = append(tags, Tag{"SetUp", "1"}, Tag{"FEN", fen})
	}
	for _, t := range g.tags.list {
		if !inSevenTagRoster(t.Name) && !g.derivedTag(t.Name) {
			tags = append(tags, t)
		}
	}
	if r := g.outcome.Reason; (r == TimeForfeit || r == Adjudication || r == Aborted) && !g.hasTag("Termination") {
		tags = append(tags, Tag{"Termination", r.String()})
	}
	return tags
}

func (g *Game) hasTag(name string) bool {
	_, ok := g.tags.get(name)
	return ok
}

func inSevenTagRoster(name string) bool {
	for _, t := range sevenTagRoster {
		if t.Name == name {
			return true
		}
	}
	return false
}
