// Package store keeps Outpost's games: the web app's (internal/server) and
// the terminal game's (internal/tui) share one SQLite database in the user's
// data directory (SQLite, the default); servers on several machines share a
// PostgreSQL database (Postgres), which also hands out the AI's searches to
// workers anywhere (searches.go) and tells every server of every change
// (notify.go). Both implement Store, and one test suite
// (internal/store/storetest) runs against both.
//
// A Game is a start position (FEN), the moves played from it in UCI
// notation with the clock reading after each, the two players (human or
// AI, with the AI's level), the time control and the state of the side to
// move's clock, the result once it ended, and the web app's settings. The
// store does not know the rules of chess: package play checks every change
// and hands the store the whole game after it (Save, through
// play.StoreKeeper), and rebuilds the game when it loads one.
//
// Every method that changes a game commits before it returns, so a move
// whose Save returned nil survives a crash of the process. A game is one
// row, so a Save is a single statement: a reader never sees half a change.
// Each Save names the revision it changes (Game.Rev), so that two programs
// on one game (a terminal game resumed twice) cannot overwrite each
// other's moves: the second gets ErrConflict.
//
// SQLite is reached through modernc.org/sqlite (pure Go, no cgo) in
// WAL mode, synchronous=FULL (or NORMAL, see Sync), with a busy timeout so
// that two processes (the server and a terminal game) can share it. Reads
// run in parallel. Writes from one Store go to one goroutine that commits
// those waiting together in one transaction (group commit: one fsync for
// many moves); each write changes the database with one statement, so one
// that fails (a stale revision) leaves the others alone; each caller returns once
// its write is committed. The schema is versioned by PRAGMA
// user_version and migrated by Open (see migrations in schema.go).
//
// PostgreSQL is reached through github.com/jackc/pgx/v5 (pure Go). A Save
// is one statement: the update at the expected revision, the search it
// queues or cancels, and the notification of the change, all committed
// together. Its schema is versioned in the table outpost_schema and
// migrated by OpenPostgres under an advisory lock, so that several servers
// may start at once.
//
// A game may have a review (Review, SaveReview, GetReview): the moves it
// reviewed and the review as JSON, deleted with the game.
//
// Files: store.go (the Game type, the Store interface, OpenDB), sqlite.go
// (the SQLite store), review.go (a game's review), committer.go (SQLite's
// group commit), schema.go (SQLite's migrations), postgres.go (the
// PostgreSQL store), postgres_schema.go (its migrations), searches.go (the
// queue of searches), deadlines.go (the clocks' deadlines, for ending games
// on time anywhere), puzzles.go (puzzle ratings and attempts), notify.go
// (LISTEN/NOTIFY), id.go (random game ids).
package store

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
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
	// ErrConflict: the game was saved by another program since it was
	// read (Save at a stale revision).
	ErrConflict = errors.New("store: the game was changed by another program")
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

	StartFEN string   // the position the game started from: its FEN, "chess960 " and its FEN for a Chess960 game (play.StoredStart)
	Moves    []string // the moves played from StartFEN, in UCI notation (castling in Chess960 as the king taking its rook)

	// Clocks holds the clock reading after each move of Moves: the time
	// the player who made it had left, or NoClock. It is empty when no
	// move has a reading.
	Clocks []time.Duration
	// TimeLimit and TimeIncrement are the time control: each side's time
	// for the game and what a move adds; both zero for a game without
	// clocks.
	TimeLimit, TimeIncrement time.Duration
	// The clock of the side to move had used ClockSpent on this move when
	// it last started, at ClockSince; ClockSince is zero while it is
	// stopped.
	ClockSpent time.Duration
	ClockSince time.Time

	Result string // "*" while in progress (or aborted), "1-0", "0-1" or "1/2-1/2"
	Reason string // why it ended ("checkmate", "resignation", ...; "aborted" with Result "*"); "" while in progress

	SpeedMs int  // the pause between two AI moves when both sides are AI
	Paused  bool // AI moves and clocks are stopped

	// Redo is what redo would play again and DrawOffer the side whose
	// draw offer stands ("white", "black" or ""), as package play writes
	// them; the store keeps them without reading them.
	Redo, DrawOffer string

	// Rev counts the game's saves (see Save), from 0 at its creation.
	Rev int64

	// AIDue and AIDelay are not stored: they tell a store that queues
	// the AI's searches (Postgres; worker.MemQueue over any store) that
	// the AI is to move after this CreateGame or Save, and how long its
	// search waits before it starts (AI against AI: the pause between
	// their moves). play.StoreKeeper sets them from the rules; the SQLite
	// store ignores them (its server queues its AI's moves on its own
	// scheduler).
	AIDue   bool
	AIDelay time.Duration

	// Deadline is when the side to move's time runs out (see
	// play.Record.Deadline), zero while no clock runs; play.StoreKeeper
	// sets it at every CreateGame and Save. A store shared by several
	// programs (Postgres) keeps it, so that any of them can end the game
	// on time (see deadlines.go), as worker.MemQueue does in one process;
	// Get does not read it back, and the SQLite store ignores it (its one
	// server holds its games' clocks).
	Deadline time.Time

	// ImportPGN is the PGN the game was imported from, as given (its tags,
	// comments and variations), or "". It is set at CreateGame and never
	// changes.
	ImportPGN string
}

