package tui

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/engine"
	"github.com/outpost-chess/outpost/internal/i18n"
	"github.com/outpost-chess/outpost/internal/play"
	"github.com/outpost-chess/outpost/internal/progress"
	"github.com/outpost-chess/outpost/internal/review"
)

// session is one game being played in the terminal: the play.Game, which
// holds every rule of play, and its keeper. The full-screen UI and the line
// mode share it, so both say and keep the same.
type session struct {
	g    *play.Game
	keep *keeper   // nil: the game is not kept
	lang i18n.Lang // the language of its texts
}

// tr returns the text of k in the session's language.
func (s *session) tr(k msg, args ...any) string { return tr(s.lang, k, args...) }

// options returns the play options of a game kept by k (which may be nil).
func options(cfg *Config, k *keeper) play.Options {
	opts := play.Options{Now: cfg.Now}
	if k != nil {
		opts.Keeper = k
	}
	return opts
}

// startSession starts a new game: g (nil: a new one from cfg.Start) played
// by players on clock tc, kept in cfg.Store.
func startSession(cfg *Config, g *chess.Game, players [2]play.Player, tc play.TimeControl) (*session, error) {
	if g == nil {
		g = newGame(cfg.Start)
	}
	k := newKeeper(cfg.Store)
	pg, err := play.New(context.Background(), play.Setup{Game: g, Players: players, Clock: tc}, options(cfg, k))
	if err != nil {
		return nil, err
	}
	return &session{g: pg, keep: k, lang: cfg.Lang}, nil
}

// resumeSession goes on with a stored game; its clock starts again, the
// time it was put away charged to nobody.
func resumeSession(cfg *Config, r *Resumed) (*session, error) {
	var k *keeper
	if cfg.Store != nil {
		k = &keeper{store: play.NewStoreKeeper(cfg.Store, r.stored, false)}
	}
	pg, err := play.Restore(r.record, options(cfg, k))
	if err != nil {
		return nil, err
	}
	s := &session{g: pg, keep: k, lang: cfg.Lang}
	return s, pg.Resume(context.Background())
}

// newGame returns a new game from start, or from the standard position.
func newGame(start *chess.Position) *chess.Game {
	if start == nil {
		return chess.NewGame()
	}
	return chess.NewGameFromPosition(start)
}

// game returns the game of chess, for reading.
func (s *session) game() *chess.Game { return s.g.Chess() }

// players returns who plays each side.
func (s *session) players() [2]play.Player { return s.g.Players() }

// toMove returns the player whose turn it is.
func (s *session) toMove() play.Player { return s.g.Players()[s.g.ToMove()] }

// over reports whether the game has ended.
func (s *session) over() bool { return s.g.Over() }

// bothAI reports whether the AI plays both sides.
func (s *session) bothAI() bool {
	p := s.g.Players()
	return p[chess.White].AI && p[chess.Black].AI
}

// name returns the name of side's player: "You" against the AI, "White" or
// "Black" between two people, "Outpost level 3" or "Outpost 2200" for the
// AI.
func (s *session) name(side chess.Color) string {
	players := s.g.Players()
	switch p := players[side]; {
	case p.AI && p.Level.ByNumber():
		return s.tr(msgOutpostElo, p.Level.String())
	case p.AI:
		return s.tr(msgOutpostLevel, p.Level.String())
	case players[side.Other()].AI:
		return s.tr(msgYou)
	default:
		return colorText(s.lang, side)
	}
}

// describe says who plays whom: "you (White) against Outpost level 3".
func (s *session) describe() string {
	w, b := s.g.Players()[chess.White], s.g.Players()[chess.Black]
	switch {
	case !w.AI && !b.AI:
		return s.tr(msgBetweenPeople)
	case w.AI && b.AI:
		return s.tr(msgAIvsAI, s.name(chess.White), s.name(chess.Black))
	case w.AI:
		return s.tr(msgAIvsYou, s.name(chess.White))
	}
	return s.tr(msgYouvsAI, s.name(chess.Black))
}

// errGameOver is the answer to a move after the end of the game.
var errGameOver = errText(msgErrOverKeys)

// resign resigns for the person at the board (see play.Game.Speaker).
func (s *session) resign() error {
	if s.over() {
		return errGameOver
	}
	c, ok := s.g.Speaker(false)
	if !ok {
		return errText(msgErrNobodyResigns)
	}
	return s.g.Resign(context.Background(), c)
}

// judgement is a draw offered to the AI, waiting for its search.
type judgement struct {
	by      chess.Color
	params  engine.Params
	version uint64
}

