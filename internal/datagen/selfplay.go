package datagen

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"sync"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/engine"
	"github.com/outpost-chess/outpost/internal/nnue"
	"github.com/outpost-chess/outpost/internal/opening"
)

// Config configures Run.
type Config struct {
	// Games is the number of games to play; 0 plays until ctx is
	// cancelled.
	Games int

	// The engine's budget per move: a node count, or a depth when Nodes
	// is 0. One of them must be set.
	Nodes uint64
	Depth int

	// Book is the openings games start from, one drawn at random per
	// game; nil starts every game from the standard starting position.
	Book []opening.Opening
	// RandomPlies is the number of random legal moves played after the
	// opening, for variety.
	RandomPlies int
	// Seed seeds the openings: game number i's opening is drawn from a
	// generator seeded with (Seed, i).
	Seed uint64
	// First is the number of the first game; the games are numbered First,
	// First+1, .... A game depends only on Seed, its number, the book and
	// the budget, so a long run can be played in parts (First 0, 500,
	// 1000, ...) whose outputs, concatenated, are the long run's output.
	First int
	// Threads is the number of games played at once, each by its own
	// single-threaded engine (default 1). The output does not depend on it.
	Threads int
	// HashMB is each engine's hash table size (default 8).
	HashMB int
	// Network is the engines' evaluation: a network, or nil for the
	// hand-crafted evaluation.
	Network *nnue.Network
}

// Stats counts what Run produced.
type Stats struct {
	Games            int
	WhiteWins, Draws int
	BlackWins        int
	Adjudicated      int // games ended by the score or length rules
	Plies            int // plies played, openings included
	Positions        int // positions kept
}

// Game is one finished self-play game: its result and the positions kept
// from it, in the order they were played.
type Game struct {
	Result      chess.Result
	Adjudicated bool
	Plies       int // plies played, the opening's included
	Positions   []Position
}

// Position is a kept position and the engine's search score of it (in
// centipawns from its side to move's point of view, never a mate).
type Position struct {
	Pos   chess.Position
	Score engine.Score
}

// Adjudication and opening rules of Run. The adjudication values are the
// usual ones of engine testing: cutechess-cli's "-resign movecount=3
// score=1000" and "-draw movenumber=40 movecount=8 score=10".
const (
	// winScore and winPlies: a game is won for the side the scores favour
	// once every search of winPlies consecutive plies (both sides', so
	// both engines agree) scores the position beyond winScore centipawns.
	winScore = 1000
	winPlies = 6
	// drawScore, drawPlies, drawAfter: a game is drawn once every search of
	// drawPlies consecutive plies scores within drawScore centipawns of 0,
	// from ply drawAfter on.
	drawScore = 10
	drawPlies = 16
	drawAfter = 80
	// maxPlies ends a game that is still going as a draw (the 75-move rule
	// would end most such games a little later anyway).
	maxPlies = 400
	// openingScore: an opening is drawn again when a search of the
	// position it reaches scores it beyond this (one side has already
	// blundered), up to openingTries times.
	openingScore = 300
	openingTries = 20
)

