// Package eval scores chess positions. It has two hand-written evaluators,
// and the network's evaluation (Network; network.go), which a search uses
// when it evaluates with a neural network (package nnue): the network's
// score, with the hand-crafted mop-up against a bare king.
//
// The classic evaluator (Classic, ClassicFor, ClassicTerms; classic.go) is
// exactly the evaluation of the seeds' tutorial: piece weights P=100, N=280,
// B=320, R=479, Q=929, K=60000 plus the Sunfish piece-square tables the
// tutorial prints, with its endgame king table used while the viewer is
// more than 1500 centipawns behind. It exists so that the "classic" level
// plays like the tutorial and so that a learner can see, piece by piece,
// where its score comes from.
//
// The main evaluator (Evaluate, Explain) is a tapered evaluation: every term
// is a Score, a middlegame/endgame pair (score.go), summed per side and
// blended by game phase (PeSTO phase weights N=1, B=1, R=2, Q=4, out of
// MaxPhase=24) at the end. Its terms, and the file of each:
//
//	material, piece-square tables   pst.go (PeSTO values and tables, tuned;
//	                                knights and rooks by the own pawn count)
//	mobility                        pieces.go (per piece type, by square count)
//	doubled, isolated, backward,    pawns.go (passed: by rank, the kings'
//	passed and connected pawns      distances to the pawn's path, blocked or
//	                                attacked path, unstoppable in pawn endings)
//	king attack                     pieces.go counts attackers of the king zone, king.go
//	                                adds weak zone squares, scales them (the middlegame half
//	                                then quadratically) and adds safe checks and attacks on
//	                                the king's flank
//	king shelter                    king.go (own pawns in front of the king and enemy
//	                                pawns storming it, by file and rank)
//	king activity                   king.go (distance to the nearest pawn, a flank
//	                                without pawns)
//	bishop pair, rooks on open      pieces.go
//	files and the seventh, rooks
//	trapped by their king, minor
//	pieces (outposts and knights
//	that can reach one, behind
//	pawns, distance to their king,
//	pawns on a bishop's colour)
//	threats                         threats.go (pieces attacked by pawns, minors,
//	                                rooks or the king; attacked and undefended
//	                                pieces; safe pawn pushes that attack a piece;
//	                                contested squares where the enemy is not strong)
//	space                           space.go (safe central squares behind the pawns,
//	                                by the number of pieces and blocked pawns)
//	tempo, complexity, drawish-     eval.go (the last two on the endgame half)
//	endgame scaling
//	known draws (knights alone,     endgame.go (not tuned: facts of chess)
//	the wrong rook pawn), mop-up
//	against a bare king
//	per-term breakdown              explain.go
//	pawn and king cache             cache.go (PawnKingCache, for a search)
//	material, piece-square and      pst.go (Incremental, for a search: updated per
//	phase kept move by move         move from the squares the move changed)
//
// Every weight lives in a Weights value (params.go); Default is the one
// Evaluate uses (tuned.go, Texel-tuned from Untuned, untuned.go, on
// self-play games, see docs/tuning.md), and Weights.Params lists its
// integers by name for a tuner.
// Evaluate is hot code: no allocation, no interface, no map. Explain runs
// the same code and adds the bookkeeping a learner wants to see, so its
// total always equals Evaluate.
//
// Both evaluators answer in centipawns from the side to move's point of
// view, and both are colour-symmetric: mirroring the board, swapping the
// colours and the side to move leaves the score unchanged.
package eval