// draw does what typing "draw" asks: it claims a draw the rules allow,
// accepts the other side's standing offer, or offers one. It returns what
// to tell the player; for an offer to the AI it returns instead the search
// that judges it, to run and hand to answerDraw.
func (s *session) draw() (string, *judgement, error) {
	ctx := context.Background()
	if s.over() {
		return "", nil, errGameOver
	}
	if reason, ok := s.game().ClaimableDraw(); ok {
		return s.tr(msgDrawClaimed, reasonText(s.lang, reason)), nil, s.g.ClaimDraw(ctx)
	}
	// At one board, the side to move speaks (against the AI, the person).
	by, ok := s.g.Speaker(false)
	if !ok {
		return "", nil, errText(msgErrNoDrawToOffer)
	}
	if offer, ok := s.g.DrawOffer(); ok && offer == by.Other() {
		return s.tr(msgDrawAgreed), nil, s.g.AcceptDraw(ctx, by)
	} else if ok {
		return "", nil, errText(msgErrOfferedAlready)
	}
	if !s.g.Players()[by.Other()].AI {
		if err := s.g.OfferDraw(ctx, by); err != nil {
			return "", nil, err
		}
		return s.tr(msgOfferStands, colorText(s.lang, by), colorText(s.lang, by.Other())), nil, nil
	}
	params, version, err := s.g.DrawJudgement(by)
	if err != nil {
		return "", nil, err
	}
	return "", &judgement{by: by, params: params, version: version}, nil
}

// answerDraw gives the AI's answer to the draw offer j from its search.
func (s *session) answerDraw(j *judgement, res engine.Result) (string, error) {
	a, err := s.g.AnswerDraw(context.Background(), j.by, j.version, res)
	if err != nil {
		return "", err
	}
	score := progress.Score(a.Score, chess.White)
	switch {
	case a.Accepted:
		return s.tr(msgAIAccepts), nil
	case a.Score >= play.WorseMargin:
		return s.tr(msgAIDeclinesBetter, score), nil
	}
	return s.tr(msgAIDeclinesOpen, score), nil
}

// rematch starts s's game again, as lichess's rematch does: from the same
// start, with the same clock, each player (a person, or the AI at its
// level) on the other side. The caller checks that s is over.
func (s *session) rematch(cfg *Config) (*session, error) {
	ps := s.players()
	start := chess.NewGameFromPosition(s.game().StartPosition())
	return startSession(cfg, start, [2]play.Player{ps[chess.Black], ps[chess.White]}, s.g.TimeControl())
}

// suspend stops a running clock when the program leaves the game: the
// time until --resume is charged to nobody.
func (s *session) suspend() {
	if s != nil {
		_ = s.g.Suspend(context.Background())
	}
}

// takeKeepError returns the last keeping failure, once.
func (s *session) takeKeepError() error { return s.keep.takeError() }

// kept reports whether the game is in the store, unfinished, so that
// --resume continues it.
func (s *session) kept() bool {
	return s.keep != nil && !s.keep.off && s.keep.store.ID() != "" && !s.over()
}

// clockLine describes the clocks: "White 4:58 · Black ▶ 5:00", or "" for a
// game without clocks.
func (s *session) clockLine() string {
	c := s.g.Clock()
	if !c.TimeControl.Timed() {
		return ""
	}
	side := func(col chess.Color) string {
		mark := ""
		if c.Running && c.ToMove == col {
			mark = "▶ "
		}
		return colorText(s.lang, col) + " " + mark + clockText(c.Remaining[col])
	}
	return side(chess.White) + " · " + side(chess.Black)
}

// pgn returns the game in PGN with tags naming the players, its clock and
// its opening, annotated with r, its review, when r is one of the game as
// it is (else r is left out).
func (s *session) pgn(r *review.Review) string {
	g := s.game()
	tags := []chess.Tag{}
	for _, t := range []chess.Tag{
		{Name: "Event", Value: "Outpost terminal game"},
		{Name: "Site", Value: "outpost play"},
		{Name: "Date", Value: time.Now().Format("2006.01.02")},
		{Name: "White", Value: s.name(chess.White)},
		{Name: "Black", Value: s.name(chess.Black)},
	} {
		if g.Tag(t.Name) == "" {
			tags = append(tags, t)
		}
	}
	cg := s.g.PGNGame(nil, tags...)
	if r != nil {
		if annotated, err := review.Annotate(cg, r); err == nil {
			cg = annotated
		}
	}
	return cg.PGN()
}

// save writes the game to the file path as PGN, annotated with r (see
// pgn).
func (s *session) save(path string, r *review.Review) error {
	path = strings.TrimSpace(path)
	if path == "" {
		return errText(msgErrNoFileName)
	}
	return os.WriteFile(path, []byte(s.pgn(r)), 0o644)
}

// LoadPGN reads the first game of the PGN file at path.
func LoadPGN(path string) (*chess.Game, error) {
	if strings.TrimSpace(path) == "" {
		return nil, errText(msgErrNoFileName)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	g, err := chess.NewPGNReader(f).Next()
	switch {
	case errors.Is(err, io.EOF):
		return nil, errText(msgErrNoGameIn, path)
	case err != nil:
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return g, nil
}
