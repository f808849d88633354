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
	"github.com/outpost-chess/outpost/internal/play"
	"github.com/outpost-chess/outpost/internal/review"
)

// session is one game being played in the terminal: the play.Game, which
// holds every rule of play, and its keeper. The full-screen UI and the line
// mode share it, so both say and keep the same.
type session struct {
	g    *play.Game
	keep *keeper // nil: the game is not kept
}

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
	return &session{g: pg, keep: k}, nil
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
	s := &session{g: pg, keep: k}
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
// "Black" between two people, "Outpost level 3" for the AI.
func (s *session) name(side chess.Color) string {
	players := s.g.Players()
	switch p := players[side]; {
	case p.AI:
		return "Outpost level " + p.Level.String()
	case players[side.Other()].AI:
		return "You"
	default:
		return colorName(side)
	}
}

// describe says who plays whom: "you (White) against Outpost level 3".
func (s *session) describe() string {
	w, b := s.g.Players()[chess.White], s.g.Players()[chess.Black]
	switch {
	case !w.AI && !b.AI:
		return "between two people"
	case w.AI && b.AI:
		return s.name(chess.White) + " (White) against " + s.name(chess.Black) + " (Black)"
	case w.AI:
		return s.name(chess.White) + " (White) against you"
	}
	return "you (White) against " + s.name(chess.Black)
}

// errGameOver is the answer to a move after the end of the game.
var errGameOver = errors.New("the game is over: take back (u) or start a new game (n)")

// resign resigns for the person at the board (see play.Game.Speaker).
func (s *session) resign() error {
	if s.over() {
		return errGameOver
	}
	c, ok := s.g.Speaker(false)
	if !ok {
		return errors.New("both sides are Outpost's: nobody here can resign")
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
		return "Draw claimed by " + reason.String() + ".", nil, s.g.ClaimDraw(ctx)
	}
	// At one board, the side to move speaks (against the AI, the person).
	by, ok := s.g.Speaker(false)
	if !ok {
		return "", nil, errors.New("no draw to claim, and Outpost offers none to itself")
	}
	if offer, ok := s.g.DrawOffer(); ok && offer == by.Other() {
		return "Draw agreed.", nil, s.g.AcceptDraw(ctx, by)
	} else if ok {
		return "", nil, errors.New("you have offered a draw already: make your move, and the other side may accept it")
	}
	if !s.g.Players()[by.Other()].AI {
		if err := s.g.OfferDraw(ctx, by); err != nil {
			return "", nil, err
		}
		return fmt.Sprintf("%s offers a draw: %s accepts by typing draw, or declines by moving.", colorName(by), colorName(by.Other())), nil, nil
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
	return a.Text(), nil
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
		return colorName(col) + " " + mark + clockText(c.Remaining[col])
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
	cg := s.g.PGNGame(tags...)
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
		return errors.New("no file name given")
	}
	return os.WriteFile(path, []byte(s.pgn(r)), 0o644)
}

// LoadPGN reads the first game of the PGN file at path.
func LoadPGN(path string) (*chess.Game, error) {
	if strings.TrimSpace(path) == "" {
		return nil, errors.New("no file name given")
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	g, err := chess.NewPGNReader(f).Next()
	switch {
	case errors.Is(err, io.EOF):
		return nil, fmt.Errorf("%s holds no game", path)
	case err != nil:
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return g, nil
}

// outcomeText describes the result: "1-0: White wins by checkmate".
func outcomeText(o chess.Outcome) string {
	return o.Result.String() + ": " + play.DescribeOutcome(o)
}

// errorText returns err's message for people: a refusal of the rules in
// its own words, another error without the package prefix ("chess: ").
func errorText(err error) string {
	var re *play.RuleError
	if errors.As(err, &re) {
		return re.Text
	}
	text := err.Error()
	for _, pkg := range []string{"chess: ", "play: ", "tui: "} {
		text = strings.TrimPrefix(text, pkg)
	}
	return text
}
