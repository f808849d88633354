package server

import (
	"fmt"
	"io"
	"net/http"
	"sync"
	"sync/atomic"
	"time"
)

// hub holds the newest events of one game for its event streams.
// Publishing costs the same whatever the number of streams: it replaces the
// hub's events (formatted once, as the frames every stream writes) and
// closes the channel the streams wait on; each stream then reads the
// events, without a lock, and writes what it has not yet written, on its
// own goroutine, outside the game's lock (the fan-out).
//
// A state event holds the moves that changed since the state before it
// (GameState.MovesFrom), so the hub keeps the last keptStates of them: a
// stream writes those it has not written, in order. One that fell further
// behind writes the whole state instead (resync), so a slow client never
// holds up the game or the others, and what the hub keeps does not grow
// with the game's length or the number of streams.
//
// The game publishes under its own lock, so events are numbered in the
// order of the game's changes.
type hub struct {
	mu      sync.Mutex             // held by publish
	latest  atomic.Pointer[events] // the newest events; nil before the first use
	streams atomic.Int32           // open streams
}

// keptStates is how many state events a hub keeps for streams behind.
const keptStates = 16

// events is what a game's streams have to show, numbered by publication. A
// value is never changed once published.
type events struct {
	seq      uint64        // the number of the last publication
	states   []event       // the last state events, oldest first, each the change from the one before
	dropped  uint64        // the number of the newest state event no longer in states (0: none)
	before   event         // the last thinking event of the search that made the last state's move, if any
	thinking event         // the newest thinking event since the last state, if any
	deleted  []byte        // once the game is deleted: the last event's frame
	changed  chan struct{} // closed when these events are replaced
}

// lastState returns the number of the newest state event (0: none).
func (e *events) lastState() uint64 {
	if len(e.states) == 0 {
		return e.dropped
	}
	return e.states[len(e.states)-1].seq
}

// addState adds the state event f, dropping the oldest beyond keptStates.
func (e *events) addState(f []byte) {
	states := make([]event, 0, keptStates)
	if n := len(e.states); n == keptStates {
		e.dropped = e.states[0].seq
		states = append(states, e.states[1:]...)
	} else {
		states = append(states, e.states...)
	}
	e.states = append(states, event{f, e.seq})
}

// event is one event's frame (as written on a stream) and the number of
// its publication.
type event struct {
	frame []byte
	seq   uint64
}

// frame formats a server-sent event named name.
func frame(name string, data []byte) []byte {
	return fmt.Appendf(nil, "event: %s\ndata: %s\n\n", name, data)
}

// read returns the newest events; their channel is closed at the next
// publication.
func (h *hub) read() *events {
	if e := h.latest.Load(); e != nil {
		return e
	}
	h.latest.CompareAndSwap(nil, &events{changed: make(chan struct{})})
	return h.latest.Load()
}

// publish replaces the events by f's change of them, and wakes the streams.
func (h *hub) publish(f func(e *events)) {
	h.mu.Lock()
	old := h.read()
	e := *old
	e.seq++
	e.changed = make(chan struct{})
	f(&e)
	if n := len(e.states); n > 1 && h.streams.Load() == 0 {
		// No stream to catch up: the newest state is enough (a stream
		// that opens starts with the whole state). Streams open under
		// the game's lock, as the game publishes.
		e.dropped, e.states = e.states[n-2].seq, []event{e.states[n-1]}
	}
	h.latest.Store(&e)
	h.mu.Unlock()
	if h.streams.Load() == 0 {
		close(old.changed)
		return
	}
	// Waking every stream is the one part that grows with their number:
	// done aside, it does not hold up the change being answered.
	go close(old.changed)
}

// publishState sends a new GameState (the change from the last one); it
// makes any thinking event not yet written stale.
func (h *hub) publishState(state []byte) {
	f := frame("state", state)
	h.publish(func(e *events) {
		e.addState(f)
		e.before, e.thinking = event{}, event{}
	})
}

// publishMove sends the GameState after the AI's move. The search's last
// thinking event, if a stream has not yet written it, is written before it
// rather than dropped: it is what the engine thought of the move it played,
// which the client goes on showing.
func (h *hub) publishMove(state []byte) {
	f := frame("state", state)
	h.publish(func(e *events) {
		e.addState(f)
		e.before, e.thinking = e.thinking, event{}
	})
}

// publishThinking sends the search's progress.
func (h *hub) publishThinking(thinking []byte) {
	f := frame("thinking", thinking)
	h.publish(func(e *events) { e.thinking = event{f, e.seq} })
}

// publishDeleted tells every stream that the game is gone.
func (h *hub) publishDeleted(data []byte) {
	f := frame("deleted", data)
	h.publish(func(e *events) { e.deleted = f })
}

