package main

import (
	"bufio"
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/server"
	"github.com/outpost-chess/outpost/internal/store"
	"github.com/outpost-chess/outpost/internal/store/storetest"
)

func TestServeUsage(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--workers", "0"}, "--workers 0 needs a PostgreSQL database"},
		{[]string{"--hash", "0"}, "--hash 0 is out of range"},
		{[]string{"--movetime", "0"}, "--movetime 0"},
		{[]string{"--nice", "20"}, "--nice 20 is out of range"},
		{[]string{"--sync", "off"}, `--sync "off": want full or normal`},
		{[]string{"--db", ""}, "--db: empty path"},
		{[]string{"--games-per-minute", "-1"}, "--games-per-minute -1"},
		{[]string{"--trust-proxy", "localhost"}, `--trust-proxy: "localhost" is neither an IP address nor a network`},
		{[]string{"extra"}, `unexpected argument "extra"`},
		{[]string{"--port", "80"}, "flag provided but not defined"},
	}
	for _, tt := range tests {
		err := serve(context.Background(), tt.args, io.Discard, io.Discard)
		var ue *usageError
		if !errors.As(err, &ue) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("serve %q: %v, want a usage error with %q", tt.args, err, tt.want)
		}
	}
	stdout, _, code := runOutpost(t, "help", "serve")
	for _, flag := range []string{"--addr", "--db", "--workers", "--hash", "--movetime", "--seed", "--nice", "--sync", "--host", "--games-per-minute", "--trust-proxy", "127.0.0.1:8080"} {
		if code != 0 || !strings.Contains(stdout, flag) {
			t.Errorf("help serve (exit %d) lacks %q:\n%s", code, flag, stdout)
		}
	}
}

// lockedBuffer is a bytes.Buffer safe for a writer and a reader at once.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// TestServeInProcess runs serve until its context ends: it creates the
// database, prints the address, serves the API and returns cleanly.
func TestServeInProcess(t *testing.T) {
	db := filepath.Join(t.TempDir(), "data", "outpost.db")
	ctx, cancel := context.WithCancel(context.Background())
	var out lockedBuffer
	done := make(chan error, 1)
	go func() {
		done <- serve(ctx, []string{"--addr", "127.0.0.1:0", "--db", db, "--workers", "1", "--hash", "1"}, &out, io.Discard)
	}()
	var base string
	deadline := time.Now().Add(10 * time.Second)
	for base == "" {
		if time.Now().After(deadline) {
			t.Fatalf("no address printed: %q", out.String())
		}
		if line, _, ok := strings.Cut(out.String(), "\n"); ok {
			base = parseAddress(t, line)
		}
		time.Sleep(5 * time.Millisecond)
	}
	c := &client{t: t, base: base}
	g := c.create(`{"white":"human","black":"human"}`)
	c.move(g, "e4", 0)
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("serve returned %v", err)
	}
	if !strings.Contains(out.String(), "Shutting down.") {
		t.Errorf("output %q", out.String())
	}
	if _, err := os.Stat(db); err != nil {
		t.Errorf("database: %v", err)
	}
}

// parseAddress returns the URL from "Outpost is at URL (games in ...)".
func parseAddress(t *testing.T, line string) string {
	t.Helper()
	rest, ok := strings.CutPrefix(line, "Outpost is at http://")
	if !ok {
		t.Fatalf("first line %q", line)
	}
	addr, _, _ := strings.Cut(rest, "/")
	return "http://" + addr
}

// client talks to a running server.
type client struct {
	t    *testing.T
	base string
}

type clientGame struct {
	id, token string
}

func (c *client) do(method, path, token, body string) (int, []byte) {
	c.t.Helper()
	req, err := http.NewRequest(method, c.base+path, strings.NewReader(body))
	if err != nil {
		c.t.Fatal(err)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		c.t.Fatal(err)
	}
	return resp.StatusCode, data
}

