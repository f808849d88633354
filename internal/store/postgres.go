package store

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Postgres is a game database in PostgreSQL, shared by any number of
// servers and workers on any machines. Besides the games it holds the queue
// of the AI's searches (searches.go) and the clocks' deadlines
// (deadlines.go), and carries the notifications of changes (notify.go). Its methods are safe for concurrent use.
type Postgres struct {
	pool *pgxpool.Pool
	url  string // for the listening connections, which live outside the pool

	// offset is the database's clock less this machine's (see Now), in
	// nanoseconds, measured at open and every minute after.
	offset atomic.Int64

	quit      chan struct{} // closed by Close
	closeOnce sync.Once
	wg        sync.WaitGroup // the clock's goroutine
}

// defaultPoolConns is the size of the connection pool when the URL does
// not say (pool_max_conns): enough for a server's requests and workers.
const defaultPoolConns = 16

// OpenPostgres connects to the PostgreSQL database at url
// ("postgres://user:password@host:port/dbname?sslmode=..."; the database
// must exist) and migrates its schema to the current version, under an
// advisory lock: several programs may start at once. It fails when the
// schema was written by a newer Outpost.
func OpenPostgres(ctx context.Context, url string) (*Postgres, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("store: the PostgreSQL URL: %w", err)
	}
	if !strings.Contains(url, "pool_max_conns") {
		cfg.MaxConns = defaultPoolConns
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("store: PostgreSQL: %w", err)
	}
	p := &Postgres{pool: pool, url: url, quit: make(chan struct{})}
	if err := p.migrate(ctx, postgresMigrations); err != nil {
		pool.Close()
		return nil, fmt.Errorf("store: PostgreSQL at %s: %w", redactURL(url), err)
	}
	if err := p.syncClock(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("store: PostgreSQL at %s: %w", redactURL(url), err)
	}
	p.wg.Add(1)
	go p.clockLoop()
	return p, nil
}

// redactURL returns url without its password, for messages.
func redactURL(url string) string {
	cfg, err := pgx.ParseConfig(url)
	if err != nil {
		return "(unreadable URL)"
	}
	return fmt.Sprintf("%s@%s:%d/%s", cfg.User, cfg.Host, cfg.Port, cfg.Database)
}

// Close stops the clock and closes the connections. Calls after Close
// fail.
func (p *Postgres) Close() error {
	first := false
	p.closeOnce.Do(func() { close(p.quit); first = true })
	if !first {
		return errClosed
	}
	p.wg.Wait()
	p.pool.Close()
	return nil
}

// Ping checks that the database answers.
func (p *Postgres) Ping(ctx context.Context) error {
	var one int
	return p.pool.QueryRow(ctx, `SELECT 1`).Scan(&one)
}

// Now returns the database's time: this machine's clock corrected by the
// offset to the database's, measured at open and every minute. Every
// program sharing the database charges clocks by it, so the machines'
// own clocks need not agree.
func (p *Postgres) Now() time.Time {
	return time.Now().Add(time.Duration(p.offset.Load())).UTC()
}

// syncClock measures the database's clock against this machine's: the
// database's reading is taken to be from the middle of the round trip.
func (p *Postgres) syncClock(ctx context.Context) error {
	best := time.Duration(-1)
	for range 3 { // the shortest round trip of three is the most exact
		t0 := time.Now()
		var db time.Time
		if err := p.pool.QueryRow(ctx, `SELECT clock_timestamp()`).Scan(&db); err != nil {
			return fmt.Errorf("reading its clock: %w", err)
		}
		rtt := time.Since(t0)
		if best < 0 || rtt < best {
			best = rtt
			p.offset.Store(int64(db.Sub(t0.Add(rtt / 2))))
		}
	}
	return nil
}

// clockLoop measures the clock offset every minute until Close.
func (p *Postgres) clockLoop() {
	defer p.wg.Done()
	tick := time.NewTicker(time.Minute)
	defer tick.Stop()
	for {
		select {
		case <-p.quit:
			return
		case <-tick.C:
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			_ = p.syncClock(ctx) // on failure the last offset stands
			cancel()
		}
	}
}

// now is the time stored for a change: Now to the millisecond, as the
// SQLite store keeps it.
func (p *Postgres) now() time.Time { return p.Now().Truncate(time.Millisecond) }

// sinceOrNil is a clock's start for the database: NULL while stopped.
func sinceOrNil(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	t = t.UTC().Truncate(time.Millisecond)
	return &t
}

