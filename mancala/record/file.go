package record

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/sowing-games/sowing/mancala/internal/atomicwrite"
	"github.com/sowing-games/sowing/mancala/internal/regfile"
)

// ErrNotRegular is wrapped by the errors of [ReadFile] and [WriteFile]
// for a name that exists and is not a regular file (a directory, a
// device, a named pipe).
var ErrNotRegular = errors.New("record: not a regular file")

// ErrNotRecord is wrapped by the error of [WriteFile] when the file it
// would replace holds something other than game records.
var ErrNotRecord = errors.New("record: the file holds no game record")

// ReadFile reads every record of the named file, in record text or JSON,
// as [Load] does. A name that is not a regular file is refused at once
// with an error wrapping [ErrNotRegular] (opening never blocks on a named
// pipe); other errors are those of the os package and of Load.
func ReadFile(name string) ([]*Record, error) {
	f, err := regfile.Open(name, ErrNotRegular)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return Load(f)
}

// WriteFile writes recs to the named file in record text (see [Write]),
// so that a failed write never destroys the file it was to replace: the
// text goes to a temporary file in the same directory, which is synced
// and renamed over the name; a file replaced keeps its permission bits,
// a new one is made with mode 0644.
//
// WriteFile replaces only a file that holds game records: before writing
// anything it reads the file that the name holds, if any, and refuses
// with an error wrapping [ErrNotRecord] when that file is not empty and
// [Load] does not read it whole as one record or more. Any record counts,
// of any game and any ruleset, since replacing an earlier save is what a
// save is for; what it protects is the file that was never a record (a
// text of notes, a program), which a mistyped name would destroy. A name
// that is not a regular file is refused with an error wrapping
// [ErrNotRegular]. Every error names the file.
func WriteFile(name string, recs ...*Record) error {
	if err := replaceable(name); err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := Write(&buf, recs...); err != nil {
		return err
	}
	return atomicwrite.File(name, ErrNotRegular, func(w io.Writer) error {
		_, err := w.Write(buf.Bytes())
		return err
	})
}

// replaceable returns nil if name does not exist, or is a regular file
// that is empty or holds game records.
func replaceable(name string) error {
	f, err := regfile.Open(name, ErrNotRegular)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return err
	}
	if st.Size() == 0 {
		return nil
	}
	recs, err := Load(f)
	switch {
	case err != nil:
		return fmt.Errorf("%s holds something else than game records (%s): not replaced: %w", name, cut(strings.TrimPrefix(err.Error(), "record: "), 120), ErrNotRecord)
	case len(recs) == 0:
		return fmt.Errorf("%s holds no game record: not replaced: %w", name, ErrNotRecord)
	}
	return nil
}
