package tui

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/engine"
	"github.com/outpost-chess/outpost/internal/i18n"
	"github.com/outpost-chess/outpost/internal/play"
	"github.com/outpost-chess/outpost/internal/review"
	"github.com/outpost-chess/outpost/internal/sched"
)

// RunPlain plays the game of cfg in line mode, for pipes, scripts and
// screen readers: it prints the board as text, reads moves (and the
// commands its help lists) from in, one a line, and prints each move played,
// the AI's included, the clocks after each move on a clock, and the
// result on out. It ignores cfg.Menu (the players are cfg.White and
// cfg.Black), cfg.Delay and cfg.ASCII.
//
// A line that is not a legal move or a command is answered with the reason
// and the game goes on. A flag falls while it waits for a line. Once the
// game is over it still reads commands (review, save, moves...). RunPlain
// returns nil on "quit" and at the end of in (an unfinished game is kept
// in cfg.Store); it returns ctx's error when ctx is cancelled, and an error
// when reading in or writing out fails.
func RunPlain(ctx context.Context, cfg Config, in io.Reader, out io.Writer) error {
	if cfg.MoveTime <= 0 {
		cfg.MoveTime = DefaultMoveTime
	}
	var s *session
	var err error
	if cfg.Resume != nil {
		s, err = resumeSession(&cfg, cfg.Resume)
	} else {
		s, err = startSession(&cfg, cfg.Game, [2]play.Player{cfg.White, cfg.Black}, cfg.Clock)
	}
	if err != nil {
		return fmt.Errorf("tui: %w", err)
	}
	pl := &plain{
		cfg:   cfg,
		s:     s,
		w:     &errWriter{w: out},
		lines: readLines(in),
		work:  work{ai: cfg.Engine},
	}
	defer pl.work.close()
	defer func() { pl.s.suspend() }()
	return pl.run(ctx)
}

// plain is a game in line mode.
type plain struct {
	cfg      Config
	s        *session
	w        *errWriter
	lines    <-chan lineOrErr
	work     work           // the engine's work: moves, draw judgements, reviews
	reviewed *review.Review // the last review printed, for save
}

// lineOrErr is a line read from the input, or the error that ended it
// (io.EOF at its end).
type lineOrErr struct {
	line string
	err  error
}

// readLines reads in line by line on a goroutine of its own, so that the
// game can stop while a read waits.
func readLines(in io.Reader) <-chan lineOrErr {
	ch := make(chan lineOrErr)
	go func() {
		sc := bufio.NewScanner(in)
		for sc.Scan() {
			ch <- lineOrErr{line: sc.Text()}
		}
		err := sc.Err()
		if err == nil {
			err = io.EOF
		}
		ch <- lineOrErr{err: err}
		close(ch)
	}()
	return ch
}

// printf prints to the output.
func (pl *plain) printf(format string, args ...any) { fmt.Fprintf(pl.w, format, args...) }

func (pl *plain) run(ctx context.Context) error {
	s := pl.s
	pl.say(msgPlainIntro, s.name(chess.White), s.name(chess.Black))
	pl.say(msgPlainTypeMoves)
	if label := play.Chess960Label(s.game().StartPosition()); label != "" {
		pl.printf("%s.\n", label)
	}
	if line := s.clockLine(); line != "" {
		pl.say(msgPlainClocks, s.g.TimeControl(), line)
	}
	showBoard, announced := true, false
	for pl.w.err == nil {
		s = pl.s // "load" replaces the game
		if err := s.takeKeepError(); err != nil {
			pl.say(msgPlainNote, errorText(pl.lang(), err))
		}
		switch {
		case s.over() && !announced:
			pl.printf("\n%s\n", pl.board())
			pl.say(msgPlainOver, outcomeText(pl.lang(), s.g.Outcome()))
			pl.say(msgReviewPlainOverHint)
			announced, showBoard = true, false
		case s.over():
		case s.g.AIToMove():
			if err := pl.aiMove(ctx); err != nil {
				return err
			}
			showBoard = true
			continue
		default:
			announced = false
			if showBoard {
				pl.printf("\n%s\n", pl.board())
				showBoard = false
			}
			pl.printf("%s\n", pl.prompt())
		}
		in, flagged, err := pl.nextLine(ctx)
		switch {
		case err != nil:
			pl.farewell()
			return err
		case flagged:
			continue
		case in.err != nil && s.over() && in.err == io.EOF:
			return pl.w.err
		case in.err != nil:
			pl.say(msgPlainEndOfInput)
			pl.farewell()
			if in.err == io.EOF {
				return pl.w.err
			}
			return fmt.Errorf("tui: reading moves: %w", in.err)
		}
		quit, board := pl.command(strings.TrimSpace(in.line))
		if quit {
			pl.farewell()
			break
		}
		showBoard = showBoard || board
	}
	return pl.w.err
}