// queueSQL is the tail of the statements that store a game (CreateGame,
// Save): given a data-modifying CTE "changed" returning the game's id, its
// new revision and whether it has a clock (clocked), it cancels the game's
// searches for earlier revisions, queues the AI's search when $2 (AIDue)
// after $3 milliseconds (AIDelay), a clocked game's first (its priority),
// and notifies the change (channel outpost_game, payload "id rev") and the
// new search (outpost_queue). It selects the new revision, or nothing when
// "changed" changed nothing. Everything commits together.
const queueSQL = `,
	cancelled AS (DELETE FROM searches s USING changed WHERE s.game_id = changed.id AND s.rev < changed.rev),
	queued AS (INSERT INTO searches (game_id, rev, kind, not_before, priority)
		SELECT id, rev, 'move', now() + $3::float8 * interval '1 millisecond',
			CASE WHEN clocked THEN ` + priorityClocked + ` ELSE ` + priorityMove + ` END FROM changed WHERE $2 RETURNING id)
	SELECT rev,
		(SELECT count(pg_notify('` + ChannelQueue + `', '')) FROM queued),
		(SELECT count(pg_notify('` + ChannelGame + `', id || ' ' || rev)) FROM changed)
	FROM changed`

// CreateGame stores a new game (see Store) with its clock's deadline
// (g.Deadline), and queues the AI's search when g.AIDue.
func (p *Postgres) CreateGame(ctx context.Context, g *Game) error {
	return createGame(ctx, g, p.createGame)
}

// createGame stores g, whose ID is set and defaults filled.
func (p *Postgres) createGame(ctx context.Context, g *Game) error {
	now := p.now()
	var rev int64
	var queued, notified int64
	err := p.pool.QueryRow(ctx, `WITH changed AS (
		INSERT INTO games (id, token_hash, source, created_at, updated_at, white, black, white_level, black_level,
			start_fen, moves, plies, clocks, time_limit_ms, time_increment_ms, clock_spent_ms, clock_since,
			result, reason, speed_ms, paused, redo, draw_offer, import_pgn, deadline, rev)
		VALUES ($1, $4, $5, $6, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $26, 0)
		ON CONFLICT (id) DO NOTHING RETURNING id, rev, time_limit_ms + time_increment_ms > 0 AS clocked)`+queueSQL,
		g.ID, g.AIDue, float64(g.AIDelay.Milliseconds()),
		g.TokenHash, g.Source, now, g.White, g.Black, g.WhiteLevel, g.BlackLevel,
		g.StartFEN, strings.Join(g.Moves, " "), len(g.Moves), joinClocks(g.Clocks, len(g.Moves)),
		g.TimeLimit.Milliseconds(), g.TimeIncrement.Milliseconds(), g.ClockSpent.Milliseconds(), sinceOrNil(g.ClockSince),
		g.Result, g.Reason, g.SpeedMs, g.Paused, g.Redo, g.DrawOffer, g.ImportPGN, deadlineOrNil(g.Deadline)).Scan(&rev, &queued, &notified)
	if errors.Is(err, pgx.ErrNoRows) {
		return errIDTaken
	}
	if err != nil {
		return fmt.Errorf("store: create game: %w", err)
	}
	g.CreatedAt, g.UpdatedAt, g.Rev = now, now, 0
	return nil
}

// Save stores g over its revision g.Rev (see Store), with its clock's
// deadline (g.Deadline). In the same statement it cancels the game's
// searches for earlier revisions, queues the AI's search when g.AIDue, and
// notifies the change.
func (p *Postgres) Save(ctx context.Context, g *Game) error {
	if err := checkGame(g); err != nil {
		return err
	}
	now := p.now()
	var rev int64
	var queued, notified int64
	err := p.pool.QueryRow(ctx, `WITH changed AS (
		UPDATE games SET white = $5, black = $6, white_level = $7, black_level = $8,
			moves = $9, plies = $10, clocks = $11, clock_spent_ms = $12, clock_since = $13,
			result = $14, reason = $15, paused = $16, redo = $18, draw_offer = $19, deadline = $20, rev = rev + 1, updated_at = $17
		WHERE id = $1 AND rev = $4 RETURNING id, rev, time_limit_ms + time_increment_ms > 0 AS clocked)`+queueSQL,
		g.ID, g.AIDue, float64(g.AIDelay.Milliseconds()), g.Rev,
		g.White, g.Black, g.WhiteLevel, g.BlackLevel,
		strings.Join(g.Moves, " "), len(g.Moves), joinClocks(g.Clocks, len(g.Moves)), g.ClockSpent.Milliseconds(), sinceOrNil(g.ClockSince),
		g.Result, g.Reason, g.Paused, now, g.Redo, g.DrawOffer, deadlineOrNil(g.Deadline)).Scan(&rev, &queued, &notified)
	if errors.Is(err, pgx.ErrNoRows) {
		var stored int64
		switch err := p.pool.QueryRow(ctx, `SELECT rev FROM games WHERE id = $1`, g.ID).Scan(&stored); {
		case errors.Is(err, pgx.ErrNoRows):
			return ErrNotFound
		case err != nil:
			return fmt.Errorf("store: save: %w", err)
		}
		return ErrConflict
	}
	if err != nil {
		return fmt.Errorf("store: save: %w", err)
	}
	g.Rev = rev
	g.UpdatedAt = now
	return nil
}

