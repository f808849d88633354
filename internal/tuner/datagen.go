package tuner

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"sync"

	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/engine"
)

// GenConfig configures Generate.
type GenConfig struct {
	Games int // games to play (at least 1)

	// The engine's budget per move: a node count, or a depth when Nodes
	// is 0. One of them must be set.
	Nodes uint64
	Depth int

	// RandomPlies is the number of random legal moves each game starts
	// with, from the standard starting position, for variety.
	RandomPlies int
	// Seed seeds the random openings: game number i's opening is drawn
	// from a generator seeded with (Seed, i).
	Seed uint64
	// First is the number of the first game; the games are numbered First
	// to First+Games-1. A game depends only on Seed, its number and the
	// budget, so a long run can be played in parts (First 0, 500, 1000,
	// ...) whose outputs, concatenated, are the long run's output.
	First int
	// Concurrency is the number of games played at once (default 1). The
	// output does not depend on it.
	Concurrency int
	// HashMB is each engine's hash table size (default 8).
	HashMB int
}

// GenStats counts what Generate produced.
type GenStats struct {
	Games            int
	WhiteWins, Draws int
	BlackWins        int
	Adjudicated      int // games ended by the score or length rules
	Plies            int // plies played, random openings included
	Positions        int // samples written
}

// Adjudication and opening rules of Generate. The adjudication values are
// the usual ones of engine testing: cutechess-cli's "-resign movecount=3
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
	// openingScore: a random opening is drawn again when a search of the
	// position it reaches scores it beyond this (one side has already
	// blundered), up to openingTries times.
	openingScore = 300
	openingTries = 20
)

// Generate plays cfg.Games self-play games with the engine at a fixed
// budget per move and writes their quiet positions to w, one line per
// position (FormatSample), labelled with the game's result from White's
// point of view.
//
// Each game starts with cfg.RandomPlies random legal moves from the
// standard position (drawn again if a search finds the position lopsided).
// It ends by the rules (Game's outcome, or a draw claimable by threefold
// repetition or the fifty-move rule, claimed at once) or by adjudication
// (see winScore, drawScore, maxPlies). The positions kept are those after
// the random plies in which the side to move is not in check, the best move
// found is neither a capture nor a promotion, and the score is not a mate:
// the quiet positions Texel tuning wants.
//
// Each game's engine starts from an empty hash table and history, and games
// are written in the order they were started, so the output depends only on
// the configuration, not on timing or cfg.Concurrency. progress, if not
// nil, is called after each game is written, with the totals so far.
// Cancelling ctx stops the run and returns ctx's error: the games in
// progress are abandoned, the games written are complete.
func Generate(ctx context.Context, cfg GenConfig, w io.Writer, progress func(GenStats)) (GenStats, error) {
	if cfg.Games < 1 {
		return GenStats{}, errors.New("tuner: at least one game is needed")
	}
	if cfg.Nodes == 0 && cfg.Depth <= 0 {
		return GenStats{}, errors.New("tuner: a node or depth budget per move is needed")
	}
	if cfg.First < 0 {
		return GenStats{}, errors.New("tuner: negative first game number")
	}
	if cfg.RandomPlies < 0 {
		return GenStats{}, errors.New("tuner: negative number of random plies")
	}
	workers := max(cfg.Concurrency, 1)
	if cfg.HashMB <= 0 {
		cfg.HashMB = 8
	}

	// Workers take game numbers in order and send back finished games;
	// the writer puts them out in order.
	type done struct {
		index int
		game  genGame
	}
	next := make(chan int)
	results := make(chan done, workers)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			eng := engine.New(engine.Options{HashMB: cfg.HashMB, Seed: 1})
			for i := range next {
				results <- done{i, playGame(ctx, eng, &cfg, i)}
			}
		}()
	}
	go func() {
		defer close(next)
		for i := range cfg.Games {
			select {
			case next <- cfg.First + i:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() {
		wg.Wait()
		close(results)
	}()

	var stats GenStats
	var werr error
	pending := map[int]genGame{}
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
			if g.aborted || werr != nil {
				continue // cancelled mid-game, or the run has failed
			}
			if g.err != nil {
				werr = g.err
				continue
			}
			if err := writeGame(w, &g); err != nil {
				werr = fmt.Errorf("tuner: writing samples: %w", err)
				continue
			}
			stats.add(&g)
			if progress != nil {
				progress(stats)
			}
		}
	}
	if werr != nil {
		return stats, werr
	}
	return stats, ctx.Err()
}

