// Package eval scores chess positions. It has two evaluators.
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
//	material, piece-square tables   pst.go (PeSTO values and tables)
//	mobility                        pieces.go (per piece type, by square count)
//	doubled, isolated, passed and   pawns.go (passed: by rank, the kings'
//	connected pawns                 distances to the pawn's path, blocked)
//	king attack                     pieces.go counts attackers of the king zone, king.go
//	                                scales them and adds safe checks
//	pawn shield                     king.go
//	outposts, bishop pair, rooks on pieces.go
//	files
//	threats                         threats.go (pieces attacked by pawns, minors
//	                                or rooks; attacked and undefended pieces)
//	tempo, drawish-endgame scaling  eval.go
//	per-term breakdown              explain.go
//
// Every weight lives in a Weights value (params.go); Default is the one
// Evaluate uses, and Weights.Params lists its integers by name for a tuner.
// Evaluate is hot code: no allocation, no interface, no map. Explain runs
// the same code and adds the bookkeeping a learner wants to see, so its
// total always equals Evaluate.
//
// Both evaluators answer in centipawns from the side to move's point of
// view, and both are colour-symmetric: mirroring the board, swapping the
// colours and the side to move leaves the score unchanged.
package eval