// aiMove plays the AI's move.
func (pl *plain) aiMove(ctx context.Context) error {
	s := pl.s
	if pl.cfg.Engine == nil {
		return errors.New("tui: no engine to play the AI's moves")
	}
	pos := s.game().Position()
	r, err := s.g.MoveAI(ctx, pl.work.mover(s.g).Mover(), pl.cfg.MoveTime, nil)
	if ctx.Err() != nil {
		pl.farewell()
		return ctx.Err()
	}
	text := moveNumber(pos, true) + pos.SAN(r.BestMove)
	if err != nil {
		var re *play.RuleError
		if errors.As(err, &re) {
			pl.printf("%s\n", capitalize(errorText(pl.lang(), re))) // its time ran out
			return nil
		}
		return fmt.Errorf("tui: the AI's move: %w", err)
	}
	pl.say(msgPlayed, s.name(pos.SideToMove()), text)
	pl.printClocks()
	return nil
}

// nextLine waits for a line of input. While it waits, the running clock's
// flag may fall: then it reports flagged, having said so. It returns ctx's
// error when ctx is cancelled.
func (pl *plain) nextLine(ctx context.Context) (in lineOrErr, flagged bool, err error) {
	var flag <-chan time.Time
	if left, ok := pl.s.g.FlagIn(); ok {
		t := time.NewTimer(max(left, 0) + time.Millisecond)
		defer t.Stop()
		flag = t.C
	}
	for {
		select {
		case in = <-pl.lines:
			return in, false, nil
		case <-ctx.Done():
			return in, false, ctx.Err()
		case <-flag:
			fell, err := pl.s.g.CheckFlag(context.Background())
			if err != nil {
				pl.printf("%s\n", capitalize(errorText(pl.lang(), err)))
			}
			if fell {
				pl.say(msgPlainTimeUp)
				return in, true, nil
			}
			left, _ := pl.s.g.FlagIn()
			flag = time.After(max(left, 0) + time.Millisecond)
		}
	}
}

// printClocks prints the clocks of a game on a clock.
func (pl *plain) printClocks() {
	if line := pl.s.clockLine(); line != "" {
		pl.say(msgPlainClocksNow, line)
	}
}

// prompt says whose move is awaited.
func (pl *plain) prompt() string {
	g := pl.s.game()
	side := g.Position().SideToMove()
	l := pl.lang()
	text := tr(l, msgPlainToMove, colorText(l, side))
	if g.Position().InCheck() {
		text += tr(l, msgPlainInCheck)
	}
	if reason, ok := g.ClaimableDraw(); ok {
		text += tr(l, msgPlainMayClaim, reasonText(l, reason))
	}
	if offer, ok := pl.s.g.DrawOffer(); ok && offer != side {
		text += tr(l, msgPlainOffers, colorText(l, offer))
	}
	return tr(l, msgPlainPrompt, sentence(l, text))
}