// count returns the number of open streams.
func (h *hub) count() int { return int(h.streams.Load()) }

// cursor is the position of one event stream in its game's events.
type cursor struct {
	state, thinking uint64 // the numbers of the last state and thinking event written
}

// open counts a new stream, which has shown the game as of e.
func (h *hub) open(e *events) *cursor {
	h.streams.Add(1)
	c := &cursor{}
	c.reset(e)
	return c
}

// reset places the cursor at e: the stream has shown the game as of e.
func (c *cursor) reset(e *events) { c.state, c.thinking = e.lastState(), e.thinking.seq }

// close counts a stream gone.
func (h *hub) close() { h.streams.Add(-1) }

// next returns the frames the stream has yet to write of e, in order, and
// records them as written; or resync when e no longer holds every state
// event the stream has not written: it must write the whole state.
func (c *cursor) next(e *events) (frames [][]byte, resync bool) {
	if e.dropped > c.state {
		return nil, true
	}
	for i, st := range e.states {
		if st.seq <= c.state {
			continue
		}
		if i == len(e.states)-1 && e.before.frame != nil && e.before.seq > c.thinking {
			frames = append(frames, e.before.frame)
		}
		frames, c.state = append(frames, st.frame), st.seq
	}
	if e.thinking.frame != nil && e.thinking.seq > c.thinking {
		frames, c.thinking = append(frames, e.thinking.frame), e.thinking.seq
	}
	return frames, false
}

// serveEvents streams a game's events (its states, the AI's thinking, its
// reviews' progress) until the client leaves, the game is deleted or the
// server shuts down (see startStream).
func (srv *Server) serveEvents(w http.ResponseWriter, r *http.Request, s *session) {
	rc, writing := startStream(w)
	if r.Method == http.MethodHead {
		return
	}
	feed, reviewSeq, reviewChanged, firstReview := srv.reviews.watch(s.id)
	defer srv.reviews.unwatch(s.id, feed)

	// The state now, and the events after it: under the game's lock,
	// under which the game publishes.
	var first []byte
	var latest *events
	var cur *cursor
	s.with(func() error {
		if !s.gone {
			first = s.stateJSONLocked()
			latest = s.hub.read()
			cur = s.hub.open(latest)
		}
		return nil
	})
	if cur == nil {
		return // deleted or evicted meanwhile
	}
	defer s.hub.close()
	writing()
	if writeFrame(w, frame("state", first)) != nil || firstReview != nil && writeFrame(w, firstReview) != nil || rc.Flush() != nil {
		return
	}

	keepAlive := time.NewTicker(srv.cfg.KeepAlive)
	defer keepAlive.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case <-srv.streamsDone:
			return
		case <-keepAlive.C:
			writing()
			if _, err := fmt.Fprint(w, ": keep-alive\n\n"); err != nil {
				return
			}
		case <-latest.changed:
			writing()
			latest = s.hub.read()
			frames, resync := cur.next(latest)
			if resync {
				// Too far behind for the changes: the whole state.
				var full []byte
				s.with(func() error {
					full = s.stateJSONLocked()
					latest = s.hub.read()
					cur.reset(latest)
					return nil
				})
				frames = [][]byte{frame("state", full)}
			}
			for _, f := range frames {
				if writeFrame(w, f) != nil {
					return
				}
			}
			if latest.deleted != nil {
				_ = writeFrame(w, latest.deleted)
				rc.Flush()
				return
			}
		case <-reviewChanged:
			writing()
			var fresh []byte
			fresh, reviewSeq, reviewChanged = srv.reviews.read(feed, reviewSeq)
			if fresh != nil && writeFrame(w, fresh) != nil {
				return
			}
		}
		if err := rc.Flush(); err != nil {
			return
		}
	}
}

// startStream answers with an event stream, which has no time limit: it
// lifts the connection's read deadline (the request has been read) and
// returns writing, which sets a write deadline for the next write, so that
// a client that stops reading is dropped.
func startStream(w http.ResponseWriter) (rc *http.ResponseController, writing func()) {
	rc = http.NewResponseController(w)
	// Best effort: a ResponseWriter without deadlines (a test recorder)
	// has no timeouts to lift either.
	_ = rc.SetReadDeadline(time.Time{})
	writing = func() { _ = rc.SetWriteDeadline(time.Now().Add(streamWriteTimeout)) }
	writing()
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	return rc, writing
}

// writeEvent writes one server-sent event named name.
func writeEvent(w io.Writer, name string, data []byte) error {
	return writeFrame(w, frame(name, data))
}

// writeFrame writes an event's frame.
func writeFrame(w io.Writer, f []byte) error {
	_, err := w.Write(f)
	return err
}
