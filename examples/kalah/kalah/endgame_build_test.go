package kalah_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"testing"
	"time"

	"pgregory.net/rapid"

	"github.com/sowing-games/sowing/examples/kalah/kalah"
	"github.com/sowing-games/sowing/mancala"
)

// drawSmallOptions draws the options of a small packable Kalah with a
// database of up to 10 seeds (or 8 houses and 6 seeds).
func drawSmallOptions(t *rapid.T) kalah.Options {
	houses := rapid.SampledFrom([]int{1, 2, 3, 4, 5, 8}).Draw(t, "houses")
	seeds := rapid.IntRange(1, 3).Draw(t, "seeds")
	limit := 10
	if houses == 8 {
		limit = 6
	}
	k := rapid.IntRange(1, min(2*houses*seeds, limit)).Draw(t, "endgame seeds")
	c := kalah.Capture(rapid.IntRange(0, 1).Draw(t, "capture"))
	return kalah.Options{Houses: houses, Seeds: seeds, Capture: c, EndgameSeeds: k}
}

// TestBuildEndgameMatchesOnDemand: a database built at once by
// BuildEndgame, with one goroutine or several, answers every position as
// the database filled on demand does (which TestEndgameAgainstBruteForce
// holds to minimax, KA-2 to KA-6), through Endgame and PackedEndgame.
func TestBuildEndgameMatchesOnDemand(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		o := drawSmallOptions(t)
		built, lazy := mustNew(t, o), mustNew(t, o)
		if err := built.BuildEndgame(context.Background(), rapid.IntRange(0, 3).Draw(t, "workers")); err != nil {
			t.Fatal(err)
		}
		for _, p := range randomPositions(lazy, 300, rapid.Uint64().Draw(t, "seed")) {
			g1, ok1 := built.Endgame(p)
			g2, ok2 := lazy.Endgame(p)
			if g1 != g2 || ok1 != ok2 {
				t.Fatalf("%v: built %d, %v; on demand %d, %v", p, g1, ok1, g2, ok2)
			}
			x, packs := built.Pack(p)
			if !packs {
				continue
			}
			if g, ok := built.PackedEndgame(x); g != g2 || ok != ok2 {
				t.Fatalf("%v: built, packed %d, %v; on demand %d, %v", p, g, ok, g2, ok2)
			}
		}
	})
}

// TestBuildEndgameCancel: a build whose context ends, before it starts or
// while it works, returns the context's error (or nil, if it finished
// first) and leaves a database whose answers are still right.
func TestBuildEndgameCancel(t *testing.T) {
	o := kalah.Options{Houses: 5, Seeds: 3, EndgameSeeds: 12}
	ref := mustNew(t, o)
	ps := randomPositions(ref, 500, 3)
	for _, after := range []time.Duration{0, time.Millisecond, 10 * time.Millisecond} {
		r := mustNew(t, o)
		ctx, cancel := context.WithCancel(context.Background())
		if after == 0 {
			cancel()
		} else {
			time.AfterFunc(after, cancel)
		}
		err := r.BuildEndgame(ctx, 2)
		cancel()
		if err != nil && !errors.Is(err, context.Canceled) || after == 0 && err == nil {
			t.Fatalf("cancelled after %v: %v", after, err)
		}
		for _, p := range ps {
			g1, ok1 := r.Endgame(p)
			g2, ok2 := ref.Endgame(p)
			if g1 != g2 || ok1 != ok2 {
				t.Fatalf("cancelled after %v: %v: %d, %v; want %d, %v", after, p, g1, ok1, g2, ok2)
			}
		}
	}
}

// TestBuildEndgameWide: on boards of more than MaxPackedHouses houses a
// side BuildEndgame does nothing, and the database still answers (on
// demand).
func TestBuildEndgameWide(t *testing.T) {
	o := kalah.Options{Houses: kalah.MaxPackedHouses + 1, Seeds: 1, EndgameSeeds: 3}
	r, ref := mustNew(t, o), mustNew(t, o)
	if err := r.BuildEndgame(context.Background(), 2); err != nil {
		t.Fatal(err)
	}
	for _, p := range randomPositions(ref, 300, 5) {
		g1, ok1 := r.Endgame(p)
		g2, ok2 := ref.Endgame(p)
		if g1 != g2 || ok1 != ok2 {
			t.Fatalf("%v: %d, %v; want %d, %v", p, g1, ok1, g2, ok2)
		}
	}
}

