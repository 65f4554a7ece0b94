package sow_test

import (
	"errors"
	"testing"

	"pgregory.net/rapid"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/sow"
)

// genConfig draws a configuration from the whole space that New
// accepts: every mechanism, small boards.
func genConfig(t *rapid.T) sow.Config {
	n := rapid.IntRange(2, 7).Draw(t, "houses")
	c := sow.Config{
		Houses:           n,
		Seeds:            rapid.IntRange(1, 6).Draw(t, "seeds"),
		Stores:           true,
		NorthStarts:      rapid.Bool().Draw(t, "northStarts"),
		MinSeeds:         rapid.IntRange(0, 2).Draw(t, "minSeeds"),
		Direction:        sow.Direction(rapid.IntRange(0, 1).Draw(t, "direction")),
		EitherWay:        rapid.Bool().Draw(t, "eitherWay"),
		SkipOrigin:       rapid.Bool().Draw(t, "skipOrigin"),
		SowOwnStore:      rapid.Bool().Draw(t, "sowOwnStore"),
		SowOpponentStore: rapid.Bool().Draw(t, "sowOpponentStore"),
		FirstInOrigin:    rapid.Bool().Draw(t, "firstInOrigin"),
		Relay:            rapid.Bool().Draw(t, "relay"),
		CaptureNext:      rapid.Bool().Draw(t, "captureNext"),
		MaxLaps:          rapid.IntRange(0, 5).Draw(t, "maxLaps"),
		ExtraTurn:        rapid.Bool().Draw(t, "extraTurn"),
		CaptureCounts:    rapid.SliceOfNDistinct(rapid.IntRange(1, 6), 0, 3, rapid.ID[int]).Draw(t, "counts"),
		CaptureEven:      rapid.Bool().Draw(t, "even"),
		CaptureRow:       sow.Where(rapid.IntRange(0, 2).Draw(t, "row")),
		Opposite:         rapid.Bool().Draw(t, "opposite"),
		GrandSlam:        sow.GrandSlam(rapid.IntRange(0, 3).Draw(t, "slam")),
		Feed:             rapid.Bool().Draw(t, "feed"),
		Tuzdyk:           rapid.Bool().Draw(t, "tuzdyk"),
		Pass:             rapid.Bool().Draw(t, "pass"),
		NoMove:           sow.Leftover(rapid.IntRange(0, 5).Draw(t, "noMove")),
		EndRowEmpty:      rapid.Bool().Draw(t, "endRowEmpty"),
		Majority:         rapid.Bool().Draw(t, "majority"),
		FewSeeds:         rapid.IntRange(0, 3).Draw(t, "fewSeeds"),
		SkipCount:        rapid.IntRange(0, 3).Draw(t, "skipCount"),
		Cycle:            rapid.SampledFrom([]sow.Leftover{sow.OwnerTakes, sow.Split, sow.Nobody}).Draw(t, "cycle"),
	}
	c.SinglesLast = c.MinSeeds >= 2 && rapid.Bool().Draw(t, "singlesLast")
	c.RelayNext = c.Relay && rapid.Bool().Draw(t, "relayNext")
	if (len(c.CaptureCounts) > 0 || c.CaptureEven) && rapid.Bool().Draw(t, "successive") {
		c.Successive = true
	}
	if rapid.Bool().Draw(t, "fourRows") {
		c.Rows = 2
		c.Houses += c.Houses % 2
		c.Seeds = min(c.Seeds, mancala.MaxSeeds/(2*c.Houses))
		c.SowOwnStore, c.SowOpponentStore, c.Feed, c.Tuzdyk = false, false, false, false
	}
	if c.Opposite {
		c.OppositeNeedsSeeds = rapid.Bool().Draw(t, "needsSeeds")
		c.OppositeWhenOccupied = rapid.Bool().Draw(t, "whenOccupied")
		c.OppositeCount = rapid.IntRange(0, 3).Draw(t, "oppositeCount")
		c.OppositeAll = c.OppositeCount > 0 && rapid.Bool().Draw(t, "oppositeAll")
		c.OppositeBothRows = c.Rows == 2 && rapid.Bool().Draw(t, "bothRows")
		c.OppositeNeedsBoth = c.OppositeBothRows && c.OppositeNeedsSeeds && rapid.Bool().Draw(t, "needsBoth")
		if rapid.Bool().Draw(t, "capturedSown") {
			c.CapturedSown = true
		} else {
			c.OppositeTakesLast = rapid.Bool().Draw(t, "takesLast")
		}
	}
	if rapid.Bool().Draw(t, "cannotMoveLoses") {
		c.CannotMoveLoses, c.NoMove = true, sow.OpponentTakes
	}
	if c.Rows != 2 && rapid.IntRange(0, 3).Draw(t, "twoOut") == 0 { // SW-42, alone among the captures
		c.TwoOut, c.TwoOutOnce = true, rapid.Bool().Draw(t, "twoOutOnce")
		c.Successive = rapid.Bool().Draw(t, "twoOutSuccessive")
		c.Relay, c.RelayNext, c.Opposite, c.CaptureNext, c.CaptureCounts, c.CaptureEven = false, false, false, false, nil, false
		c.OppositeNeedsSeeds, c.OppositeWhenOccupied, c.OppositeCount, c.OppositeAll = false, false, 0, false
		c.OppositeBothRows, c.OppositeNeedsBoth, c.CapturedSown, c.OppositeTakesLast = false, false, false, false
		c.SowOwnStore, c.SowOpponentStore, c.Tuzdyk, c.GrandSlam = false, false, false, sow.SlamCapture
	}
	if c.Rows != 2 && !c.EitherWay && rapid.IntRange(0, 3).Draw(t, "wayByFirstMove") == 0 { // SW-81
		c.WayByFirstMove = true
	}
	if c.Rows != 2 && rapid.IntRange(0, 3).Draw(t, "rounds") == 0 { // SW-43
		c.Rounds, c.CaptureNext, c.SkipCount, c.Tuzdyk = true, false, 0, false
		if c.NoMove == sow.Split || c.NoMove == sow.Nobody {
			c.NoMove = sow.OwnerTakes
		}
		c.RoundStarter = sow.RoundStarter(rapid.IntRange(0, 2).Draw(t, "roundStarter"))
		c.RoundFill = sow.RoundFill(rapid.IntRange(0, 1).Draw(t, "roundFill"))
	}
	if rapid.Bool().Draw(t, "adji") { // SW-90 to SW-93, where they are supported
		c.EachHouseOnce = c.Houses <= 5 && !c.Tuzdyk && !c.EitherWay && !c.WayByFirstMove && !c.Rounds && c.Rows != 2 && rapid.Bool().Draw(t, "eachOnce")
		c.FirstMoveNoCapture = c.SkipCount == 0 && !c.Tuzdyk && !c.Rounds && rapid.Bool().Draw(t, "firstNoCapture")
		c.CaptureBeyond = (len(c.CaptureCounts) > 0 || c.CaptureEven) && !c.Relay && !c.TwoOut && !c.CaptureNext &&
			!c.Opposite && !c.Tuzdyk && !c.Rounds && c.Rows != 2 && rapid.Bool().Draw(t, "beyond")
		c.RefillDraw = c.CannotMoveLoses && !c.Pass && !c.Rounds && rapid.Bool().Draw(t, "refill")
	}
	if c.Rows != 2 && !c.Rounds && !c.WayByFirstMove && rapid.IntRange(0, 3).Draw(t, "noOwners") == 0 { // SW-94, without what it excludes
		c.NoOwners = true
		c.EitherWay, c.MinSeeds, c.SinglesLast, c.EachHouseOnce, c.Feed = false, min(c.MinSeeds, 1), false, false, false
		c.GrandSlam, c.Tuzdyk, c.SkipCount, c.EndRowEmpty = sow.SlamCapture, false, 0, false
	}
	fitFewSeeds(&c)
	return c
}

