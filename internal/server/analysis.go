package server

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/engine"
	"github.com/outpost-chess/outpost/internal/sched"
)

// This file is the analysis board's live analysis (docs/server.md, "Live
// analysis"):
//
//	POST /api/analysis {"fen", "moves", "multipv", "depth", "movetime"}
//	     → an event stream: "info" for each line of each depth, then "done"
//
// The search runs on the worker pool and stops at its limits, when the
// client leaves, or when the same client asks for another analysis (the
// board moved on): a client has one live analysis at a time.

// Limits of a live analysis.
const (
	maxAnalysisPV       = 5
	maxAnalysisDepth    = 99
	defaultAnalysisTime = 10 * time.Second
	maxAnalysisTime     = 30 * time.Second
	maxAnalysisMoves    = 1000
)

// LiveAnalysisRequest is the body of POST /api/analysis.
type LiveAnalysisRequest struct {
	// FEN is the position the moves start from ("" for the standard
	// start); Moves, in UCI or SAN, lead to the position analysed (so
	// that the search sees repetitions of the positions before it).
	FEN   string   `json:"fen"`
	Moves []string `json:"moves"`
	// MultiPV is the number of lines, 1 to 5 (default 1).
	MultiPV int `json:"multipv"`
	// Depth stops the search after this depth (1 to 99; 0: no limit).
	Depth int `json:"depth"`
	// MoveTime is the longest the search runs, in milliseconds (default
	// 10000, at most 30000).
	MoveTime int `json:"movetime"`
}

// AnalysisLine is the data of an "info" event: one line of a completed
// depth (Thinking's fields, Ply the number of moves), and its rank.
type AnalysisLine struct {
	Thinking
	MultiPV int `json:"multipv"`
}

// AnalysisDone is the data of the "done" event: the best move (in UCI and
// SAN; "" when the position has no legal move), its score and how far the
// search went.
type AnalysisDone struct {
	BestMove string `json:"bestmove"`
	BestSAN  string `json:"bestSan"`
	Score    Score  `json:"score"`
	Depth    int    `json:"depth"`
	Nodes    uint64 `json:"nodes"`
	TimeMs   int64  `json:"timeMs"`
}

// analyses holds each client's live analysis, to stop it when the client
// asks for another.
type analyses struct {
	mu      sync.Mutex
	running map[client]*liveAnalysis // guarded by mu
}

// liveAnalysis is a client's running analysis.
type liveAnalysis struct{ cancel context.CancelFunc }

// begin registers a client's new analysis, stopping its previous one, and
// returns the function that unregisters it.
func (a *analyses) begin(who client, cancel context.CancelFunc) (end func()) {
	la := &liveAnalysis{cancel: cancel}
	a.mu.Lock()
	if old := a.running[who]; old != nil {
		old.cancel()
	}
	a.running[who] = la
	a.mu.Unlock()
	return func() {
		a.mu.Lock()
		if a.running[who] == la {
			delete(a.running, who)
		}
		a.mu.Unlock()
	}
}

// analysisPosition reads the position a request analyses, and the hashes
// of the positions before it.
func analysisPosition(req *LiveAnalysisRequest) (*chess.Position, []uint64, error) {
	start := chess.StartingPosition()
	if strings.TrimSpace(req.FEN) != "" {
		p, err := readFEN(strings.TrimSpace(req.FEN))
		if err != nil {
			return nil, nil, errorf(http.StatusBadRequest, "bad FEN: %s", plainError(err))
		}
		start = p
	}
	if len(req.Moves) > maxAnalysisMoves {
		return nil, nil, errorf(http.StatusBadRequest, "%d moves: at most %d", len(req.Moves), maxAnalysisMoves)
	}
	g := chess.NewGameFromPosition(start)
	for i, mv := range req.Moves {
		m, err := g.Position().ParseMove(strings.TrimSpace(mv))
		if err == nil {
			err = g.Play(m)
		}
		if err != nil {
			return nil, nil, errorf(http.StatusBadRequest, "move %d %q: %s", i+1, mv, plainError(err))
		}
	}
	hashes := g.Hashes()
	return g.Position(), hashes[:len(hashes)-1], nil
}

