package tui_test

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/outpost-chess/outpost/internal/fixture"
	"github.com/outpost-chess/outpost/internal/termtest"
)

// TestTerminalRematch (issue 64): in the full-screen game, m is refused
// while the game is on; once it is over the key line offers it, and m
// starts the game again with the colours swapped, the AI (now White)
// moving first and the board turned to the player's side, in both
// languages.
func TestTerminalRematch(t *testing.T) {
	for _, c := range []struct {
		lang                                   string
		ready                                  string
		notOver, over, keys, rematch, newNames string
		played                                 string
	}{
		{"en_US.UTF-8", "Enter pick/put", "The game is still on", "0-1: Black wins by resignation", "m rematch", "Rematch: the same game again", "White: Outpost level 1", "Outpost level 1 played 1."},
		{"zh_CN.UTF-8", "回车 拿起/放下", "对局还没结束", "0-1", "m 再来一局", "再来一局：从头再下这一局", "白方：Outpost 1 级", "Outpost 1 级走了 1."},
	} {
		t.Run(c.lang, func(t *testing.T) {
			bin := fixture.Outpost(t)
			db := filepath.Join(t.TempDir(), "outpost.db")
			tm := termtest.Start(t, 120, 40, []string{"LANG=" + c.lang, "LC_ALL="}, bin, "play", "--black", "ai:1", "--store", db)
			tm.WaitFor(30*time.Second, c.ready)
			tm.Send("e4", "{Enter}")
			tm.WaitFor(30*time.Second, "1. e4", c.played+"..")
			tm.Send("m")
			tm.WaitFor(30*time.Second, c.notOver)
			tm.Send(":", "resign", "{Enter}")
			tm.WaitFor(30*time.Second, c.over, c.keys)
			tm.Save("over")
			tm.Send("m")
			tm.WaitFor(30*time.Second, c.newNames, c.played)
			tm.Save("rematch")
			tm.Send("q", "y")
			tm.WaitExit(30 * time.Second)
		})
	}
}
