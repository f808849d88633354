package tui_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/outpost-chess/outpost/internal/fixture"
	"github.com/outpost-chess/outpost/internal/termtest"
)

// The terminal game run as a person runs it: the outpost command in a real
// terminal (tmux), keys typed, the screen read back and saved in
// artifacts/screenshots/ (.txt, and .ansi with its colours).

// ruyLopez is a game to look at: 12 moves of a Ruy Lopez.
const ruyLopez = `[Event "Looks"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O
9. h3 Nb8 10. d4 Nbd7 11. c4 c6 12. cxb5 axb5 *
`

// TestTerminalChinese plays in a terminal whose LANG is zh_CN.UTF-8: the
// game speaks Chinese throughout, moves stay in SAN.
func TestTerminalChinese(t *testing.T) {
	bin := fixture.Outpost(t)
	db := filepath.Join(t.TempDir(), "outpost.db")
	tm := termtest.Start(t, 120, 40, []string{"LANG=zh_CN.UTF-8", "LC_ALL=", "COLORTERM=truecolor"},
		bin, "play", "--black", "ai:1", "--store", db)
	tm.WaitFor(30*time.Second, "白方：你", "黑方：Outpost 1 级", "轮到白方走棋", "着法", "子力")
	tm.Send("e4", "{Enter}")
	tm.WaitFor(30*time.Second, "Outpost 1 级走了 1...", "1. e4")
	tm.Save("played")
	tm.Send("Ke3", "{Enter}")
	tm.WaitFor(30*time.Second, "不合法", "请重试")
	tm.Save("illegal")
	tm.Send("{Escape}")
	tm.WaitFor(30*time.Second, "方向键/ijkl 移动") // the keys again: the move line is closed
	tm.Send("?")
	tm.WaitFor(30*time.Second, "Outpost — 按键", "翻转棋盘", "悔棋")
	tm.Save("help")
	tm.Send("x")
	tm.WaitFor(30*time.Second, "方向键/ijkl 移动")
	tm.Send("q")
	tm.WaitFor(30*time.Second, "退出？对局还没结束")
	tm.Send("y")
	if status, known := tm.WaitExit(30 * time.Second); known && status != 0 {
		t.Errorf("outpost play ended with status %d after quitting, want 0", status)
	}
	if farewell := "对局已保存：outpost play --resume 可以继续。"; !strings.Contains(tm.Scrollback(), farewell) {
		t.Errorf("after quitting, the terminal lacks %q:\n%s", farewell, tm.Scrollback())
	}
}

// TestTerminalChineseWords shows a loaded Ruy Lopez in Chinese: the
// opening is named by its Chinese family with its ECO code, the move
// prompt says what draw and resign do, and the new-game menu's untimed
// clock line does not say 不计时 twice.
func TestTerminalChineseWords(t *testing.T) {
	bin := fixture.Outpost(t)
	dir := t.TempDir()
	pgn := filepath.Join(dir, "ruy.pgn")
	if err := os.WriteFile(pgn, []byte(ruyLopez), 0o644); err != nil {
		t.Fatal(err)
	}
	tm := termtest.Start(t, 120, 40, []string{"LANG=zh_CN.UTF-8", "LC_ALL="},
		bin, "play", "--load", pgn, "--white", "human", "--black", "human", "--store", filepath.Join(dir, "outpost.db"))
	tm.WaitFor(30*time.Second, "12. cxb5", "西班牙开局：Closed", "(C9")
	tm.Send(":")
	tm.WaitFor(30*time.Second, "或输入 draw（提和）、resign（认输）")
	tm.Save("prompt")
	tm.Send("{Escape}")
	tm.WaitFor(30*time.Second, "方向键/ijkl 移动")
	tm.Send("n")
	tm.WaitFor(30*time.Second, "新对局", "双方想多久都行")
	if screen := tm.Screen(false); strings.Count(screen, "不计时") > 1 {
		t.Errorf("the menu says 不计时 more than once:\n%s", screen)
	}
	tm.Save("menu")
}

// TestTerminalLangFlag: --lang chooses the language over LANG.
func TestTerminalLangFlag(t *testing.T) {
	bin := fixture.Outpost(t)
	db := filepath.Join(t.TempDir(), "outpost.db")
	zh := termtest.Start(t, 100, 35, []string{"LANG=C.UTF-8", "LC_ALL="}, bin, "play", "--lang", "zh", "--white", "human", "--black", "human", "--store", db)
	zh.WaitFor(30*time.Second, "白方：白方", "轮到白方走棋")
	en := termtest.Start(t, 100, 35, []string{"LANG=zh_CN.UTF-8", "LC_ALL="}, bin, "play", "--lang", "en", "--white", "human", "--black", "human", "--store", db)
	en.WaitFor(30*time.Second, "White: White", "White to move.")
}

// TestTerminalLooks shows a game in a large terminal (the board grows and
// sits in the middle) and in a 100x35 one; the screens are the README's.
func TestTerminalLooks(t *testing.T) {
	bin := fixture.Outpost(t)
	dir := t.TempDir()
	pgn := filepath.Join(dir, "ruy.pgn")
	if err := os.WriteFile(pgn, []byte(ruyLopez), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, size := range []struct {
		name          string
		width, height int
	}{{"100x35", 100, 35}, {"160x50", 160, 50}} {
		tm := termtest.Start(t, size.width, size.height, []string{"LANG=en_US.UTF-8", "LC_ALL=", "COLORTERM=truecolor"},
			bin, "play", "--load", pgn, "--white", "human", "--black", "ai:3", "--store", filepath.Join(dir, size.name+".db"))
		tm.WaitFor(30*time.Second, "12. cxb5", "White to move")
		tm.Save(size.name)
		tm.Send("q", "y")
	}
}
