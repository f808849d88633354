package store

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
)

// postgresMigrations are the PostgreSQL schema changes, in order:
// postgresMigrations[i] takes the database from version i to version i+1
// (outpost_schema.version). A released migration is never edited; a change
// to the schema is a new entry at the end. They mirror the SQLite schema
// (schema.go) where they can, in PostgreSQL's types.
var postgresMigrations = []string{
	// Version 1: the games (as SQLite's version 2: moves are UCI moves
	// separated by single spaces, clocks the readings after each move in
	// milliseconds or "-", clock_since NULL while no clock runs); seq
	// orders games created in the same millisecond. searches is the queue
	// of the AI's searches (see searches.go); workers the programs that
	// take them, with the time each last said it was alive.
	`CREATE TABLE games (
		id                TEXT PRIMARY KEY,
		seq               BIGINT GENERATED ALWAYS AS IDENTITY,
		token_hash        BYTEA,
		source            TEXT NOT NULL,
		created_at        TIMESTAMPTZ NOT NULL,
		updated_at        TIMESTAMPTZ NOT NULL,
		white             TEXT NOT NULL,
		black             TEXT NOT NULL,
		white_level       TEXT NOT NULL DEFAULT '',
		black_level       TEXT NOT NULL DEFAULT '',
		start_fen         TEXT NOT NULL,
		moves             TEXT NOT NULL DEFAULT '',
		plies             INTEGER NOT NULL DEFAULT 0,
		clocks            TEXT NOT NULL DEFAULT '',
		time_limit_ms     BIGINT NOT NULL DEFAULT 0,
		time_increment_ms BIGINT NOT NULL DEFAULT 0,
		clock_spent_ms    BIGINT NOT NULL DEFAULT 0,
		clock_since       TIMESTAMPTZ,
		result            TEXT NOT NULL DEFAULT '*',
		reason            TEXT NOT NULL DEFAULT '',
		speed_ms          INTEGER NOT NULL DEFAULT 0,
		paused            BOOLEAN NOT NULL DEFAULT FALSE,
		rev               BIGINT NOT NULL DEFAULT 0
	);
	CREATE INDEX games_created ON games (created_at DESC, seq DESC);
	CREATE INDEX games_unfinished ON games (source, updated_at DESC) WHERE result = '*';

	CREATE TABLE searches (
		id           BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
		game_id      TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
		rev          BIGINT NOT NULL,
		kind         TEXT NOT NULL,
		limits       TEXT NOT NULL DEFAULT '',
		queued_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
		not_before   TIMESTAMPTZ NOT NULL DEFAULT now(),
		worker       TEXT,
		leased_until TIMESTAMPTZ,
		started_at   TIMESTAMPTZ,
		attempts     INTEGER NOT NULL DEFAULT 0,
		result       TEXT,
		done_at      TIMESTAMPTZ
	);
	CREATE INDEX searches_game ON searches (game_id, rev);
	CREATE INDEX searches_waiting ON searches (not_before, id) WHERE done_at IS NULL;

	CREATE TABLE workers (
		id      TEXT PRIMARY KEY,
		host    TEXT NOT NULL,
		engines INTEGER NOT NULL,
		started TIMESTAMPTZ NOT NULL DEFAULT now(),
		seen_at TIMESTAMPTZ NOT NULL DEFAULT now()
	);`,

	// Version 2: reviews (as SQLite's version 3), one per game, deleted
	// with it.
	`CREATE TABLE reviews (
		game_id    TEXT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
		created_at TIMESTAMPTZ NOT NULL,
		moves      TEXT NOT NULL,
		data       TEXT NOT NULL
	);`,

	// Version 3: what redo would play and the standing draw offer (as
	// SQLite's version 4).
	`ALTER TABLE games ADD COLUMN redo TEXT NOT NULL DEFAULT '';
	ALTER TABLE games ADD COLUMN draw_offer TEXT NOT NULL DEFAULT '';`,

	// Version 4: the PGN a game was imported from, '' for a game played
	// here (as SQLite's version 5).
	`ALTER TABLE games ADD COLUMN import_pgn TEXT NOT NULL DEFAULT '';`,

	// Version 5: when the running clock's time runs out (see
	// deadlines.go), NULL while none runs. A game whose clock runs
	// already gets the earliest its deadline can be, when its clock
	// started: the first sweep reads it, ends it on time or sets its
	// true deadline.
	`ALTER TABLE games ADD COLUMN deadline TIMESTAMPTZ;
	UPDATE games SET deadline = clock_since WHERE clock_since IS NOT NULL AND result = '*' AND NOT paused;
	CREATE INDEX games_deadline ON games (deadline) WHERE deadline IS NOT NULL;`,

	// Version 6: a search's priority (see searches.go): a clocked game's
	// move first. Searches queued before it are untimed moves' peers.
	`ALTER TABLE searches ADD COLUMN IF NOT EXISTS priority SMALLINT NOT NULL DEFAULT 1;
	DROP INDEX IF EXISTS searches_waiting;
	CREATE INDEX searches_waiting ON searches (priority, not_before, id) WHERE done_at IS NULL;`,

	// Version 7: puzzles (see puzzles.go): the players' and the
	// puzzles' ratings, and every attempt (as SQLite's version 6).
	`CREATE TABLE puzzle_ratings (
		kind TEXT NOT NULL, id TEXT NOT NULL,
		rating DOUBLE PRECISION NOT NULL, deviation DOUBLE PRECISION NOT NULL, volatility DOUBLE PRECISION NOT NULL,
		attempts INTEGER NOT NULL,
		PRIMARY KEY (kind, id));
	CREATE TABLE puzzle_attempts (
		seq BIGSERIAL PRIMARY KEY, player TEXT NOT NULL, puzzle_id TEXT NOT NULL, solved BOOLEAN NOT NULL,
		at TIMESTAMPTZ NOT NULL, player_rating DOUBLE PRECISION NOT NULL, puzzle_rating DOUBLE PRECISION NOT NULL);
	CREATE INDEX puzzle_attempts_player ON puzzle_attempts (player, at);`,
}

