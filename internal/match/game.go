package match

import (
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/opening"
)

// PGN Termination tag values (from the PGN standard's list).
const (
	TermNormal      = "normal"           // mate, stalemate, a drawing rule
	TermTimeForfeit = "time forfeit"     // a clock ran out
	TermIllegalMove = "rules infraction" // an illegal or missing move
	TermAbandoned   = "abandoned"        // the engine crashed or stalled
	TermAdjudicated = "adjudication"     // resign or draw adjudication
)

// GameRecord is a finished (or aborted) game.
type GameRecord struct {
	Round   int             // 1-based number of the game in the match
	Opening opening.Opening // the starting position
	White   string          // engine names
	Black   string
	// Engine1White is true when engine 1 had the white pieces.
	Engine1White bool
	Start        time.Time
	// Game holds the moves, each with a comment giving the engine's score,
	// depth and time ("+0.23/12 0.051s"), and the outcome. The comment on
	// the last move (or before the first, if none was made) also says why
	// the runner ended the game, when it did.
	Game        *chess.Game
	Result      chess.Result
	Termination string // one of the Term* values
	// Reason says in words why the game ended: "White mates", "Black
	// loses on time", "White's engine crashed", ...
	Reason string
	// Adjudicated is true when the result was decided by the runner rather
	// than on the board (the PGN gets a comment saying why).
	Adjudicated bool
	// Faulty is 1 or 2 when that engine must be restarted before its next
	// game (it crashed or stopped answering); 0 otherwise.
	Faulty int
}

// Engine1Points returns engine 1's score in the game: 1, 0.5 or 0.
func (r *GameRecord) Engine1Points() float64 {
	switch {
	case r.Result == chess.Draw:
		return 0.5
	case (r.Result == chess.WhiteWins) == r.Engine1White:
		return 1
	}
	return 0
}

// Names returns the names of engine 1 and engine 2, in that order.
func (r *GameRecord) Names() [2]string {
	if r.Engine1White {
		return [2]string{r.White, r.Black}
	}
	return [2]string{r.Black, r.White}
}

// ResignRule adjudicates a game as lost when both engines agree that one
// side is lost: for Moves consecutive moves of each side, the losing side's
// engine scored at most −Score centipawns and the winning side's engine at
// least +Score. Moves == 0 turns it off.
type ResignRule struct {
	Score, Moves int
}

// DrawRule adjudicates a game as drawn when, from move After of the game
// on, both engines scored within ±Score centipawns for Moves consecutive
// moves each. Moves == 0 turns it off.
type DrawRule struct {
	Score, Moves, After int
}

// gameSetup is what a game needs besides its two engines.
type gameSetup struct {
	round        int
	opening      opening.Opening
	engine1White bool
	limits       Limits
	margin       time.Duration // tolerated overrun of the clock or move time
	stall        time.Duration // reply timeout when there is no clock or move time
	resign       ResignRule
	draw         DrawRule
	chess960     bool // the opening is a Chess960 position
}

// playGame plays one game between engines[0] (engine 1) and engines[1]
// (engine 2), both already told a new game starts. It always returns a
// finished record, unless stopped() turns true, when the game is abandoned
// and the record has no result.
func playGame(s gameSetup, engines [2]*Engine, stopped func() bool) GameRecord {
	rec := GameRecord{
		Round:        s.round,
		Opening:      s.opening,
		Engine1White: s.engine1White,
		Start:        time.Now(),
	}
	byColor := [2]int{chess.White: 1, chess.Black: 0}
	if s.engine1White {
		byColor = [2]int{chess.White: 0, chess.Black: 1}
	}
	names := engineNames(engines)
	rec.White, rec.Black = names[byColor[chess.White]], names[byColor[chess.Black]]

	parseFEN := chess.ParseFEN
	if s.chess960 {
		parseFEN = chess.ParseFEN960
	}
	start, err := parseFEN(s.opening.FEN)
	if err != nil { // openings are checked when loaded
		rec.Result, rec.Termination, rec.Reason = chess.Draw, TermAbandoned, "bad opening: "+err.Error()
		return rec
	}
	p := gamePlay{s: s, engines: engines, byColor: byColor, rec: rec,
		g: chess.NewGameFromPosition(start), clock: [2]time.Duration{s.limits.Base, s.limits.Base}}
	p.rec.Game = p.g
	for !p.g.Outcome().IsOver() {
		if p.move(stopped) {
			return p.rec
		}
	}
	return finish(&p.rec, TermNormal, describeOutcome(p.g.Outcome(), p.g.Position().SideToMove()), false)
}

// gamePlay is a game playGame is playing.
type gamePlay struct {
	s       gameSetup
	engines [2]*Engine
	// byColor[c] is the index into engines of the engine playing c.
	byColor  [2]int
	rec      GameRecord
	g        *chess.Game
	clock    [2]time.Duration // each side's time left, on a clock
	uciMoves []string         // the moves from the opening, for "position"
	scores   [2][]Score       // each side's reported scores, in its own view
}

