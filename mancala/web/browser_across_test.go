package web

import "testing"

// TestBrowserAcross plays a game where nobody owns the houses (Eson
// Xorgol, sow's SW-94): a house of the opponent's row is offered to the
// player to move, and a click on it plays the move from it ("^c").
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
	tb.shot("across-esonxorgol")
}
