// Package review says what a finished game teaches: every position
// searched by the engine, the evaluation after each move, the engine's
// better move and line where it differs from the move played, each move
// judged an inaccuracy, a mistake or a blunder, and for each side the
// counts, the average centipawn loss and an accuracy in per cent. The
// command line (outpost review), the web server and the terminal game all
// review through Analyse and show its Review.
//
// # As lichess does it
//
// The judgements and accuracy are lichess's, from its source (lila,
// github.com/lichess-org/lila; written anew here):
//
//   - Winning chances (modules/tree WinPercent, and scalachess's
//     chess.eval.WinPercent): 2/(1+exp(-0.00368208·cp))-1, in -1..+1, for
//     centipawns from the mover's side (lila pull request 11148 fitted the
//     constant to games); win per cent is 50+50·chances, of centipawns
//     capped at ±1000, a forced mate counting as ±1000. WinningChances,
//     WinPercent.
//   - Judgements (modules/tree Advice.scala, CpAdvice): the drop in the
//     mover's winning chances from before the move to after it; 0.3 or
//     more is a blunder, 0.2 a mistake, 0.1 an inaccuracy. Only a move
//     other than the engine's best is judged (lichess judges a move only
//     when its analysis has a better line). Judge.
//   - Mates (Advice.scala, MateAdvice): when either evaluation is a forced
//     mate, a move that allows a forced mate against its side ("Checkmate
//     is now unavoidable") is a blunder, a mistake when the mover was
//     already 7 pawns down, an inaccuracy when 10; a move that lets a
//     forced mate for its side slip ("Lost forced checkmate sequence") is
//     a blunder, a mistake when it still leaves 7 pawns up, an inaccuracy
//     when 10. A slower mate, or any move in a lost mate, is not judged.
//   - Average centipawn loss (modules/analyse AccuracyCP.scala): each
//     move's drop in the mover's centipawns, capped at ±1000 with mates as
//     ±1000, never below 0, averaged over the side's moves and rounded.
//   - Accuracy (modules/analyse AccuracyPercent.scala, and lichess's page
//     /page/accuracy): a move's accuracy is
//     103.1668·exp(-0.04354·drop)-3.1669, plus 1 for the analysis'
//     uncertainty, in 0..100, where drop is the fall in the mover's win
//     per cent (100 when it did not fall). A side's accuracy is the mean
//     of two means of its moves' accuracies: one weighted by the
//     volatility of the game around each move (the standard deviation of
//     the win per cents in a window of len/10 positions, 2 to 8, capped to
//     0.5..12), and the harmonic mean (each accuracy at least 1), which
//     a few bad moves pull down. MoveAccuracy, GameAccuracy.
//
// Where Outpost differs: lichess takes the start position as +0.15 without
// analysing it; the review analyses it like the others, so a game from a
// FEN starts from the engine's opinion. Positions are searched from the
// last to the first, as lichess's fishnet does, so the search of a move
// benefits from the hash entries of the positions that followed it.
//
// # Cost
//
// Each position is searched to a node budget (DefaultNodes, chosen so
// that an 80-move game takes under 30 seconds on one core: docs/review.md
// has the measurements), or for a fixed time. Positions where the game
// ended by rule (checkmate, stalemate, insufficient material, the
// fivefold and seventy-five-move rules) are not searched.
//
// Files: review.go (Review, Move, Side, Analyse), eval.go (Eval, winning
// chances), judge.go (Judgement, Judge), accuracy.go (MoveAccuracy,
// GameAccuracy, the centipawn loss), pgn.go (Annotate: the review as PGN
// annotations).
package review
