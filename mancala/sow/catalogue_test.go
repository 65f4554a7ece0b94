package sow_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/sowing-games/sowing/mancala/sow"
)

const cataloguePage = "CATALOGUE.md"

// cataloguePageText makes the catalogue page from Catalogue().
func cataloguePageText() string {
	var sb strings.Builder
	sb.WriteString("# The catalogue of package sow\n\n")
	sb.WriteString("Generated from `sow.Catalogue()` by `go test ./mancala/sow -run CataloguePage -update`; do not edit.\n")
	sb.WriteString("Each game is a registered family (ruleset name in the second column) unless another package plays it.\n")
	sb.WriteString("Rule ids are those of the package documentation (`go doc ./mancala/sow`).\n")
	sb.WriteString("Endgame databases (`go run ./examples/endgame build -rules NAME -stones K`, `uci -endgame-auto`, the web game's computer): " +
		"*exact* where the values depend on the houses alone (`Rules.Retrograde`), *estimates* from the nearest exact rules " +
		"(cycles split, no majority ending: `Rules.NearestExact`, `-endgame-approx`), *none* for rounds, a tuzdyk, " +
		"an opening played at once, or a game scored by who cannot move.\n\n")
	sb.WriteString("| Game | Ruleset | Region | Board | Seeds | Rule ids | Endgame databases | Source |\n")
	sb.WriteString("|---|---|---|---|---|---|---|---|\n")
	for _, g := range sow.Catalogue() {
		name := "`" + g.Name + "`"
		if g.PlayedBy != "" {
			name = "`" + g.PlayedBy + "` (package " + strings.Fields(g.PlayedBy)[0] + ")"
		}
		r, err := g.New()
		seeds, dbs := "?", "?"
		if err == nil {
			seeds, dbs = fmt.Sprint(r.Start().Board.Total()), databases(r)
		}
		fmt.Fprintf(&sb, "| %s | %s | %s | %s | %s | %s | %s | %s |\n", g.Label, name, g.Region, g.Board, seeds,
			strings.Join(g.Rules(), " "), dbs, strings.ReplaceAll(g.Source, "|", "/"))
	}
	sb.WriteString("\nVariants:\n\n")
	for _, g := range sow.Catalogue() {
		for _, v := range g.Variants {
			dbs := "?"
			if r, err := sow.NewNamed(v.Config, g.Name+" "+v.Word); err == nil {
				dbs = databases(r)
			}
			fmt.Fprintf(&sb, "- `%s %s`: %s %s Endgame databases: %s.\n", g.Name, v.Word, v.Label+".", v.Description, dbs)
		}
	}
	return sb.String()
}

// databases says which endgame databases r has: "exact", "estimates"
// or "none".
func databases(r *sow.Rules) string {
	if _, err := r.Retrograde(); err == nil {
		return "exact"
	}
	if near, _ := r.NearestExact(); near != nil {
		return "estimates"
	}
	return "none"
}

// TestCataloguePage checks that CATALOGUE.md is the page the catalogue
// makes (-update writes it).
func TestCataloguePage(t *testing.T) {
	want := cataloguePageText()
	if *update {
		if err := os.WriteFile(cataloguePage, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	got, err := os.ReadFile(cataloguePage)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != want {
		t.Errorf("%s is out of date: go test ./mancala/sow -run CataloguePage -update", cataloguePage)
	}
}
