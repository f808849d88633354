package play

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/engine"
)

// The actions of the rule table, as both front ends call them.
var (
	takeback = func(f *fixture) error { _, err := f.g.Takeback(ctx); return err }
	redo     = func(f *fixture) error { _, err := f.g.Redo(ctx); return err }
	claim    = func(f *fixture) error { return f.g.ClaimDraw(ctx) }
	resign   = func(c chess.Color) func(f *fixture) error {
		return func(f *fixture) error { return f.g.Resign(ctx, c) }
	}
	offer = func(c chess.Color) func(f *fixture) error {
		return func(f *fixture) error { return f.g.OfferDraw(ctx, c) }
	}
	accept = func(c chess.Color) func(f *fixture) error {
		return func(f *fixture) error { return f.g.AcceptDraw(ctx, c) }
	}
	decline = func(c chess.Color) func(f *fixture) error {
		return func(f *fixture) error { return f.g.DeclineDraw(ctx, c) }
	}
	move = func(sans ...string) func(f *fixture) error {
		return func(f *fixture) error { f.play(sans...); return nil }
	}
	// flagFalls lets the side to move's time run out (the game is on a
	// 1+0 clock).
	flagFalls = func(f *fixture) error {
		f.clock.advance(2 * time.Minute)
		_, err := f.g.CheckFlag(ctx)
		return err
	}
)

// step is one action and what the rules answer: "" allows it, else the
// refusal's text holds it.
type step struct {
	do     func(f *fixture) error
	refuse string
}

const (
	foolsMate  = "f3 e5 g4 Qh4#"
	threefold  = "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8"
	stalemateF = "k7/8/1Q6/8/8/8/8/4K3 w - - 0 1"
)

