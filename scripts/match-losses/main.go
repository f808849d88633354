// Command match-losses reads the PGN of an "outpost match" and says where
// Outpost's losses were decided, from the scores both engines wrote in their
// move comments ("{+0.35/18 0.512s}", the mover's view):
//
//	go run ./scripts/match-losses sf.pgn
//
// For each lost game it finds the first move of the opponent from which the
// opponent scored itself at least +1.5 and never again below +1.0, and
// Outpost's own score on its move before. A loss is "unseen" when Outpost
// then still thought itself level or better (above -0.5): the search and
// evaluation did not see what the opponent saw. It also counts the games
// Outpost did not win after scoring itself +1.5 or more.
package main

import (
	"bufio"
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
)

// scoredMove is one move with the score its engine gave it.
type scoredMove struct {
	number  int // the move number
	outpost bool
	score   float64 // pawns, mover's view; mates as ±100
	depth   int
}

var (
	tagRe  = regexp.MustCompile(`^\[(\w+) "(.*)"\]$`)
	moveRe = regexp.MustCompile(`(\d+)\.(\.\.)? \S+ \{([+-]?M?[\d.]+)/(\d+)`)
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: go run ./scripts/match-losses FILE.pgn")
		os.Exit(2)
	}
	f, err := os.Open(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	defer f.Close()

	var (
		tags                 = map[string]string{}
		body                 strings.Builder
		losses, unseen, lead int
		byMove               = map[int]int{} // losses by the 20-move span where they were decided
	)
	finishGame := func() {
		if len(tags) == 0 {
			return
		}
		outpostWhite := strings.HasPrefix(tags["White"], "Outpost")
		result := map[string]float64{"1-0": 1, "0-1": 0, "1/2-1/2": 0.5}[tags["Result"]]
		if !outpostWhite {
			result = 1 - result
		}
		moves := parseMoves(strings.Join(strings.Fields(body.String()), " "), outpostWhite)
		best := -100.0
		for _, m := range moves {
			if m.outpost {
				best = max(best, m.score)
			}
		}
		if result < 1 && best >= 1.5 {
			lead++
		}
		if result == 0 {
			losses++
			if n, seen, ok := decided(moves); ok {
				byMove[n/20*20]++
				if !seen {
					unseen++
				}
			}
		}
		tags, body = map[string]string{}, strings.Builder{}
	}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if m := tagRe.FindStringSubmatch(line); m != nil {
			if m[1] == "Event" {
				finishGame()
			}
			tags[m[1]] = m[2]
			continue
		}
		body.WriteString(line + " ")
	}
	finishGame()
	if err := sc.Err(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Printf("losses: %d; unseen (Outpost above -0.5 when the opponent reached +1.5 for good): %d\n", losses, unseen)
	for n := 0; n <= 500; n += 20 {
		if byMove[n] > 0 {
			fmt.Printf("  decided at moves %d-%d: %d\n", n, n+19, byMove[n])
		}
	}
	fmt.Printf("games not won after Outpost scored itself +1.5 or more: %d\n", lead)
}

// parseMoves reads the scored moves of a game's movetext.
func parseMoves(text string, outpostWhite bool) []scoredMove {
	var moves []scoredMove
	for _, m := range moveRe.FindAllStringSubmatch(text, -1) {
		n, _ := strconv.Atoi(m[1])
		d, _ := strconv.Atoi(m[4])
		var v float64
		switch {
		case strings.HasPrefix(m[3], "-M"):
			v = -100
		case strings.Contains(m[3], "M"):
			v = 100
		default:
			v, _ = strconv.ParseFloat(m[3], 64)
		}
		white := m[2] == ""
		moves = append(moves, scoredMove{number: n, outpost: white == outpostWhite, score: v, depth: d})
	}
	return moves
}

// decided returns the move number from which the opponent scored itself
// +1.5 and never below +1.0 again, and whether Outpost's score on its move
// before was already below -0.5 (it saw the trouble); ok is false if there
// is no such move. Outpost's draw scores found deeper than 40 plies (a
// repetition it was steering for) do not count as its judgement.
func decided(moves []scoredMove) (number int, seen, ok bool) {
	for i, m := range moves {
		if m.outpost || m.score < 1.5 {
			continue
		}
		holds := true
		for _, later := range moves[i:] {
			if !later.outpost && later.score < 1.0 {
				holds = false
				break
			}
		}
		if !holds {
			continue
		}
		for j := i - 1; j >= 0; j-- {
			if moves[j].outpost && moves[j].depth < 40 {
				return m.number, moves[j].score <= -0.5, true
			}
		}
		return m.number, false, true
	}
	return 0, false, false
}
