package match

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"time"
)

// EngineSpec says how to start a UCI engine and how to set it up.
type EngineSpec struct {
	Name    string   // name in the PGN and the summary; "" for the engine's "id name"
	Command []string // program and arguments, run without a shell
	Options []Option // sent with "setoption" after "uciok", in order
}

// Option is a UCI option to set: "setoption name Name value Value".
type Option struct {
	Name, Value string
}

// ParseOption parses "Name=Value" (the name may contain spaces, as UCI
// option names do; the value may be empty).
func ParseOption(s string) (Option, error) {
	name, value, ok := strings.Cut(s, "=")
	name = strings.TrimSpace(name)
	if !ok || name == "" {
		return Option{}, fmt.Errorf("match: option %q is not Name=Value", s)
	}
	return Option{Name: name, Value: strings.TrimSpace(value)}, nil
}

// Errors a UCI engine can cause. The runner turns each into the loss of the
// game for the engine that caused it.
var (
	// ErrEngineExited means the engine process ended or closed its output.
	ErrEngineExited = errors.New("engine exited")
	// ErrEngineTimeout means the engine did not answer in time.
	ErrEngineTimeout = errors.New("engine did not answer in time")
)

// Score is an engine's evaluation from an "info ... score" line, from the
// point of view of the side to move.
type Score struct {
	Valid bool // false when the engine reported no score
	CP    int  // centipawns, when Mate == 0
	Mate  int  // moves to mate, positive when the side to move mates; 0 if none
}

// mateValue is the centipawn value given to a forced mate, so mates compare
// beyond any material score.
const mateValue = 100000

// Centipawns returns the score as a number: CP, or ±(mateValue − moves) for
// a mate in that many moves.
func (s Score) Centipawns() int {
	switch {
	case s.Mate > 0:
		return mateValue - s.Mate
	case s.Mate < 0:
		return -mateValue - s.Mate
	}
	return s.CP
}

// String formats the score as in PGN comments: "+0.23", "-1.50", "+M3",
// "-M2", or "" without a score.
func (s Score) String() string {
	switch {
	case !s.Valid:
		return ""
	case s.Mate > 0:
		return "+M" + strconv.Itoa(s.Mate)
	case s.Mate < 0:
		return "-M" + strconv.Itoa(-s.Mate)
	}
	return fmt.Sprintf("%+.2f", float64(s.CP)/100)
}

// SearchResult is what an engine answered to one "go".
type SearchResult struct {
	BestMove string        // the move in UCI notation, as sent
	Score    Score         // the last score reported, from the mover's view
	Depth    int           // the last depth reported
	Elapsed  time.Duration // from sending "go" to reading "bestmove"
	// LastOutput is the last line the engine wrote before its bestmove (or
	// before the limit ran out), "" if none: where a stalled engine stopped.
	LastOutput string
}

// Engine is a running UCI engine process. Its methods must be called from
// one goroutine at a time, except Close, which may be called at any time
// (for instance on Ctrl-C) to stop the process.
type Engine struct {
	spec    EngineSpec
	cmd     *exec.Cmd
	stdin   io.WriteCloser
	stderr  *errorOutput
	lines   chan string   // stdout, line by line; closed at end of output
	exited  chan struct{} // closed once the process has been waited for
	closing chan struct{} // closed by Close, to stop the reader
	once    sync.Once
	log     *logger

	idName  string          // from "id name"
	options map[string]bool // lower-cased names of the options the engine declared
}

// StartEngine starts the engine, runs the "uci" handshake, sets the
// options of spec (each must be one the engine declares) and waits for
// "readyok". Each wait is bounded by timeout. On any failure the process is
// killed and an error returned.
func StartEngine(spec EngineSpec, timeout time.Duration) (*Engine, error) {
	return startEngine(spec, timeout, nil, "engine", nil)
}