// TestRules is the rules of play in each situation: takeback, redo,
// resignation, draw claims and offers, against the AI, between two people
// and between two AIs, during the game and after each kind of end. The web
// app and the terminal game ask the same of the same Game.
func TestRules(t *testing.T) {
	tests := []struct {
		name         string
		white, black Player
		fen          string
		moves        string
		clock        bool // on a 1+0 clock
		steps        []step
		want         string        // the moves after the steps
		end          chess.Outcome // the outcome after the steps
		canRedo      bool
		offer        string // "white", "black": the offer standing at the end
	}{
		// Takeback while the game is on.
		{name: "takeback against the AI: your move and its reply", white: Human, black: ai, moves: "e4 e5 Nf3 Nc6",
			steps: []step{{takeback, ""}}, want: "e4 e5", canRedo: true},
		{name: "takeback while the AI thinks: your move", white: Human, black: ai, moves: "e4 e5 Nf3",
			steps: []step{{takeback, ""}}, want: "e4 e5", canRedo: true},
		{name: "takeback as Black", white: ai, black: Human, moves: "e4 e5 Nf3",
			steps: []step{{takeback, ""}}, want: "e4", canRedo: true},
		{name: "takeback as Black before your first move", white: ai, black: Human, moves: "e4",
			steps: []step{{takeback, "no move of yours"}}, want: "e4"},
		{name: "takeback with nothing played", white: Human, black: ai,
			steps: []step{{takeback, "no move of yours"}}, want: ""},
		{name: "takeback between two people: one ply", white: Human, black: Human, moves: "e4 e5 Nf3",
			steps: []step{{takeback, ""}}, want: "e4 e5", canRedo: true},
		{name: "takeback between two AIs: one ply", white: ai, black: ai, moves: "e4 e5",
			steps: []step{{takeback, ""}}, want: "e4", canRedo: true},

		// Takeback after the end: from the board in a game with the AI only.
		{name: "takeback after a mate against the AI", white: ai, black: Human, moves: foolsMate,
			steps: []step{{takeback, ""}}, want: "f3 e5 g4", canRedo: true},
		{name: "takeback after a stalemate against the AI", white: Human, black: ai, fen: stalemateF, moves: "Qb7",
			steps: []step{{takeback, ""}}, want: "", canRedo: true},
		{name: "takeback after a claimed threefold against the AI", white: Human, black: ai, moves: threefold,
			steps: []step{{claim, ""}, {takeback, ""}}, want: "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6", canRedo: true},
		{name: "no takeback after a mate between two people", white: Human, black: Human, moves: foolsMate,
			steps: []step{{takeback, "between two people"}}, want: foolsMate, end: chess.Outcome{Result: chess.BlackWins, Reason: chess.Checkmate}},
		{name: "no takeback after a resignation", white: Human, black: ai, moves: "e4 e5",
			steps: []step{{resign(chess.White), ""}, {takeback, "cannot be taken back"}}, want: "e4 e5", end: chess.Outcome{Result: chess.BlackWins, Reason: chess.Resignation}},
		{name: "no takeback after a resignation between two people", white: Human, black: Human, moves: "e4 e5",
			steps: []step{{resign(chess.White), ""}, {takeback, "cannot be taken back"}}, want: "e4 e5", end: chess.Outcome{Result: chess.BlackWins, Reason: chess.Resignation}},
		{name: "no takeback after an agreed draw", white: Human, black: Human, moves: "e4 e5",
			steps: []step{{offer(chess.White), ""}, {accept(chess.Black), ""}, {takeback, "cannot be taken back"}}, want: "e4 e5", end: chess.Outcome{Result: chess.Draw, Reason: chess.DrawAgreement}},
		{name: "no takeback after a flag", white: Human, black: ai, moves: "e4 e5", clock: true,
			steps: []step{{flagFalls, ""}, {takeback, "cannot be taken back"}}, want: "e4 e5", end: chess.Outcome{Result: chess.BlackWins, Reason: chess.TimeForfeit}},

		// Redo: exactly what the takeback took back, until something new.
		{name: "redo against the AI: your move and its reply", white: Human, black: ai, moves: "e4 e5 Nf3 Nc6",
			steps: []step{{takeback, ""}, {redo, ""}}, want: "e4 e5 Nf3 Nc6"},
		{name: "redo twice after two takebacks", white: Human, black: ai, moves: "e4 e5 Nf3 Nc6",
			steps: []step{{takeback, ""}, {takeback, ""}, {redo, ""}}, want: "e4 e5", canRedo: true},
		{name: "redo brings the mate back", white: ai, black: Human, moves: foolsMate,
			steps: []step{{takeback, ""}, {redo, ""}}, want: foolsMate, end: chess.Outcome{Result: chess.BlackWins, Reason: chess.Checkmate}},
		{name: "redo brings a claimed draw back", white: Human, black: ai, moves: threefold,
			steps: []step{{claim, ""}, {takeback, ""}, {redo, ""}}, want: threefold, end: chess.Outcome{Result: chess.Draw, Reason: chess.ThreefoldRepetition}},
		{name: "redo between two AIs: one ply", white: ai, black: ai, moves: "e4 e5",
			steps: []step{{takeback, ""}, {redo, ""}}, want: "e4 e5"},
		{name: "nothing to redo", white: Human, black: ai, moves: "e4 e5",
			steps: []step{{redo, "nothing to redo"}}, want: "e4 e5"},
		{name: "no redo after a new move", white: Human, black: ai, moves: "e4 e5 Nf3 Nc6",
			steps: []step{{takeback, ""}, {move("d4"), ""}, {redo, "nothing to redo"}}, want: "e4 e5 d4"},
		{name: "no redo after a resignation", white: Human, black: ai, moves: "e4 e5 Nf3 Nc6",
			steps: []step{{takeback, ""}, {resign(chess.White), ""}, {redo, "the game is over"}}, want: "e4 e5", end: chess.Outcome{Result: chess.BlackWins, Reason: chess.Resignation}},
		{name: "no redo after a claimed draw", white: Human, black: Human, moves: threefold + " Nf3",
			steps: []step{{takeback, ""}, {claim, ""}, {redo, "the game is over"}}, want: threefold, end: chess.Outcome{Result: chess.Draw, Reason: chess.ThreefoldRepetition}},

		// Resignation and claims.
		{name: "resign", white: Human, black: ai, moves: "e4",
			steps: []step{{resign(chess.White), ""}}, want: "e4", end: chess.Outcome{Result: chess.BlackWins, Reason: chess.Resignation}},
		{name: "no resignation after the end", white: Human, black: Human, moves: foolsMate,
			steps: []step{{resign(chess.Black), "the game is over"}}, want: foolsMate, end: chess.Outcome{Result: chess.BlackWins, Reason: chess.Checkmate}},
		{name: "claim threefold", white: Human, black: Human, moves: threefold,
			steps: []step{{claim, ""}}, want: threefold, end: chess.Outcome{Result: chess.Draw, Reason: chess.ThreefoldRepetition}},
		{name: "nothing to claim", white: Human, black: Human, moves: "e4 e5",
			steps: []step{{claim, "no draw to claim"}}, want: "e4 e5"},

		// Draw offers between people.
		{name: "offer and accept", white: Human, black: Human, moves: "e4",
			steps: []step{{offer(chess.Black), ""}, {accept(chess.White), ""}}, want: "e4", end: chess.Outcome{Result: chess.Draw, Reason: chess.DrawAgreement}},
		{name: "offers that meet", white: Human, black: Human, moves: "e4",
			steps: []step{{offer(chess.White), ""}, {offer(chess.Black), ""}}, want: "e4", end: chess.Outcome{Result: chess.Draw, Reason: chess.DrawAgreement}},
		{name: "an offer stands while its maker moves", white: Human, black: Human,
			steps: []step{{offer(chess.White), ""}, {move("e4"), ""}}, want: "e4", offer: "white"},
		{name: "a move declines the offer", white: Human, black: Human, moves: "e4",
			steps: []step{{offer(chess.White), ""}, {move("e5"), ""}, {accept(chess.Black), "has not offered"}}, want: "e4 e5"},
		{name: "decline", white: Human, black: Human, moves: "e4",
			steps: []step{{offer(chess.White), ""}, {decline(chess.Black), ""}, {accept(chess.Black), "has not offered"}}, want: "e4"},
		{name: "a takeback withdraws the offer", white: Human, black: Human, moves: "e4 e5",
			steps: []step{{offer(chess.White), ""}, {takeback, ""}}, want: "e4", canRedo: true},
		{name: "no accepting your own offer", white: Human, black: Human,
			steps: []step{{offer(chess.White), ""}, {accept(chess.White), "Black has not offered"}}, want: "", offer: "white"},
		{name: "the AI offers no draw", white: Human, black: ai, moves: "e4",
			steps: []step{{offer(chess.Black), "does not offer draws"}}, want: "e4"},
		{name: "an offer to the AI is judged by its search", white: Human, black: ai, moves: "e4",
			steps: []step{{offer(chess.White), "answered by its search"}}, want: "e4"},
		{name: "no offer after the end", white: Human, black: Human, moves: foolsMate,
			steps: []step{{offer(chess.White), "the game is over"}}, want: foolsMate, end: chess.Outcome{Result: chess.BlackWins, Reason: chess.Checkmate}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tc := TimeControl{}
			if tt.clock {
				tc = TimeControl{Limit: time.Minute}
			}
			f := start(t, tt.white, tt.black, tc, tt.fen)
			if tt.moves != "" {
				f.play(strings.Fields(tt.moves)...)
			}
			for i, s := range tt.steps {
				before := f.g.record()
				err := s.do(f)
				if s.refuse == "" && err != nil {
					t.Fatalf("step %d: %v", i+1, err)
				}
				if s.refuse != "" {
					refused(t, fmt.Sprintf("step %d", i+1), err, s.refuse)
					if after := f.g.record(); !sameRecord(before, after) {
						t.Errorf("step %d was refused but changed the game", i+1)
					}
				}
				f.checkKept()
			}
			if got := f.sans(); got != tt.want {
				t.Errorf("moves %q, want %q", got, tt.want)
			}
			if got := f.g.Outcome(); got != tt.end {
				t.Errorf("outcome %v, want %v", got, tt.end)
			}
			if got := f.g.CanRedo(); got != tt.canRedo {
				t.Errorf("CanRedo %v, want %v", got, tt.canRedo)
			}
			gotOffer := ""
			if c, ok := f.g.DrawOffer(); ok {
				gotOffer = c.String()
			}
			if gotOffer != tt.offer {
				t.Errorf("standing offer %q, want %q", gotOffer, tt.offer)
			}
			if allowed := f.g.CanTakeback(); allowed != takebackAllowed(f) {
				t.Errorf("CanTakeback %v disagrees with Takeback", allowed)
			}
		})
	}
}

