package rulesflags_test

import (
	"errors"
	"flag"
	"io"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/congkak"
	"github.com/sowing-games/sowing/examples/internal/rulesflags"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/sow"
)

// build parses args on a fresh flag set and builds the ruleset.
func build(t *testing.T, args ...string) (*rulesflags.Flags, mancala.Ruleset, error) {
	t.Helper()
	fs := flag.NewFlagSet("test", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	f := rulesflags.Register(fs)
	if err := fs.Parse(args); err != nil {
		return f, nil, err
	}
	r, err := f.Ruleset()
	return f, r, err
}

func TestAwaleOptions(t *testing.T) {
	withSize := awale.Documents()
	withSize.Houses, withSize.Seeds = 4, 3
	abapaSmall := awale.Abapa()
	abapaSmall.Houses = 8
	tests := []struct {
		name string
		args []string
		want awale.Options
	}{
		{"AW-1/default game and rules", nil, awale.Documents()},
		{"AW-1/explicit default", []string{"-game", "awale", "-rules", "default"}, awale.Documents()},
		{"AW-6/AW-10/abapa preset", []string{"-rules", "abapa"}, awale.Abapa()},
		{"AW-6/AW-8/awari preset", []string{"-rules", "awari"}, awale.Awari()},
		{"AW-1/houses and seeds", []string{"-houses", "4", "-seeds", "3"}, withSize},
		{"AW-1/houses override a preset", []string{"-rules", "abapa", "-houses", "8"}, abapaSmall},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, r, err := build(t, tt.args...)
			if err != nil {
				t.Fatalf("Ruleset: %v", err)
			}
			if f.Game() != "awale" {
				t.Errorf("Game() = %q, want %q", f.Game(), "awale")
			}
			ar, ok := r.(*awale.Rules)
			if !ok {
				t.Fatalf("ruleset is %T, want *awale.Rules", r)
			}
			want, err := awale.New(tt.want)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(want.Options(), ar.Options()); diff != "" {
				t.Errorf("options mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestCongkakOptions(t *testing.T) {
	mod := func(o congkak.Options, f func(*congkak.Options)) congkak.Options {
		f(&o)
		return o
	}
	doc := congkak.Documents()
	tests := []struct {
		name string
		args []string
		want congkak.Options
	}{
		{"CK-1/default", []string{"-game", "congkak"}, doc},
		{"CK-1/overbeck preset", []string{"-game", "congkak", "-rules", "overbeck"}, congkak.Overbeck()},
		{"CK-1/houses give the seeds too", []string{"-game", "congkak", "-houses", "5"},
			mod(doc, func(o *congkak.Options) { o.Houses, o.Seeds = 5, 5 })},
		{"CK-1/houses on overbeck", []string{"-game", "congkak", "-rules", "overbeck", "-houses", "7"},
			mod(congkak.Overbeck(), func(o *congkak.Options) { o.Houses, o.Seeds = 7, 7 })},
		{"CK-1/seeds", []string{"-game", "congkak", "-houses", "5", "-seeds", "3"},
			mod(doc, func(o *congkak.Options) { o.Houses, o.Seeds = 5, 3 })},
		{"CK-8/sequential opening", []string{"-game", "congkak", "-rules", "opening=sequential"},
			mod(doc, func(o *congkak.Options) { o.Opening = congkak.OpeningSequential })},
		{"CK-8/sequential opening, north starts", []string{"-game", "congkak", "-rules", "opening=sequential starter=north"},
			mod(doc, func(o *congkak.Options) { o.Opening, o.Starter = congkak.OpeningSequential, mancala.North })},
		{"CK-8/north's hand first", []string{"-game", "congkak", "-rules", "firsthand=north"},
			mod(doc, func(o *congkak.Options) { o.FirstHand = mancala.North })},
		{"CK-8/explicit simultaneous", []string{"-game", "congkak", "-rules", "opening=simultaneous firsthand=south"}, doc},
		{"CK-5/empty capture stays", []string{"-game", "congkak", "-rules", "empty=stay"},
			mod(doc, func(o *congkak.Options) { o.EmptyCapture = congkak.EmptyCaptureStay })},
		{"CK-5/empty capture to the store", []string{"-game", "congkak", "-rules", "overbeck empty=store"},
			mod(congkak.Overbeck(), func(o *congkak.Options) { o.EmptyCapture = congkak.EmptyCaptureStore })},
		{"CK-9/pass and reply", []string{"-game", "congkak", "-rules", "roundend=passreply"},
			mod(doc, func(o *congkak.Options) { o.RoundEnd = congkak.RoundEndPassReply })},
		{"CK-9/empty row", []string{"-game", "congkak", "-rules", "overbeck roundend=emptyrow"},
			mod(congkak.Overbeck(), func(o *congkak.Options) { o.RoundEnd = congkak.RoundEndEmptyRow })},
		{"CK-14/one round", []string{"-game", "congkak", "-rounds", "1"},
			mod(doc, func(o *congkak.Options) { o.Rounds = 1 })},
		{"CK-14/a full set", []string{"-game", "congkak", "-rounds", "0"}, doc},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, r, err := build(t, tt.args...)
			if err != nil {
				t.Fatalf("Ruleset: %v", err)
			}
			if f.Game() != "congkak" {
				t.Errorf("Game() = %q, want %q", f.Game(), "congkak")
			}
			cr, ok := r.(*congkak.Rules)
			if !ok {
				t.Fatalf("ruleset is %T, want *congkak.Rules", r)
			}
			want, err := congkak.New(tt.want)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(want.Options(), cr.Options()); diff != "" {
				t.Errorf("options mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestBadFlags(t *testing.T) {
	tests := []struct {
		name string
		args []string
		flag string // the flag the error must name
	}{
		{"unknown game", []string{"-game", "chess"}, "-game"},
		{"AW-6/unknown awale preset", []string{"-rules", "overbeck"}, "-rules"},
		{"CK-1/unknown congkak preset", []string{"-game", "congkak", "-rules", "abapa"}, "-rules"},
		{"AW-1/no houses", []string{"-houses", "0"}, "-houses"},
		{"AW-1/too many houses", []string{"-houses", "13"}, "-houses"},
		{"AW-1/too many seeds", []string{"-seeds", "100"}, "-seeds"},
		{"AW-1/negative seeds", []string{"-seeds", "-1"}, "-seeds"},
		{"AW-1/houses not a number", []string{"-houses", "six"}, "-houses"},
		{"CK-8/opening for awale", []string{"-rules", "opening=sequential"}, "-rules"},
		{"CK-8/starter for awale", []string{"-rules", "starter=south"}, "-rules"},
		{"CK-5/empty capture for awale", []string{"-rules", "empty=stay"}, "-rules"},
		{"CK-8/first hand for awale", []string{"-rules", "firsthand=north"}, "-rules"},
		{"CK-9/round end for awale", []string{"-rules", "roundend=passreply"}, "-rules"},
		{"CK-14/rounds for awale", []string{"-rounds", "1"}, "-rounds"},
		{"CK-8/bad opening", []string{"-game", "congkak", "-rules", "opening=together"}, "-rules"},
		{"CK-8/bad starter", []string{"-game", "congkak", "-rules", "opening=sequential starter=east"}, "-rules"},
		{"CK-8/starter needs a sequential opening", []string{"-game", "congkak", "-rules", "starter=north"}, "-rules"},
		{"CK-8/first hand needs a simultaneous opening", []string{"-game", "congkak", "-rules", "opening=sequential firsthand=north"}, "-rules"},
		{"CK-8/bad first hand", []string{"-game", "congkak", "-rules", "firsthand=both"}, "-rules"},
		{"CK-5/bad empty capture", []string{"-game", "congkak", "-rules", "empty=burn"}, "-rules"},
		{"CK-9/bad round end", []string{"-game", "congkak", "-rules", "roundend=never"}, "-rules"},
		{"CK-14/negative rounds", []string{"-game", "congkak", "-rounds", "-2"}, "-rounds"},
		{"AW-1/seeds that overflow", []string{"-seeds", "4611686018427387904"}, "-seeds"},
		{"AW-1/seeds past the board", []string{"-seeds", "256"}, "-seeds"},
		{"AW-1/houses past the board", []string{"-houses", "99"}, "-houses"},
		{"CK-1/congkak seeds that overflow", []string{"-game", "congkak", "-seeds", "9223372036854775807"}, "-seeds"},
		{"KA-1/kalah seeds that overflow", []string{"-game", "kalah", "-seeds", "4611686018427387904"}, "-seeds"},
		{"KA-1/kalah houses", []string{"-game", "kalah", "-houses", "17"}, "-houses"},
		{"KA-1/kalah too many seeds", []string{"-game", "kalah", "-seeds", "100"}, "-seeds"},
		{"KA-1/kalah has no presets", []string{"-game", "kalah", "-rules", "abapa"}, "-rules"},
		{"KA-4/bad capture", []string{"-game", "kalah", "-rules", "capture=all"}, "-rules"},
		{"KA-4/capture for awale", []string{"-rules", "capture=standard"}, "-rules"},
		{"CK-14/rounds for kalah", []string{"-game", "kalah", "-rounds", "1"}, "-rounds"},
		{"CK-8/opening for kalah", []string{"-game", "kalah", "-rules", "opening=sequential"}, "-rules"},
		{"long game name is cut", []string{"-game", strings.Repeat("x", 5000)}, "-game"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, r, err := build(t, tt.args...)
			if err == nil {
				t.Fatalf("no error; ruleset %v", r)
			}
			if !strings.Contains(err.Error(), tt.flag) {
				t.Errorf("error %q does not name %s", err, tt.flag)
			}
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("error %q is more than one line", err)
			}
			if len(err.Error()) > 300 {
				t.Errorf("error of %d bytes: %.80q...", len(err.Error()), err)
			}
		})
	}
}

func TestUnsupportedSizeWrapsSentinel(t *testing.T) {
	_, _, err := build(t, "-houses", "13")
	if !errors.Is(err, mancala.ErrUnsupported) {
		t.Errorf("AW-1/13 houses: error %v does not wrap mancala.ErrUnsupported", err)
	}
}

func TestParsePosition(t *testing.T) {
	r, err := awale.New(awale.Documents())
	if err != nil {
		t.Fatal(err)
	}
	start := r.Start()
	for _, tt := range []struct {
		name string
		game string
		text string
	}{
		{"AW-1/position text", "awale", start.String()},
		{"AW-1/aalina", "awale", awale.FormatAalina(start)},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p, err := rulesflags.ParsePosition(tt.game, tt.text)
			if err != nil {
				t.Fatalf("ParsePosition(%q): %v", tt.text, err)
			}
			got, err := r.Setup(p)
			if err != nil {
				t.Fatalf("Setup: %v", err)
			}
			if got != start {
				t.Errorf("ParsePosition(%q) then Setup = %v, want %v", tt.text, got, start)
			}
		})
	}

	c, err := congkak.New(congkak.Documents())
	if err != nil {
		t.Fatal(err)
	}
	t.Run("CK-1/position text", func(t *testing.T) {
		p, err := rulesflags.ParsePosition("congkak", c.Start().String())
		if err != nil {
			t.Fatal(err)
		}
		if p != c.Start() {
			t.Errorf("got %v, want %v", p, c.Start())
		}
	})
	for _, tt := range []struct {
		name, game, text string
	}{
		{"CK-1/aalina is for awale only", "congkak", awale.FormatAalina(start)},
		{"AW-1/garbage", "awale", "4,4,4/4,4"},
		{"AW-1/empty", "awale", ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := rulesflags.ParsePosition(tt.game, tt.text)
			if err == nil {
				t.Fatalf("ParsePosition(%q, %q): no error", tt.game, tt.text)
			}
			if !strings.Contains(err.Error(), "-position") || !errors.Is(err, mancala.ErrSyntax) {
				t.Errorf("error %q should name -position and wrap mancala.ErrSyntax", err)
			}
		})
	}
}

func TestKalahOptions(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want sow.Config
	}{
		{"KA-1/default", []string{"-game", "kalah"}, sow.KalahConfig(6, 4, false)},
		{"KA-1/explicit default rules", []string{"-game", "kalah", "-rules", "default"}, sow.KalahConfig(6, 4, false)},
		{"KA-1/houses and seeds", []string{"-game", "kalah", "-houses", "4", "-seeds", "3"}, sow.KalahConfig(4, 3, false)},
		{"KA-4/standard capture", []string{"-game", "kalah", "-rules", "capture=standard"}, sow.KalahConfig(6, 4, true)},
		{"KA-4/empty capture", []string{"-game", "kalah", "-rules", "capture=empty"}, sow.KalahConfig(6, 4, false)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, r, err := build(t, tt.args...)
			if err != nil {
				t.Fatalf("Ruleset: %v", err)
			}
			if f.Game() != "kalah" {
				t.Errorf("Game() = %q, want kalah", f.Game())
			}
			kr, ok := r.(*sow.Rules)
			if !ok {
				t.Fatalf("ruleset is %T, want *sow.Rules (Kalah is package sow's catalogue game)", r)
			}
			got := kr.Config()
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("options mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestNewGame(t *testing.T) {
	f, r, err := build(t, "-game", "congkak", "-houses", "3")
	if err != nil {
		t.Fatal(err)
	}
	g, err := f.NewGame("")
	if err != nil {
		t.Fatal(err)
	}
	if want, got := r.Start(), g.Position(); got != want {
		t.Errorf("CK-1/start: game starts at %v, want %v", got, want)
	}
	text := "0,3,3/3,3,3 3,0 S r1"
	g, err = f.NewGame(text)
	if err != nil {
		t.Fatal(err)
	}
	if got := g.Position().String(); got != text {
		t.Errorf("game from %q starts at %q", text, got)
	}
	// Malformed text: ParsePosition's error.
	if _, err := f.NewGame("3,3,3/"); !errors.Is(err, mancala.ErrSyntax) || !strings.HasPrefix(err.Error(), "-position: ") {
		t.Errorf("malformed position: %v", err)
	}
	// Well-formed but not a position of this ruleset (4 houses): refused
	// by Setup, named as the flag's.
	if _, err := f.NewGame("3,3,3,3/3,3,3,3 0,0 S"); !errors.Is(err, mancala.ErrInvalidPosition) ||
		!strings.HasPrefix(err.Error(), "-position: ") {
		t.Errorf("position of another size: %v", err)
	}
	// A bad flag: the ruleset's error.
	f, _, _ = build(t, "-game", "chess")
	if _, err := f.NewGame(""); err == nil || !strings.HasPrefix(err.Error(), "-game") {
		t.Errorf("bad game: %v", err)
	}
}
