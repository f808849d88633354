package play

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/outpost-chess/outpost/internal/engine"
)

// firstMove is a Searcher that answers the first legal move, or none when
// its context has ended; before, if set, runs first (to change the game
// while it "thinks").
type firstMove struct{ before func() }

func (f firstMove) Search(ctx context.Context, p engine.Params) engine.Result {
	if f.before != nil {
		f.before()
	}
	if ctx.Err() != nil {
		return engine.Result{}
	}
	return engine.Result{BestMove: p.Position.LegalMoves()[0]}
}

func TestMoveAI(t *testing.T) {
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	tests := []struct {
		name   string
		white  Player
		ctx    context.Context
		eng    func(f *fixture) Searcher
		want   error    // errors.Is
		code   RuleCode // or a refusal with this code
		played string   // the game's moves after
	}{
		{"plays the move found", ai, ctx, func(*fixture) Searcher { return firstMove{} }, nil, "", "Na3"},
		{"not the AI's turn", Human, ctx, func(*fixture) Searcher { return firstMove{} }, ErrAINotDue, "", ""},
		{"cancelled: not played", ai, cancelled, func(*fixture) Searcher { return firstMove{} }, context.Canceled, "", ""},
		{"no move found", ai, ctx, func(*fixture) Searcher { return searcherFunc(func() engine.Result { return engine.Result{} }) }, ErrNoMove, "", ""},
		{"the game changed meanwhile", ai, ctx, func(f *fixture) Searcher {
			return firstMove{before: func() {
				if err := f.g.SetPaused(ctx, true); err != nil {
					t.Fatal(err)
				}
			}}
		}, nil, CodeChanged, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := start(t, tt.white, Human, TimeControl{}, "")
			_, err := f.g.MoveAI(tt.ctx, tt.eng(f), time.Second, nil)
			var re *RuleError
			switch {
			case tt.code != "":
				if !errors.As(err, &re) || re.Code != tt.code {
					t.Errorf("error %v, want a refusal %q", err, tt.code)
				}
			case !errors.Is(err, tt.want):
				t.Errorf("error %v, want %v", err, tt.want)
			}
			if got := f.sans(); got != tt.played {
				t.Errorf("moves %q, want %q", got, tt.played)
			}
			f.checkKept()
		})
	}
}

// searcherFunc is a Searcher that answers f().
type searcherFunc func() engine.Result

func (f searcherFunc) Search(context.Context, engine.Params) engine.Result { return f() }
