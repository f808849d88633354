package server

import (
	"fmt"
	"io"
	"net/http"
	"sync"
	"time"
)

// hub holds the event subscribers of one game. Publishing never blocks: a
// subscriber keeps only the newest state and the newest thinking event not
// yet written, so a slow client skips to the present instead of holding up
// the game.
type hub struct {
	mu   sync.Mutex
	subs map[*subscriber]struct{} // guarded by mu
}

// subscriber is one open event stream.
type subscriber struct {
	wake chan struct{} // capacity 1: something is pending

	mu sync.Mutex
	// Guarded by mu: what the stream has yet to write, in this order.
	before   []byte // the last thinking event of the search that made state's move, or nil
	state    []byte // the newest GameState, or nil
	thinking []byte // the newest thinking event since that state, or nil
	deleted  []byte // set when the game was deleted: the last event
}

func (h *hub) subscribe() *subscriber {
	sub := &subscriber{wake: make(chan struct{}, 1)}
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.subs == nil {
		h.subs = map[*subscriber]struct{}{}
	}
	h.subs[sub] = struct{}{}
	return sub
}

func (h *hub) unsubscribe(sub *subscriber) {
	h.mu.Lock()
	defer h.mu.Unlock()
	delete(h.subs, sub)
}

// count returns the number of subscribers.
func (h *hub) count() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.subs)
}

// each calls f for every subscriber, with the subscriber's lock held, and
// wakes it.
func (h *hub) each(f func(sub *subscriber)) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for sub := range h.subs {
		sub.mu.Lock()
		f(sub)
		sub.mu.Unlock()
		select {
		case sub.wake <- struct{}{}:
		default:
		}
	}
}

// publishState sends a new GameState; it replaces any thinking event not
// yet written, which it makes stale.
func (h *hub) publishState(state []byte) {
	h.each(func(sub *subscriber) { sub.before, sub.state, sub.thinking = nil, state, nil })
}

// publishMove sends the GameState after the AI's move. The search's last
// thinking event, if not yet written, is written before it rather than
// dropped: it is what the engine thought of the move it played, which the
// client goes on showing.
func (h *hub) publishMove(state []byte) {
	h.each(func(sub *subscriber) { sub.before, sub.state, sub.thinking = sub.thinking, state, nil })
}

// publishThinking sends the search's progress.
func (h *hub) publishThinking(thinking []byte) {
	h.each(func(sub *subscriber) { sub.thinking = thinking })
}

// publishDeleted tells every subscriber that the game is gone.
func (h *hub) publishDeleted(data []byte) {
	h.each(func(sub *subscriber) { sub.deleted = data })
}

// take returns and clears what the subscriber has to write.
func (sub *subscriber) take() (before, state, thinking, deleted []byte) {
	sub.mu.Lock()
	defer sub.mu.Unlock()
	before, state, thinking, deleted = sub.before, sub.state, sub.thinking, sub.deleted
	sub.before, sub.state, sub.thinking = nil, nil, nil
	return before, state, thinking, deleted
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

	sub := s.hub.subscribe()
	defer s.hub.unsubscribe(sub)
	s.mu.Lock()
	if s.gone {
		s.mu.Unlock()
		return
	}
	sub.mu.Lock()
	sub.state = s.stateJSONLocked()
	sub.mu.Unlock()
	sub.wake <- struct{}{}
	s.mu.Unlock()

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
		case <-sub.wake:
			writing()
			before, state, thinking, deleted := sub.take()
			if writeEvent(w, "thinking", before) != nil || writeEvent(w, "state", state) != nil ||
				writeEvent(w, "thinking", thinking) != nil {
				return
			}
			if deleted != nil {
				_ = writeEvent(w, "deleted", deleted)
				rc.Flush()
				return
			}
		}
		if err := rc.Flush(); err != nil {
			return
		}
	}
}

// writeEvent writes one server-sent event named name, unless data is nil.
func writeEvent(w io.Writer, name string, data []byte) error {
	if data == nil {
		return nil
	}
	_, err := fmt.Fprintf(w, "event: %s\ndata: %s\n\n", name, data)
	return err
}
