package ogn_test

import (
	"bytes"
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/sowing-games/sowing/awale/ogn"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/record"
)

// maxFuzzInput bounds the inputs that the fuzz target reads: longer ones
// find nothing new and slow the fuzzer down.
const maxFuzzInput = 4 << 10

// cachedResolve is ogn.Resolve with the rulesets it built kept by their
// tags: building an Awalé ruleset takes longer than the rest of an input's
// work, and rulesets are immutable.
func cachedResolve(tags record.Tags) (mancala.Ruleset, error) {
	key := tags.Get(record.TagRules) + "\x00" + tags.Get("Variant")
	if r, ok := resolved.Load(key); ok {
		return r.(mancala.Ruleset), nil
	}
	r, err := ogn.Resolve(tags)
	if err == nil {
		resolved.Store(key, r)
	}
	return r, err
}

var resolved sync.Map // of mancala.Ruleset by Rules and Variant tags

func FuzzRead(f *testing.F) {
	for _, s := range []string{
		"",
		aualeSample,
		"[FEN \"1-1-0-0-0-0-0-5-0-0-0-0-20-21-S\"]\n1. B b+2 (x) 2. C 20-23",
		"[Variant \"Oware Abapa\"]\n[Result \"25-23\"]\n1. A { unterminated",
		"[Rules \"awale houses=2 seeds=1\"]\n1. A a B 1-2",
		"[Site \"C:\\x\"] 1. A+12 a ( b ) *",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if len(text) > maxFuzzInput {
			return
		}
		rec, err := ogn.Read(strings.NewReader(text))
		if err != nil {
			var re *record.Error
			if !errors.As(err, &re) || re.Line < 1 || !errors.Is(err, mancala.ErrSyntax) {
				t.Fatalf("error %v (%T): want a *record.Error with a place, wrapping ErrSyntax", err, err)
			}
			return
		}
		if _, err := rec.Replay(cachedResolve); err != nil {
			var re *record.Error
			if !errors.As(err, &re) {
				t.Fatalf("Replay: %v (%T), want a *record.Error", err, err)
			}
		}
		var buf bytes.Buffer
		if err := ogn.Write(&buf, rec, cachedResolve); err != nil {
			return // not a game of these rules
		}
		again, err := ogn.Read(&buf)
		if err != nil || again.Start != rec.Start || !slices.Equal(again.Moves, rec.Moves) {
			t.Fatalf("OGN read back %v, %v; want %v", again, err, rec)
		}
	})
}
