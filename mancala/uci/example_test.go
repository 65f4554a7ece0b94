package uci_test

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/uci"
)

// Serve reads commands and answers them; here from a string, as a GUI
// would send them, for an engine that plays the Awalé Abapa rules.
func ExampleServe() {
	r, _ := awale.New(awale.Abapa())
	in := strings.NewReader("isready\nsetoption name Hash value 0\ngo movetime 0\nfoo\nquit\n")
	if err := uci.Serve(context.Background(), in, os.Stdout, uci.EngineConfig{Rules: r}); err != nil {
		fmt.Println(err)
	}
	// Output:
	// readyok
	// info string setoption Hash refused: uci: option Hash "0": want 1 to 1024
	// info string ignored: uci: go movetime 0: want a positive number: "go movetime 0"
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

// A Client plays through an engine: here our own, served through pipes in
// another goroutine (Start would run a program instead).
func ExampleNewClient() {
	toEngine, engineIn := io.Pipe()
	engineOut, fromEngine := io.Pipe()
	r, _ := awale.New(awale.Abapa())
	go func() {
		_ = uci.Serve(context.Background(), toEngine, fromEngine, uci.EngineConfig{Name: "piped", Rules: r})
		fromEngine.Close()
	}()
	c, err := uci.NewClient(context.Background(), engineOut, engineIn, uci.ClientConfig{Depth: 4})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer c.Close()
	g, _ := mancala.NewGame(r)
	_ = g.PlayText("Fe")
	m, err := c.Choose(context.Background(), g, mancala.South)
	fmt.Println(c.Name(), c.HasOption("Level"), mancala.IsLegal(r, g.Position(), m), err)
	// Output:
	// piped true true <nil>
}

// Players reads the specs of ParseEngine and engine:KEYS, our engine in
// process; its Parse is what match.Spec takes.
func ExamplePlayers() {
	var players uci.Players // no book: book=on is refused
	for _, spec := range []string{"engine:level=hard,time=50ms", "greedy", "engine:depth=0"} {
		e, err := players.Parse(spec, 1)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("%s: %T\n", spec, e)
	}
	o, _, _ := uci.ParseEngineOptions("engine:level=hard,quiesce=off")
	fmt.Println(o.Depth, o.Quiesce)
	// Output:
	// engine:level=hard,time=50ms: *search.AlphaBeta
	// greedy: *search.Greedy
	// uci: player "engine:depth=0": bad parameter "depth=0" (want level, depth, nodes, table, time, threads, quiesce=on|off, shared=on|off, pvs=on|off, reduce=on|off, eval=NAME, book=on|off): search: bad player spec
	// 8 false
}
