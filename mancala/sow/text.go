package sow

import (
	"fmt"
	"strconv"
	"strings"
)

// Text returns the rules of g for players, in the light Markdown of
// mancala.Family.RulesText: g.Intro, then sections made from g.Config
// (board with a diagram of the start, sowing, captures, the end), then a
// line for each variant.
func (g Game) Text() string {
	c := &g.Config
	var sb strings.Builder
	para := func(format string, args ...any) {
		fmt.Fprintf(&sb, format, args...)
		sb.WriteString("\n\n")
	}
	if g.Intro != "" {
		para("%s", g.Intro)
	}
	sb.WriteString("# The board\n")
	seeds := fmt.Sprintf("%s in each", plural(c.Seeds, "seed"))
	if c.Pattern != nil {
		seeds = "seeds as the diagram shows"
	}
	stores := "Captured seeds are kept off the board."
	if c.Stores {
		stores = "Each player has a store, on his right, for the seeds he wins."
		if c.Direction == Clockwise {
			stores = "Each player has a store, on his left, for the seeds he wins."
		}
	}
	first := "South"
	if c.NorthStarts {
		first = "North"
	}
	if c.NoOwners { // SW-94
		para("Two rows of %s face each other, %s. Nobody owns a row: either player may sow from any house. %s %s plays first.",
			plural(c.Houses, "house"), seeds, stores, first)
	} else if c.Rows == 2 {
		para("Four rows of %s: you own the two rows nearest you, your outer row and your inner row, %s. %s %s plays first.",
			plural(c.Houses/2, "house"), seeds, stores, first)
	} else {
		para("Two rows of %s face each other, %s. Your row is the one nearest you. %s %s plays first.",
			plural(c.Houses, "house"), seeds, stores, first)
	}
	if r, err := NewNamed(*c, g.Name); err == nil {
		para("diagram: %v | The start.", r.Start())
	}

	sb.WriteString("# Sowing\n")
	dir := "counter-clockwise: along your row towards your right, then along your opponent's"
	if c.Direction == Clockwise {
		dir = "clockwise: along your row towards your left, then along your opponent's"
	}
	min := "one of your houses"
	if c.NoOwners { // SW-94
		min = "any house of either row"
		dir = "counter-clockwise round the board"
		if c.Direction == Clockwise {
			dir = "clockwise round the board"
		}
	}
	if c.MinSeeds > 1 {
		min = fmt.Sprintf("one of your houses that holds at least %s", plural(c.MinSeeds, "seed"))
		if c.SinglesLast {
			min += fmt.Sprintf(" (if none holds %s, any house that holds seeds)", plural(c.MinSeeds, "seed"))
		}
	}
	if c.Rows == 2 {
		dir = "counter-clockwise round your own two rows: along your outer row to your right, then back along your inner row"
		if c.Direction == Clockwise {
			dir = "clockwise round your own two rows"
		}
	}
	para("Take every seed of %s and drop them one by one into the holes that follow, %s.", min, dir)
	var notes []string
	if c.EitherWay && c.HouseWay == AnyWay {
		notes = append(notes, "You may sow the other way round instead, if you choose: each move says which way it goes.")
	} else if c.HouseWay != AnyWay {
		notes = append(notes, splitText(c))
	}
	notes = append(notes, c.fourRowSowingNotes()...) // SW-61
	if x := c.wayText(); x != "" {                   // SW-81
		notes = append(notes, x)
	}
	if c.SowOwnStore {
		notes = append(notes, "Your own store is on the way: drop a seed into it as you pass.")
	} else if c.Stores {
		notes = append(notes, "The stores are not on the way.")
	}
	if c.SowOpponentStore {
		notes = append(notes, "Your opponent's store is on the way too.")
	} else if c.SowOwnStore {
		notes = append(notes, "Skip your opponent's store.")
	}
	if c.SingleToEmpty {
		notes = append(notes, "A single seed may be sown only into an empty house.")
	}
	if c.FirstInOrigin {
		notes = append(notes, "The first seed goes back into the house you emptied, unless it held a single seed, which moves on to the next house.")
	}
	notes = append(notes, c.onceNotes()...) // SW-90, SW-92
	if c.SkipCount > 0 {
		notes = append(notes, fmt.Sprintf("Except in the first move of the game, skip every house of your opponent's that holds exactly %s.", plural(c.SkipCount, "seed")))
	}
	if c.SkipOrigin {
		notes = append(notes, "When a sowing comes round to the house it started from, skip that house.")
	}
	switch {
	case c.TwoOut && c.TwoOutOnce:
	case c.TwoOut:
		notes = append(notes, "When your hand is empty, look at the hole after the last one you sowed: if it holds seeds, take them all and sow on from the hole after it.")
	case c.Relay && c.RelayNext:
		notes = append(notes, "If the last seed falls into a house that was not empty and makes no capture, take all the seeds of the house after it and sow on from there; the turn ends when that house is empty, or when a last seed falls into an empty house.")
	case c.Relay:
		notes = append(notes, "If the last seed falls into a house that was not empty and makes no capture, take all the seeds of that house and sow on; the turn ends when a last seed falls into an empty house.")
	}
	if c.ExtraTurn {
		notes = append(notes, "If your last seed falls into your own store, you move again.")
	}
	if c.Pass {
		notes = append(notes, "If you cannot move, you pass and your opponent moves again.")
	}
	if c.Simultaneous {
		notes = append(notes, "Both players play the first turn at once, each choosing a house without seeing the other's choice, and sow seed by seed side by side; a player whose last seed falls into his store chooses again while the other's hand waits. The player whose turn ends first moves next.")
	}
	if len(notes) > 0 {
		para("%s", strings.Join(notes, " "))
	}

	sb.WriteString("# Capturing\n")
	caps := 0
	if len(c.CaptureCounts) > 0 || c.CaptureEven {
		caps++
		row := map[Where]string{OpponentRow: "your opponent's row", OwnRow: "your own row", AnyRow: "either row"}[c.CaptureRow]
		counts := countWords(c)
		s := fmt.Sprintf("If your last seed lands in %s and makes that house hold %s, you capture its seeds.", row, counts)
		if c.CaptureBeyond { // SW-91
			s = c.beyondText(row, counts)
		} else if c.Successive {
			s += fmt.Sprintf(" Then look at the house before it: if it too is in %s and holds %s, capture it as well, and so on backwards until a house fails.", row, counts)
		}
		para("%s", s)
	}
	if c.Opposite {
		caps++
		where, what := "an empty house of your own row", "the seeds of the house opposite"
		if c.OppositeWhenOccupied {
			where = "a house of your own row that already held seeds"
		}
		if c.Rows == 2 {
			where = strings.Replace(where, "your own row", "your inner row", 1)
			if c.OppositeBothRows {
				what = "the seeds of your opponent's two houses in front of it, in his inner row and his outer row"
			} else {
				what = "the seeds of your opponent's inner house in front of it"
			}
		}
		if c.OppositeCount > 0 {
			what += fmt.Sprintf(", if it holds exactly %s", plural(c.OppositeCount, "seed"))
			if c.OppositeAll {
				what += fmt.Sprintf(", and those of every other house of his that holds %s", plural(c.OppositeCount, "seed"))
			}
		}
		s := "If your last seed lands in " + where + ", you capture " + what
		if c.OppositeTakesLast {
			s += ", together with the last seed"
		}
		s += "."
		switch {
		case c.OppositeNeedsSeeds && c.OppositeNeedsBoth:
			s += " Both of those houses must hold seeds."
		case c.OppositeNeedsSeeds && c.OppositeBothRows:
			s += " The inner house must hold seeds; the outer one is taken with it if it holds any."
		case c.OppositeNeedsSeeds:
			s += " If the house opposite is empty, nothing is captured."
		case c.OppositeTakesLast:
			s += " The last seed goes to your store even when the house opposite is empty."
		}
		if c.CapturedSown {
			s += " You do not keep the captured seeds: you sow them on at once, " + c.capturedFromWords() + "."
		}
		para("%s", s)
		for _, x := range c.fourRowCaptureNotes() { // SW-62, SW-63
			para("%s", x)
		}
	}
	if c.TwoOut {
		caps++
		s := "If the hole after your last one is empty, you capture the seeds of the hole after it, two out, and your turn ends."
		if c.TwoOutOnce {
			s = "If your last seed falls into a house that already held seeds and the hole after it is empty, you capture the seeds of the hole after that one, two out, in either row."
		}
		if c.Successive {
			s += " Then, while the next hole is empty and the one after it holds seeds, capture those too."
		}
		para("%s", s)
		if x := c.pasuText(); x != "" { // SW-80
			para("%s", x)
		}
	}
	if c.CaptureNext {
		caps++
		para("If your last seed lands in an empty house, on either side, you capture the seeds of the house after it.")
	}
	if c.Tuzdyk {
		caps++
		para("If your last seed makes a house of your opponent's row hold exactly three, it becomes your tuzdyk: you take its seeds, and every seed that falls into it later is yours. You may make only one tuzdyk, not in your opponent's last house, and not in the house that has the same number in his row as your opponent's tuzdyk has in yours.")
	}
	if caps == 0 {
		para("There are no captures: seeds reach the stores only by sowing.")
	}
	switch c.GrandSlam {
	case SlamForbidden:
		para("A move that would capture every seed of your opponent may not be played if you have another move; if you have none, you play it but capture nothing.")
	case SlamNoCapture:
		para("A move that would capture every seed of your opponent may be played, but captures nothing.")
	case SlamForbiddenElseCapture:
		para("A move that would capture every seed of your opponent may be played only if you have no other move.")
	}
	if c.Feed {
		para("If your opponent has no seeds left, you must play a move that gives him some, if you have one.")
	}

	sb.WriteString("# The end\n")
	var ends []string
	left := leftoverWords(c.NoMove)
	switch {
	case c.RefillDraw: // SW-93
		ends = append(ends, c.refillText())
	case c.CannotMoveLoses && c.InnerRowNeeded:
		ends = append(ends, "A player who cannot move when his turn comes, or whose inner row is empty, loses the game; the winner takes the seeds left.")
	case c.CannotMoveLoses:
		ends = append(ends, "A player who cannot move when his turn comes loses the game; the winner takes the seeds left.")
	case c.EndRowEmpty:
		ends = append(ends, "The game ends as soon as one player's row is empty; "+left+".")
	case c.TurnRowEmpty:
		ends = append(ends, "The game ends when a turn ends with one player's row empty (a player who moves again plays on first); "+left+".")
	case c.Pass:
		ends = append(ends, "The game ends when neither player can move; "+left+".")
	default:
		ends = append(ends, "The game ends when the player to move cannot move; "+left+".")
	}
	if c.Majority {
		ends = append(ends, "It also ends as soon as a player has more than half of the seeds; each player then takes the seeds of his own row.")
	}
	if c.FewSeeds > 0 {
		ends = append(ends, fmt.Sprintf("It also ends when at most %s are left in the houses; %s.", plural(c.FewSeeds, "seed"), left))
	}
	if c.Rounds { // SW-43: those end a round
		for i := range ends {
			ends[i] = strings.Replace(ends[i], "The game ends", "The round ends", 1)
		}
	}
	ends = append(ends, "If the same position comes back, the game ends; "+leftoverWords(c.Cycle)+".")
	for _, e := range ends {
		sb.WriteString("- " + e + "\n")
	}
	if c.Rounds {
		sb.WriteString("\n" + roundsText(c) + "\n")
	}
	if !c.CannotMoveLoses {
		sb.WriteString("\nThe player with more seeds in his store wins; equal stores are a draw.\n")
	} else {
		sb.WriteString("\nAfter a repeated position, the player with more seeds wins; equal is a draw.\n")
	}
	if len(g.Variants) > 0 {
		sb.WriteString("\n# Variants\n")
		for _, v := range g.Variants {
			sb.WriteString("- " + v.Label + ": " + v.Description + "\n")
		}
	}
	return sb.String()
}

func plural(n int, word string) string {
	if n == 1 {
		return "one " + word
	}
	return strconv.Itoa(n) + " " + word + "s"
}

// countWords says which counts capture, in words.
func countWords(c *Config) string {
	var ws []string
	for _, v := range c.CaptureCounts {
		ws = append(ws, strconv.Itoa(v))
	}
	s := strings.Join(ws, " or ")
	if c.CaptureEven {
		if s != "" {
			s += ", or "
		}
		s += "an even number of seeds"
	} else if len(ws) == 1 && ws[0] == "1" {
		s = "a single seed"
	} else {
		s += " seeds"
	}
	return s
}

// leftoverWords says who takes the seeds left, in words.
func leftoverWords(l Leftover) string {
	switch l {
	case OwnerTakes:
		return "each player takes the seeds left in his own row"
	case MoverTakes:
		return "the player whose turn it is takes the seeds left"
	case OpponentTakes:
		return "the other player takes the seeds left"
	case Split:
		return "the seeds left are shared equally"
	case EmptyRowTakes:
		return "the player whose row is empty takes the seeds left"
	}
	return "the seeds left count for nobody"
}