// TestBuildEndgameConcurrent builds a database while other goroutines ask
// it (the race detector watches).
func TestBuildEndgameConcurrent(t *testing.T) {
	o := kalah.Options{Houses: 4, Seeds: 3, EndgameSeeds: 12}
	shared := mustNew(t, o)
	askConcurrently(t, shared, mustNew(t, o), 2, func() error { return shared.BuildEndgame(context.Background(), 2) })
}

// TestReadEndgameConcurrent loads a database while other goroutines ask
// it (the race detector watches).
func TestReadEndgameConcurrent(t *testing.T) {
	o := kalah.Options{Houses: 4, Seeds: 3, EndgameSeeds: 12}
	src, shared := mustNew(t, o), mustNew(t, o)
	if err := src.BuildEndgame(context.Background(), 2); err != nil {
		t.Fatal(err)
	}
	data := writeEndgame(t, src)
	askConcurrently(t, shared, mustNew(t, o), 2, func() error { return shared.ReadEndgame(bytes.NewReader(data)) })
}

// writeEndgame returns what WriteEndgame writes for r.
func writeEndgame(t tester, r *kalah.Rules) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := r.WriteEndgame(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestEndgameRoundTrip: what WriteEndgame writes, ReadEndgame reads back
// into a ruleset of the same options, whole databases and partial ones,
// keeping what the reader already knew; the reader then answers as the
// writer, and writes the same bytes.
func TestEndgameRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		o := drawSmallOptions(t)
		w, r := mustNew(t, o), mustNew(t, o)
		ps := randomPositions(w, 200, rapid.Uint64().Draw(t, "seed"))
		if rapid.Bool().Draw(t, "build") {
			if err := w.BuildEndgame(context.Background(), 1); err != nil {
				t.Fatal(err)
			}
		} else {
			for _, p := range ps[:rapid.IntRange(0, len(ps)).Draw(t, "asked")] {
				w.Endgame(p)
			}
		}
		for _, p := range ps[:rapid.IntRange(0, len(ps)).Draw(t, "reader asked")] {
			r.Endgame(p) // the reader knows some entries already
		}
		data := writeEndgame(t, w)
		rest := []byte("after")
		rd := bytes.NewReader(append(append([]byte(nil), data...), rest...))
		if err := r.ReadEndgame(rd); err != nil {
			t.Fatal(err)
		}
		if rd.Len() != len(rest) {
			t.Fatalf("ReadEndgame left %d bytes of the data after it, want %d", rd.Len(), len(rest))
		}
		for _, p := range ps {
			g1, ok1 := w.Endgame(p)
			g2, ok2 := r.Endgame(p)
			if g1 != g2 || ok1 != ok2 {
				t.Fatalf("%v: writer %d, %v; reader %d, %v", p, g1, ok1, g2, ok2)
			}
		}
		// Both have now asked every position of ps: the same entries.
		if !bytes.Equal(writeEndgame(t, w), writeEndgame(t, r)) {
			t.Fatal("the reader writes other bytes than the writer")
		}
	})
}

