package record_test

import (
	"bytes"
	"runtime"
	"strings"
	"testing"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/record"
)

// openSpielText returns the OpenSpiel game as a record, and its text.
func openSpielText(b *testing.B) (*record.Record, string) {
	b.Helper()
	rec := openSpielRecord(b, loadOpenSpiel(b))
	return rec, rec.String()
}

func BenchmarkWrite(b *testing.B) {
	rec, text := openSpielText(b)
	var buf bytes.Buffer
	b.ReportAllocs()
	b.SetBytes(int64(len(text)))
	b.ResetTimer()
	for range b.N {
		buf.Reset()
		if err := record.Write(&buf, rec); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkRead(b *testing.B) {
	_, text := openSpielText(b)
	b.ReportAllocs()
	b.SetBytes(int64(len(text)))
	b.ResetTimer()
	for range b.N {
		if _, err := record.Read(strings.NewReader(text)); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkReplay(b *testing.B) {
	rec, _ := openSpielText(b)
	rules, err := gameResolver(rec.Tags)
	if err != nil {
		b.Fatal(err)
	}
	resolve := record.Fixed(rules) // building an Awalé ruleset costs more than a replay
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		if _, err := rec.Replay(resolve); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(rec.Moves)), "ns/move")
}

// movesText returns record text of about n bytes: numbered moves on lines
// of 79 columns, as Write writes them (the moves need not be legal).
func movesText(n int) string {
	rec := &record.Record{}
	for i := 0; len(rec.Moves)*3 < n; i++ {
		rec.Moves = append(rec.Moves, mancala.Single(mancala.Player(i%2), i%6))
	}
	return rec.String()
}

// BenchmarkReadLarge reads a record of 4 MiB of moves and reports the
// bytes allocated per byte of input (alloc-B/in) and the bytes that the
// records read hold per byte of input (live-B/in).
func BenchmarkReadLarge(b *testing.B) {
	text := movesText(4 << 20)
	rd := func() []*record.Record {
		rd := record.NewReader(strings.NewReader(text))
		rd.SetLimits(record.Limits{Bytes: 1 << 30, Moves: 1 << 30})
		recs, err := rd.ReadAll()
		if err != nil || len(recs) != 1 {
			b.Fatal(recs, err)
		}
		return recs
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	recs := rd()
	runtime.GC()
	runtime.ReadMemStats(&after)
	runtime.KeepAlive(recs)
	live := float64(after.HeapAlloc) - float64(before.HeapAlloc)
	recs = nil
	b.ReportAllocs()
	b.SetBytes(int64(len(text)))
	b.ResetTimer()
	runtime.ReadMemStats(&before)
	for range b.N {
		rd()
	}
	runtime.ReadMemStats(&after)
	b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/float64(b.N)/float64(len(text)), "alloc-B/in")
	b.ReportMetric(live/float64(len(text)), "live-B/in")
}
