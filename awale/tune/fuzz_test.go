package tune

import (
	"errors"
	"io"
	"strings"
	"testing"
)

// FuzzReadSamples: any input gives samples or an error (a *ParseError for
// a malformed line), never a panic; every sample's features index the
// weight vector, and its result is 0, 1/2 or 1. Merge of the same input
// never panics either.
func FuzzReadSamples(f *testing.F) {
	f.Add("4 4 4 4 4 4 4 4 4 4 4 4 0 0 0 0 1\n")
	f.Add("0 0 8 1 9 7 6 1 7 0 0 1 5 3 1 10 2\n1 1 9 0 9 7 6 1 0 1 1 2 5 5 0 11 2\n")
	f.Add("255 255 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n")
	f.Add("1 2 3\n")
	f.Add("4 4 4 4 4 4 4 4 4 4 4 4 0 0 0 9999999999999999999 1\n")
	f.Fuzz(func(t *testing.T, text string) {
		train, test, err := ReadSamples(strings.NewReader(text), 3, false)
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) || !errors.Is(err, ErrSyntax) {
				t.Fatalf("error %v is not a *ParseError", err)
			}
			return
		}
		for _, s := range append(train, test...) {
			for _, i := range s.idx {
				if int(i) >= numWeights {
					t.Fatalf("feature index %d of %d weights", i, numWeights)
				}
			}
			if r := s.Result(); r != 0 && r != 0.5 && r != 1 {
				t.Fatalf("result %v", r)
			}
		}
		if _, err := Merge(io.Discard, strings.NewReader(text)); err != nil && !errors.Is(err, ErrSyntax) && !errors.Is(err, ErrMerge) {
			t.Fatalf("Merge: %v", err)
		}
	})
}