// checkAnalysisLimits reads a request's limits.
func checkAnalysisLimits(req *LiveAnalysisRequest) (engine.Limits, error) {
	l := engine.Limits{MultiPV: req.MultiPV, Depth: req.Depth, MoveTime: time.Duration(req.MoveTime) * time.Millisecond}
	switch {
	case req.MultiPV < 0 || req.MultiPV > maxAnalysisPV:
		return l, errorf(http.StatusBadRequest, "multipv %d is out of range 1..%d", req.MultiPV, maxAnalysisPV)
	case req.Depth < 0 || req.Depth > maxAnalysisDepth:
		return l, errorf(http.StatusBadRequest, "depth %d is out of range 1..%d", req.Depth, maxAnalysisDepth)
	case req.MoveTime < 0 || l.MoveTime > maxAnalysisTime:
		return l, errorf(http.StatusBadRequest, "movetime %d is out of range 1..%d milliseconds", req.MoveTime, maxAnalysisTime.Milliseconds())
	}
	l.MultiPV = max(1, l.MultiPV)
	if l.MoveTime == 0 {
		l.MoveTime = defaultAnalysisTime
	}
	return l, nil
}

// analysisLines holds the newest line of each rank not yet written, for
// the stream: the search never waits for the client.
type analysisLines struct {
	mu      sync.Mutex
	pending [maxAnalysisPV][]byte // guarded by mu
	wake    chan struct{}         // capacity 1: a line is pending
}

func (al *analysisLines) put(rank int, line []byte) {
	al.mu.Lock()
	al.pending[rank] = line
	al.mu.Unlock()
	select {
	case al.wake <- struct{}{}:
	default:
	}
}

// take returns the pending lines, best rank first, and clears them.
func (al *analysisLines) take() [][]byte {
	al.mu.Lock()
	defer al.mu.Unlock()
	var out [][]byte
	for i, l := range al.pending {
		if l != nil {
			out = append(out, l)
			al.pending[i] = nil
		}
	}
	return out
}

// analysis is POST /api/analysis.
func (srv *Server) analysis(w http.ResponseWriter, r *http.Request) error {
	var req LiveAnalysisRequest
	if err := decodeBody(w, r, &req, true); err != nil {
		return err
	}
	pos, history, err := analysisPosition(&req)
	if err != nil {
		return err
	}
	limits, err := checkAnalysisLimits(&req)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()
	who := srv.clientOf(r)
	defer srv.live.begin(who, cancel)()

	rc, writing := startStream(w)
	if len(pos.LegalMoves()) == 0 {
		score := engine.DrawScore
		if pos.InCheck() {
			score = engine.MatedIn(0)
		}
		_ = writeAnalysisEvent(w, "done", AnalysisDone{Score: newScore(score, pos.SideToMove())})
		rc.Flush()
		return nil
	}
	rc.Flush()

	lines := &analysisLines{wake: make(chan struct{}, 1)}
	ply := len(req.Moves)
	type outcome struct {
		res engine.Result
		err error
	}
	done := make(chan outcome, 1)
	go func() {
		res, err := srv.searchOnPool(ctx, who, sched.Analysis, engine.Params{
			Position: pos, History: history, Limits: limits,
			Progress: func(info engine.Info) {
				if info.MultiPV < 1 || info.MultiPV > maxAnalysisPV {
					return
				}
				b, err := json.Marshal(AnalysisLine{Thinking: newThinking(pos, ply, info), MultiPV: info.MultiPV})
				if err == nil {
					lines.put(info.MultiPV-1, b)
				}
			},
		})
		done <- outcome{res, err}
	}()
	keepAlive := time.NewTicker(srv.cfg.KeepAlive)
	defer keepAlive.Stop()
	writeLines := func() error {
		for _, l := range lines.take() {
			if err := writeEvent(w, "info", l); err != nil {
				return err
			}
		}
		return nil
	}
	for {
		select {
		case <-ctx.Done():
			return nil // the client left, or asked for another analysis
		case <-srv.streamsDone:
			return nil
		case <-keepAlive.C:
			writing()
			if _, err := fmt.Fprint(w, ": keep-alive\n\n"); err != nil {
				return nil
			}
		case <-lines.wake:
			writing()
			if writeLines() != nil {
				return nil
			}
		case o := <-done:
			writing()
			if writeLines() != nil {
				return nil
			}
			if o.err != nil {
				_ = writeAnalysisEvent(w, "error", errorBody{Error: o.err.Error(), Code: statusCode(http.StatusServiceUnavailable)})
			} else {
				_ = writeAnalysisEvent(w, "done", AnalysisDone{
					BestMove: pos.UCI(o.res.BestMove), BestSAN: pos.SAN(o.res.BestMove),
					Score: newScore(o.res.Score, pos.SideToMove()), Depth: o.res.Depth,
					Nodes: o.res.Nodes, TimeMs: o.res.Time.Milliseconds(),
				})
			}
			rc.Flush()
			return nil
		}
		if rc.Flush() != nil {
			return nil
		}
	}
}

// writeAnalysisEvent writes v as the event name.
func writeAnalysisEvent(w http.ResponseWriter, name string, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return writeEvent(w, name, b)
}
