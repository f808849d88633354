package browsertest

import (
	"encoding/json"
	"fmt"
	"html"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/mattn/go-runewidth"

	"github.com/outpost-chess/outpost/internal/fixture"
	"github.com/outpost-chess/outpost/internal/termtest"
)

// Pictures of the terminal game: the outpost command in tmux (as the
// terminal tests run it), its screen with colours turned into HTML and
// drawn by the browser, so that the README can show the terminal game.

// TestTerminalPictures takes the terminal game's pictures: in English in a
// large terminal (the board grown and centred), and in Chinese.
func TestTerminalPictures(t *testing.T) {
	bin := fixture.Outpost(t)
	dir := t.TempDir()
	pgn := filepath.Join(dir, "game.pgn")
	game := "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 *\n"
	if err := os.WriteFile(pgn, []byte(game), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name          string
		width, height int
		lang          string
		wait          []string
	}{
		{"en", 120, 40, "en_US.UTF-8", []string{"10. d4", "White to move", "Move: c3"}},
		{"zh", 120, 40, "zh_CN.UTF-8", []string{"10. d4", "轮到白方走棋", "着法：c3"}},
	} {
		tm := termtest.Start(t, c.width, c.height, []string{"LANG=" + c.lang, "LC_ALL=", "COLORTERM=truecolor"},
			bin, "play", "--load", pgn, "--white", "human", "--black", "ai:3", "--store", filepath.Join(dir, c.name+".db"))
		tm.WaitFor(30*time.Second, c.wait[:2]...)
		tm.Send("c3") // the move line, with a move being typed
		tm.WaitFor(30*time.Second, c.wait[2])
		screen := tm.Screen(true)
		p := newPage(t, viewport{"terminal", int64(c.width*9 + 40), int64(c.height*19 + 40), false})
		page, _ := json.Marshal(terminalHTML(screen))
		p.do("drawing the terminal", chromedp.Navigate("about:blank"),
			chromedp.Evaluate[chromedp.Void](`document.documentElement.innerHTML = `+string(page)))
		if got := evalJS[string](p, `document.body.innerText`); !strings.Contains(got, c.wait[2]) {
			t.Fatalf("the picture's text lacks %q", c.wait[2])
		}
		p.screenshot(c.name)
	}
}

// terminalHTML draws a terminal screen given with its ANSI colour escapes
// (SGR: bold, faint, underline, reverse, 24-bit, 256 and 16 colours) as an
// HTML page: each cell a character, wide characters two cells.
func terminalHTML(screen string) string {
	var b strings.Builder
	b.WriteString(`<head><meta charset="utf-8"><style>
body{margin:0;background:#1d1f21;}
pre{margin:0;padding:20px;font:15px/19px "DejaVu Sans Mono","WenQuanYi Micro Hei Mono",monospace;color:#d8d8d8;}
pre span{display:inline-block;height:19px;vertical-align:top;white-space:pre}
.w{text-align:center;overflow:visible}
.g{transform:scale(1.45)}
</style></head><body><pre>`)
	var st sgr
	for i := 0; i < len(screen); {
		if strings.HasPrefix(screen[i:], "\x1b[") {
			end := strings.IndexByte(screen[i:], 'm')
			if end < 0 {
				break
			}
			st.apply(screen[i+2 : i+end])
			i += end + 1
			continue
		}
		r, size := []rune(screen[i:])[0], len(string([]rune(screen[i:])[0]))
		i += size
		text := html.EscapeString(string(r))
		if r == '\n' {
			b.WriteString("\n")
			continue
		}
		style := st.css()
		if w := runewidth.RuneWidth(r); r > 0x7f {
			class := "w"
			if r >= 0x2654 && r <= 0x265f {
				class += " g" // a chess piece: as large as the cell allows
			}
			b.WriteString(fmt.Sprintf(`<span class="%s" style="width:%dch;%s">%s</span>`, class, max(1, w), style, text))
		} else if style != "" {
			b.WriteString(`<span style="` + style + `">` + text + `</span>`)
		} else {
			b.WriteString(text)
		}
	}
	b.WriteString("</pre></body>")
	return b.String()
}

// sgr is the terminal's current character style.
type sgr struct {
	fg, bg                         string
	bold, faint, underline, invert bool
}

// apply reads one SGR escape's parameters ("1;38;2;255;0;0").
func (s *sgr) apply(params string) {
	p := strings.Split(params, ";")
	if params == "" {
		p = []string{"0"}
	}
	for i := 0; i < len(p); i++ {
		n, _ := strconv.Atoi(p[i])
		switch {
		case n == 0:
			*s = sgr{}
		case n == 1:
			s.bold = true
		case n == 2:
			s.faint = true
		case n == 4:
			s.underline = true
		case n == 7:
			s.invert = true
		case n == 22:
			s.bold, s.faint = false, false
		case n == 24:
			s.underline = false
		case n == 27:
			s.invert = false
		case n == 39:
			s.fg = ""
		case n == 49:
			s.bg = ""
		case n >= 30 && n <= 37, n >= 90 && n <= 97:
			s.fg = basic(n)
		case n >= 40 && n <= 47, n >= 100 && n <= 107:
			s.bg = basic(n - 10)
		case (n == 38 || n == 48) && i+1 < len(p):
			var colour string
			if p[i+1] == "2" && i+4 < len(p) {
				colour = "rgb(" + p[i+2] + "," + p[i+3] + "," + p[i+4] + ")"
				i += 4
			} else if p[i+1] == "5" && i+2 < len(p) {
				k, _ := strconv.Atoi(p[i+2])
				colour = xterm256(k)
				i += 2
			}
			if n == 38 {
				s.fg = colour
			} else {
				s.bg = colour
			}
		}
	}
}

// css is the style's CSS.
func (s *sgr) css() string {
	fg, bg := s.fg, s.bg
	if s.invert {
		fg, bg = or(bg, "#1d1f21"), or(fg, "#d8d8d8")
	}
	var out []string
	if fg != "" {
		out = append(out, "color:"+fg)
	}
	if bg != "" {
		out = append(out, "background:"+bg)
	}
	if s.bold {
		out = append(out, "font-weight:bold")
	}
	if s.faint {
		out = append(out, "opacity:0.6")
	}
	if s.underline {
		out = append(out, "text-decoration:underline")
	}
	return strings.Join(out, ";")
}

func or(a, b string) string {
	if a == "" {
		return b
	}
	return a
}

// basic is one of the 16 colours (30-37, 90-97), as xterm draws them.
func basic(n int) string {
	colours := []string{"#000000", "#cd0000", "#00cd00", "#cdcd00", "#0000ee", "#cd00cd", "#00cdcd", "#e5e5e5",
		"#7f7f7f", "#ff0000", "#00ff00", "#ffff00", "#5c5cff", "#ff00ff", "#00ffff", "#ffffff"}
	if n >= 90 {
		return colours[n-90+8]
	}
	return colours[n-30]
}

// xterm256 is one of xterm's 256 colours.
func xterm256(k int) string {
	switch {
	case k < 8:
		return basic(30 + k)
	case k < 16:
		return basic(90 + k - 8)
	case k < 232:
		k -= 16
		level := func(v int) int {
			if v == 0 {
				return 0
			}
			return 55 + 40*v
		}
		return fmt.Sprintf("rgb(%d,%d,%d)", level(k/36), level(k/6%6), level(k%6))
	}
	g := 8 + 10*(k-232)
	return fmt.Sprintf("rgb(%d,%d,%d)", g, g, g)
}
