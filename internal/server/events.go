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
// own goroutine, outside the game's lock (the fan-out). A stream that
// falls behind skips to the present: only the newest state and thinking
// event are kept, so a slow client never holds up the game or the others.
//
// The game publishes under its own lock, so events are numbered in the
// order of the game's changes.
type hub struct {
	mu      sync.Mutex             // held by publish
	latest  atomic.Pointer[events] // the newest events; nil before the first use
	streams atomic.Int32           // open streams
}

// events is what a game's streams have to show: the newest event of each
// kind, numbered by publication. A value is never changed once published.
type events struct {
	seq      uint64        // the number of the last publication
	state    event         // the newest GameState
	before   event         // the last thinking event of the search that made state's move, if any
	thinking event         // the newest thinking event since state, if any
	deleted  []byte        // once the game is deleted: the last event's frame
	changed  chan struct{} // closed when these events are replaced
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

// publishState sends a new GameState; it makes any thinking event not yet
// written stale.
func (h *hub) publishState(state []byte) {
	f := frame("state", state)
	h.publish(func(e *events) { e.state, e.before, e.thinking = event{f, e.seq}, event{}, event{} })
}

// publishMove sends the GameState after the AI's move. The search's last
// thinking event, if a stream has not yet written it, is written before it
// rather than dropped: it is what the engine thought of the move it played,
// which the client goes on showing.
func (h *hub) publishMove(state []byte) {
	f := frame("state", state)
	h.publish(func(e *events) { e.state, e.before, e.thinking = event{f, e.seq}, e.thinking, event{} })
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
	return &cursor{state: e.state.seq, thinking: e.thinking.seq}
}

// close counts a stream gone.
func (h *hub) close() { h.streams.Add(-1) }

// next returns the frames the stream has yet to write of e, in order (nil
// for none), and records them as written.
func (c *cursor) next(e *events) (before, state, thinking []byte) {
	if e.state.seq > c.state {
		if e.before.frame != nil && e.before.seq > c.thinking {
			before = e.before.frame
		}
		state, c.state = e.state.frame, e.state.seq
	}
	if e.thinking.frame != nil && e.thinking.seq > c.thinking {
		thinking, c.thinking = e.thinking.frame, e.thinking.seq
	}
	return before, state, thinking
}

// serveEvents streams a game's events until the client leaves, the game is
// deleted or the server shuts down. The stream has no time limit: it lifts
// the connection's read deadline (a GET has no body to wait for) and sets a
// write deadline before each write, so that a client that stops reading is
// dropped.
func (srv *Server) serveEvents(w http.ResponseWriter, r *http.Request, s *session) {
	rc := http.NewResponseController(w)
	// Best effort: a ResponseWriter without deadlines (a test recorder)
	// has no timeouts to lift either.
	_ = rc.SetReadDeadline(time.Time{})
	writing := func() { _ = rc.SetWriteDeadline(time.Now().Add(streamWriteTimeout)) }
	writing()
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	if r.Method == http.MethodHead {
		return
	}

	// The state now, and the events after it: under the game's lock,
	// under which the game publishes.
	s.mu.Lock()
	if s.gone {
		s.mu.Unlock()
		return
	}
	first := s.stateJSONLocked()
	latest := s.hub.read()
	cur := s.hub.open(latest)
	s.mu.Unlock()
	defer s.hub.close()
	writing()
	if writeFrame(w, frame("state", first)) != nil || rc.Flush() != nil {
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
			before, state, thinking := cur.next(latest)
			if writeFrame(w, before) != nil || writeFrame(w, state) != nil || writeFrame(w, thinking) != nil {
				return
			}
			if latest.deleted != nil {
				_ = writeFrame(w, latest.deleted)
				rc.Flush()
				return
			}
		}
		if err := rc.Flush(); err != nil {
			return
		}
	}
}

// writeFrame writes an event's frame, unless it is nil.
func writeFrame(w io.Writer, f []byte) error {
	if f == nil {
		return nil
	}
	_, err := w.Write(f)
	return err
}
