package tui

import (
	"context"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/cursor"
	"github.com/charmbracelet/bubbles/spinner"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/engine"
	"github.com/outpost-chess/outpost/internal/i18n"
	"github.com/outpost-chess/outpost/internal/play"
	"github.com/outpost-chess/outpost/internal/sched"
)

// Config says which game to play and how. The zero Config plays a new game
// between two people, without clocks, with nothing kept; set Engine for an
// AI player.
type Config struct {
	// White and Black play the game, unless Menu is set: then the start
	// menu chooses (White and Black are its first choice).
	White, Black play.Player
	Menu         bool

	// Game is a game to go on with (from --load); nil starts a new game
	// from Start. Resume is a stored game to go on with (--resume),
	// players, clock and all.
	Game   *chess.Game
	Resume *Resumed
	// Start is the position new games start from; nil is the standard one.
	Start *chess.Position
	// Clock is new games' time control (the menu may change it); the
	// zero TimeControl plays without clocks.
	Clock play.TimeControl

	// Store keeps unfinished games for --resume; nil keeps nothing.
	// Reviews keeps the reviews of the games kept in Store.
	Store   play.Store
	Reviews ReviewStore
	// ReviewNodes is the node budget of each position of a review
	// (default review.DefaultNodes).
	ReviewNodes uint64
	// Now is the clocks' time source (default time.Now).
	Now func() time.Time

	// Engine searches for the AI players, and for the reviews (on one
	// scheduler, see work). It is needed when a side is played by the AI;
	// without it, the reviews make an engine of their own.
	Engine *engine.Engine
	// MoveTime is the longest the AI thinks for a move in a game without
	// clocks (default DefaultMoveTime); levels below 8 stop earlier by
	// their own limits. On a clock, the AI plans within its time.
	MoveTime time.Duration
	// Delay is the shortest time an AI move takes when both sides are AI
	// in a game without clocks, so that the game can be watched.
	Delay time.Duration

	// ASCII draws pieces as letters (KQRBNP, kqrbnp) instead of glyphs.
	ASCII bool
	// Lang is the language of every text (i18n.English when empty).
	Lang i18n.Lang
	// StoreErr is why the store could not be opened: games are not kept,
	// and the interface says so when it starts.
	StoreErr error
}

// DefaultMoveTime is the longest the AI thinks for a move when
// Config.MoveTime is zero.
const DefaultMoveTime = time.Second

// DefaultDelay is a good Config.Delay for watching two AIs play.
const DefaultDelay = 600 * time.Millisecond

// mode is what the keys do at the moment.
type mode int

const (
	modeBoard   mode = iota // moving the cursor, picking pieces up
	modeMenu                // the start menu
	modeMove                // typing a move
	modePromote             // choosing the piece a pawn promotes to
	modeSave                // typing the file name to save to
	modeLoad                // typing the file name of a game to load
	modeHelp                // the help screen
	modeQuit                // asking whether to quit an unfinished game
	modeReview              // the game's review (review.go)
)

// Model is the Bubble Tea model of the terminal game. Make one with New;
// Run runs it full screen. All rules come from packages play and chess: the
// model turns keys into calls of its play.Game and shows the result.
type Model struct {
	cfg  Config
	s    *session // the game; nil while the first start menu is shown
	mode mode
	menu menu

	cursor   chess.Square
	selected chess.Square   // the piece picked up, or NoSquare
	dests    chess.Bitboard // its legal destinations
	promo    []chess.Move   // the promotions to choose from in modePromote
	flipped  bool

	input   textinput.Model // the move or the file name being typed
	spin    spinner.Model
	spins   bool // a spinner tick is on its way
	ticking bool // a clock tick is on its way
	search  *search
	last    *search // the AI's last finished search, for its figures
	// lastPly is the game's length after last's move: last is shown only
	// while its move is the last played.
	lastPly int
	judging *search // the AI's search judging a draw offer, or nil
	nextID  int
	work    work // the engine's work: moves, draw judgements, reviews

	review    *reviewRun // the game's review, running or done, or nil
	reviewPly int        // the move the review screen shows (from 1)

	msg    string // the status line: the answer to the last action
	msgErr bool   // msg reports a mistake

	saved string // the file the game was last saved to, offered by o

	width, height int
	helpTop       int // the first line of the help screen shown
	quitting      bool
}

