package browsertest

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/outpost-chess/outpost/internal/fixture"
)

// The server and the browser are shared by every test: starting them is
// most of the cost. Each test opens its own tab in its own browser context,
// so localStorage (the player tokens) starts empty.
var (
	baseURL    string
	browserCtx context.Context
	repoRoot   string
)

func TestMain(m *testing.M) {
	os.Exit(run(m))
}

func run(m *testing.M) int {
	root, err := findRepoRoot()
	if err != nil {
		fmt.Fprintln(os.Stderr, "browsertest:", err)
		return 1
	}
	repoRoot = root
	chromium, err := findChromium()
	if err != nil {
		fmt.Fprintln(os.Stderr, "browsertest:", err)
		return 1
	}
	tmp, err := os.MkdirTemp("", "outpost-browsertest-")
	if err != nil {
		fmt.Fprintln(os.Stderr, "browsertest:", err)
		return 1
	}
	defer os.RemoveAll(tmp)

	if u := os.Getenv("OUTPOST_TEST_URL"); u != "" {
		baseURL = strings.TrimRight(u, "/")
	} else {
		u, stop, err := startServer(tmp)
		if err != nil {
			fmt.Fprintln(os.Stderr, "browsertest:", err)
			return 1
		}
		defer stop()
		baseURL = u
	}

	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(chromium),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.UserDataDir(filepath.Join(tmp, "chromium-profile")),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.Flag("disable-extensions", true),
		chromedp.Flag("disable-default-apps", true),
		chromedp.Flag("mute-audio", true),
		chromedp.Flag("no-proxy-server", true),
		chromedp.WindowSize(1280, 900),
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancelAlloc()
	bctx, cancelBrowser := chromedp.NewContext(actx)
	defer cancelBrowser()
	if err := chromedp.Do(bctx); err != nil {
		fmt.Fprintf(os.Stderr, "browsertest: starting %s: %v\n", chromium, err)
		return 1
	}
	browserCtx = bctx
	return m.Run()
}

// findChromium finds the browser; a missing browser is an error, never a
// skip: scripts/test installs Debian's chromium package.
func findChromium() (string, error) {
	if p := os.Getenv("OUTPOST_CHROMIUM"); p != "" {
		return p, nil
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p, nil
		}
	}
	return "", errors.New("the browser tests need Chromium and none was found: install it with " +
		"`apt-get install -y chromium` (scripts/test does this), or set OUTPOST_CHROMIUM to a Chrome or Chromium binary")
}

func findRepoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no go.mod above the working directory")
		}
		dir = parent
	}
}

// outpostBin is the outpost command startServer built.
var outpostBin string

// startServer builds the outpost command and runs "outpost serve" on a free
// loopback port with a database in dir (dir/outpost.db) and the extra
// flags args. stop ends it with SIGTERM.
func startServer(dir string, args ...string) (url string, stop func(), err error) {
	bin, err := fixture.Build(dir)
	if err != nil {
		return "", nil, err
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, err
	}
	addr := l.Addr().String()
	l.Close()
	if outpostBin == "" {
		outpostBin = bin
	}
	return serve(bin, dir, addr, args...)
}