// startEngine is StartEngine with the lines exchanged written to log (if
// not nil) and errors starting "match: tag (command)". If started is not
// nil, it is called as soon as the process runs, before the handshake, so
// the caller can Close the engine from another goroutine while it starts;
// if it returns false the engine is closed at once.
func startEngine(spec EngineSpec, timeout time.Duration, log *logger, tag string, started func(*Engine) bool) (*Engine, error) {
	if len(spec.Command) == 0 {
		return nil, fmt.Errorf("match: %s: no engine command", tag)
	}
	cmd := exec.Command(spec.Command[0], spec.Command[1:]...)
	setProcessGroup(cmd)
	stderr := newErrorOutput(log.with(tag))
	cmd.Stderr = stderr
	// Once the engine has exited, a process it started that still holds
	// its standard error open does not delay reaping it for long.
	cmd.WaitDelay = time.Second
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, fmt.Errorf("match: %s: %v", tag, err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, fmt.Errorf("match: %s: %v", tag, err)
	}
	if err := cmd.Start(); err != nil {
		if u := errors.Unwrap(err); u != nil { // "no such file or directory", not "fork/exec ...: no such ..."
			err = u
		}
		return nil, fmt.Errorf("match: %s: cannot start %q: %v", tag, strings.Join(spec.Command, " "), err)
	}
	e := &Engine{
		spec:    spec,
		cmd:     cmd,
		stdin:   stdin,
		stderr:  stderr,
		lines:   make(chan string, 256),
		exited:  make(chan struct{}),
		closing: make(chan struct{}),
		log:     log.with(tag),
		options: map[string]bool{},
	}
	go e.read(stdout)
	if started != nil && !started(e) {
		e.Close()
		return nil, fmt.Errorf("match: %s: stopped while starting", tag)
	}
	if err := e.handshake(timeout); err != nil {
		e.Close()
		return nil, fmt.Errorf("match: %s (%s): %v", tag, strings.Join(spec.Command, " "), err)
	}
	return e, nil
}

// read copies the engine's output into e.lines until it ends, then reaps
// the process.
func (e *Engine) read(stdout io.Reader) {
	defer close(e.exited)
	defer func() { _ = e.cmd.Wait() }()
	defer close(e.lines)
	sc := bufio.NewScanner(stdout)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	for sc.Scan() {
		line := sc.Text()
		e.log.printf("< %s", line)
		select {
		case e.lines <- line:
		case <-e.closing:
			return
		}
	}
	if err := sc.Err(); err != nil {
		e.log.printf("! output error: %v", err)
		// An endless line: stop the engine rather than block it on a full pipe.
		killProcess(e.cmd)
	}
}

func (e *Engine) handshake(timeout time.Duration) error {
	if err := e.send("uci"); err != nil {
		return err
	}
	deadline := time.Now().Add(timeout)
	for {
		line, err := e.readLine(deadline, `"uciok"`)
		if err != nil {
			return err
		}
		f := strings.Fields(line)
		switch {
		case len(f) == 1 && f[0] == "uciok":
			goto options
		case len(f) >= 3 && f[0] == "id" && f[1] == "name":
			e.idName = strings.Join(f[2:], " ")
		case len(f) >= 3 && f[0] == "option" && f[1] == "name":
			e.options[strings.ToLower(optionName(f[2:]))] = true
		}
	}
options:
	for _, o := range e.spec.Options {
		if !e.options[strings.ToLower(o.Name)] {
			return fmt.Errorf("engine has no option %q", o.Name)
		}
		cmd := "setoption name " + o.Name
		if o.Value != "" {
			cmd += " value " + o.Value
		}
		if err := e.send(cmd); err != nil {
			return err
		}
	}
	return e.sync(timeout)
}

// optionName returns the name in the words after "option name": everything
// up to the "type" keyword.
func optionName(words []string) string {
	for i, w := range words {
		if w == "type" {
			return strings.Join(words[:i], " ")
		}
	}
	return strings.Join(words, " ")
}

// Name returns the spec's name, or else the engine's "id name", or else
// the command.
func (e *Engine) Name() string {
	switch {
	case e.spec.Name != "":
		return e.spec.Name
	case e.idName != "":
		return e.idName
	}
	return strings.Join(e.spec.Command, " ")
}

// NewGame tells the engine a new game starts ("ucinewgame") and waits for
// it to be ready, skipping anything it still had to say about the last game
// (such as a late "bestmove").
func (e *Engine) NewGame(timeout time.Duration) error {
	if err := e.send("ucinewgame"); err != nil {
		return err
	}
	return e.sync(timeout)
}

// sync sends "isready" and waits for "readyok".
func (e *Engine) sync(timeout time.Duration) error {
	if err := e.send("isready"); err != nil {
		return err
	}
	deadline := time.Now().Add(timeout)
	for {
		line, err := e.readLine(deadline, `"readyok"`)
		if err != nil {
			return err
		}
		if strings.TrimSpace(line) == "readyok" {
			return nil
		}
	}
}

