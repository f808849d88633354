package uci

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/outpost-chess/outpost/chess"
)

// position runs "position startpos|fen <FEN> [moves <m1> ...]". The command
// is checked whole before anything changes: a malformed FEN or an illegal
// move rejects it, keeping the last good position (and a running search).
func (l *Loop) position(args []string) error {
	pos, history, err := parsePosition(args)
	if err != nil {
		return err
	}
	l.stop()
	l.pos, l.history = pos, history
	return nil
}

// parsePosition parses the arguments of "position". It returns the root and
// the hashes of the positions played before it, oldest first: all of them,
// since the engine may look back as far as the halfmove clock allows.
func parsePosition(args []string) (*chess.Position, []uint64, error) {
	if len(args) == 0 {
		return nil, nil, errors.New(`position wants "startpos" or "fen <FEN>", then optionally "moves ..."`)
	}
	var pos *chess.Position
	var rest []string
	switch args[0] {
	case "startpos":
		pos, rest = chess.StartingPosition(), args[1:]
	case "fen":
		end := slices.Index(args, "moves")
		if end < 0 {
			end = len(args)
		}
		var err error
		if pos, err = chess.ParseFEN(strings.Join(args[1:end], " ")); err != nil {
			return nil, nil, err
		}
		rest = args[end:]
	default:
		return nil, nil, fmt.Errorf(`position wants "startpos" or "fen", not %q`, args[0])
	}
	if len(rest) == 0 {
		return pos, nil, nil
	}
	if rest[0] != "moves" {
		return nil, nil, fmt.Errorf(`position: want "moves" after the position, not %q`, rest[0])
	}
	history := make([]uint64, 0, len(rest)-1)
	for i, s := range rest[1:] {
		m, err := parseMove(pos, s)
		if err != nil {
			return nil, nil, fmt.Errorf("position: move %d: %w", i+1, err)
		}
		history = append(history, pos.Hash())
		pos.MakeMove(m)
	}
	return pos, history, nil
}

// parseMove returns the legal move of pos written s in UCI notation.
func parseMove(pos *chess.Position, s string) (chess.Move, error) {
	return pos.ParseUCI(s)
}
