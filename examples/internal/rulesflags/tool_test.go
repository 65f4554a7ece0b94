package rulesflags_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/examples/internal/rulesflags"
	"github.com/sowing-games/sowing/examples/kalah/kalah"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/record"
)

// parseTool runs rulesflags.Parse on a flag set like a program's.
func parseTool(args ...string) (status int, ok bool, stdout, stderr string) {
	fs := flag.NewFlagSet("tool", flag.ContinueOnError)
	rulesflags.Register(fs)
	rulesflags.RandSeed(fs)
	rulesflags.Quiet(fs)
	fs.Duration("time", time.Second, "a `D`uration")
	fs.Int("depth", 0, "a number")
	fs.Uint64("count", 0, "a count")
	var out, errOut bytes.Buffer
	status, ok = rulesflags.Parse(fs, args, "tool [flags]", &out, &errOut)
	return status, ok, out.String(), errOut.String()
}

func TestParseHelp(t *testing.T) {
	for _, arg := range []string{"-h", "-help", "--help"} {
		status, ok, out, errOut := parseTool(arg)
		if status != 0 || ok || !strings.HasPrefix(out, "usage: tool [flags]\n") || errOut != "" {
			t.Errorf("%s: status %d ok %v stdout %.60q stderr %q; want 0, false, usage on stdout", arg, status, ok, out, errOut)
		}
		for _, name := range []string{"-game", "-seed", "-quiet", "-rules", "-time D", "-houses N", "-rounds N"} {
			if !strings.Contains(out, name) {
				t.Errorf("%s: usage does not list %s", arg, name)
			}
		}
		// The games come from the registry, each on a line of its own.
		for _, f := range mancala.Families() {
			if !strings.Contains(out, "\n  "+f.Name+" ") {
				t.Errorf("%s: usage does not list the game %s", arg, f.Name)
			}
		}
		// Then the default game's options in full.
		if !strings.Contains(out, "\nOptions of ") || !strings.Contains(out, "-game NAME -h") {
			t.Errorf("%s: usage does not tell the default game's options and how to see another's", arg)
		}
	}
	// -game NAME -h tells NAME's options.
	_, _, out, _ := parseTool("-game", "congkak", "-h")
	if !strings.Contains(out, "Options of Congkak (-game congkak)") || !strings.Contains(out, "opening=sequential") {
		t.Errorf("-game congkak -h: no options of Congkak in %.200q", out[max(0, len(out)-600):])
	}
}

func TestParseBadFlags(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string // in the message
	}{
		{[]string{"-time", "2"}, "want a duration with a unit, such as 2s"},
		{[]string{"-depth", "x"}, "want a whole number"},
		{[]string{"-depth", "99999999999999999999999"}, "too large"},
		{[]string{"-count", "-1"}, "0 or more"},
		{[]string{"-seed", "1.5"}, "want a whole number"},
		{[]string{"-quiet=maybe"}, "want true or false"},
		{[]string{"-nosuch"}, "flag provided but not defined: -nosuch"},
		{[]string{"-rand-seed", "1"}, "-rand-seed"}, // now -seed
		{[]string{"-depth"}, "flag needs an argument"},
		{[]string{"extra"}, `unexpected argument "extra"`},
		{[]string{"-" + strings.Repeat("é", 5000)}, "not defined"},
	} {
		status, ok, out, errOut := parseTool(tt.args...)
		if status != rulesflags.ExitUsage || ok || out != "" {
			t.Errorf("%.40q: status %d ok %v stdout %q; want %d, false, nothing", tt.args, status, ok, out, rulesflags.ExitUsage)
		}
		if !strings.HasPrefix(errOut, "tool: ") || !strings.Contains(errOut, tt.want) ||
			strings.Count(errOut, "\n") != 1 || !strings.HasSuffix(errOut, "\n") || len(errOut) > 400 {
			t.Errorf("%.40q: stderr %q; want one line of at most 400 bytes naming %q", tt.args, errOut, tt.want)
		}
	}
	if status, ok, _, errOut := parseTool("-time", "2s", "-quiet", "-seed", "-5"); status != 0 || !ok || errOut != "" {
		t.Errorf("good flags: status %d ok %v stderr %q", status, ok, errOut)
	}
}

func TestQuote(t *testing.T) {
	if got := rulesflags.Quote("abc"); got != `"abc"` {
		t.Errorf("Quote(abc) = %s", got)
	}
	long := strings.Repeat("é", 100)
	got := rulesflags.Quote(long)
	if len(got) > 80 || !strings.HasSuffix(got, `…"`) || strings.Contains(got, `\x`) {
		t.Errorf("Quote of 100 é = %s: want a short quote cut at a character boundary", got)
	}
	if got := rulesflags.Line(errors.New("a\nb  c")); got != "a b c" {
		t.Errorf("Line = %q, want %q", got, "a b c")
	}
}

