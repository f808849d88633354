package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	_ "modernc.org/sqlite" // registers the "sqlite" driver
)

// SQLite is a game database in one SQLite file: the default, with nothing
// to install, for one machine (the server and the terminal game share it).
// Its methods are safe for concurrent use.
type SQLite struct {
	db  *sql.DB
	now func() time.Time // the clock, replaced by tests

	// Writes go to one goroutine (see committer.go), which commits
	// them in batches.
	ops       chan *writeOp
	quit      chan struct{} // closed by Close
	closeOnce sync.Once
	writerEnd chan struct{} // closed when the writer goroutine has returned
	// The writer goroutine's own: its connection (every write
	// transaction runs on it) and its prepared statements, by query.
	wconn *sql.Conn
	stmts map[string]*sql.Stmt
}

// DefaultPath returns where the game database lives by default:
// $XDG_DATA_HOME/outpost/outpost.db, or ~/.local/share/outpost/outpost.db
// when XDG_DATA_HOME is unset or not absolute. It does not create anything.
func DefaultPath() (string, error) {
	if dir := os.Getenv("XDG_DATA_HOME"); filepath.IsAbs(dir) {
		return filepath.Join(dir, "outpost", "outpost.db"), nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("store: no default database location: %w", err)
	}
	return filepath.Join(home, ".local", "share", "outpost", "outpost.db"), nil
}

// Sync says when a commit is on disk.
type Sync int

const (
	// SyncFull waits for each commit to reach the disk (an fsync per
	// group of writes): a committed move survives a power loss.
	SyncFull Sync = iota
	// SyncNormal lets the operating system write commits when it likes:
	// a committed move survives the crash or SIGKILL of the process, and
	// the database is never corrupted, but a power loss or system crash
	// may undo the last moments of commits. Commits take no fsync.
	SyncNormal
)

// Options tune OpenWith.
type Options struct {
	Sync Sync
}

// Open opens the database at path, creating it (and its directory) when
// missing, and migrates its schema to the current version. It fails when
// the file was written by a newer Outpost whose schema it does not know,
// and with ErrReadOnly when it cannot be written (SQLite would open it
// read-only, and every write would fail later). Commits are SyncFull.
func Open(path string) (*SQLite, error) { return OpenWith(path, Options{}) }

// OpenWith is Open with options.
func OpenWith(path string, opts Options) (*SQLite, error) {
	if path == "" {
		return nil, errors.New("store: empty database path")
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	q := url.Values{}
	q.Set("_busy_timeout", "5000")
	q.Set("_journal_mode", "WAL")
	switch opts.Sync {
	case SyncFull:
		q.Set("_synchronous", "FULL")
	case SyncNormal:
		q.Set("_synchronous", "NORMAL")
	default:
		return nil, fmt.Errorf("store: unknown Sync %d", opts.Sync)
	}
	q.Set("_txlock", "immediate")
	db, err := sql.Open("sqlite", "file:"+escapePath(path)+"?"+q.Encode())
	if err != nil {
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	db.SetMaxOpenConns(8)
	db.SetMaxIdleConns(8)
	db.SetConnMaxIdleTime(0)
	if err := migrate(context.Background(), db, migrations); err != nil {
		db.Close()
		if cannotOpenForWriting(err) {
			return nil, readOnlyError(path, err)
		}
		return nil, fmt.Errorf("store: %s: %w", path, err)
	}
	if err := checkWritable(context.Background(), db); err != nil {
		db.Close()
		return nil, readOnlyError(path, err)
	}
	wconn, err := db.Conn(context.Background())
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("store: %s: %w", path, err)
	}
	s := &SQLite{db: db, now: time.Now, ops: make(chan *writeOp), quit: make(chan struct{}), writerEnd: make(chan struct{}),
		wconn: wconn, stmts: map[string]*sql.Stmt{}}
	go s.writer()
	return s, nil
}

// ErrReadOnly is the error of Open when the database cannot be written.
var ErrReadOnly = errors.New("store: the database is read-only")

// readOnlyError is Open's error for the database at path, which cannot be
// written (err says how it failed).
func readOnlyError(path string, err error) error {
	return fmt.Errorf("%w: %s cannot be written (%v), so no game could be kept: "+
		"check the permissions of the file and of its directory, and the disk", ErrReadOnly, path, err)
}

// checkWritable writes the database's schema version over itself in a
// transaction it then rolls back: it fails when SQLite opened the file
// read-only (the file, its directory or the disk is read-only) or cannot
// write it.
func checkWritable(ctx context.Context, db *sql.DB) error {
	tx, err := db.BeginTx(ctx, nil) // BEGIN IMMEDIATE: the write lock
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var v int
	if err := tx.QueryRowContext(ctx, `PRAGMA user_version`).Scan(&v); err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, fmt.Sprintf(`PRAGMA user_version = %d`, v))
	return err
}

