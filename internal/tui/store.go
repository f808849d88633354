package tui

import (
	"context"
	"fmt"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/engine"
	"github.com/outpost-chess/outpost/internal/store"
)

// StoreKeeper keeps the terminal's games in the game store the web app
// shares, as games of source store.SourceTerminal.
type StoreKeeper struct {
	Store *store.Store
}

// Create stores g, with the moves played so far.
func (k StoreKeeper) Create(ctx context.Context, g *chess.Game, white, black Player) (string, error) {
	moves := g.Moves()
	sg := store.Game{
		Source:     store.SourceTerminal,
		White:      playerKind(white),
		Black:      playerKind(black),
		WhiteLevel: playerLevel(white),
		BlackLevel: playerLevel(black),
		StartFEN:   g.StartPosition().FEN(),
		Moves:      make([]string, len(moves)),
	}
	for i, m := range moves {
		sg.Moves[i] = m.String()
	}
	if err := k.Store.CreateGame(ctx, &sg); err != nil {
		return "", err
	}
	return sg.ID, nil
}

// Append stores m as the move after ply plies.
func (k StoreKeeper) Append(ctx context.Context, id string, ply int, m chess.Move) error {
	return k.Store.AppendMove(ctx, id, ply, m.String())
}

// Truncate keeps the first plies moves.
func (k StoreKeeper) Truncate(ctx context.Context, id string, plies int) error {
	return k.Store.Truncate(ctx, id, plies)
}

// Finish records the outcome.
func (k StoreKeeper) Finish(ctx context.Context, id string, o chess.Outcome) error {
	reason := ""
	if o.Reason != chess.NoReason {
		reason = o.Reason.String()
	}
	return k.Store.Finish(ctx, id, o.Result.String(), reason)
}

// playerKind returns the store's name for p's kind: store.Human or store.AI.
func playerKind(p Player) string {
	if p.AI {
		return store.AI
	}
	return store.Human
}

// playerLevel returns the level stored for p: the AI's, or DefaultLevel
// for a person (the level the side would get if the AI took it over).
func playerLevel(p Player) string {
	if p.AI {
		return p.Level.String()
	}
	return DefaultLevel
}

// ResumeLatest returns the terminal game in st that is unfinished and
// changed last: the game rebuilt from its moves, its players and its id.
// It returns an error wrapping store.ErrNotFound when there is none.
func ResumeLatest(ctx context.Context, st *store.Store) (*chess.Game, [2]Player, string, error) {
	sg, err := st.LatestUnfinished(ctx, store.SourceTerminal)
	if err != nil {
		return nil, [2]Player{}, "", err
	}
	g, players, err := gameFromStore(sg)
	if err != nil {
		return nil, [2]Player{}, "", err
	}
	return g, players, sg.ID, nil
}

// gameFromStore rebuilds a stored game with package chess, checking every
// move.
func gameFromStore(sg store.Game) (*chess.Game, [2]Player, error) {
	var players [2]Player
	for i, side := range [2]struct{ kind, level string }{{sg.White, sg.WhiteLevel}, {sg.Black, sg.BlackLevel}} {
		if side.kind != store.AI {
			continue
		}
		level, err := engine.ParseLevel(side.level)
		if err != nil {
			return nil, players, fmt.Errorf("tui: stored game %s: %w", sg.ID, err)
		}
		players[i] = AIPlayer(level)
	}
	g := chess.NewGame()
	if sg.StartFEN != "" && sg.StartFEN != chess.StartFEN {
		start, err := chess.ParseFEN(sg.StartFEN)
		if err != nil {
			return nil, players, fmt.Errorf("tui: stored game %s: %w", sg.ID, err)
		}
		g = chess.NewGameFromPosition(start)
	}
	for i, uci := range sg.Moves {
		m, err := g.Position().ParseUCI(uci)
		if err == nil {
			err = g.Play(m)
		}
		if err != nil {
			return nil, players, fmt.Errorf("tui: stored game %s, move %d: %w", sg.ID, i+1, err)
		}
	}
	return g, players, nil
}