// New returns the model for cfg.
func New(cfg Config) *Model {
	if cfg.MoveTime <= 0 {
		cfg.MoveTime = DefaultMoveTime
	}
	in := textinput.New()
	in.CharLimit = 200
	in.Cursor.SetMode(cursor.CursorStatic)
	sp := spinner.New()
	sp.Spinner = spinner.Dot
	m := &Model{
		cfg:      cfg,
		work:     work{ai: cfg.Engine},
		selected: chess.NoSquare,
		cursor:   chess.E2,
		input:    in,
		spin:     sp,
		width:    100,
		height:   32,
	}
	m.menu = newMenu(cfg.White, cfg.Black, cfg.Clock)
	switch {
	case cfg.Resume != nil:
		m.begin(resumeSession(&m.cfg, cfg.Resume))
	case cfg.Menu:
		m.mode = modeMenu
	default:
		m.begin(startSession(&m.cfg, cfg.Game, [2]play.Player{cfg.White, cfg.Black}, cfg.Clock))
	}
	if cfg.StoreErr != nil {
		m.say(m.tr(msgNotKeptNotice, errorText(m.lang(), cfg.StoreErr)))
	}
	return m
}

// begin makes s the game on the board; err is a failure to start it.
func (m *Model) begin(s *session, err error) {
	if err != nil {
		m.fail(m.tr(msgStartFailed, errorText(m.lang(), err)))
		if s == nil {
			return
		}
	}
	m.abandonSearch()
	m.stopReview()
	m.s.suspend()
	m.s = s
	m.last = nil
	m.mode = modeBoard
	m.deselect()
	w, b := s.players()[chess.White], s.players()[chess.Black]
	m.flipped = w.AI && !b.AI
	m.cursor = chess.E2
	if m.flipped {
		m.cursor = chess.E7
	}
	if err == nil {
		m.msg, m.msgErr = "", false
	}
	if s.over() {
		m.say(outcomeText(m.lang(), s.g.Outcome()))
	}
}

// Init starts the AI if it is to move, and the clocks' ticks.
func (m *Model) Init() tea.Cmd { return tea.Batch(m.think(), m.tick()) }

// Update handles a message: a key, a mouse click, the terminal's size, the
// progress and the result of the AI's search, and the spinner's ticks.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		return m, nil
	case tea.KeyMsg:
		return m, m.key(msg)
	case tea.MouseMsg:
		return m, m.mouse(msg)
	case progressMsg:
		switch {
		case m.search != nil && msg.id == m.search.id:
			m.search.progress(msg.info)
			return m, waitFor(m.search.ch)
		case m.judging != nil && msg.id == m.judging.id:
			return m, waitFor(m.judging.ch) // its figures are not shown
		}
		return m, nil // a search that was abandoned
	case resultMsg:
		switch {
		case m.search != nil && msg.id == m.search.id:
			return m, m.aiMoved(msg.result)
		case m.judging != nil && msg.id == m.judging.id:
			return m, m.drawAnswered(msg.result)
		}
		return m, nil
	case clockTickMsg:
		return m, m.clockTicked()
	case reviewProgressMsg, reviewDoneMsg:
		return m, m.reviewMsg(msg)
	case spinner.TickMsg:
		if m.search == nil {
			m.spins = false
			return m, nil
		}
		var cmd tea.Cmd
		m.spin, cmd = m.spin.Update(msg)
		return m, cmd
	}
	return m, nil
}

// key handles a key press in the current mode.
func (m *Model) key(k tea.KeyMsg) tea.Cmd {
	if k.String() == "ctrl+c" {
		return m.quit()
	}
	switch m.mode {
	case modeMenu:
		return m.menuKey(k)
	case modeMove:
		return m.moveKey(k)
	case modePromote:
		return m.promoteKey(k)
	case modeSave:
		return m.saveKey(k)
	case modeLoad:
		return m.loadKey(k)
	case modeHelp:
		switch k.String() {
		case "up", "i":
			m.helpTop = max(0, m.helpTop-1)
		case "down", "k", " ":
			m.helpTop++ // viewHelp keeps it in range
		case "pgup":
			m.helpTop = max(0, m.helpTop-m.height+2)
		case "pgdown":
			m.helpTop += m.height - 2
		default:
			m.mode = modeBoard
		}
		return nil
	case modeReview:
		return m.reviewKey(k)
	case modeQuit:
		switch k.String() {
		case "y", "Y", "q", "enter":
			return m.quit()
		default:
			m.mode = modeBoard
			m.say(m.tr(msgQuitCancelled))
		}
		return nil
	}
	return m.boardKey(k)
}

