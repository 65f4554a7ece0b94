package compactgen

import (
	"strings"
	"testing"
)

// TestGenerateNoRoots checks that a package without the entry points is
// refused with an error that names the missing one.
func TestGenerateNoRoots(t *testing.T) {
	_, err := Generate("testdata")
	if err == nil || !strings.Contains(err.Error(), "searchRoot") {
		t.Fatalf("Generate(testdata) = %v, want an error naming searchRoot", err)
	}
}