// TestConservation plays random games of random configurations and
// checks, after every move and every cycle ending, that no seed appears
// or vanishes, that the board keeps its houses, that Play and Trace agree
// with Apply, that the trace replays to the position, and that a finished game
// gives its ending. Games are cut after 400 plies.
func TestConservation(t *testing.T) {
	plies, games := 0, 0
	defer func() { t.Logf("%d games, %d plies", games, plies) }()
	rapid.Check(t, func(t *rapid.T) {
		games++
		c := genConfig(t)
		r, err := sow.New(c)
		if err != nil {
			t.Fatalf("New: %v", err)
		}
		p := r.Start()
		total := p.Board.Total()
		var hist []mancala.Position
		var buf []mancala.Move
		for ply := 0; !p.Over(); ply++ {
			if r.MaxPlies() > 0 && ply > r.MaxPlies() { // 0: no bound stated (SW-43)
				t.Fatalf("no end after %d plies, beyond MaxPlies", ply)
			}
			if ply == 400 {
				return // long games are no error: cycles end them within MaxPlies
			}
			buf = r.Legal(buf[:0], p)
			if len(buf) == 0 {
				t.Fatalf("no move at %v, not over", p)
			}
			m := rapid.SampledFrom(buf).Draw(t, "move")
			plies++
			q := r.Apply(p, m)
			if pq, err := r.Play(p, m); err != nil || pq != q {
				t.Fatalf("Play(%v, %v) = %v, %v; Apply gives %v", p, m, pq, err, q)
			}
			b := p.Board
			tq, err := r.Trace(p, m, func(e mancala.Event) {
				if err := mancala.ApplyEvent(&b, e); err != nil {
					t.Fatalf("event %v at %v: %v", e, p, err)
				}
			})
			if err != nil || tq != q || b != q.Board {
				t.Fatalf("Trace(%v, %v) = %v (board %v), want %v", p, m, tq, b, q)
			}
			hist = append(hist, p)
			p = mancala.EndCycle(r, hist, q)
			if p.Board.Total() != total || p.Board.Houses() != c.Houses {
				t.Fatalf("after %v: %d seeds on %d houses, want %d on %d: %v", m, p.Board.Total(), p.Board.Houses(), total, c.Houses, p)
			}
			if s, err := r.Setup(p); err != nil || s != p {
				t.Fatalf("Setup(%v) = %v, %v", p, s, err)
			}
		}
		if e := r.Ending(p); e.Reason == mancala.EndNone {
			t.Fatalf("finished %v with no ending", p)
		}
	})
}

