package mancalatest

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/sowing-games/sowing/mancala"
)

func TestMain(m *testing.M) {
	flag.Parse()
	// The broken rulesets below fail on purpose: keep rapid from writing
	// fail files for them into testdata.
	if err := flag.Set("rapid.nofailfile", "true"); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	os.Exit(m.Run())
}

// violation is one property that check found broken.
type violation struct {
	property string
	message  string
}

// report is what check found.
type report struct {
	violations []violation
	notes      map[string]string // property -> its log line, if any
	skipped    []string          // properties that do not apply
}

func (r report) has(property string) bool {
	for _, v := range r.violations {
		if v.property == property {
			return true
		}
	}
	return false
}

func (r report) String() string {
	var sb strings.Builder
	for _, v := range r.violations {
		fmt.Fprintf(&sb, "--- %s: %s\n", v.property, v.message)
	}
	return sb.String()
}

// check is TestRuleset without a testing.T: it runs the same properties
// with a recording rapid.TB and returns what they found.
func check(r mancala.Ruleset, opts ...Option) report {
	k, problems := newKit(r, opts)
	rep := report{notes: map[string]string{}}
	for _, p := range problems {
		rep.violations = append(rep.violations, violation{"Starts", p})
	}
	for i := range properties {
		prop := &properties[i]
		if !k.cfg.selected(prop.name) {
			continue
		}
		if ok, _ := prop.applies(k); !ok {
			rep.skipped = append(rep.skipped, prop.name)
			continue
		}
		rec := &recorder{name: "check/" + prop.name}
		st := k.run(rec, prop)
		if rec.failed {
			msg := st.violation
			if msg == "" {
				msg = strings.Join(rec.errors, "\n")
			}
			rep.violations = append(rep.violations, violation{prop.name, msg})
		}
		if st.note != "" {
			rep.notes[prop.name] = st.note
		}
	}
	return rep
}

// recorder is a rapid.TB that records instead of failing a test.
type recorder struct {
	name   string
	failed bool
	errors []string
	logs   []string
}

func (r *recorder) Helper()                    {}
func (r *recorder) Name() string               { return r.name }
func (r *recorder) Logf(f string, args ...any) { r.logs = append(r.logs, fmt.Sprintf(f, args...)) }
func (r *recorder) Log(args ...any)            { r.logs = append(r.logs, fmt.Sprint(args...)) }
func (r *recorder) Skipf(f string, args ...any) {
	r.Logf(f, args...)
}
func (r *recorder) Skip(args ...any) { r.Log(args...) }
func (r *recorder) SkipNow()         {}
func (r *recorder) Errorf(f string, args ...any) {
	r.failed = true
	r.errors = append(r.errors, fmt.Sprintf(f, args...))
}
func (r *recorder) Error(args ...any)            { r.Errorf("%s", fmt.Sprint(args...)) }
func (r *recorder) Fatalf(f string, args ...any) { r.Errorf(f, args...) }
func (r *recorder) Fatal(args ...any)            { r.Error(args...) }
func (r *recorder) FailNow()                     { r.failed = true }
func (r *recorder) Fail()                        { r.failed = true }
func (r *recorder) Failed() bool                 { return r.failed }