// takebackAllowed tries a takeback on a copy of f's game.
func takebackAllowed(f *fixture) bool {
	r := f.g.record()
	g, err := Restore(r, Options{Now: f.clock.now})
	if err != nil {
		f.t.Fatal(err)
	}
	g.players = f.g.players
	_, err = g.Takeback(ctx)
	return err == nil
}

// sameRecord reports whether two records are the same game.
func sameRecord(a, b *Record) bool {
	if len(a.Moves) != len(b.Moves) || len(a.Clocks) != len(b.Clocks) {
		return false
	}
	for i := range a.Moves {
		if a.Moves[i] != b.Moves[i] || a.Clocks[i] != b.Clocks[i] {
			return false
		}
	}
	if len(a.Redo) != len(b.Redo) || (a.Offer == nil) != (b.Offer == nil) || (a.Offer != nil && *a.Offer != *b.Offer) {
		return false
	}
	for i := range a.Redo {
		if !slices.Equal(a.Redo[i].Moves, b.Redo[i].Moves) || !slices.Equal(a.Redo[i].Clocks, b.Redo[i].Clocks) || a.Redo[i].End != b.Redo[i].End {
			return false
		}
	}
	return a.Outcome == b.Outcome && a.Players == b.Players && a.Paused == b.Paused && a.Spent == b.Spent && a.Since.Equal(b.Since)
}