func (c *client) create(body string) clientGame {
	c.t.Helper()
	status, data := c.do("POST", "/api/games", "", body)
	var ng server.NewGameResponse
	if err := json.Unmarshal(data, &ng); err != nil || status != 201 {
		c.t.Fatalf("create %s: %d %s", body, status, data)
	}
	return clientGame{ng.ID, ng.Token}
}

func (c *client) move(g clientGame, mv string, ply int) server.GameState {
	c.t.Helper()
	status, data := c.do("POST", "/api/games/"+g.id+"/moves", g.token, fmt.Sprintf(`{"move":%q,"ply":%d}`, mv, ply))
	var st server.GameState
	if err := json.Unmarshal(data, &st); err != nil || status != 200 {
		c.t.Fatalf("move %s: %d %s", mv, status, data)
	}
	return st
}

func (c *client) get(g clientGame) server.GameState {
	c.t.Helper()
	status, data := c.do("GET", "/api/games/"+g.id, "", "")
	var st server.GameState
	if err := json.Unmarshal(data, &st); err != nil || status != 200 {
		c.t.Fatalf("get %s: %d %s", g.id, status, data)
	}
	return st
}

func (c *client) waitFor(g clientGame, what string, cond func(server.GameState) bool) server.GameState {
	c.t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		st := c.get(g)
		if cond(st) {
			return st
		}
		if time.Now().After(deadline) {
			c.t.Fatalf("waiting for %s: %+v", what, st)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func stateUCI(st server.GameState) []string {
	s := make([]string, len(st.Moves))
	for i, m := range st.Moves {
		s[i] = m.UCI
	}
	return s
}

// serverProcess is "outpost serve" running as a separate process (the test
// binary in main mode).
type serverProcess struct {
	cmd    *exec.Cmd
	base   string
	output *lockedBuffer
	exited chan struct{} // closed when the process has exited
	err    error         // how it exited, set before exited is closed
}

// startServer runs "outpost serve" on db with args and waits for its
// address.
func startServer(t *testing.T, db string, args ...string) *serverProcess {
	t.Helper()
	p, lines := spawnServer(t, db, args...)
	select {
	case line := <-lines:
		p.base = parseAddress(t, line)
	case <-p.exited:
		t.Fatalf("the server exited (%v) without printing its address; output %q", p.err, p.output.String())
	case <-time.After(20 * time.Second):
		t.Fatalf("the server printed no address; output %q", p.output.String())
	}
	return p
}

// spawnServer runs "outpost serve" on db with args; its first line of
// output comes on the channel.
func spawnServer(t *testing.T, db string, args ...string) (*serverProcess, <-chan string) {
	t.Helper()
	return spawnOutpost(t, append([]string{"serve", "--addr", "127.0.0.1:0", "--db", db, "--hash", "1"}, args...)...)
}

// spawnOutpost runs outpost with args (the test binary in main mode); its
// first line of output comes on the channel.
func spawnOutpost(t *testing.T, args ...string) (*serverProcess, <-chan string) {
	t.Helper()
	cmd := exec.Command(os.Args[0], append([]string{"-test.run=^$", "--"}, args...)...)
	cmd.Env = append(os.Environ(), "OUTPOST_TEST_MAIN=1")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	p := &serverProcess{cmd: cmd, output: &lockedBuffer{}, exited: make(chan struct{})}
	cmd.Stderr = p.output
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); <-p.exited })
	lines := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		first := true
		for sc.Scan() {
			if first {
				lines <- sc.Text()
				first = false
			}
			p.output.Write([]byte(sc.Text() + "\n"))
		}
		p.err = cmd.Wait()
		close(p.exited)
	}()
	return p, lines
}

// stop sends SIGTERM and waits for the process to exit, cleanly.
func (p *serverProcess) stop(t *testing.T) {
	t.Helper()
	if err := p.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case <-p.exited:
		if p.err != nil {
			t.Errorf("exit after SIGTERM: %v; output:\n%s", p.err, p.output.String())
		}
	case <-time.After(20 * time.Second):
		t.Fatalf("SIGTERM did not stop the server; output:\n%s", p.output.String())
	}
}

