package play

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/outpost-chess/outpost/chess"
)

// Game is a game being played: the chess.Game, who plays each side, the
// clock, and what a takeback removed, for redo. Its methods apply the rules
// of play (see the package doc) and keep every change (see Keeper) before
// they make it. A Game is not safe for concurrent use: a front end serving
// several requests locks it.
type Game struct {
	game    *chess.Game
	players [2]Player
	paused  bool
	tc      TimeControl
	spent   time.Duration // the side to move's time used before since
	since   time.Time     // when the side to move's clock started; zero while it is stopped

	undone []TakenBack  // what each takeback took back, the last one last
	offer  *chess.Color // the side whose draw offer stands, or nil

	keeper  Keeper
	now     func() time.Time
	version uint64
}

// TakenBack is what one takeback took back, for redo: the moves (oldest
// first) with their clock readings, and how the game had ended, if it had.
type TakenBack struct {
	Moves  []chess.Move
	Clocks []time.Duration
	End    chess.Outcome
}

// Setup says what game to start.
type Setup struct {
	// Game is the game to go on with (a position to start from, or a game
	// to continue); the Game takes it over. Nil starts from the standard
	// position.
	Game    *chess.Game
	Players [2]Player // indexed by chess.Color
	Clock   TimeControl
	Paused  bool
}

// Options are a Game's links to the world.
type Options struct {
	// Keeper keeps the game; nil keeps nothing.
	Keeper Keeper
	// Now is the clock's time source (default time.Now); tests give a
	// fake one.
	Now func() time.Time
}

// New starts the game setup describes and keeps it. A game on a clock
// starts the side to move's turn at once, but its clock only runs once it
// has made its first move (lichess; see FlagIn). It returns an error for a time control out of range (see
// TimeControl.Check) or when keeping fails.
func New(ctx context.Context, setup Setup, opts Options) (*Game, error) {
	if err := setup.Clock.Check(); err != nil {
		return nil, err
	}
	g := newGame(setup.Game, setup.Players, setup.Clock, setup.Paused, opts)
	next := g.record()
	if g.clockShouldRun() {
		next.Since = g.now()
	}
	if err := g.commit(ctx, next, func() { g.since = g.startedAt(next.Since) }); err != nil {
		return nil, err
	}
	return g, nil
}

