package store

import (
	"context"
	"database/sql"
	"fmt"
)

// migrations are the schema changes, in order: migrations[i] takes the
// database from version i to version i+1 (PRAGMA user_version). A released
// migration is never edited; a change to the schema is a new entry at the
// end.
var migrations = []string{
	// Version 1: one row per game; moves are the UCI moves separated by
	// single spaces, plies their number.
	`CREATE TABLE games (
		id          TEXT PRIMARY KEY,
		token_hash  BLOB,
		source      TEXT NOT NULL,
		created_at  INTEGER NOT NULL, -- Unix milliseconds
		updated_at  INTEGER NOT NULL,
		white       TEXT NOT NULL,
		black       TEXT NOT NULL,
		white_level TEXT NOT NULL DEFAULT '',
		black_level TEXT NOT NULL DEFAULT '',
		start_fen   TEXT NOT NULL,
		moves       TEXT NOT NULL DEFAULT '',
		plies       INTEGER NOT NULL DEFAULT 0,
		result      TEXT NOT NULL DEFAULT '*',
		reason      TEXT NOT NULL DEFAULT '',
		speed_ms    INTEGER NOT NULL DEFAULT 0,
		paused      INTEGER NOT NULL DEFAULT 0
	);
	CREATE INDEX games_created ON games (created_at);
	CREATE INDEX games_unfinished ON games (result, source, updated_at);`,

	// Version 2: clocks. clocks holds the clock reading after each move
	// (milliseconds its player had left, "-" for none), separated by
	// single spaces, or '' when no move has one; the time control is
	// time_limit_ms + time_increment_ms (both 0: no clock); the side to
	// move's clock had used clock_spent_ms when it last started, at
	// clock_since (Unix milliseconds; 0 while stopped). rev counts saves.
	`ALTER TABLE games ADD COLUMN clocks TEXT NOT NULL DEFAULT '';
	ALTER TABLE games ADD COLUMN time_limit_ms INTEGER NOT NULL DEFAULT 0;
	ALTER TABLE games ADD COLUMN time_increment_ms INTEGER NOT NULL DEFAULT 0;
	ALTER TABLE games ADD COLUMN clock_spent_ms INTEGER NOT NULL DEFAULT 0;
	ALTER TABLE games ADD COLUMN clock_since INTEGER NOT NULL DEFAULT 0;
	ALTER TABLE games ADD COLUMN rev INTEGER NOT NULL DEFAULT 0;`,

	// Version 3: reviews. One review per game, its latest: moves holds the
	// game's moves it reviewed (as games.moves does), data the review as
	// JSON (package review's shape; the store does not read it). Deleting
	// a game deletes its review (a trigger, so that the delete stays one
	// statement).
	`CREATE TABLE reviews (
		game_id    TEXT PRIMARY KEY,
		created_at INTEGER NOT NULL, -- Unix milliseconds
		moves      TEXT NOT NULL,
		data       TEXT NOT NULL
	);
	CREATE TRIGGER games_delete_review AFTER DELETE ON games
	BEGIN
		DELETE FROM reviews WHERE game_id = old.id;
	END;`,

	// Version 4: what redo would play (redo) and the side whose draw
	// offer stands (draw_offer), as package play writes them, so that any
	// program going on with a game has them.
	`ALTER TABLE games ADD COLUMN redo TEXT NOT NULL DEFAULT '';
	ALTER TABLE games ADD COLUMN draw_offer TEXT NOT NULL DEFAULT '';`,

	// Version 5: the PGN a game was imported from, as given ('' for a game
	// not imported): its tags, comments and variations, which the moves
	// alone do not keep.
	`ALTER TABLE games ADD COLUMN import_pgn TEXT NOT NULL DEFAULT '';`,

	// Version 6: puzzles (see puzzles.go): the players' and the puzzles'
	// ratings, and every attempt.
	`CREATE TABLE puzzle_ratings (
		kind TEXT NOT NULL, id TEXT NOT NULL,
		rating REAL NOT NULL, deviation REAL NOT NULL, volatility REAL NOT NULL, attempts INTEGER NOT NULL,
		PRIMARY KEY (kind, id));
	CREATE TABLE puzzle_attempts (
		player TEXT NOT NULL, puzzle_id TEXT NOT NULL, solved INTEGER NOT NULL,
		at INTEGER NOT NULL, player_rating REAL NOT NULL, puzzle_rating REAL NOT NULL);
	CREATE INDEX puzzle_attempts_player ON puzzle_attempts (player, at);`,
}

// migrate brings db to len(steps) by running the steps it has not run yet,
// each in its own transaction together with the new user_version. A
// database newer than steps is an error: this program cannot read it.
func migrate(ctx context.Context, db *sql.DB, steps []string) error {
	for {
		done, err := migrateOne(ctx, db, steps)
		if err != nil || done {
			return err
		}
	}
}

// migrateOne runs the next migration step, if any, and reports whether the
// schema was already current.
func migrateOne(ctx context.Context, db *sql.DB, steps []string) (done bool, err error) {
	tx, err := db.BeginTx(ctx, nil) // BEGIN IMMEDIATE: one migrating process at a time
	if err != nil {
		return false, fmt.Errorf("migrate: %w", err)
	}
	defer tx.Rollback()
	var v int
	if err := tx.QueryRowContext(ctx, `PRAGMA user_version`).Scan(&v); err != nil {
		return false, fmt.Errorf("migrate: %w", err)
	}
	switch {
	case v > len(steps):
		return false, fmt.Errorf("schema version %d is newer than this program's %d: use a newer outpost", v, len(steps))
	case v == len(steps):
		return true, nil
	}
	if _, err := tx.ExecContext(ctx, steps[v]); err != nil {
		return false, fmt.Errorf("migrate to version %d: %w", v+1, err)
	}
	if _, err := tx.ExecContext(ctx, fmt.Sprintf(`PRAGMA user_version = %d`, v+1)); err != nil {
		return false, fmt.Errorf("migrate to version %d: %w", v+1, err)
	}
	if err := tx.Commit(); err != nil {
		return false, fmt.Errorf("migrate to version %d: %w", v+1, err)
	}
	return false, nil
}
