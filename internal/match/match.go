package match

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/opening"
)

// Defaults for the Config fields left zero.
const (
	DefaultTimeMargin   = 100 * time.Millisecond
	DefaultStartTimeout = 10 * time.Second
	DefaultStallTimeout = 60 * time.Second
	DefaultEvent        = "Outpost match"
)

// Config describes a match. Engines[0] is "engine 1": results, scores and
// Elo are given from its point of view.
type Config struct {
	Engines [2]EngineSpec
	Limits  Limits
	// TimeMargin is how far an engine may overrun its clock or move time
	// before it loses on time, to absorb process and pipe latency.
	// Zero means DefaultTimeMargin; a negative value means no margin.
	TimeMargin time.Duration
	// Openings are played in order, each twice (engine 1 white, then
	// black), cycling if there are more games than openings.
	Openings []opening.Opening
	// Chess960 makes the games Chess960 games: the openings' FENs are read
	// as Chess960 positions (chess.ParseFEN960: Shredder-FEN or X-FEN),
	// both engines are sent "setoption name UCI_Chess960 value true" and
	// castling goes to and from them as the king taking its rook (e1h1).
	Chess960 bool
	// Games is the total number of games, rounded up to an even number.
	Games int
	// Concurrency is how many games run at once, each with its own two
	// engine processes (default 1).
	Concurrency int
	Resign      ResignRule // off when Moves is 0
	Draw        DrawRule   // off when Moves is 0
	// SPRT, if not nil, stops the match as soon as the test decides.
	SPRT *SPRT
	// Event and Site fill the PGN tags of the same names.
	Event, Site string
	// PGN, if not nil, receives every finished game, in the order they
	// finish (the Round tag gives each game's number in the match).
	PGN io.Writer
	// Log, if not nil, receives every line sent to and received from the
	// engines, with a timestamp and the engine's tag (e.g. "g1.engine2").
	Log io.Writer
	// StartTimeout bounds each wait for "uciok" and "readyok"
	// (default DefaultStartTimeout).
	StartTimeout time.Duration
	// StallTimeout is how long an engine may think when there is neither a
	// clock nor a move time (only nodes or depth) before it is held to have
	// stalled and loses (default DefaultStallTimeout).
	StallTimeout time.Duration
	// Progress, if not nil, is called after each finished game, from one
	// goroutine at a time.
	Progress func(Progress)
}

// Progress reports a finished game.
type Progress struct {
	Game  GameRecord
	Tally Tally // all finished games, this one included
	Done  int   // games finished
	Total int   // games planned
	Names [2]string
}

// Summary is the outcome of a match.
type Summary struct {
	Names    [2]string // the engines' names, engine 1 first
	Tally    Tally
	Estimate Estimate
	Planned  int // games planned; Tally.Games() were played
	// SPRT is the test asked for, or nil; LLR and Status its state.
	SPRT   *SPRT
	LLR    float64
	Status SPRTStatus
	// Terminations counts the finished games by PGN Termination value.
	Terminations map[string]int
	// Stopped says why the match ended before all games were played: ""
	// when it did not, "SPRT: H1 accepted", "interrupted", or an error.
	Stopped string
}

// Validate checks the configuration and fills in defaults; Run calls it.
// Its errors say in words what is wrong: an engine without a command,
// limits that are missing, negative or contradictory (Limits.Validate), no
// games or openings, a negative count, score or timeout. Zero asks for the
// default: Concurrency 1, TimeMargin DefaultTimeMargin, StartTimeout and
// StallTimeout their defaults; Games is rounded up to an even number.
func (c *Config) Validate() error {
	for i, e := range c.Engines {
		if len(e.Command) == 0 {
			return fmt.Errorf("match: engine %d has no command", i+1)
		}
	}
	if err := c.Limits.Validate(); err != nil {
		return err
	}
	switch {
	case c.Games < 1:
		return fmt.Errorf("match: the number of games must be at least 1, not %d", c.Games)
	case c.Concurrency < 0:
		return fmt.Errorf("match: the number of games at once must be at least 1, not %d", c.Concurrency)
	case len(c.Openings) == 0:
		return errors.New("match: no openings")
	case c.Resign.Moves < 0:
		return fmt.Errorf("match: resign adjudication after %d moves: the number of moves must not be negative", c.Resign.Moves)
	case c.Resign.Moves > 0 && c.Resign.Score <= 0:
		return fmt.Errorf("match: resign adjudication at a score of %d: the score must be positive (centipawns)", c.Resign.Score)
	case c.Draw.Moves < 0 || c.Draw.Score < 0 || c.Draw.After < 0:
		return errors.New("match: draw adjudication: the number of moves, the score and the move it starts at must not be negative")
	case c.StartTimeout < 0 || c.StallTimeout < 0:
		return errors.New("match: the start and stall timeouts must not be negative")
	}
	c.Games += c.Games % 2
	if c.Concurrency == 0 {
		c.Concurrency = 1
	}
	c.Concurrency = min(c.Concurrency, c.Games)
	if c.TimeMargin == 0 {
		c.TimeMargin = DefaultTimeMargin
	}
	if c.StartTimeout <= 0 {
		c.StartTimeout = DefaultStartTimeout
	}
	if c.StallTimeout <= 0 {
		c.StallTimeout = DefaultStallTimeout
	}
	if c.Event == "" {
		c.Event = DefaultEvent
	}
	if c.Site == "" {
		c.Site = "?"
	}
	return nil
}

