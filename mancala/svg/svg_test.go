package svg_test

import (
	"encoding/xml"
	"errors"
	"io"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/sowing-games/sowing/awale"
	"github.com/sowing-games/sowing/congkak"
	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/svg"
)

// drawn is what a diagram holds, read back from its XML.
type drawn struct {
	houses [2][]int // data-seeds of h-s-i and h-n-i
	stores [2]int
	hands  map[string]bool
	rings  int // highlighted holes
	cross  int // burnt houses' crosses
}

// parse reads a diagram with encoding/xml, failing on malformed XML.
func parse(t *testing.T, text string, n int) drawn {
	t.Helper()
	d := drawn{houses: [2][]int{make([]int, n), make([]int, n)}, hands: map[string]bool{}}
	seen := map[string]bool{}
	dec := xml.NewDecoder(strings.NewReader(text))
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("malformed SVG: %v\n%s", err, text)
		}
		se, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		attr := map[string]string{}
		for _, a := range se.Attr {
			attr[a.Name.Local] = a.Value
		}
		if attr["stroke"] == "#ffd84a" {
			d.rings++
		}
		if se.Name.Local == "path" {
			d.cross++
		}
		if h := attr["data-hand"]; h != "" {
			d.hands[h] = true
		}
		id := attr["id"]
		if id == "" {
			continue
		}
		if seen[id] {
			t.Errorf("id %q twice", id)
		}
		seen[id] = true
		k, err := strconv.Atoi(attr["data-seeds"])
		if err != nil {
			t.Fatalf("%s: data-seeds %q", id, attr["data-seeds"])
		}
		side := 0
		if strings.HasPrefix(id, "h-n-") || id == "st-n" {
			side = 1
		}
		if strings.HasPrefix(id, "st-") {
			d.stores[side] = k
			continue
		}
		i, err := strconv.Atoi(id[4:])
		if err != nil || i < 0 || i >= n {
			t.Fatalf("bad id %q", id)
		}
		d.houses[side][i] = k
	}
	if len(seen) != 2*n+2 {
		t.Errorf("%d holes drawn, want %d", len(seen), 2*n+2)
	}
	return d
}

// check draws p's board and compares the diagram with it.
func check(t *testing.T, b mancala.Board, opt *svg.Options) drawn {
	t.Helper()
	var sb strings.Builder
	if err := svg.Encode(&sb, b, opt); err != nil {
		t.Fatal(err)
	}
	n := b.Houses()
	d := parse(t, sb.String(), n)
	for p := mancala.South; p <= mancala.North; p++ {
		for i := 0; i < n; i++ {
			if d.houses[p][i] != b.Seeds(p, i) {
				t.Fatalf("%v house %d: drawn %d, board %d\n%v", p, i, d.houses[p][i], b.Seeds(p, i), b)
			}
		}
		if d.stores[p] != b.Store(p) {
			t.Fatalf("%v's store: drawn %d, board %d", p, d.stores[p], b.Store(p))
		}
		if k, _ := b.Hand(p); (k > 0) != d.hands[p.String()] {
			t.Fatalf("%v's hand of %d: drawn %v", p, k, d.hands[p.String()])
		}
	}
	burnt := 0
	for p := mancala.South; p <= mancala.North; p++ {
		for i := 0; i < n; i++ {
			if b.Burnt(p, i) {
				burnt++
			}
		}
	}
	if d.cross != burnt {
		t.Fatalf("%d crosses drawn, %d houses burnt", d.cross, burnt)
	}
	return d
}

