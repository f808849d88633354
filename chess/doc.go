// Package chess implements the rules of chess: positions, legal move
// generation, the notations people and programs write (FEN, SAN, UCI, PGN),
// and games with their results. It is the rules library of the Outpost
// engine and of its front ends, and it is meant to be used on its own.
//
// # Types
//
// A [Square] is one of the 64 squares (A1 = 0 … H8 = 63); [File], [Rank],
// [Color], [PieceType] and [Piece] name what their names say, and a
// [Bitboard] is a set of squares, one bit per square.
//
// A [Position] is a chess position: the pieces (bitboards and a mailbox),
// the side to move, castling rights, the en-passant square (kept only when
// an en-passant capture is legal, so equal positions print and hash equal),
// the move counters and an incrementally updated Zobrist [Position.Hash]
// ([Position.HashHint] predicts it after a move, for prefetching a hash
// table). Parse one with [ParseFEN], which checks every field and the
// position itself, or start from [StartingPosition].
//
// A [Move] is 16 bits: from, to and a kind (capture, castling, promotion…).
// It is meaningful only in the position it was generated or parsed for.
// [Position.GenerateMoves] fills a [MoveList] with the legal moves of a
// kind ([AllMoves], [NoisyMoves]: captures and promotions, [QuietMoves])
// without allocating; [Position.LegalMoves] returns them all as a slice.
// [Position.GivesCheck] says whether a move checks without making it, and
// [Position.IsLegal] whether a move (say, from a hash table) is legal
// without generating the others.
//
// A [Game] is a start position and the moves played from it, with tags,
// comments, annotation glyphs ([NAG]) and variations (other lines, each a
// Game of its own: [Game.Variations]) for PGN, and its [Outcome]: a
// [Result] and a [Reason]. It applies the rules that end a game
// (checkmate, stalemate, repetition, the fifty- and seventy-five-move
// rules, insufficient material) and records resignation, agreement, loss on
// time and adjudication.
//
// # Games
//
// A Game ends by itself at checkmate, stalemate, the fifth occurrence of a
// position, the seventy-five-move rule and insufficient material;
// [Game.ClaimableDraw] and [Game.ClaimDraw] handle threefold repetition and
// the fifty-move rule; [Game.Resign], [Game.AgreeDraw], [Game.Forfeit] (on
// time) and [Game.Adjudicate] record what the caller decides. Repetitions
// compare the pieces, the side to move, castling rights and whether an
// en-passant capture is possible. [Game.Undo] takes a move back, and any
// ending it caused. A move after the end, or an illegal one, changes
// nothing and returns an error that says why.
//
// # Copy-make
//
// Position is a plain value, small enough to copy. To try a move, copy the
// position and play the move on the copy; the original is untouched:
//
//	child := *p
//	child.MakeMove(m)
//
// Search works this way, so there is no "unmake". Game keeps one position
// per ply the same way, which makes taking back moves and replaying cheap.
//
// # Notation
//
// Every parser returns an error, never panics, and says what is wrong, with
// errors that start with "chess: ":
//
//   - FEN: [ParseFEN], [Position.FEN], and [ParseFENLenient], which reads
//     FENs as lichess and python-chess do and says what it fixed;
//   - UCI long algebraic ("e2e4", "e7e8q", castling as "e1g1"):
//     [Position.ParseUCI], [Move.String];
//   - Standard Algebraic Notation ("Nf3", "exd5", "O-O", "e8=Q+"):
//     [Position.SAN], and [Position.ParseSAN], which also accepts what
//     people type ("0-0", "e8Q", "Ng1f3", missing "x" or "+");
//     [Position.SANMoves] and [Position.SANLine] ("12... Nf6 13. Bg5")
//     write a line of moves;
//   - either, for a text box: [Position.ParseMove];
//   - EPD, the lines of test suites, perft suites and opening files (a
//     position and operations such as bm, id or D1): [ParseEPD], and
//     [ReadEPD] and [EPDReader] for files; [EPD.Moves] reads the SAN
//     moves of bm and am, [EPD.PerftCounts] a perft suite's counts;
//   - PGN: [ReadPGN] and [PGNReader] read files of many games, keeping
//     tags, comments, NAGs and variations, starting from a FEN
//     tag when there is one (a broken game is reported with its line, as
//     in "chess: PGN line 37: game 3: illegal move 12. Nf9: ...", and does
//     not stop the others); [Game.PGN] and [Game.WritePGN] write export
//     format (the Seven Tag Roster, 80-column movetext, comments, NAGs,
//     variations).
//
// Errors say what is wrong in words: `chess: "Nd2" is ambiguous: Nbd2,
// Nfd2`, `chess: move "e2e5" is illegal in this position: ...`.
//
// For example:
//
//	g := chess.NewGame()
//	for _, s := range []string{"e4", "e5", "Nf3", "Nc6", "Bb5"} {
//		if err := g.PlayMove(s); err != nil {
//			log.Fatal(err)
//		}
//	}
//	p := g.Position()
//	for _, m := range p.LegalMoves() {
//		fmt.Print(p.SAN(m), " ")
//	}
//	fmt.Print(g.PGN())
//
// # Chess960
//
// A Position may be a Chess960 (Fischer random) one ([Position.Chess960]):
// [NewChess960] makes start position 0 to 959 (518 is the standard one),
// [ParseFEN960] reads Shredder-FEN and X-FEN castling fields, FEN writes
// X-FEN, [Position.UCI] writes castling as the king taking its rook, and a
// Game's PGN carries the Variant tag. Castling follows Chess960's rules:
// the king ends on the g- or c-file and its rook beside it, on the f- or
// d-file.
//
// # Files
//
// Each idea lives in one file:
//
//	square.go     Square, File, Rank; algebraic names ("e4")
//	piece.go      Color, PieceType, Piece
//	bitboard.go   Bitboard, sets of squares and their shifts
//	attacks.go    attack tables: leapers by lookup, sliders by magic bitboards
//	              (multipliers found at init by a seeded search); Between, Line
//	zobrist.go    Zobrist keys for Position.Hash
//	castling.go   CastlingRights, the castling moves (standard and Chess960)
//	chess960.go   Chess960 start positions by Scharnagl number, at random
//	fen960.go     Chess960 castling fields: Shredder-FEN and X-FEN
//	position.go   Position: accessors, MakeMove (copy-make), attack queries
//	move.go       Move (16-bit layout), MoveList
//	movegen.go    legal move generation (pins, checks, en passant)
//	fen.go        FEN parsing (with validation, strict or lenient) and printing
//	impossiblecheck.go  the checks no legal move gives, which FEN parsing refuses
//	epd.go        EPD: ParseEPD, ReadEPD, EPDReader
//	perft.go      Perft, the move generator's correctness test and benchmark;
//	              a perft suite's counts (EPD.PerftCounts)
//	uci.go        UCI move notation, ParseMove, why a move is illegal
//	san.go        Standard Algebraic Notation: printing and tolerant parsing
//	game.go       Game: play, undo, repetition, draw claims, tags, comments
//	tags.go       a game's PGN tags, indexed by name
//	variation.go  a move's variations: Game.Variations, Game.AddVariation
//	outcome.go    Result, Reason, Outcome; insufficient material
//	pgn.go        PGN reading: ReadPGN, PGNReader, PGNError
//	pgn_write.go  PGN export format: Game.PGN, Game.WritePGN
//
// Hot code (move generation, MakeMove, attacks) does not allocate; notation
// and Game are cold code, written for clarity.
package chess