// escapePath makes a file path safe inside a "file:" URI.
func escapePath(p string) string {
	return strings.NewReplacer("%", "%25", "?", "%3f", "#", "%23").Replace(p)
}

// Close waits for the writes under way to commit and closes the database.
// Calls after Close fail.
func (s *SQLite) Close() error {
	first := false
	s.closeOnce.Do(func() { close(s.quit); first = true })
	<-s.writerEnd
	if !first {
		return errClosed
	}
	for _, st := range s.stmts {
		st.Close()
	}
	s.wconn.Close()
	return s.db.Close()
}

// Ping checks that the database answers.
func (s *SQLite) Ping(ctx context.Context) error { return s.db.PingContext(ctx) }

// CreateGame stores a new game. It assigns g.ID when empty and sets
// CreatedAt and UpdatedAt to now (both), Result to "*" when empty, and
// Source to SourceWeb when empty. g.Moves may already hold moves (an
// imported game).
func (s *SQLite) CreateGame(ctx context.Context, g *Game) error {
	return createGame(ctx, g, s.createGame)
}

// createGame stores g, whose ID is set and defaults filled.
func (s *SQLite) createGame(ctx context.Context, g *Game) error {
	now := s.now().UTC().Truncate(time.Millisecond)
	err := s.write(ctx, func(w *writeTx) error {
		var one int
		switch err := w.queryRow(`SELECT 1 FROM games WHERE id = ?`, g.ID).Scan(&one); {
		case err == nil:
			return errIDTaken
		case !errors.Is(err, sql.ErrNoRows):
			return err
		}
		_, err := w.exec(`INSERT INTO games
			(id, token_hash, source, created_at, updated_at, white, black, white_level, black_level,
			 start_fen, moves, plies, clocks, time_limit_ms, time_increment_ms, clock_spent_ms, clock_since,
			 result, reason, speed_ms, paused, redo, draw_offer, rev, import_pgn)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?)`,
			g.ID, g.TokenHash, g.Source, now.UnixMilli(), now.UnixMilli(), g.White, g.Black, g.WhiteLevel, g.BlackLevel,
			g.StartFEN, strings.Join(g.Moves, " "), len(g.Moves), joinClocks(g.Clocks, len(g.Moves)),
			g.TimeLimit.Milliseconds(), g.TimeIncrement.Milliseconds(), g.ClockSpent.Milliseconds(), unixMilli(g.ClockSince),
			g.Result, g.Reason, g.SpeedMs, g.Paused, g.Redo, g.DrawOffer, g.ImportPGN)
		return err
	})
	if err != nil {
		return fmt.Errorf("store: create game: %w", err)
	}
	g.CreatedAt, g.UpdatedAt, g.Rev = now, now, 0
	return nil
}

// unixMilli returns t in Unix milliseconds, or 0 for the zero time.
func unixMilli(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixMilli()
}

// fromUnixMilli is the inverse of unixMilli.
func fromUnixMilli(ms int64) time.Time {
	if ms == 0 {
		return time.Time{}
	}
	return time.UnixMilli(ms).UTC()
}

