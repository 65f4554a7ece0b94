package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/record"
)

// recordFile writes the games' records to a temporary file beside the
// file named, and renames it to that name once all are written and
// synced, so that the file is whole or absent, never half written.
//
// It duplicates what package examples/internal/atomicfile (from the play
// program's work) does, which had not landed when this was written.
type recordFile struct {
	path string
	tmp  *os.File
	w    *bufio.Writer
	json bool
	n    int // records written
	done bool
}

// createRecords checks path and opens the temporary file: a directory, or
// a directory that does not exist, fails here, before any game is played.
func createRecords(path string) (*recordFile, error) {
	if st, err := os.Stat(path); err == nil && !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not a regular file", path)
	}
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	tmp, err := os.CreateTemp(dir, "."+base+".tmp*")
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, fmt.Errorf("%s: cannot create a file in %s: %w", path, dir, err)
	}
	ext := strings.ToLower(filepath.Ext(path))
	return &recordFile{path: path, tmp: tmp, w: bufio.NewWriter(tmp), json: ext == ".json" || ext == ".jsonl"}, nil
}

// write adds one record.
func (f *recordFile) write(rec *record.Record) error {
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

// commit flushes, syncs and closes the temporary file, and renames it to
// the path, mode 0644.
func (f *recordFile) commit() error {
	if f.done {
		return nil
	}
	f.done = true
	err := f.w.Flush()
	if err == nil {
		err = f.tmp.Sync()
	}
	if cerr := f.tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(f.tmp.Name(), 0o644)
	}
	if err == nil {
		err = os.Rename(f.tmp.Name(), f.path)
	}
	if err != nil {
		os.Remove(f.tmp.Name())
		return fmt.Errorf("-records %s: %w", f.path, err)
	}
	return nil
}

// abort removes the temporary file, unless commit ran.
func (f *recordFile) abort() {
	if f.done {
		return
	}
	f.done = true
	f.tmp.Close()
	os.Remove(f.tmp.Name())
}

// gameRecord is the record of game i of the match: the players' specs as
// South and North and its number as Round; a capped game has no result
// ("*") and a last comment that says it was capped.
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
	if capped {
		rec.Comments = map[int]string{len(rec.Moves): fmt.Sprintf("capped at %d moves, scored by the stores", c.maxPlies)}
	}
	return rec, nil
}