// moveStarters are the keys that start typing a move: every first letter
// of a move in SAN or UCI (the files a-h, the pieces, O-O). No key binding
// is one of them: the cursor keys are i j k l, flip is t.
const moveStarters = "abcdefghNBRQKO0"

// boardKey handles a key on the board.
func (m *Model) boardKey(k tea.KeyMsg) tea.Cmd {
	switch s := k.String(); s {
	case "up", "i":
		m.moveCursor(0, -1)
	case "down", "k":
		m.moveCursor(0, 1)
	case "left", "j":
		m.moveCursor(-1, 0)
	case "right", "l":
		m.moveCursor(1, 0)
	case "enter", " ":
		return m.choose(m.cursor)
	case "esc":
		return m.escape()
	case ":", "/", "tab":
		return m.openMoveInput("")
	case "u":
		return m.takeback()
	case "r":
		return m.redo()
	case "t":
		m.flipped = !m.flipped
		m.say(m.tr(msgTurned))
	case "s":
		m.openSaveInput()
	case "o":
		m.openLoadInput()
	case "n":
		m.menu = newMenu(m.s.players()[chess.White], m.s.players()[chess.Black], m.s.g.TimeControl())
		m.mode = modeMenu
	case "p":
		return m.togglePause()
	case "R":
		return m.openReview()
	case "m":
		return m.rematch()
	case "?":
		m.mode, m.helpTop = modeHelp, 0
	case "q":
		if m.s.over() || m.s.game().Len() == 0 {
			return m.quit()
		}
		m.mode = modeQuit
	default:
		if k.Type != tea.KeyRunes || len(k.Runes) == 0 {
			return nil
		}
		// Keys typed quickly (or pasted) may arrive together.
		first := k.Runes[0]
		switch {
		case strings.ContainsRune(moveStarters, first):
			return m.openMoveInput(string(k.Runes))
		case len(k.Runes) > 1 && (first == ':' || first == '/'):
			return m.openMoveInput(string(k.Runes[1:]))
		case len(k.Runes) > 1:
			var cmds []tea.Cmd
			for i, r := range k.Runes {
				if strings.ContainsRune(moveStarters, r) {
					return tea.Batch(append(cmds, m.openMoveInput(string(k.Runes[i:])))...)
				}
				cmds = append(cmds, m.boardKey(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}}))
				if m.mode != modeBoard {
					break
				}
			}
			return tea.Batch(cmds...)
		}
		m.fail(m.tr(msgKeyDoesNothing, s))
	}
	return nil
}

// moveCursor moves the cursor by dx columns and dy rows on screen.
func (m *Model) moveCursor(dx, dy int) {
	if m.flipped {
		dx, dy = -dx, -dy
	}
	f := int(m.cursor.File()) + dx
	r := int(m.cursor.Rank()) - dy
	f, r = max(0, min(7, f)), max(0, min(7, r))
	m.cursor = chess.NewSquare(chess.File(f), chess.Rank(r))
}

// escape puts down the piece picked up, or makes the AI move now.
func (m *Model) escape() tea.Cmd {
	switch {
	case m.selected != chess.NoSquare:
		m.deselect()
		m.say("")
	case m.search != nil && !m.search.stopped:
		m.search.stopped = true
		m.search.stop()
		m.say(m.tr(msgMovesNow))
	default:
		m.say("")
	}
	return nil
}

// deselect puts down the piece picked up.
func (m *Model) deselect() {
	m.selected, m.dests, m.promo = chess.NoSquare, 0, nil
}

// choose is Enter (or a click) on square sq: pick up the piece there, put
// the piece picked up down there, or say why not.
func (m *Model) choose(sq chess.Square) tea.Cmd {
	if reason := m.cannotMove(); reason != "" {
		m.fail(reason)
		return nil
	}
	pos := m.s.game().Position()
	if m.selected != chess.NoSquare {
		if sq == m.selected {
			m.deselect()
			m.say("")
			return nil
		}
		var moves []chess.Move
		for _, mv := range pos.LegalMoves() {
			if mv.From() == m.selected && mv.To() == sq {
				moves = append(moves, mv)
			}
		}
		switch {
		case len(moves) == 1:
			return m.playHuman(moves[0])
		case len(moves) > 1:
			m.promo = moves
			m.mode = modePromote
			m.say(m.tr(msgPromoteTo))
			return nil
		}
		if p := pos.PieceAt(sq); p != chess.NoPiece && p.Color() == pos.SideToMove() {
			m.pickUp(pos, sq)
			return nil
		}
		_, err := pos.ParseUCI(m.selected.String() + sq.String())
		m.fail(errorText(m.lang(), err))
		return nil
	}
	m.pickUp(pos, sq)
	return nil
}

