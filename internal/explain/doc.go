// Package explain shows a learner how a chess AI thinks: it runs the
// tutorials' tree searches on a real position, records the tree each one
// explored, and explains the evaluation. It is cold code, written for
// clarity; the engine's own search lives in package engine.
//
// The searches (search.go) are fixed-depth negamax scored by the classic
// evaluator (eval.ClassicFor, as the engine's classic level), in three
// variants: plain minimax, which visits every move; alpha-beta with the
// moves in random order, as the tutorials do (seeded, so replayable); and
// alpha-beta with captures first by MVV-LVA. Each node records its move,
// score, window (alpha, beta) at entry, and any cutoff with the window at
// the cut, the moves it skipped and the minimax nodes under them (what the
// cut saved). Checkmate is scored as a mate, stalemate, the fifty-move
// rule, insufficient material and a repetition inside the tree as draws:
// the classic level's rules (engine.ClassicDraw), so the explorer shows
// the search that level plays.
//
// A Tree (tree.go) keeps the nodes near the root, all of them when there
// are at most TreeOptions.MaxStored; deeper subtrees are searched again on
// demand (Tree.Children). The move order depends only on the position, so
// a subtree searched again is the subtree searched first.
//
// Explain (report.go) adds the comparison of methods (the full engine
// included), the classic evaluation piece by piece, the main evaluator's
// terms and the engine's candidate moves (MultiPV); its Report is the JSON
// of "outpost explain --json" and of the server's /api/explain. WriteText
// (text.go) prints it for a terminal.
package explain
