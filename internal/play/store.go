package play

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/store"
)

// Store is the part of the game store (internal/store) a kept game needs;
// *store.SQLite has it.
type Store interface {
	CreateGame(ctx context.Context, g *store.Game) error
	Save(ctx context.Context, g *store.Game) error
}

// StoreKeeper keeps a game as one game of a Store: it creates the stored
// game at its first Keep and saves over it at every later one, at the
// revision it last wrote (so that another program's change to the same
// game is refused rather than overwritten).
type StoreKeeper struct {
	st   Store
	sg   store.Game // the stored game as last kept, without its moves and clocks; its ID is "" until created
	lazy bool
}

// NewStoreKeeper returns a keeper that keeps a game in st. base holds what
// the store records and play does not: the source, the token hash, the
// speed; and, for a game already stored, its ID and Rev. A lazy keeper
// creates the stored game only once a move has been played (a game nobody
// moved in is not worth resuming).
func NewStoreKeeper(st Store, base store.Game, lazy bool) *StoreKeeper {
	return &StoreKeeper{st: st, sg: base, lazy: lazy}
}

// ID returns the stored game's id, or "" before it is created.
func (k *StoreKeeper) ID() string { return k.sg.ID }

// Rev returns the stored game's revision as last kept.
func (k *StoreKeeper) Rev() int64 { return k.sg.Rev }

// Keep creates or saves the stored game as r says. It tells the store
// whether the AI is to move after the change (store.Game.AIDue), for a
// store that queues the AI's searches, and after what pause: between two
// AIs without clocks, the game's speed after a move; and when the running
// clock's time runs out (store.Game.Deadline, Record.Deadline), for a store
// that lets any program end the game on time.
func (k *StoreKeeper) Keep(ctx context.Context, r *Record) error {
	next := k.sg
	fill(&next, r)
	next.AIDue, next.AIDelay = r.AIDue(), 0
	if next.AIDue && r.Players[chess.White].AI && r.Players[chess.Black].AI && !r.TimeControl.Timed() && len(r.Moves) > len(k.sg.Moves) {
		next.AIDelay = time.Duration(next.SpeedMs) * time.Millisecond
	}
	if next.ID == "" {
		if k.lazy && len(r.Moves) == 0 {
			return nil
		}
		if err := k.st.CreateGame(ctx, &next); err != nil {
			return err
		}
	} else if err := k.st.Save(ctx, &next); err != nil {
		return err
	}
	// The moves and clocks are the record's, filled afresh at each Keep:
	// keeping them would hold a copy of the game's history.
	next.Moves, next.Clocks = nil, nil
	k.sg = next
	return nil
}

// fill sets the fields of sg that play owns from r.
func fill(sg *store.Game, r *Record) {
	sg.White, sg.WhiteLevel = r.Players[chess.White].Kind(), r.Players[chess.White].LevelName()
	sg.Black, sg.BlackLevel = r.Players[chess.Black].Kind(), r.Players[chess.Black].LevelName()
	sg.StartFEN = StoredStart(r.Start)
	sg.Moves = make([]string, len(r.Moves))
	pos := *r.Start
	for i, m := range r.Moves {
		sg.Moves[i] = pos.UCI(m)
		pos.MakeMove(m)
	}
	sg.Clocks = append([]time.Duration(nil), r.Clocks...)
	sg.TimeLimit, sg.TimeIncrement = r.TimeControl.Limit, r.TimeControl.Increment
	sg.ClockSpent, sg.ClockSince, sg.Deadline = r.Spent, r.Since, r.Deadline()
	sg.Result, sg.Reason = r.Outcome.Result.String(), ""
	if r.Outcome.IsOver() && r.Outcome.Reason != chess.NoReason {
		sg.Reason = r.Outcome.Reason.String()
	}
	sg.Paused = r.Paused
	sg.Redo, sg.DrawOffer = writeRedo(r.Redo, pos), ""
	if r.Offer != nil {
		sg.DrawOffer = (*r.Offer).String()
	}
}

// writeRedo writes what redo would play for the store: a takeback's moves
// in UCI separated by spaces, "|", their clock readings in milliseconds
// ("-" for none), "|", the result and "|" the reason of the end they had;
// the takebacks separated by ";". pos is the game's position, which the
// last takeback's moves follow (UCI writes castling by it; see
// chess.Position.UCI).
func writeRedo(redo []TakenBack, pos chess.Position) string {
	steps := make([]string, len(redo))
	for i := len(redo) - 1; i >= 0; i-- {
		u := redo[i]
		moves := make([]string, len(u.Moves))
		clocks := make([]string, len(u.Moves))
		for j, m := range u.Moves {
			moves[j], clocks[j] = pos.UCI(m), "-"
			pos.MakeMove(m)
			if j < len(u.Clocks) && u.Clocks[j] >= 0 {
				clocks[j] = strconv.FormatInt(u.Clocks[j].Milliseconds(), 10)
			}
		}
		reason := ""
		if u.End.IsOver() && u.End.Reason != chess.NoReason {
			reason = u.End.Reason.String()
		}
		steps[i] = strings.Join(moves, " ") + "|" + strings.Join(clocks, " ") + "|" + u.End.Result.String() + "|" + reason
	}
	return strings.Join(steps, ";")
}

