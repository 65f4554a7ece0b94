package book_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/sowing-games/sowing/mancala/book"
)

// FuzzRead feeds arbitrary text to Read: it must return a book or an
// error wrapping ErrSyntax, never panic, and a book it returns must
// write and read back as the same book.
func FuzzRead(f *testing.F) {
	var buf bytes.Buffer
	book.Write(&buf, sample(f))
	f.Add(buf.String())
	f.Add("rules x\nplies 1\n" + start6 + "; F 0 1\n")
	f.Add("rules x\nplies 1\n4,x,4/4,4,4 0,0 N r2 h1@A,0@S s1f; a 1e3 9\n")
	f.Add("rules\n")
	f.Add(strings.Repeat("#", 2000))
	f.Fuzz(func(t *testing.T, text string) {
		b, err := book.Read(strings.NewReader(text))
		if err != nil {
			if !errors.Is(err, book.ErrSyntax) {
				t.Fatalf("error %v: want ErrSyntax", err)
			}
			return
		}
		var out bytes.Buffer
		if err := book.Write(&out, b); err != nil {
			return // a rules name Write refuses
		}
		again, err := book.Read(&out)
		if err != nil {
			t.Fatalf("Read(Write(b)): %v\n%s", err, out.String())
		}
		if diff := cmp.Diff(items(b), items(again)); diff != "" {
			t.Fatalf("round trip mismatch (-want +got):\n%s", diff)
		}
	})
}
