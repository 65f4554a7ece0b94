package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sowing-games/sowing/examples/internal/rulesflags"
	"github.com/sowing-games/sowing/mancala/play"
)

// noCrash fails if out shows a panic or a runtime error.
func noCrash(t *testing.T, what, out string) {
	t.Helper()
	for _, bad := range []string{"goroutine ", "panic:", "runtime error", ".go:"} {
		if strings.Contains(out, bad) {
			t.Errorf("%s: %q in the output:\n%s", what, bad, out)
		}
	}
}

// Hostile flags and input: each gives one clear line on stderr and a
// non-zero exit, never a stack trace; -h gives the usage and exit 0.
func TestHostileArguments(t *testing.T) {
	for _, tt := range []struct {
		name  string
		args  []string
		input string
		code  int
		want  string // in the one line on stderr
	}{
		{"unknown flag", []string{"-frobnicate"}, "", 2, "flag provided but not defined: -frobnicate"},
		{"huge houses", []string{"-houses", "99999999999999999999"}, "", 2, "-houses"},
		{"negative houses", []string{"-houses", "-1"}, "", 2, "-houses"},
		{"too many houses", []string{"-houses", "13"}, "", 2, "houses"},
		{"AW-1 seed overflow", []string{"-seeds", "4611686018427387904"}, "", 2, "seeds"},
		{"CK-1 seed overflow", []string{"-game", "congkak", "-seeds", "4611686018427387904"}, "", 2, "seeds"},
		{"negative rounds", []string{"-game", "congkak", "-rounds", "-5"}, "", 2, "-rounds"},
		{"old seed flag", []string{"-rand-seed", "1"}, "", 2, "-rand-seed"}, // now -seed
		{"huge seed", []string{"-seed", "99999999999999999999"}, "", 2, "-seed"},
		{"long number", []string{"-seeds", strings.Repeat("9", 5000)}, "", 2, "-seeds: the number is too large"},
		{"huge depth", []string{"-ai", "alphabeta:depth=99999999999999999999"}, "", 2, "-ai"},
		{"huge table", []string{"-ai", "alphabeta:table=99999999999999"}, "", 2, "-ai"},
		{"spec with a line break inside", []string{"-ai", "alpha\nbeta"}, "", 2, "-ai"},
		{"both verbosities", []string{"-verbose", "-quiet"}, "", 2, "-verbose and -quiet"},
		{"long argument", []string{strings.Repeat("x", 5000)}, "", 2, "unexpected argument"},
		{"long value", []string{"-human", strings.Repeat("y", 5000)}, "", 2, "-human"},
		{"input line over 1 MiB", []string{"-ai", "greedy"}, "C\n" + strings.Repeat("z", play.MaxLine+1) + "\n", 1, "an input line is longer than"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runPlay(t, tt.input, tt.args...)
			noCrash(t, tt.name, out+errOut)
			if code != tt.code {
				t.Errorf("exit %d, want %d", code, tt.code)
			}
			if strings.Count(errOut, "\n") != 1 || !strings.HasPrefix(errOut, "play: ") || !strings.Contains(errOut, tt.want) {
				t.Errorf("stderr %q: want one line with %q", errOut, tt.want)
			}
			if len(errOut) > 400 {
				t.Errorf("stderr of %d bytes: the input is not capped", len(errOut))
			}
		})
	}
	if full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0); err == nil {
		var errOut bytes.Buffer
		code := run([]string{"-human", "none", "-ai", "random"}, strings.NewReader(""), full, &errOut)
		full.Close()
		if e := errOut.String(); code != 1 || strings.Count(e, "\n") != 1 || !strings.Contains(e, "no space left on device") {
			t.Errorf("output to /dev/full: exit %d, stderr %q", code, e)
		}
	}
	code, out, errOut := runPlay(t, "", "-h")
	if code != 0 || errOut != "" || !strings.HasPrefix(out, "usage: play ") || !strings.Contains(out, "-verbose") {
		t.Errorf("-h: exit %d, stderr %q, stdout %q", code, errOut, out)
	}
}

