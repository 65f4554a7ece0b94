package match

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
)

// Shard is one part of a match split into Count shards, played apart (as
// separate processes, say) and merged by Merge into the report of the
// whole match. Shard Index (0 to Count-1) plays the games g with
// (g-1) mod Count = Index: shard 0 of 3 plays games 1, 4, 7, ..., shard 1
// games 2, 5, 8, ... The zero Shard (Count 0) is the whole match.
type Shard struct {
	Index, Count int
}

// String returns "i/K", or "" for the whole match.
func (s Shard) String() string {
	if s.Count == 0 {
		return ""
	}
	return fmt.Sprintf("%d/%d", s.Index, s.Count)
}

func (s Shard) check() error {
	if s == (Shard{}) {
		return nil
	}
	if s.Count < 1 || s.Count > MaxGames || s.Index < 0 || s.Index >= s.Count {
		return configErr("Shard", "want an index 0 to K-1 of K shards (K from 1), not %d of %d", s.Index, s.Count)
	}
	return nil
}

// gameList is the games of a shard: n of them, the jth at(j).
type gameList struct {
	first, step, n int
}

func (l gameList) at(j int) int { return l.first + j*l.step }

func (s Shard) games(total int) gameList {
	if s.Count == 0 {
		return gameList{1, 1, total}
	}
	n := 0
	if s.Index < total {
		n = (total-s.Index-1)/s.Count + 1
	}
	return gameList{s.Index + 1, s.Count, n}
}

// Environment variables that ParseShard reads for "auto/K": the index of
// a Kubernetes Indexed Job's pod, and of a SLURM job array's task.
const (
	EnvJobCompletionIndex = "JOB_COMPLETION_INDEX"
	EnvSLURMArrayTaskID   = "SLURM_ARRAY_TASK_ID"
)

// ParseShard reads a shard as the commands' -shard flag gives it: "i/K"
// with i from 0 to K-1, or "auto/K", whose index is that of
// JOB_COMPLETION_INDEX (a Kubernetes Indexed Job, from 0) or, when that is
// unset, of SLURM_ARRAY_TASK_ID (a SLURM job array, which must then be
// numbered from 0: --array=0-K-1), as getenv (such as os.Getenv) gives
// them. "" is the whole match. Errors wrap ErrConfig.
func ParseShard(s string, getenv func(string) string) (Shard, error) {
	if s == "" {
		return Shard{}, nil
	}
	bad := func(format string, args ...any) (Shard, error) {
		return Shard{}, fmt.Errorf("%s: %w", fmt.Sprintf(format, args...), ErrConfig)
	}
	is, ks, ok := strings.Cut(s, "/")
	k, err := strconv.Atoi(ks)
	if !ok || err != nil || k < 1 || k > MaxGames {
		return bad("shard %q: want i/K or auto/K with K from 1 to %d", s, MaxGames)
	}
	from := ""
	if is == "auto" {
		for _, name := range []string{EnvJobCompletionIndex, EnvSLURMArrayTaskID} {
			if v := getenv(name); v != "" {
				is, from = v, " (from $"+name+")"
				break
			}
		}
		if from == "" {
			return bad("shard %q: neither $%s nor $%s is set", s, EnvJobCompletionIndex, EnvSLURMArrayTaskID)
		}
	}
	i, err := strconv.Atoi(is)
	if err != nil || i < 0 || i >= k {
		return bad("shard %q: index %q%s: want 0 to %d", s, is, from, k-1)
	}
	return Shard{Index: i, Count: k}, nil
}

// Header describes the match a part of results comes from: Merge checks
// that its parts are shards of one match.
type Header struct {
	Games int    `json:"games"`
	Seed  uint64 `json:"seed"`
	Shard Shard  `json:"shard"`
	SPRT  *SPRT  `json:"sprt,omitempty"`
	// A, B and Rules name the players and the ruleset (fmt's %v).
	A     string `json:"a"`
	B     string `json:"b"`
	Rules string `json:"rules"`
	// MaxPlies, RandomPlies and Balanced are the Config's.
	MaxPlies    int       `json:"max_plies"`
	RandomPlies int       `json:"random_plies,omitempty"`
	Balanced    *Balanced `json:"balanced,omitempty"`
}

