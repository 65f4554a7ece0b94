// Package matchfiles writes the files of a match as its games end, the
// same for every tool that plays matches (tournament, uci match): the
// games' records (-records FILE) and their results (-results FILE, the
// part that a merge reads back), each written whole or not at all.
//
// # Resuming
//
// While a match runs, its results go to FILE.partial (Files.Partial),
// each game's line synced to disk as the game ends; the file is renamed
// to FILE when the match is over. A match stopped before (interrupted,
// killed, its machine gone) leaves FILE.partial with the games it
// finished, and Files.Resume lets the same match go on from them: the
// finished games are written again, records included, and only the rest
// are played. Resuming a match that ended reads FILE instead and plays
// nothing; resuming one never started starts it.
//
// The results file and FILE.partial must be regular files: a name that
// is a symbolic link, a named pipe or a device is refused (an error
// wrapping match.ErrNotRegular) before any game, never followed, read or
// written; FILE.partial is created with O_NOFOLLOW.
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
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

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

// Partial is the name of the results file while the match runs:
// f.Results + ".partial" ("" without a results file).
func (f Files) Partial() string {
	if f.Results == "" {
		return ""
	}
	return f.Results + ".partial"
}

// Write calls play with emit, which writes each result it is given (in
// game order) to the files, under header h. Each file replaces the file of
// its name only if play and every write succeed (see atomicfile); else
// the old file, if any, is kept. The results go to Partial first, each
// line synced as it is written, and Partial is renamed to Results at the
// end; when play or a write fails, Partial stays, for Resume. An error of
// a file is prefixed with its flag ("-records: ", "-results: "); an error
// of play is returned as is.
func (f Files) Write(h match.Header, play func(emit func(match.Result) error) error) error {
	return withFile("-records", f.Records, func(rw io.Writer) error {
		return withPartial(f.Results, f.Partial(), func(pw io.Writer) error {
			var recs *match.RecordWriter
			if rw != nil {
				recs = match.NewRecordWriter(rw, f.Records)
			}
			var parts *match.Writer
			if pw != nil {
				var err error
				if parts, err = match.NewWriter(pw, h); err == nil {
					err = parts.Flush()
				}
				if err != nil {
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
					err := parts.Write(r)
					if err == nil {
						err = parts.Flush() // the game's line reaches the disk now
					}
					if err != nil {
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

// syncWriter syncs its file after every write of a Writer's buffer; a
// match.Writer flushed after each result thus syncs each game's line.
type syncWriter struct{ f *os.File }

func (w syncWriter) Write(b []byte) (int, error) {
	n, err := w.f.Write(b)
	if err == nil {
		err = w.f.Sync()
	}
	return n, err
}

// withPartial calls fill with a writer of the file partial, which becomes
// name once fill succeeds, or with nil for the name "". Each Write reaches
// the disk before it returns. An error of the file itself is prefixed
// with "-results: "; when fill fails, partial stays. A name or partial
// that exists and is not a regular file (a symbolic link, a named pipe, a
// device) is refused before fill is called (match.ErrNotRegular); partial
// is created without following a link.
func withPartial(name, partial string, fill func(io.Writer) error) error {
	if name == "" {
		return fill(nil)
	}
	for _, n := range []string{name, partial} {
		if err := checkRegular(n); err != nil {
			return fmt.Errorf("-results: %w", err)
		}
	}
	pf, err := createNoFollow(partial, atomicfile.Mode)
	if err == nil {
		var fi os.FileInfo
		if fi, err = pf.Stat(); err == nil && !fi.Mode().IsRegular() {
			err = match.NotRegular(partial, fi.Mode())
		}
		if err != nil {
			pf.Close()
		}
	}
	if err != nil {
		return fmt.Errorf("-results: %w", err)
	}
	if err := fill(syncWriter{pf}); err != nil {
		pf.Close()
		return err
	}
	if err := pf.Close(); err != nil {
		return fmt.Errorf("-results: %w", err)
	}
	if err := os.Rename(partial, name); err != nil {
		return fmt.Errorf("-results: %w", err)
	}
	if d, derr := os.Open(filepath.Dir(name)); derr == nil {
		d.Sync()
		d.Close()
	}
	return nil
}

// checkRegular returns nil if name does not exist or is a regular file,
// else an error wrapping match.ErrNotRegular (a symbolic link is refused,
// not followed) or Lstat's error.
func checkRegular(name string) error {
	fi, err := os.Lstat(name)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return err
	case !fi.Mode().IsRegular():
		return match.NotRegular(name, fi.Mode())
	}
	return nil
}

// readPart reads the file name as match.Open opens it: a regular file,
// never through a symbolic link.
func readPart(name string) ([]byte, error) {
	f, err := match.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(f)
}

// Resume reads the results of an earlier run of the match c, from
// Partial (a run that stopped) or else from Results (a run that ended),
// and sets c.Played to them (match.Part.Resume), so that Write and
// match.Run go on where that run stopped; it returns the number of games
// already played. With neither file it returns 0: the match starts from
// its first game, so that a batch system can give -resume to every start.
// A last line cut short (the run died while writing it) is dropped: that
// game is played again. Results of another match, or that match.ReadPart
// refuses, are an error wrapping match.ErrConfig; a file that is a
// symbolic link, a named pipe or a device is refused with one wrapping
// match.ErrNotRegular, never read. Resume needs Results.
func (f Files) Resume(c *match.Config) (int, error) {
	if f.Results == "" {
		return 0, errors.New("-resume needs -results FILE")
	}
	name := f.Partial()
	b, err := readPart(name)
	if errors.Is(err, fs.ErrNotExist) {
		name = f.Results
		b, err = readPart(name)
	}
	if errors.Is(err, fs.ErrNotExist) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("-resume: %w", err)
	}
	b = b[:bytes.LastIndexByte(b, '\n')+1]
	p, err := match.ReadPart(bytes.NewReader(b))
	if err != nil {
		return 0, fmt.Errorf("-resume: %s: %w", name, err)
	}
	if err := p.Resume(c); err != nil {
		return 0, fmt.Errorf("-resume: %s: %w", name, err)
	}
	return len(p.Results), nil
}