// Bad files for load and special paths for save: one line saying why,
// the game goes on, and nothing is destroyed.
func TestHostileFiles(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		f := filepath.Join(dir, name)
		if err := os.WriteFile(f, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return f
	}
	big := write("big.txt", bytes.Repeat([]byte("1. A a "), rulesflags.MaxRecordFile/7+1))
	garbage := write("garbage.bin", []byte("\x00\xff\xfe[[[\n\x1b[31m"))
	empty := write("empty.txt", nil)
	overflow := write("overflow.txt", []byte("[Rules \"awale seeds=4611686018427387904\"]\n\n*\n"))
	jsonl := write("game.jsonl", []byte(`{"rules":"awale","moves":["C"]}`+"\n"))
	long := strings.Repeat("n", 5000)
	type fileCase struct {
		cmd, name, want string
	}
	cases := []fileCase{
		{"load", dir, "not a record file"},
		{"load", big, "larger than"},
		{"load", garbage, "record: "},
		{"load", empty, "no game in the file"},
		{"load", overflow, "seeds"},
		{"load", jsonl, "record: "},
		{"load", filepath.Join(dir, "missing"), "no such file"},
		{"load", long, "too long"},
		{"save", dir, "not a regular file"},
		{"save", filepath.Join(dir, "missing", "g.txt"), "no such file"},
		{"save", long, "too long"},
	}
	for _, dev := range []string{"/dev/full", "/dev/zero", os.DevNull} {
		if fi, err := os.Stat(dev); err == nil && fi.Mode()&os.ModeDevice != 0 {
			cases = append(cases, fileCase{"load", dev, "not a record file"}, fileCase{"save", dev, "not a regular file"})
		}
	}
	for _, tt := range cases {
		t.Run(tt.cmd+" "+filepath.Base(tt.name[:min(len(tt.name), 60)]), func(t *testing.T) {
			code, out, errOut := runPlay(t, tt.cmd+" "+tt.name+"\nC\n", "-ai", "greedy")
			noCrash(t, tt.name, out+errOut)
			if code != 0 || errOut != "" {
				t.Errorf("exit %d, stderr %q", code, errOut)
			}
			var lines []string
			for _, l := range strings.Split(out, "\n") {
				if strings.HasPrefix(l, tt.cmd+": ") || strings.Contains(l, "> "+tt.cmd+": ") || strings.Contains(l, tt.cmd+" \"") {
					lines = append(lines, l)
				}
			}
			if len(lines) != 1 || !strings.Contains(lines[0], tt.want) || len(lines[0]) > 400 {
				t.Errorf("want one line with %q, got %q", tt.want, lines)
			}
			if !strings.Contains(out, "South (you) plays C") {
				t.Errorf("the game did not go on")
			}
		})
	}
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		t.Errorf("the directory was replaced")
	}
	for _, dev := range []string{"/dev/full", "/dev/zero", os.DevNull} {
		if fi, err := os.Stat(dev); err == nil && fi.Mode()&os.ModeDevice == 0 {
			t.Errorf("%s is no longer a device", dev)
		}
	}
}

// withTerminal makes the program believe its input is a terminal.
func withTerminal(t *testing.T) {
	old := stdinIsTerminal
	stdinIsTerminal = func(io.Reader) bool { return true }
	t.Cleanup(func() { stdinIsTerminal = old })
}

// At a terminal, quit with unsaved moves offers to save them (a file name,
// or Enter to leave without saving; a failed save asks again); without
// unsaved moves it just leaves. Away from a terminal it leaves at once.
func TestQuitOffersToSave(t *testing.T) {
	withTerminal(t)
	dir := t.TempDir()
	file := filepath.Join(dir, "kept.txt")
	for _, tt := range []struct {
		name, input string
		offers      int
		saved       bool
	}{
		{"enter", "C\nquit\n\n", 1, false},
		{"name", "C\nquit\n" + file + "\n", 1, true},
		{"failed save asks again", "C\nquit\n" + filepath.Join(dir, "no", "x") + "\n" + file + "\n", 2, true},
		{"end of input at the offer", "C\nquit\n", 1, false},
		{"no moves", "quit\n", 0, false},
		{"saved already", "C\nsave " + filepath.Join(dir, "a.txt") + "\nquit\n", 0, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			os.Remove(file)
			code, out, errOut := runPlay(t, tt.input, "-ai", "greedy")
			if code != 0 || errOut != "" {
				t.Fatalf("exit %d, stderr %q", code, errOut)
			}
			if got := strings.Count(out, "The game has 2 unsaved moves. Save it"); got != tt.offers {
				t.Errorf("%d offers to save, want %d:\n%s", got, tt.offers, out)
			}
			if _, err := os.Stat(file); (err == nil) != tt.saved {
				t.Errorf("saved %v, want %v", err == nil, tt.saved)
			}
			if !strings.HasSuffix(out, "Bye.\n") {
				t.Errorf("no goodbye: %q", out[max(0, len(out)-100):])
			}
		})
	}
	stdinIsTerminal = func(io.Reader) bool { return false }
	if _, out, _ := runPlay(t, "C\nquit\n", "-ai", "greedy"); strings.Contains(out, "Save it") ||
		!strings.HasSuffix(out, "The game (2 moves) was not saved; type save FILE before leaving to keep it.\nBye.\n") {
		t.Errorf("away from a terminal: offered to save, or did not say the game is lost:\n%s", out[max(0, len(out)-200):])
	}
}

// Issue "round two": save FILE "never destroys an older file" (README),
// yet "save notes.txt" replaced a text file with a game record. save now
// refuses a file that holds no game record, and says so in one line.
func TestSaveRefusesNonRecord(t *testing.T) {
	notes := filepath.Join(t.TempDir(), "notes.txt")
	const text = "Buy seeds. Call Bob.\n"
	if err := os.WriteFile(notes, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ := runPlay(t, "C\nsave "+notes+"\n", "-ai", "greedy")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	if b, _ := os.ReadFile(notes); string(b) != text {
		t.Errorf("save replaced the text file with:\n%s", b)
	}
	if !strings.Contains(out, `save "`+notes+`": the file holds something else than game records`) {
		t.Errorf("no refusal in:\n%s", out)
	}
}
