package match_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/sowing-games/sowing/mancala/match"
)

// fuzzSeeds adds to f the parts of a small real match, whole and in two
// shards, and a few broken ones.
func fuzzSeeds(f *testing.F) (whole match.Config, texts []string) {
	c := config(small(f, 4, 2), "greedy", "random", 4)
	whole = c
	for _, shard := range []match.Shard{{}, {Index: 0, Count: 2}, {Index: 1, Count: 2}} {
		c.Shard = shard
		var buf bytes.Buffer
		w, err := match.NewWriter(&buf, c.Header())
		if err != nil {
			f.Fatal(err)
		}
		c.OnResult = w.Write
		run(f, c)
		if err := w.Flush(); err != nil {
			f.Fatal(err)
		}
		texts = append(texts, buf.String())
	}
	texts = append(texts,
		strings.Replace(texts[1], `"index":0`, `"index":5`, 1),
		strings.Replace(texts[0], `"games":4`, `"games":0`, 1),
		strings.Replace(texts[0], `"score":1`, `"score":7`, 1),
		strings.Replace(texts[0], `"score":0`, `"score":-1e308`, 1),
	)
	return whole, texts
}

// checkMerged checks what a report that Merge returned must hold.
func checkMerged(t *testing.T, rep *match.Report, games int) {
	t.Helper()
	if len(rep.Results) > games {
		t.Fatalf("%d results of a %d-game match", len(rep.Results), games)
	}
	if n := rep.Tally.Wins + rep.Tally.Draws + rep.Tally.Losses; n != len(rep.Results) {
		t.Fatalf("tally %+v of %d results", rep.Tally, len(rep.Results))
	}
	for i, r := range rep.Results {
		if r.Game != i+1 {
			t.Fatalf("result %d is of game %d", i+1, r.Game)
		}
		if err := r.Check(games); err != nil {
			t.Fatalf("merged a bad result: %v", err)
		}
	}
}

// FuzzReadPart: ReadPart never panics; what it accepts has a header and
// results that pass their checks, and merges or is refused without a
// panic.
func FuzzReadPart(f *testing.F) {
	_, texts := fuzzSeeds(f)
	for _, s := range texts {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		p, err := match.ReadPart(bytes.NewReader(b))
		if err != nil {
			return
		}
		if err := p.Header.Check(); err != nil {
			t.Fatalf("accepted a bad header: %v", err)
		}
		for _, r := range p.Results {
			if err := r.Check(p.Header.Games); err != nil {
				t.Fatalf("accepted a bad result: %v", err)
			}
		}
		rep, err := match.Merge(p)
		if err != nil {
			if !errors.Is(err, match.ErrConfig) {
				t.Fatalf("Merge: %v does not wrap ErrConfig", err)
			}
			return
		}
		checkMerged(t, rep, p.Header.Games)
	})
}

// FuzzMerge: Merge of two parts read back never panics, and what it
// merges is a report that adds up.
func FuzzMerge(f *testing.F) {
	_, texts := fuzzSeeds(f)
	for _, a := range texts {
		for _, b := range texts {
			f.Add([]byte(a), []byte(b))
		}
	}
	f.Fuzz(func(t *testing.T, a, b []byte) {
		pa, err := match.ReadPart(bytes.NewReader(a))
		if err != nil {
			return
		}
		pb, err := match.ReadPart(bytes.NewReader(b))
		if err != nil {
			return
		}
		rep, err := match.Merge(pa, pb)
		if err != nil {
			if !errors.Is(err, match.ErrConfig) {
				t.Fatalf("Merge: %v does not wrap ErrConfig", err)
			}
			return
		}
		checkMerged(t, rep, pa.Header.Games)
	})
}

// FuzzResume: results read back and given to Part.Resume either are
// refused with ErrConfig, by Resume or by Config.Check, or are each in
// their place and valid.
func FuzzResume(f *testing.F) {
	c, texts := fuzzSeeds(f)
	for _, s := range texts {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		p, err := match.ReadPart(bytes.NewReader(b))
		if err != nil {
			return
		}
		again := c
		again.Shard = p.Header.Shard // resume any shard of the match
		if err := p.Resume(&again); err != nil {
			if !errors.Is(err, match.ErrConfig) {
				t.Fatalf("Resume: %v does not wrap ErrConfig", err)
			}
			return
		}
		if err := again.Check(); err != nil {
			if !errors.Is(err, match.ErrConfig) {
				t.Fatalf("Check: %v does not wrap ErrConfig", err)
			}
			return
		}
		list := again.Shard
		for j, r := range again.Played {
			want := j + 1
			if list.Count > 0 {
				want = list.Index + 1 + j*list.Count
			}
			if r.Game != want {
				t.Fatalf("result %d of shard %v is of game %d", j+1, list, r.Game)
			}
			if err := r.Check(again.Games); err != nil {
				t.Fatalf("resumed a bad result: %v", err)
			}
		}
	})
}
