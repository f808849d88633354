package tui

import (
	"context"
	"slices"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/review"
	"github.com/outpost-chess/outpost/internal/sched"
)

// A game's review (internal/review) runs on a goroutine of its own, with
// an engine of its own, so that the screen answers keys meanwhile; it
// starts by itself when a game ends, and with R at any time. A review of a
// game kept in the store is kept with it (Config.Reviews), so that a game
// resumed later opens its review at once.

// ReviewStore keeps reviews beside the games of the store (both stores
// do).
type ReviewStore = review.Keeper

// reviewRun is a review of the game as it was at some moves: running, or
// done (r or err set).
type reviewRun struct {
	id     int
	game   *chess.Game // the game reviewed (a copy)
	cancel context.CancelFunc
	ch     <-chan tea.Msg

	done, total int
	r           *review.Review
	err         error
}

// reviewProgressMsg is a position of the review searched.
type reviewProgressMsg struct{ id, done, total int }

// reviewDoneMsg is the end of a review.
type reviewDoneMsg struct {
	id  int
	r   *review.Review
	err error
}

// of reports whether the review is of g's moves as they are now.
func (rr *reviewRun) of(g *chess.Game) bool {
	return rr != nil && slices.Equal(rr.game.Moves(), g.Moves())
}

// storedID returns the id of the game in the store, or "" when it is not
// kept (finished or not).
func (s *session) storedID() string {
	if s.keep == nil || s.keep.off {
		return ""
	}
	return s.keep.store.ID()
}

// storedReview returns the kept review of the session's game when it is
// of its moves as they are now, or nil.
func storedReview(reviews ReviewStore, s *session) *review.Review {
	id := s.storedID()
	if reviews == nil || id == "" {
		return nil
	}
	kept, current, err := review.Kept(context.Background(), reviews, id, s.game().UCIMoves())
	if err != nil || !current {
		return nil
	}
	r, err := review.Decode(kept.Data)
	if err != nil {
		return nil
	}
	return r
}

// keepReview keeps r, the review of the session's game g, with the game
// when it is in the store; a failure is returned to be told.
func keepReview(reviews ReviewStore, s *session, g *chess.Game, r *review.Review) error {
	id := s.storedID()
	if reviews == nil || id == "" {
		return nil
	}
	_, err := review.Keep(context.Background(), reviews, id, g.UCIMoves(), r)
	return err
}

// startReview makes sure the game as it is now has a review, done or
// running: the one it has, the one kept in the store, or a new one. It
// returns the command that delivers a new review's messages.
func (m *Model) startReview() tea.Cmd {
	g := m.s.game()
	if m.review.of(g) && m.review.err == nil {
		return nil
	}
	m.stopReview()
	if g.Len() == 0 {
		return nil
	}
	m.nextID++
	rr := &reviewRun{id: m.nextID, game: g.Clone(), total: g.Len() + 1}
	m.review = rr
	if r := storedReview(m.cfg.Reviews, m.s); r != nil {
		rr.r, rr.done = r, rr.total
		return nil
	}
	ctx, cancel := context.WithCancel(context.Background())
	ch := make(chan tea.Msg, 8)
	rr.cancel, rr.ch = cancel, ch
	search := m.work.searcher(sched.Review).Search
	go func() {
		defer close(ch)
		r, err := review.Analyse(ctx, rr.game, search, review.Options{
			Nodes: m.cfg.ReviewNodes,
			Progress: func(done, total int) {
				select {
				case ch <- reviewProgressMsg{rr.id, done, total}:
				default: // the screen is behind: it will see the next one
				}
			},
		})
		select {
		case ch <- reviewDoneMsg{rr.id, r, err}:
		case <-ctx.Done():
		}
	}()
	return waitFor(ch)
}

// currentReview returns the game's review when it is done and of the game
// as it is now, else nil.
func (m *Model) currentReview() *review.Review {
	if m.review == nil || m.review.r == nil || !m.review.of(m.s.game()) {
		return nil
	}
	return m.review.r
}