// sameMatch reports whether h and o describe the same match, their shards
// aside.
func (h Header) sameMatch(o Header) bool {
	return h.Games == o.Games && h.Seed == o.Seed && h.A == o.A && h.B == o.B && h.Rules == o.Rules &&
		(h.SPRT == nil) == (o.SPRT == nil) && (h.SPRT == nil || *h.SPRT == *o.SPRT) &&
		h.MaxPlies == o.MaxPlies && h.RandomPlies == o.RandomPlies &&
		(h.Balanced == nil) == (o.Balanced == nil) && (h.Balanced == nil || *h.Balanced == *o.Balanced)
}

// Header returns the header of c's results.
func (c *Config) Header() Header {
	return Header{Games: c.Games, Seed: c.Seed, Shard: c.Shard, SPRT: c.SPRT, A: c.A.Name, B: c.B.Name, Rules: fmt.Sprint(c.Rules),
		MaxPlies: c.maxPlies(), RandomPlies: c.RandomPlies, Balanced: c.Balanced}
}

// Writer writes a part of results as JSON lines: the Header on the first
// line, then one Result a line. Write results in game order, as Run's
// OnResult gives them; ReadPart reads them back.
type Writer struct {
	w *bufio.Writer
}

// NewWriter writes h on w and returns a Writer of results after it.
func NewWriter(w io.Writer, h Header) (*Writer, error) {
	pw := &Writer{w: bufio.NewWriter(w)}
	return pw, pw.line(struct {
		Match Header `json:"match"`
	}{h})
}

func (pw *Writer) line(v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	_, err = pw.w.Write(append(b, '\n'))
	return err
}

// Write writes one result.
func (pw *Writer) Write(r Result) error { return pw.line(r) }

// Flush writes what is buffered.
func (pw *Writer) Flush() error { return pw.w.Flush() }

// Part is the results of one shard (or one whole run) with their header.
type Part struct {
	Header  Header
	Results []Result
}

// ReadPart reads a part that a Writer wrote. A truncated last line (a
// shard that died while writing) is an error. The header and every result
// are checked (Header.Check, Result.Check against the header's games): a
// line that is not JSON of its kind, or that they refuse, is an error
// naming the line and wrapping ErrConfig. The results' order is not
// checked here: Merge and Config.Check do that.
func ReadPart(r io.Reader) (*Part, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 64<<20)
	var p Part
	line := 0
	for sc.Scan() {
		line++
		if line == 1 {
			var h struct {
				Match *Header `json:"match"`
			}
			if err := json.Unmarshal(sc.Bytes(), &h); err != nil || h.Match == nil {
				return nil, fmt.Errorf("line 1: not a match header: %w", ErrConfig)
			}
			if err := h.Match.Check(); err != nil {
				return nil, fmt.Errorf("line 1: header: %w", err)
			}
			p.Header = *h.Match
			continue
		}
		var res Result
		if err := json.Unmarshal(sc.Bytes(), &res); err != nil {
			return nil, fmt.Errorf("line %d: not a result: %v: %w", line, err, ErrConfig)
		}
		if err := res.Check(p.Header.Games); err != nil {
			return nil, fmt.Errorf("line %d: %w", line, err)
		}
		p.Results = append(p.Results, res)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if line == 0 {
		return nil, fmt.Errorf("empty: no match header: %w", ErrConfig)
	}
	return &p, nil
}