// NoClock is the reading in Game.Clocks of a move made without a clock.
const NoClock time.Duration = -1

// Summary describes a game in a list.
type Summary struct {
	ID                     string
	Source                 string
	CreatedAt, UpdatedAt   time.Time
	White, Black           string
	WhiteLevel, BlackLevel string
	Result, Reason         string
	Plies                  int // the number of moves played
	// The time control (both zero for a game without clocks).
	TimeLimit, TimeIncrement time.Duration
}

// Aborted is the Reason of a game aborted before its first moves came
// (chess.Aborted): its Result stays "*", but it is not unfinished.
const Aborted = "aborted"

// ListOptions select the games List returns.
type ListOptions struct {
	Source     string   // only games from this source; "" for all
	Unfinished bool     // only games still in progress (Result "*", Reason not Aborted)
	IDs        []string // only these games (those that exist); nil or empty for all
	Limit      int      // at most this many; 0 for all
}

// Store is a game database: SQLite (one machine) or Postgres (several).
// Its methods are safe for concurrent use, and every method that changes a
// game has committed when it returns nil. The contracts, which the shared
// test suite (internal/store/storetest) checks on both:
//
//   - CreateGame stores a new game: it assigns g.ID when empty, sets
//     CreatedAt and UpdatedAt to now, Result to "*" and Source to SourceWeb
//     when empty, and Rev to 0. g.Moves may already hold moves.
//   - Save stores g's players and levels, moves, clock readings, clock
//     state, result and pause over game g.ID, whose stored revision must
//     be g.Rev: the whole change or nothing. It then increments g.Rev and
//     sets g.UpdatedAt. The start position, time control, source, token,
//     creation time and speed are not changed. It returns ErrNotFound, or
//     ErrConflict when the game was saved since g.Rev was read; then
//     nothing changes.
//   - SetSpeed sets a game's pause between two AI moves (milliseconds),
//     leaving its revision alone.
//   - Get returns a game, ErrNotFound, or an error wrapping ErrDamaged.
//   - List returns summaries, newest (by creation) first; LatestUnfinished
//     the unfinished game of a source ("" for any) that changed last, or
//     ErrNotFound. An aborted game (Result "*", Reason Aborted) is not
//     unfinished.
//   - Delete removes a game (ErrNotFound when unknown), with its review.
//   - SaveReview stores a game's review, replacing any earlier one;
//     GetReview returns it, or ErrNotFound (see Review).
//   - PlayerPuzzleRating and PuzzleRating return a rating and whether
//     there is one; SavePuzzleAttempt keeps an attempt with both ratings
//     after it, at once; PuzzleAttempts returns a player's latest, newest
//     first (see puzzles.go).
//   - Ping checks that the database answers.
type Store interface {
	CreateGame(ctx context.Context, g *Game) error
	Save(ctx context.Context, g *Game) error
	SetSpeed(ctx context.Context, id string, ms int) error
	Get(ctx context.Context, id string) (Game, error)
	List(ctx context.Context, opts ListOptions) ([]Summary, error)
	LatestUnfinished(ctx context.Context, source string) (Game, error)
	Delete(ctx context.Context, id string) error
	SaveReview(ctx context.Context, r *Review) error
	GetReview(ctx context.Context, id string) (Review, error)
	PlayerPuzzleRating(ctx context.Context, player string) (PuzzleRating, bool, error)
	PuzzleRating(ctx context.Context, id string) (PuzzleRating, bool, error)
	SavePuzzleAttempt(ctx context.Context, a *PuzzleAttempt) error
	PuzzleAttempts(ctx context.Context, player string, limit int) ([]PuzzleAttempt, error)
	Ping(ctx context.Context) error
	Close() error
}