// Run plays self-play games with the engine at a fixed budget per move and
// passes each finished game to sink, in the order of the games' numbers.
//
// Each game starts from an opening of cfg.Book (or the standard position)
// followed by cfg.RandomPlies random legal moves, drawn again if a search
// finds the position lopsided. It ends by the rules (Game's outcome, or a
// draw claimable by threefold repetition or the fifty-move rule, claimed at
// once) or by adjudication (see winScore, drawScore, maxPlies). The
// positions kept are those after the opening in which the side to move is
// not in check, the best move found is neither a capture nor a promotion,
// and the score is not a mate: quiet positions, whose static evaluation
// should match the search's score.
//
// Each game's engine starts from an empty hash table and history, so the
// games depend only on the configuration, not on timing or cfg.Threads.
// progress, if not nil, is called after each game is sunk, with the totals
// so far. Run stops at the first error of sink and returns it. Cancelling
// ctx stops the run and returns ctx's error: the games in progress are
// abandoned, the games sunk are complete.
func Run(ctx context.Context, cfg Config, sink func(*Game) error, progress func(Stats)) (Stats, error) {
	if cfg.Games < 0 {
		return Stats{}, errors.New("datagen: negative number of games")
	}
	if cfg.Nodes == 0 && cfg.Depth <= 0 {
		return Stats{}, errors.New("datagen: a node or depth budget per move is needed")
	}
	if cfg.First < 0 {
		return Stats{}, errors.New("datagen: negative first game number")
	}
	if cfg.RandomPlies < 0 {
		return Stats{}, errors.New("datagen: negative number of random plies")
	}
	if err := checkBook(cfg.Book); err != nil {
		return Stats{}, err
	}
	workers := max(cfg.Threads, 1)
	if cfg.HashMB <= 0 {
		cfg.HashMB = 8
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	// Workers take game numbers in order and send back finished games;
	// the sink gets them in order.
	type done struct {
		index int
		game  played
	}
	next := make(chan int)
	results := make(chan done, workers)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			eng := engine.New(engine.Options{HashMB: cfg.HashMB, Seed: 1, Network: cfg.Network, HandCrafted: cfg.Network == nil})
			for i := range next {
				results <- done{i, playGame(ctx, eng, &cfg, i)}
			}
		}()
	}
	go func() {
		defer close(next)
		for i := cfg.First; cfg.Games == 0 || i < cfg.First+cfg.Games; i++ {
			select {
			case next <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() {
		wg.Wait()
		close(results)
	}()

	var stats Stats
	var runErr error
	pending := map[int]played{}
	want := cfg.First
	for d := range results {
		pending[d.index] = d.game
		for {
			g, ok := pending[want]
			if !ok {
				break
			}
			delete(pending, want)
			want++
			if g.aborted || runErr != nil {
				continue // cancelled mid-game, or the run has failed
			}
			if g.err == nil {
				g.err = sink(&g.Game)
			}
			if g.err != nil {
				runErr = g.err
				cancel()
				continue
			}
			stats.add(&g.Game)
			if progress != nil {
				progress(stats)
			}
		}
	}
	if runErr != nil {
		return stats, runErr
	}
	return stats, ctx.Err()
}

// played is a worker's game: finished, or abandoned, or failed.
type played struct {
	Game
	aborted bool  // the context was cancelled before the game ended
	err     error // the game could not be played
}

func (s *Stats) add(g *Game) {
	s.Games++
	switch g.Result {
	case chess.WhiteWins:
		s.WhiteWins++
	case chess.BlackWins:
		s.BlackWins++
	default:
		s.Draws++
	}
	if g.Adjudicated {
		s.Adjudicated++
	}
	s.Plies += g.Plies
	s.Positions += len(g.Positions)
}

// playGame plays game number index of the run with eng.
func playGame(ctx context.Context, eng *engine.Engine, cfg *Config, index int) played {
	eng.Clear()
	limits := engine.Limits{Nodes: cfg.Nodes, Depth: cfg.Depth}
	search := func(g *chess.Game) engine.Result {
		h := g.Hashes()
		return eng.Search(ctx, engine.Params{Position: g.Position(), History: h[:len(h)-1], Limits: limits})
	}

	rng := rand.New(rand.NewPCG(cfg.Seed, uint64(index)))
	g := openGame(rng, cfg.Book, cfg.RandomPlies)
	for try := 1; try < openingTries && ctx.Err() == nil; try++ {
		if r := search(g); !r.Score.IsMate() && absScore(r.Score) <= openingScore {
			break
		}
		g = openGame(rng, cfg.Book, cfg.RandomPlies)
	}

	var out played
	winRun, drawRun := 0, 0
	for !g.Outcome().IsOver() {
		if ctx.Err() != nil {
			return played{aborted: true}
		}
		if _, ok := g.ClaimableDraw(); ok {
			_ = g.ClaimDraw() // claimable, so it succeeds
			break
		}
		ply := g.Len()
		if ply >= maxPlies {
			out.Adjudicated = true
			_ = g.Adjudicate(chess.Draw)
			break
		}
		pos := g.Position()
		r := search(g)
		if ctx.Err() != nil {
			return played{aborted: true}
		}

		// Keep quiet positions: not in check, a quiet best move, no mate.
		if !pos.InCheck() && r.BestMove.IsQuiet() && !r.Score.IsMate() {
			out.Positions = append(out.Positions, Position{*pos, r.Score})
		}

		// Adjudicate on the scores, from White's point of view.
		white := r.Score.White(pos.SideToMove())
		switch {
		case white >= winScore:
			winRun = max(winRun, 0) + 1
		case white <= -winScore:
			winRun = min(winRun, 0) - 1
		default:
			winRun = 0
		}
		if absScore(white) <= drawScore && ply >= drawAfter {
			drawRun++
		} else {
			drawRun = 0
		}
		if winRun >= winPlies || -winRun >= winPlies {
			out.Adjudicated = true
			res := chess.WhiteWins
			if winRun < 0 {
				res = chess.BlackWins
			}
			_ = g.Adjudicate(res)
			break
		}
		if drawRun >= drawPlies {
			out.Adjudicated = true
			_ = g.Adjudicate(chess.Draw)
			break
		}
		if err := g.Play(r.BestMove); err != nil {
			// The search returns a legal move whenever the game is not
			// over, so this is a bug in the engine.
			return played{err: fmt.Errorf("datagen: game %d: the engine's move: %w", index, err)}
		}
	}
	out.Result = g.Outcome().Result
	out.Plies = g.Len()
	return out
}

func absScore(s engine.Score) engine.Score {
	if s < 0 {
		return -s
	}
	return s
}
