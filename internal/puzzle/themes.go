package puzzle

import (
	"github.com/outpost-chess/outpost/chess"
)

// The themes a puzzle is tagged with, lichess's names for them.
const (
	ThemeMateIn1      = "mateIn1"
	ThemeMateIn2      = "mateIn2"
	ThemeMateIn3      = "mateIn3"
	ThemeMateLong     = "mate" // a mate in more than three
	ThemeBackRankMate = "backRankMate"
	ThemeSmothered    = "smotheredMate"
	ThemeDoubleCheck  = "doubleCheck"
	ThemeFork         = "fork"
	ThemeHanging      = "hangingPiece"
	ThemePromotion    = "promotion"
	ThemeSacrifice    = "sacrifice"
	ThemeOpening      = "opening"
	ThemeMiddlegame   = "middlegame"
	ThemeEndgame      = "endgame"
	ThemeOneMove      = "oneMove"
	ThemeShort        = "short"    // two moves of the solver
	ThemeLong         = "long"     // three
	ThemeVeryLong     = "veryLong" // four or more
)

// value is a piece's worth for the themes, in pawns (the king above all).
var value = [chess.King + 1]int{0, 1, 3, 3, 5, 9, 100}

// Themes tags pz from its position and line. The line must be legal from
// pz.FEN (as Find makes it).
func Themes(pz Puzzle) []string {
	start, err := chess.ParseFEN(pz.FEN)
	if err != nil {
		return nil
	}
	solver := start.SideToMove()
	var themes []string
	add := func(t string) { themes = append(themes, t) }
	solverMoves := (len(pz.Moves) + 1) / 2
	switch {
	case pz.Mate && solverMoves == 1:
		add(ThemeMateIn1)
	case pz.Mate && solverMoves == 2:
		add(ThemeMateIn2)
	case pz.Mate && solverMoves == 3:
		add(ThemeMateIn3)
	case pz.Mate:
		add(ThemeMateLong)
	}
	add(phase(start))
	add([]string{ThemeOneMove, ThemeShort, ThemeLong, ThemeVeryLong}[min(solverMoves, 4)-1])

	pos := *start
	var fork, double, promotion, sacrifice bool
	// Where the solver's last move went, what the piece there is worth,
	// and what that move took.
	lastTo, lastValue, lastTook := chess.NoSquare, 0, 0
	for i, uci := range pz.Moves {
		m, err := pos.ParseUCI(uci)
		if err != nil {
			return themes
		}
		mover := pos.SideToMove()
		if mover != solver {
			// The reply takes the piece the solver just moved, worth more
			// than what that move took: it was given up on purpose.
			sacrifice = sacrifice || m.To() == lastTo && lastValue > lastTook
			pos.MakeMove(m)
			continue
		}
		promotion = promotion || m.IsPromotion()
		if i == 0 && !pz.Mate && hangs(&pos, m) {
			add(ThemeHanging)
		}
		lastTook = 0
		if m.IsEnPassant() {
			lastTook = value[chess.Pawn]
		} else if m.IsCapture() {
			lastTook = value[pos.PieceAt(m.To()).Type()]
		}
		pos.MakeMove(m)
		lastTo, lastValue = m.To(), value[pos.PieceAt(m.To()).Type()]
		double = double || pos.Checkers().MoreThanOne()
		fork = fork || forks(&pos, m.To(), mover)
	}
	if double {
		add(ThemeDoubleCheck)
	}
	if fork && !pz.Mate {
		add(ThemeFork)
	}
	if promotion {
		add(ThemePromotion)
	}
	if sacrifice {
		add(ThemeSacrifice)
	}
	if pz.Mate {
		themes = append(themes, mateThemes(&pos)...)
	}
	return themes
}

// phase names the game's phase at p: the opening through move 10 with
// most pieces on, the endgame once each side has at most a rook and a
// minor piece (13 points) besides pawns and king, else the middlegame.
func phase(p *chess.Position) string {
	material := func(c chess.Color) int {
		n := 0
		for t := chess.Knight; t <= chess.Queen; t++ {
			n += value[t] * p.Pieces(c, t).Count()
		}
		return n
	}
	w, b := material(chess.White), material(chess.Black)
	switch {
	case w <= 13 && b <= 13:
		return ThemeEndgame
	case p.FullmoveNumber() <= 10 && w+b >= 60:
		return ThemeOpening
	}
	return ThemeMiddlegame
}

// hangs reports whether m takes a piece no enemy piece defends, worth at
// least a minor piece or more than the taker.
func hangs(p *chess.Position, m chess.Move) bool {
	if !m.IsCapture() || m.IsEnPassant() {
		return false
	}
	victim := p.PieceAt(m.To())
	after := *p
	after.MakeMove(m)
	defended := after.IsAttacked(m.To(), victim.Color())
	return !defended && (value[victim.Type()] >= 3 || value[victim.Type()] > value[p.PieceAt(m.From()).Type()])
}

// forks reports whether the piece the solver (mover) just put on sq
// attacks two enemy pieces each worth more than it, or the king and
// another piece worth more.
func forks(p *chess.Position, sq chess.Square, mover chess.Color) bool {
	piece := p.PieceAt(sq)
	if piece.Type() == chess.King {
		return false
	}
	occ := p.Occupied()
	var attacks chess.Bitboard
	switch piece.Type() {
	case chess.Pawn:
		attacks = chess.PawnAttacks(mover, sq)
	case chess.Knight:
		attacks = chess.KnightAttacks(sq)
	case chess.Bishop:
		attacks = chess.BishopAttacks(sq, occ)
	case chess.Rook:
		attacks = chess.RookAttacks(sq, occ)
	case chess.Queen:
		attacks = chess.QueenAttacks(sq, occ)
	}
	n := 0
	for b := attacks & p.ByColor(mover.Other()); b != 0; b = b.WithoutFirst() {
		if value[p.PieceAt(b.First()).Type()] > value[piece.Type()] {
			n++
		}
	}
	return n >= 2
}

// mateThemes names the mate on the board in p: a back-rank mate (the king
// on its first rank, walled in by its own pieces on the rank in front, by
// a rook or queen along that rank) or a smothered mate (by a knight, every
// square around the king taken by its own pieces).
func mateThemes(p *chess.Position) []string {
	if !p.InCheck() || p.HasLegalMoves() {
		return nil
	}
	side := p.SideToMove()
	king := p.KingSquare(side)
	checker := p.PieceAt(p.Checkers().First())
	around := chess.KingAttacks(king)
	own := p.ByColor(side)
	var themes []string
	if checker.Type() == chess.Knight && around&^own == 0 {
		themes = append(themes, ThemeSmothered)
	}
	if king.RelativeRank(side) == chess.Rank1 && (checker.Type() == chess.Rook || checker.Type() == chess.Queen) &&
		p.Checkers().First().Rank() == king.Rank() {
		walled := true
		for b := around; b != 0; b = b.WithoutFirst() {
			if sq := b.First(); sq.RelativeRank(side) == chess.Rank2 && !own.Has(sq) {
				walled = false
			}
		}
		if walled {
			themes = append(themes, ThemeBackRankMate)
		}
	}
	return themes
}
