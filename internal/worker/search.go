package worker

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/engine"
	"github.com/outpost-chess/outpost/internal/play"
	"github.com/outpost-chess/outpost/internal/progress"
	"github.com/outpost-chess/outpost/internal/store"
)

// run is a search under way: cancel stops it (its game changed, its lease
// was lost, the worker stops).
type run struct {
	sr     store.Search
	cancel context.CancelFunc
}

// check cancels the search when it no longer stands in the queue (after
// notifications were lost).
func (r *run) check(w *Worker) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if running, err := w.st.SearchRunning(ctx, r.sr.ID); err == nil && !running {
		r.cancel()
	}
}

// run runs search sr on eng. ctx ends when the worker stops: the search is
// then given back to the queue, never played.
func (w *Worker) run(ctx context.Context, eng *engine.Engine, sr store.Search) {
	sctx, cancel := context.WithCancel(ctx)
	defer cancel()
	r := &run{sr: sr, cancel: cancel}
	w.mu.Lock()
	if w.running[sr.GameID] == nil {
		w.running[sr.GameID] = map[*run]struct{}{}
	}
	w.running[sr.GameID][r] = struct{}{}
	w.mu.Unlock()
	defer func() {
		w.mu.Lock()
		delete(w.running[sr.GameID], r)
		if len(w.running[sr.GameID]) == 0 {
			delete(w.running, sr.GameID)
		}
		w.mu.Unlock()
	}()
	go w.keepLease(sctx, r)

	g, ok := w.load(sctx, sr)
	if !ok {
		return
	}
	switch sr.Kind {
	case store.SearchMove:
		w.move(ctx, sctx, eng, sr, g)
	case store.SearchAnalysis:
		w.analyse(ctx, sctx, eng, sr, g)
	default:
		w.logf("search %d: unknown kind %q (dropped)", sr.ID, sr.Kind)
		w.drop(sr)
	}
}

// keepLease renews r's lease every third of its length until ctx ends; it
// cancels r when the lease is lost (the search cancelled or taken over).
func (w *Worker) keepLease(ctx context.Context, r *run) {
	tick := time.NewTicker(w.cfg.Lease / 3)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		held, err := w.st.RenewLease(ctx, r.sr.ID, w.cfg.ID, w.cfg.Lease)
		if err != nil {
			if ctx.Err() == nil {
				w.logf("search %d: %v", r.sr.ID, err)
			}
			continue // the next renewal may work, while the lease lasts
		}
		if !held {
			r.cancel()
			return
		}
	}
}

// load reads the search's game and rebuilds it, at the search's revision.
// A search for another revision, or of a game that cannot be read, is
// dropped.
func (w *Worker) load(ctx context.Context, sr store.Search) (*play.Game, bool) {
	sg, err := w.st.Get(ctx, sr.GameID)
	switch {
	case errors.Is(err, store.ErrNotFound):
		w.drop(sr) // deleted: with its searches, but for one queued by a save that raced the deletion (MemQueue)
		return nil, false
	case err != nil:
		if ctx.Err() == nil {
			w.logf("search %d: %v (the search waits for its lease to run out)", sr.ID, err)
		}
		return nil, false
	case sg.Rev != sr.Rev:
		w.drop(sr) // obsolete: the game's change removed it already
		return nil, false
	}
	rec, err := play.RecordOf(sg)
	var g *play.Game
	if err == nil {
		g, err = play.Restore(rec, play.Options{Keeper: play.NewStoreKeeper(w.st, sg, false), Now: w.st.Now})
	}
	if err != nil {
		w.logf("search %d: game %s cannot be played: %v (dropped)", sr.ID, sr.GameID, err)
		w.drop(sr)
		return nil, false
	}
	return g, true
}

// drop removes sr from the queue.
func (w *Worker) drop(sr store.Search) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := w.st.DropSearch(ctx, sr.ID); err != nil {
		w.logf("search %d: %v", sr.ID, err)
	}
}

// release gives sr back to the queue, for another worker to take at once.
func (w *Worker) release(sr store.Search) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := w.st.ReleaseSearch(ctx, sr.ID, w.cfg.ID); err != nil {
		w.logf("search %d: %v", sr.ID, err)
	}
}

// move searches the AI's move in g and plays it, unless the search was
// cancelled (sctx) or the worker stops (ctx).
func (w *Worker) move(ctx, sctx context.Context, eng *engine.Engine, sr store.Search, g *play.Game) {
	t := progress.Throttle{Every: w.cfg.ThinkingInterval, Send: w.sendProgress(sr)}
	res, err := g.MoveAI(sctx, eng, w.cfg.MoveTime, t.Progress)
	t.Flush()
	var re *play.RuleError
	switch {
	case errors.Is(err, play.ErrAINotDue), errors.Is(err, play.ErrNoMove):
		w.drop(sr)
	case ctx.Err() != nil, sctx.Err() != nil:
		// The worker stops; or the search was cancelled: the game changed
		// (its change removed the search), or the lease was lost (another
		// worker holds it); release does nothing then, and gives it back
		// otherwise.
		w.release(sr)
	case err == nil, errors.Is(err, store.ErrConflict), errors.As(err, &re):
		// Played; or the game changed meanwhile; or the AI's time ran
		// out and the game ended on time: each saved change removed the
		// search.
	default:
		w.logf("search %d: the AI's move %s in game %s: %v (given back to the queue)", sr.ID, res.BestMove, sr.GameID, err)
		w.release(sr)
	}
}

// analyse searches g's position within the search's limits and stores the
// result for the server that asked.
func (w *Worker) analyse(ctx, sctx context.Context, eng *engine.Engine, sr store.Search, g *play.Game) {
	var l Limits
	if err := json.Unmarshal([]byte(sr.Limits), &l); err != nil || (l.MoveTimeMs <= 0 && l.Depth <= 0) {
		w.logf("search %d: limits %q: want a move time or a depth (dropped)", sr.ID, sr.Limits)
		w.drop(sr)
		return
	}
	cg := g.Chess()
	hashes := cg.Hashes()
	res := eng.Search(sctx, engine.Params{Position: cg.Position(), History: hashes[:len(hashes)-1], Limits: l.engine()})
	switch {
	case ctx.Err() != nil, sctx.Err() != nil:
		w.release(sr) // as in move
		return
	}
	a := Analysis{Score: int(res.Score), Depth: res.Depth}
	if res.BestMove != chess.NoMove {
		a.Move = res.BestMove.String()
	}
	b, _ := json.Marshal(a)
	if _, err := w.st.FinishAnalysis(context.WithoutCancel(ctx), sr.ID, w.cfg.ID, string(b)); err != nil {
		w.logf("search %d: %v", sr.ID, err)
	}
}

// sendProgress returns the function that notifies the servers of the
// progress of search sr.
func (w *Worker) sendProgress(sr store.Search) func(engine.Info) {
	return func(info engine.Info) {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		if err := w.st.Notify(ctx, store.ChannelThinking, progressPayload(sr.GameID, sr.Rev, info)); err != nil {
			w.logf("search %d: progress: %v", sr.ID, err)
		}
	}
}
