package search_test

import (
	"context"
	"fmt"

	"github.com/sowing-games/sowing/congkak"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/search"
)

// PlayGameTrace narrates a game between two engines: here a Congkak set
// on 3 houses of 3 seeds, two rounds at most, whose first decision is simultaneous (both
// engines choose, PlayGameTrace plays the joint move), told note by note
// with the rules' ids, round ends counted from the game.
func ExamplePlayGameTrace() {
	r, err := congkak.New(congkak.Options{Houses: 3, Seeds: 3, Rounds: 2})
	if err != nil {
		fmt.Println(err)
		return
	}
	g, _ := mancala.NewGame(r)
	south := search.NewAlphaBeta(search.AlphaBetaOptions{Depth: 4, Seed: 1})
	north := search.NewGreedy(2)
	err = search.PlayGameTrace(context.Background(), g, south, north, func(p *search.Played) {
		for _, n := range p.Notes {
			fmt.Println(n.Text)
		}
	})
	fmt.Println("error:", err)
	// Output:
	// South sowed B, both players at once (CK-8).
	// North sowed b, both players at once (CK-8).
	// South's last seed fell in an occupied house: he picks up the 4 seeds of a and sows on (CK-4).
	// North's last seed fell in an occupied house: he picks up the 4 seeds of A and sows on (CK-4).
	// South's last seed fell in an occupied house: he picks up the 2 seeds of B and sows on (CK-4).
	// North's last seed fell in an occupied house: he picks up the 2 seeds of b and sows on (CK-4).
	// South sowed C, both players at once (CK-8).
	// North sowed c, both players at once (CK-8).
	// South's last seed fell in an occupied house: he picks up the 2 seeds of B and sows on (CK-4).
	// North's last seed fell in an occupied house: he picks up the 2 seeds of b and sows on (CK-4).
	// South sowed A, both players at once (CK-8).
	// North sowed a, both players at once (CK-8).
	// South sowed C, both players at once (CK-8).
	// North sowed b, both players at once (CK-8).
	// North's last seed fell in an occupied house: he picks up the 4 seeds of c and sows on (CK-4).
	// South plays next (CK-8).
	// South sowed C.
	// South moves again (CK-3).
	// South sowed B.
	// South moves again (CK-3).
	// South sowed A.
	// South captures 1 seed from b (CK-5).
	// South captures 1 seed from B (CK-5).
	// North sowed a.
	// North captures 1 seed from b (CK-5).
	// Round 1 ends (CK-9).
	// South adds 1 seed to his store (CK-10).
	// South refills his houses with 9 seeds from his store (CK-11).
	// North refills his houses with 6 seeds from his store (CK-11).
	// North's house a is burnt: nobody sows into it this round (CK-12).
	// North starts the next round (CK-13).
	// North sowed b.
	// North's last seed fell in an occupied house: he picks up the 4 seeds of A and sows on (CK-4).
	// North's last seed fell in an occupied house: he picks up the 5 seeds of c and sows on (CK-4).
	// North's last seed fell in an occupied house: he picks up the 2 seeds of b and sows on (CK-4).
	// North moves again (CK-3).
	// North sowed c.
	// Round 2 ends (CK-9).
	// South adds 11 seeds to his store (CK-10).
	// The game is over: round limit (CK-14).
	// error: <nil>
}
