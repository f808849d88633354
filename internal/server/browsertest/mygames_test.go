package browsertest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestMyGames opens My games with a game of this browser's and one made
// elsewhere (its token not here): the first is under "Your games", to
// continue; the second under "Other games on this server", to watch, with
// no "you play" in it.
func TestMyGames(t *testing.T) {
	res, err := http.Post(baseURL+"/api/games", "application/json", strings.NewReader(`{"white":"human","black":"ai","level":"3"}`))
	if err != nil {
		t.Fatal(err)
	}
	var other struct{ ID string }
	json.NewDecoder(res.Body).Decode(&other)
	res.Body.Close()
	if res.StatusCode != http.StatusCreated || other.ID == "" {
		t.Fatalf("creating another's game: %s", res.Status)
	}

	p := newPage(t, desktop)
	p.startGame(newGame{mode: "ai", color: "white", level: "1"})
	mine := evalJS[string](p, `document.getElementById('app').dataset.gameId`)
	p.click("#btn-games")
	row := func(section, id string) string { return fmt.Sprintf(`#%s tr[data-id=%q]`, section, id) }
	p.waitFor("both games listed", fmt.Sprintf(`!!document.querySelector(%q) && !!document.querySelector(%q)`,
		row("games-mine", mine), row("games-others", other.ID)), 10*time.Second)
	for _, misplaced := range []string{row("games-mine", other.ID), row("games-others", mine)} {
		if evalJS[bool](p, fmt.Sprintf(`!!document.querySelector(%q)`, misplaced)) {
			t.Errorf("%s is listed", misplaced)
		}
	}
	if got := p.text(row("games-mine", mine)); !strings.Contains(got, "(you play White)") || !strings.Contains(got, "Continue") {
		t.Errorf("your game's row: %q", got)
	}
	if got := p.text(row("games-others", other.ID)); strings.Contains(got, "you play") || !strings.Contains(got, "A player vs Outpost level 3") || !strings.Contains(got, "Watch") {
		t.Errorf("the other game's row: %q", got)
	}
	p.screenshot("sections")
	// Watching the other game: the page does not offer to play it.
	p.click(row("games-others", other.ID) + " button[data-open]")
	p.waitFor("the other game", fmt.Sprintf(`document.getElementById('app').dataset.gameId === %q`, other.ID), 10*time.Second)
	if d := evalJS[bool](p, `document.getElementById('move-input').disabled`); !d {
		t.Error("the move box of another's game is enabled")
	}
}
