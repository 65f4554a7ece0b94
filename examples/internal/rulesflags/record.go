package rulesflags

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/awale/ogn"
	"github.com/sowing-games/sowing/congkak"
	"github.com/sowing-games/sowing/examples/kalah/kalah"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/record"
)

// MaxRecordFile is the largest record file [ReadRecords] reads, in bytes.
const MaxRecordFile = 16 << 20

// ErrRecordFile is wrapped by the errors of [ReadRecords] that concern the
// file rather than its text: not a regular file, too large, no game in it.
var ErrRecordFile = errors.New("not a record file")

// ReadRecords reads the games of the record file at path, in any of the
// forms that the play program saves and the module's record package
// reads:
//
//   - record text ([record.Read]), such as play's save files;
//   - JSON ([record.Record.UnmarshalJSON]): one record, an array of
//     records, or one record per line;
//   - OGN, Aualé's files: a name ending in .ogn, or a Variant tag and no
//     Rules tag.
//
// It refuses a directory or a device, a file larger than [MaxRecordFile]
// and a file without a game, with errors wrapping [ErrRecordFile]; errors
// of the text are the record package's *record.Error values, with line
// and column. Every message starts with the path.
func ReadRecords(path string) ([]*record.Record, error) {
	fail := func(err error) ([]*record.Record, error) {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	pathErr := func(err error) ([]*record.Record, error) {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err // the path is said once
		}
		return fail(err)
	}
	// Stat before Open: opening a named pipe would wait for a writer.
	st, err := os.Stat(path)
	if err != nil {
		return pathErr(err)
	}
	if !st.Mode().IsRegular() {
		what := "not a regular file"
		if st.IsDir() {
			what = "a directory"
		}
		return fail(fmt.Errorf("%s: %w", what, ErrRecordFile))
	}
	f, err := os.Open(path)
	if err != nil {
		return pathErr(err)
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, MaxRecordFile+1))
	if err != nil {
		return fail(err)
	}
	if len(b) > MaxRecordFile {
		return fail(fmt.Errorf("larger than %d MiB: %w", MaxRecordFile>>20, ErrRecordFile))
	}
	var recs []*record.Record
	if strings.EqualFold(filepath.Ext(path), ".ogn") || isOGN(b) {
		var rec *record.Record
		if rec, err = ogn.Read(bytes.NewReader(b)); err == nil {
			recs = []*record.Record{rec}
		}
	} else {
		recs, err = record.Load(bytes.NewReader(b)) // record text or JSON
	}
	if err != nil {
		return fail(err)
	}
	if len(recs) == 0 {
		return fail(fmt.Errorf("no game in the file: %w", ErrRecordFile))
	}
	return recs, nil
}

var (
	variantTag = regexp.MustCompile(`(?m)^\s*\[Variant\s`)
	rulesTag   = regexp.MustCompile(`(?m)^\s*\[Rules\s`)
)

// isOGN reports whether a record text looks like OGN: a Variant tag and
// no Rules tag.
func isOGN(b []byte) bool { return variantTag.Match(b) && !rulesTag.Match(b) }

// kalahName matches the names of kalah.Rules.String: "kalah(6,4)", with
// " standard capture" for that option.
var kalahName = regexp.MustCompile(`^kalah\((\d{1,3}),(\d{1,3})\)( standard capture)?$`)

// Resolve is the [record.Resolver] of the example programs: it builds the
// ruleset that a record's Rules tag names, as the rulesets' String methods
// write them ("awale abapa", "congkak opening=sequential rounds=1",
// "kalah(6,4)"), through the core's registry ([mancala.NewRuleset]) or,
// for the module's games, directly; "oware" is read as "awale". A record without a Rules tag
// whose Variant tag is "Oware Abapa" (an OGN file of Aualé) is Awalé under
// the Abapa rules. Errors wrap [mancala.ErrUnsupported].
func Resolve(tags record.Tags) (mancala.Ruleset, error) {
	name, ok := tags.Lookup(record.TagRules)
	if !ok {
		if v, ok := tags.Lookup("Variant"); ok && strings.EqualFold(strings.TrimSpace(v), "Oware Abapa") {
			return awale.New(awale.Abapa())
		}
		return nil, fmt.Errorf("the record has no Rules tag to say its game: %w", mancala.ErrUnsupported)
	}
	family, _, _ := strings.Cut(name, " ")
	if family == Oware {
		name = Awale + name[len(Oware):]
		family = Awale
	}
	if r, err := mancala.NewRuleset(name); err == nil {
		return checkBoard(name, r)
	}
	var r mancala.Ruleset
	var err error
	switch {
	case family == Awale:
		var o awale.Options
		if o, err = awale.ParseName(name); err == nil {
			r, err = awale.New(o)
		}
	case family == Congkak:
		var o congkak.Options
		if o, err = congkak.ParseName(name); err == nil {
			r, err = congkak.New(o)
		}
	case strings.HasPrefix(name, Kalah):
		m := kalahName.FindStringSubmatch(name)
		if m == nil {
			return nil, fmt.Errorf("rules %s: want kalah(houses,seeds), with \" standard capture\" for that rule: %w", Quote(name), mancala.ErrUnsupported)
		}
		o := kalah.Options{}
		o.Houses, _ = strconv.Atoi(m[1])
		o.Seeds, _ = strconv.Atoi(m[2])
		if o.Houses < 1 || o.Houses > mancala.MaxHouses || o.Seeds < 1 || o.Seeds > mancala.MaxSeeds {
			return nil, fmt.Errorf("rules %s: board out of range: %w", Quote(name), mancala.ErrUnsupported)
		}
		if m[3] != "" {
			o.Capture = kalah.CaptureStandard
		}
		r, err = kalah.New(o)
	default:
		return nil, fmt.Errorf("rules %s: unknown game (want %s): %w", Quote(name), gameNames, mancala.ErrUnsupported)
	}
	if err != nil {
		return nil, err
	}
	return checkBoard(name, r)
}

// checkBoard guards against constructors that overflow on huge options
// and build a board without houses (issue 10.1).
func checkBoard(name string, r mancala.Ruleset) (mancala.Ruleset, error) {
	if r.Start().Board.Houses() < 1 {
		return nil, fmt.Errorf("rules %s: the board has no houses: %w", Quote(name), mancala.ErrUnsupported)
	}
	return r, nil
}
