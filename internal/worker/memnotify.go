package worker

import (
	"context"
	"fmt"
	"sync"

	"github.com/outpost-chess/outpost/internal/store"
)

// A MemQueue's notifications: PostgreSQL's LISTEN/NOTIFY (store's
// notify.go) within one process. A notification goes to every listener
// of its channel at once, in the order sent; each listener's handler runs
// on a goroutine of the listener's own, so a slow handler holds up only
// its listener. Nothing is lost, so no Notification is ever Lost.

// memListener is one Listen's: the channels it listens on, and what was
// sent to it and not handled yet.
type memListener struct {
	channels map[string]bool
	handle   func(store.Notification)

	mu sync.Mutex
	// pending holds the notifications not handled yet. Guarded by mu.
	pending []store.Notification
	// signal has a value when pending may have grown.
	signal chan struct{}
	// stop is closed by the function Listen returns.
	stop chan struct{}
}

// Notify sends payload on channel to the listeners, at once. A payload
// is at most store.MaxPayload bytes, as PostgreSQL's.
func (q *MemQueue) Notify(ctx context.Context, channel, payload string) error {
	if len(payload) > store.MaxPayload {
		return fmt.Errorf("worker: notification of %d bytes (at most %d)", len(payload), store.MaxPayload)
	}
	q.mu.Lock()
	defer q.mu.Unlock()
	q.notifyLocked(channel, payload)
	return nil
}

// notifyLocked hands a notification to the listeners of channel.
func (q *MemQueue) notifyLocked(channel, payload string) {
	for l := range q.listeners {
		if !l.channels[channel] {
			continue
		}
		l.mu.Lock()
		l.pending = append(l.pending, store.Notification{Channel: channel, Payload: payload})
		l.mu.Unlock()
		select {
		case l.signal <- struct{}{}:
		default:
		}
	}
}

// Listen calls handle with each notification sent on channels from now
// on, in order, on one goroutine, until stop is called (ctx does not stop
// it, as with PostgreSQL). stop waits for the handler to return.
func (q *MemQueue) Listen(ctx context.Context, channels []string, handle func(store.Notification)) (stop func(), err error) {
	l := &memListener{channels: map[string]bool{}, handle: handle, signal: make(chan struct{}, 1), stop: make(chan struct{})}
	for _, ch := range channels {
		l.channels[ch] = true
	}
	q.mu.Lock()
	q.listeners[l] = struct{}{}
	q.mu.Unlock()
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		l.run()
	}()
	var once sync.Once
	return func() {
		once.Do(func() {
			q.mu.Lock()
			delete(q.listeners, l)
			q.mu.Unlock()
			close(l.stop)
			wg.Wait()
		})
	}, nil
}

// run hands l's notifications to its handler until l stops.
func (l *memListener) run() {
	for {
		select {
		case <-l.stop:
			return
		case <-l.signal:
		}
		l.mu.Lock()
		batch := l.pending
		l.pending = nil
		l.mu.Unlock()
		for _, n := range batch {
			select {
			case <-l.stop:
				return
			default:
			}
			l.handle(n)
		}
	}
}
