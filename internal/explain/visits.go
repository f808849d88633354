package explain

import (
	"slices"
	"strings"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/engine"
)

// This file lists a tree in the order the search visited it, for a
// playback: the web explorer steps through the visits, shows each on a
// board with the window it was searched with, and announces the cuts.

// VisitView is one node of a tree listed in visit order. Its scores and
// window are texts from White's point of view, as the tutorials write them
// (whiteWindow): White maximises, Alpha is what White is already sure of,
// Beta what Black is already sure of.
type VisitView struct {
	Visit  int    `json:"visit"`
	Parent int    `json:"parent"` // the parent's visit (-1 for the root)
	Ply    int    `json:"ply"`
	Order  int    `json:"order"` // 1-based place among the parent's moves searched (0: root)
	SAN    string `json:"san,omitempty"`
	UCI    string `json:"uci,omitempty"`
	Board  string `json:"board"` // the position's pieces: the FEN's first field
	Turn   string `json:"turn"`  // side to move: "white" or "black"
	Kind   Kind   `json:"kind"`
	// Quiescence: beyond the horizon; Evaluated: the classic evaluator
	// scored it (the "evaluated" counter of a playback).
	Quiescence bool `json:"quiescence,omitempty"`
	Evaluated  bool `json:"evaluated,omitempty"`
	// Evals counts the evaluated nodes before this one (visits below
	// Visit): with Evaluated, a playback's counter at this visit.
	Evals uint64 `json:"evals"`
	// Size counts the nodes of its subtree: their visits run from Visit to
	// Visit+Size-1, so the search returned from it just before visit
	// Visit+Size.
	Size     uint64 `json:"size"`
	Legal    int    `json:"legal"`
	Searched int    `json:"searched"`
	PV       bool   `json:"pv,omitempty"`
	// WhiteAlpha and WhiteBeta: the window it was searched with (the
	// alpha-beta methods); WhiteBefore: the parent's best score so far when
	// the search entered it; White: the score it returned.
	WhiteAlpha  string    `json:"whiteAlpha,omitempty"`
	WhiteBeta   string    `json:"whiteBeta,omitempty"`
	WhiteBefore string    `json:"whiteBefore,omitempty"`
	White       string    `json:"white"`
	Cut         *VisitCut `json:"cut,omitempty"`
}

// VisitCut is a cutoff in visit order: it fired when the move ranked By
// (1-based, 0 for a stand pat) returned, that is just before visit
// VisitView.Visit+Size.
type VisitCut struct {
	By int `json:"by"`
	CutBound
	WhiteAlpha string       `json:"whiteAlpha"` // the window at the cut, White's view
	WhiteBeta  string       `json:"whiteBeta"`
	Skipped    int          `json:"skipped"` // moves not searched
	Saved      uint64       `json:"saved"`   // minimax nodes under them, down to the horizon
	Pruned     []PrunedMove `json:"pruned"`  // the moves not searched
}

// VisitPage is an answer of Tree.Visits.
type VisitPage struct {
	Nodes uint64 `json:"nodes"` // nodes in the tree: visits 0 to Nodes-1
	// Path lists the ancestors of the first visit asked for that came
	// before it, root first: a playback that jumps there shows them.
	Path   []VisitView `json:"path"`
	Visits []VisitView `json:"visits"`
	// Next, when not 0, is where the limit stopped the list: the next
	// visit to ask for.
	Next int `json:"next,omitempty"`
}

// VisitQuery selects nodes for Tree.Visits.
type VisitQuery struct {
	From, To int    // visits From to To-1
	MinSize  uint64 // only the nodes whose subtree has at least this many nodes (0 or 1: all)
	Limit    int    // at most this many (<= 0: all)
}

