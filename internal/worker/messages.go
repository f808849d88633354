package worker

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/engine"
)

// Progress is a running search's progress as a worker sends it to the
// servers (store.ChannelThinking, payload "GAMEID REV JSON"): what
// engine.Info says, with the PV in UCI. A server turns it into the
// thinking event of its API.
type Progress struct {
	Depth    int      `json:"d"`
	SelDepth int      `json:"sd"`
	Score    int      `json:"s"` // engine.Score, from the side to move's point of view
	Nodes    uint64   `json:"n"`
	NPS      uint64   `json:"nps"`
	TimeMs   int64    `json:"t"`
	PV       []string `json:"pv"`
}

// maxPVInPayload bounds the PV sent, so that a payload stays far below
// PostgreSQL's 8,000 bytes (a UCI move is at most 6 bytes in JSON).
const maxPVInPayload = 64

// progressPayload writes the notification of info, from the search of
// game at revision rev.
func progressPayload(game string, rev int64, info engine.Info) string {
	p := Progress{Depth: info.Depth, SelDepth: info.SelDepth, Score: int(info.Score), Nodes: info.Nodes,
		NPS: info.NPS, TimeMs: info.Time.Milliseconds(), PV: []string{}}
	for _, m := range info.PV[:min(len(info.PV), maxPVInPayload)] {
		p.PV = append(p.PV, m.String())
	}
	b, _ := json.Marshal(p) // a struct of numbers and strings always marshals
	return fmt.Sprintf("%s %d %s", game, rev, b)
}

// ParseProgress reads a store.ChannelThinking payload: the game, its
// revision, and the progress.
func ParseProgress(payload string) (game string, rev int64, p Progress, err error) {
	game, rest, ok := strings.Cut(payload, " ")
	revText, data, ok2 := strings.Cut(rest, " ")
	if !ok || !ok2 {
		return "", 0, Progress{}, fmt.Errorf("worker: progress %.40q: want GAME REV JSON", payload)
	}
	if rev, err = strconv.ParseInt(revText, 10, 64); err != nil {
		return "", 0, Progress{}, fmt.Errorf("worker: progress %.40q: %w", payload, err)
	}
	if err := json.Unmarshal([]byte(data), &p); err != nil {
		return "", 0, Progress{}, fmt.Errorf("worker: progress %.40q: %w", payload, err)
	}
	return game, rev, p, nil
}

// Info returns the progress as the engine reported it from pos, the
// position searched: the PV's moves as far as they are legal there.
func (p Progress) Info(pos *chess.Position) engine.Info {
	info := engine.Info{Depth: p.Depth, SelDepth: p.SelDepth, MultiPV: 1, Score: engine.Score(p.Score),
		Nodes: p.Nodes, NPS: p.NPS, Time: time.Duration(p.TimeMs) * time.Millisecond}
	at := *pos
	for _, uci := range p.PV {
		m, err := at.ParseUCI(uci)
		if err != nil {
			break
		}
		info.PV = append(info.PV, m)
		at.MakeMove(m)
	}
	return info
}

// Limits are an analysis search's limits as the asker writes them in the
// queue (store.QueueAnalysis).
type Limits struct {
	MoveTimeMs int64 `json:"moveTimeMs,omitempty"`
	Depth      int   `json:"depth,omitempty"`
}

// LimitsOf writes l for the queue.
func LimitsOf(l engine.Limits) string {
	b, _ := json.Marshal(Limits{MoveTimeMs: l.MoveTime.Milliseconds(), Depth: l.Depth})
	return string(b)
}

func (l Limits) engine() engine.Limits {
	return engine.Limits{MoveTime: time.Duration(l.MoveTimeMs) * time.Millisecond, Depth: l.Depth}
}

// Analysis is the result of an analysis search, as a worker stores it.
type Analysis struct {
	Move  string `json:"move"`  // UCI; "" when the position has no legal move
	Score int    `json:"score"` // engine.Score, from the side to move's point of view
	Depth int    `json:"depth"`
}

// Result returns the analysis as an engine.Result of a search of pos.
func (a Analysis) Result(pos *chess.Position) (engine.Result, error) {
	res := engine.Result{Score: engine.Score(a.Score), Depth: a.Depth}
	if a.Move != "" {
		m, err := pos.ParseUCI(a.Move)
		if err != nil {
			return engine.Result{}, fmt.Errorf("worker: the analysis's move %q: %w", a.Move, err)
		}
		res.BestMove = m
	}
	return res, nil
}

// ParseAnalysis reads a result that store.AnalysisResult returned.
func ParseAnalysis(result string) (Analysis, error) {
	var a Analysis
	if err := json.Unmarshal([]byte(result), &a); err != nil {
		return Analysis{}, fmt.Errorf("worker: an analysis result %.40q: %w", result, err)
	}
	return a, nil
}

// ParseGameNotification reads a store.ChannelGame payload: the game, and
// its new revision (-1 for a speed change or a deletion, which deleted
// says).
func ParseGameNotification(payload string) (game string, rev int64, deleted bool, err error) {
	game, what, ok := strings.Cut(payload, " ")
	if !ok {
		return "", 0, false, fmt.Errorf("worker: game notification %.40q", payload)
	}
	switch what {
	case "deleted":
		return game, -1, true, nil
	case "speed":
		return game, -1, false, nil
	}
	rev, err = strconv.ParseInt(what, 10, 64)
	if err != nil {
		return "", 0, false, fmt.Errorf("worker: game notification %.40q: %w", payload, err)
	}
	return game, rev, false, nil
}