// command carries out one line of input: a move or a command. It reports
// whether to quit and whether the board changed.
func (pl *plain) command(line string) (quit, changed bool) {
	s := pl.s
	word, arg, _ := strings.Cut(line, " ")
	switch strings.ToLower(word) {
	case "":
		return false, false
	case "quit", "exit":
		return true, false
	case "help", "?":
		pl.say(msgPlainHelp)
	case "board":
		pl.printf("%s\n", pl.board())
	case "moves":
		lines := moveListLines(s.game())
		if len(lines) == 0 {
			lines = []string{tr(pl.lang(), msgPlainNoMoves)}
		}
		pl.printf("%s\n", strings.Join(lines, "\n"))
	case "clock", "clocks":
		if line := s.clockLine(); line != "" {
			pl.say(msgPlainClocks, s.g.TimeControl(), line)
		} else {
			pl.say(msgPlainNoClocks)
		}
	case "undo", "takeback":
		n, err := s.g.Takeback(context.Background())
		if err != nil {
			pl.printf("%s\n", sentence(pl.lang(), capitalize(errorText(pl.lang(), err))))
			return false, false
		}
		pl.say(msgTookBack, n, pl.plural(n))
		return false, true
	case "redo":
		return false, pl.redo()
	case "save":
		if err := s.save(arg, pl.reviewed); err != nil {
			pl.say(msgCouldNotSave, errorText(pl.lang(), err))
			return false, false
		}
		pl.say(msgSavedTo, strings.TrimSpace(arg))
	case "load":
		return false, pl.load(arg)
	case "rematch":
		return false, pl.rematch()
	case "draw":
		pl.offerDraw()
	case "resign":
		if err := s.resign(); err != nil {
			pl.printf("%s\n", capitalize(errorText(pl.lang(), err)))
		}
	case "review":
		pl.review()
	default:
		return false, pl.move(line)
	}
	return false, false
}

// redo replays the moves taken back, and reports whether it did.
func (pl *plain) redo() (changed bool) {
	s := pl.s
	if !s.g.CanRedo() {
		pl.say(msgPlainNothingToRedo)
		return false
	}
	pos := s.game().Position()
	moves, err := s.g.Redo(context.Background())
	if err != nil {
		pl.say(msgCouldNotRedo, errorText(pl.lang(), err))
		return false
	}
	pl.say(msgReplayed, pos.SANLine(moves))
	return true
}

// load goes on with the game of the PGN file path instead, and reports
// whether it did.
func (pl *plain) load(path string) (changed bool) {
	s := pl.s
	g, err := LoadPGN(path)
	if err != nil {
		pl.say(msgCouldNotLoad, errorText(pl.lang(), err))
		return false
	}
	next, err := startSession(&pl.cfg, g, s.players(), s.g.TimeControl())
	if err != nil {
		pl.say(msgCouldNotLoad, errorText(pl.lang(), err))
		return false
	}
	s.suspend()
	pl.s = next
	pl.say(msgLoaded, strings.TrimSpace(path), g.Len(), pl.plural(g.Len()))
	return true
}

// rematch starts the game again once it is over (session.rematch). It
// reports whether it did.
func (pl *plain) rematch() (changed bool) {
	s := pl.s
	if !s.over() {
		pl.say(msgRematchNotOver)
		return false
	}
	next, err := s.rematch(&pl.cfg)
	if err != nil {
		pl.say(msgCouldNotRematch, errorText(pl.lang(), err))
		return false
	}
	s.suspend()
	pl.s = next
	pl.say(msgRematch)
	return true
}

// offerDraw offers a draw for the side to move: the AI judges it at once.
func (pl *plain) offerDraw() {
	s := pl.s
	msg, j, err := s.draw()
	if err == nil && j != nil {
		if pl.cfg.Engine == nil {
			err = errText(msgNoEngineDraw)
		} else {
			var res engine.Result
			if res, err = pl.work.searcher(sched.Hint).Search(context.Background(), j.params); err == nil {
				msg, err = s.answerDraw(j, res)
			}
		}
	}
	if err != nil {
		pl.printf("%s\n", capitalize(errorText(pl.lang(), err)))
	} else {
		pl.printf("%s\n", msg)
	}
}