// Save stores g's players and levels, moves, clock readings, clock state,
// result and pause over game g.ID, whose stored revision must be g.Rev:
// the whole change or nothing, in one statement. It then increments g.Rev
// and sets g.UpdatedAt. The start position, time control, source, token,
// creation time and speed are not changed. It returns ErrNotFound, or
// ErrConflict when the game was saved since g.Rev was read (by another
// program); then nothing changes.
func (s *SQLite) Save(ctx context.Context, g *Game) error {
	if err := checkGame(g); err != nil {
		return err
	}
	now := s.now().UTC().Truncate(time.Millisecond)
	err := s.write(ctx, func(w *writeTx) error {
		res, err := w.exec(`UPDATE games SET white = ?, black = ?, white_level = ?, black_level = ?,
			moves = ?, plies = ?, clocks = ?, clock_spent_ms = ?, clock_since = ?,
			result = ?, reason = ?, paused = ?, redo = ?, draw_offer = ?, rev = rev + 1, updated_at = ?
			WHERE id = ? AND rev = ?`,
			g.White, g.Black, g.WhiteLevel, g.BlackLevel,
			strings.Join(g.Moves, " "), len(g.Moves), joinClocks(g.Clocks, len(g.Moves)), g.ClockSpent.Milliseconds(), unixMilli(g.ClockSince),
			g.Result, g.Reason, g.Paused, g.Redo, g.DrawOffer, now.UnixMilli(), g.ID, g.Rev)
		if err != nil {
			return fmt.Errorf("store: save: %w", err)
		}
		if n, err := res.RowsAffected(); err != nil || n == 1 {
			return err
		}
		var one int
		switch err := w.queryRow(`SELECT 1 FROM games WHERE id = ?`, g.ID).Scan(&one); {
		case errors.Is(err, sql.ErrNoRows):
			return ErrNotFound
		case err != nil:
			return fmt.Errorf("store: %w", err)
		}
		return ErrConflict
	})
	if err != nil {
		return err
	}
	g.Rev++
	g.UpdatedAt = now
	return nil
}

// SetSpeed sets the pause between two AI moves of game id, in
// milliseconds. It returns ErrNotFound for an unknown game.
func (s *SQLite) SetSpeed(ctx context.Context, id string, ms int) error {
	return s.update(ctx, `UPDATE games SET speed_ms = ?, updated_at = ? WHERE id = ?`, ms, s.nowMilli(), id)
}

// Delete removes game id and its review. It returns ErrNotFound for an
// unknown game.
func (s *SQLite) Delete(ctx context.Context, id string) error {
	return s.update(ctx, `DELETE FROM games WHERE id = ?`, id)
}

// update runs a statement that changes the one row of a game, whose id is
// the last argument.
func (s *SQLite) update(ctx context.Context, query string, args ...any) error {
	return s.write(ctx, func(w *writeTx) error {
		res, err := w.exec(query, args...)
		if err != nil {
			return fmt.Errorf("store: %w", err)
		}
		n, err := res.RowsAffected()
		if err != nil {
			return fmt.Errorf("store: %w", err)
		}
		if n == 0 {
			return ErrNotFound
		}
		return nil
	})
}

func (s *SQLite) nowMilli() int64 { return s.now().UnixMilli() }

// gameColumns are the columns scanGame reads, in order.
var gameColumns = []string{"id", "token_hash", "source", "created_at", "updated_at", "white", "black",
	"white_level", "black_level", "start_fen", "moves", "result", "reason", "speed_ms", "paused",
	"clocks", "time_limit_ms", "time_increment_ms", "clock_spent_ms", "clock_since", "rev", "redo", "draw_offer", "import_pgn"}

// selectGame is the query of one game by id.
var selectGame = `SELECT ` + strings.Join(gameColumns, ", ") + ` FROM games`

