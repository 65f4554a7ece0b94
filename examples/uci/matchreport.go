package main

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/sowing-games/sowing/mancala/match"
)

// gameLine returns the OnResult of a match: each game's line on stderr,
// with the running score, then the result to emit if emit is not nil.
func gameLine(stderr io.Writer, sprt *match.SPRT, emit func(match.Result) error) func(match.Result) error {
	var t match.Tally
	return func(r match.Result) error {
		t.Add(r.Score)
		note := ""
		if r.Forfeit != nil {
			note = " (" + r.Forfeit.String() + ")"
		} else if r.Capped {
			note = " (capped)"
		}
		line := fmt.Sprintf("game %d: A %g%s; after %d: +%d =%d -%d, score %.3f, Elo %s",
			r.Game, r.Score, note, t.Games(), t.Wins, t.Draws, t.Losses, t.Rate(), t.Elo())
		if sprt != nil {
			lower, upper := sprt.Bounds()
			line += fmt.Sprintf(", LLR %.2f [%.2f, %.2f]", sprt.LLR(t), lower, upper)
		}
		fmt.Fprintln(stderr, line)
		if emit != nil {
			return emit(r)
		}
		return nil
	}
}

// matchSummary writes the result of the match.
func matchSummary(stdout io.Writer, rep *match.Report, sprt *match.SPRT, took time.Duration) {
	t := rep.Tally
	fmt.Fprintf(stdout, "A: +%d =%d -%d of %d games, score %.3f, Elo %s (95%%) (%v)\n",
		t.Wins, t.Draws, t.Losses, t.Games(), t.Rate(), t.Elo(), took.Round(time.Second))
	if sprt == nil {
		return
	}
	switch rep.Verdict {
	case match.AcceptH1:
		fmt.Fprintf(stdout, "SPRT: H1 accepted (A is %g Elo or more stronger, not %g)\n", sprt.Elo1, sprt.Elo0)
	case match.AcceptH0:
		fmt.Fprintf(stdout, "SPRT: H0 accepted (A is not %g Elo stronger)\n", sprt.Elo1)
	default:
		fmt.Fprintf(stdout, "SPRT: undecided, LLR %.2f\n", rep.LLR)
	}
}

// runMerge is uci match merge: it merges the -results files of the shards
// of one match and reports it as one run would.
func runMerge(names []string, stdout, stderr io.Writer) int {
	if len(names) == 0 || strings.HasPrefix(names[0], "-") {
		fmt.Fprintln(stderr, "uci match merge: want the -results files of the shards, no flags")
		return 2
	}
	parts, err := match.ReadParts(names...)
	var rep *match.Report
	if err == nil {
		rep, err = match.Merge(parts...)
	}
	if err != nil {
		fmt.Fprintf(stderr, "uci match merge: %v\n", err)
		return 2
	}
	h := parts[0].Header
	fmt.Fprintf(stdout, "match: A %s\n       B %s\n       %s, %d games, merged from %d parts\n", h.A, h.B, h.Rules, h.Games, len(parts))
	onResult := gameLine(stderr, h.SPRT, nil)
	for _, r := range rep.Results {
		_ = onResult(r)
	}
	matchSummary(stdout, rep, h.SPRT, 0)
	return 0
}
