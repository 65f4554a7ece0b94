// Package matchfiles writes the files of a match as its games end, the
// same for every tool that plays matches (tournament, uci match): the
// games' records (-records FILE) and their results (-results FILE, the
// part that a merge reads back), each written whole or not at all.
//
// # Formats
//
// The records file holds each game's record in game order, as
// match.RecordWriter writes them: record text, a blank line between two
// records, or JSON lines if the name ends in .json or .jsonl; a game
// forfeited before its first move has no record. The results file is a
// match.Writer's: the match.Header as a JSON line, then one JSON line a
// game (match.Result), which match.ReadPart reads.
//
// # Concurrency
//
// A Files value is safe for concurrent use; each call of Write is for
// one goroutine.
package matchfiles

import (
	"fmt"
	"io"

	"github.com/sowing-games/sowing/examples/internal/atomicfile"
	"github.com/sowing-games/sowing/mancala/match"
)

// Files names the files of a match; "" writes none.
type Files struct {
	// Records is the records file (-records FILE). A match that writes
	// one needs match.Config.Records.
	Records string
	// Results is the results file (-results FILE), for a merge.
	Results string
}

// Any reports whether f names a file: the match must then keep the games'
// records (match.Config.Records).
func (f Files) Any() bool { return f.Records != "" || f.Results != "" }

// Write calls play with emit, which writes each result it is given (in
// game order) to the files, under header h. Each file replaces the file of
// its name only if play and every write succeed (see atomicfile); else
// the old file, if any, is kept. An error of a file is prefixed with its
// flag ("-records: ", "-results: "); an error of play is returned as is.
func (f Files) Write(h match.Header, play func(emit func(match.Result) error) error) error {
	return withFile("-records", f.Records, func(rw io.Writer) error {
		return withFile("-results", f.Results, func(pw io.Writer) error {
			var recs *match.RecordWriter
			if rw != nil {
				recs = match.NewRecordWriter(rw, f.Records)
			}
			var parts *match.Writer
			if pw != nil {
				var err error
				if parts, err = match.NewWriter(pw, h); err != nil {
					return fmt.Errorf("-results: %w", err)
				}
			}
			err := play(func(r match.Result) error {
				if recs != nil {
					if err := recs.Write(r.Record); err != nil {
						return fmt.Errorf("-records: %w", err)
					}
				}
				if parts != nil {
					if err := parts.Write(r); err != nil {
						return fmt.Errorf("-results: %w", err)
					}
				}
				return nil
			})
			if err == nil && recs != nil {
				if err = recs.Flush(); err != nil {
					err = fmt.Errorf("-records: %w", err)
				}
			}
			if err == nil && parts != nil {
				if err = parts.Flush(); err != nil {
					err = fmt.Errorf("-results: %w", err)
				}
			}
			return err
		})
	})
}

// withFile calls fill with a file that replaces name once fill succeeds
// (see atomicfile), or with nil for the name "". An error of the file
// itself is prefixed with flag.
func withFile(flag, name string, fill func(io.Writer) error) error {
	if name == "" {
		return fill(nil)
	}
	var fillErr error
	err := atomicfile.Write(name, func(w io.Writer) error { fillErr = fill(w); return fillErr })
	if err != nil && err != fillErr {
		err = fmt.Errorf("%s: %w", flag, err)
	}
	return err
}
