package chess

import "fmt"

// Result is the result of a game as PGN records it. The zero Result is
// NoResult: the game is still in progress (or its result is unknown).
type Result uint8

// The results.
const (
	NoResult  Result = iota // "*"
	WhiteWins               // "1-0"
	BlackWins               // "0-1"
	Draw                    // "1/2-1/2"
)

// String returns the result as PGN writes it: "*", "1-0", "0-1" or
// "1/2-1/2".
func (r Result) String() string {
	switch r {
	case WhiteWins:
		return "1-0"
	case BlackWins:
		return "0-1"
	case Draw:
		return "1/2-1/2"
	}
	return "*"
}

// ParseResult parses a result as PGN writes it ("1-0", "0-1", "1/2-1/2" or
// "*").
func ParseResult(s string) (Result, error) {
	switch s {
	case "*":
		return NoResult, nil
	case "1-0":
		return WhiteWins, nil
	case "0-1":
		return BlackWins, nil
	case "1/2-1/2":
		return Draw, nil
	}
	return NoResult, fmt.Errorf("chess: %q is not a result (want \"1-0\", \"0-1\", \"1/2-1/2\" or \"*\")", s)
}

// winFor returns the Result of a win by c.
func winFor(c Color) Result {
	if c == White {
		return WhiteWins
	}
	return BlackWins
}

// Reason says why a game ended. The zero Reason is NoReason: the game is not
// over, or it is over for a reason that was not recorded (a PGN file's
// "1-0" says who won, not why).
type Reason uint8

// The reasons a game ends. The first group ends a game by itself (Game
// notices them after every move); the second is available to the player to
// move as a claim (Game.ClaimDraw); the rest are decided by people or
// programs outside the board (Game.Resign, AgreeDraw, Forfeit, Adjudicate,
// Abort). Aborted is the one end without a result (PGN "*"): the game
// stopped before it began (lichess's "Game aborted").
const (
	NoReason Reason = iota

	Checkmate
	Stalemate
	FivefoldRepetition
	SeventyFiveMoveRule
	InsufficientMaterial

	ThreefoldRepetition
	FiftyMoveRule

	Resignation
	DrawAgreement
	TimeForfeit
	Adjudication
	Aborted
)

var reasonNames = [...]string{
	NoReason:             "no reason",
	Checkmate:            "checkmate",
	Stalemate:            "stalemate",
	FivefoldRepetition:   "fivefold repetition",
	SeventyFiveMoveRule:  "the seventy-five-move rule",
	InsufficientMaterial: "insufficient material",
	ThreefoldRepetition:  "threefold repetition",
	FiftyMoveRule:        "the fifty-move rule",
	Resignation:          "resignation",
	DrawAgreement:        "agreement",
	TimeForfeit:          "time forfeit",
	Adjudication:         "adjudication",
	Aborted:              "aborted",
}

// String returns the reason in words, lower case, so that it reads after
// "by": "checkmate", "threefold repetition", "the fifty-move rule",
// "agreement", "time forfeit".
func (r Reason) String() string {
	if int(r) < len(reasonNames) {
		return reasonNames[r]
	}
	return fmt.Sprintf("Reason(%d)", r)
}

// ParseReason returns the Reason whose String is s ("checkmate", "time
// forfeit", "the fifty-move rule"); "" is NoReason.
func ParseReason(s string) (Reason, error) {
	if s == "" {
		return NoReason, nil
	}
	for r := range Reason(len(reasonNames)) {
		if reasonNames[r] == s {
			return r, nil
		}
	}
	return NoReason, fmt.Errorf("chess: %q is not a reason a game ends", s)
}

// Outcome is how a game ended: its Result and the Reason for it. The zero
// Outcome is a game in progress. An aborted game has no Result (NoResult)
// and the Reason Aborted.
type Outcome struct {
	Result Result
	Reason Reason
}

// IsOver reports whether the game has ended: it has a result, or it was
// aborted.
func (o Outcome) IsOver() bool { return o.Result != NoResult || o.Reason == Aborted }

// Winner returns the color that won, and false when nobody did (a draw, or a
// game in progress).
func (o Outcome) Winner() (Color, bool) {
	switch o.Result {
	case WhiteWins:
		return White, true
	case BlackWins:
		return Black, true
	}
	return White, false
}

// String describes the outcome for people: "white wins by checkmate",
// "draw by stalemate", "black wins" (no recorded reason), "game aborted",
// "game in progress".
func (o Outcome) String() string {
	var s string
	switch {
	case o.Reason == Aborted:
		return "game aborted"
	case o.Result == NoResult:
		return "game in progress"
	case o.Result == WhiteWins:
		s = "white wins"
	case o.Result == BlackWins:
		s = "black wins"
	default:
		s = "draw"
	}
	if o.Reason != NoReason {
		s += " by " + o.Reason.String()
	}
	return s
}

// IsInsufficientMaterial reports whether neither side can possibly checkmate,
// so the game is drawn whatever is played: king against king, a king and
// one minor piece against a king, and positions where the only pieces besides
// the kings are bishops (of either side, any number) all standing on squares
// of one color. Other dead positions (such as K+N+N v K, where mate needs the
// loser's help, or blocked pawn chains) are not detected.
func (p *Position) IsInsufficientMaterial() bool {
	if p.byType[Pawn]|p.byType[Rook]|p.byType[Queen] != 0 {
		return false
	}
	knights, bishops := p.byType[Knight], p.byType[Bishop]
	if knights != 0 {
		return bishops == 0 && !knights.MoreThanOne()
	}
	return bishops&LightSquares == 0 || bishops&DarkSquares == 0
}

// BareKing reports whether c has nothing left but its king.
func (p *Position) BareKing(c Color) bool {
	return p.byColor[c] == p.Pieces(c, King)
}

// CanCheckmate reports whether c has the material to checkmate the other
// side by some series of legal moves, however unlikely (the other side
// helping): the test of FIDE article 6.9, which makes a loss on time a draw
// when the winner could never mate. It judges by material, as lichess does,
// and so answers false only when mate is impossible:
//   - c has its king alone;
//   - c has a king and one knight, and the other side nothing but its king
//     and queens (no piece of its own to block its king's flight);
//   - c has a king and bishops only, every bishop on the board stands on
//     squares of one colour, and the other side has no knight or pawn.
//
// Positions that are dead for other reasons (a locked pawn chain) count as
// positions where mate is possible.
func (p *Position) CanCheckmate(c Color) bool {
	other := c.Other()
	own := p.byColor[c] &^ p.Pieces(c, King)
	knights, bishops := p.Pieces(c, Knight), p.Pieces(c, Bishop)
	switch {
	case own == 0:
		return false
	case own == knights && !knights.MoreThanOne():
		theirs := p.byColor[other] &^ p.Pieces(other, King) &^ p.Pieces(other, Queen)
		return theirs != 0
	case own == bishops:
		all := p.byType[Bishop]
		oneColour := all&LightSquares == 0 || all&DarkSquares == 0
		return !oneColour || p.Pieces(other, Knight)|p.Pieces(other, Pawn) != 0
	}
	return true
}
