package congkak_test

import (
	"errors"
	"testing"

	"github.com/sowing-games/sowing/congkak"
	"github.com/sowing-games/sowing/mancala"
)

// fuzzRules are the rulesets the fuzz targets use: the documents' rules,
// Overbeck's, and small boards with every option.
func fuzzRules(f *testing.F) []*congkak.Rules {
	var rs []*congkak.Rules
	for _, o := range []congkak.Options{
		congkak.Documents(),
		congkak.Overbeck(),
		{Houses: 4, Opening: congkak.OpeningSequential, EmptyCapture: congkak.EmptyCaptureStay, RoundEnd: congkak.RoundEndPassReply, Rounds: 3},
		{Houses: 4, FirstHand: mancala.North},
		{Houses: 3, Seeds: 2, RoundEnd: congkak.RoundEndPassReply, Starter: mancala.North, Opening: congkak.OpeningSequential},
	} {
		r, err := congkak.New(o)
		if err != nil {
			f.Fatalf("New(%+v): %v", o, err)
		}
		rs = append(rs, r)
	}
	return rs
}

// FuzzSetup: arbitrary position text goes through mancala.ParsePosition and
// Setup without a panic; Setup refuses only with ErrInvalidPosition, and an
// accepted position is one that Setup accepts again unchanged, keeps the
// set's seeds (CK-1), and plays every legal move (and refuses a zero move).
func FuzzSetup(f *testing.F) {
	for _, s := range []string{
		"7,7,7,7,7,7,7/7,7,7,7,7,7,7 0,0 B r1",
		"4,4,4,4/4,4,4,4 0,0 S r1",
		"1,2,0,0/1,1,1,1 11,12 S r1 h0@A,2@B",
		"1,1,1,1/3,1,1,1 11,11 B r1",
		"x,2,0,6/0,x,2,1 10,11 S r2",
		"0,0,0,3/0,0,0,0 17,12 S r1 s1",
		"0,0,0,0/0,0,0,0 20,12 - r2",
		"0,0,0,0/1,1,1,0 14,15 N r1",
		"2,2,2/2,2,2 0,0 N r1",
		"9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 0,0 B",
		"x,x,x,x/4,4,4,4 16,0 S r3 h1@S,0@A s1",
	} {
		f.Add(s)
	}
	rs := fuzzRules(f)
	f.Fuzz(func(t *testing.T, text string) {
		p, err := mancala.ParsePosition(text)
		if err != nil {
			return
		}
		for _, r := range rs {
			q, err := r.Setup(p)
			if err != nil {
				if !errors.Is(err, mancala.ErrInvalidPosition) {
					t.Fatalf("%v: Setup(%q): %v does not wrap ErrInvalidPosition", r, text, err)
				}
				continue
			}
			o := r.Options()
			if got, want := q.Board.Total(), 2*o.Houses*o.Seeds; got != want {
				t.Fatalf("%v: Setup(%q) accepted %d seeds, want %d", r, text, got, want)
			}
			if q2, err := r.Setup(q); err != nil || q2 != q {
				t.Fatalf("%v: Setup(Setup(%q)) = %v, %v; want %v", r, text, q2, err, q)
			}
			legal := r.Legal(nil, q)
			if (len(legal) == 0) != q.Over() {
				t.Fatalf("%v: %v has %d legal moves, over %v", r, q, len(legal), q.Over())
			}
			for _, m := range legal {
				next, err := r.Play(q, m)
				if err != nil {
					t.Fatalf("%v: legal move %v refused in %v: %v", r, m, q, err)
				}
				if next.Board.Total() != q.Board.Total() {
					t.Fatalf("%v: %v from %v: %d seeds became %d", r, m, q, q.Board.Total(), next.Board.Total())
				}
				if next != r.Apply(q, m) {
					t.Fatalf("%v: Play and Apply differ for %v from %v", r, m, q)
				}
			}
			if got, err := r.Play(q, mancala.Move{}); err == nil || got != q {
				t.Fatalf("%v: the zero move from %v: %v, %v", r, q, got, err)
			}
		}
	})
}

// FuzzPlayText: random move text played on a game never panics; a refused
// or malformed move changes nothing, and the moves before it stay played.
func FuzzPlayText(f *testing.F) {
	for _, s := range []string{
		"Aa", "Ab A", "AaBb", "Dd c", "G", "A B E B A", "Zz", "a", "AA", "Aa,Bb C", "Aa\tbB", "",
		"A B E B A E B B C D G D F G C F B A E F E D D G F G F D G D G C G G B G C G F G D G E G",
	} {
		f.Add(uint8(0), s)
	}
	rs := fuzzRules(f)
	f.Fuzz(func(t *testing.T, which uint8, text string) {
		r := rs[int(which)%len(rs)]
		g, err := mancala.NewGame(r)
		if err != nil {
			t.Fatal(err)
		}
		err = g.PlayText(text)
		if err == nil {
			return
		}
		if !errors.Is(err, mancala.ErrIllegalMove) && !errors.Is(err, mancala.ErrSyntax) {
			t.Fatalf("%v: PlayText(%q): %v wraps neither ErrIllegalMove nor ErrSyntax", r, text, err)
		}
		// The game stopped at a position of the game, and the moves made
		// replay to it.
		replay, err := mancala.NewGame(r)
		if err != nil {
			t.Fatal(err)
		}
		if err := replay.PlayText(g.MovesText()); err != nil {
			t.Fatalf("%v: replaying %q: %v", r, g.MovesText(), err)
		}
		if replay.Position() != g.Position() {
			t.Fatalf("%v: PlayText(%q) stopped at %v; its moves replay to %v", r, text, g.Position(), replay.Position())
		}
		// One more attempt at every kind of move changes nothing when it
		// is refused.
		before, ply := g.Position(), g.Ply()
		for _, m := range []mancala.Move{{}, mancala.Single(mancala.South, 0), mancala.Single(mancala.North, 11), mancala.Joint(0, 0)} {
			if err := g.Play(m); err != nil {
				if g.Position() != before || g.Ply() != ply {
					t.Fatalf("%v: refused %v changed the game", r, m)
				}
			} else if err := g.Undo(); err != nil {
				t.Fatal(err)
			}
		}
	})
}
