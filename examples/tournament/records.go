package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/record"
)

// recordWriter writes the games' records, one after the other: record
// text, or JSON lines (one record a line) if json is set.
type recordWriter struct {
	w    *bufio.Writer
	json bool
	n    int // records written
}

// newRecordWriter returns a recordWriter on w for the file named path:
// JSON lines if its name ends in .json or .jsonl, else record text.
func newRecordWriter(w io.Writer, path string) *recordWriter {
	ext := strings.ToLower(filepath.Ext(path))
	return &recordWriter{w: bufio.NewWriter(w), json: ext == ".json" || ext == ".jsonl"}
}

// write adds one record. A nil record, that of a game lost by an
// external engine's failure (see uci.Forfeits), is left out: the match's
// game line says what happened.
func (f *recordWriter) write(rec *record.Record) error {
	if rec == nil {
		return nil
	}
	if f.json {
		b, err := json.Marshal(rec)
		if err != nil {
			return err
		}
		b = append(b, '\n')
		_, err = f.w.Write(b)
		f.n++
		return err
	}
	if f.n > 0 {
		if err := f.w.WriteByte('\n'); err != nil {
			return err
		}
	}
	f.n++
	return record.Write(f.w, rec)
}

// flush writes what is buffered.
func (f *recordWriter) flush() error { return f.w.Flush() }

// gameRecord is the record of game i of the match: the players' specs as
// South and North and its number as Round; with -random-plies, a comment
// after the opening's random moves says that they end there. A capped game is adjudicated
// (record.Adjudicated: its result, from the stores, was decided outside
// the rules), with a last comment that says so.
func gameRecord(g *mancala.Game, c *config, i int, specs [2]string, capped bool) (*record.Record, error) {
	rec, err := record.New(g,
		record.Tag{Name: "Event", Value: "tournament"},
		record.Tag{Name: "Round", Value: strconv.Itoa(i + 1)},
		record.Tag{Name: "South", Value: specs[mancala.South]},
		record.Tag{Name: "North", Value: specs[mancala.North]},
	)
	if err != nil {
		return nil, err
	}
	if n := min(c.randomPlies, len(rec.Moves)); n > 0 {
		rec.Comments = map[int]string{n: fmt.Sprintf("the %d random moves of the opening end here", n)}
	}
	if capped {
		b := g.Position().Board
		switch s, n := b.Store(mancala.South), b.Store(mancala.North); {
		case s > n:
			rec.Result = mancala.SouthWins
		case s < n:
			rec.Result = mancala.NorthWins
		default:
			rec.Result = mancala.Draw
		}
		rec.Ending = record.Adjudicated
		if rec.Comments == nil {
			rec.Comments = map[int]string{}
		}
		note := fmt.Sprintf("capped at %d moves, scored by the stores", c.maxPlies)
		if old, ok := rec.Comments[len(rec.Moves)]; ok {
			note = old + "; " + note
		}
		rec.Comments[len(rec.Moves)] = note
	}
	return rec, nil
}