// Resume sets c.Played to p's results, so that Run goes on where the run
// that wrote p stopped: p must be a part of the match c is (the same
// header, shard included), else an error wrapping ErrConfig. Check (and
// so Run) refuses results out of their place, more than the run's games,
// or results that Result.Check refuses.
func (p *Part) Resume(c *Config) error {
	if err := p.Header.Check(); err != nil {
		return fmt.Errorf("resume: header: %w", err)
	}
	h := c.Header()
	if !p.Header.sameMatch(h) || p.Header.Shard != h.Shard {
		return fmt.Errorf("resume: the results are of another match (%s against %s, %d games, seed %d, shard %q): %w",
			p.Header.A, p.Header.B, p.Header.Games, p.Header.Seed, p.Header.Shard, ErrConfig)
	}
	c.Played = p.Results
	return nil
}

// Merge merges the parts of one match into the report a single run of
// it gives: every shard of the match exactly once (or one whole run), with
// all its games (a whole run that its SPRT stopped: those it played),
// else an error wrapping ErrConfig. The headers must agree
// but for the shard, and pass Header.Check; every result must pass
// Result.Check. With the header's SPRT, the merged match stops where
// a single run stops: after the first game at which the test decides (and
// a whole run with fewer games than the match must have stopped so, at
// its last game). A nil part is an error too, never a panic.
func Merge(parts ...*Part) (*Report, error) {
	if len(parts) == 0 {
		return nil, fmt.Errorf("no parts to merge: %w", ErrConfig)
	}
	bad := func(format string, args ...any) (*Report, error) {
		return nil, fmt.Errorf("merge: %s: %w", fmt.Sprintf(format, args...), ErrConfig)
	}
	for i, p := range parts {
		if p == nil {
			return bad("part %d is nil", i+1)
		}
		if err := p.Header.Check(); err != nil {
			return nil, fmt.Errorf("merge: part %d: header: %w", i+1, err)
		}
	}
	h0 := parts[0].Header
	count := max(h0.Shard.Count, 1)
	if len(parts) != count {
		return bad("%d parts of a match in %d shards", len(parts), count)
	}
	seen := make([]bool, count)
	var all []Result
	for _, p := range parts {
		h := p.Header
		if !h.sameMatch(h0) || h.Shard.Count != h0.Shard.Count {
			return bad("shard %s is of another match", h.Shard)
		}
		if seen[h.Shard.Index] {
			return bad("shard %s given twice", h.Shard)
		}
		seen[h.Shard.Index] = true
		list := h.Shard.games(h.Games)
		prefix := h.Shard.Count == 0 && h.SPRT != nil && len(p.Results) < list.n // a run its SPRT stopped
		if len(p.Results) != list.n && !prefix {
			return bad("shard %s has %d games, want %d", h.Shard, len(p.Results), list.n)
		}
		for j, r := range p.Results {
			if r.Game != list.at(j) {
				return bad("shard %s: game %d where game %d belongs", h.Shard, r.Game, list.at(j))
			}
			if err := r.Check(h.Games); err != nil {
				return nil, fmt.Errorf("merge: shard %s: %w", h.Shard, err)
			}
		}
		all = append(all, p.Results...)
	}
	sort.Slice(all, func(i, j int) bool { return all[i].Game < all[j].Game })
	rep := &Report{}
	decided := false
	for _, r := range all {
		if decided = rep.add(r, true, h0.SPRT); decided {
			break
		}
	}
	if len(all) < h0.Games && !decided {
		return bad("a whole run of %d games stopped after %d before its SPRT decided", h0.Games, len(all))
	}
	return rep, nil
}

// ReadParts reads the parts that Writers wrote to the named files, in
// order. Each file is opened with Open: a symbolic link, a named pipe or a
// device is refused (ErrNotRegular), never followed or read.
func ReadParts(names ...string) ([]*Part, error) {
	var parts []*Part
	for _, name := range names {
		f, err := Open(name)
		if err != nil {
			return nil, err
		}
		p, err := ReadPart(f)
		f.Close()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		parts = append(parts, p)
	}
	return parts, nil
}