// stopReview stops a running review and forgets it.
func (m *Model) stopReview() {
	if m.review != nil && m.review.cancel != nil {
		m.review.cancel()
	}
	m.review = nil
}

// reviewMsg handles the progress and the end of the running review.
func (m *Model) reviewMsg(msg tea.Msg) tea.Cmd {
	rr := m.review
	switch msg := msg.(type) {
	case reviewProgressMsg:
		if rr == nil || msg.id != rr.id {
			return nil
		}
		rr.done, rr.total = msg.done, msg.total
		return waitFor(rr.ch)
	case reviewDoneMsg:
		if rr == nil || msg.id != rr.id {
			return nil
		}
		rr.cancel()
		rr.r, rr.err = msg.r, msg.err
		switch {
		case msg.err != nil:
			m.fail(m.tr(msgReviewFailed, errorText(m.lang(), msg.err)))
		default:
			rr.done = rr.total
			if err := keepReview(m.cfg.Reviews, m.s, rr.game, msg.r); err != nil {
				m.fail(errorText(m.lang(), err))
			} else if m.mode != modeReview && !m.msgErr && m.s.over() {
				m.say(outcomeText(m.lang(), m.s.g.Outcome()) + " " + m.tr(msgReviewReady))
			}
		}
	}
	return nil
}

// openReview is R: the review screen of the game as it is now, its review
// started if it has none. Before the first move there is nothing to
// review: R starts typing a rook move, as the letters of moves do.
func (m *Model) openReview() tea.Cmd {
	if m.s.game().Len() == 0 {
		return m.openMoveInput("R")
	}
	cmd := m.startReview()
	m.mode = modeReview
	m.reviewPly = 1
	m.say("")
	return cmd
}

// reviewKey handles a key on the review screen. A letter or digit that
// goes on a rook move (R was its first letter) goes back to the board with
// the move being typed.
func (m *Model) reviewKey(k tea.KeyMsg) tea.Cmd {
	rr := m.review
	n := m.s.game().Len()
	if rr != nil {
		n = rr.game.Len()
	}
	switch k.String() {
	case "left", "j":
		m.reviewPly = max(1, m.reviewPly-1)
	case "right", "l":
		m.reviewPly = min(n, m.reviewPly+1)
	case "up", "home":
		m.reviewPly = 1
	case "down", "end":
		m.reviewPly = n
	case "n":
		m.jumpToMistake(1)
	case "p":
		m.jumpToMistake(-1)
	case "esc", "q", "R":
		m.mode = modeBoard
		m.say("")
	case "?":
		m.mode = modeHelp
	default:
		if k.Type == tea.KeyRunes && len(k.Runes) > 0 && isRookMoveRest(k.Runes[0]) {
			m.mode = modeBoard
			return m.openMoveInput("R" + string(k.Runes))
		}
	}
	return nil
}

// isRookMoveRest reports whether r may follow the R of a rook move: a
// file, a rank, or a capture.
func isRookMoveRest(r rune) bool {
	return r >= 'a' && r <= 'h' || r >= '1' && r <= '8' || r == 'x'
}

// jumpToMistake shows the next (dir 1) or previous (dir -1) judged move
// after the one shown.
func (m *Model) jumpToMistake(dir int) {
	rr := m.review
	if rr == nil || rr.r == nil {
		return
	}
	any := false
	for i, mv := range rr.r.Moves {
		any = any || mv.Judgement != review.Good
		if ply := i + 1; mv.Judgement != review.Good && (dir > 0 && ply > m.reviewPly) {
			m.reviewPly = ply
			m.say("")
			return
		}
	}
	if dir < 0 {
		for i := len(rr.r.Moves) - 1; i >= 0; i-- {
			if ply := i + 1; rr.r.Moves[i].Judgement != review.Good && ply < m.reviewPly {
				m.reviewPly = ply
				m.say("")
				return
			}
		}
	}
	switch {
	case !any:
		m.say(m.tr(msgReviewNoMistake))
	case dir > 0:
		m.say(m.tr(msgReviewLastMistake))
	default:
		m.say(m.tr(msgReviewFirstMistake))
	}
}
