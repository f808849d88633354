package store

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
)

// The channels of PostgreSQL's notifications (LISTEN/NOTIFY). A payload is
// at most 8,000 bytes, so it names what changed and the listener reads the
// state; only a search's progress travels whole.
const (
	// ChannelGame carries every change of a game, committed with it:
	// "ID REV" (saved at revision REV, or created at 0), "ID speed" (its
	// speed changed), "ID deleted".
	ChannelGame = "outpost_game"
	// ChannelQueue says a search was queued: idle workers look.
	ChannelQueue = "outpost_queue"
	// ChannelThinking carries a running search's progress: "ID REV
	// JSON" (see searches.go, Progress).
	ChannelThinking = "outpost_thinking"
	// ChannelSearch says an analysis search finished: "SEARCHID".
	ChannelSearch = "outpost_search"
)

// MaxPayload is the largest notification payload PostgreSQL takes (it
// refuses 8000 bytes and over).
const MaxPayload = 7999

// Notification is one notification received, or the news that some may
// have been lost (Lost: the connection failed and was made again).
type Notification struct {
	Channel, Payload string
	Lost             bool
}

// Notify sends payload on channel, at once (not within a change).
func (p *Postgres) Notify(ctx context.Context, channel, payload string) error {
	if len(payload) > MaxPayload {
		return fmt.Errorf("store: notification of %d bytes (at most %d)", len(payload), MaxPayload)
	}
	_, err := p.pool.Exec(ctx, `SELECT pg_notify($1, $2)`, channel, payload)
	if err != nil {
		return fmt.Errorf("store: notify: %w", err)
	}
	return nil
}

// Listen listens on channels on a connection of its own and calls handle
// with each notification, in order, on one goroutine, until stop is
// called. It returns once listening has begun (an error when it cannot).
// When the connection fails, it connects again (trying every second) and
// then calls handle with a Notification whose Lost is set: what was sent
// in between is lost, and the listener must read the state afresh.
func (p *Postgres) Listen(ctx context.Context, channels []string, handle func(Notification)) (stop func(), err error) {
	conn, err := p.listenConn(ctx, channels)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			n, err := conn.WaitForNotification(ctx)
			if err == nil {
				handle(Notification{Channel: n.Channel, Payload: n.Payload})
				continue
			}
			conn.Close(context.Background())
			if ctx.Err() != nil {
				return
			}
			for conn == nil || err != nil {
				select {
				case <-ctx.Done():
					return
				case <-time.After(time.Second):
				}
				conn, err = p.listenConn(ctx, channels)
			}
			handle(Notification{Lost: true})
		}
	}()
	return func() { cancel(); wg.Wait() }, nil
}

// listenConn connects and listens on channels.
func (p *Postgres) listenConn(ctx context.Context, channels []string) (*pgx.Conn, error) {
	conn, err := pgx.Connect(ctx, p.url)
	if err != nil {
		return nil, fmt.Errorf("store: listen: %w", err)
	}
	for _, ch := range channels {
		if _, err := conn.Exec(ctx, `LISTEN `+pgx.Identifier{ch}.Sanitize()); err != nil {
			conn.Close(context.Background())
			return nil, fmt.Errorf("store: listen: %w", err)
		}
	}
	return conn, nil
}