// TestAIAnswersDrawOffers is the AI's rule for a draw offered to it, from
// the score its search gives, whichever side is to move.
func TestAIAnswersDrawOffers(t *testing.T) {
	tests := []struct {
		score  engine.Score // from the AI's side
		accept bool
		text   string
	}{
		{0, true, "Outpost accepts the draw."},
		{-50, true, "Outpost accepts the draw."},
		{-400, true, "Outpost accepts the draw."},
		{-engine.MateIn(3), true, "Outpost accepts the draw."},
		{-49, false, "Outpost declines the draw: the position is still open (-0.49)."},
		{1, false, "Outpost declines the draw: the position is still open (+0.01)."},
		{50, false, "Outpost declines the draw: it stands better (+0.50)."},
		{engine.MateIn(3), false, "Outpost declines the draw: it stands better (#2)."},
	}
	for _, tt := range tests {
		for _, aiToMove := range []bool{true, false} {
			f := start(t, Human, ai, TimeControl{}, "")
			if aiToMove {
				f.play("e4")
			}
			params, v, err := f.g.DrawJudgement(chess.White)
			if err != nil {
				t.Fatal(err)
			}
			if params.Level != (engine.Level{}) || params.Limits.Depth != drawJudgeDepth {
				t.Errorf("the judgement's search: level %v, limits %+v", params.Level, params.Limits)
			}
			res := engine.Result{Score: tt.score} // the search's score is the side to move's
			if !aiToMove {
				res.Score = -tt.score
			}
			a, err := f.g.AnswerDraw(ctx, chess.White, v, res)
			if err != nil {
				t.Fatal(err)
			}
			if a.Accepted != tt.accept || a.Text() != tt.text {
				t.Errorf("score %d (AI to move %v): accepted %v %q, want %v %q", tt.score, aiToMove, a.Accepted, a.Text(), tt.accept, tt.text)
			}
			if over := f.g.Outcome() == (chess.Outcome{Result: chess.Draw, Reason: chess.DrawAgreement}); over != tt.accept {
				t.Errorf("score %d: outcome %v", tt.score, f.g.Outcome())
			}
			f.checkKept()
		}
	}
	// The game changed during the search: no answer.
	f := start(t, Human, Human, TimeControl{}, "")
	if _, _, err := f.g.DrawJudgement(chess.White); err == nil {
		t.Error("a draw judgement between two people")
	}
	f = start(t, Human, ai, TimeControl{}, "")
	_, v, _ := f.g.DrawJudgement(chess.White)
	f.play("e4")
	_, err := f.g.AnswerDraw(ctx, chess.White, v, engine.Result{})
	refused(t, "an answer after a move", err, "the game changed")
}

// TestSpeaker is the side a person at the board speaks for when a request
// does not say.
func TestSpeaker(t *testing.T) {
	tests := []struct {
		name         string
		white, black Player
		moves        string
		offerBy      string // "white", "black" or ""
		answer       bool
		want         chess.Color
		ok           bool
	}{
		{"the person against the AI", Human, ai, "e4", "", false, chess.White, true},
		{"the person as Black", ai, Human, "", "", false, chess.Black, true},
		{"two people: the side to move", Human, Human, "e4", "", false, chess.Black, true},
		{"two people answering an offer", Human, Human, "e4", "black", true, chess.White, true},
		{"two people answering, no offer: the side to move", Human, Human, "", "", true, chess.White, true},
		{"two AIs: nobody", ai, ai, "", "", false, chess.White, false},
	}
	for _, tt := range tests {
		f := start(t, tt.white, tt.black, TimeControl{}, "")
		if tt.moves != "" {
			f.play(strings.Fields(tt.moves)...)
		}
		if tt.offerBy != "" {
			c := chess.White
			if tt.offerBy == "black" {
				c = chess.Black
			}
			if err := f.g.OfferDraw(ctx, c); err != nil {
				t.Fatal(err)
			}
		}
		if c, ok := f.g.Speaker(tt.answer); c != tt.want || ok != tt.ok {
			t.Errorf("%s: Speaker(%v) = %v, %v; want %v, %v", tt.name, tt.answer, c, ok, tt.want, tt.ok)
		}
	}
}