// serve runs the outpost command bin's "outpost serve" on addr with a
// database in dir and the extra flags args, and waits until it answers.
// stop ends it with SIGTERM.
func serve(bin, dir, addr string, args ...string) (url string, stop func(), err error) {
	cmd := exec.Command(bin, append([]string{"serve", "--addr", addr, "--db", filepath.Join(dir, "outpost.db"), "--workers", "2"}, args...)...)
	logPath := filepath.Join(dir, "server.log")
	logf, err := os.OpenFile(logPath, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return "", nil, err
	}
	cmd.Stdout = logf
	cmd.Stderr = logf
	if err := cmd.Start(); err != nil {
		logf.Close()
		return "", nil, fmt.Errorf("starting outpost serve: %v", err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	var once sync.Once
	stop = func() {
		once.Do(func() {
			cmd.Process.Signal(syscall.SIGTERM)
			select {
			case <-exited:
			case <-time.After(5 * time.Second):
				cmd.Process.Kill()
				<-exited
			}
			logf.Close()
		})
	}
	url = "http://" + addr
	deadline := time.Now().Add(20 * time.Second)
	for {
		select {
		case err := <-exited:
			log, _ := os.ReadFile(logPath)
			return "", nil, fmt.Errorf("outpost serve exited: %v\n%s", err, log)
		default:
		}
		res, err := http.Get(url + "/")
		if err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return url, stop, nil
			}
		}
		if time.Now().After(deadline) {
			stop()
			log, _ := os.ReadFile(logPath)
			return "", nil, fmt.Errorf("outpost serve did not answer on %s within 20s\n%s", url, log)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// ---- pages ----------------------------------------------------------------

type viewport struct {
	name          string
	width, height int64
	mobile        bool
}

var (
	desktop = viewport{"desktop", 1280, 900, false}
	phone   = viewport{"phone", 390, 844, true}
)

func (vp viewport) emulate() chromedp.Action[chromedp.Void] {
	var opts []chromedp.EmulateViewportOption
	if vp.mobile {
		opts = append(opts, chromedp.EmulateScale(2), chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulatePortrait)
	}
	return chromedp.EmulateViewport(vp.width, vp.height, opts...)
}

// page is one tab of the shared browser, in a browser context of its own.
type page struct {
	t    testing.TB
	base string // the server's URL (default baseURL)
	vp   viewport
	tab  context.Context // the tab, without a deadline
	ctx  context.Context // the tab, with the test's deadline
}

// reportCSPViolations runs in every page before its scripts: what the
// Content-Security-Policy blocks (an inline style the front end needs, say)
// is a console.error, which fails the test, and is kept in
// window.cspViolations, unless the test expects it (window.expectCSPViolation).
const reportCSPViolations = `document.addEventListener('securitypolicyviolation', (e) => {
	const v = e.violatedDirective + ' blocked ' + (e.blockedURI || 'inline') + ' at ' + e.sourceFile + ':' + e.lineNumber;
	(window.cspViolations ??= []).push(v);
	if (!window.expectCSPViolation) console.error('Content-Security-Policy: ' + v);
});`

func newPage(t testing.TB, vp viewport) *page {
	t.Helper()
	// The page must not throw: every uncaught exception, unhandled
	// rejection and console.error fails the test.
	var mu sync.Mutex
	var jsErrors []string
	listen := func(ev any) {
		var msg string
		switch e := ev.(type) {
		case *runtime.EventExceptionThrown:
			d := e.ExceptionDetails
			msg = d.Text
			if d.Exception != nil && d.Exception.Description != "" {
				msg += " " + d.Exception.Description
			}
			msg = fmt.Sprintf("%s (%s:%d:%d)", msg, d.URL, d.LineNumber+1, d.ColumnNumber+1)
		case *runtime.EventConsoleAPICalled:
			if e.Type != runtime.ConsoleAPICalledTypeError {
				return
			}
			msg = "console.error:"
			for _, a := range e.Args {
				msg += " " + string(a.Value) + a.Description
			}
		default:
			return
		}
		mu.Lock()
		jsErrors = append(jsErrors, msg)
		mu.Unlock()
	}
	ctx, cancel := chromedp.NewContext(browserCtx, chromedp.WithNewBrowserContext(), chromedp.WithListener(listen))
	t.Cleanup(cancel)
	t.Cleanup(func() {
		mu.Lock()
		defer mu.Unlock()
		for _, e := range jsErrors {
			t.Errorf("the page reported an error: %s", e)
		}
	})
	// Every action of a test runs under this deadline, so a stuck page fails
	// the test instead of hanging the run.
	tctx, cancelT := context.WithTimeout(ctx, 60*time.Second)
	t.Cleanup(cancelT)
	// Run once on ctx (no deadline) to open the tab, then use tctx.
	if err := chromedp.Do(ctx, vp.emulate()); err != nil {
		t.Fatalf("opening a tab: %v", err)
	}
	if _, err := chromedp.Call(ctx, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: reportCSPViolations}); err != nil {
		t.Fatalf("listening for CSP violations: %v", err)
	}
	p := &page{t: t, base: baseURL, vp: vp, tab: ctx, ctx: tctx}
	t.Cleanup(func() {
		if t.Failed() {
			p.screenshot("FAILED")
		}
	})
	return p
}

func (p *page) do(what string, actions ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	if err := chromedp.Do(p.ctx, actions...); err != nil {
		p.t.Fatalf("%s: %v\npage state: %s", what, err, p.debugState())
	}
}

func (p *page) debugState() string {
	ctx, cancel := context.WithTimeout(p.tab, 3*time.Second)
	defer cancel()
	s, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(() => {
		const a = document.getElementById('app');
		return JSON.stringify({hash: location.hash, ...(a ? a.dataset : {}),
			status: document.getElementById('status')?.textContent,
			toast: document.getElementById('toast')?.textContent});
	})()`))
	if err != nil {
		return "(unknown: " + err.Error() + ")"
	}
	return s
}

func evalJS[T any](p *page, expr string) T {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		p.t.Fatalf("evaluating %s: %v", expr, err)
	}
	return v
}

// waitFor polls a JavaScript condition until it holds.
func (p *page) waitFor(what, cond string, timeout time.Duration) {
	p.t.Helper()
	_, err := chromedp.Run(p.ctx, chromedp.Poll[bool](cond, chromedp.WithPollingTimeout(timeout), chromedp.WithPollingInterval(50*time.Millisecond)))
	if err != nil {
		p.t.Fatalf("waiting for %s (%s): %v\npage state: %s", what, cond, err, p.debugState())
	}
}

func (p *page) open(path string) {
	p.t.Helper()
	p.do("opening "+path, chromedp.Navigate(p.base+path), chromedp.WaitVisible("#board cg-board"))
}

func (p *page) click(sel string) {
	p.t.Helper()
	p.do("clicking "+sel, chromedp.WaitEnabled(sel), chromedp.Click(sel))
}

// screenshot saves the page as artifacts/screenshots/<test>-<name>.png.
func (p *page) screenshot(name string) {
	time.Sleep(300 * time.Millisecond) // let the pieces' animation end
	dir := filepath.Join(repoRoot, "artifacts", "screenshots")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		p.t.Errorf("screenshot: %v", err)
		return
	}
	ctx, cancel := context.WithTimeout(p.tab, 10*time.Second)
	defer cancel()
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		p.t.Errorf("screenshot: %v", err)
		return
	}
	// Capturing beyond the viewport leaves an emulated phone's input
	// coordinates off; setting the viewport again puts them right.
	if err := chromedp.Do(ctx, p.vp.emulate()); err != nil {
		p.t.Errorf("screenshot: restoring the viewport: %v", err)
	}
	file := filepath.Join(dir, strings.ReplaceAll(p.t.Name(), "/", "-")+"-"+name+".png")
	if err := os.WriteFile(file, png, 0o644); err != nil {
		p.t.Errorf("screenshot: %v", err)
	}
}

// downloads lets the page download files, into the directory it returns.
func (p *page) downloads() string {
	p.t.Helper()
	dir := p.t.TempDir()
	if _, err := chromedp.CallBrowser(p.ctx, browser.SetDownloadBehavior, browser.SetDownloadBehaviorParams{
		Behavior:         browser.SetDownloadBehaviorBehaviorAllow,
		BrowserContextID: chromedp.FromContext(p.ctx).BrowserContextID,
		DownloadPath:     dir,
	}); err != nil {
		p.t.Fatalf("allowing downloads: %v", err)
	}
	return dir
}

// downloaded waits for a file matching pattern in dir (see downloads) and
// returns what it holds.
func (p *page) downloaded(dir, pattern string) string {
	p.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		files, _ := filepath.Glob(filepath.Join(dir, pattern))
		if len(files) > 0 {
			if b, err := os.ReadFile(files[0]); err == nil && len(b) > 0 {
				return string(b)
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	p.t.Fatalf("no %s file was downloaded into %s", pattern, dir)
	return ""
}

// ---- game helpers ---------------------------------------------------------

type newGame struct {
	mode       string // "ai", "hvh", "aivai"
	color      string // "white", "black", "random" (mode "ai")
	level      string
	elo        string // a strength by number, typed beside the level presets
	whiteLevel string
	blackLevel string
	speedMs    string
	clock      string // the time control's option: "60+0", "custom", ...
	minutes    string // a custom clock's minutes
	increment  string // a custom clock's increment
	fen        string
	pgn        string
	pgnFile    string // a file to upload
	chess960   bool   // the variant Chess960
	number     string // Chess960's start position number ("": at random)
	screenshot string // if set, a screenshot of the filled-in dialog
}

// startGame fills in the new-game dialog and waits for the game's page.
func (p *page) startGame(g newGame) {
	p.t.Helper()
	p.open("/#new")
	p.do("new-game dialog", chromedp.WaitVisible("#dlg-new"))
	p.click(fmt.Sprintf(`#form-new input[name=mode][value=%s]`, g.mode))
	if g.color != "" {
		p.click(fmt.Sprintf(`#form-new input[name=color][value=%s]`, g.color))
	}
	set := func(sel, v string) {
		if v != "" {
			p.do("setting "+sel, chromedp.SetValue(sel, v))
		}
	}
	if g.chess960 {
		p.click("#new-chess960")
		set("#new-number", g.number)
	}
	set("#new-level", g.level)
	set("#new-elo", g.elo)
	set("#new-white-level", g.whiteLevel)
	set("#new-black-level", g.blackLevel)
	set(`#form-new select[name=speedMs]`, g.speedMs)
	set("#new-clock", g.clock)
	set("#new-clock-minutes", g.minutes)
	set("#new-clock-increment", g.increment)
	if g.clock != "" {
		p.do("showing the clock's fields", chromedp.Evaluate[chromedp.Void](`document.getElementById('new-clock').dispatchEvent(new Event('change', {bubbles: true}))`))
	}
	if g.fen != "" || g.pgn != "" || g.pgnFile != "" {
		p.do("opening the start-position part", chromedp.Click("#new-start summary"))
		set("#new-fen", g.fen)
		set("#new-pgn", g.pgn)
		if g.pgnFile != "" {
			p.do("uploading "+g.pgnFile, chromedp.SetUploadFiles("#new-pgn-file", []string{g.pgnFile}))
			p.waitFor("the file in the PGN box", `document.getElementById('new-pgn').value.includes('1.')`, 5*time.Second)
		}
	}
	if g.screenshot != "" {
		p.screenshot(g.screenshot)
	}
	p.click("#new-start-btn")
	p.waitFor("the game to start", `!document.getElementById('dlg-new').open && !!document.getElementById('app').dataset.gameId`, 10*time.Second)
}

func (p *page) ply() int {
	p.t.Helper()
	return evalJS[int](p, `Number(document.getElementById('app').dataset.ply)`)
}

func (p *page) waitPly(n int, timeout time.Duration) {
	p.t.Helper()
	p.waitFor(fmt.Sprintf("ply %d", n), fmt.Sprintf(`Number(document.getElementById('app').dataset.ply) === %d`, n), timeout)
}

// square returns the centre of a square of the game's board on the
// screen, whichever way the board is turned.
func (p *page) square(sq string) (x, y float64) {
	p.t.Helper()
	return p.squareOf("board", sq)
}

// squareOf is square for the board whose element has the id board.
func (p *page) squareOf(board, sq string) (x, y float64) {
	p.t.Helper()
	xy := evalJS[[]float64](p, fmt.Sprintf(`(() => {
		const b = document.querySelector('#%s cg-board').getBoundingClientRect();
		const black = document.getElementById(%[1]q).classList.contains('orientation-black');
		let f = %q.charCodeAt(0) - 97, r = %q.charCodeAt(1) - 49;
		if (black) { f = 7 - f; r = 7 - r; }
		return [b.left + (f + 0.5) * b.width / 8, b.top + (7 - r + 0.5) * b.height / 8];
	})()`, board, sq, sq))
	return xy[0], xy[1]
}

// clickMove plays a move by clicking the piece and then its destination.
func (p *page) clickMove(from, to string) {
	p.t.Helper()
	fx, fy := p.square(from)
	tx, ty := p.square(to)
	p.do("clicking "+from, chromedp.MouseClickXY(fx, fy))
	p.waitFor(from+" selected", `!!document.querySelector('#board square.selected')`, 5*time.Second)
	p.do("clicking "+to, chromedp.MouseClickXY(tx, ty))
}

// dragMove plays a move by dragging the piece to its destination.
func (p *page) dragMove(from, to string) {
	p.t.Helper()
	fx, fy := p.square(from)
	tx, ty := p.square(to)
	p.do("dragging "+from+" to "+to, chromedp.DragAndDropXY(fx, fy, tx, ty, 12))
}

// moves returns the SAN of the move list.
func (p *page) moves() []string {
	p.t.Helper()
	return evalJS[[]string](p, `[...document.querySelectorAll('#moves button.move')].map(b => b.textContent)`)
}

func (p *page) text(sel string) string {
	p.t.Helper()
	return evalJS[string](p, fmt.Sprintf(`document.querySelector(%q)?.textContent ?? ''`, sel))
}

// waitPiece waits until the piece on sq (once animations end) has every
// class in want ("white knight"); want "" waits for an empty square.
func (p *page) waitPiece(sq, want string) {
	p.t.Helper()
	x, y := p.square(sq)
	cond := fmt.Sprintf(`(() => {
		let found = '';
		for (const pc of document.querySelectorAll('#board cg-board piece')) {
			if (pc.classList.contains('ghost') || pc.classList.contains('fading') || pc.classList.contains('anim')) continue;
			const r = pc.getBoundingClientRect();
			if (%f >= r.left && %f < r.right && %f >= r.top && %f < r.bottom) found = pc.className;
		}
		const want = %q.split(' ').filter(Boolean);
		return want.length ? want.every(c => found.split(' ').includes(c)) : found === '';
	})()`, x, x, y, y, want)
	p.waitFor(fmt.Sprintf("%q on %s", want, sq), cond, 5*time.Second)
}

// ---- tests ----------------------------------------------------------------

// TestPlayAgainstAI plays White against level 1: a move by clicking, the AI's
// reply, a move by dragging, a typed move, and a takeback.
func TestPlayAgainstAI(t *testing.T) {
	p := newPage(t, desktop)
	p.startGame(newGame{mode: "ai", color: "white", level: "1"})
	if got := evalJS[string](p, `document.getElementById('board').className`); !strings.Contains(got, "orientation-white") {
		t.Fatalf("board orientation: %q, want White at the bottom", got)
	}

	p.clickMove("e2", "e4")
	p.waitPly(2, 20*time.Second) // e4 and the AI's reply
	if m := p.moves(); len(m) != 2 || m[0] != "e4" {
		t.Fatalf("moves after e4 and the reply: %q", m)
	}
	p.waitPiece("e4", "white pawn")
	// A screen reader hears the AI's reply.
	p.waitFor("the reply in words", `/^Black played .+\. White to move\.$/.test(document.getElementById('live').textContent)`, 5*time.Second)

	p.dragMove("g1", "f3")
	p.waitPly(4, 20*time.Second)
	if m := p.moves(); m[2] != "Nf3" {
		t.Fatalf("moves after dragging g1 to f3: %q", m)
	}

	// The engine panel showed its search for the reply.
	p.waitFor("the thinking panel", `document.getElementById('th-depth').textContent !== '–'`, 5*time.Second)

	// A typed move: the server reads the SAN.
	p.do("typing a move", chromedp.SendKeys("#move-input", "Bc4\n"))
	p.waitPly(6, 20*time.Second)
	if m := p.moves(); m[4] != "Bc4" {
		t.Fatalf("moves after typing Bc4: %q", m)
	}
	p.screenshot("played")

	// Take back takes back the AI's reply and our move.
	p.click("#btn-takeback")
	p.waitPly(4, 10*time.Second)
	if m := p.moves(); len(m) != 4 {
		t.Fatalf("moves after takeback: %q", m)
	}
	p.waitPiece("f1", "white bishop") // back where it was
	p.waitPiece("c4", "")

	// Redo plays them again; take back once more.
	p.click("#btn-redo")
	p.waitPly(6, 10*time.Second)
	// The bishop has left f1 again. (Not "c4 holds the bishop": the AI's
	// reply at level 1 may take it there.)
	p.waitPiece("f1", "")
	p.click("#btn-takeback")
	p.waitPly(4, 10*time.Second)

	// Looking at an earlier position with the arrow keys.
	p.do("pressing ←", chromedp.Click("#status"), chromedp.KeyEvent(kb.ArrowLeft))
	p.waitFor("the previous position", `document.getElementById('app').dataset.viewPly === '3'`, 5*time.Second)
	p.click("#nav-last")
	p.waitFor("the live position", `document.getElementById('app').dataset.viewPly === ''`, 5*time.Second)
	p.screenshot("takeback")

	// A hint is an arrow on the board.
	p.click("#btn-hint")
	p.waitFor("the hint arrow", `!!document.querySelector('#board svg.cg-shapes line')`, 20*time.Second)
	p.screenshot("hint")

	// Resigning takes two clicks, and the banner says who resigned.
	p.click("#btn-resign")
	p.click("#btn-resign")
	p.waitFor("the game-over banner", `!document.getElementById('banner').hidden`, 10*time.Second)
	if title, reason := p.text("#banner-title"), p.text("#banner-reason"); !strings.Contains(title, "Black wins") || !strings.Contains(reason, "White resigned") {
		t.Errorf("after resigning the banner says %q / %q", title, reason)
	}

	// A rematch swaps the colours: the AI, White now, moves first in a new
	// game the page opens.
	first := evalJS[string](p, `location.hash`)
	p.click("#banner-rematch")
	p.waitFor("the rematch", `location.hash !== '`+first+`' && location.hash.startsWith('#/game/') && document.getElementById('banner').hidden`, 10*time.Second)
	p.waitPly(1, 20*time.Second)
}

// TestClaimDraw claims a draw by threefold repetition.
func TestClaimDraw(t *testing.T) {
	p := newPage(t, desktop)
	p.startGame(newGame{mode: "hvh", pgn: "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8"})
	p.waitPly(8, 5*time.Second)
	p.click("#btn-draw")
	p.waitFor("the game-over banner", `!document.getElementById('banner').hidden`, 10*time.Second)
	if title, reason := p.text("#banner-title"), p.text("#banner-reason"); !strings.Contains(title, "1/2-1/2") || !strings.Contains(reason, "threefold repetition") {
		t.Errorf("after claiming the banner says %q / %q", title, reason)
	}
	p.screenshot("drawn")
}

// TestPremove plays a premove while the AI is to move. The AI is paused
// first (through the API, with the page's token) so that the premove is
// certainly made before the AI replies.
func TestPremove(t *testing.T) {
	p := newPage(t, desktop)
	p.startGame(newGame{mode: "ai", color: "white", level: "1"})
	p.do("pausing the AI", chromedp.Evaluate[chromedp.Void](`(async () => {
		const id = document.getElementById('app').dataset.gameId;
		const r = await fetch('/api/games/' + id, {method: 'PATCH',
			headers: {'Content-Type': 'application/json', Authorization: 'Bearer ' + localStorage.getItem('outpost.token.' + id)},
			body: JSON.stringify({paused: true})});
		if (!r.ok) throw new Error('PATCH: ' + r.status + ' ' + await r.text());
	})()`, chromedp.EvalAwaitPromise))
	p.waitFor("the pause", `document.getElementById('status').textContent.startsWith('Your move')`, 5*time.Second)
	p.clickMove("e2", "e4")
	p.waitPly(1, 10*time.Second)
	p.waitFor("the AI to wait", `document.getElementById('status').textContent.startsWith('Paused')`, 5*time.Second)
	p.dragMove("d2", "d4")
	p.waitFor("the premove", `document.querySelectorAll('#board square.current-premove').length === 2`, 5*time.Second)
	p.screenshot("premove")
	p.do("resuming the AI", chromedp.Evaluate[chromedp.Void](`(async () => {
		const id = document.getElementById('app').dataset.gameId;
		const r = await fetch('/api/games/' + id, {method: 'PATCH',
			headers: {'Content-Type': 'application/json', Authorization: 'Bearer ' + localStorage.getItem('outpost.token.' + id)},
			body: JSON.stringify({paused: false})});
		if (!r.ok) throw new Error('PATCH: ' + r.status + ' ' + await r.text());
	})()`, chromedp.EvalAwaitPromise))
	p.waitFor("the reply and the premove", `Number(document.getElementById('app').dataset.ply) >= 3`, 20*time.Second)
	if m := p.moves(); m[2] != "d4" {
		t.Fatalf("moves %q: the premove d4 was not played", m)
	}
}

// TestPromotion promotes a pawn to a knight with the picker.
func TestPromotion(t *testing.T) {
	p := newPage(t, desktop)
	p.startGame(newGame{mode: "hvh", fen: "8/P5k1/8/8/8/8/6K1/8 w - - 0 1"})
	p.dragMove("a7", "a8")
	p.waitFor("the promotion picker", `!document.getElementById('promotion').hidden`, 5*time.Second)
	n := evalJS[int](p, `document.querySelectorAll('#promotion .promotion-choice').length`)
	if n != 4 {
		t.Fatalf("the picker offers %d pieces, want 4", n)
	}
	p.screenshot("picker")
	p.click(`#promotion .promotion-choice[data-role=knight]`)
	p.waitPly(1, 10*time.Second)
	if m := p.moves(); len(m) != 1 || m[0] != "a8=N" {
		t.Fatalf("moves after promoting: %q, want [a8=N]", m)
	}
	p.waitPiece("a8", "white knight")
	p.screenshot("promoted")
}

// TestCheckmate mates from a position and checks the banner, on a phone.
func TestCheckmate(t *testing.T) {
	p := newPage(t, phone)
	p.startGame(newGame{mode: "ai", color: "white", level: "1", fen: "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", screenshot: "dialog"})
	p.clickMove("a1", "a8")
	p.waitFor("the game-over banner", `!document.getElementById('banner').hidden`, 10*time.Second)
	title, reason := p.text("#banner-title"), p.text("#banner-reason")
	if !strings.Contains(title, "White wins") || !strings.Contains(title, "1-0") {
		t.Errorf("banner title %q, want White wins 1-0", title)
	}
	if !strings.Contains(reason, "Checkmate") {
		t.Errorf("banner reason %q, want checkmate", reason)
	}
	if m := p.moves(); len(m) != 1 || m[0] != "Ra8#" {
		t.Errorf("moves %q, want [Ra8#]", m)
	}
	if got := evalJS[string](p, `document.getElementById('app').dataset.status`); got != "over" {
		t.Errorf("status %q, want over", got)
	}
	// The page fits the phone: no sideways scrolling.
	if w := evalJS[int](p, `document.documentElement.scrollWidth`); w > int(phone.width) {
		t.Errorf("the page is %dpx wide on a %dpx phone", w, phone.width)
	}
	p.screenshot("banner")
}

// TestExportPGN uploads a PGN file, looks back at a move, plays on, and
// downloads the game's PGN.
func TestExportPGN(t *testing.T) {
	p := newPage(t, desktop)
	dir := p.downloads()
	file := filepath.Join(t.TempDir(), "ruy-lopez.pgn")
	if err := os.WriteFile(file, []byte("[Event \"Test\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	p.startGame(newGame{mode: "hvh", pgnFile: file})
	p.waitPly(6, 5*time.Second)
	// Clicking a move in the list shows that position.
	p.click(`#moves button[data-ply="2"]`)
	p.waitFor("the position after 1...e5", `document.getElementById('app').dataset.viewPly === '2'`, 5*time.Second)
	p.waitPiece("e5", "black pawn")
	p.waitPiece("b5", "")
	p.click("#nav-last")
	p.clickMove("b5", "a4")
	p.waitPly(7, 10*time.Second)
	p.click("#btn-pgn")
	pgn := p.downloaded(dir, "*.pgn")
	for _, want := range []string{"[White ", "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4"} {
		if !strings.Contains(strings.Join(strings.Fields(pgn), " "), want) {
			t.Errorf("downloaded PGN lacks %q:\n%s", want, pgn)
		}
	}
	// The FEN box shows the position.
	fen := evalJS[string](p, `document.getElementById('fen-out').value`)
	if !strings.HasPrefix(fen, "r1bqkbnr/1ppp1ppp/p1n5/4p3/B3P3/5N2/PPPP1PPP/RNBQK2R b KQkq") {
		t.Errorf("FEN box %q", fen)
	}
	p.click("#btn-fen")
	p.waitFor("the FEN copied", `/FEN/.test(document.getElementById('toast').textContent) && !document.getElementById('toast').hidden`, 5*time.Second)
	p.screenshot("exported")
}

// TestReloadContinues reloads the page in the middle of a game against the
// AI (playing Black) and plays on: the token is kept in localStorage.
func TestReloadContinues(t *testing.T) {
	p := newPage(t, desktop)
	p.startGame(newGame{mode: "ai", color: "black", level: "1"})
	if got := evalJS[string](p, `document.getElementById('board').className`); !strings.Contains(got, "orientation-black") {
		t.Fatalf("board orientation: %q, want Black at the bottom", got)
	}
	p.waitPly(1, 20*time.Second) // the AI opens
	id := evalJS[string](p, `document.getElementById('app').dataset.gameId`)
	p.clickMove("g8", "f6") // legal whatever White opened with
	p.waitPly(3, 20*time.Second)
	before := p.moves()

	// The mute switch is remembered.
	p.click("#btn-mute")
	p.waitFor("the sound off", `document.getElementById('btn-mute').getAttribute('aria-pressed') === 'true'`, 5*time.Second)

	p.do("reloading", chromedp.Reload(), chromedp.WaitVisible("#board cg-board"))
	if got := p.text("#btn-mute"); got != "Sound off" {
		t.Errorf("after the reload the mute switch says %q, want Sound off", got)
	}
	p.waitFor("the game after the reload", fmt.Sprintf(`document.getElementById('app').dataset.gameId === %q && document.getElementById('app').dataset.ply === '3'`, id), 10*time.Second)
	if after := p.moves(); strings.Join(after, " ") != strings.Join(before, " ") {
		t.Fatalf("moves after the reload %q, before %q", after, before)
	}
	p.clickMove("e7", "e6")
	p.waitPly(5, 20*time.Second)

	// A fresh tab that opens the site's root continues the last game too.
	p.open("/")
	p.waitFor("the last game", fmt.Sprintf(`document.getElementById('app').dataset.gameId === %q && document.getElementById('app').dataset.ply === '5'`, id), 10*time.Second)
	if d := evalJS[bool](p, `document.getElementById('move-input').disabled`); d {
		t.Errorf("after the reload the move box is disabled: the token was lost")
	}
	p.screenshot("continued")
}

// TestStrengthByNumber plays against the AI at a strength typed as a
// number: the game's level select shows it, the presets show their
// numbers; a number between the steps is refused in the dialog.
func TestStrengthByNumber(t *testing.T) {
	p := newPage(t, desktop)
	p.startGame(newGame{mode: "ai", color: "white", level: "2", elo: "2250"})
	p.waitFor("the AI's strength in its select", `document.getElementById('lvl-black').value === '2250'`, 5*time.Second)
	if got := evalJS[string](p, `document.getElementById('lvl-black').selectedOptions[0].textContent`); got != "2250 Elo" {
		t.Errorf("the AI's level reads %q, want 2250 Elo", got)
	}
	if got := evalJS[string](p, `[...document.getElementById('new-level').options].map(o => o.textContent).join(' | ')`); !strings.Contains(got, "Level 4 · about 1400 Elo") || !strings.Contains(got, "2200 Elo") {
		t.Errorf("the presets read %q, want each with its number", got)
	}
	// Between the steps: the page refuses it before the server is asked
	// (the field's step), and no game starts.
	id := evalJS[string](p, `document.getElementById('app').dataset.gameId`)
	p.open("/#new")
	p.do("new-game dialog", chromedp.WaitVisible("#dlg-new"))
	p.do("typing 2210", chromedp.SetValue("#new-elo", "2210"))
	p.click("#new-start-btn")
	if !evalJS[bool](p, `document.getElementById('new-elo').validity.stepMismatch && document.getElementById('dlg-new').open`) {
		t.Error("2210 was not refused in the dialog")
	}
	if got := evalJS[string](p, `document.getElementById('app').dataset.gameId`); got != id {
		t.Errorf("a game %s started at 2210", got)
	}
}

// TestAIAgainstAI watches two AIs play, pauses them, and opens My games.
func TestAIAgainstAI(t *testing.T) {
	p := newPage(t, desktop)
	p.startGame(newGame{mode: "aivai", whiteLevel: "1", blackLevel: "2", speedMs: "300"})
	p.waitFor("four AI moves", `Number(document.getElementById('app').dataset.ply) >= 4`, 40*time.Second)
	p.click("#btn-pause")
	p.waitFor("the pause", `document.getElementById('btn-pause').textContent === 'Resume'`, 5*time.Second)
	p.waitFor("the search to stop", `document.getElementById('app').dataset.thinking === 'false'`, 10*time.Second)
	n := p.ply()
	time.Sleep(1500 * time.Millisecond)
	if m := p.ply(); m != n {
		t.Errorf("paused at ply %d, now at ply %d", n, m)
	}
	if got := p.text("#player-bottom .name") + " / " + p.text("#player-top .name"); !strings.Contains(got, "level 1") || !strings.Contains(got, "level 2") {
		t.Errorf("player names %q", got)
	}
	// A level changes in the middle of the game.
	p.do("choosing level 3 for White", chromedp.SetValue("#lvl-white", "3"),
		chromedp.Evaluate[chromedp.Void](`document.getElementById('lvl-white').dispatchEvent(new Event('change'))`))
	p.waitFor("White at level 3", `document.querySelector('#player-bottom .name').textContent.includes('level 3')`, 5*time.Second)
	p.screenshot("paused")

	// My games lists it.
	id := evalJS[string](p, `document.getElementById('app').dataset.gameId`)
	p.click("#btn-games")
	p.waitFor("the games list", fmt.Sprintf(`!!document.querySelector('#games-list tr[data-id=%q]')`, id), 10*time.Second)
	p.screenshot("my-games")
}

// TestPageIsSelfContained checks that the page loads nothing from elsewhere.
func TestPageIsSelfContained(t *testing.T) {
	res, err := http.Get(baseURL + "/")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	for _, m := range regexp.MustCompile(`(?i)(src|href)="(https?:)?//[^"]*"`).FindAll(body, -1) {
		t.Errorf("index.html refers outside the server: %s", m)
	}
	for _, f := range []string{"/app.js", "/app.css"} {
		res, err := http.Get(baseURL + f)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(res.Body)
		sc.Buffer(make([]byte, 1<<20), 1<<24)
		for sc.Scan() {
			for _, m := range regexp.MustCompile(`url\((['"]?)https?:`).FindAllString(sc.Text(), -1) {
				t.Errorf("%s loads from elsewhere: %s", f, m)
			}
		}
		res.Body.Close()
		if res.StatusCode != http.StatusOK {
			t.Errorf("GET %s: %s", f, res.Status)
		}
	}
}

// TestContentSecurityPolicy checks that the page runs under its
// Content-Security-Policy (every test fails on a violation: see
// reportCSPViolations) and that the policy is in force: an inline style is
// refused.
func TestContentSecurityPolicy(t *testing.T) {
	res, err := http.Get(baseURL + "/")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if csp := res.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "frame-ancestors 'none'") || !strings.Contains(csp, "style-src 'self'") {
		t.Fatalf("the page's Content-Security-Policy: %q", csp)
	}
	p := newPage(t, desktop)
	p.open("/")
	color := evalJS[string](p, `(() => {
		window.expectCSPViolation = true;
		const d = document.createElement('div');
		d.setAttribute('style', 'color: rgb(255, 0, 0)');
		document.body.append(d);
		return getComputedStyle(d).color;
	})()`)
	if color == "rgb(255, 0, 0)" {
		t.Error("an inline style was applied: the policy is not in force")
	}
	p.waitFor("the violation reported", `(window.cspViolations ?? []).some(v => v.startsWith('style-src'))`, 5*time.Second)
}
