package browsertest

import (
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// The looks (issue 46): board themes and piece sets chosen in the settings
// and remembered, icons on the buttons, the material beside the players,
// the page's title and its icon.

// pieceImage is the background image of the board's white knight on g1.
const pieceImage = `getComputedStyle(document.querySelector('#board piece.knight.white')).backgroundImage`

// TestThemesAndPieceSets chooses each board theme and piece set in the
// settings: the board and its pieces change, and a reload keeps the choice.
func TestThemesAndPieceSets(t *testing.T) {
	p := newPage(t, desktop)
	p.startGame(newGame{mode: "hvh", pgn: "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6"})
	p.waitPly(8, 5*time.Second)
	p.click("#btn-settings")
	p.waitFor("the settings", `document.getElementById('dlg-settings').open`, 5*time.Second)
	p.screenshot("settings")
	images := map[string]bool{}
	boards := map[string]bool{}
	for _, c := range []struct{ board, pieces string }{
		{"brown", "cburnett"}, {"blue", "merida"}, {"green", "staunty"}, {"grey", "cburnett"},
	} {
		p.click(fmt.Sprintf(`#settings-board input[value=%s]`, c.board))
		p.click(fmt.Sprintf(`#settings-pieces input[value=%s]`, c.pieces))
		p.waitFor("the choice applied", fmt.Sprintf(`document.body.classList.contains('board-%s') && document.body.classList.contains('pieces-%s')`, c.board, c.pieces), 5*time.Second)
		img := evalJS[string](p, pieceImage)
		if !strings.HasPrefix(img, `url("data:image/svg+xml`) {
			t.Errorf("%s: the knight's image is %.60q", c.pieces, img)
		}
		images[img] = true
		boards[evalJS[string](p, `getComputedStyle(document.querySelector('#board cg-board')).backgroundColor`)] = true
		p.do("closing the settings", chromedp.Click("#settings-close"))
		p.screenshot(c.board + "-" + c.pieces)
		p.click("#btn-settings")
	}
	if len(images) != 3 {
		t.Errorf("%d different knights for the 3 piece sets", len(images))
	}
	if len(boards) != 4 {
		t.Errorf("%d different board colours for 4 themes: %v", len(boards), boards)
	}
	// The last choice (grey, cburnett) is remembered; so is another.
	p.click(`#settings-board input[value=blue]`)
	p.click(`#settings-pieces input[value=merida]`)
	merida := evalJS[string](p, pieceImage)
	p.do("reloading", chromedp.Reload(), chromedp.WaitVisible("#board cg-board"))
	p.waitPly(8, 10*time.Second)
	if !evalJS[bool](p, `document.body.classList.contains('board-blue') && document.body.classList.contains('pieces-merida')`) {
		t.Errorf("after a reload the body's classes are %q", evalJS[string](p, `document.body.className`))
	}
	if got := evalJS[string](p, pieceImage); got != merida {
		t.Error("after a reload the pieces are not Merida's")
	}
}

// TestMaterialAndTitle checks the material beside the players (lichess's
// imbalance), the page's title and the icons.
func TestMaterialAndTitle(t *testing.T) {
	p := newPage(t, desktop)
	// After 4. Bxc6 dxc6 the material is even; after 5. Nxe5 White is a
	// pawn up.
	p.startGame(newGame{mode: "hvh", pgn: "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. Nxe5"})
	p.waitPly(9, 5*time.Second)
	white, black := p.text("#player-bottom .material"), p.text("#player-top .material")
	if white != "+1" || black != "" {
		t.Errorf("material %q beside White and %q beside Black, want +1 and nothing", white, black)
	}
	if n := evalJS[int](p, `document.querySelectorAll('#player-bottom .material piece.pawn.black').length`); n != 1 {
		t.Errorf("%d black pawns beside White, want 1", n)
	}
	if got := evalJS[string](p, `document.title`); got != "Black to move. · Outpost" {
		t.Errorf("title %q", got)
	}
	// Looking back: the material of the position shown.
	p.click("#nav-prev")
	p.waitFor("the material at move 8", `document.querySelector('#player-bottom .material').textContent === ''`, 5*time.Second)
	p.screenshot("material")
	for _, id := range []string{"btn-new", "btn-takeback", "btn-hint", "btn-resign", "btn-flip", "btn-explain", "btn-pgn", "btn-settings", "nav-first"} {
		if !evalJS[bool](p, `!!document.querySelector('#`+id+` > svg.icon path')`) {
			t.Errorf("#%s has no icon", id)
		}
	}
	res, err := http.Get(baseURL + "/favicon.svg")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || !strings.Contains(res.Header.Get("Content-Type"), "svg") || !strings.Contains(string(body), "<svg") {
		t.Errorf("GET /favicon.svg: %s %s %.40q", res.Status, res.Header.Get("Content-Type"), body)
	}
}

// TestPicturesLightDark takes the web app's pictures for the README: a game
// against Outpost in the light and the dark colour scheme.
func TestPicturesLightDark(t *testing.T) {
	for _, scheme := range []string{"light", "dark"} {
		p := newPage(t, viewport{"wide", 1200, 820, false})
		if _, err := chromedp.Call(p.ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}},
		}); err != nil {
			t.Fatal(err)
		}
		p.startGame(newGame{mode: "ai", color: "white", level: "8",
			pgn: "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3"})
		p.waitPly(18, 40*time.Second)
		p.waitFor("the bar", `document.getElementById('evalbar').dataset.kind === 'engine'`, 10*time.Second)
		p.waitFor("the import's report to go", `document.getElementById('toast').hidden`, 10*time.Second)
		if scheme == "dark" {
			if bg := evalJS[string](p, `getComputedStyle(document.body).backgroundColor`); bg == "rgb(244, 241, 236)" {
				t.Errorf("the dark scheme's background is the light one")
			}
		}
		p.screenshot(scheme)
	}
}
