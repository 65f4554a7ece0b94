package rulesflags_test

import (
	"strings"
	"testing"

	"github.com/sowing-games/sowing/examples/internal/rulesflags"
)

func TestEndgameKeys(t *testing.T) {
	tests := []struct {
		spec, play string
		dir        string // "" for no databases
		stones     int
		approx     bool
		err        string
	}{
		{"engine:time=100ms", "engine:time=100ms", "", 0, false, ""},
		{"engine:time=100ms,endgame=/db", "engine:time=100ms", "/db", 0, false, ""},
		{"engine:endgame=/db", "engine:", "/db", 0, false, ""},
		{"alphabeta:endgame=/db,depth=3,endgame-stones=10,endgame-approx=on", "alphabeta:depth=3", "/db", 10, true, ""},
		{"level:hard,endgame=/db,endgame-approx=off", "level:hard", "/db", 0, false, ""},
		{"engine:endgame=/db,endgame-stones=0", "", "", 0, false, "endgame-stones=\"0\": want 1 to 62"},
		{"random", "random", "", 0, false, ""},
		{"uci:movetime=5ms,cmd=x endgame=/db", "uci:movetime=5ms,cmd=x endgame=/db", "", 0, false, ""},
		{"engine:endgame=", "", "", 0, false, "endgame= wants a directory"},
		{"engine:endgame=/db,endgame-stones=99", "", "", 0, false, "endgame-stones=\"99\": want 1 to 62"},
		{"engine:endgame=/db,endgame-approx=yes", "", "", 0, false, "endgame-approx=\"yes\": want on or off"},
		{"engine:depth=2,endgame-approx=on", "", "", 0, false, "apply only with endgame=DIR"},
	}
	for _, tt := range tests {
		play, o, err := rulesflags.EndgameKeys(tt.spec)
		switch {
		case tt.err != "":
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("%q: error %v, want %q", tt.spec, err, tt.err)
			}
		case err != nil:
			t.Errorf("%q: %v", tt.spec, err)
		case play != tt.play:
			t.Errorf("%q: spec %q, want %q", tt.spec, play, tt.play)
		case (o == nil) != (tt.dir == ""):
			t.Errorf("%q: databases %+v, want directory %q", tt.spec, o, tt.dir)
		case o != nil && (o.Dir != tt.dir || o.Stones != tt.stones || o.Approx != tt.approx):
			t.Errorf("%q: %+v, want %q %d %v", tt.spec, *o, tt.dir, tt.stones, tt.approx)
		}
	}
}

// FuzzEndgameKeys checks that EndgameKeys never panics, and that a spec it
// accepts keeps no endgame key unless it is an external engine's.
func FuzzEndgameKeys(f *testing.F) {
	for _, s := range []string{"engine:time=100ms,endgame=/db", "alphabeta:endgame=x,endgame-stones=3,endgame-approx=on", "uci:cmd=a,endgame=b", "engine:endgame", ":,,=", "level:hard"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, spec string) {
		play, o, err := rulesflags.EndgameKeys(spec)
		if err != nil || strings.HasPrefix(spec, "uci:") {
			return
		}
		if o != nil && (o.Dir == "" || o.Stones < 0 || o.Stones > 62) {
			t.Errorf("%q: options %+v", spec, *o)
		}
		_, params, ok := strings.Cut(play, ":")
		if o == nil || !ok {
			return
		}
		for _, kv := range strings.Split(params, ",") {
			switch k, _, _ := strings.Cut(kv, "="); strings.TrimSpace(k) {
			case "endgame", "endgame-stones", "endgame-approx":
				t.Errorf("%q: %q keeps the key %q", spec, play, k)
			}
		}
	})
}
