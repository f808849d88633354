package uci

import (
	"context"
	"errors"
	"io"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/engine"
	"github.com/outpost-chess/outpost/internal/nnue"
)

// fakeSearcher is a Searcher whose moves are predictable: the best move is
// the legal (or searchmoves) move whose UCI string sorts first, the ponder
// move the reply that sorts first. It reports one Info (fakeInfo) before
// it thinks. A search with no limits (or pondering, until PonderHit) runs
// until cancelled, unless returnEarly is set.
type fakeSearcher struct {
	returnEarly bool  // return at once, even from infinite and ponder searches
	hashErr     error // returned by SetHashMB

	ponderHit chan struct{} // one token per PonderHit

	mu       sync.Mutex
	searches []engine.Params
	returned int // searches that have returned
	clears   int
	hashMB   []int
	threads  []int
	networks []*nnue.Network // the arguments of SetNetwork
}

func newFake() *fakeSearcher {
	return &fakeSearcher{ponderHit: make(chan struct{}, 1)}
}

// fakeInfo is the Info the fake reports, with the given PV.
func fakeInfo(pv ...chess.Move) engine.Info {
	return engine.Info{Depth: 1, SelDepth: 2, MultiPV: 1, Score: 12, Nodes: 20, NPS: 2000,
		Time: 10 * time.Millisecond, Hashfull: 3, PV: pv}
}

func (f *fakeSearcher) Search(ctx context.Context, p engine.Params) engine.Result {
	f.mu.Lock()
	f.searches = append(f.searches, p)
	f.mu.Unlock()
	defer func() {
		f.mu.Lock()
		f.returned++
		f.mu.Unlock()
	}()

	best := firstMove(p.Position, p.Limits.SearchMoves)
	if best == chess.NoMove {
		return engine.Result{}
	}
	child := *p.Position
	child.MakeMove(best)
	reply := firstMove(&child, nil)
	pv := []chess.Move{best}
	if reply != chess.NoMove {
		pv = append(pv, reply)
	}
	if p.Progress != nil {
		p.Progress(fakeInfo(pv...))
	}

	lim := p.Limits
	unlimited := lim.Depth == 0 && lim.Nodes == 0 && lim.MoveTime == 0 && lim.WTime == 0 && lim.BTime == 0
	switch {
	case f.returnEarly:
	case lim.Ponder && !unlimited:
		select {
		case <-ctx.Done():
		case <-f.ponderHit:
		}
	case lim.Ponder || unlimited:
		<-ctx.Done()
	}
	return engine.Result{BestMove: best, PonderMove: reply, Depth: 1, PV: pv}
}

func (f *fakeSearcher) PonderHit() {
	select {
	case f.ponderHit <- struct{}{}:
	default:
	}
}

func (f *fakeSearcher) Clear() {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.clears++
}

func (f *fakeSearcher) SetHashMB(mb int) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.hashErr != nil {
		return f.hashErr
	}
	f.hashMB = append(f.hashMB, mb)
	return nil
}

func (f *fakeSearcher) SetThreads(n int) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.threads = append(f.threads, n)
	return nil
}

func (f *fakeSearcher) SetNetwork(net *nnue.Network) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.networks = append(f.networks, net)
	return nil
}

// last returns the params of the last search.
func (f *fakeSearcher) last(t *testing.T) engine.Params {
	t.Helper()
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.searches) == 0 {
		t.Fatal("no search was started")
	}
	return f.searches[len(f.searches)-1]
}

// firstMove returns the legal move of pos, among only if not empty, whose
// UCI string sorts first, or NoMove.
func firstMove(pos *chess.Position, only []chess.Move) chess.Move {
	moves := pos.LegalMoves()
	if len(only) > 0 {
		moves = slices.DeleteFunc(moves, func(m chess.Move) bool { return !slices.Contains(only, m) })
	}
	if len(moves) == 0 {
		return chess.NoMove
	}
	return slices.MinFunc(moves, func(a, b chess.Move) int { return strings.Compare(a.String(), b.String()) })
}

