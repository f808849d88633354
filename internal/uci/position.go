package uci

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/outpost-chess/outpost/chess"
)

// position runs "position startpos|fen <FEN> [moves <m1> ...]". The FEN is
// read leniently (chess.ParseFENLenient, or chess.ParseFEN960Lenient with
// UCI_Chess960 on, which reads Shredder-FEN and X-FEN and makes startpos
// Chess960 position 518) and each fix is reported as an "info string
// warning". A command that cannot be read whole (a malformed
// command or FEN, an impossible position, an illegal move) leaves no
// position rather than the last one, so that the next go answers
// "bestmove 0000" instead of a move for a board the GUI did not mean.
// The loop calls position only when no job is running.
func (l *Loop) position(args []string) error {
	pos, history, fixes, err := parsePosition(args, l.opts.chess960)
	if err != nil {
		l.pos, l.history = nil, nil
		l.noPosition = fmt.Errorf("no position to search: the last position command was rejected (%s)", plain(err))
		return err
	}
	for _, f := range fixes {
		l.send("info string warning: position: " + f)
	}
	l.pos, l.history, l.noPosition = pos, history, nil
	return nil
}

// parsePosition parses the arguments of "position". It returns the root,
// the hashes of the positions played before it, oldest first (all of them,
// since the engine may look back as far as the halfmove clock allows), and
// the fixes made to read the FEN. With chess960 the position is a Chess960
// one.
func parsePosition(args []string, chess960 bool) (*chess.Position, []uint64, []string, error) {
	if len(args) == 0 {
		return nil, nil, nil, errors.New(`position wants "startpos" or "fen <FEN>", then optionally "moves ..."`)
	}
	var pos *chess.Position
	var fixes, rest []string
	switch args[0] {
	case "startpos":
		pos, rest = chess.StartingPosition(), args[1:]
		if chess960 {
			pos, _ = chess.NewChess960(chess.Chess960Standard)
		}
	case "fen":
		end := slices.Index(args, "moves")
		if end < 0 {
			end = len(args)
		}
		parse := chess.ParseFENLenient
		if chess960 {
			parse = chess.ParseFEN960Lenient
		}
		var err error
		if pos, fixes, err = parse(strings.Join(args[1:end], " ")); err != nil {
			return nil, nil, nil, fmt.Errorf("position: %s", plain(err))
		}
		rest = args[end:]
	default:
		return nil, nil, nil, fmt.Errorf(`position wants "startpos" or "fen", not %q`, args[0])
	}
	if len(rest) == 0 {
		return pos, nil, fixes, nil
	}
	if rest[0] != "moves" {
		return nil, nil, nil, fmt.Errorf(`position: want "moves" after the position, not %q`, rest[0])
	}
	history := make([]uint64, 0, len(rest)-1)
	for i, s := range rest[1:] {
		m, err := pos.ParseUCI(s)
		if err != nil {
			return nil, nil, nil, fmt.Errorf("position: move %d: %s", i+1, plain(err))
		}
		history = append(history, pos.Hash())
		pos.MakeMove(m)
	}
	return pos, history, fixes, nil
}