// TestReadEndgameRefuses: data that is not a database of the same rules,
// or is damaged, is refused with an error wrapping ErrEndgameData, and
// the database is unchanged.
func TestReadEndgameRefuses(t *testing.T) {
	o := kalah.Options{Houses: 3, Seeds: 2, EndgameSeeds: 8}
	src := mustNew(t, o)
	if err := src.BuildEndgame(context.Background(), 1); err != nil {
		t.Fatal(err)
	}
	good := writeEndgame(t, src)
	const header = 20
	entries := len(good) - header - 4
	// reseal recomputes the checksum of data's entries.
	reseal := func(data []byte) []byte {
		binary.LittleEndian.PutUint32(data[len(data)-4:], crc32.ChecksumIEEE(data[header:len(data)-4]))
		return data
	}
	change := func(f func(d []byte) []byte) []byte {
		return f(append([]byte(nil), good...))
	}
	other := func(o kalah.Options) []byte {
		r := mustNew(t, o)
		return writeEndgame(t, r)
	}
	for _, tt := range []struct {
		name string
		data []byte
	}{
		{"empty", nil},
		{"short header", good[:header-1]},
		{"magic", change(func(d []byte) []byte { d[0] = 'X'; return d })},
		{"version", change(func(d []byte) []byte { d[8] = 2; return d })},
		{"other houses", other(kalah.Options{Houses: 4, Seeds: 2, EndgameSeeds: 8})},
		{"other endgame seeds", other(kalah.Options{Houses: 3, Seeds: 2, EndgameSeeds: 7})},
		{"other capture", other(kalah.Options{Houses: 3, Seeds: 2, EndgameSeeds: 8, Capture: kalah.CaptureStandard})},
		{"entry count", change(func(d []byte) []byte { d[12]++; return d })},
		{"short entries", good[:header+entries/2]},
		{"no checksum", good[:len(good)-4]},
		{"short checksum", good[:len(good)-1]},
		{"checksum", change(func(d []byte) []byte { d[len(d)-1] ^= 1; return d })},
		{"entry out of range", change(func(d []byte) []byte { d[header+5] = 0x80 + 9; return reseal(d) })},
		{"entry below range", change(func(d []byte) []byte { d[header+5] = 0x80 - 9; return reseal(d) })},
		{"wrong values", change(func(d []byte) []byte {
			// Every non-zero value negated: in range, and resealed, but
			// the moves do not give them.
			for i := header; i < len(d)-4; i++ {
				if d[i] != 0 {
					d[i] = uint8(-int8(d[i]^0x80)) ^ 0x80
				}
			}
			return reseal(d)
		})},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := mustNew(t, o)
			p := randomPositions(r, 50, 9)
			for _, q := range p {
				r.Endgame(q)
			}
			before := writeEndgame(t, r)
			err := r.ReadEndgame(bytes.NewReader(tt.data))
			if !errors.Is(err, kalah.ErrEndgameData) {
				t.Fatalf("ReadEndgame: %v, want an error wrapping ErrEndgameData", err)
			}
			if !bytes.Equal(writeEndgame(t, r), before) {
				t.Fatal("the database changed")
			}
		})
	}
	noDB := mustNew(t, kalah.Options{Houses: 3, Seeds: 2, EndgameSeeds: -1})
	if err := noDB.ReadEndgame(bytes.NewReader(good)); err == nil {
		t.Error("ReadEndgame without a database: no error")
	}
	if err := noDB.WriteEndgame(&bytes.Buffer{}); err == nil {
		t.Error("WriteEndgame without a database: no error")
	}
}

// errReader fails after its data.
type errReader struct{ data []byte }

var errBroken = errors.New("broken")

func (e *errReader) Read(p []byte) (int, error) {
	if len(e.data) == 0 {
		return 0, errBroken
	}
	n := copy(p, e.data)
	e.data = e.data[n:]
	return n, nil
}

// TestReadEndgameReadError: a read error is returned as it is, not as bad
// data.
func TestReadEndgameReadError(t *testing.T) {
	o := kalah.Options{Houses: 3, Seeds: 2, EndgameSeeds: 8}
	good := writeEndgame(t, mustNew(t, o))
	err := mustNew(t, o).ReadEndgame(&errReader{good[:30]})
	if !errors.Is(err, errBroken) || errors.Is(err, kalah.ErrEndgameData) {
		t.Fatalf("ReadEndgame on a broken reader: %v", err)
	}
}

// FuzzReadEndgame: no input makes ReadEndgame panic; refused input leaves
// the database as it was, and accepted input is a database that
// WriteEndgame writes again byte for byte.
func FuzzReadEndgame(f *testing.F) {
	o := kalah.Options{Houses: 2, Seeds: 1, EndgameSeeds: 4}
	src := mustNew(f, o)
	partial := writeEndgame(f, src)
	if err := src.BuildEndgame(context.Background(), 1); err != nil {
		f.Fatal(err)
	}
	full := writeEndgame(f, src)
	f.Add(full)
	f.Add(partial)
	f.Add(full[:len(full)-3])
	f.Add([]byte("SOWKALAH"))
	f.Fuzz(func(t *testing.T, data []byte) {
		r := mustNew(t, o)
		r.Endgame(mancala.Position{}) // a question with no answer: nothing changes
		before := writeEndgame(t, r)
		err := r.ReadEndgame(bytes.NewReader(data))
		after := writeEndgame(t, r)
		if err != nil {
			if !bytes.Equal(after, before) {
				t.Fatalf("refused (%v), but the database changed", err)
			}
			return
		}
		if len(data) < len(after) || !bytes.Equal(data[:len(after)], after) {
			t.Fatalf("accepted %x, writes %x", data, after)
		}
	})
}
