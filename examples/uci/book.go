package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"time"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/book"
	"github.com/sowing-games/sowing/mancala/search"
)

// loadBook reads the book file name and checks it against the rules.
func loadBook(name string, r mancala.Ruleset) (*book.Book, error) {
	return book.LoadFile(name, r)
}

// bookConfig holds the flags of uci book.
type bookConfig struct {
	plies, extend, depth, table int
	replyDepth                  int
	time, replyTime             time.Duration
	game, rules, out            string
}

// bookFlags defines the flags of uci book into c.
func bookFlags(c *bookConfig, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("uci book", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {}
	fs.IntVar(&c.plies, "plies", 3, "every position within this many moves of the start")
	fs.IntVar(&c.extend, "extend", 0, "then follow each line at -plies this many moves further (both players' moves: the book's own, or with -reply-* an opponent's)")
	fs.IntVar(&c.replyDepth, "reply-depth", 0, "with -extend, follow the lines against an opponent (this engine) that searches this deep, not along the book's own replies")
	fs.DurationVar(&c.replyTime, "reply-time", 0, "with -extend, follow the lines against an opponent (this engine) that searches this long")
	fs.IntVar(&c.depth, "depth", 0, "search depth of each position (0: no limit)")
	fs.DurationVar(&c.time, "time", 0, "search time of each position (0: no limit)")
	fs.StringVar(&c.rules, "rules", "", rulesUsage)
	fs.StringVar(&c.game, "game", "", "the game (a family), as uci's -game")
	fs.StringVar(&c.out, "out", "", "the book file: resumed if it exists, saved as the build goes")
	fs.IntVar(&c.table, "table", 1<<22, "transposition-table entries")
	return fs
}

// runBook builds an opening book: uci book -plies N [-extend E
// [-reply-depth D] [-reply-time T]] [-time T]
// [-depth D] [-rules PRESET] -out FILE.
func runBook(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	var c bookConfig
	fs := bookFlags(&c, stderr)
	plies, depth, tm, preset, out, hash := &c.plies, &c.depth, &c.time, &c.rules, &c.out, &c.table
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(stdout, "usage: uci book -plies N [-extend E [-reply-depth D] [-reply-time T]] [-depth D] [-time T] [-rules PRESET] -out FILE")
			fs.SetOutput(stdout)
			fs.PrintDefaults()
			return 0
		}
		return 2
	}
	bad := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "uci book: "+format+"\n", a...)
		return 2
	}
	switch {
	case *out == "":
		return bad("want -out FILE")
	case fs.NArg() > 0:
		return bad("unexpected argument %q", fs.Arg(0))
	case *depth == 0 && *tm == 0:
		return bad("want -depth or -time (or both)")
	case *depth < 0 || *depth > search.MaxDepth || *tm < 0:
		return bad("want -depth 1 to %d and a positive -time", search.MaxDepth)
	case *plies < 0 || *plies > 12:
		return bad("-plies %d: want 0 to 12", *plies)
	case c.extend < 0 || c.extend > 24:
		return bad("-extend %d: want 0 to 24", c.extend)
	case c.replyDepth < 0 || c.replyDepth > search.MaxDepth || c.replyTime < 0:
		return bad("want -reply-depth 1 to %d and a positive -reply-time", search.MaxDepth)
	case (c.replyDepth > 0 || c.replyTime > 0) && c.extend == 0:
		return bad("-reply-depth and -reply-time need -extend")
	case *hash < 1 || *hash > 1<<26:
		return bad("-table %d: want 1 to %d", *hash, 1<<26)
	}
	r, err := rulesFor(c.game, *preset)
	if err != nil {
		return bad("%v", err)
	}
	// The engine's own search (level max: its evaluation and quiescence),
	// with the build's limits.
	so, _ := search.LevelOptions("max")
	so.Depth, so.Time, so.TableSize = *depth, *tm, *hash
	bo := book.BuildOptions{Plies: *plies, Extend: c.extend, Search: so, File: *out, SaveEvery: 30 * time.Second, Progress: stderr}
	if c.replyDepth > 0 || c.replyTime > 0 {
		ro := so // the same engine, with the opponent's limits
		ro.Depth, ro.Time = c.replyDepth, c.replyTime
		bo.Reply = &ro
	}
	begun := time.Now()
	b, err := book.Build(ctx, r, bo)
	if err != nil {
		if b == nil { // refused before anything was built or saved
			fmt.Fprintf(stderr, "uci book: %v\n", err)
			return 1
		}
		fmt.Fprintf(stderr, "uci book: %v (%d positions saved in %s; run the same command again to resume)\n", err, b.Len(), *out)
		return 1
	}
	fmt.Fprintf(stdout, "uci book: %d positions of %v within %d plies in %s (%v)\n", b.Len(), r, b.Plies(), *out, time.Since(begun).Round(time.Second))
	return 0
}
