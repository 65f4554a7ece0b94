package rulesflags_test

import (
	"flag"
	"io"
	"strings"
	"testing"

	"github.com/sowing-games/sowing/examples/internal/rulesflags"
)

// TestAlias: both spellings set the one value, the list of flags names the
// alias as such, and -endgame-seeds is -endgame-stones (issue 43, item
// 10: -parallel/-workers, -stones/-seeds differed between the tools).
func TestAlias(t *testing.T) {
	for _, arg := range []string{"-parallel", "-workers"} {
		fs := flag.NewFlagSet("t", flag.ContinueOnError)
		n := fs.Int("parallel", 1, "games at once")
		rulesflags.Alias(fs, "workers", "parallel")
		if err := fs.Parse([]string{arg, "3"}); err != nil || *n != 3 {
			t.Errorf("%s 3: %d, %v", arg, *n, err)
		}
		var out strings.Builder
		fs.SetOutput(&out)
		fs.PrintDefaults()
		if !strings.Contains(out.String(), "the same as -parallel") {
			t.Errorf("the flags list:\n%s", out.String())
		}
	}
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	eg := rulesflags.RegisterEndgame(fs)
	if err := fs.Parse([]string{"-endgame-seeds", "5"}); err != nil {
		t.Fatal(err)
	}
	if _, err := eg.Load(nil); err == nil || !strings.Contains(err.Error(), "-endgame-stones applies only with -endgame DIR") {
		t.Errorf("-endgame-seeds without -endgame: %v", err)
	}
}