// Run plays the match and returns its summary. It returns early, with the
// summary of the games finished so far, when the SPRT decides, when ctx is
// cancelled (the error is then ctx's), or on an error that makes going on
// pointless: an engine that cannot be started or restarted, or PGN output
// that cannot be written. Games in progress when it stops are abandoned and
// not counted. Every engine process is stopped before Run returns.
func Run(ctx context.Context, cfg Config) (Summary, error) {
	if err := cfg.Validate(); err != nil {
		return Summary{}, err
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	r := &runner{cfg: cfg, log: newLogger(cfg.Log), procs: map[*Engine]bool{}}
	stopProcs := context.AfterFunc(ctx, r.closeAll)
	defer func() {
		stopProcs()
		r.closeAll()
	}()

	sum := newSummary(&cfg)
	runErr := r.collect(ctx, cancel, r.dispatch(ctx), &sum)
	sum.Estimate = sum.Tally.Estimate()
	if cfg.SPRT != nil {
		sum.LLR = cfg.SPRT.LLR(sum.Tally)
		sum.Status = cfg.SPRT.Status(sum.Tally)
	}
	if runErr == nil && sum.Stopped == "" && sum.Tally.Games() < cfg.Games {
		sum.Stopped = "interrupted"
		runErr = context.Cause(ctx)
		if runErr == nil || errors.Is(runErr, context.Canceled) {
			runErr = fmt.Errorf("match: interrupted after %d of %d games", sum.Tally.Games(), cfg.Games)
		}
	}
	return sum, runErr
}

// newSummary returns the summary of cfg's match before any game: the
// engines' names are those of their specs (or their commands) until a game
// gives the engines' own.
func newSummary(cfg *Config) Summary {
	sum := Summary{Planned: cfg.Games, SPRT: cfg.SPRT, Terminations: map[string]int{}}
	for i, e := range cfg.Engines {
		sum.Names[i] = e.Name
		if e.Name == "" {
			sum.Names[i] = strings.Join(e.Command, " ")
		}
	}
	return sum
}

// dispatch starts the match's workers (cfg.Concurrency of them) and hands
// them the games' numbers until all are played or ctx is done. It returns
// the channel of their results, closed when every worker has stopped.
func (r *runner) dispatch(ctx context.Context) <-chan workerResult {
	jobs := make(chan int)
	results := make(chan workerResult)
	var wg sync.WaitGroup
	for w := range r.cfg.Concurrency {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r.work(ctx, w+1, jobs, results)
		}()
	}
	go func() {
		defer close(jobs)
		for i := range r.cfg.Games {
			select {
			case jobs <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() {
		wg.Wait()
		close(results)
	}()
	return results
}

// collect counts the finished games of results into sum, writes them as
// PGN and reports them as they come, until results is closed. It cancels
// the match (cancel) on the first error, on PGN it cannot write and when
// the SPRT decides, saying why in sum.Stopped, and returns the error that
// ended the match, if any. Games abandoned when the match stopped are not
// counted.
func (r *runner) collect(ctx context.Context, cancel context.CancelFunc, results <-chan workerResult, sum *Summary) error {
	cfg := &r.cfg
	var runErr error
	for res := range results {
		if res.err != nil {
			if runErr == nil && ctx.Err() == nil {
				runErr = res.err
				sum.Stopped = strings.TrimPrefix(res.err.Error(), "match: ")
			}
			cancel()
			continue
		}
		rec := res.rec
		if rec.Result == chess.NoResult || ctx.Err() != nil {
			continue // abandoned when the match stopped
		}
		sum.count(&rec, res.names)
		if cfg.PGN != nil {
			if err := writeGamePGN(cfg.PGN, &rec, *cfg); err != nil {
				runErr = fmt.Errorf("match: writing PGN: %v", err)
				sum.Stopped = strings.TrimPrefix(runErr.Error(), "match: ")
				cancel()
			}
		}
		if cfg.Progress != nil {
			cfg.Progress(Progress{Game: rec, Tally: sum.Tally, Done: sum.Tally.Games(), Total: cfg.Games, Names: res.names})
		}
		if cfg.SPRT != nil {
			if st := cfg.SPRT.Status(sum.Tally); st != SPRTContinue && sum.Stopped == "" {
				sum.Stopped = "SPRT: " + st.String()
				cancel()
			}
		}
	}
	return runErr
}

// count adds the finished game rec, played by the engines named names, to
// the tally and the terminations; the first game's names become the
// match's.
func (sum *Summary) count(rec *GameRecord, names [2]string) {
	if sum.Tally.Games() == 0 {
		sum.Names = names
	}
	switch rec.Engine1Points() {
	case 1:
		sum.Tally.Wins++
	case 0:
		sum.Tally.Losses++
	default:
		sum.Tally.Draws++
	}
	sum.Terminations[rec.Termination]++
}

// workerResult is a finished game, or an error that ends the match.
type workerResult struct {
	rec   GameRecord
	names [2]string
	err   error
}

// runner is the state the workers of one Run share.
type runner struct {
	cfg Config
	log *logger

	mu     sync.Mutex
	procs  map[*Engine]bool // every engine started and not yet closed
	closed bool             // set by closeAll: start no more engines
}

// work plays the games whose numbers arrive on jobs with its own pair of
// engines, started at once (so a bad command fails the match before any
// game) and restarted after they crash or stop answering.
func (r *runner) work(ctx context.Context, id int, jobs <-chan int, results chan<- workerResult) {
	var engines [2]*Engine
	defer func() {
		for _, e := range engines {
			if e != nil {
				r.close(e)
			}
		}
	}()
	send := func(res workerResult) bool {
		select {
		case results <- res:
			return true
		case <-ctx.Done():
			return false
		}
	}
	defer func() {
		// A bug must not leave the engines running or crash the program
		// with a stack trace: end the match with an error instead.
		if p := recover(); p != nil {
			send(workerResult{err: fmt.Errorf("match: internal error in game worker %d: %v", id, p)})
		}
	}()
	// ready makes sure engine i is running and has been told a new game
	// starts, restarting it once if it fails.
	ready := func(i int) error {
		if e := engines[i]; e != nil {
			if e.Alive() && e.NewGame(r.cfg.StartTimeout) == nil {
				return nil
			}
			r.close(e)
			engines[i] = nil
		}
		e, err := r.start(i, r.log.with(fmt.Sprintf("g%d", id)))
		if err != nil {
			return err
		}
		engines[i] = e
		return e.NewGame(r.cfg.StartTimeout)
	}
	for i := range engines {
		if err := ready(i); err != nil {
			send(workerResult{err: err})
			return
		}
	}
	first := true
	for n := range jobs {
		if ctx.Err() != nil {
			return
		}
		if !first {
			for i := range engines {
				if err := ready(i); err != nil {
					if ctx.Err() == nil {
						send(workerResult{err: fmt.Errorf("%w (restarting it before game %d)", err, n+1)})
					}
					return
				}
			}
		}
		first = false
		rec := playGame(r.setup(n), engines, func() bool { return ctx.Err() != nil })
		if rec.Faulty > 0 {
			r.close(engines[rec.Faulty-1])
			engines[rec.Faulty-1] = nil
		}
		if !send(workerResult{rec: rec, names: rec.Names()}) {
			return
		}
	}
}

// setup returns what game n (0-based) is played with: the opening n/2, and
// engine 1 white in the even games.
func (r *runner) setup(n int) gameSetup {
	return gameSetup{
		round:        n + 1,
		opening:      r.cfg.Openings[(n/2)%len(r.cfg.Openings)],
		engine1White: n%2 == 0,
		limits:       r.cfg.Limits,
		margin:       max(r.cfg.TimeMargin, 0),
		stall:        r.cfg.StallTimeout,
		resign:       r.cfg.Resign,
		draw:         r.cfg.Draw,
		chess960:     r.cfg.Chess960,
	}
}

// start starts engine i, registered from the moment its process runs so
// that closeAll can stop it even during its handshake.
func (r *runner) start(i int, log *logger) (*Engine, error) {
	register := func(e *Engine) bool {
		r.mu.Lock()
		defer r.mu.Unlock()
		if r.closed {
			return false
		}
		r.procs[e] = true
		return true
	}
	spec := r.cfg.Engines[i]
	if r.cfg.Chess960 {
		spec.Options = append([]Option{{Name: "UCI_Chess960", Value: "true"}}, spec.Options...)
	}
	e, err := startEngine(spec, r.cfg.StartTimeout, log, fmt.Sprintf("engine%d", i+1), register)
	if err != nil {
		return nil, err
	}
	return e, nil
}

// close stops e and forgets it.
func (r *runner) close(e *Engine) {
	e.Close()
	r.mu.Lock()
	delete(r.procs, e)
	r.mu.Unlock()
}

// closeAll stops every engine, at once and in parallel, and any started
// later. Searches in progress then fail, and their games are abandoned.
func (r *runner) closeAll() {
	r.mu.Lock()
	r.closed = true
	procs := make([]*Engine, 0, len(r.procs))
	for e := range r.procs {
		procs = append(procs, e)
	}
	r.mu.Unlock()
	var wg sync.WaitGroup
	for _, e := range procs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			e.Close()
		}()
	}
	wg.Wait()
}
