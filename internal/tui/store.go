package tui

import (
	"context"
	"fmt"

	"github.com/outpost-chess/outpost/internal/play"
	"github.com/outpost-chess/outpost/internal/store"
)

// keeper keeps a terminal game in the store the web app shares (as a game
// of source store.SourceTerminal), so that --resume continues it. It keeps
// at its best: when keeping fails, the player is told once (takeError) and
// play goes on with the game no longer kept, rather than refusing moves
// because of a full disk.
type keeper struct {
	store *play.StoreKeeper
	err   error // a failure not yet reported
	off   bool  // keeping failed: nothing more is kept
}

// newKeeper returns a keeper of a new game in st (created at its first
// move), or nil when st is nil.
func newKeeper(st play.Store) *keeper {
	if st == nil {
		return nil
	}
	return &keeper{store: play.NewStoreKeeper(st, store.Game{Source: store.SourceTerminal}, true)}
}

// Keep keeps r, and never fails: a failure stops keeping (see keeper).
func (k *keeper) Keep(ctx context.Context, r *play.Record) error {
	if k.off {
		return nil
	}
	if err := k.store.Keep(ctx, r); err != nil {
		k.off = true
		k.err = errText(msgNoLongerKept, err)
	}
	return nil
}

// takeError returns the keeping failure not yet reported, once.
func (k *keeper) takeError() error {
	if k == nil {
		return nil
	}
	err := k.err
	k.err = nil
	return err
}

// Resumed is a stored terminal game to go on with (see ResumeLatest).
type Resumed struct {
	record *play.Record
	stored store.Game
}

// Players returns who plays the resumed game.
func (r *Resumed) Players() [2]play.Player { return r.record.Players }

// ResumeLatest returns the terminal game in st that is unfinished and
// changed last. It returns an error wrapping store.ErrNotFound when there
// is none, and an error when the game cannot be played by this version
// (an illegal stored move, an unknown level).
func ResumeLatest(ctx context.Context, st store.Store) (*Resumed, error) {
	sg, err := st.LatestUnfinished(ctx, store.SourceTerminal)
	if err != nil {
		return nil, err
	}
	r, err := play.RecordOf(sg)
	if err != nil {
		return nil, fmt.Errorf("tui: stored %w", err)
	}
	return &Resumed{record: r, stored: sg}, nil
}
