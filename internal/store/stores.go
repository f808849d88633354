package store

import (
	"context"
	"errors"
	"strings"
)

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
//     ErrNotFound.
//   - Delete removes a game (ErrNotFound when unknown), with its review.
//   - SaveReview stores a game's review, replacing any earlier one;
//     GetReview returns it, or ErrNotFound (see Review).
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

// Ping checks that the database answers.
func (s *SQLite) Ping(ctx context.Context) error { return s.db.PingContext(ctx) }
