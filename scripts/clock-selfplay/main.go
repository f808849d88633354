// Command clock-selfplay plays Outpost against itself on a clock through
// internal/play, the path of the web app and the terminal game, and counts
// the games lost on time: it shows that the AI plays within its clock.
//
//	go run ./scripts/clock-selfplay -tc 1+0 -games 200
//	go run ./scripts/clock-selfplay -tc 3+2 -games 200
//
// Each side has an engine of its own (16 MiB hash, one thread) at -level
// (default max, which spends the most time). The clocks run on the wall
// clock; each move's search gets the limits play.Game.AISearch gives it
// (the time each side has, less play.MoveOverhead, and the increment), and
// each move is kept in a SQLite store with every write on disk (as the
// terminal game keeps it) before the clock stops, so the AI pays for its
// keeping as it does in a real game. Nobody claims draws or resigns: games
// end by mate, stalemate, insufficient material, fivefold repetition, the
// seventy-five-move rule, or a flag. Game n starts from opening (n+1)/2 of
// outpost match's balanced set, White's side alternating.
//
// It prints a line per game and a summary: the results, the games lost on
// time (there should be none) and the least time a side had left after a
// move. Its files are in -dir (default $XDG_CACHE_HOME/outpost/
// clock-selfplay/TC): results.txt (a line per game), games.pgn (with each
// move's [%clk]) and games.db; a run stopped and started again goes on
// after the games in results.txt. It exits with status 1 when a game was
// lost on time. -concurrency K plays K games at once; results are written
// in game order, so a game finished while one before it is still on is
// played again after a stop. K may exceed the number of cores: a game's
// wall time is set by its clock, not by the CPU, so more games at once
// finish a run sooner, and each engine then thinks on a share of a core
// while its clock runs on the wall, as on a busy server: a harder test of
// the time handling, not an easier one. Run it at low priority (nice -n 19)
// on a shared machine: a busy machine only makes the test harder.
package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/engine"
	"github.com/outpost-chess/outpost/internal/opening"
	"github.com/outpost-chess/outpost/internal/play"
	"github.com/outpost-chess/outpost/internal/store"
)

func main() {
	tcFlag := flag.String("tc", "1+0", "the clock, as lichess writes it: minutes+seconds")
	games := flag.Int("games", 20, "games to play in all (those in -dir included)")
	levelName := flag.String("level", "max", "the AI's level on both sides")
	dir := flag.String("dir", "", "where the results, PGN and database go (default $XDG_CACHE_HOME/outpost/clock-selfplay/TC)")
	concurrency := flag.Int("concurrency", 1, "games to play at once (more than the cores is allowed: a harder test)")
	flag.Parse()
	if err := run(*tcFlag, *games, *levelName, *dir, *concurrency); err != nil {
		fmt.Fprintln(os.Stderr, "clock-selfplay:", err)
		os.Exit(1)
	}
}

// result is one finished game.
type result struct {
	n       int
	outcome chess.Outcome
	plies   int
	least   time.Duration // the least time a side had left after a move
	// The time the AI's moves cost beyond their searches (keeping,
	// scheduling): the total and the most for one move.
	overhead, maxOverhead time.Duration
}