// Search sends the position (startFEN then moves, in UCI notation) and the
// "go" command, and waits for "bestmove" until the limit: an engine that has
// not answered by then is sent "stop" and ErrEngineTimeout is returned. A
// limit of 0 means no limit. Lines that are not understood are ignored.
func (e *Engine) Search(startFEN string, moves []string, goCmd string, limit time.Duration) (SearchResult, error) {
	pos := "position fen " + startFEN
	if len(moves) > 0 {
		pos += " moves " + strings.Join(moves, " ")
	}
	if err := e.send(pos); err != nil {
		return SearchResult{}, err
	}
	if err := e.send(goCmd); err != nil {
		return SearchResult{}, err
	}
	start := time.Now()
	var deadline time.Time
	if limit > 0 {
		deadline = start.Add(limit)
	}
	var res SearchResult
	for {
		line, err := e.readLine(deadline, `"bestmove"`)
		if err != nil {
			res.Elapsed = time.Since(start)
			if errors.Is(err, ErrEngineTimeout) {
				_ = e.send("stop")
			}
			return res, err
		}
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		if f[0] != "bestmove" {
			res.LastOutput = line
		}
		switch f[0] {
		case "info":
			parseInfo(f[1:], &res)
		case "bestmove":
			res.Elapsed = time.Since(start)
			if len(f) > 1 {
				res.BestMove = f[1]
			}
			return res, nil
		}
	}
}

// parseInfo takes the depth and score from the words of an "info" line.
// Malformed values are ignored.
func parseInfo(f []string, res *SearchResult) {
	for i := 0; i < len(f); i++ {
		switch f[i] {
		case "string":
			return // the rest of the line is free text
		case "depth":
			if i+1 < len(f) {
				if d, err := strconv.Atoi(f[i+1]); err == nil {
					res.Depth = d
				}
				i++
			}
		case "score":
			if i+2 < len(f) {
				v, err := strconv.Atoi(f[i+2])
				if err == nil {
					switch f[i+1] {
					case "cp":
						res.Score = Score{Valid: true, CP: v}
					case "mate":
						if v == 0 { // "mate 0": the side to move is mated
							v = -1
						}
						res.Score = Score{Valid: true, Mate: v}
					}
				}
				i += 2
			}
		}
	}
}

// readLine returns the next line of output, waiting until deadline (no
// limit if zero). what names the awaited answer in the timeout error.
func (e *Engine) readLine(deadline time.Time, what string) (string, error) {
	var timer <-chan time.Time
	if !deadline.IsZero() {
		t := time.NewTimer(time.Until(deadline))
		defer t.Stop()
		timer = t.C
	}
	select {
	case line, ok := <-e.lines:
		if !ok {
			return "", ErrEngineExited
		}
		return line, nil
	case <-timer:
		return "", fmt.Errorf("%w (waiting for %s)", ErrEngineTimeout, what)
	}
}

// send writes one command line to the engine.
func (e *Engine) send(cmd string) error {
	e.log.printf("> %s", cmd)
	if _, err := io.WriteString(e.stdin, cmd+"\n"); err != nil {
		return fmt.Errorf("%w (%v)", ErrEngineExited, err)
	}
	return nil
}

// Alive reports whether the engine's output is still open.
func (e *Engine) Alive() bool {
	select {
	case <-e.exited:
		return false
	default:
		return true
	}
}

// ErrorOutput returns an excerpt of what the engine has written to its
// standard error (its first and last lines, see errorOutput), or "" if
// nothing. It first waits up to wait for the process to end, so that the
// last words of an engine that is crashing are in.
func (e *Engine) ErrorOutput(wait time.Duration) string {
	if wait > 0 {
		t := time.NewTimer(wait)
		defer t.Stop()
		select {
		case <-e.exited:
		case <-t.C:
		}
	}
	return e.stderr.String()
}

// Close asks the engine to quit, and kills it (with any processes it
// started) if it has not within a short grace period. It returns once the
// process is gone, or after a further second if even a kill does not end
// its output. Close is safe to call more than once and concurrently.
func (e *Engine) Close() {
	e.once.Do(func() {
		_ = e.send("quit")
		_ = e.stdin.Close()
		select {
		case <-e.exited:
		case <-time.After(300 * time.Millisecond):
		}
		if e.Alive() { // once reaped, the process id may belong to another
			killProcess(e.cmd)
		}
		close(e.closing)
		select {
		case <-e.exited:
		case <-time.After(time.Second):
		}
	})
}
