package tui

import (
	"strings"
	"testing"

	"github.com/outpost-chess/outpost/chess"
)

// TestKeys plays key sequences on the model and checks the moves played,
// the mode, the cursor and what the screen shows.
func TestKeys(t *testing.T) {
	const promoFEN = "8/P6k/8/8/8/8/8/K7 w - - 0 1"
	tests := []struct {
		name          string
		white, black  string // players; "" is human
		fen           string
		script        string
		wantMoves     string // UCI; checked in games without an AI
		wantMode      mode
		wantCursor    string // "" skips the check
		wantView      []string
		wantNotInView []string
		wantQuit      bool
	}{
		{name: "the cursor starts on e2", wantCursor: "e2", wantView: []string{"[♙]", "White: White   Black: Black", "White to move."}},
		{name: "arrows move the cursor", script: "{up}{up}{left}", wantCursor: "d4"},
		{name: "ijkl move the cursor", script: "iijll ", wantCursor: "f4", wantView: []string{"There is no piece on f4."}},
		{name: "the cursor stops at the edge", script: "{down}{down}{down}{left}{left}{left}{left}{left}", wantCursor: "a1"},
		{name: "enter picks a piece up", script: "{enter}", wantCursor: "e2", wantView: []string{"Pawn on e2: choose where it goes", "(", "·"}},
		{name: "esc puts it back", script: "{enter}{esc}", wantNotInView: []string{"Pawn on e2"}},
		{name: "enter twice on the piece puts it back", script: "  ", wantNotInView: []string{"Pawn on e2"}},
		{name: "arrows and enter play a move", script: "{enter}{up}{up}{enter}", wantMoves: "e2e4", wantCursor: "e4",
			wantView: []string{"White played 1. e4.", "1. e4", "Black to move."}},
		{name: "a knight move by the cursor", script: "{down}{right}{right} {up}{up}{left} ", wantMoves: "g1f3", wantView: []string{"1. Nf3"}},
		{name: "a move the piece cannot make", script: "{enter}{up}{up}{up}{enter}", wantMoves: "",
			wantView: []string{"the pawn on e2 cannot move to e5"}},
		{name: "the opponent's piece", script: "{up}{up}{up}{up}{up}{enter}", wantView: []string{"That pawn is Black's; White is to move."}},
		{name: "a piece with no move", script: "{down}{enter}", wantView: []string{"The king on e1 has no legal move."}},
		{name: "typing a move in SAN", script: "Nf3{enter}", wantMoves: "g1f3", wantView: []string{"White played 1. Nf3."}},
		{name: "typing a move in UCI after a colon", script: ":e2e4{enter}:e7e5{enter}:g1f3{enter}", wantMoves: "e2e4 e7e5 g1f3", wantView: []string{"2. Nf3"}},
		{name: "typing a pawn move", script: "e4{enter}e5{enter}", wantMoves: "e2e4 e7e5"},
		{name: "castling typed", script: "e4{enter}e5{enter}Nf3{enter}Nc6{enter}Bc4{enter}Bc5{enter}O-O{enter}", wantMoves: "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 e1g1", wantView: []string{"4. O-O"}},
		{name: "a garbled move", script: "Nzz{enter}", wantMoves: "", wantMode: modeMove, wantView: []string{"not a move", "Try again"}},
		{name: "an illegal typed move", script: ":e5{enter}", wantMoves: "", wantMode: modeMove, wantView: []string{"illegal"}},
		{name: "esc leaves the move line", script: "e{esc}", wantMoves: "", wantMode: modeBoard},
		{name: "a key that does nothing", script: "z", wantView: []string{`"z" does nothing here`}},
		{name: "takeback between people is one ply", script: "e4{enter}e5{enter}u", wantMoves: "e2e4", wantView: []string{"Took back 1 move."}},
		{name: "nothing to take back", script: "u", wantView: []string{"There is no move of yours to take back."}},
		{name: "turn the board around", script: "t", wantView: []string{"h        g        f"}, wantCursor: "e2"},
		{name: "turned arrows", script: "t{up}{left}", wantCursor: "f1"},
		{name: "help", script: "?", wantMode: modeHelp, wantView: []string{"Outpost — keys", "take back your last move"}},
		{name: "help closes on any key", script: "?x", wantMode: modeBoard},
		{name: "quit at once before any move", script: "q", wantQuit: true},
		{name: "quit asks when the game is unfinished", script: "e4{enter}q", wantMoves: "e2e4", wantMode: modeQuit, wantView: []string{"Quit? The game is unfinished"}},
		{name: "not quitting", script: "e4{enter}qn", wantMoves: "e2e4", wantMode: modeBoard, wantView: []string{"Quit cancelled."}},
		{name: "quitting", script: "e4{enter}qy", wantQuit: true},
		{name: "ctrl+c quits at once", script: "e4{enter}{ctrl+c}", wantQuit: true},
		{name: "promotion to a knight", fen: promoFEN, script: "{up}{up}{up}{up}{up}{left}{left}{left}{left} {up} ", wantMode: modePromote,
			wantView: []string{"Promote to: q queen"}},
		{name: "promotion chosen", fen: promoFEN, script: "{up}{up}{up}{up}{up}{left}{left}{left}{left} {up} n", wantMoves: "a7a8n", wantView: []string{"1. a8=N"}},
		{name: "promotion typed", fen: promoFEN, script: "a8=R{enter}", wantMoves: "a7a8r"},
		{name: "promotion needs its piece", fen: promoFEN, script: "a8{enter}", wantMoves: "", wantMode: modeMove},
		{name: "checkmate ends the game", script: ":f3{enter}e5{enter}g4{enter}Qh4{enter}", wantMoves: "f2f3 e7e5 g2g4 d8h4",
			wantView: []string{"0-1: Black wins by checkmate", "Result"}},
		{name: "no move after the end", script: ":f3{enter}e5{enter}g4{enter}Qh4{enter}{enter}", wantMoves: "f2f3 e7e5 g2g4 d8h4", wantView: []string{"The game is over: u takes back"}},
		{name: "quit after the end does not ask", script: ":f3{enter}e5{enter}g4{enter}Qh4{enter}q", wantQuit: true},
		{name: "no takeback after a mate between people", script: ":f3{enter}e5{enter}g4{enter}Qh4{enter}u", wantMoves: "f2f3 e7e5 g2g4 d8h4",
			wantView: []string{"between two people a finished game cannot be taken back"}},
		{name: "takeback after a mate against the AI", black: "ai:1", fen: "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", script: "Ra8{enter}u",
			wantView: []string{"Took back 1 move."}, wantNotInView: []string{"checkmate"}},
		{name: "no takeback after a resignation", script: "e4{enter}:resign{enter}u", wantMoves: "e2e4",
			wantView: []string{"White wins by resignation): it cannot be taken back"}},
		{name: "resign", script: "e4{enter}:resign{enter}", wantMoves: "e2e4", wantView: []string{"1-0: White wins by resignation"}},
		{name: "a draw offered between people", script: ":draw{enter}", wantView: []string{"White offers a draw: Black accepts by typing draw"}},
		{name: "a draw accepted", script: ":draw{enter}e4{enter}:draw{enter}", wantMoves: "e2e4", wantView: []string{"1/2-1/2: Draw by agreement"}},
		{name: "a draw declined by a move", script: ":draw{enter}e4{enter}e5{enter}:draw{enter}", wantMoves: "e2e4 e7e5",
			wantView: []string{"White offers a draw: Black accepts"}, wantNotInView: []string{"Draw by agreement"}},
		{name: "check is shown", script: "e4{enter}:f5{enter}Qh5{enter}", wantMoves: "e2e4 f7f5 d1h5", wantView: []string{"Black to move, in check."}},
		{name: "material", script: "e4{enter}d5{enter}exd5{enter}", wantMoves: "e2e4 d7d5 e4d5", wantView: []string{"White  ♙  +1"}},
		{name: "the AI answers", black: "ai:1", script: "e4{enter}", wantView: []string{"Outpost level 1 played 1... ", "Outpost thought", "depth 1"}},
		{name: "the AI plays first as White", white: "ai:1", wantCursor: "e7", wantView: []string{"Outpost level 1 played 1. ", "Black to move."}},
		{name: "takeback against the AI takes two plies", black: "ai:1", script: "e4{enter}u", wantMoves: "", wantView: []string{"Took back 2 moves."}},
		{name: "the AI's first move is not yours to take back", white: "ai:1", script: "u", wantView: []string{"There is no move of yours to take back."}},
		{name: "typing while the AI is to move", white: "ai:1", black: "ai:1", script: "p", wantView: []string{"Outpost is paused"}},
		{name: "new game opens the menu", script: "e4{enter}n", wantMoves: "e2e4", wantMode: modeMenu, wantView: []string{"a new game", "Esc: back to the game"}},
		{name: "back from the menu", script: "e4{enter}n{esc}", wantMoves: "e2e4", wantMode: modeBoard},
		{name: "a new game from the menu", script: "e4{enter}n{enter}", wantMoves: "", wantView: []string{"New game between two people."}},
		{name: "choosing the AI in the menu", black: "ai:3", script: "n{right}{down}{left}{left}{enter}", wantMode: modeBoard,
			wantView: []string{"White: Outpost level 1   Black: You", "Outpost level 1 played 1. "}},
		{name: "the start position from FEN", fen: "4k3/8/8/8/8/8/8/4K2R w K - 0 1", script: "O-O{enter}", wantMoves: "e1g1"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cfg := Config{Engine: testEngine()}
			if tc.white != "" {
				cfg.White = mustPlayer(t, tc.white)
			}
			if tc.black != "" {
				cfg.Black = mustPlayer(t, tc.black)
			}
			if tc.fen != "" {
				cfg.Start = chess.MustParseFEN(tc.fen)
			}
			h := newHarness(t, cfg, 120, 40)
			h.press(tc.script)
			if h.quit != tc.wantQuit {
				t.Fatalf("quit = %v, want %v", h.quit, tc.wantQuit)
			}
			if tc.wantQuit {
				return
			}
			// With an AI the moves depend on the engine: the view is checked.
			if got := h.moves(); tc.white == "" && tc.black == "" && got != tc.wantMoves {
				t.Errorf("moves %q, want %q", got, tc.wantMoves)
			}
			if h.m.mode != tc.wantMode {
				t.Errorf("mode %d, want %d", h.m.mode, tc.wantMode)
			}
			if tc.wantCursor != "" && h.m.cursor.String() != tc.wantCursor {
				t.Errorf("cursor on %s, want %s", h.m.cursor, tc.wantCursor)
			}
			view := h.m.View()
			for _, want := range tc.wantView {
				if !strings.Contains(view, want) {
					t.Errorf("view lacks %q:\n%s", want, view)
				}
			}
			for _, not := range tc.wantNotInView {
				if strings.Contains(view, not) {
					t.Errorf("view has %q:\n%s", not, view)
				}
			}
		})
	}
}