// TestEncodeGames draws every position of random games of both games, with
// burnt houses (Congkak's later rounds) and hands in flight (its
// simultaneous opening), on several board sizes.
func TestEncodeGames(t *testing.T) {
	var rulesets []mancala.Ruleset
	for _, o := range []awale.Options{awale.Documents(), {Houses: 1, Seeds: 1}, {Houses: 12, Seeds: 10}} {
		r, err := awale.New(o)
		if err != nil {
			t.Fatal(err)
		}
		rulesets = append(rulesets, r)
	}
	for _, o := range []congkak.Options{congkak.Documents(), {Houses: 3}, congkak.Overbeck()} {
		r, err := congkak.New(o)
		if err != nil {
			t.Fatal(err)
		}
		rulesets = append(rulesets, r)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	sawBurnt, sawHand := false, false
	for _, r := range rulesets {
		for game := 0; game < 2; game++ {
			g, _ := mancala.NewGame(r)
			for ply := 0; ply < 300 && !g.Over(); ply++ {
				b := g.Position().Board
				hand, _ := b.Hand(mancala.South)
				if ply%5 == 0 || hand > 0 || b.BurntMask(mancala.North) != 0 {
					check(t, b, nil)
				}
				if b.BurntMask(mancala.South)|b.BurntMask(mancala.North) != 0 {
					sawBurnt = true
				}
				if k, _ := b.Hand(mancala.South); k > 0 {
					sawHand = true
				}
				legal := g.Legal()
				if err := g.Play(legal[rng.IntN(len(legal))]); err != nil {
					t.Fatal(err)
				}
			}
			check(t, g.Position().Board, &svg.Options{Seeds: -1, NoLabels: true})
		}
	}
	if !sawBurnt || !sawHand {
		t.Errorf("the games showed burnt houses %v, hands in flight %v: want both", sawBurnt, sawHand)
	}
}

func TestEncodeHighlight(t *testing.T) {
	b, _ := mancala.NewBoard(4, 2)
	hl := []mancala.Hole{{Owner: mancala.South, House: 3}, {Owner: mancala.North, House: mancala.StoreHouse}, {Owner: mancala.North, House: 9}}
	if d := check(t, b, &svg.Options{Highlight: hl}); d.rings != 2 {
		t.Errorf("%d holes highlighted, want 2 (a house beyond the board is not drawn)", d.rings)
	}
}

func TestEncodeSeedsOption(t *testing.T) {
	b, _ := mancala.NewBoard(3, 5)
	count := func(o *svg.Options) int {
		var sb strings.Builder
		if err := svg.Encode(&sb, b, o); err != nil {
			t.Fatal(err)
		}
		return strings.Count(sb.String(), `fill="#f3e3c3"`)
	}
	for _, tc := range []struct {
		o    *svg.Options
		want int
	}{{nil, 30}, {&svg.Options{Seeds: 5}, 30}, {&svg.Options{Seeds: 4}, 0}, {&svg.Options{Seeds: -1}, 0}} {
		if got := count(tc.o); got != tc.want {
			t.Errorf("options %+v: %d seeds drawn, want %d", tc.o, got, tc.want)
		}
	}
}

type failWriter struct{}

var errWrite = errors.New("write failed")

func (failWriter) Write([]byte) (int, error) { return 0, errWrite }

func TestEncodeErrors(t *testing.T) {
	if err := svg.Encode(io.Discard, mancala.Board{}, nil); !errors.Is(err, svg.ErrEmptyBoard) {
		t.Errorf("the zero Board: %v, want ErrEmptyBoard", err)
	}
	b, _ := mancala.NewBoard(6, 4)
	if err := svg.Encode(failWriter{}, b, nil); !errors.Is(err, errWrite) {
		t.Errorf("a failing writer: %v, want its error", err)
	}
}

func BenchmarkEncode(b *testing.B) {
	b.ReportAllocs()
	board, _ := mancala.NewBoard(7, 7)
	for i := 0; i < b.N; i++ {
		if err := svg.Encode(io.Discard, board, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// TestEncodeFourRows draws a 4x8 board without stores: every house is
// drawn with its seeds, the houses fill four rows of eight, each house
// at the cell its layout gives (inner houses facing across the middle),
// and the captured seeds are counted.
func TestEncodeFourRows(t *testing.T) {
	b, err := mancala.NewBoard(16, 2)
	if err != nil {
		t.Fatal(err)
	}
	_ = b.SetSeeds(mancala.South, 9, 0)
	_ = b.SetStore(mancala.North, 2)
	if err := b.SetLayout(mancala.Layout{Rows: 2, NoStores: true}); err != nil {
		t.Fatal(err)
	}
	check(t, b, nil)
	var sb strings.Builder
	if err := svg.Encode(&sb, b, nil); err != nil {
		t.Fatal(err)
	}
	text := sb.String()
	if strings.Contains(text, "<rect x=\"24\"") {
		t.Errorf("a board without stores has a store drawn")
	}
	if !strings.Contains(text, "captured 2") {
		t.Errorf("North's captured seeds are not counted")
	}
	re := regexp.MustCompile(`<g id="h-([sn])-(\d+)" data-seeds="\d+"><circle cx="([\d.]+)" cy="([\d.]+)"`)
	xs, ys := map[string]bool{}, map[string]bool{}
	at := map[mancala.Hole][2]string{}
	for _, m := range re.FindAllStringSubmatch(text, -1) {
		xs[m[3]], ys[m[4]] = true, true
		i, _ := strconv.Atoi(m[2])
		p := mancala.South
		if m[1] == "n" {
			p = mancala.North
		}
		at[mancala.Hole{Owner: p, House: i}] = [2]string{m[3], m[4]}
	}
	if len(at) != 32 || len(xs) != 8 || len(ys) != 4 {
		t.Fatalf("%d houses in %d columns and %d rows, want 32 in 8 and 4", len(at), len(xs), len(ys))
	}
	l := b.Layout()
	for i := 8; i < 16; i++ {
		j, _ := l.Across(16, mancala.South, i)
		s, n := at[mancala.Hole{Owner: mancala.South, House: i}], at[mancala.Hole{Owner: mancala.North, House: j}]
		if s[0] != n[0] {
			t.Errorf("South's %d at x=%s faces North's %d at x=%s", i, s[0], j, n[0])
		}
	}
}
