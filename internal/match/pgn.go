package match

import (
	"io"
	"strconv"
)

// writeGamePGN tags a finished game and appends it to w in PGN: the Seven
// Tag Roster (Round is the game's number in the match, Date the day it
// started), FEN and SetUp when it did not start from the standard position,
// then TimeControl, Termination, and Opening when the opening has a name.
func writeGamePGN(w io.Writer, rec *GameRecord, cfg Config) error {
	g := rec.Game
	g.SetTag("Event", cfg.Event)
	g.SetTag("Site", cfg.Site)
	g.SetTag("Date", rec.Start.Format("2006.01.02"))
	g.SetTag("Round", strconv.Itoa(rec.Round))
	g.SetTag("White", rec.White)
	g.SetTag("Black", rec.Black)
	g.SetTag("TimeControl", cfg.Limits.PGNTimeControl())
	g.SetTag("Termination", rec.Termination)
	if rec.Opening.Name != "" {
		g.SetTag("Opening", rec.Opening.Name)
	}
	return g.WritePGN(w)
}