// TestServeSurvivesSIGKILL plays games on a server process, kills it with
// SIGKILL while its AI thinks, starts it again on the same database, and
// checks that every acknowledged move is there and that the AI moves.
func TestServeSurvivesSIGKILL(t *testing.T) {
	if testing.Short() {
		t.Skip("runs server processes")
	}
	db := filepath.Join(t.TempDir(), "outpost.db")
	// One worker, and searches that would take 60 s: the AI is surely
	// thinking when the server dies.
	p := startServer(t, db, "--workers", "1", "--movetime", "60000")
	c := &client{t: t, base: p.base}

	type played struct {
		g     clientGame
		moves []string // every move the server acknowledged
	}
	var games []played
	// Two humans: every move acknowledged.
	h := c.create(`{"white":"human","black":"human"}`)
	var hm []string
	for i, mv := range []string{"e4", "c5", "Nf3", "d6", "d4"} {
		hm = stateUCI(c.move(h, mv, i))
	}
	games = append(games, played{h, hm})
	// Against the AI at full strength: the AI thinks over its reply.
	thinking := make([]clientGame, 3)
	for i := range thinking {
		thinking[i] = c.create(`{"level":"max"}`)
		st := c.move(thinking[i], []string{"e4", "d4", "c4"}[i], 0)
		if !st.Thinking {
			t.Fatalf("the AI is not thinking: %+v", st)
		}
		games = append(games, played{thinking[i], stateUCI(st)})
	}
	// A game the AI opens, queued behind the others.
	aiWhite := c.create(`{"white":"ai","black":"human","level":"max"}`)
	games = append(games, played{aiWhite, nil})

	if err := p.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	<-p.exited

	p2 := startServer(t, db, "--workers", "2", "--movetime", "100")
	c2 := &client{t: t, base: p2.base}
	for _, gm := range games {
		st := c2.get(gm.g)
		if got := stateUCI(st); len(got) < len(gm.moves) || !slices.Equal(got[:len(gm.moves)], gm.moves) {
			t.Errorf("game %s: moves %q after the restart, acknowledged %q", gm.g.id, got, gm.moves)
		}
	}
	for _, gm := range games[1:] { // the AI was to move in each
		st := c2.waitFor(gm.g, "the AI's move after the restart", func(st server.GameState) bool { return !st.Thinking })
		if len(st.Moves) != len(gm.moves)+1 {
			t.Errorf("game %s after the restart: %d moves, want %d", gm.g.id, len(st.Moves), len(gm.moves)+1)
		}
	}
	// The game goes on.
	c2.move(h, "cxd4", 5)
}

// TestServeSIGTERM stops a server process with SIGTERM: it ends its event
// streams, exits 0, and its games are there when it starts again.
func TestServeSIGTERM(t *testing.T) {
	if testing.Short() {
		t.Skip("runs server processes")
	}
	db := filepath.Join(t.TempDir(), "outpost.db")
	p := startServer(t, db, "--workers", "1", "--movetime", "60000")
	c := &client{t: t, base: p.base}
	g := c.create(`{"level":"max"}`)
	c.move(g, "e4", 0)
	resp, err := http.Get(p.base + "/api/games/" + g.id + "/events")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	streamEnded := make(chan struct{})
	go func() { io.Copy(io.Discard, resp.Body); close(streamEnded) }()

	start := time.Now()
	if err := p.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case <-p.exited:
		if p.err != nil {
			t.Errorf("exit: %v; output:\n%s", p.err, p.output.String())
		}
	case <-time.After(15 * time.Second):
		t.Fatal("the server did not stop")
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("shutdown took %v", d)
	}
	select {
	case <-streamEnded:
	case <-time.After(5 * time.Second):
		t.Error("the event stream did not end")
	}
	if !strings.Contains(p.output.String(), "Shutting down.") {
		t.Errorf("output:\n%s", p.output.String())
	}
	p2 := startServer(t, db, "--workers", "1", "--movetime", "100")
	c2 := &client{t: t, base: p2.base}
	st := c2.waitFor(g, "the AI's reply", func(st server.GameState) bool { return len(st.Moves) == 2 })
	if st.Moves[0].UCI != "e2e4" {
		t.Errorf("moves %+v", st.Moves)
	}
}