// move plays line, a move typed, and reports whether the board should be
// shown again (between two people, for the next one).
func (pl *plain) move(line string) (showBoard bool) {
	s := pl.s
	pos := s.game().Position()
	m, err := pos.ParseMove(line)
	if err != nil {
		pl.say(msgPlainTryAgain, capitalize(strings.TrimSuffix(errorText(pl.lang(), err), ".")))
		return false
	}
	text := moveNumber(pos, true) + pos.SAN(m)
	if err := s.g.Move(context.Background(), m); err != nil {
		pl.printf("%s\n", capitalize(errorText(pl.lang(), err)))
		return false
	}
	pl.say(msgPlayed, s.name(pos.SideToMove()), text)
	pl.printClocks()
	return !s.players()[pos.SideToMove().Other()].AI
}

// review prints the review of the game as it is now: its kept review, or
// a new one (kept with the game, when it is in the store).
func (pl *plain) review() {
	s := pl.s
	g := s.game()
	if g.Len() == 0 {
		pl.printf("%s\n", tr(pl.lang(), msgReviewNoMoves))
		return
	}
	r := storedReview(pl.cfg.Reviews, s)
	if r == nil {
		pl.printf("%s\n", tr(pl.lang(), msgReviewPlainStarting, g.Len()+1))
		var err error
		r, err = review.Analyse(context.Background(), g.Clone(), pl.work.searcher(sched.Review).Search, review.Options{Nodes: pl.cfg.ReviewNodes})
		if err == nil {
			err = keepReview(pl.cfg.Reviews, s, g, r)
		}
		if err != nil {
			pl.printf("%s\n", tr(pl.lang(), msgReviewFailed, errorText(pl.lang(), err)))
			return
		}
	}
	pl.reviewed = r
	r.WriteTable(pl.w, reviewWords(pl.lang()))
}

// farewell says how to continue an unfinished game.
func (pl *plain) farewell() {
	if pl.s.over() {
		return
	}
	if pl.s.kept() {
		pl.say(msgKeptFarewell)
	} else {
		pl.say(msgPlainUnfinished)
	}
}

// board draws the position as text: letters for pieces (upper case White),
// "." for empty squares, rank numbers and file letters around, White at the
// bottom unless a person plays Black against the AI.
func (pl *plain) board() string {
	p := pl.s.game().Position()
	flipped := pl.s.players()[chess.White].AI && !pl.s.players()[chess.Black].AI
	b := textBoard(p, flipped)
	if moves := pl.s.game().Moves(); len(moves) > 0 {
		g := pl.s.game()
		before := g.PositionAt(g.Len() - 1)
		b += "\n" + tr(pl.lang(), msgPlainLastMove, moveNumber(before, true)+before.SAN(moves[len(moves)-1]))
	}
	return b
}

// textBoard draws p in letters, Black at the bottom when flipped.
func textBoard(p *chess.Position, flipped bool) string {
	var b strings.Builder
	files := "  a b c d e f g h"
	if flipped {
		files = "  h g f e d c b a"
	}
	b.WriteString(files + "\n")
	for row := range 8 {
		rank := squareAt(row, 0, flipped).Rank()
		b.WriteString(rank.String())
		for col := range 8 {
			b.WriteByte(' ')
			piece := p.PieceAt(squareAt(row, col, flipped))
			if piece == chess.NoPiece {
				b.WriteByte('.')
			} else {
				b.WriteString(piece.String())
			}
		}
		b.WriteString(" " + rank.String() + "\n")
	}
	b.WriteString(files)
	return b.String()
}

// say prints the text of k, in the game's language, on a line.
func (pl *plain) say(k msg, args ...any) { pl.printf("%s\n", tr(pl.lang(), k, args...)) }

// lang is the game's language.
func (pl *plain) lang() i18n.Lang {
	if pl.cfg.Lang == "" {
		return i18n.English
	}
	return pl.cfg.Lang
}

// plural says "move" or "moves" as n needs.
func (pl *plain) plural(n int) string {
	if n == 1 {
		return tr(pl.lang(), msgMoveOne)
	}
	return tr(pl.lang(), msgMoveMany)
}

// errWriter remembers the first write error, after which it writes nothing.
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) Write(p []byte) (int, error) {
	if e.err != nil {
		return 0, e.err
	}
	n, err := e.w.Write(p)
	e.err = err
	return n, err
}