// pickUp picks up the piece on sq, if it is one of the side to move's with
// a legal move.
func (m *Model) pickUp(pos *chess.Position, sq chess.Square) {
	p := pos.PieceAt(sq)
	switch {
	case p == chess.NoPiece:
		m.fail(m.tr(msgNoPieceOn, sq))
		return
	case p.Color() != pos.SideToMove():
		m.fail(m.tr(msgNotYours, pieceText(m.lang(), p.Type()), colorText(m.lang(), p.Color()), colorText(m.lang(), pos.SideToMove())))
		return
	}
	var dests chess.Bitboard
	for _, mv := range pos.LegalMoves() {
		if mv.From() == sq {
			dests |= mv.To().Bitboard()
		}
	}
	if dests == 0 {
		m.deselect()
		m.fail(m.tr(msgNoLegalMove, pieceText(m.lang(), p.Type()), sq))
		return
	}
	m.selected, m.dests = sq, dests
	m.say(m.tr(msgPickedUp, capitalize(pieceText(m.lang(), p.Type())), sq))
}

// cannotMove returns why a person cannot move now, or "".
func (m *Model) cannotMove() string {
	switch {
	case m.s.over():
		return m.tr(msgOverUseKeys)
	case m.s.toMove().AI && m.s.g.Paused():
		return m.tr(msgAIPaused)
	case m.s.toMove().AI:
		return m.tr(msgAIThinkingKeys)
	}
	return ""
}

// playHuman plays a person's move.
func (m *Model) playHuman(mv chess.Move) tea.Cmd {
	pos := m.s.game().Position()
	text := moveNumber(pos, true) + pos.SAN(mv)
	if err := m.s.g.Move(context.Background(), mv); err != nil {
		m.fail(errorText(m.lang(), err))
		return m.afterChange()
	}
	m.deselect()
	m.mode = modeBoard
	m.cursor = mv.To()
	m.say(m.tr(msgPlayed, m.s.name(pos.SideToMove()), text))
	return m.afterChange()
}

// rematch starts the game again once it is over (session.rematch), and
// says so; the board turns so that the player's side is at the bottom.
func (m *Model) rematch() tea.Cmd {
	if !m.s.over() {
		m.fail(m.tr(msgRematchNotOver))
		return nil
	}
	next, err := m.s.rematch(&m.cfg)
	if err != nil {
		m.fail(m.tr(msgCouldNotRematch, errorText(m.lang(), err)))
		return nil
	}
	m.begin(next, nil)
	m.say(m.tr(msgRematch))
	return m.afterChange()
}

// afterChange reports a keeping failure and the end of the game, and
// starts the AI when it is to move and the clocks' ticks when one runs.
func (m *Model) afterChange() tea.Cmd {
	if err := m.s.takeKeepError(); err != nil {
		m.fail(errorText(m.lang(), err))
	}
	if m.s.over() {
		m.abandonSearch()
		if !m.msgErr {
			m.say(outcomeText(m.lang(), m.s.g.Outcome()))
		}
		return m.startReview() // ready when the player asks (R)
	}
	return tea.Batch(m.think(), m.tick())
}

// think starts the AI's search when it is due (to move, not paused).
func (m *Model) think() tea.Cmd {
	if m.s == nil || !m.s.g.AIDue() || m.search != nil || m.cfg.Engine == nil {
		if m.s != nil && m.s.g.AIDue() && m.cfg.Engine == nil {
			m.fail(m.tr(msgNoEngine))
		}
		return nil
	}
	var delay time.Duration
	if m.s.bothAI() && !m.s.g.TimeControl().Timed() {
		delay = m.cfg.Delay
	}
	params, version, _ := m.s.g.AISearch(m.cfg.MoveTime)
	m.nextID++
	s, cmd := startSearch(context.Background(), m.work.mover(m.s.g), m.nextID, params, delay)
	s.version = version
	m.search = s
	if !m.spins {
		m.spins = true
		cmd = tea.Batch(cmd, m.spin.Tick)
	}
	return cmd
}