// TestServeDamagedDatabase starts the server on a database where a game is
// damaged: it serves the others, answers the damaged one with an error
// that says so (and logs it), and stops on SIGTERM.
func TestServeDamagedDatabase(t *testing.T) {
	if testing.Short() {
		t.Skip("runs server processes")
	}
	db := filepath.Join(t.TempDir(), "outpost.db")
	st, err := store.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for range 3 {
		g := store.Game{White: store.AI, Black: store.Human, WhiteLevel: "1", BlackLevel: "1",
			StartFEN: chess.StartFEN, TokenHash: make([]byte, 32)}
		if err := st.CreateGame(context.Background(), &g); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, g.ID)
	}
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	storetest.DamageValue("created_at", "yesterday")(t, db, ids[1])

	p := startServer(t, db, "--workers", "1", "--movetime", "100")
	c := &client{t: t, base: p.base}
	for _, id := range []string{ids[0], ids[2]} {
		c.waitFor(clientGame{id: id}, "the AI's move", func(st server.GameState) bool { return st.Plies == 1 })
	}
	status, body := c.do("GET", "/api/games/"+ids[1], "", "")
	if status != http.StatusInternalServerError || !strings.Contains(string(body), "damaged") {
		t.Errorf("GET of the damaged game: %d %s", status, body)
	}
	if out := p.output.String(); !strings.Contains(out, ids[1]) || !strings.Contains(out, "damaged") {
		t.Errorf("the log does not name the damaged game:\n%s", out)
	}
	p.stop(t)
}

// TestServeSIGTERMWhileStarting stops the server with SIGTERM while it
// waits for a database another program holds locked: it stops at once,
// instead of after the lock's timeout with an error.
func TestServeSIGTERMWhileStarting(t *testing.T) {
	if testing.Short() {
		t.Skip("runs server processes")
	}
	db := filepath.Join(t.TempDir(), "outpost.db")
	st, err := store.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	st.Close()
	lock, err := sql.Open("sqlite", "file:"+db)
	if err != nil {
		t.Fatal(err)
	}
	defer lock.Close()
	conn, err := lock.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(context.Background(), "BEGIN EXCLUSIVE"); err != nil {
		t.Fatal(err)
	}
	defer conn.ExecContext(context.Background(), "ROLLBACK")

	p, _ := spawnServer(t, db, "--workers", "1")
	// Wait until it has the database open: it waits for the lock.
	deadline := time.Now().Add(20 * time.Second)
	for !hasOpen(p.cmd.Process.Pid, db) {
		if time.Now().After(deadline) {
			t.Fatalf("the server did not open the database; output:\n%s", p.output.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
	p.stop(t)
	if out := p.output.String(); strings.Contains(out, "locked") || !strings.Contains(out, "Shutting down.") {
		t.Errorf("output:\n%s", out)
	}
}

// hasOpen reports whether process pid has file open (Linux: /proc).
func hasOpen(pid int, file string) bool {
	fds, _ := filepath.Glob(fmt.Sprintf("/proc/%d/fd/*", pid))
	for _, fd := range fds {
		if target, err := os.Readlink(fd); err == nil && target == file {
			return true
		}
	}
	return false
}

// TestServeReadOnlyDatabase starts the server on a database it cannot
// write: it refuses to start, and says why.
func TestServeReadOnlyDatabase(t *testing.T) {
	db := filepath.Join(t.TempDir(), "outpost.db")
	st, err := store.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	st.Close()
	storetest.MakeReadOnly(t, db)
	_, stderr, code := runOutpost(t, "serve", "--addr", "127.0.0.1:0", "--db", db, "--workers", "1", "--hash", "1")
	if code != 1 || !strings.Contains(stderr, "read-only") || !strings.Contains(stderr, db) {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
}