// move asks the engine of the side to move for its move and plays it, then
// claims a draw when one can be claimed and applies the adjudication
// rules. It returns true when the runner ended the game (p.rec is then
// final) or abandoned it because stopped() turned true (p.rec then has no
// result); false when the game goes on or ended on the board.
func (p *gamePlay) move(stopped func() bool) bool {
	pos := p.g.Position()
	side := pos.SideToMove()
	who := p.byColor[side]
	goCmd, limit := goCommand(p.s, p.clock, side)
	res, err := p.engines[who].Search(p.s.opening.FEN, p.uciMoves, goCmd, limit)
	if stopped() {
		p.rec.Result = chess.NoResult
		return true
	}
	if p.failed(side, res, err) || p.overstepped(side, res) {
		return true
	}
	name := side.Name()
	m, err := pos.ParseUCI(res.BestMove)
	if err != nil {
		return p.forfeit(side, TermIllegalMove, fmt.Sprintf("%s makes an illegal move: %v", name, err))
	}
	if err := p.g.Play(m); err != nil { // ParseUCI returns only legal moves
		return p.forfeit(side, TermIllegalMove, fmt.Sprintf("%s makes an illegal move: %v", name, err))
	}
	p.uciMoves = append(p.uciMoves, pos.UCI(m))
	p.g.SetComment(p.g.Len(), moveComment(res))
	p.scores[side] = append(p.scores[side], res.Score)

	if p.g.Outcome().IsOver() {
		return false
	}
	// The runner claims every claimable draw for the engines, as GUIs do.
	if p.g.ClaimDraw() == nil {
		return false
	}
	return p.adjudicate()
}

// failed ends the game, returning true, when the search of side's engine
// failed (err): a loss on time when it gave no move within a clock or move
// time, else the engine is faulty (it stalled or crashed) and the game
// abandoned.
func (p *gamePlay) failed(side chess.Color, res SearchResult, err error) bool {
	name, who := side.Name(), p.byColor[side]
	switch {
	case errors.Is(err, ErrEngineTimeout) && (p.s.limits.Timed() || p.s.limits.MoveTime > 0):
		return p.forfeit(side, TermTimeForfeit, fmt.Sprintf("%s loses on time (no move after %v)", name, roundMS(res.Elapsed)))
	case errors.Is(err, ErrEngineTimeout):
		p.rec.Faulty = who + 1
		return p.forfeit(side, TermAbandoned, fmt.Sprintf("%s's engine stalled (no move after %v; %s)%s", name, roundMS(res.Elapsed), lastOutputNote(res), errorOutputNote(p.engines[who], 0)))
	case err != nil:
		p.rec.Faulty = who + 1
		return p.forfeit(side, TermAbandoned, fmt.Sprintf("%s's engine crashed (%v)%s", name, err, errorOutputNote(p.engines[who], time.Second)))
	}
	return false
}

// overstepped ends the game with a loss on time for side, returning true,
// when its move took longer than its clock or the move time allowed (with
// the margin); otherwise it charges the move to side's clock.
func (p *gamePlay) overstepped(side chess.Color, res SearchResult) bool {
	name, l := side.Name(), p.s.limits
	switch {
	case l.Timed():
		if res.Elapsed > p.clock[side]+p.s.margin {
			return p.forfeit(side, TermTimeForfeit, fmt.Sprintf("%s loses on time (%v used, %v left)", name, roundMS(res.Elapsed), roundMS(p.clock[side])))
		}
		p.clock[side] += l.Increment - res.Elapsed
	case l.MoveTime > 0:
		if res.Elapsed > l.MoveTime+p.s.margin {
			return p.forfeit(side, TermTimeForfeit, fmt.Sprintf("%s loses on time (%v for a move time of %v)", name, roundMS(res.Elapsed), l.MoveTime))
		}
	}
	return false
}

// adjudicate applies the resign and draw rules to the scores so far,
// returning true when one of them ended the game.
func (p *gamePlay) adjudicate() bool {
	s := p.s
	if loser, ok := resignAdjudication(s.resign, p.scores); ok {
		return p.forfeit(loser, TermAdjudicated, fmt.Sprintf("%s resigns: both engines scored it %d cp or more in %s's favour for %d moves each",
			loser.Name(), s.resign.Score, loser.Other().Name(), s.resign.Moves))
	}
	if drawAdjudication(s.draw, p.scores, p.g.Len()) {
		_ = p.g.Adjudicate(chess.Draw)
		finish(&p.rec, TermAdjudicated, fmt.Sprintf("draw: both engines scored within %d cp for %d moves each", s.draw.Score, s.draw.Moves), true)
		return true
	}
	return false
}

// forfeit ends the game with a loss for loser, decided by the runner, and
// returns true.
func (p *gamePlay) forfeit(loser chess.Color, term, reason string) bool {
	why := chess.Adjudication
	if term == TermTimeForfeit {
		why = chess.TimeForfeit
	}
	_ = p.g.Forfeit(loser, why) // the game is in progress: no error
	if p.g.Outcome().Result == chess.Draw {
		reason += "; " + loser.Other().Name() + " cannot mate, so it is a draw"
	}
	finish(&p.rec, term, reason, true)
	return true
}