// Visits lists the nodes the query selects, in visit order, with the
// ancestors of the first one. Subtrees not kept in memory are searched
// again: their visit numbers are the first search's.
func (t *Tree) Visits(q VisitQuery) (VisitPage, error) {
	if q.From < 0 || q.To < q.From {
		return VisitPage{}, errorf("visits %d to %d: want 0 <= from <= to", q.From, q.To)
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	w := visitWalk{t: t, q: q, page: VisitPage{Nodes: t.Nodes, Path: []VisitView{}, Visits: []VisitView{}}}
	w.walk(t.root, t.pos, nil, -1, 0, []uint64{t.pos.Hash()}, nil)
	return w.page, nil
}

// visitWalk is one Tree.Visits: a depth-first walk of the tree that skips
// the subtrees outside the query.
type visitWalk struct {
	t     *Tree
	q     VisitQuery
	page  VisitPage
	done  bool
	evals uint64 // evaluated nodes before the node walked
}

// walk visits n, at pos, reached from parent (nil at the root, whose visit
// is parentVisit) as its order-th move, along hashes (the positions from the
// root) and path (the moves).
func (w *visitWalk) walk(n *Node, pos chess.Position, parent *chess.Position, parentVisit, order int, hashes []uint64, path []chess.Move) {
	end := n.Visit + int(n.Size)
	if w.done || n.Visit >= w.q.To {
		return
	}
	if end <= w.q.From || n.Size < w.q.MinSize {
		w.evals += n.Evals
		return
	}
	v := w.view(n, &pos, parent, parentVisit, order)
	v.Evals = w.evals
	if n.Evaluated {
		w.evals++
	}
	switch {
	case n.Visit < w.q.From:
		w.page.Path = append(w.page.Path, v)
	case w.q.Limit > 0 && len(w.page.Visits) >= w.q.Limit:
		w.page.Next, w.done = n.Visit, true
		return
	default:
		w.page.Visits = append(w.page.Visits, v)
	}
	if n.Kind != Inner || n.Searched == 0 {
		return
	}
	w.t.expand(n, &pos, hashes, path)
	for i, c := range n.Children {
		child := pos
		child.MakeMove(c.Move)
		w.walk(c, child, &pos, n.Visit, i+1, append(slices.Clip(hashes), child.Hash()), append(slices.Clip(path), c.Move))
		if w.done {
			return
		}
	}
}

// view returns n as a VisitView.
func (w *visitWalk) view(n *Node, pos, parent *chess.Position, parentVisit, order int) VisitView {
	stm := pos.SideToMove()
	white := func(s engine.Score, ply int, side chess.Color) string {
		return viewScore(nodeScore(s, ply), side, chess.White).Text
	}
	v := VisitView{
		Visit: n.Visit, Parent: parentVisit, Ply: n.Ply, Order: order,
		Board: strings.Fields(pos.FEN())[0], Turn: stm.String(), Kind: n.Kind,
		Quiescence: n.Quiescence, Evaluated: n.Evaluated,
		Size: n.Size, Legal: n.Legal, Searched: n.Searched, PV: n.PV,
		White: white(n.Score, n.Ply, stm),
	}
	if parent != nil {
		v.SAN, v.UCI = parent.SAN(n.Move), parent.UCI(n.Move)
		v.WhiteBefore = white(n.Before, n.Ply-1, stm.Other())
	}
	if w.t.Method != Minimax {
		a, b := whiteWindow(n.Alpha, n.Beta, n.Ply, stm)
		v.WhiteAlpha, v.WhiteBeta = a.Text, b.Text
	}
	if n.Cut {
		a, b := whiteWindow(n.CutAlpha, n.CutBeta, n.Ply, stm)
		c := &VisitCut{By: n.Best + 1, CutBound: cutBound(n.CutBy), WhiteAlpha: a.Text, WhiteBeta: b.Text, Skipped: len(n.Pruned), Saved: n.Saved, Pruned: []PrunedMove{}}
		for i, m := range n.Pruned {
			c.Pruned = append(c.Pruned, PrunedMove{SAN: pos.SAN(m), UCI: pos.UCI(m), Nodes: n.PrunedSizes[i]})
		}
		v.Cut = c
	}
	return v
}
