package tui

import (
	"github.com/outpost-chess/outpost/internal/engine"
	"github.com/outpost-chess/outpost/internal/play"
	"github.com/outpost-chess/outpost/internal/sched"
)

// work is a game's engine work on the scheduler (package sched), as the
// web server's is: the AI's moves, its judgements of draw offers and the
// reviews, each a search with sched.Scheduler.Search, on one engine, the
// AI's (Config.Engine), or, with no AI, an engine made for the reviews.
// The scheduler is made at the first search; Run and RunPlain close it at
// the end. The zero work with ai set is ready to use.
type work struct {
	ai *engine.Engine
	sc *sched.Scheduler
}

// player is the client every search of the terminal is charged to.
const player sched.Client = "player"

// searcher returns the searcher of searches of kind, making the scheduler
// at the first call.
func (w *work) searcher(kind sched.Kind) sched.Searcher {
	if w.sc == nil {
		eng := w.ai
		if eng == nil {
			eng = engine.New(engine.Options{})
		}
		w.sc = sched.New([]*engine.Engine{eng}, nil)
	}
	return w.sc.Searcher(player, kind)
}

// mover returns the searcher of g's AI moves: clocked moves first.
func (w *work) mover(g *play.Game) sched.Searcher {
	if g.TimeControl().Timed() {
		return w.searcher(sched.ClockedMove)
	}
	return w.searcher(sched.Move)
}

// close closes the scheduler, if it was made: the searches running end.
func (w *work) close() {
	if w.sc != nil {
		w.sc.Close()
	}
}
