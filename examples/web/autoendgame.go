package main

import (
	"fmt"
	"io"

	"github.com/sowing-games/sowing/examples/internal/autoendgame"
	"github.com/sowing-games/sowing/examples/internal/rulesflags"
	"github.com/sowing-games/sowing/mancala/web"
)

// autoEndgame gives the computer players, unless the flags turn it off,
// the endgame databases of the rules of each game from the user's cache
// (package autoendgame): at its first search in a game of some rules, the
// databases of those rules that the cache holds are opened, and the
// missing counts are built there in the background, one set at a time on
// one core; the searches use them once they reach the bound. The function
// returned stops the build; the databases stay open until the program
// ends (a search may still use them).
func autoEndgame(f *autoendgame.Flags, opt *web.Options, stderr io.Writer) (stop func()) {
	if !f.On() {
		return func() {}
	}
	c, err := autoendgame.New(f.Options(stderr, "web: "))
	if err != nil {
		fmt.Fprintf(stderr, "web: -endgame-auto: %s (the computer plays without endgame databases)\n", rulesflags.Line(err))
		return func() {}
	}
	opt.Endgame = c.Rules
	c.Begin()
	return c.Stop
}
