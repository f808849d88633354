package tui

import (
	"context"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/engine"
	"github.com/outpost-chess/outpost/internal/sched"
)

// The AI's search runs on the scheduler (see work) and is waited for on a
// goroutine of its own, so the interface answers keys while the AI thinks.
// The goroutine sends its progress and its result on a
// channel; waitFor turns the next value into a message for Update, which
// asks for the one after it. Every search has an id: taking back, starting
// a new game or quitting cancels the search and forgets its id, so whatever
// it still sends is recognised as stale and dropped.

// progressMsg is an iteration of the running search.
type progressMsg struct {
	id   int
	info engine.Info
}

// resultMsg is the end of a search: the move the AI plays.
type resultMsg struct {
	id     int
	result engine.Result
}

// search is a running AI search: for its move (version is the game's
// version it searches), or judging a draw offered to it (judgement).
type search struct {
	id        int
	version   uint64
	judgement *judgement
	abandon   context.CancelFunc // stops the search and drops its result
	stop      context.CancelFunc // stops the search: the AI plays its best move so far
	ch        <-chan tea.Msg
	root      *chess.Position // the position searched, to print its PV
	started   time.Time
	info      engine.Info // the latest progress of the best line
	hasInfo   bool
	// lines holds the latest progress of each line by its first move: a
	// level may play one of its candidate lines rather than the best.
	lines   map[chess.Move]engine.Info
	stopped bool // asked to move now
}

// startSearch starts a search of params with sr (on the scheduler, see
// work) and returns the running search and the command that delivers its
// first message. The result is delivered no sooner than minTime after the
// start, so that a game between two AIs can be watched. Stopped before an
// engine took it, the search is run again to depth 1, which gives a move
// at once.
func startSearch(ctx context.Context, sr sched.Searcher, id int, params engine.Params, minTime time.Duration) (*search, tea.Cmd) {
	life, abandon := context.WithCancel(ctx)
	searchCtx, stop := context.WithCancel(life)
	ch := make(chan tea.Msg, 8)
	s := &search{id: id, abandon: abandon, stop: stop, ch: ch, root: params.Position, started: time.Now(),
		lines: map[chess.Move]engine.Info{}}
	params.Progress = func(info engine.Info) {
		info.PV = append([]chess.Move(nil), info.PV...)
		select {
		case ch <- progressMsg{id, info}:
		default: // the interface is behind: it will see the next one
		}
	}
	go func() {
		defer close(ch)
		r, err := sr.Search(searchCtx, params)
		if err != nil && searchCtx.Err() != nil && life.Err() == nil {
			params.Limits = engine.Limits{Depth: 1}
			r, _ = sr.Search(life, params)
		}
		if wait := minTime - time.Since(s.started); wait > 0 {
			t := time.NewTimer(wait)
			select {
			case <-t.C:
			case <-searchCtx.Done():
				t.Stop()
			}
		}
		// The reader of a live search keeps reading until the result;
		// an abandoned search's reader may be gone.
		select {
		case ch <- resultMsg{id, r}:
		case <-life.Done():
		}
	}()
	return s, waitFor(ch)
}

// progress records an iteration of the search.
func (s *search) progress(info engine.Info) {
	if len(info.PV) > 0 {
		s.lines[info.PV[0]] = info
	}
	if info.MultiPV <= 1 {
		s.info, s.hasInfo = info, true
	}
}

// played makes the figures shown those of the line of m, the move played,
// when the search reported it.
func (s *search) played(m chess.Move) {
	if info, ok := s.lines[m]; ok {
		s.info, s.hasInfo = info, true
	}
}

// waitFor returns a command that delivers the next message on ch, or
// nothing once ch is closed.
func waitFor(ch <-chan tea.Msg) tea.Cmd {
	return func() tea.Msg {
		msg, ok := <-ch
		if !ok {
			return nil
		}
		return msg
	}
}