// genGame is one finished self-play game: its result and the positions
// kept from it.
type genGame struct {
	result      chess.Result
	adjudicated bool
	plies       int
	positions   []chess.Position
	aborted     bool  // the context was cancelled before the game ended
	err         error // the game could not be played
}

func (s *GenStats) add(g *genGame) {
	s.Games++
	switch g.result {
	case chess.WhiteWins:
		s.WhiteWins++
	case chess.BlackWins:
		s.BlackWins++
	default:
		s.Draws++
	}
	if g.adjudicated {
		s.Adjudicated++
	}
	s.Plies += g.plies
	s.Positions += len(g.positions)
}

// writeGame writes g's positions labelled with its result.
func writeGame(w io.Writer, g *genGame) error {
	res := 0.5
	switch g.result {
	case chess.WhiteWins:
		res = 1
	case chess.BlackWins:
		res = 0
	}
	var buf []byte
	for i := range g.positions {
		buf = append(buf, FormatSample(&g.positions[i], res)...)
		buf = append(buf, '\n')
	}
	_, err := w.Write(buf)
	return err
}

// playGame plays game number index of the run with eng.
func playGame(ctx context.Context, eng *engine.Engine, cfg *GenConfig, index int) genGame {
	eng.Clear()
	limits := engine.Limits{Nodes: cfg.Nodes, Depth: cfg.Depth}
	search := func(g *chess.Game) engine.Result {
		h := g.Hashes()
		return eng.Search(ctx, engine.Params{Position: g.Position(), History: h[:len(h)-1], Limits: limits})
	}

	rng := rand.New(rand.NewPCG(cfg.Seed, uint64(index)))
	g := randomOpening(rng, cfg.RandomPlies)
	for try := 1; try < openingTries && ctx.Err() == nil; try++ {
		if r := search(g); !r.Score.IsMate() && absScore(r.Score) <= openingScore {
			break
		}
		g = randomOpening(rng, cfg.RandomPlies)
	}

	var out genGame
	winRun, drawRun := 0, 0
	for !g.Outcome().IsOver() {
		if ctx.Err() != nil {
			return genGame{aborted: true}
		}
		if _, ok := g.ClaimableDraw(); ok {
			_ = g.ClaimDraw() // claimable, so it succeeds
			break
		}
		ply := g.Len()
		if ply >= maxPlies {
			out.adjudicated = true
			_ = g.Adjudicate(chess.Draw)
			break
		}
		pos := g.Position()
		r := search(g)
		if ctx.Err() != nil {
			return genGame{aborted: true}
		}

		// Keep quiet positions: not in check, a quiet best move, no mate.
		if !pos.InCheck() && r.BestMove.IsQuiet() && !r.Score.IsMate() {
			out.positions = append(out.positions, *pos)
		}

		// Adjudicate on the scores, from White's point of view.
		white := r.Score
		if pos.SideToMove() == chess.Black {
			white = -white
		}
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
			out.adjudicated = true
			res := chess.WhiteWins
			if winRun < 0 {
				res = chess.BlackWins
			}
			_ = g.Adjudicate(res)
			break
		}
		if drawRun >= drawPlies {
			out.adjudicated = true
			_ = g.Adjudicate(chess.Draw)
			break
		}
		if err := g.Play(r.BestMove); err != nil {
			// The search returns a legal move whenever the game is not
			// over, so this is a bug in the engine.
			return genGame{err: fmt.Errorf("tuner: game %d: the engine's move: %w", index, err)}
		}
	}
	out.result = g.Outcome().Result
	out.plies = g.Len()
	return out
}

// randomOpening returns a game of n random legal moves from the starting
// position that has not ended.
func randomOpening(rng *rand.Rand, n int) *chess.Game {
	for {
		g := chess.NewGame()
		for range n {
			if g.Outcome().IsOver() {
				break
			}
			moves := g.Position().LegalMoves()
			_ = g.Play(moves[rng.IntN(len(moves))])
		}
		if !g.Outcome().IsOver() {
			return g
		}
	}
}

func absScore(s engine.Score) engine.Score {
	if s < 0 {
		return -s
	}
	return s
}