// lastOutputNote says where a stalled engine stopped: the last line it
// wrote during the search (cut to 120 bytes), or that it wrote none.
func lastOutputNote(res SearchResult) string {
	const maxLen = 120
	line := res.LastOutput
	switch {
	case line == "":
		return "nothing written after go"
	case len(line) > maxLen:
		line = line[:maxLen] + "..."
	}
	return fmt.Sprintf("last output %q", line)
}

// errorOutputNote is what an abandoned game's reason adds about the faulty
// engine's standard error ("; error output: ..."), after waiting up to wait
// for it to end; "" when it wrote nothing.
func errorOutputNote(e *Engine, wait time.Duration) string {
	if out := e.ErrorOutput(wait); out != "" {
		return "; error output: " + out
	}
	return ""
}

// finish records how the game ended and, when the runner decided it, says
// why in the comment on the last move.
func finish(rec *GameRecord, term, reason string, adjudicated bool) GameRecord {
	g := rec.Game
	rec.Result = g.Outcome().Result
	rec.Termination, rec.Reason, rec.Adjudicated = term, reason, adjudicated
	if adjudicated {
		c := g.Comment(g.Len())
		if c != "" {
			c += " "
		}
		g.SetComment(g.Len(), c+reason)
	}
	return *rec
}

// moveComment formats what the engine said about its move, in the style of
// other match runners: "+0.23/12 0.051s", or "0.051s" with no score.
func moveComment(res SearchResult) string {
	t := strconv.FormatFloat(res.Elapsed.Seconds(), 'f', 3, 64) + "s"
	if !res.Score.Valid {
		return t
	}
	return res.Score.String() + "/" + strconv.Itoa(res.Depth) + " " + t
}

// engineNames returns the engines' names, told apart by " (1)" and " (2)"
// when they are the same (as in a match of an engine against itself).
func engineNames(engines [2]*Engine) [2]string {
	n := [2]string{engines[0].Name(), engines[1].Name()}
	if n[0] == n[1] {
		n[0], n[1] = n[0]+" (1)", n[1]+" (2)"
	}
	return n
}

// goCommand returns the "go" command for the side to move and how long to
// wait for its answer before it has lost on time (or stalled).
func goCommand(s gameSetup, clock [2]time.Duration, side chess.Color) (string, time.Duration) {
	l := s.limits
	cmd := "go"
	var limit time.Duration
	switch {
	case l.Timed():
		ms := func(d time.Duration) string { return strconv.FormatInt(max(d.Milliseconds(), 1), 10) }
		cmd += " wtime " + ms(clock[chess.White]) + " btime " + ms(clock[chess.Black])
		if l.Increment > 0 {
			cmd += " winc " + ms(l.Increment) + " binc " + ms(l.Increment)
		}
		limit = max(clock[side], 0) + s.margin
	case l.MoveTime > 0:
		cmd += " movetime " + strconv.FormatInt(l.MoveTime.Milliseconds(), 10)
		limit = l.MoveTime + s.margin
	default:
		limit = s.stall
	}
	if l.Nodes > 0 {
		cmd += " nodes " + strconv.FormatInt(l.Nodes, 10)
	}
	if l.Depth > 0 {
		cmd += " depth " + strconv.Itoa(l.Depth)
	}
	return cmd, limit
}

// resignAdjudication applies the resign rule to the scores each side
// reported (in its own view), returning the side that has lost.
func resignAdjudication(r ResignRule, scores [2][]Score) (chess.Color, bool) {
	if r.Moves <= 0 {
		return chess.White, false
	}
	for _, loser := range []chess.Color{chess.White, chess.Black} {
		lost := lastN(scores[loser], r.Moves, func(cp int) bool { return cp <= -r.Score })
		won := lastN(scores[loser.Other()], r.Moves, func(cp int) bool { return cp >= r.Score })
		if lost && won {
			return loser, true
		}
	}
	return chess.White, false
}

// drawAdjudication applies the draw rule after plies moves of the game.
func drawAdjudication(r DrawRule, scores [2][]Score, plies int) bool {
	if r.Moves <= 0 || plies < 2*r.After {
		return false
	}
	small := func(cp int) bool { return -r.Score <= cp && cp <= r.Score }
	return lastN(scores[chess.White], r.Moves, small) && lastN(scores[chess.Black], r.Moves, small)
}

// lastN reports whether the last n scores exist, are valid, and satisfy ok.
func lastN(scores []Score, n int, ok func(cp int) bool) bool {
	if len(scores) < n {
		return false
	}
	for _, s := range scores[len(scores)-n:] {
		if !s.Valid || !ok(s.Centipawns()) {
			return false
		}
	}
	return true
}

// describeOutcome says how a game ended on the board; toMove is the side to
// move in the final position.
func describeOutcome(o chess.Outcome, toMove chess.Color) string {
	if o.Reason == chess.Checkmate {
		return toMove.Other().Name() + " mates"
	}
	return o.String()
}

func roundMS(d time.Duration) time.Duration { return d.Round(time.Millisecond) }