// IsPostgresURL reports whether db names a PostgreSQL database
// ("postgres://..." or "postgresql://...") rather than a SQLite file.
func IsPostgresURL(db string) bool {
	return strings.HasPrefix(db, "postgres://") || strings.HasPrefix(db, "postgresql://")
}

// OpenDB opens the game database db names: a PostgreSQL URL (see
// IsPostgresURL) with OpenPostgres, anything else as the path of a SQLite
// file with OpenWith and opts.
func OpenDB(ctx context.Context, db string, opts Options) (Store, error) {
	if IsPostgresURL(db) {
		return OpenPostgres(ctx, db)
	}
	return OpenWith(db, opts)
}

// createGame is CreateGame of every store: it fills g's defaults (Result
// "*", Source SourceWeb), checks it, and stores it with create, under a new
// random id when g has none (taken again in the 2^-60 chance that it is
// taken; create returns errIDTaken then).
func createGame(ctx context.Context, g *Game, create func(ctx context.Context, g *Game) error) error {
	if g.Result == "" {
		g.Result = "*"
	}
	if g.Source == "" {
		g.Source = SourceWeb
	}
	if err := checkGame(g); err != nil {
		return err
	}
	if g.ID != "" {
		return create(ctx, g)
	}
	for range 3 {
		id, err := NewID()
		if err != nil {
			return err
		}
		g.ID = id
		if err := create(ctx, g); !errors.Is(err, errIDTaken) {
			return err
		}
	}
	return errIDTaken
}

// checkGame rejects what cannot be stored: moves that do not fit the
// space-separated moves column, more clock readings than moves, a result
// that is not one. It does not check legality.
func checkGame(g *Game) error {
	if err := checkMoves(g.Moves); err != nil {
		return err
	}
	if len(g.Clocks) > len(g.Moves) {
		return fmt.Errorf("store: %d clock readings for %d moves", len(g.Clocks), len(g.Moves))
	}
	switch g.Result {
	case "*", "1-0", "0-1", "1/2-1/2":
	default:
		return fmt.Errorf("store: %q is not a result", g.Result)
	}
	return nil
}

// joinClocks writes the clock readings of n moves for the clocks column:
// milliseconds, "-" for none, or "" when there is none at all.
func joinClocks(clocks []time.Duration, n int) string {
	timed := false
	for _, c := range clocks {
		timed = timed || c >= 0
	}
	if !timed {
		return ""
	}
	parts := make([]string, n)
	for i := range parts {
		parts[i] = "-"
		if i < len(clocks) && clocks[i] >= 0 {
			parts[i] = strconv.FormatInt(clocks[i].Milliseconds(), 10)
		}
	}
	return strings.Join(parts, " ")
}

// splitClocks reads the clocks column: nil when it is empty.
func splitClocks(s string) []time.Duration {
	if s == "" {
		return nil
	}
	parts := strings.Split(s, " ")
	clocks := make([]time.Duration, len(parts))
	for i, p := range parts {
		ms, err := strconv.ParseInt(p, 10, 64)
		if err != nil || ms < 0 {
			clocks[i] = NoClock
			continue
		}
		clocks[i] = time.Duration(ms) * time.Millisecond
	}
	return clocks
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

func splitMoves(s string) []string {
	if s == "" {
		return []string{}
	}
	return strings.Split(s, " ")
}
