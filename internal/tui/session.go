package tui

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/engine"
)

// Keeper keeps games in a store as they are played, so that an unfinished
// game can be resumed (the store the web app shares; see internal/store).
// Game ids are the store's. Its methods are called in the order of play; a
// failure is reported to the player and play goes on without keeping.
type Keeper interface {
	// Create stores a new game: its start position, the moves played so
	// far and its players. It returns the game's id.
	Create(ctx context.Context, g *chess.Game, white, black Player) (string, error)
	// Append stores m as the move after the first ply plies of game id.
	Append(ctx context.Context, id string, ply int, m chess.Move) error
	// Truncate keeps only the first plies moves of game id (a takeback),
	// which makes a finished game unfinished again.
	Truncate(ctx context.Context, id string, plies int) error
	// Finish records how game id ended.
	Finish(ctx context.Context, id string, o chess.Outcome) error
}

// session is one game being played: the game, who plays each side, and its
// record in the Keeper. The full-screen UI and the line mode share it, so
// both apply the same rules of play and keep games the same way. All rules
// come from package chess.
type session struct {
	game    *chess.Game
	players [2]Player // indexed by chess.Color

	keeper  Keeper // nil: games are not kept
	id      string // the game's id in keeper, "" until it is first stored
	keptLen int    // plies the keeper holds for id
	keptEnd bool   // the keeper knows the game is over
	keepErr error  // the last keeping failure, until reported

	undone []undone // what each takeback took back, the last one last; a new move clears it
}

// undone is what one takeback took back, for redo: the moves, in the order
// they were played, and how the game stood before (a resignation or a draw
// claimed after the last of them is restored with them).
type undone struct {
	moves []chess.Move
	end   chess.Outcome
}

// newSession returns a session playing g, kept by keeper (which may be nil).
// id is g's id in keeper when g was resumed from it, else "".
func newSession(g *chess.Game, players [2]Player, keeper Keeper, id string) *session {
	s := &session{game: g, players: players, keeper: keeper, id: id}
	if id != "" {
		s.keptLen = g.Len()
		s.keptEnd = g.Outcome().IsOver()
	}
	return s
}

// toMove returns the player whose turn it is.
func (s *session) toMove() Player { return s.players[s.game.Position().SideToMove()] }

// over reports whether the game has ended.
func (s *session) over() bool { return s.game.Outcome().IsOver() }

// aiToMove reports whether the AI is to move in a game still in progress.
func (s *session) aiToMove() bool { return !s.over() && s.toMove().AI }

// name returns the name of side's player: "You" against the AI, "White" or
// "Black" between two people, "Outpost level 3" for the AI.
func (s *session) name(side chess.Color) string {
	switch p := s.players[side]; {
	case p.AI:
		return "Outpost level " + p.Level.String()
	case s.players[side.Other()].AI:
		return "You"
	default:
		return colorName(side)
	}
}

// describe says who plays whom: "you (White) against Outpost level 3".
func (s *session) describe() string {
	w, b := s.players[chess.White], s.players[chess.Black]
	switch {
	case !w.AI && !b.AI:
		return "between two people"
	case w.AI && b.AI:
		return s.name(chess.White) + " (White) against " + s.name(chess.Black) + " (Black)"
	case w.AI:
		return s.name(chess.White) + " (White) against you"
	}
	return "you (White) against " + s.name(chess.Black)
}

// play plays m, which must be legal in the current position, and keeps the
// game. It returns an error, and changes nothing, when m is illegal or the
// game is over.
func (s *session) play(m chess.Move) error {
	if err := s.game.Play(m); err != nil {
		return err
	}
	s.undone = nil // a new move: the moves taken back cannot be redone
	s.keep()
	return nil
}

// playText plays a move typed in SAN or UCI ("e4", "Nf3", "e7e8q").
func (s *session) playText(text string) error {
	if s.over() {
		return errGameOver
	}
	m, err := s.game.Position().ParseMove(strings.TrimSpace(text))
	if err != nil {
		return err
	}
	return s.play(m)
}

// errGameOver is the answer to a move after the end of the game.
var errGameOver = errors.New("the game is over: take back (u) or start a new game (n)")

// takeback takes back the last move of a person and every move after it:
// in a game against the AI, your last move and the AI's reply (or only your
// move while the AI has not replied); between two people, and between two
// AIs, one ply. A finished game is in progress again. It returns the number
// of plies taken back: 0 when there is no such move. redo plays them again.
func (s *session) takeback() int {
	g := s.game
	target := g.Len() - 1 // the ply to take back, from 0
	if s.players[chess.White].AI != s.players[chess.Black].AI {
		for target >= 0 && s.players[g.PositionAt(target).SideToMove()].AI {
			target--
		}
	}
	if target < 0 {
		return 0
	}
	n := g.Len() - target
	u := undone{moves: make([]chess.Move, n), end: g.Outcome()}
	for g.Len() > target {
		m, _ := g.Undo()
		u.moves[g.Len()-target] = m
	}
	s.undone = append(s.undone, u)
	s.keep()
	return n
}

// canRedo reports whether redo has moves to play again.
func (s *session) canRedo() bool { return len(s.undone) > 0 }

