package search

import (
	"bytes"
	"errors"
	"flag"
	"io"
	"os"
	"testing"

	"github.com/sowing-games/sowing/mancala/internal/atomicwrite"
	"github.com/sowing-games/sowing/mancala/search/internal/compactgen"
)

var updateCompact = flag.Bool("update-compact", false, "rewrite zcompact.go from the generic search (go generate)")

// TestCompactGenerated checks that zcompact.go, the search specialized to
// the Stepper's path, is what compactgen makes of the generic search now;
// with -update-compact it writes it.
func TestCompactGenerated(t *testing.T) {
	want, err := compactgen.Generate(".")
	if err != nil {
		t.Fatal(err)
	}
	if *updateCompact {
		err := atomicwrite.File(compactgen.Output, errors.New("not a regular file"), func(w io.Writer) error {
			_, err := w.Write(want)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		return
	}
	got, err := os.ReadFile(compactgen.Output)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s is stale: run go generate in mancala/search", compactgen.Output)
	}
}