// SetSpeed sets the pause between two AI moves of game id, in
// milliseconds, and notifies it (payload "id speed"). It returns
// ErrNotFound for an unknown game.
func (p *Postgres) SetSpeed(ctx context.Context, id string, ms int) error {
	return p.changeRow(ctx, `WITH changed AS (UPDATE games SET speed_ms = $2, updated_at = $3 WHERE id = $1 RETURNING id)
		SELECT (SELECT count(pg_notify('`+ChannelGame+`', id || ' speed')) FROM changed) FROM changed`, id, ms, p.now())
}

// Delete removes game id, with its searches, and notifies it (payload "id
// deleted"). It returns ErrNotFound for an unknown game.
func (p *Postgres) Delete(ctx context.Context, id string) error {
	return p.changeRow(ctx, `WITH changed AS (DELETE FROM games WHERE id = $1 RETURNING id)
		SELECT (SELECT count(pg_notify('`+ChannelGame+`', id || ' deleted')) FROM changed) FROM changed`, id)
}

// changeRow runs a statement that changes the row of game $1 and selects
// one row when it did.
func (p *Postgres) changeRow(ctx context.Context, query string, args ...any) error {
	var notified int64
	err := p.pool.QueryRow(ctx, query, args...).Scan(&notified)
	if errors.Is(err, pgx.ErrNoRows) {
		return ErrNotFound
	}
	if err != nil {
		return fmt.Errorf("store: %w", err)
	}
	return nil
}

// pgGameColumns are the columns scanPGGame reads, in order.
const pgGameColumns = `id, token_hash, source, created_at, updated_at, white, black, white_level, black_level,
	start_fen, moves, result, reason, speed_ms, paused, clocks, time_limit_ms, time_increment_ms,
	clock_spent_ms, clock_since, rev, redo, draw_offer, import_pgn`

func scanPGGame(row pgx.Row) (Game, error) {
	var g Game
	var moves, clocks string
	var limit, inc, spent int64
	var since *time.Time
	err := row.Scan(&g.ID, &g.TokenHash, &g.Source, &g.CreatedAt, &g.UpdatedAt, &g.White, &g.Black, &g.WhiteLevel, &g.BlackLevel,
		&g.StartFEN, &moves, &g.Result, &g.Reason, &g.SpeedMs, &g.Paused, &clocks, &limit, &inc, &spent, &since, &g.Rev,
		&g.Redo, &g.DrawOffer, &g.ImportPGN)
	if err != nil {
		return Game{}, err
	}
	g.CreatedAt, g.UpdatedAt = g.CreatedAt.UTC(), g.UpdatedAt.UTC()
	g.Moves, g.Clocks = splitMoves(moves), splitClocks(clocks)
	g.TimeLimit, g.TimeIncrement = time.Duration(limit)*time.Millisecond, time.Duration(inc)*time.Millisecond
	g.ClockSpent = time.Duration(spent) * time.Millisecond
	if since != nil {
		g.ClockSince = since.UTC()
	}
	return g, nil
}

// Get returns game id, or ErrNotFound.
func (p *Postgres) Get(ctx context.Context, id string) (Game, error) {
	g, err := scanPGGame(p.pool.QueryRow(ctx, `SELECT `+pgGameColumns+` FROM games WHERE id = $1`, id))
	if errors.Is(err, pgx.ErrNoRows) {
		return Game{}, ErrNotFound
	}
	if err != nil {
		return Game{}, fmt.Errorf("store: get %s: %w", id, err)
	}
	return g, nil
}

