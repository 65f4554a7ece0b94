package match_test

import (
	"context"
	"fmt"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/mancala/match"
	"github.com/sowing-games/sowing/mancala/search"
)

// A small match of greedy against random under the Abapa rules: the
// results of a seed are the same at any Parallel.
func Example() {
	rules, _ := awale.New(awale.Abapa())
	rep, err := match.Run(context.Background(), match.Config{
		Rules:       rules,
		A:           match.Spec("greedy", search.ParseEngine),
		B:           match.Spec("random", search.ParseEngine),
		Games:       4,
		Seed:        1,
		RandomPlies: 2,
		OnResult: func(r match.Result) error {
			fmt.Printf("game %d: A south %v, score %v, %d plies, %v\n", r.Game, r.ASouth, r.Score, r.Plies, r.Ending)
			return nil
		},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	t := rep.Tally
	fmt.Printf("A: +%d =%d -%d, Elo %v\n", t.Wins, t.Draws, t.Losses, t.Elo())
	// Output:
	// game 1: A south true, score 1, 31 plies, majority (AW-10)
	// game 2: A south false, score 1, 24 plies, majority (AW-10)
	// game 3: A south true, score 1, 37 plies, majority (AW-10)
	// game 4: A south false, score 1, 26 plies, majority (AW-10)
	// A: +4 =0 -0, Elo > +7
}

// A match that its SPRT stops as soon as it decides.
func ExampleSPRT() {
	rules, _ := awale.New(awale.Abapa())
	rep, _ := match.Run(context.Background(), match.Config{
		Rules: rules,
		A:     match.Spec("greedy", search.ParseEngine),
		B:     match.Spec("random", search.ParseEngine),
		Games: 100,
		Seed:  1,
		SPRT:  &match.SPRT{Elo0: 0, Elo1: 200, Alpha: 0.05, Beta: 0.05},
	})
	fmt.Printf("%v after %d games, LLR %.2f\n", rep.Verdict, rep.Tally.Games(), rep.LLR)
	// Output:
	// H1 accepted after 4 games, LLR 5.43
}

// ParseShard reads the -shard flag of the commands.
func ExampleParseShard() {
	env := map[string]string{"JOB_COMPLETION_INDEX": "2"}
	s, _ := match.ParseShard("auto/3", func(k string) string { return env[k] })
	fmt.Println(s)
	_, err := match.ParseShard("3/3", nil)
	fmt.Println(err)
	// Output:
	// 2/3
	// shard "3/3": index "3": want 0 to 2: match: bad configuration
}

// Summary is the tally as the tournament command prints it.
func ExampleTally_Summary() {
	fmt.Print(match.Tally{Wins: 7, Draws: 2, Losses: 1}.Summary())
	fmt.Print(match.Tally{Wins: 10}.Summary())
	fmt.Print(match.Tally{}.Summary())
	// Output:
	// A: 7 wins, 2 draws, 1 losses in 10 games
	// A's score rate: 0.800, 95% interval 0.490..0.943 (Wilson)
	// Elo difference A-B: +241, 95% interval -7..+488
	// A: 10 wins, 0 draws, 0 losses in 10 games
	// A's score rate: 1.000, 95% interval 0.722..1.000 (Wilson)
	// Elo difference A-B: > +166 (one player won every game: the 95% bound alone)
	// A: 0 wins, 0 draws, 0 losses in 0 games
	// A's score rate: NaN, 95% interval 0.000..1.000 (Wilson)
	// Elo difference A-B: ?, 95% interval ?..?
}
