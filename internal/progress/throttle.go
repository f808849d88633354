package progress

import (
	"time"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/engine"
)

// Throttle passes a search's progress on to Send at most once per Every:
// the first report at once, then the newest one each time the interval
// has passed; Flush sends the last one held back, so that what the search
// last thought is never lost. Lines other than the best (MultiPV > 1, the
// weakened levels' alternatives) are not sent. Use it on the search's
// goroutine (engine.Params.Progress = t.Progress).
type Throttle struct {
	Every time.Duration
	Send  func(info engine.Info)

	last    time.Time
	pending *engine.Info
}

// Progress is the engine's progress callback.
func (t *Throttle) Progress(info engine.Info) {
	if info.MultiPV > 1 {
		return
	}
	if now := time.Now(); now.Sub(t.last) >= t.Every {
		t.last = now
		t.pending = nil
		t.Send(info)
		return
	}
	info.PV = append([]chess.Move(nil), info.PV...) // the engine reuses its PV
	t.pending = &info
}

// Flush sends the report held back, if any.
func (t *Throttle) Flush() {
	if t.pending != nil {
		t.Send(*t.pending)
		t.pending = nil
	}
}