// aiMoved plays the move the AI chose.
func (m *Model) aiMoved(r engine.Result) tea.Cmd {
	s := m.search
	s.abandon()
	s.played(r.BestMove)
	m.search, m.last = nil, s
	if r.BestMove == chess.NoMove {
		return nil
	}
	pos := m.s.game().Position()
	text := moveNumber(pos, true) + pos.SAN(r.BestMove)
	if err := m.s.g.PlayAI(context.Background(), s.version, r.BestMove); err != nil {
		m.fail(errorText(m.lang(), err))
		return m.afterChange()
	}
	m.lastPly = m.s.game().Len()
	if m.mode == modeBoard && m.selected == chess.NoSquare {
		m.say(m.tr(msgPlayed, m.s.name(pos.SideToMove()), text))
	}
	// A piece a person picked up in a game of two people stays picked up;
	// otherwise the position changed under it.
	m.deselect()
	return m.afterChange()
}

// abandonSearch stops the AI's searches (its move's and a draw
// judgement's) and drops their results.
func (m *Model) abandonSearch() {
	for _, s := range []**search{&m.search, &m.judging} {
		if *s != nil {
			(*s).abandon()
			*s = nil
		}
	}
}

// clockTickMsg asks the model to look at the clocks: redraw them, and end
// the game when a flag has fallen.
type clockTickMsg struct{}

// clockTick is how often the clocks are redrawn.
const clockTick = 100 * time.Millisecond

// tick starts the clock ticks when a clock runs and none is on its way.
func (m *Model) tick() tea.Cmd {
	if m.s == nil || m.ticking {
		return nil
	}
	if _, ok := m.s.g.FlagIn(); !ok {
		return nil
	}
	m.ticking = true
	return tea.Tick(clockTick, func(time.Time) tea.Msg { return clockTickMsg{} })
}

// clockTicked ends the game when the side to move's time is up, and asks
// for the next tick while a clock runs.
func (m *Model) clockTicked() tea.Cmd {
	m.ticking = false
	if m.s == nil {
		return nil
	}
	flagged, err := m.s.g.CheckFlag(context.Background())
	switch {
	case err != nil:
		m.fail(errorText(m.lang(), err))
	case flagged:
		m.abandonSearch()
		m.deselect()
		if m.mode == modeMove || m.mode == modePromote {
			m.closeInput()
		}
		m.say(outcomeText(m.lang(), m.s.g.Outcome()))
		return nil
	}
	return m.tick()
}

// takeback takes back the last move of a person (and the AI's reply).
func (m *Model) takeback() tea.Cmd {
	n, err := m.s.g.Takeback(context.Background())
	if err != nil {
		m.fail(capitalize(errorText(m.lang(), err)) + ".")
		return m.afterChange()
	}
	m.abandonSearch()
	m.deselect()
	m.last = nil
	m.say(m.tr(msgTookBack, n, m.plural(n, msgMoveOne, msgMoveMany)))
	cmd := m.afterChange()
	if m.s.g.Paused() && m.s.g.AIToMove() {
		m.say(m.msg + " " + m.tr(msgAIPaused))
	}
	return cmd
}

// redo plays again the moves the last takeback took back (your move and
// Outpost's reply, as u took them), until a new move is played.
func (m *Model) redo() tea.Cmd {
	if !m.s.g.CanRedo() {
		m.fail(m.tr(msgNothingToRedo))
		return nil
	}
	m.abandonSearch()
	m.deselect()
	m.last = nil
	pos := m.s.game().Position()
	moves, err := m.s.g.Redo(context.Background())
	if err != nil {
		m.fail(m.tr(msgCouldNotRedo, errorText(m.lang(), err)))
		return m.afterChange()
	}
	m.say(m.tr(msgReplayed, pos.SANLine(moves)))
	cmd := m.afterChange()
	if m.s.g.Paused() && m.s.g.AIToMove() {
		m.say(m.msg + " " + m.tr(msgAIPaused))
	}
	return cmd
}

