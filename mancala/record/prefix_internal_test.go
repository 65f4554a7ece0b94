package record

import "testing"

func TestTrimPrefixes(t *testing.T) {
	for in, want := range map[string]string{
		"mancala: illegal move": "illegal move",
		"no Rules tag names the ruleset: mancala: unsupported configuration": "no Rules tag names the ruleset: unsupported configuration",
		`awale: ruleset name "x: y": unknown "y": mancala: unsupported`:      `ruleset name "x: y": unknown "y": unsupported`,
		"south: no move":     "south: no move",
		"tag name: empty":    "tag name: empty",
		"trailing mancala: ": "trailing mancala: ",
		"mancala: ":          "",
		"record: json: x":    "x",
		"":                   "",
	} {
		if got := trimPrefixes(in); got != want {
			t.Errorf("trimPrefixes(%q) = %q, want %q", in, got, want)
		}
	}
}
