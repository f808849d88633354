package main

import (
	"fmt"
	"io"
	"os"
	"text/tabwriter"

	"github.com/outpost-chess/outpost/internal/engine"
)

const levelsSynopsis = `outpost levels [--numbers]`

const levelsDescription = `Levels prints the table of playing levels that every front end shares
(the web app, the terminal game and UCI's Level option): each level's name,
the Elo it aims at, and how it is weakened: the search caps (depth, nodes,
time per move) and the choice among the best candidate moves (how many, how
far below the best, and the softmax temperature in centipawns). Levels 1-7
and the presets above them are strengths on the scale of Stockfish's
UCI_Elo; 8 and max are full strength, with no number yet ("-").

--numbers prints every strength a player may choose by number instead
(800 to 2800 in steps of 50), each with the limits it plays at.`

// runLevels runs "outpost levels".
func runLevels(args []string) error { return levels(args, os.Stdout) }

func levels(args []string, w io.Writer) error {
	fs := newFlagSet("levels", levelsSynopsis, levelsDescription)
	numbers := fs.Bool("numbers", false, "print every strength by number instead of the named levels")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usageErrorf(fs, "unexpected argument %q", fs.Arg(0))
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "level\telo\tdepth\tnodes\tmovetime\tcandidates\tspread\ttemperature\tsearch")
	ls := engine.Levels()
	if *numbers {
		ls = nil
		for elo := engine.MinElo; elo <= engine.MaxElo; elo += engine.EloStep {
			l, err := engine.EloLevel(elo)
			if err != nil {
				return err
			}
			ls = append(ls, l)
		}
	}
	for _, l := range ls {
		search := "main"
		if l.Classic {
			search = "classic"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%d\t%d\t%d\t%s\n", l.Name, orNone(l.Elo),
			orNone(l.Depth), orNone(int(l.Nodes)), orNone(int(l.MoveTime.Milliseconds())),
			max(l.Candidates, 1), l.Spread, l.Temperature, search)
	}
	return tw.Flush()
}

// orNone prints a cap, or "-" for none.
func orNone(n int) string {
	if n == 0 {
		return "-"
	}
	return fmt.Sprint(n)
}
