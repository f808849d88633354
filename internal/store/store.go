// Package store keeps Outpost's games: the web app's (internal/server) and
// the terminal game's (internal/tui) share one SQLite database in the user's
// data directory.
//
// A Game is a start position (FEN), the moves played from it in UCI
// notation, the two players (human or AI, with the AI's level), the result
// once it ended, and the web app's settings. The store does not know the
// rules of chess: callers check every move with package chess before
// appending it, and rebuild a chess.Game from StartFEN and Moves when they
// load one.
//
// Every method that changes a game commits before it returns, so a move
// whose AppendMove returned nil survives a crash of the process. The moves
// of a game are one column of its row, so appending, truncating and reading
// them is a single statement: a reader never sees half a change.
//
// The database is SQLite through modernc.org/sqlite (pure Go, no cgo) in
// WAL mode, synchronous=FULL (or NORMAL, see Sync), with a busy timeout so
// that two processes (the server and a terminal game) can share it. Reads
// run in parallel. Writes from one Store go to one goroutine that commits
// those waiting together in one transaction (group commit: one fsync for
// many moves); each write changes the database with one statement, so one
// that fails (a stale ply) leaves the others alone; each caller returns once
// its write is committed. The schema is versioned by PRAGMA
// user_version and migrated by Open (see migrations in schema.go).
//
// Files: store.go (Open, the Game type and its methods), committer.go (the
// group commit), schema.go (the migrations), id.go (random game ids).
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	_ "modernc.org/sqlite" // registers the "sqlite" driver
)

// Sources of games: which program created them.
const (
	SourceWeb      = "web"
	SourceTerminal = "terminal"
)

// Players.
const (
	Human = "human"
	AI    = "ai"
)

// Errors returned by the store's methods (test them with errors.Is).
var (
	// ErrNotFound: no game has the given id.
	ErrNotFound = errors.New("store: no such game")
	// ErrConflict: the ply given to AppendMove(s) is not the number of
	// moves stored, or Truncate asked for more plies than are stored.
	ErrConflict = errors.New("store: the game has a different number of moves")
	// ErrFinished: a move was appended to a game that has a result.
	ErrFinished = errors.New("store: the game is over")
)

// Game is a stored game.
type Game struct {
	ID        string // 12 random base32 characters, assigned by CreateGame when empty
	TokenHash []byte // SHA-256 of the web player's token; nil for terminal games
	Source    string // SourceWeb or SourceTerminal
	CreatedAt time.Time
	UpdatedAt time.Time // the last change of moves, result or settings

	White, Black           string // Human or AI
	WhiteLevel, BlackLevel string // engine level names ("1".."8", "classic", "max")

	StartFEN string   // the position the game started from
	Moves    []string // the moves played from StartFEN, in UCI notation

	Result string // "*" while in progress, "1-0", "0-1" or "1/2-1/2"
	Reason string // why it ended ("checkmate", "resignation", ...); "" while in progress

	SpeedMs int  // the pause between two AI moves when both sides are AI
	Paused  bool // AI moves are stopped
}

// Settings are the parts of a game that can change without a move.
type Settings struct {
	WhiteLevel, BlackLevel string
	SpeedMs                int
	Paused                 bool
}

// Summary describes a game in a list.
type Summary struct {
	ID                     string
	Source                 string
	CreatedAt, UpdatedAt   time.Time
	White, Black           string
	WhiteLevel, BlackLevel string
	Result, Reason         string
	Plies                  int // the number of moves played
}

// ListOptions select the games List returns.
type ListOptions struct {
	Source     string // only games from this source; "" for all
	Unfinished bool   // only games still in progress (Result "*")
	Limit      int    // at most this many; 0 for all
}

// Store is an open game database. Its methods are safe for concurrent use.
type Store struct {
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
// the file was written by a newer Outpost whose schema it does not know.
// Commits are SyncFull.
func Open(path string) (*Store, error) { return OpenWith(path, Options{}) }

// OpenWith is Open with options.
func OpenWith(path string, opts Options) (*Store, error) {
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
		return nil, fmt.Errorf("store: %s: %w", path, err)
	}
	wconn, err := db.Conn(context.Background())
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("store: %s: %w", path, err)
	}
	s := &Store{db: db, now: time.Now, ops: make(chan *writeOp), quit: make(chan struct{}), writerEnd: make(chan struct{}),
		wconn: wconn, stmts: map[string]*sql.Stmt{}}
	go s.writer()
	return s, nil
}