// writeFile writes a file in a temporary directory and returns its path.
func writeFile(t *testing.T, name, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// abapaGame returns a short Abapa game and its record.
func abapaGame(t *testing.T) (*mancala.Game, *record.Record) {
	t.Helper()
	r, err := awale.New(awale.Abapa())
	if err != nil {
		t.Fatal(err)
	}
	g, err := mancala.NewGame(r)
	if err != nil {
		t.Fatal(err)
	}
	if err := g.PlayText("CfCb"); err != nil {
		t.Fatal(err)
	}
	// Built by hand: record.New is gaining an error result.
	return g, &record.Record{Tags: record.Tags{{Name: record.TagRules, Value: "awale abapa"}, {Name: "South", Value: "Ann"}}, Moves: g.Moves()}
}

func TestReadRecordsForms(t *testing.T) {
	g, rec := abapaGame(t)
	text := rec.String()
	js, err := json.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	// OGN as Aualé writes it (by hand: the writer is moving to package
	// awale/ogn).
	const ogn = "[Variant \"Oware Abapa\"]\n[Event \"?\"]\n[South \"Ann\"]\n[North \"?\"]\n[Result \"*\"]\n\n1. C f 2. C b *\n"
	for _, tt := range []struct {
		name, file, text string
		games            int
	}{
		{"record text", "game.txt", text, 1},
		{"two records", "games.txt", text + "\n" + text, 2},
		{"json object", "game.json", string(js), 1},
		{"json lines", "games.jsonl", string(js) + "\n" + string(js) + "\n", 2},
		{"json array", "games.json", "[" + string(js) + "," + string(js) + "]", 2},
		{"ogn", "game.ogn", ogn, 1},
		{"ogn by its tags", "game.txt", ogn, 1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			recs, err := rulesflags.ReadRecords(writeFile(t, tt.file, tt.text))
			if err != nil {
				t.Fatal(err)
			}
			if len(recs) != tt.games {
				t.Fatalf("%d games, want %d", len(recs), tt.games)
			}
			got, err := recs[len(recs)-1].Replay(rulesflags.Resolve)
			if err != nil {
				t.Fatal(err)
			}
			if got.Position() != g.Position() {
				t.Errorf("AW-1/replayed to %v, want %v", got.Position(), g.Position())
			}
		})
	}
}

func TestReadRecordsBadFiles(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.txt")
	if err := os.WriteFile(big, bytes.Repeat([]byte("A "), rulesflags.MaxRecordFile/2+1), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name, path, want string
		is               error
	}{
		{"missing", filepath.Join(dir, "nosuch.txt"), "no such file", os.ErrNotExist},
		{"directory", dir, "a directory", rulesflags.ErrRecordFile},
		{"device", os.DevNull, "not a regular file", rulesflags.ErrRecordFile},
		{"empty", writeFile(t, "empty.txt", ""), "no game", rulesflags.ErrRecordFile},
		{"too large", big, "larger than", rulesflags.ErrRecordFile},
		{"bad text", writeFile(t, "bad.txt", "[Rules \"awale\"\n"), "record: line 1", mancala.ErrSyntax},
		{"bad json", writeFile(t, "bad.json", `{"moves":["Z"]}`), "json value 1", nil},
		{"json junk", writeFile(t, "junk.json", `{"moves":[]} x`), "json value 2", nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := rulesflags.ReadRecords(tt.path)
			if err == nil {
				t.Fatal("no error")
			}
			msg := err.Error()
			if !strings.HasPrefix(msg, tt.path+": ") || !strings.Contains(msg, tt.want) || strings.Count(msg, tt.path) != 1 {
				t.Errorf("error %q: want the path once, then %q", msg, tt.want)
			}
			if tt.is != nil && !errors.Is(err, tt.is) {
				t.Errorf("error %q does not wrap %v", msg, tt.is)
			}
		})
	}
}

func TestResolve(t *testing.T) {
	k, err := kalah.New(kalah.Options{Houses: 4, Seeds: 3, Capture: kalah.CaptureStandard})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ rules, want string }{
		{"awale", "awale"},
		{"oware abapa", "awale abapa"},
		{"congkak opening=sequential", "congkak opening=sequential"},
		{k.String(), k.String()},
		{"kalah(6,4)", "kalah"}, // the older form of Kalah's names
		{"kalah(4,3) standard capture", "kalah capture=standard houses=4 seeds=3"},
		{"congkak rounds=1 opening=sequential", "congkak opening=sequential rounds=1"}, // another order
		{"kalah", "kalah"},
	} {
		r, err := rulesflags.Resolve(record.Tags{{Name: record.TagRules, Value: tt.rules}})
		if err != nil {
			t.Errorf("Resolve(%q): %v", tt.rules, err)
			continue
		}
		if got := r.(interface{ String() string }).String(); got != tt.want {
			t.Errorf("Resolve(%q) = %q, want %q", tt.rules, got, tt.want)
		}
	}
	for _, rules := range []string{"chess", "kalah(99,4)", "kalah(6,999)", "kalah houses=x", "awale houses=99", ""} {
		if _, err := rulesflags.Resolve(record.Tags{{Name: record.TagRules, Value: rules}}); !errors.Is(err, mancala.ErrUnsupported) {
			t.Errorf("Resolve(%q): error %v, want one wrapping mancala.ErrUnsupported", rules, err)
		}
	}
	if _, err := rulesflags.Resolve(nil); !errors.Is(err, mancala.ErrUnsupported) || !strings.Contains(err.Error(), "Rules tag") {
		t.Errorf("Resolve without tags: %v", err)
	}
	if r, err := rulesflags.Resolve(record.Tags{{Name: "Variant", Value: "Oware Abapa"}}); err != nil || r.(interface{ String() string }).String() != "awale abapa" {
		t.Errorf("AW-1/OGN variant: %v, %v; want awale abapa", r, err)
	}
}

// TestResolveHugeSeeds: awale.New overflowed on huge seed
// counts (issue 10.1); Resolve's own guard refuses the empty board it
// built, and the library's fix refuses the options themselves.
func TestResolveHugeSeeds(t *testing.T) {
	_, err := rulesflags.Resolve(record.Tags{{Name: record.TagRules, Value: "awale seeds=4611686018427387904"}})
	if !errors.Is(err, mancala.ErrUnsupported) {
		t.Errorf("AW-1/huge seeds: error %v, want one wrapping mancala.ErrUnsupported", err)
	}
}
