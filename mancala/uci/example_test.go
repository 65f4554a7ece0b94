package uci_test

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/sowing-games/sowing/mancala/uci"
)

// Serve reads commands and answers them; here from a string, as a GUI
// would send them.
func ExampleServe() {
	in := strings.NewReader("isready\nposition fen 0-0-0-0-0-1-0-0-0-0-0-0-24-23-N\ngo movetime 100\nfoo\nquit\n")
	if err := uci.Serve(context.Background(), in, os.Stdout, uci.EngineConfig{}); err != nil {
		fmt.Println(err)
	}
	// Output:
	// readyok
	// info string the game is over
	// bestmove 0000
	// info string ignored: uci: unknown command "foo": "foo"
}

func ExampleParseCommand() {
	c, err := uci.ParseCommand("position startpos moves AfBa")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(c.Name, len(c.Moves), c.Moves[1])
	c, _ = uci.ParseCommand("go wtime 1000 btime 900 winc 10 binc 10")
	fmt.Println(c.Go.WTime, c.Go.BInc)
	// Output:
	// position 4 f
	// 1s 10ms
}