// escapePath makes a file path safe inside a "file:" URI.
func escapePath(p string) string {
	return strings.NewReplacer("%", "%25", "?", "%3f", "#", "%23").Replace(p)
}

// Close waits for the writes under way to commit and closes the database.
// Calls after Close fail.
func (s *Store) Close() error {
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

// CreateGame stores a new game. It assigns g.ID when empty and sets
// CreatedAt and UpdatedAt to now (both), Result to "*" when empty, and
// Source to SourceWeb when empty. g.Moves may already hold moves (an
// imported game).
func (s *Store) CreateGame(ctx context.Context, g *Game) error {
	if g.ID != "" {
		return s.createGame(ctx, g)
	}
	for range 3 { // a random id is taken once in 2^60
		id, err := NewID()
		if err != nil {
			return err
		}
		g.ID = id
		if err := s.createGame(ctx, g); !errors.Is(err, errIDTaken) {
			return err
		}
	}
	return errIDTaken
}

// createGame stores g, whose ID is set.
func (s *Store) createGame(ctx context.Context, g *Game) error {
	if g.Result == "" {
		g.Result = "*"
	}
	if g.Source == "" {
		g.Source = SourceWeb
	}
	if err := checkMoves(g.Moves); err != nil {
		return err
	}
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
			 start_fen, moves, plies, result, reason, speed_ms, paused)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			g.ID, g.TokenHash, g.Source, now.UnixMilli(), now.UnixMilli(), g.White, g.Black, g.WhiteLevel, g.BlackLevel,
			g.StartFEN, strings.Join(g.Moves, " "), len(g.Moves), g.Result, g.Reason, g.SpeedMs, g.Paused)
		return err
	})
	if err != nil {
		return fmt.Errorf("store: create game: %w", err)
	}
	g.CreatedAt, g.UpdatedAt = now, now
	return nil
}

// checkMoves rejects moves that cannot be stored in the space-separated
// moves column. It does not check legality.
func checkMoves(moves []string) error {
	for _, m := range moves {
		if m == "" || strings.ContainsAny(m, " \t\r\n") {
			return fmt.Errorf("store: bad move %q", m)
		}
	}
	return nil
}

// AppendMove appends one move (UCI) to game id, whose stored length must be
// ply. It returns ErrNotFound, ErrConflict (another length), or ErrFinished
// (the game has a result); then nothing changes.
func (s *Store) AppendMove(ctx context.Context, id string, ply int, uci string) error {
	return s.AppendMoves(ctx, id, ply, []string{uci})
}

// AppendMoves appends moves (UCI) to game id, whose stored length must be
// ply, in one transaction: all of them or none. Errors are those of
// AppendMove.
func (s *Store) AppendMoves(ctx context.Context, id string, ply int, moves []string) error {
	if len(moves) == 0 {
		return nil
	}
	if err := checkMoves(moves); err != nil {
		return err
	}
	joined := strings.Join(moves, " ")
	updated := s.nowMilli()
	return s.write(ctx, func(w *writeTx) error {
		res, err := w.exec(`UPDATE games
			SET moves = CASE WHEN plies = 0 THEN ? ELSE moves || ' ' || ? END,
			    plies = plies + ?, updated_at = ?
			WHERE id = ? AND plies = ? AND result = '*'`,
			joined, joined, len(moves), updated, id, ply)
		if err != nil {
			return fmt.Errorf("store: append move: %w", err)
		}
		if n, err := res.RowsAffected(); err != nil || n == 1 {
			return err
		}
		var result string
		err = w.queryRow(`SELECT result FROM games WHERE id = ?`, id).Scan(&result)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			return ErrNotFound
		case err != nil:
			return fmt.Errorf("store: %w", err)
		case result != "*":
			return ErrFinished
		}
		return ErrConflict
	})
}

