package web

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserAcross plays a game where nobody owns the houses (Eson
// Xorgol, sow's SW-94): a house of the opponent's row is offered to the
// player to move, a click on it plays the move from it ("^c"), and the
// last move is marked on that house, as a hint is.
func TestBrowserAcross(t *testing.T) {
	tb := openTab(t)
	tb.setSpeed(4)
	tb.newGame("esonxorgol", "esonxorgol", "human", "human", "easy")
	var legal bool
	tb.eval(`JSON.stringify(document.getElementById("h-n-2").classList.contains("legal"))`, &legal)
	if !legal {
		t.Fatal("North's house c is not offered to South at the start")
	}
	tb.shot("across-start")
	tb.click("c")
	tb.idle()
	tb.waitFor(`st && st.ply >= 1`)
	if s := tb.state(); s.Moves != "^c" {
		t.Errorf("after a click on North's c the moves are %q, want ^c", s.Moves)
	}
	tb.checkBoard()
	var last bool
	tb.eval(`JSON.stringify(document.getElementById("h-n-2").classList.contains("last"))`, &last)
	if !last {
		t.Error("the last move ^c is not marked on North's house c")
	}
	tb.shot("across-esonxorgol")

	// North's hint marks the house it sows from, in either row.
	tb.do(chromedp.Click("#hint", chromedp.ByQuery))
	tb.idle()
	msg := tb.text("message")
	_, rest, ok := strings.Cut(msg, "Hint for North: play ")
	move, _, _ := strings.Cut(rest, " ")
	move = strings.TrimRight(move, ".,;")
	letter := strings.TrimPrefix(move, "^")
	if !ok || len(letter) != 1 {
		t.Fatalf("hint message %q", msg)
	}
	t.Logf("hint %s", move)
	id := fmt.Sprintf("h-s-%d", letter[0]-'A')
	if letter[0] >= 'a' {
		id = fmt.Sprintf("h-n-%d", letter[0]-'a')
	}
	var hinted struct {
		Marked bool
		Count  int
	}
	tb.eval(`JSON.stringify({Marked: document.getElementById("`+id+`").classList.contains("hinted"), Count: document.querySelectorAll(".house.hinted").length})`, &hinted)
	if !hinted.Marked || hinted.Count != 1 {
		t.Errorf("hint %s: house %s marked %v, %d houses marked", move, id, hinted.Marked, hinted.Count)
	}
}