// redo plays again the moves the last takeback took back (as many plies as
// it removed) and restores an end decided after them, a resignation or a
// claimed draw, so that the game, and its record in the keeper, is what it
// was before the takeback. It keeps the game the way play does and returns
// the moves played: none when nothing was taken back since the last new
// move, resignation or draw claim.
func (s *session) redo() ([]chess.Move, error) {
	if len(s.undone) == 0 {
		return nil, nil
	}
	u := s.undone[len(s.undone)-1]
	s.undone = s.undone[:len(s.undone)-1]
	for i, m := range u.moves {
		if err := s.game.Play(m); err != nil {
			// Not expected: the moves were legal here before the takeback.
			s.undone = nil
			s.keep()
			return u.moves[:i], err
		}
	}
	if u.end.IsOver() && !s.over() {
		restoreEnd(s.game, u.end)
	}
	s.keep()
	return u.moves, nil
}

// restoreEnd ends g the way o says, for the ends decided after a move that
// the terminal game knows: a resignation and a claimed draw.
func restoreEnd(g *chess.Game, o chess.Outcome) {
	switch o.Reason {
	case chess.Resignation:
		if winner, ok := o.Winner(); ok {
			_ = g.Resign(winner.Other())
		}
	case chess.ThreefoldRepetition, chess.FiftyMoveRule:
		_ = g.ClaimDraw()
	}
}

// resign ends the game with a loss for the person to move.
func (s *session) resign() error {
	if s.over() {
		return errGameOver
	}
	if err := s.game.Resign(s.game.Position().SideToMove()); err != nil {
		return err
	}
	s.undone = nil
	s.keep()
	return nil
}

// claimDraw claims a draw by threefold repetition or the fifty-move rule.
func (s *session) claimDraw() error {
	if s.over() {
		return errGameOver
	}
	if err := s.game.ClaimDraw(); err != nil {
		return err
	}
	s.undone = nil
	s.keep()
	return nil
}

// keep brings the keeper's record of the game up to date: it creates the
// record at the first move, appends new moves, truncates after a takeback
// and finishes it at the end. A failure is remembered for takeKeepError and
// stops keeping this game.
func (s *session) keep() {
	if s.keeper == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	err := s.sync(ctx)
	if err != nil {
		s.keepErr = fmt.Errorf("the game is no longer kept for --resume: %w", err)
		s.keeper = nil
	}
}

// sync does the work of keep.
func (s *session) sync(ctx context.Context) error {
	g := s.game
	if s.id == "" {
		if g.Len() == 0 {
			return nil // nothing worth resuming yet
		}
		id, err := s.keeper.Create(ctx, g, s.players[chess.White], s.players[chess.Black])
		if err != nil {
			return err
		}
		s.id, s.keptLen, s.keptEnd = id, g.Len(), false
	}
	if g.Len() < s.keptLen || (s.keptEnd && !s.over()) {
		if err := s.keeper.Truncate(ctx, s.id, g.Len()); err != nil {
			return err
		}
		s.keptLen, s.keptEnd = g.Len(), false
	}
	moves := g.Moves()
	for ; s.keptLen < len(moves); s.keptLen++ {
		if err := s.keeper.Append(ctx, s.id, s.keptLen, moves[s.keptLen]); err != nil {
			return err
		}
	}
	if s.over() && !s.keptEnd {
		if err := s.keeper.Finish(ctx, s.id, g.Outcome()); err != nil {
			return err
		}
		s.keptEnd = true
	}
	return nil
}

// takeKeepError returns the last keeping failure, once.
func (s *session) takeKeepError() error {
	err := s.keepErr
	s.keepErr = nil
	return err
}

// kept reports whether the game is in the keeper, unfinished, so that
// --resume continues it.
func (s *session) kept() bool { return s.keeper != nil && s.id != "" && !s.keptEnd }

// searchParams returns the search request for the AI to move: the position,
// the hashes of the positions before it (for repetitions), and its level.
func (s *session) searchParams(moveTime time.Duration) engine.Params {
	hashes := s.game.Hashes()
	return engine.Params{
		Position: s.game.Position(),
		History:  hashes[:len(hashes)-1],
		Limits:   engine.Limits{MoveTime: moveTime},
		Level:    s.toMove().Level,
	}
}

// pgn returns the game in PGN with tags naming the players.
func (s *session) pgn() string {
	g := s.game.Clone()
	if g.Tag("Event") == "" {
		g.SetTag("Event", "Outpost terminal game")
	}
	if g.Tag("Site") == "" {
		g.SetTag("Site", "outpost play")
	}
	if g.Tag("Date") == "" {
		g.SetTag("Date", time.Now().Format("2006.01.02"))
	}
	for _, c := range []chess.Color{chess.White, chess.Black} {
		tag := colorName(c)
		if g.Tag(tag) == "" {
			g.SetTag(tag, s.name(c))
		}
	}
	return g.PGN()
}

// save writes the game to the file path as PGN.
func (s *session) save(path string) error {
	path = strings.TrimSpace(path)
	if path == "" {
		return errors.New("no file name given")
	}
	return os.WriteFile(path, []byte(s.pgn()), 0o644)
}

// LoadPGN reads the first game of the PGN file at path.
func LoadPGN(path string) (*chess.Game, error) {
	if strings.TrimSpace(path) == "" {
		return nil, errors.New("no file name given")
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	g, err := chess.NewPGNReader(f).Next()
	switch {
	case errors.Is(err, io.EOF):
		return nil, fmt.Errorf("%s holds no game", path)
	case err != nil:
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return g, nil
}

// outcomeText describes the result: "1-0: White wins by checkmate".
func outcomeText(o chess.Outcome) string {
	text := o.String()
	return o.Result.String() + ": " + strings.ToUpper(text[:1]) + text[1:]
}

// errorText returns err's message for people, without the package prefix
// ("chess: ") the rules library puts before it.
func errorText(err error) string {
	return strings.TrimPrefix(err.Error(), "chess: ")
}
