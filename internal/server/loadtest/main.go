// Command loadtest drives "outpost serve" with many concurrent games, as
// scripts/load-bench runs it (see docs/server.md).
//
// Each simulated player is a client of its own (on a loopback server it
// connects from an address of its own, 127.1.x.y, since the server's limits
// count per address), creates a game against the AI (White, human; Black,
// the AI at -level), follows its event stream, and plays -moves moves: it
// posts a random legal move, records how long the server took to accept it
// (the move is committed to the store by then), then waits for the AI's
// reply on the event stream and records how long that took. At the end it
// reads every game back through the API and checks that no move was lost:
// the game holds exactly the moves the server acknowledged and the replies
// it announced. With -expect it writes those moves to a file, which
// "loadtest -verify-db DB -expect FILE" checks against the database after the
// server has been killed.
//
// With -hogs N, another client first starts N games between two AIs at full
// strength with no pause between moves (the CPU abuse of issue 44): the
// AI replies of the players then show how much of the workers they still
// get. With -analyses N, N other clients (127.3.0.x, one address each)
// keep a 30-second live analysis running for the whole run (the starvation
// of issue 58); with -clock S the players' games have a clock of S seconds,
// so the AI's moves are the scheduler's most urgent kind.
//
//	loadtest -url http://127.0.0.1:8080 [-games 200] [-moves 20] [-level 1] [-ramp 0s] [-hogs 0] [-expect FILE]
//	loadtest -verify-db DB -expect FILE
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/netip"
	neturl "net/url"
	"os"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/server"
	"github.com/outpost-chess/outpost/internal/store"
)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "loadtest:", err)
		os.Exit(1)
	}
}

// options configure a load run.
type options struct {
	urls     []string // the servers, taken in turn as a load balancer would
	url      string
	games    int
	moves    int
	level    string
	seed     uint64
	timeout  time.Duration // for any one wait
	ramp     time.Duration // start the games evenly over this time
	expect   string        // file to write the acknowledged moves to
	hogs     int           // AI-against-AI games at full strength started first, by another client
	analyses int           // clients keeping a 30-second live analysis running
	clock    int           // the players' games' clock in seconds (0: none)
}

func run(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("loadtest", flag.ContinueOnError)
	var o options
	fs.StringVar(&o.url, "url", "http://127.0.0.1:8080", "the server's base URL, or several separated by commas (servers sharing a PostgreSQL database), taken in turn request by request")
	fs.IntVar(&o.games, "games", 200, "concurrent games")
	fs.IntVar(&o.moves, "moves", 20, "moves each player plays (fewer when the game ends)")
	fs.StringVar(&o.level, "level", "1", "the AI's level")
	fs.Uint64Var(&o.seed, "seed", 1, "seed of the players' random moves")
	fs.DurationVar(&o.timeout, "timeout", time.Minute, "the longest wait for one answer or reply")
	fs.DurationVar(&o.ramp, "ramp", 0, "start the games evenly over this time (0: all at once)")
	fs.StringVar(&o.expect, "expect", "", "write the acknowledged moves of every game to this JSON file")
	fs.IntVar(&o.hogs, "hogs", 0, "AI-against-AI games at full strength, no pause, started first by another client")
	fs.IntVar(&o.analyses, "analyses", 0, "clients, one address each, keeping a 30-second live analysis running")
	fs.IntVar(&o.clock, "clock", 0, "the players' games' clock, in seconds (0: untimed)")
	verifyDB := fs.String("verify-db", "", "check the database at this path (or PostgreSQL URL) against the -expect file, and exit")
	verifyServed := fs.Bool("verify-served", false, "check the games the server at -url serves against the -expect file, and exit")
	if err := fs.Parse(args); err != nil {
		return err
	}
	o.urls = strings.Split(o.url, ",")
	o.url = o.urls[0]
	if *verifyDB != "" || *verifyServed {
		expected, err := readExpected(o.expect)
		if err != nil {
			return err
		}
		if *verifyServed {
			return check(expected, "served by "+o.url, out, func(id string) ([]string, error) {
				st, err := (&player{o: o, id: id, client: http.DefaultClient}).get(context.Background())
				return uciOf(st), err
			})
		}
		st, err := store.OpenDB(context.Background(), *verifyDB, store.Options{})
		if err != nil {
			return err
		}
		defer st.Close()
		return check(expected, "database after SIGKILL", out, func(id string) ([]string, error) {
			g, err := st.Get(context.Background(), id)
			return g.Moves, err
		})
	}
	if o.games < 1 || o.moves < 1 {
		return errors.New("-games and -moves must be at least 1")
	}
	rep, err := load(context.Background(), o)
	if err != nil {
		return err
	}
	rep.print(out)
	if o.expect != "" {
		data, err := json.Marshal(rep.expected)
		if err != nil {
			return err
		}
		if err := os.WriteFile(o.expect, data, 0o644); err != nil {
			return err
		}
	}
	if rep.lost > 0 || rep.errors > 0 {
		return fmt.Errorf("%d games lost moves, %d errors", rep.lost, rep.errors)
	}
	return nil
}