// readRedo reads what writeRedo wrote, from pos, the game's position: each
// takeback's moves must be legal after the ones before.
func readRedo(s string, pos chess.Position) ([]TakenBack, error) {
	if s == "" {
		return nil, nil
	}
	var redo []TakenBack
	steps := strings.Split(s, ";")
	// The last takeback comes back first: its moves follow pos; those of
	// the one before follow them.
	for i := len(steps) - 1; i >= 0; i-- {
		parts := strings.Split(steps[i], "|")
		if len(parts) != 4 {
			return nil, fmt.Errorf("redo %q: want moves|clocks|result|reason", steps[i])
		}
		moves, clocks := strings.Fields(parts[0]), strings.Fields(parts[1])
		if len(moves) == 0 || len(clocks) != len(moves) {
			return nil, fmt.Errorf("redo %q: %d moves and %d clock readings", steps[i], len(moves), len(clocks))
		}
		u := TakenBack{}
		for j, uci := range moves {
			m, err := pos.ParseUCI(uci)
			if err != nil {
				return nil, fmt.Errorf("redo move %q: %w", uci, err)
			}
			pos.MakeMove(m)
			reading := NoClock
			if ms, err := strconv.ParseInt(clocks[j], 10, 64); err == nil && ms >= 0 {
				reading = time.Duration(ms) * time.Millisecond
			}
			u.Moves, u.Clocks = append(u.Moves, m), append(u.Clocks, reading)
		}
		end, err := storedOutcome(parts[2], parts[3])
		if err != nil {
			return nil, fmt.Errorf("redo %q: %w", steps[i], err)
		}
		u.End = end
		redo = append([]TakenBack{u}, redo...)
	}
	return redo, nil
}

// RecordOf reads a stored game's record: its players (an unknown level is
// an error), start position, moves in UCI (each checked in turn), clock
// readings, result and clock state.
func RecordOf(sg store.Game) (*Record, error) {
	r := &Record{
		Clocks:      append([]time.Duration(nil), sg.Clocks...),
		Paused:      sg.Paused,
		TimeControl: TimeControl{Limit: sg.TimeLimit, Increment: sg.TimeIncrement},
		Spent:       sg.ClockSpent,
		Since:       sg.ClockSince,
	}
	var err error
	if r.Players[chess.White], err = ParsePlayer(sg.White, sg.WhiteLevel); err != nil {
		return nil, fmt.Errorf("game %s: White: %w", sg.ID, err)
	}
	if r.Players[chess.Black], err = ParsePlayer(sg.Black, sg.BlackLevel); err != nil {
		return nil, fmt.Errorf("game %s: Black: %w", sg.ID, err)
	}
	if r.Start, err = ParseStoredStart(sg.StartFEN); err != nil {
		return nil, fmt.Errorf("game %s: start position: %w", sg.ID, err)
	}
	pos := *r.Start
	for i, uci := range sg.Moves {
		m, err := pos.ParseUCI(uci)
		if err != nil {
			return nil, fmt.Errorf("game %s: move %d %q: %w", sg.ID, i+1, uci, err)
		}
		pos.MakeMove(m)
		r.Moves = append(r.Moves, m)
	}
	if r.Outcome, err = storedOutcome(sg.Result, sg.Reason); err != nil {
		return nil, fmt.Errorf("game %s: %w", sg.ID, err)
	}
	if r.Redo, err = readRedo(sg.Redo, pos); err != nil {
		return nil, fmt.Errorf("game %s: %w", sg.ID, err)
	}
	switch sg.DrawOffer {
	case "":
	case "white", "black":
		c := chess.White
		if sg.DrawOffer == "black" {
			c = chess.Black
		}
		r.Offer = &c
	default:
		return nil, fmt.Errorf("game %s: draw offer %q: want white, black or nothing", sg.ID, sg.DrawOffer)
	}
	return r, nil
}

// storedOutcome reads a stored result and reason (one this version does
// not know is no reason: the result stands); "*" with the reason
// "aborted" is an aborted game.
func storedOutcome(result, reason string) (chess.Outcome, error) {
	r, err := chess.ParseResult(result)
	why, _ := chess.ParseReason(reason)
	if err == nil && r == chess.NoResult && why == chess.Aborted {
		return chess.Outcome{Reason: chess.Aborted}, nil
	}
	if err != nil || r == chess.NoResult {
		return chess.Outcome{}, err
	}
	return chess.Outcome{Result: r, Reason: why}, nil
}