func newGame(cg *chess.Game, players [2]Player, tc TimeControl, paused bool, opts Options) *Game {
	if cg == nil {
		cg = chess.NewGame()
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	return &Game{game: cg, players: players, tc: tc, paused: paused, keeper: opts.Keeper, now: opts.Now}
}

// Restore rebuilds a kept game from its record: the moves are replayed
// with the rules (an illegal one is an error), the clock readings and the
// end restored. The clock is as the record left it, running since
// r.Since: a program that resumes a game after it was stopped calls
// Resume, so that the time it was stopped is not charged.
func Restore(r *Record, opts Options) (*Game, error) {
	if r.Start == nil {
		return nil, errors.New("play: the record has no start position")
	}
	if err := r.TimeControl.Check(); err != nil {
		return nil, err
	}
	cg := chess.NewGameFromPosition(r.Start)
	for i, m := range r.Moves {
		if err := cg.Play(m); err != nil {
			return nil, fmt.Errorf("play: move %d (%s): %w", i+1, m, err)
		}
		if i < len(r.Clocks) && r.Clocks[i] >= 0 {
			cg.SetClock(i+1, r.Clocks[i])
		}
	}
	if err := restoreEnd(cg, r.Outcome); err != nil {
		return nil, err
	}
	g := newGame(cg, r.Players, r.TimeControl, r.Paused, opts)
	g.spent = r.Spent
	g.undone, g.offer = slices.Clone(r.Redo), r.Offer
	if g.clockShouldRun() {
		g.since = r.Since
	}
	return g, nil
}

// restoreEnd ends g as o says, when the moves have not ended it by
// themselves: o was decided after the last move (a resignation, an
// agreement, a claim, a flag, an abort, an adjudication). An end that cannot be
// replayed as it was recorded (a claim the position does not allow, a
// result with no reason) is restored as an adjudication, which keeps the
// result.
func restoreEnd(g *chess.Game, o chess.Outcome) error {
	if !o.IsOver() || g.Outcome().IsOver() {
		return nil
	}
	replay := func(cg *chess.Game) error {
		winner, decisive := o.Winner()
		switch o.Reason {
		case chess.Resignation:
			if decisive {
				return cg.Resign(winner.Other())
			}
		case chess.TimeForfeit: // the flag of the side to move fell
			return cg.Forfeit(cg.Position().SideToMove(), chess.TimeForfeit)
		case chess.DrawAgreement:
			return cg.AgreeDraw()
		case chess.ThreefoldRepetition, chess.FiftyMoveRule:
			return cg.ClaimDraw()
		case chess.Aborted:
			return cg.Abort()
		}
		return errors.New("no replay")
	}
	if trial := g.Clone(); replay(trial) == nil && trial.Outcome() == o {
		return replay(g)
	}
	return g.Adjudicate(o.Result)
}

// Chess returns the game of chess being played, for reading: its
// positions, moves, clock readings and outcome. Change it only through
// the Game's methods.
func (g *Game) Chess() *chess.Game { return g.game }

// Players returns who plays each side, indexed by chess.Color.
func (g *Game) Players() [2]Player { return g.players }

// ToMove returns the side to move.
func (g *Game) ToMove() chess.Color { return g.game.Position().SideToMove() }

// Outcome returns how the game ended, or the zero Outcome while it is on.
func (g *Game) Outcome() chess.Outcome { return g.game.Outcome() }

// Over reports whether the game has ended.
func (g *Game) Over() bool { return g.game.Outcome().IsOver() }

// Paused reports whether the game is paused: the AI does not move and no
// clock runs.
func (g *Game) Paused() bool { return g.paused }

// AIToMove reports whether the game is on and the AI is to move (paused
// or not).
func (g *Game) AIToMove() bool { return !g.Over() && g.players[g.ToMove()].AI }

// AIDue reports whether the AI should be thinking: the game is on, not
// paused, and the AI is to move.
func (g *Game) AIDue() bool { return g.AIToMove() && !g.paused }

// Version counts the changes made to the game (moves, takebacks, ends,
// levels, pauses, draw offers made or declined, the clock started or
// stopped). A search begun at one version is obsolete at another.
func (g *Game) Version() uint64 { return g.version }

// CanRedo reports whether Redo has moves to play again.
func (g *Game) CanRedo() bool { return len(g.undone) > 0 }

// RuleError is the rules' answer to a change they do not allow now; the
// game is unchanged, except when the change found the side to move's time
// up: the game then ended on time first, and Text says so ("time is up:
// ..."). Text says why in words for people, in English; Code names the
// refusal for a front end that says it in another language, with Color
// (the side it is about) and Err (the rules library's own error, as a
// *chess.MoveError or *chess.NoDrawError, whose fields say more).
type RuleError struct {
	Text string
	// Illegal is set when the request itself is wrong (a move that is not
	// legal or not a move), rather than the game's state forbidding it.
	Illegal bool
	Code    RuleCode
	Color   chess.Color // the side the refusal is about, when Code says one
	Outcome chess.Outcome
	Err     error
}

func (e *RuleError) Error() string { return "play: " + e.Text }

// Unwrap returns the rules library's error, if any.
func (e *RuleError) Unwrap() error { return e.Err }

// RuleCode names a refusal. Its values are stable: an API sends them.
type RuleCode string

const (
	CodeIllegalMove          RuleCode = "illegal_move"            // Err is the *chess.MoveError
	CodeGameOver             RuleCode = "game_over"               // Outcome says how it ended
	CodeTimeUp               RuleCode = "time_up"                 // Outcome says how it ended
	CodeNotYourTurn          RuleCode = "not_your_turn"           // Outpost plays Color
	CodeChanged              RuleCode = "changed"                 // the game changed while Outpost thought
	CodeNoTakeback           RuleCode = "nothing_to_take_back"    // no move of a person to take back
	CodeOverNoTakeback       RuleCode = "over_no_takeback"        // a finished game cannot be taken back (Outcome)
	CodeOverNoTakebackPeople RuleCode = "over_no_takeback_people" // between two people, a game the board ended cannot be taken back
	CodeNothingToRedo        RuleCode = "nothing_to_redo"
	CodeNoDraw               RuleCode = "no_draw"             // no draw to claim: Err is the *chess.NoDrawError
	CodeAINoOffer            RuleCode = "ai_does_not_offer"   // Color is Outpost's, which does not offer draws
	CodeNoOffer              RuleCode = "no_draw_offer"       // Color has not offered a draw
	CodeOfferToPerson        RuleCode = "offer_to_person"     // Color is a person: the offer is theirs to answer
	CodePersonHasNoLevel     RuleCode = "person_has_no_level" // Color is played by a person
	CodeRefused              RuleCode = "refused"             // another refusal of the rules library: Err
)

// refuse returns a RuleError with code, about side c, whose text is the
// formatted message.
func refuse(code RuleCode, c chess.Color, format string, args ...any) error {
	return &RuleError{Text: fmt.Sprintf(format, args...), Code: code, Color: c}
}

// errOver is the refusal of a change to a finished game.
func (g *Game) errOver() error {
	o := g.game.Outcome()
	return &RuleError{Text: fmt.Sprintf("the game is over (%s)", DescribeOutcome(o)), Code: CodeGameOver, Outcome: o}
}

// chessRefusal wraps an error of the rules library (a move or a claim they
// do not allow) as a RuleError.
func chessRefusal(err error, illegal bool) error {
	code := CodeRefused
	var me *chess.MoveError
	var nd *chess.NoDrawError
	switch {
	case errors.As(err, &me):
		code = CodeIllegalMove
	case errors.As(err, &nd):
		code = CodeNoDraw
	}
	return &RuleError{Text: strings.TrimPrefix(err.Error(), "chess: "), Illegal: illegal, Code: code, Err: err}
}

// DescribeOutcome says how a game ended, for people: "White wins by
// checkmate", "Black wins on time", "Draw by agreement".
func DescribeOutcome(o chess.Outcome) string {
	if o.Reason == chess.TimeForfeit {
		if w, ok := o.Winner(); ok {
			return w.Name() + " wins on time"
		}
		return "Draw: a flag fell, but the other side could never checkmate"
	}
	s := o.String()
	return strings.ToUpper(s[:1]) + s[1:]
}

// begin starts a change at now: when the side to move's time has run out,
// it ends the game on time or aborts it (kept) and refuses the change. It also refuses
// any change to a finished game unless overOK.
func (g *Game) begin(ctx context.Context, now time.Time, overOK bool) error {
	if flagged, err := g.flag(ctx, now); err != nil {
		return err
	} else if flagged {
		o := g.game.Outcome()
		text := fmt.Sprintf("time is up: %s", DescribeOutcome(o))
		if o.Reason == chess.Aborted {
			text = fmt.Sprintf("time is up: %s made no first move within %v (Game aborted)", g.ToMove().Name(), firstMoveLimit(g.players))
		}
		return &RuleError{Text: text, Code: CodeTimeUp, Outcome: o}
	}
	if g.Over() && !overOK {
		return g.errOver()
	}
	return nil
}

// Move plays m, a person's move: the side to move must be a person's and m
// legal. On a clock, the time the move took is charged and the increment
// added, except on the side's first move (its clock had not started). A move clears what redo would play, and declines a draw the other
// side offered.
func (g *Game) Move(ctx context.Context, m chess.Move) error {
	now := g.now()
	if err := g.begin(ctx, now, false); err != nil {
		return err
	}
	if p := g.players[g.ToMove()]; p.AI {
		return refuse(CodeNotYourTurn, g.ToMove(), "it is not your move: Outpost plays %s", g.ToMove().Name())
	}
	return g.play(ctx, m, now)
}

// MoveText plays a person's move written in SAN or UCI ("Nf3", "g1f3").
func (g *Game) MoveText(ctx context.Context, text string) error {
	now := g.now()
	if err := g.begin(ctx, now, false); err != nil {
		return err
	}
	m, err := g.game.Position().ParseMove(strings.TrimSpace(text))
	if err != nil {
		return chessRefusal(err, true)
	}
	return g.Move(ctx, m)
}

// play plays m for the side to move at now: kept, then made.
func (g *Game) play(ctx context.Context, m chess.Move, now time.Time) error {
	end, err := g.game.OutcomeAfter(m)
	if err != nil {
		return chessRefusal(err, true)
	}
	mover := g.ToMove()
	reading := NoClock
	switch {
	case g.tc.Timed() && g.started():
		reading = g.remaining(mover, now) + g.tc.Increment
	case g.tc.Timed(): // a first move: nothing charged, no increment (lichess)
		reading = g.remaining(mover, now)
	}
	next := g.record()
	next.Moves = append(next.Moves, m)
	next.Clocks = append(next.Clocks, reading)
	next.Outcome = end
	next.Spent, next.Since = 0, time.Time{}
	if g.tc.Timed() && !end.IsOver() && !g.paused {
		next.Since = now
	}
	next.Redo = nil // a new move clears what redo would play
	if (next.Offer != nil && *next.Offer != mover) || end.IsOver() {
		next.Offer = nil // a move declines the other side's offer; the end withdraws any
	}
	return g.commit(ctx, next, func() {
		_ = g.game.Play(m) // legal: OutcomeAfter said so
		if reading >= 0 {
			g.game.SetClock(g.game.Len(), reading)
		}
		g.spent, g.since = next.Spent, g.startedAt(next.Since)
		g.undone = nil
		if g.offer != nil && *g.offer != mover {
			g.offer = nil // a move declines the other side's offer
		}
		if end.IsOver() {
			g.offer = nil
		}
	})
}

// boardEnd reports whether a game that ended as o ended on the board: by
// checkmate, stalemate or a draw by rule (claimed or not), rather than by
// a decision (resignation, agreement, a flag, adjudication).
func boardEnd(o chess.Outcome) bool {
	switch o.Reason {
	case chess.Checkmate, chess.Stalemate, chess.InsufficientMaterial, chess.FivefoldRepetition,
		chess.SeventyFiveMoveRule, chess.ThreefoldRepetition, chess.FiftyMoveRule:
		return true
	}
	return false
}

// withAI reports whether the AI plays a side.
func (g *Game) withAI() bool { return g.players[chess.White].AI || g.players[chess.Black].AI }

// takebackPlies returns how many plies a takeback would take back now, or
// a refusal saying why none.
func (g *Game) takebackPlies() (int, error) {
	if o := g.game.Outcome(); o.IsOver() && !(boardEnd(o) && g.withAI()) {
		if boardEnd(o) {
			text := fmt.Sprintf("the game is over (%s): between two people a finished game cannot be taken back", DescribeOutcome(o))
			return 0, &RuleError{Text: text, Code: CodeOverNoTakebackPeople, Outcome: o}
		}
		text := fmt.Sprintf("the game is over (%s): it cannot be taken back", DescribeOutcome(o))
		return 0, &RuleError{Text: text, Code: CodeOverNoTakeback, Outcome: o}
	}
	n := g.game.Len()
	target := n - 1
	if g.players[chess.White].AI != g.players[chess.Black].AI {
		// Against the AI: back to before the person's last move.
		for target >= 0 && g.players[g.game.PositionAt(target).SideToMove()].AI {
			target--
		}
	}
	if target < 0 {
		return 0, refuse(CodeNoTakeback, g.ToMove(), "there is no move of yours to take back")
	}
	return n - target, nil
}

// CanTakeback reports whether Takeback would take a move back now.
func (g *Game) CanTakeback() bool {
	_, err := g.takebackPlies()
	return err == nil && !g.flagDue(g.now())
}

// Takeback takes back the last move of a person and every move after it:
// against the AI, the person's last move and the AI's reply (or only the
// person's move while the AI has not replied); between two people, and
// between two AIs, one ply (a game between two AIs is then paused). It is
// allowed while the game is on, and after it ended on the board in a game
// with the AI; never after a resignation, an agreement or a flag. The clocks
// go back to what they showed in the position it returns to. It returns
// the number of plies taken back.
func (g *Game) Takeback(ctx context.Context) (int, error) {
	now := g.now()
	if err := g.begin(ctx, now, true); err != nil {
		return 0, err
	}
	n, err := g.takebackPlies()
	if err != nil {
		return 0, err
	}
	keep := g.game.Len() - n
	next := g.record()
	u := TakenBack{
		Moves:  append([]chess.Move(nil), next.Moves[keep:]...),
		Clocks: append([]time.Duration(nil), next.Clocks[keep:]...),
		End:    next.Outcome,
	}
	next.Moves, next.Clocks = next.Moves[:keep], next.Clocks[:keep]
	next.Outcome = chess.Outcome{}
	if g.players[chess.White].AI && g.players[chess.Black].AI {
		next.Paused = true
	}
	next.Spent, next.Since = 0, time.Time{}
	if g.tc.Timed() && !next.Paused {
		next.Since = now
	}
	next.Redo = append(next.Redo, u)
	next.Offer = nil
	err = g.commit(ctx, next, func() {
		for range n {
			g.game.Undo()
		}
		g.paused = next.Paused
		g.spent, g.since = next.Spent, g.startedAt(next.Since)
	})
	if err != nil {
		return 0, err
	}
	return n, nil
}

// Redo plays again exactly what the last takeback took back: its moves
// with their clock readings, and the end they had (a claimed draw comes
// back with them). It is possible until a move is played or the game ends
// otherwise. It returns the moves played again.
func (g *Game) Redo(ctx context.Context) ([]chess.Move, error) {
	now := g.now()
	if err := g.begin(ctx, now, false); err != nil {
		return nil, err
	}
	if len(g.undone) == 0 {
		return nil, refuse(CodeNothingToRedo, g.ToMove(), "there is nothing to redo")
	}
	u := g.undone[len(g.undone)-1]
	after := g.game.Clone()
	for i, m := range u.Moves {
		if err := after.Play(m); err != nil {
			return nil, fmt.Errorf("play: redo: %w", err) // a bug: the moves were legal here
		}
		if i < len(u.Clocks) && u.Clocks[i] >= 0 {
			after.SetClock(after.Len(), u.Clocks[i])
		}
	}
	if err := restoreEnd(after, u.End); err != nil {
		return nil, fmt.Errorf("play: redo: %w", err)
	}
	next := g.record()
	next.Moves = append(next.Moves, u.Moves...)
	next.Clocks = append(next.Clocks, u.Clocks...)
	next.Outcome = after.Outcome()
	next.Spent, next.Since = 0, time.Time{}
	if g.tc.Timed() && !next.Outcome.IsOver() && !g.paused {
		next.Since = now
	}
	next.Redo = next.Redo[:len(next.Redo)-1]
	next.Offer = nil
	err := g.commit(ctx, next, func() {
		g.game = after
		g.spent, g.since = next.Spent, g.startedAt(next.Since)
	})
	if err != nil {
		return nil, err
	}
	return u.Moves, nil
}

// end ends the game as set ends a copy of it: decided after the last move
// (resignation, agreement, a claim, a flag). The clock stops.
func (g *Game) end(ctx context.Context, now time.Time, set func(cg *chess.Game) error) error {
	after := g.game.Clone()
	if err := set(after); err != nil {
		return chessRefusal(err, false)
	}
	next := g.record()
	next.Outcome = after.Outcome()
	next.Spent, next.Since = g.spentAt(now), time.Time{}
	next.Redo, next.Offer = nil, nil
	return g.commit(ctx, next, func() {
		_ = set(g.game) // as it did on the copy
		g.spent, g.since = next.Spent, g.startedAt(next.Since)
	})
}

// Resign ends the game with a loss for c, whoever is to move.
func (g *Game) Resign(ctx context.Context, c chess.Color) error {
	now := g.now()
	if err := g.begin(ctx, now, false); err != nil {
		return err
	}
	return g.end(ctx, now, func(cg *chess.Game) error { return cg.Resign(c) })
}

// ClaimDraw ends the game in a draw by threefold repetition or the
// fifty-move rule, when the position allows the claim (see
// chess.Game.ClaimableDraw); either side may claim it.
func (g *Game) ClaimDraw(ctx context.Context) error {
	now := g.now()
	if err := g.begin(ctx, now, false); err != nil {
		return err
	}
	return g.end(ctx, now, func(cg *chess.Game) error { return cg.ClaimDraw() })
}

// SetLevel sets the level of the AI that plays c.
func (g *Game) SetLevel(ctx context.Context, c chess.Color, p Player) error {
	now := g.now()
	if err := g.begin(ctx, now, false); err != nil {
		return err
	}
	if !g.players[c].AI || !p.AI {
		return refuse(CodePersonHasNoLevel, c, "%s is played by a person, who has no level", c.Name())
	}
	if g.players[c] == p {
		return nil
	}
	next := g.record()
	next.Players[c] = p
	return g.commit(ctx, next, func() { g.players[c] = p })
}

// SetPaused pauses the game or lets it go on. While it is paused the AI
// does not move and no clock runs; a person may still move.
func (g *Game) SetPaused(ctx context.Context, paused bool) error {
	now := g.now()
	if err := g.begin(ctx, now, true); err != nil {
		return err
	}
	if paused == g.paused {
		return nil
	}
	next := g.record()
	next.Paused = paused
	next.Spent, next.Since = g.spentAt(now), time.Time{}
	if g.tc.Timed() && !g.Over() && !paused {
		next.Since = now
	}
	return g.commit(ctx, next, func() {
		g.paused = paused
		g.spent, g.since = next.Spent, g.startedAt(next.Since)
	})
}