// scanGame reads a row of gameColumns. A value of the wrong type is an
// error wrapping errBadValue.
func scanGame(row interface{ Scan(...any) error }) (Game, error) {
	v, err := scanRow(row, gameColumns)
	if err != nil {
		return Game{}, err
	}
	g := Game{
		ID: v.text(0), TokenHash: v.blob(1), Source: v.text(2),
		CreatedAt: time.UnixMilli(v.integer(3)).UTC(), UpdatedAt: time.UnixMilli(v.integer(4)).UTC(),
		White: v.text(5), Black: v.text(6), WhiteLevel: v.text(7), BlackLevel: v.text(8),
		StartFEN: v.text(9), Moves: splitMoves(v.text(10)), Result: v.text(11), Reason: v.text(12),
		SpeedMs: int(v.integer(13)), Paused: v.integer(14) != 0,
		Clocks:    splitClocks(v.text(15)),
		TimeLimit: time.Duration(v.integer(16)) * time.Millisecond, TimeIncrement: time.Duration(v.integer(17)) * time.Millisecond,
		ClockSpent: time.Duration(v.integer(18)) * time.Millisecond, ClockSince: fromUnixMilli(v.integer(19)),
		Rev: v.integer(20), Redo: v.text(21), DrawOffer: v.text(22), ImportPGN: v.text(23),
	}
	if v.err != nil {
		return Game{}, v.err
	}
	return g, nil
}

// Get returns game id, or ErrNotFound, or an error wrapping ErrDamaged when
// its row cannot be read.
func (s *SQLite) Get(ctx context.Context, id string) (Game, error) {
	g, err := scanGame(s.db.QueryRowContext(ctx, selectGame+` WHERE id = ?`, id))
	if err != nil {
		return Game{}, notFoundOrDamaged(id, err)
	}
	return g, nil
}

// LatestUnfinished returns the game of the given source ("" for any) still
// in progress that changed last, or ErrNotFound when there is none.
func (s *SQLite) LatestUnfinished(ctx context.Context, source string) (Game, error) {
	g, err := scanGame(s.db.QueryRowContext(ctx, selectGame+`
		WHERE result = '*' AND reason <> 'aborted' AND (? = '' OR source = ?) ORDER BY updated_at DESC, rowid DESC LIMIT 1`, source, source))
	if errors.Is(err, sql.ErrNoRows) {
		return Game{}, ErrNotFound
	}
	if isCorrupt(err) || errors.Is(err, errBadValue) {
		return Game{}, fmt.Errorf("%w: the latest unfinished game: %v", ErrDamaged, err)
	}
	if err != nil {
		return Game{}, fmt.Errorf("store: latest unfinished game: %w", err)
	}
	return g, nil
}

// summaryColumns are the columns scanSummary reads, in order.
var summaryColumns = []string{"id", "source", "created_at", "updated_at", "white", "black",
	"white_level", "black_level", "result", "reason", "plies", "time_limit_ms", "time_increment_ms"}

// scanSummary reads a row of summaryColumns. A value of the wrong type is
// an error wrapping errBadValue; id is then the row's id if readable.
func scanSummary(row interface{ Scan(...any) error }) (m Summary, id string, err error) {
	v, err := scanRow(row, summaryColumns)
	if err != nil {
		return Summary{}, "", err
	}
	m = Summary{
		ID: v.text(0), Source: v.text(1),
		CreatedAt: time.UnixMilli(v.integer(2)).UTC(), UpdatedAt: time.UnixMilli(v.integer(3)).UTC(),
		White: v.text(4), Black: v.text(5), WhiteLevel: v.text(6), BlackLevel: v.text(7),
		Result: v.text(8), Reason: v.text(9), Plies: int(v.integer(10)),
		TimeLimit: time.Duration(v.integer(11)) * time.Millisecond, TimeIncrement: time.Duration(v.integer(12)) * time.Millisecond,
	}
	if v.err != nil {
		return Summary{}, v.id(0), v.err
	}
	return m, m.ID, nil
}