// togglePause stops the AI from moving (and the clocks), or lets it go on.
func (m *Model) togglePause() tea.Cmd {
	paused := !m.s.g.Paused()
	if err := m.s.g.SetPaused(context.Background(), paused); err != nil {
		m.fail(errorText(m.lang(), err))
		return m.afterChange()
	}
	if !paused {
		m.say(m.tr(msgAIMayMove))
		return m.afterChange()
	}
	m.abandonSearch()
	m.say(m.tr(msgAIPaused))
	return m.afterChange()
}

// draw claims, accepts or offers a draw (see session.draw); an offer to
// the AI starts the search that judges it.
func (m *Model) draw() tea.Cmd {
	msg, j, err := m.s.draw()
	switch {
	case err != nil:
		m.fail(capitalize(errorText(m.lang(), err)))
		return m.afterChange()
	case j == nil:
		m.say(msg)
		return m.afterChange()
	case m.cfg.Engine == nil:
		m.fail(m.tr(msgNoEngineDraw))
		return nil
	}
	m.nextID++
	s, cmd := startSearch(context.Background(), m.work.searcher(sched.Hint), m.nextID, j.params, 0)
	s.judgement = j
	m.judging = s
	m.say(m.tr(msgYouOfferDraw))
	return cmd
}

// drawAnswered gives the AI's answer to the draw offered.
func (m *Model) drawAnswered(r engine.Result) tea.Cmd {
	s := m.judging
	s.abandon()
	m.judging = nil
	text, err := m.s.answerDraw(s.judgement, r)
	if err != nil {
		m.fail(errorText(m.lang(), err))
	} else {
		m.say(text)
	}
	return m.afterChange()
}

// quit ends the program, dropping any search and stopping the clock (the
// time until --resume is charged to nobody).
func (m *Model) quit() tea.Cmd {
	m.abandonSearch()
	m.s.suspend()
	m.quitting = true
	return tea.Quit
}

// openMoveInput starts typing a move, with text typed so far.
func (m *Model) openMoveInput(text string) tea.Cmd {
	if reason := m.cannotMove(); reason != "" {
		m.fail(reason)
		return nil
	}
	return m.openInput(modeMove, m.tr(msgMovePrompt), m.tr(msgMovePlaceholder), text, m.tr(msgMoveHelp))
}

// openInput starts typing in mode md: the input line shows prompt, then text
// (or placeholder when empty), with the cursor at the end; the status line
// says help.
func (m *Model) openInput(md mode, prompt, placeholder, text, help string) tea.Cmd {
	m.deselect()
	m.mode = md
	m.input.Prompt = prompt
	m.input.Placeholder = placeholder
	m.input.SetValue(text)
	m.input.CursorEnd()
	m.say(help)
	return m.input.Focus()
}

// inputKey handles a key while text is typed: Esc closes the input and says
// cancelled, Enter calls enter with the text, and other keys edit it.
func (m *Model) inputKey(k tea.KeyMsg, cancelled string, enter func(text string) tea.Cmd) tea.Cmd {
	switch k.String() {
	case "esc":
		m.closeInput()
		m.say(cancelled)
		return nil
	case "enter":
		return enter(m.input.Value())
	}
	var cmd tea.Cmd
	m.input, cmd = m.input.Update(k)
	return cmd
}

// moveKey handles a key while a move is typed.
func (m *Model) moveKey(k tea.KeyMsg) tea.Cmd {
	return m.inputKey(k, "", m.submitMove)
}

// submitMove plays a typed move, or a typed command (draw, resign). A bad
// move leaves the input open for another try.
func (m *Model) submitMove(text string) tea.Cmd {
	text = strings.TrimSpace(text)
	if reason := m.cannotMove(); reason != "" {
		m.closeInput()
		m.fail(reason)
		return nil
	}
	switch strings.ToLower(text) {
	case "":
		m.closeInput()
		m.say("")
		return nil
	case "draw":
		m.closeInput()
		return m.draw()
	case "resign":
		m.closeInput()
		if err := m.s.resign(); err != nil {
			m.fail(errorText(m.lang(), err))
			return nil
		}
		return m.afterChange()
	}
	pos := m.s.game().Position()
	mv, err := pos.ParseMove(text)
	if err != nil {
		m.input.SetValue("")
		m.fail(m.tr(msgTryAgain, sentence(m.lang(), errorText(m.lang(), err))))
		return nil
	}
	m.closeInput()
	return m.playHuman(mv)
}

// closeInput stops typing.
func (m *Model) closeInput() {
	m.input.Blur()
	m.input.SetValue("")
	m.mode = modeBoard
}