// timeout bounds every wait in these tests: generous, for loaded machines.
const timeout = 10 * time.Second

// session runs a Loop on a pipe and collects its output lines.
type session struct {
	t     *testing.T
	fake  *fakeSearcher
	in    *io.PipeWriter
	lines chan string
	done  chan error // Run's result
}

// startSession runs a loop driving fake with ctx.
func startSession(t *testing.T, ctx context.Context, fake *fakeSearcher) *session {
	t.Helper()
	pr, pw := io.Pipe()
	s := &session{t: t, fake: fake, in: pw, lines: make(chan string, 10000), done: make(chan error, 1)}
	go func() { s.done <- Run(ctx, pr, &lineWriter{lines: s.lines}, fake) }()
	t.Cleanup(func() { pw.Close() })
	return s
}

// send writes lines to the loop's input.
func (s *session) send(lines ...string) {
	s.t.Helper()
	for _, l := range lines {
		if _, err := io.WriteString(s.in, l+"\n"); err != nil {
			s.t.Fatalf("sending %q: %v", l, err)
		}
	}
}

// next returns the next output line.
func (s *session) next() string {
	s.t.Helper()
	select {
	case l := <-s.lines:
		return l
	case <-time.After(timeout):
		s.t.Fatalf("no output line within %v", timeout)
		return ""
	}
}

// quiet, as an expected line, means that nothing is printed for a while
// (quietWait): the commands sent are waiting.
const quiet = "(quiet)"

// quietWait is how long quiet waits. A wrong answer shows up well within
// it on an idle machine; a right one never shows up.
const quietWait = 100 * time.Millisecond

// expect checks that the next output lines are want, where a "*" in a want
// matches any text, and quiet means no line for quietWait.
func (s *session) expect(want ...string) {
	s.t.Helper()
	for _, w := range want {
		if w == quiet {
			select {
			case l := <-s.lines:
				s.t.Fatalf("output line %q, want none yet", l)
			case <-time.After(quietWait):
			}
			continue
		}
		got := s.next()
		if !matchLine(got, w) {
			s.t.Fatalf("output line %q, want %q", got, w)
		}
	}
}

// matchLine reports whether got matches the pattern want, in which "*"
// matches any text.
func matchLine(got, want string) bool {
	parts := strings.Split(want, "*")
	if len(parts) == 1 {
		return got == want
	}
	rest, ok := strings.CutPrefix(got, parts[0])
	if !ok {
		return false
	}
	for _, p := range parts[1 : len(parts)-1] {
		i := strings.Index(rest, p)
		if i < 0 {
			return false
		}
		rest = rest[i+len(p):]
	}
	return strings.HasSuffix(rest, parts[len(parts)-1])
}

// wait waits until Run returns, checks its error, and checks that nothing
// more was written.
func (s *session) wait(wantErr error) {
	s.t.Helper()
	select {
	case err := <-s.done:
		if !errors.Is(err, wantErr) {
			s.t.Fatalf("Run returned %v, want %v", err, wantErr)
		}
	case <-time.After(timeout):
		s.t.Fatalf("Run did not return within %v", timeout)
	}
	s.expectNoMore()
}

// expectNoMore checks that no output is left to read. It is reliable only
// after Run has returned.
func (s *session) expectNoMore() {
	s.t.Helper()
	select {
	case l := <-s.lines:
		s.t.Fatalf("unexpected output line %q", l)
	default:
	}
}

// quit sends quit and waits for Run to return nil with no more output.
func (s *session) quit() {
	s.t.Helper()
	s.send("quit")
	s.wait(nil)
}

// lineWriter sends every complete line written to it on lines.
type lineWriter struct {
	mu    sync.Mutex
	buf   []byte
	lines chan string
}

func (w *lineWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.buf = append(w.buf, p...)
	for {
		i := slices.Index(w.buf, '\n')
		if i < 0 {
			return len(p), nil
		}
		w.lines <- string(w.buf[:i])
		w.buf = w.buf[i+1:]
	}
}

// The engine is a Searcher.
var _ Searcher = (*engine.Engine)(nil)