// migrationLock is the key of the advisory lock the migrations take: one
// program migrates at a time, the others wait and then find the schema
// current.
const migrationLock = 0x6f7574706f7374 // "outpost"

// migrate brings the database to len(steps), in one transaction under the
// advisory lock: the steps not run yet, and the new version. A database
// newer than steps is an error: this program cannot read it.
func (p *Postgres) migrate(ctx context.Context, steps []string) error {
	return pgx.BeginFunc(ctx, p.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1)`, int64(migrationLock)); err != nil {
			return fmt.Errorf("migrate: %w", err)
		}
		if _, err := tx.Exec(ctx, `CREATE TABLE IF NOT EXISTS outpost_schema (version INTEGER NOT NULL);
			INSERT INTO outpost_schema (version) SELECT 0 WHERE NOT EXISTS (SELECT 1 FROM outpost_schema)`); err != nil {
			return fmt.Errorf("migrate: %w", err)
		}
		var v int
		if err := tx.QueryRow(ctx, `SELECT version FROM outpost_schema`).Scan(&v); err != nil {
			return fmt.Errorf("migrate: %w", err)
		}
		if v > len(steps) {
			return fmt.Errorf("schema version %d is newer than this program's %d: use a newer outpost", v, len(steps))
		}
		for ; v < len(steps); v++ {
			if _, err := tx.Exec(ctx, steps[v]); err != nil {
				return fmt.Errorf("migrate to version %d: %w", v+1, err)
			}
		}
		if _, err := tx.Exec(ctx, `UPDATE outpost_schema SET version = $1`, v); err != nil {
			return fmt.Errorf("migrate to version %d: %w", v, err)
		}
		return nil
	})
}
