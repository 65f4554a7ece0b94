package rulesflags

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/sowing-games/sowing/awale/ogn"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/record"
	"github.com/sowing-games/sowing/mancala/rulesflag"
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

// paperName matches a ruleset name in the notation "FAMILY(HOUSES,SEEDS)"
// followed by "VALUE KEY" words, such as "kalah(6,4) standard capture",
// which Kalah's rulesets wrote before they took names of KEY=VALUE words.
var paperName = regexp.MustCompile(`^(\w+)\((\d{1,3}),(\d{1,3})\)((?: \w+ \w+)*)$`)

// Resolve is the [record.Resolver] of the example programs: it builds the
// ruleset that a record's Rules tag names, as the rulesets' String methods
// write them ("awale abapa", "congkak opening=sequential rounds=1",
// "kalah houses=4 seeds=3"), through the core's registry
// ([mancala.NewRuleset]); a name of the right options in another form
// (another order of its words, a word that says a default) is read as
// the name the family gives for it. "oware" is read as "awale", and the
// older "FAMILY(HOUSES,SEEDS) VALUE KEY" form ("kalah(6,4) standard
// capture") as "FAMILY houses=HOUSES seeds=SEEDS KEY=VALUE". A record
// without a Rules tag whose Variant tag is "Oware Abapa" (an OGN file of
// Aualé) is Awalé under the Abapa rules. Errors wrap
// [mancala.ErrUnsupported].
func Resolve(tags record.Tags) (mancala.Ruleset, error) {
	name, ok := tags.Lookup(record.TagRules)
	if !ok {
		if v, ok := tags.Lookup("Variant"); ok && strings.EqualFold(strings.TrimSpace(v), "Oware Abapa") {
			return mancala.NewRuleset("awale abapa")
		}
		return nil, fmt.Errorf("the record has no Rules tag to say its game: %w", mancala.ErrUnsupported)
	}
	if m := paperName.FindStringSubmatch(name); m != nil {
		words := []string{m[1], "houses=" + m[2], "seeds=" + m[3]}
		rest := strings.Fields(m[4])
		for i := 0; i+1 < len(rest); i += 2 {
			words = append(words, rest[i+1]+"="+rest[i])
		}
		name = strings.Join(words, " ")
	}
	family, rest, _ := strings.Cut(name, " ")
	if family == "oware" { // the awale family's name in older records
		family, name = "awale", strings.TrimSpace("awale "+rest)
	}
	if _, ok := mancala.LookupFamily(family); !ok {
		return nil, fmt.Errorf("rules %s: unknown game (want %s): %w", Quote(name), strings.Join(mancala.RulesetFamilies(), ", "), mancala.ErrUnsupported)
	}
	r, err := rulesflag.Resolve(family, name, nil)
	if err != nil {
		var e *rulesflag.Error
		if errors.As(err, &e) {
			err = e.Err
		}
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