// promoteKey chooses the piece a pawn promotes to.
func (m *Model) promoteKey(k tea.KeyMsg) tea.Cmd {
	want := chess.NoPieceType
	switch k.String() {
	case "q", "Q", "enter":
		want = chess.Queen
	case "r", "R":
		want = chess.Rook
	case "b", "B":
		want = chess.Bishop
	case "n", "N":
		want = chess.Knight
	case "esc":
		m.mode = modeBoard
		m.deselect()
		m.say("")
		return nil
	default:
		m.fail(m.tr(msgPromoteTo))
		return nil
	}
	for _, mv := range m.promo {
		if mv.Promotion() == want {
			return m.playHuman(mv)
		}
	}
	return nil
}

// openSaveInput asks for the file to save the game to.
func (m *Model) openSaveInput() {
	name := m.saved
	if name == "" {
		name = "outpost-" + time.Now().Format("2006-01-02-1504") + ".pgn"
	}
	m.openInput(modeSave, m.tr(msgSavePrompt), "", name, m.tr(msgSaveHelp))
}

// saveKey handles a key while the file name is typed.
func (m *Model) saveKey(k tea.KeyMsg) tea.Cmd {
	return m.inputKey(k, m.tr(msgNotSaved), func(text string) tea.Cmd {
		path := strings.TrimSpace(text)
		if err := m.s.save(path, m.currentReview()); err != nil {
			m.fail(m.tr(msgCouldNotSave, errorText(m.lang(), err)))
			return nil
		}
		m.closeInput()
		m.saved = path
		m.say(m.tr(msgSavedTo, path))
		return nil
	})
}

// openLoadInput asks for a PGN file to load.
// The file the game was last saved to is offered.
func (m *Model) openLoadInput() {
	m.openInput(modeLoad, m.tr(msgLoadPrompt), "game.pgn", m.saved, m.tr(msgLoadHelp))
}

// loadKey handles a key while the file name of a game to load is typed.
// A file that cannot be read leaves the game as it was.
func (m *Model) loadKey(k tea.KeyMsg) tea.Cmd {
	return m.inputKey(k, m.tr(msgNothingLoaded), func(text string) tea.Cmd {
		path := strings.TrimSpace(text)
		g, err := LoadPGN(path)
		if err != nil {
			m.fail(m.tr(msgCouldNotLoad, errorText(m.lang(), err)))
			return nil
		}
		m.closeInput()
		m.begin(startSession(&m.cfg, g, m.s.players(), m.s.g.TimeControl()))
		if m.mode != modeBoard || m.msgErr {
			return nil
		}
		m.say(m.tr(msgLoaded, path, g.Len(), m.plural(g.Len(), msgMoveOne, msgMoveMany)))
		return m.afterChange()
	})
}

// mouse handles a click: on the board it is Enter on the square clicked.
func (m *Model) mouse(ev tea.MouseMsg) tea.Cmd {
	if ev.Action != tea.MouseActionPress || ev.Button != tea.MouseButtonLeft {
		return nil
	}
	if m.mode != modeBoard && m.mode != modePromote {
		return nil
	}
	l := m.layout()
	if l.tooSmall {
		return nil
	}
	x, y := ev.X-l.left-rankLabelWidth, ev.Y-l.top-boardTop
	col, row := x/l.board.w, y/l.board.h
	if x < 0 || y < 0 || col > 7 || row > 7 {
		return nil
	}
	if m.mode == modePromote {
		m.mode = modeBoard
		m.deselect()
	}
	m.cursor = squareAt(row, col, m.flipped)
	return m.choose(m.cursor)
}

// say sets the status line.
func (m *Model) say(s string) { m.msg, m.msgErr = s, false }

// fail sets the status line to a mistake.
func (m *Model) fail(s string) { m.msg, m.msgErr = s, true }

// tr returns the text of k in the game's language.
func (m *Model) tr(k msg, args ...any) string { return tr(m.lang(), k, args...) }

// lang is the game's language.
func (m *Model) lang() i18n.Lang {
	if m.cfg.Lang == "" {
		return i18n.English
	}
	return m.cfg.Lang
}

// plural returns the text of one or many by n.
func (m *Model) plural(n int, one, many msg) string {
	if n == 1 {
		return m.tr(one)
	}
	return m.tr(many)
}

// capitalize returns s with its first letter in upper case.
func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