// LatestUnfinished returns the game of the given source ("" for any) still
// in progress that changed last, or ErrNotFound when there is none.
func (p *Postgres) LatestUnfinished(ctx context.Context, source string) (Game, error) {
	g, err := scanPGGame(p.pool.QueryRow(ctx, `SELECT `+pgGameColumns+` FROM games
		WHERE result = '*' AND reason <> 'aborted' AND ($1 = '' OR source = $1) ORDER BY updated_at DESC, seq DESC LIMIT 1`, source))
	if errors.Is(err, pgx.ErrNoRows) {
		return Game{}, ErrNotFound
	}
	if err != nil {
		return Game{}, fmt.Errorf("store: latest unfinished game: %w", err)
	}
	return g, nil
}

// List returns summaries of the games opts selects, newest (by creation)
// first.
func (p *Postgres) List(ctx context.Context, opts ListOptions) ([]Summary, error) {
	var limit *int
	if opts.Limit > 0 {
		limit = &opts.Limit
	}
	var ids []string // nil: every game
	if len(opts.IDs) > 0 {
		ids = opts.IDs
	}
	rows, err := p.pool.Query(ctx, `SELECT id, source, created_at, updated_at, white, black, white_level, black_level,
		result, reason, plies, time_limit_ms, time_increment_ms FROM games
		WHERE ($1 = '' OR source = $1) AND (NOT $2 OR (result = '*' AND reason <> 'aborted')) AND ($4::text[] IS NULL OR id = ANY($4))
		ORDER BY created_at DESC, seq DESC LIMIT $3`, opts.Source, opts.Unfinished, limit, ids)
	if err != nil {
		return nil, fmt.Errorf("store: list: %w", err)
	}
	list, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (Summary, error) {
		var m Summary
		var limit, inc int64
		err := row.Scan(&m.ID, &m.Source, &m.CreatedAt, &m.UpdatedAt, &m.White, &m.Black, &m.WhiteLevel, &m.BlackLevel,
			&m.Result, &m.Reason, &m.Plies, &limit, &inc)
		m.CreatedAt, m.UpdatedAt = m.CreatedAt.UTC(), m.UpdatedAt.UTC()
		m.TimeLimit, m.TimeIncrement = time.Duration(limit)*time.Millisecond, time.Duration(inc)*time.Millisecond
		return m, err
	})
	if err != nil {
		return nil, fmt.Errorf("store: list: %w", err)
	}
	if list == nil {
		list = []Summary{}
	}
	return list, nil
}

// SaveReview stores r as the review of game r.GameID, replacing any
// earlier one, and sets r.CreatedAt to now. It returns ErrNotFound when
// the game does not exist.
func (p *Postgres) SaveReview(ctx context.Context, r *Review) error {
	if err := checkMoves(r.Moves); err != nil {
		return err
	}
	if len(r.Data) == 0 {
		return errors.New("store: an empty review")
	}
	now := p.now()
	tag, err := p.pool.Exec(ctx, `INSERT INTO reviews (game_id, created_at, moves, data)
		SELECT $1, $2, $3, $4 WHERE EXISTS (SELECT 1 FROM games WHERE id = $1)
		ON CONFLICT (game_id) DO UPDATE SET created_at = excluded.created_at, moves = excluded.moves, data = excluded.data`,
		r.GameID, now, strings.Join(r.Moves, " "), string(r.Data))
	if err != nil {
		return fmt.Errorf("store: save review: %w", err)
	}
	if tag.RowsAffected() == 0 {
		return ErrNotFound
	}
	r.CreatedAt = now
	return nil
}

// GetReview returns the review of game id, or ErrNotFound when it has none
// (or the game does not exist).
func (p *Postgres) GetReview(ctx context.Context, id string) (Review, error) {
	var r Review
	var moves, data string
	err := p.pool.QueryRow(ctx, `SELECT game_id, created_at, moves, data FROM reviews WHERE game_id = $1`, id).
		Scan(&r.GameID, &r.CreatedAt, &moves, &data)
	if errors.Is(err, pgx.ErrNoRows) {
		return Review{}, ErrNotFound
	}
	if err != nil {
		return Review{}, fmt.Errorf("store: get the review of %s: %w", id, err)
	}
	r.CreatedAt, r.Moves, r.Data = r.CreatedAt.UTC(), splitMoves(moves), []byte(data)
	return r, nil
}