// report is the outcome of a load run.
type report struct {
	hogs                       int    // hog games created
	hogRefused                 string // why the server refused the rest, if it did
	analyses                   int    // clients keeping an analysis running
	games, humanMoves, aiMoves int
	elapsed                    time.Duration
	accept, reply              []time.Duration // latencies
	acceptFirst                []time.Duration // of the first moves, which arrive all at once
	errors                     int
	firstErrors                []string
	lost                       int                 // games whose stored moves differ from the acknowledged ones
	expected                   map[string][]string // game id → acknowledged moves (UCI)
}

func (r *report) print(w io.Writer) {
	if r.analyses > 0 {
		fmt.Fprintf(w, "analyses: %d clients each keeping a 30-second live analysis running\n", r.analyses)
	}
	if r.hogs > 0 || r.hogRefused != "" {
		fmt.Fprintf(w, "hogs: %d AI-against-AI games at full strength by another client", r.hogs)
		if r.hogRefused != "" {
			fmt.Fprintf(w, " (then refused: %s)", r.hogRefused)
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "games %d, moves %d (%d yours, %d AI) in %.1fs: %.0f moves/s (%.0f accepted/s)\n",
		r.games, r.humanMoves+r.aiMoves, r.humanMoves, r.aiMoves, r.elapsed.Seconds(),
		float64(r.humanMoves+r.aiMoves)/r.elapsed.Seconds(), float64(r.humanMoves)/r.elapsed.Seconds())
	fmt.Fprintf(w, "move accepted:  %s\n", percentiles(r.accept))
	fmt.Fprintf(w, "  first moves:  %s\n", percentiles(r.acceptFirst))
	fmt.Fprintf(w, "AI reply:       %s\n", percentiles(r.reply))
	fmt.Fprintf(w, "errors %d, games with lost moves %d\n", r.errors, r.lost)
	for _, e := range r.firstErrors {
		fmt.Fprintf(w, "  error: %s\n", e)
	}
}

// percentiles describes a set of latencies.
func percentiles(d []time.Duration) string {
	if len(d) == 0 {
		return "none"
	}
	s := slices.Clone(d)
	slices.Sort(s)
	at := func(p float64) time.Duration { return s[min(len(s)-1, int(p*float64(len(s))))] }
	ms := func(d time.Duration) string { return fmt.Sprintf("%.1fms", float64(d.Microseconds())/1000) }
	return fmt.Sprintf("p50 %s  p90 %s  p99 %s  max %s  (n=%d)", ms(at(0.50)), ms(at(0.90)), ms(at(0.99)), ms(s[len(s)-1]), len(s))
}

// load runs the games and checks them.
func load(ctx context.Context, o options) (*report, error) {
	rep := &report{games: o.games, analyses: o.analyses, expected: map[string][]string{}}
	var mu sync.Mutex // guards rep
	fail := func(format string, args ...any) {
		mu.Lock()
		defer mu.Unlock()
		rep.errors++
		if len(rep.firstErrors) < 10 {
			rep.firstErrors = append(rep.firstErrors, fmt.Sprintf(format, args...))
		}
	}
	if o.hogs > 0 {
		hogs, refused, err := startHogs(ctx, o)
		if err != nil {
			return nil, err
		}
		defer stopHogs(o, hogs)
		rep.hogs, rep.hogRefused = len(hogs), refused
	}
	if o.analyses > 0 {
		actx, cancel := context.WithCancel(ctx)
		defer cancel()
		for i := range o.analyses {
			go analyse(actx, clientFrom(o.url, net.IPv4(127, 3, byte(i/250), byte(i%250+1))), o.url)
		}
		time.Sleep(time.Second) // the analyses take the engines first
	}
	players := make([]*player, o.games)
	start := time.Now()
	var wg sync.WaitGroup
	for i := range players {
		players[i] = &player{o: o, index: i, client: clientFrom(o.url, net.IPv4(127, 1, byte(i/250), byte(i%250+1))), rng: rand.New(rand.NewPCG(o.seed, uint64(i)))}
		wg.Add(1)
		go func() {
			defer wg.Done()
			p := players[i]
			time.Sleep(o.ramp * time.Duration(i) / time.Duration(o.games))
			if err := p.play(ctx); err != nil {
				fail("game %d (%s): %v", i, p.id, err)
			}
			mu.Lock()
			rep.humanMoves += len(p.accept)
			rep.aiMoves += p.aiMoves
			rep.accept = append(rep.accept, p.accept...)
			if len(p.accept) > 0 {
				rep.acceptFirst = append(rep.acceptFirst, p.accept[0])
			}
			rep.reply = append(rep.reply, p.reply...)
			mu.Unlock()
		}()
	}
	wg.Wait()
	rep.elapsed = time.Since(start)

	// No move lost: the server holds exactly what it acknowledged.
	for i, p := range players {
		if p.id == "" {
			continue
		}
		rep.expected[p.id] = p.moves
		st, err := p.get(ctx)
		if err != nil {
			fail("game %d: reading it back: %v", i, err)
			continue
		}
		if got := uciOf(st); !slices.Equal(got, p.moves) {
			rep.lost++
			fail("game %s: the server has %q, the player was told %q", p.id, got, p.moves)
		}
	}
	return rep, nil
}

// clientFrom returns an HTTP client that connects, when the server is at a
// loopback IPv4 address, from the loopback address local: the players (at
// 127.1.x.y) and the hogs (127.2.0.1) are each a client of their own, as on
// a real server, rather than all of them one client sharing its limits.
func clientFrom(url string, local net.IP) *http.Client {
	dialer := &net.Dialer{Timeout: 10 * time.Second}
	if u, err := neturl.Parse(url); err == nil {
		if a, err := netip.ParseAddr(u.Hostname()); err == nil && a.Is4() && a.IsLoopback() {
			dialer.LocalAddr = &net.TCPAddr{IP: local}
		}
	}
	return &http.Client{Transport: &http.Transport{
		DialContext:     dialer.DialContext,
		MaxIdleConns:    4,
		IdleConnTimeout: time.Minute,
	}}
}

// analyse keeps a 30-second live analysis of the start position running
// as c's client until ctx ends, starting the next when one ends.
func analyse(ctx context.Context, c *http.Client, url string) {
	for ctx.Err() == nil {
		req, err := http.NewRequestWithContext(ctx, "POST", url+"/api/analysis", strings.NewReader(`{"movetime":30000}`))
		if err != nil {
			return
		}
		req.Header.Set("Content-Type", "application/json")
		resp, err := c.Do(req)
		if err != nil {
			continue
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
}

// startHogs starts o.hogs games between two AIs at full strength with no
// pause, as one client. It stops at the first refusal (a rate limit) and
// returns the games created and the refusal.
func startHogs(ctx context.Context, o options) (hogs []*player, refused string, err error) {
	c := clientFrom(o.url, net.IPv4(127, 2, 0, 1))
	for range o.hogs {
		h := &player{o: o, client: c}
		var ng server.NewGameResponse
		err := h.call(ctx, "POST", "/api/games", `{"white":"ai","black":"ai","level":"max","speedMs":0}`, http.StatusCreated, &ng)
		if err != nil {
			if len(hogs) == 0 && !strings.Contains(err.Error(), "status 429") {
				return nil, "", fmt.Errorf("starting a hog: %w", err)
			}
			return hogs, err.Error(), nil
		}
		h.id, h.token = ng.ID, ng.Token
		hogs = append(hogs, h)
	}
	return hogs, "", nil
}

// stopHogs deletes the hogs' games.
func stopHogs(o options, hogs []*player) {
	for _, h := range hogs {
		h.call(context.Background(), "DELETE", "/api/games/"+h.id, "", http.StatusNoContent, nil)
	}
}

// player is one simulated player and its game.
type player struct {
	o      options
	index  int // the player's number
	calls  int // the requests sent, to take the servers in turn
	client *http.Client
	rng    *rand.Rand

	id, token string
	moves     []string // the moves acknowledged or announced, in order
	accept    []time.Duration
	reply     []time.Duration
	aiMoves   int
}

// play creates the game and plays its moves.
func (p *player) play(ctx context.Context) error {
	var ng server.NewGameResponse
	body := fmt.Sprintf(`{"white":"human","black":"ai","level":%q}`, p.o.level)
	if p.o.clock > 0 {
		body = fmt.Sprintf(`{"white":"human","black":"ai","level":%q,"clock":{"limit":%d}}`, p.o.level, p.o.clock)
	}
	if err := p.call(ctx, "POST", "/api/games", body, http.StatusCreated, &ng); err != nil {
		return fmt.Errorf("create: %w", err)
	}
	p.id, p.token = ng.ID, ng.Token

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	states, err := p.events(ctx)
	if err != nil {
		return err
	}
	st := ng.Game
	for range p.o.moves {
		if st.Status != "playing" {
			return nil
		}
		mv, err := p.pick(st.FEN)
		if err != nil {
			return err
		}
		ply := len(p.moves)
		t0 := time.Now()
		var after server.GameState
		err = p.call(ctx, "POST", "/api/games/"+p.id+"/moves", fmt.Sprintf(`{"move":%q,"ply":%d}`, mv, ply), http.StatusOK, &after)
		accepted := time.Now()
		if err != nil {
			return fmt.Errorf("move %s at ply %d: %w", mv, ply, err)
		}
		p.accept = append(p.accept, accepted.Sub(t0))
		p.moves = append(p.moves, mv)
		if after.Status != "playing" {
			return nil
		}
		// Wait for the AI's reply on the event stream.
		timeout := time.After(p.o.timeout)
		for st = after; len(st.Moves) < ply+2 && st.Status == "playing"; {
			select {
			case s, ok := <-states:
				if !ok {
					return fmt.Errorf("the event stream ended waiting for the reply at ply %d", ply+1)
				}
				st = s
			case <-timeout:
				return fmt.Errorf("no AI reply at ply %d within %v", ply+1, p.o.timeout)
			}
		}
		if len(st.Moves) >= ply+2 {
			p.reply = append(p.reply, time.Since(accepted))
			p.moves = append(p.moves, st.Moves[ply+1].UCI)
			p.aiMoves++
		}
	}
	return nil
}

// pick returns a random legal move in UCI.
func (p *player) pick(fen string) (string, error) {
	pos, err := chess.ParseFEN(fen)
	if err != nil {
		return "", err
	}
	moves := pos.LegalMoves()
	if len(moves) == 0 {
		return "", errors.New("no legal move to play")
	}
	return moves[p.rng.IntN(len(moves))].String(), nil
}

// events follows the game's event stream and sends its states, whole
// (with every move).
func (p *player) events(ctx context.Context) (<-chan server.GameState, error) {
	// The stream stays on one server; the moves go to each in turn.
	req, err := http.NewRequestWithContext(ctx, "GET", p.o.urls[p.index%len(p.o.urls)]+"/api/games/"+p.id+"/events", nil)
	if err != nil {
		return nil, err
	}
	resp, err := p.client.Do(req)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode != http.StatusOK {
		resp.Body.Close()
		return nil, fmt.Errorf("events: status %d", resp.StatusCode)
	}
	ch := make(chan server.GameState, 16)
	go func() {
		defer close(ch)
		defer resp.Body.Close()
		sc := bufio.NewScanner(resp.Body)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		event := ""
		var moves []server.MoveInfo // the moves so far: a state event holds those after MovesFrom
		for sc.Scan() {
			line := sc.Text()
			switch {
			case strings.HasPrefix(line, "event: "):
				event = strings.TrimPrefix(line, "event: ")
			case strings.HasPrefix(line, "data: ") && event == "state":
				var st server.GameState
				if json.Unmarshal([]byte(strings.TrimPrefix(line, "data: ")), &st) == nil && st.MovesFrom <= len(moves) {
					moves = append(moves[:st.MovesFrom:st.MovesFrom], st.Moves...)
					st.Moves, st.MovesFrom = moves, 0
					select {
					case ch <- st:
					case <-ctx.Done():
						return
					}
				}
			}
		}
	}()
	return ch, nil
}

// get reads the game's state.
func (p *player) get(ctx context.Context) (server.GameState, error) {
	var st server.GameState
	err := p.call(ctx, "GET", "/api/games/"+p.id, "", http.StatusOK, &st)
	return st, err
}

// call sends a request and decodes the answer, which must have status want.
func (p *player) call(ctx context.Context, method, path, body string, want int, v any) error {
	ctx, cancel := context.WithTimeout(ctx, p.o.timeout)
	defer cancel()
	p.calls++
	req, err := http.NewRequestWithContext(ctx, method, p.o.urls[(p.index+p.calls)%len(p.o.urls)]+path, strings.NewReader(body))
	if err != nil {
		return err
	}
	if p.token != "" {
		req.Header.Set("Authorization", "Bearer "+p.token)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := p.client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		return err
	}
	if resp.StatusCode != want {
		return fmt.Errorf("status %d: %s", resp.StatusCode, strings.TrimSpace(string(data)))
	}
	if v == nil {
		return nil
	}
	return json.Unmarshal(data, v)
}

func uciOf(st server.GameState) []string {
	s := make([]string, len(st.Moves))
	for i, m := range st.Moves {
		s[i] = m.UCI
	}
	return s
}

// readExpected reads the acknowledged moves of every game that a load run
// wrote (-expect).
func readExpected(path string) (map[string][]string, error) {
	if path == "" {
		return nil, errors.New("-verify-db and -verify-served need -expect")
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var expected map[string][]string
	if err := json.Unmarshal(data, &expected); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return expected, nil
}

// check compares the moves that moves reads of every game with the
// acknowledged ones: each game must hold exactly those.
func check(expected map[string][]string, what string, out io.Writer, moves func(id string) ([]string, error)) error {
	ids := make([]string, 0, len(expected))
	for id := range expected {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	lost, n := 0, 0
	for _, id := range ids {
		want := expected[id]
		n += len(want)
		got, err := moves(id)
		if err != nil {
			fmt.Fprintf(out, "game %s: %v\n", id, err)
			lost++
			continue
		}
		if !slices.Equal(got, want) {
			fmt.Fprintf(out, "game %s: %q, acknowledged %q\n", id, got, want)
			lost++
		}
	}
	fmt.Fprintf(out, "%s: %d games, %d acknowledged moves, %d games differ\n", what, len(ids), n, lost)
	if lost > 0 {
		return fmt.Errorf("%d games lost moves", lost)
	}
	return nil
}
