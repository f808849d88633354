// Package explain shows a learner how a chess AI thinks: it runs the
// tutorials' tree searches on a real position, records the tree each one
// explored, and explains the evaluation. It is cold code, written for
// clarity; the engine's own search lives in package engine.
//
// The searches (search.go) are fixed-depth negamax scored by the classic
// evaluator (eval.ClassicFor, as the engine's classic level), in four
// variants: plain minimax, which visits every move; alpha-beta with the
// moves in random order, as the tutorials do (seeded, so replayable);
// alpha-beta with captures first by MVV-LVA; and alpha-beta with the
// engine's move ordering (ordering.go: iterative deepening for a hash move,
// then winning captures, killers and history). Any of them but minimax may
// go on past the horizon with a quiescence search (captures only, with a
// stand pat), to show the horizon effect. Each node records its move, its
// visit number (the order the search entered it), the window (alpha, beta)
// it was searched with, its parent's best score when it was entered, the
// score it returned, and any cutoff with the window at the cut, the moves
// it skipped and the minimax nodes under them (what the cut saved).
// Checkmate is scored as a mate, stalemate, the fifty-move rule,
// insufficient material and a repetition inside the tree as draws: the
// classic level's rules (engine.ClassicDraw), so the explorer shows the
// search that level plays.
//
// A Tree (tree.go) keeps the nodes near the root, all of them when there
// are at most TreeOptions.MaxStored; deeper subtrees are searched again on
// demand (Tree.Children, Tree.Visits) with their first visit numbers. The
// move order depends only on the position, so a subtree searched again is
// the subtree searched first; the engine's order depends on what the
// search learnt before, so its subtrees are found by searching the whole
// tree again.
//
// Explain (report.go) adds the comparison of methods (the full engine
// included), the classic evaluation piece by piece, the main evaluator's
// terms and the engine's candidate moves (MultiPV); its Report is the JSON
// of "outpost explain --json" and of the server's /api/explain. Visits
// (visits.go) lists a tree in visit order for a playback, its scores and
// windows from White's point of view. WriteText (text.go) prints a report
// for a terminal. The guided lesson (lesson.go) lives here in English and
// Chinese, for the web app and for "outpost explain --lesson".
package explain