func run(tcText string, games int, levelName, dir string, concurrency int) error {
	if concurrency < 1 {
		return fmt.Errorf("-concurrency %d: want 1 or more", concurrency)
	}
	tc, err := play.ParseTimeControl(tcText)
	if err != nil || !tc.Timed() {
		return fmt.Errorf("-tc %q: want a clock such as 1+0 or 3+2", tcText)
	}
	level, err := engine.ParseLevel(levelName)
	if err != nil {
		return err
	}
	if dir == "" {
		cache, err := os.UserCacheDir()
		if err != nil {
			return err
		}
		dir = filepath.Join(cache, "outpost", "clock-selfplay", tc.String())
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	done, err := readResults(filepath.Join(dir, "results.txt"))
	if err != nil {
		return err
	}
	openings := opening.Balanced()
	st, err := store.Open(filepath.Join(dir, "games.db"))
	if err != nil {
		return err
	}
	defer st.Close()
	results, err := os.OpenFile(filepath.Join(dir, "results.txt"), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	defer results.Close()
	pgn, err := os.OpenFile(filepath.Join(dir, "games.pgn"), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	defer pgn.Close()

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	fmt.Printf("Outpost level %s against itself at %s, through internal/play, %d at a time; %d games done in %s\n", level, tc, concurrency, len(done), dir)
	finished := playAll(ctx, st, openings, level, tc, len(done)+1, games, concurrency)
	next, pending := len(done)+1, map[int]played{}
	var failed error
	ended := false // interrupted, or failed: the other games end with ctx and are not kept
	for p := range finished {
		if ended {
			continue
		}
		pending[p.r.n] = p
		for q, ok := pending[next]; ok; q, ok = pending[next] {
			delete(pending, next)
			if q.err == nil {
				q.err = keep(results, pgn, q, tc, level)
			}
			if q.err != nil {
				if ctx.Err() != nil {
					fmt.Printf("Stopped during game %d; run again to go on.\n", next)
				} else {
					failed = fmt.Errorf("game %d: %w", next, q.err)
					stop()
				}
				ended = true
				break
			}
			done = append(done, q.r)
			next++
		}
	}
	if failed != nil {
		return failed
	}
	summarize(done)
	for _, r := range done {
		if r.outcome.Reason == chess.TimeForfeit {
			return errors.New("a game was lost on time")
		}
	}
	return nil
}

// keep prints game p's line and writes its result and PGN.
func keep(results, pgn io.Writer, p played, tc play.TimeControl, level engine.Level) error {
	r := p.r
	fmt.Printf("game %d: %s, %d plies, least time left %s, moves cost %s beyond the search (at most %s)\n", r.n, describe(r.outcome), r.plies,
		r.least.Round(time.Millisecond), (r.overhead / time.Duration(max(r.plies, 1))).Round(time.Millisecond), r.maxOverhead.Round(time.Millisecond))
	if _, err := fmt.Fprintf(results, "%d\t%s\t%s\t%d\t%d\t%d\t%d\n", r.n, r.outcome.Result, r.outcome.Reason, r.plies, r.least.Milliseconds(),
		r.overhead.Milliseconds(), r.maxOverhead.Milliseconds()); err != nil {
		return err
	}
	tags := []chess.Tag{
		{Name: "Event", Value: "clock-selfplay " + tc.String()}, {Name: "Round", Value: strconv.Itoa(r.n)},
		{Name: "White", Value: "Outpost " + level.String()}, {Name: "Black", Value: "Outpost " + level.String()},
	}
	_, err := fmt.Fprintln(pgn, p.g.PGN(tags...))
	return err
}

// played is a game played by playAll: its result and record, or why it
// could not be played.
type played struct {
	r   result
	g   *play.Game
	err error
}

// playAll plays games first to last on concurrency workers, each with an
// engine for each side, and sends each game as it finishes; the channel is
// closed when every worker has stopped. After ctx ends, the games on are
// sent with ctx's error and no more are started.
func playAll(ctx context.Context, st *store.SQLite, openings []opening.Opening, level engine.Level, tc play.TimeControl, first, last, concurrency int) <-chan played {
	numbers := make(chan int)
	finished := make(chan played)
	go func() {
		defer close(numbers)
		for n := first; n <= last && ctx.Err() == nil; n++ {
			select {
			case numbers <- n:
			case <-ctx.Done():
			}
		}
	}()
	var wg sync.WaitGroup
	for w := range concurrency {
		engines := [2]*engine.Engine{engine.New(engine.Options{Seed: uint64(2*w + 1)}), engine.New(engine.Options{Seed: uint64(2*w + 2)})}
		wg.Add(1)
		go func() {
			defer wg.Done()
			for n := range numbers {
				o := openings[(n-1)/2%len(openings)]
				start, err := chess.ParseFEN(o.FEN)
				if err != nil {
					finished <- played{r: result{n: n}, err: err}
					continue
				}
				r, g, err := playGame(ctx, st, engines, start, level, tc, n)
				if err == nil && ctx.Err() != nil {
					err = ctx.Err()
				}
				finished <- played{r: r, g: g, err: err}
			}
		}()
	}
	go func() {
		wg.Wait()
		close(finished)
	}()
	return finished
}

// playGame plays game n from start and returns how it went.
func playGame(ctx context.Context, st *store.SQLite, engines [2]*engine.Engine, start *chess.Position, level engine.Level, tc play.TimeControl, n int) (result, *play.Game, error) {
	for _, e := range engines {
		e.Clear()
	}
	players := [2]play.Player{play.AI(level), play.AI(level)}
	keeper := play.NewStoreKeeper(st, store.Game{Source: store.SourceTerminal}, false)
	g, err := play.New(ctx, play.Setup{Game: chess.NewGameFromPosition(start), Players: players, Clock: tc}, play.Options{Keeper: keeper})
	if err != nil {
		return result{}, nil, err
	}
	r := result{n: n, least: tc.Start()}
	for !g.Over() {
		before := g.Clock().Remaining[g.ToMove()] + clockRunning(g)
		res, err := g.MoveAI(ctx, engines[g.ToMove()], 0, nil)
		if ctx.Err() != nil {
			return r, g, ctx.Err()
		}
		var re *play.RuleError
		if err != nil && !(errors.As(err, &re) && g.Over()) {
			return r, g, err // not a flag: a bug
		}
		if ply := g.Chess().Len(); err == nil {
			left, _ := g.Chess().Clock(ply)
			left -= tc.Increment
			r.least = min(r.least, left)
			over := before - left - res.Time
			r.overhead += over
			r.maxOverhead = max(r.maxOverhead, over)
		}
	}
	r.outcome, r.plies = g.Outcome(), g.Chess().Len()
	if r.outcome.Reason == chess.TimeForfeit {
		r.least = 0
	}
	return r, g, nil
}

// clockRunning returns how long the side to move's clock has run on its
// move so far (before the AI's search is asked for).
func clockRunning(g *play.Game) time.Duration {
	c := g.Chess()
	ply := c.Len() - 1 // the side to move's time at its turn's start
	if d, ok := c.Clock(ply); ok {
		return d - g.Clock().Remaining[g.ToMove()]
	}
	return g.TimeControl().Start() - g.Clock().Remaining[g.ToMove()]
}

// readResults reads the games already played.
func readResults(path string) ([]result, error) {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []result
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Split(sc.Text(), "\t")
		if len(fields) != 7 {
			return nil, fmt.Errorf("%s: line %q is not a result", path, sc.Text())
		}
		var r result
		r.n, _ = strconv.Atoi(fields[0])
		r.outcome.Result, _ = chess.ParseResult(fields[1])
		r.outcome.Reason, _ = chess.ParseReason(fields[2])
		r.plies, _ = strconv.Atoi(fields[3])
		ms := make([]time.Duration, 3)
		for i := range ms {
			v, _ := strconv.Atoi(fields[4+i])
			ms[i] = time.Duration(v) * time.Millisecond
		}
		r.least, r.overhead, r.maxOverhead = ms[0], ms[1], ms[2]
		out = append(out, r)
	}
	return out, sc.Err()
}

// describe says how a game ended: "1/2-1/2 by fivefold repetition".
func describe(o chess.Outcome) string {
	return o.Result.String() + " by " + o.Reason.String()
}

// summarize prints the results of all the games.
func summarize(done []result) {
	var white, black, draws, flags, plies int
	var overhead, maxOverhead time.Duration
	least := time.Duration(1<<63 - 1)
	reasons := map[string]int{}
	for _, r := range done {
		switch r.outcome.Result {
		case chess.WhiteWins:
			white++
		case chess.BlackWins:
			black++
		default:
			draws++
		}
		if r.outcome.Reason == chess.TimeForfeit {
			flags++
		}
		reasons[r.outcome.Reason.String()]++
		plies += r.plies
		least = min(least, r.least)
		overhead += r.overhead
		maxOverhead = max(maxOverhead, r.maxOverhead)
	}
	if len(done) == 0 {
		return
	}
	var why []string
	for k, v := range reasons {
		why = append(why, fmt.Sprintf("%s %d", k, v))
	}
	fmt.Printf("%d games: White won %d, Black %d, %d drawn (%s); %.0f plies a game.\n",
		len(done), white, black, draws, strings.Join(why, ", "), float64(plies)/float64(len(done)))
	fmt.Printf("Lost on time: %d. The least time a side had left after a move: %s.\n", flags, least.Round(time.Millisecond))
	fmt.Printf("A move cost %s beyond its search on average, %s at most.\n",
		(overhead / time.Duration(max(plies, 1))).Round(time.Millisecond), maxOverhead.Round(time.Millisecond))
}
