package record_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/sowing-games/sowing/mancala/record"
)

// openSpielRecord returns the OpenSpiel game as a record, and its text.
func openSpielRecord(b *testing.B) (*record.Record, string) {
	b.Helper()
	v := loadOpenSpiel(b)
	rec, err := record.ReadOGN(strings.NewReader(aualeText(v)))
	if err != nil {
		b.Fatal(err)
	}
	g, err := rec.Replay(gameResolver)
	if err != nil {
		b.Fatal(err)
	}
	rec = record.New(g)
	return rec, rec.String()
}

func BenchmarkWrite(b *testing.B) {
	rec, text := openSpielRecord(b)
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
	_, text := openSpielRecord(b)
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
	rec, _ := openSpielRecord(b)
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