// Truncate keeps the first plies moves of game id, drops the rest, and
// clears the result (a takeback resumes a finished game). It returns
// ErrNotFound, or ErrConflict when fewer than plies moves are stored.
func (s *Store) Truncate(ctx context.Context, id string, plies int) error {
	if plies < 0 {
		return fmt.Errorf("store: truncate to %d plies", plies)
	}
	updated := s.nowMilli()
	return s.write(ctx, func(w *writeTx) error {
		var moves string
		var n int
		err := w.queryRow(`SELECT moves, plies FROM games WHERE id = ?`, id).Scan(&moves, &n)
		if errors.Is(err, sql.ErrNoRows) {
			return ErrNotFound
		}
		if err != nil {
			return fmt.Errorf("store: %w", err)
		}
		if plies > n {
			return ErrConflict
		}
		kept := strings.Join(splitMoves(moves)[:plies], " ")
		if _, err := w.exec(`UPDATE games SET moves = ?, plies = ?, result = '*', reason = '', updated_at = ? WHERE id = ?`,
			kept, plies, updated, id); err != nil {
			return fmt.Errorf("store: truncate: %w", err)
		}
		return nil
	})
}

// Finish records the result ("1-0", "0-1" or "1/2-1/2") of game id and why
// ("checkmate", "resignation", ...). It returns ErrNotFound for an unknown
// game. Finishing a finished game replaces its result.
func (s *Store) Finish(ctx context.Context, id, result, reason string) error {
	switch result {
	case "1-0", "0-1", "1/2-1/2":
	default:
		return fmt.Errorf("store: %q is not a result of a finished game", result)
	}
	return s.update(ctx, `UPDATE games SET result = ?, reason = ?, updated_at = ? WHERE id = ?`,
		result, reason, s.nowMilli(), id)
}

// UpdateSettings replaces the levels, speed and paused flag of game id. It
// returns ErrNotFound for an unknown game.
func (s *Store) UpdateSettings(ctx context.Context, id string, st Settings) error {
	return s.update(ctx, `UPDATE games SET white_level = ?, black_level = ?, speed_ms = ?, paused = ?, updated_at = ? WHERE id = ?`,
		st.WhiteLevel, st.BlackLevel, st.SpeedMs, st.Paused, s.nowMilli(), id)
}

// Delete removes game id. It returns ErrNotFound for an unknown game.
func (s *Store) Delete(ctx context.Context, id string) error {
	return s.update(ctx, `DELETE FROM games WHERE id = ?`, id)
}

// update runs a statement that changes the one row of a game, whose id is
// the last argument.
func (s *Store) update(ctx context.Context, query string, args ...any) error {
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

func (s *Store) nowMilli() int64 { return s.now().UnixMilli() }

// gameColumns are the columns scanGame reads, in order.
var gameColumns = []string{"id", "token_hash", "source", "created_at", "updated_at", "white", "black",
	"white_level", "black_level", "start_fen", "moves", "result", "reason", "speed_ms", "paused"}

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
	}
	if v.err != nil {
		return Game{}, v.err
	}
	return g, nil
}

func splitMoves(s string) []string {
	if s == "" {
		return []string{}
	}
	return strings.Split(s, " ")
}

// Get returns game id, or ErrNotFound, or an error wrapping ErrDamaged when
// its row cannot be read.
func (s *Store) Get(ctx context.Context, id string) (Game, error) {
	g, err := scanGame(s.db.QueryRowContext(ctx, selectGame+` WHERE id = ?`, id))
	if err != nil {
		return Game{}, notFoundOrDamaged(id, err)
	}
	return g, nil
}

// LatestUnfinished returns the game of the given source ("" for any) still
// in progress that changed last, or ErrNotFound when there is none.
func (s *Store) LatestUnfinished(ctx context.Context, source string) (Game, error) {
	g, err := scanGame(s.db.QueryRowContext(ctx, selectGame+`
		WHERE result = '*' AND (? = '' OR source = ?) ORDER BY updated_at DESC, rowid DESC LIMIT 1`, source, source))
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
	"white_level", "black_level", "result", "reason", "plies"}

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
func (s *Store) List(ctx context.Context, opts ListOptions) ([]Summary, error) {
	limit := opts.Limit
	if limit <= 0 {
		limit = -1 // SQLite: no limit
	}
	rows, err := s.db.QueryContext(ctx, `SELECT `+strings.Join(summaryColumns, ", ")+` FROM games
		WHERE (? = '' OR source = ?) AND (? = 0 OR result = '*')
		ORDER BY created_at DESC, rowid DESC LIMIT ?`,
		opts.Source, opts.Source, opts.Unfinished, limit)
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
func (s *Store) listRowByRow(ctx context.Context, opts ListOptions) ([]Summary, error) {
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
		if (opts.Source == "" || m.Source == opts.Source) && (!opts.Unfinished || m.Result == "*") {
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
func (s *Store) rowIDs(ctx context.Context) ([]int64, error) {
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
