package endgame

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/sowing-games/sowing/mancala/internal/atomicwrite"
	"github.com/sowing-games/sowing/mancala/internal/nilcheck"
)

// The file of one count, written by [Build]:
//
//	magic    8 bytes "SOWINGEG"
//	version  uint16  (fileVersion)
//	houses   uint16
//	count    uint16  the seeds of every configuration in the file
//	namelen  uint16
//	name     namelen bytes: the game and its rules (Game.Name)
//	entries  uint64  C(count+houses-1, houses-1)
//	values   entries signed bytes, in rank order
//	checksum uint32  CRC-32 (Castagnoli) of everything before it
//
// Integers are little-endian.
const (
	fileMagic   = "SOWINGEG"
	fileVersion = 1
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// ErrCorrupt is wrapped by the errors of [Load] and [Build] for a file that
// is not a complete endgame database file (damaged, truncated, not one at
// all).
var ErrCorrupt = errors.New("endgame: damaged database file")

// ErrMismatch is wrapped by [MismatchError].
var ErrMismatch = errors.New("endgame: database file of other rules")

// MismatchError reports a database file made for another game, other rules,
// another board, another count or another format version than asked for.
// It wraps [ErrMismatch]. The file is left as it is.
type MismatchError struct {
	Path  string // the file
	Field string // "format version", "game", "houses" or "count"
	Got   string // what the file says
	Want  string // what was asked for
}

func (e *MismatchError) Error() string {
	return fmt.Sprintf("endgame: %s is a database of %s %.60q, not %.60q", e.Path, e.Field, e.Got, e.Want)
}

// Unwrap returns [ErrMismatch].
func (e *MismatchError) Unwrap() error { return ErrMismatch }

// ErrNotRegular is wrapped by the errors of [Load] and [Build] when a
// database file's name is not a regular file (a named pipe, a directory,
// a device): it is refused at once, without waiting for a pipe's writer,
// and left as it is.
var ErrNotRegular = errors.New("endgame: not a regular file")

// errNoFile marks a count with no file yet.
var errNoFile = errors.New("endgame: no file")

// DirName returns the directory, under a databases directory, that holds
// the files of the game named name: the name with every character other
// than a-z, 0-9, '.', '=' and '-' turned into '-'.
func DirName(name string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '.', r == '=', r == '-':
			return r
		case r >= 'A' && r <= 'Z':
			return r - 'A' + 'a'
		}
		return '-'
	}, name)
}

// path returns the file of count k under dir.
func (d *DB) path(dir string, k int) string { return countPath(dir, d.name, k) }

// countPath returns the file of count k of the game named name under dir.
func countPath(dir, name string, k int) string { return fileOf(dir, name, k, "egdb") }

// fileOf returns the file of count k of the game named name under dir
// with the extension ext: in the game's directory (DirName), NN.ext.
func fileOf(dir, name string, k int, ext string) string {
	return filepath.Join(dir, DirName(name), fmt.Sprintf("%02d.%s", k, ext))
}

// header returns the bytes before the values of count k.
func (d *DB) header(k int) []byte {
	return fileHeader(fileMagic, fileVersion, d.h, k, d.name, d.rk.size[k])
}

// fileHeader returns the bytes before the values of a count file: the
// magic, the format version, the houses, the count, the game's name and
// the number of entries.
func fileHeader(magic string, version uint16, houses, k int, name string, entries uint64) []byte {
	h := []byte(magic)
	h = binary.LittleEndian.AppendUint16(h, version)
	h = binary.LittleEndian.AppendUint16(h, uint16(houses))
	h = binary.LittleEndian.AppendUint16(h, uint16(k))
	h = binary.LittleEndian.AppendUint16(h, uint16(len(name)))
	h = append(h, name...)
	return binary.LittleEndian.AppendUint64(h, entries)
}

// writeCount saves count k of d under dir: a temporary file in the same
// directory, written, synced and closed, then renamed (with the mode of the
// file it replaces, else 0644), so that the file never exists unfinished.
// A name that is not a regular file is refused ([ErrNotRegular]).
func writeCount(d *DB, dir string, k int) error {
	path := d.path(dir, k)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("endgame: %w", err)
	}
	if err := atomicwrite.File(path, ErrNotRegular, func(w io.Writer) error {
		return writeTable(w, d.header(k), d.tables[k], d.rk.size[k])
	}); errors.Is(err, ErrNotRegular) {
		return err
	} else if err != nil {
		return fmt.Errorf("endgame: writing %s: %w", path, err)
	}
	return nil
}

// writeTable writes header, the n entries of words and the checksum to w.
func writeTable(w io.Writer, header []byte, words []uint32, n uint64) error {
	crc := crc32.New(castagnoli)
	bw := bufio.NewWriterSize(io.MultiWriter(w, crc), 1<<16)
	bw.Write(header)
	var buf [1 << 12]byte
	for i := uint64(0); i < n; i += uint64(len(buf)) {
		m := min(uint64(len(buf)), n-i)
		for j := uint64(0); j < m; j++ {
			buf[j] = byte(words[(i+j)>>2] >> (8 * ((i + j) & 3)))
		}
		if _, err := bw.Write(buf[:m]); err != nil {
			return err
		}
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	_, err := w.Write(binary.LittleEndian.AppendUint32(nil, crc.Sum32()))
	return err
}

// Finished returns the counts 0, 1, ... whose files under dir exist, in a
// row from 0 (it does not read them through); 0 for a nil g.
func Finished(g Game, dir string) int {
	if nilcheck.Is(g) {
		return 0
	}
	n := 0
	for n <= MaxSeeds {
		if _, err := os.Stat(countPath(dir, g.Name(), n)); err != nil {
			break
		}
		n++
	}
	return n
}
