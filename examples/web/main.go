// Command web serves a page on which people play Awalé and Congkak in a
// browser, against the computer or against each other at one screen.
//
// Usage:
//
//	go run ./examples/web [-addr 127.0.0.1:8080]
//
// It prints the page's address and serves until interrupted. The page draws
// the board as SVG, North's row on top, and animates every sowing from the
// library's event stream ([mancala.Tracer]): pick-ups, drops, relays,
// captures, refills and burnt houses, at a speed the player chooses, or
// skipped. At Congkak's simultaneous opening each player picks a house
// without seeing the other's choice, then both hands sow in lockstep. The
// page says whose turn it is and why, what each move captured under which
// rule, and why a game ended, with the rules as the game's package states
// them (awale.RulesText, congkak.RulesText); it has undo and redo,
// a concession, a hint with the engine's value, new games with options,
// the game record (package [github.com/sowing-games/sowing/mancala/record])
// to download or upload, and the board as an SVG diagram (package
// [github.com/sowing-games/sowing/mancala/svg]).
//
// Everything the page needs is embedded in the binary; it fetches nothing
// from elsewhere. The games run in the server, one per page, kept in memory
// (the least recently used is dropped after 32).
//
// # API
//
// The page talks JSON to the server; every game is named by the id that
// POST /api/new returns, passed as ?id=... to the others:
//
//	POST /api/new       {"game":"awale","preset":"abapa","seats":["human","computer"]} → state
//	GET  /api/state     → state
//	POST /api/move      {"move":"C"} (a person's decision; "Cb" for two people at once) → step and state
//	POST /api/computer  → the computer's decision: step and state
//	POST /api/undo, /api/redo, /api/concede → state
//	POST /api/hint      → the engine's move and value
//	GET  /api/record    → the record text; POST /api/record with a record replaces the game
//	GET  /api/board.svg → the board as an SVG diagram (package mancala/svg)
//
// Bad requests get a 4xx status and {"error": "..."}, and change nothing.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"time"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("web", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", "127.0.0.1:8080", "the address to serve on (host:port; port 0 picks a free one)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() != 0 {
		fmt.Fprintf(stderr, "web: unexpected arguments %q\n", fs.Args())
		return 2
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintf(stderr, "web: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "serving the sowing games at http://%s/ (Ctrl-C stops)\n", ln.Addr())
	srv := &http.Server{Handler: newServer().handler(), ReadHeaderTimeout: 10 * time.Second}
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, os.Interrupt)
	go func() {
		<-stop
		_ = srv.Close()
	}()
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		fmt.Fprintf(stderr, "web: %v\n", err)
		return 1
	}
	return 0
}
