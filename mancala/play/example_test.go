package play_test

import (
	"fmt"
	"strings"

	_ "github.com/sowing-games/sowing/awale" // registers the awale family
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/play"
)

// A scripted session: South, a person, plays three moves against the
// greedy computer, then the input ends. The example prints the lines
// that tell the moves (the session also draws the board before each of
// South's decisions) and the moves of the game.
func Example() {
	r, err := mancala.NewRuleset("awale abapa")
	if err != nil {
		fmt.Println(err)
		return
	}
	s, err := play.New(play.Config{Rules: r, Human: [2]bool{true, false}, AI: "greedy"})
	if err != nil {
		fmt.Println(err)
		return
	}
	var out strings.Builder
	if err := s.Run(strings.NewReader("F\nE\nA\n"), &out); err != nil {
		fmt.Println(err)
	}
	for _, line := range strings.Split(out.String(), "\n") {
		if _, told, ok := strings.Cut(line, "> "); ok {
			line = told // after a prompt
		}
		note := len(line) > 2 && line[:2] == "  " && line[2] >= 'A' && line[2] <= 'Z' // a note of the move
		if strings.Contains(line, " plays ") || note {
			fmt.Println(line)
		}
	}
	fmt.Println(s.Game().MovesText())
	// Output:
	// South (you) plays F.
	// North (computer) plays d.
	// South (you) plays E.
	// North (computer) plays a.
	// South (you) plays A.
	// North (computer) plays f.
	//   North captures 3 seeds from F (AW-4).
	//   North captures 2 seeds from E (AW-4).
	//   North's store +5 (now 5).
	// F d E a A f
}