// TestConfigErrors checks that New refuses bad configurations with a
// *ConfigError wrapping mancala.ErrUnsupported.
func TestConfigErrors(t *testing.T) {
	ok := sow.AwaleConfig(6, 4)
	for name, change := range map[string]func(*sow.Config){
		"houses":     func(c *sow.Config) { c.Houses = mancala.MaxHouses + 1 },
		"no houses":  func(c *sow.Config) { c.Houses = 0 },
		"seeds":      func(c *sow.Config) { c.Seeds = 100 },
		"no seeds":   func(c *sow.Config) { c.Seeds = 0 },
		"pattern":    func(c *sow.Config) { c.Pattern = []int{1, 2} },
		"pattern 0":  func(c *sow.Config) { c.Pattern = make([]int, 6) },
		"direction":  func(c *sow.Config) { c.Direction = 7 },
		"stores":     func(c *sow.Config) { c.Stores, c.SowOwnStore = false, true },
		"laps":       func(c *sow.Config) { c.MaxLaps = -1 },
		"count":      func(c *sow.Config) { c.CaptureCounts = []int{0} },
		"row":        func(c *sow.Config) { c.CaptureRow = 9 },
		"slam":       func(c *sow.Config) { c.GrandSlam = 9 },
		"leftover":   func(c *sow.Config) { c.NoMove = 99 },
		"cycle":      func(c *sow.Config) { c.Cycle = sow.MoverTakes },
		"successive": func(c *sow.Config) { c.CaptureCounts = nil },
		"opposite":   func(c *sow.Config) { c.OppositeNeedsSeeds = true },
		"tuzdyk":     func(c *sow.Config) { c.Houses, c.Tuzdyk = 1, true },
		"few":        func(c *sow.Config) { c.FewSeeds = -1 },
	} {
		c := ok
		change(&c)
		r, err := sow.New(c)
		var ce *sow.ConfigError
		if r != nil || !errors.Is(err, mancala.ErrUnsupported) || !errors.As(err, &ce) {
			t.Errorf("%s: New = %v, %v", name, r, err)
		}
	}
}

// TestReferenceConfigs plays random games of random configurations with
// the engine and the reference sower side by side (ref_test.go),
// comparing the legal moves and every position, for 150 plies at most.
// The tuzdyk (SW-13), which the reference does not have, is left out.
func TestReferenceConfigs(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		c := genConfig(t)
		c.Tuzdyk = false // the reference sower has no tuzdyk
		r, err := sow.New(c)
		if err != nil {
			t.Fatalf("New: %v", err)
		}
		rf := ref{r.Config()}
		s, p := rf.start(), r.Start()
		var hs []refState
		var hp []mancala.Position
		var ms []mancala.Move
		for ply := 0; ply < 150; ply++ {
			if w := rf.position(s); w.Board != p.Board || w.ToMove != p.ToMove {
				t.Fatalf("after %d plies: %v, reference %v", ply, p, w)
			}
			ms = r.Legal(ms[:0], p)
			legal := rf.legal(s)
			if len(ms) != len(legal) {
				t.Fatalf("at %v: legal %v, reference %v", p, ms, legal)
			}
			for k, m := range ms {
				pl, _ := m.Player()
				h, _ := m.House(pl)
				if m.Reversed() || m.Across() {
					h += 16
				}
				if h != legal[k] {
					t.Fatalf("at %v: legal %v, reference %v", p, ms, legal)
				}
			}
			if len(ms) == 0 {
				return
			}
			k := rapid.IntRange(0, len(ms)-1).Draw(t, "move")
			hs, hp = append(hs, s), append(hp, p)
			s = rf.play(s, legal[k])
			if s.toMove >= 0 && containsState(hs, s) {
				s = rf.give(s, rf.c.Cycle, s.toMove)
			}
			p = mancala.EndCycle(r, hp, r.Apply(p, ms[k]))
		}
	})
}