// List returns summaries of the games opts selects, newest (by creation)
// first.
//
// A damaged database does not hide the games that can still be read: when
// some rows cannot be read (a value of the wrong type, a corrupt page of the
// file), List returns every game it could read together with a
// *DamageError (which wraps ErrDamaged) naming the others. Any other error
// returns no games.
func (s *SQLite) List(ctx context.Context, opts ListOptions) ([]Summary, error) {
	limit := opts.Limit
	if limit <= 0 {
		limit = -1 // SQLite: no limit
	}
	where := `(? = '' OR source = ?) AND (? = 0 OR (result = '*' AND reason <> 'aborted'))`
	args := []any{opts.Source, opts.Source, opts.Unfinished}
	if len(opts.IDs) > 0 {
		where += ` AND id IN (?` + strings.Repeat(`, ?`, len(opts.IDs)-1) + `)`
		for _, id := range opts.IDs {
			args = append(args, id)
		}
	}
	rows, err := s.db.QueryContext(ctx, `SELECT `+strings.Join(summaryColumns, ", ")+` FROM games
		WHERE `+where+` ORDER BY created_at DESC, rowid DESC LIMIT ?`, append(args, limit)...)
	if err != nil {
		if isCorrupt(err) {
			return s.listRowByRow(ctx, opts)
		}
		return nil, fmt.Errorf("store: list: %w", err)
	}
	defer rows.Close()
	list := []Summary{}
	damage := &DamageError{}
	for rows.Next() {
		m, id, err := scanSummary(rows)
		switch {
		case errors.Is(err, errBadValue):
			damage.add(id, err)
			continue
		case err != nil:
			return nil, fmt.Errorf("store: list: %w", err)
		}
		list = append(list, m)
	}
	if err := rows.Err(); err != nil {
		if isCorrupt(err) {
			rows.Close()
			return s.listRowByRow(ctx, opts)
		}
		return nil, fmt.Errorf("store: list: %w", err)
	}
	if damage.Err != nil {
		return list, damage
	}
	return list, nil
}

// listRowByRow is List in a database with a corrupt page: it reads the
// row ids in List's order from the index on created_at (which holds them,
// so the table is not read), then each row on its own, so that a corrupt
// page costs only the games stored on it.
func (s *SQLite) listRowByRow(ctx context.Context, opts ListOptions) ([]Summary, error) {
	damage := &DamageError{}
	ids, err := s.rowIDs(ctx)
	if err != nil {
		if !isCorrupt(err) {
			return nil, fmt.Errorf("store: list: %w", err)
		}
		damage.add("", err) // the rows after the corrupt index page are not listed
	}
	list := []Summary{}
	query := `SELECT ` + strings.Join(summaryColumns, ", ") + ` FROM games WHERE rowid = ?`
	for _, rowid := range ids {
		if opts.Limit > 0 && len(list) == opts.Limit {
			break
		}
		m, id, err := scanSummary(s.db.QueryRowContext(ctx, query, rowid))
		switch {
		case errors.Is(err, sql.ErrNoRows): // deleted meanwhile
			continue
		case isCorrupt(err), errors.Is(err, errBadValue):
			damage.add(id, err)
			continue
		case err != nil:
			return nil, fmt.Errorf("store: list: %w", err)
		}
		if (opts.Source == "" || m.Source == opts.Source) && (!opts.Unfinished || m.Result == "*" && m.Reason != Aborted) &&
			(len(opts.IDs) == 0 || slices.Contains(opts.IDs, m.ID)) {
			list = append(list, m)
		}
	}
	if damage.Err != nil {
		return list, damage
	}
	return list, nil
}

// rowIDs returns the rowids of every game in List's order, read from the
// index alone. After a corrupt index page it returns those read before it
// and the error.
func (s *SQLite) rowIDs(ctx context.Context) ([]int64, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT rowid FROM games INDEXED BY games_created ORDER BY created_at DESC, rowid DESC`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return ids, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}
