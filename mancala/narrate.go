package mancala

import (
	"fmt"
	"strings"
)

// NoteKind names what a [Note] of a move's narration tells.
type NoteKind uint8

const (
	_            NoteKind = iota
	NoteSow               // Player sowed from Hole: the decision itself (one note a player at a simultaneous decision)
	NoteRelay             // Player's hand picked up Count seeds again at Hole and sowed on
	NoteCapture           // Player captured Count seeds from Hole
	NoteBurn              // Player's house Hole was burnt
	NoteCollect           // Player added Count seeds to his store at the end of a round or game
	NoteRefill            // Player refilled his houses with Count seeds from his store for a new round
	NoteRoundEnd          // the round numbered Count ended
	NoteAgain             // Player decides again
	NoteStart             // Player starts the next round
	NoteEnd               // the game ended, as Ending says
	NoteNext              // Player decides next, by a rule (not simply as the other player)
)

var noteNames = [...]string{"?", "sow", "relay", "capture", "burn", "collect", "refill", "round-end", "again", "start", "end", "next"}

// String returns the kind's name, such as "capture".
func (k NoteKind) String() string {
	if int(k) < len(noteNames) {
		return noteNames[k]
	}
	return fmt.Sprintf("note(%d)", k)
}

// Note is one sentence of the narration of a decision: what happened, to
// whom, under which rule, and the sentence itself for people.
type Note struct {
	Kind   NoteKind
	Player Player // the player concerned (for NoteRoundEnd and NoteEnd, the one who decided)
	Hole   Hole   // the hole concerned, if any
	Count  int    // seeds, or the round's number for NoteRoundEnd
	Rule   string // the ruleset's id of the rule applied, or ""
	Ending Ending // with NoteEnd: why the game ended
	Text   string // one English sentence, such as "South captures 3 seeds from d (AW-4)."
}

// Narrator is implemented by rulesets that tell their moves in words of
// their own. Rulesets without it are told by the core from the rule ids of
// their trace's events ([Event].Rule), which is enough for most games.
type Narrator interface {
	// Narrate returns the notes of the decision m, which took before to
	// after with the given events (its trace, followed by the steps of a
	// repetition ending if the move caused one), in the order things
	// happened. It must not change events.
	Narrate(before Position, m Move, events []Event, after Position) []Note
}

// Narrate returns the notes that tell decision m, which took before to
// after with the given events: r's own if r is a [Narrator], otherwise
// the core's, made from the events and their rule ids and from r's
// [Explainer] for the ending. events are those of [Tracer.Trace] (and
// [CycleTracer.TraceCycle]), as [Game.PlayTrace] emits them; with no
// events the notes say only who sowed what and how the game ended.
//
// A round-end note counts the round from the event's Count, which is
// wrong for a ruleset whose positions do not carry the round's number
// (Congkak under CK-16 calls every round 1): a caller that knows the
// round, such as from [Game.Round], uses [NarrateRound].
func Narrate(r Ruleset, before Position, m Move, events []Event, after Position) []Note {
	return NarrateRound(r, 0, before, m, events, after)
}

// NarrateRound is [Narrate] for a decision made in round round of its game
// (from 1: [Game.Round] before the move): a round that the decision ends
// is told as round round ("Round 3 ends."), whatever the events count. A
// round below 1 takes the events' count, as Narrate does.
func NarrateRound(r Ruleset, round int, before Position, m Move, events []Event, after Position) []Note {
	if n, ok := r.(Narrator); ok && !isNil(r) {
		notes := n.Narrate(before, m, events, after)
		for i := range notes {
			if nt := &notes[i]; nt.Kind == NoteRoundEnd && round > 0 {
				nt.Text = strings.Replace(nt.Text, fmt.Sprintf("Round %d ", nt.Count), fmt.Sprintf("Round %d ", round), 1)
				nt.Count = round
				round++
			}
		}
		return notes
	}
	var notes []Note
	firstRule := [2]string{}
	pickUps := [2]int{}
	roundEnded := false
	for _, e := range events {
		if e.Kind == EventPickUp && e.Player.Valid() && pickUps[e.Player] == 0 {
			firstRule[e.Player] = e.Rule
		}
		if e.Kind == EventPickUp && e.Player.Valid() {
			pickUps[e.Player]++
		}
		if e.Kind == EventRoundEnd {
			roundEnded = true
		}
	}
	if p, one := m.Player(); one {
		h, _ := m.House(p)
		notes = append(notes, note(Note{Kind: NoteSow, Player: p, Hole: Hole{p, h}, Rule: firstRule[p]},
			"%s sowed %v.", title(p), Single(p, h)))
	} else {
		for p := South; p <= North; p++ {
			h, ok := m.House(p)
			if !ok {
				continue
			}
			notes = append(notes, note(Note{Kind: NoteSow, Player: p, Hole: Hole{p, h}, Rule: firstRule[p]},
				"%s sowed %v, both players at once.", title(p), Single(p, h)))
		}
	}
	var seen, ended [2]bool
	turnOver := false // a TurnEnd or RoundEnd has been seen: later captures collect
	var start Note    // who starts the next round, told last
	var collect, refill [2]int
	var collectRule, refillRule [2]string
	flushCollect := func() {
		for p := South; p <= North; p++ {
			if collect[p] > 0 {
				notes = append(notes, note(Note{Kind: NoteCollect, Player: p, Count: collect[p], Rule: collectRule[p]},
					"%s adds %s to his store.", title(p), seeds(collect[p])))
			}
			collect[p], collectRule[p] = 0, ""
		}
	}
	flushRefill := func() {
		for p := South; p <= North; p++ {
			if refill[p] > 0 {
				notes = append(notes, note(Note{Kind: NoteRefill, Player: p, Count: refill[p], Rule: refillRule[p]},
					"%s refills his houses with %s from his store.", title(p), seeds(refill[p])))
			}
			refill[p], refillRule[p] = 0, ""
		}
	}
	for _, e := range events {
		p := e.Player
		if !p.Valid() {
			continue
		}
		switch e.Kind {
		case EventPickUp:
			if seen[p] && !ended[p] {
				notes = append(notes, note(Note{Kind: NoteRelay, Player: p, Hole: e.Hole, Count: e.Count, Rule: e.Rule},
					"%s's last seed fell in an occupied house: he picks up the %s of %v and sows on.", title(p), seeds(e.Count), e.Hole))
			}
			seen[p] = true
		case EventCapture:
			if turnOver {
				// A collection: told once a player, for each run of
				// captures under one rule, after the refills before it.
				flushRefill()
				if collect[p] > 0 && collectRule[p] != e.Rule {
					flushCollect()
				}
				if collect[p] == 0 {
					collectRule[p] = e.Rule
				}
				collect[p] += e.Count
				continue
			}
			notes = append(notes, note(Note{Kind: NoteCapture, Player: p, Hole: e.Hole, Count: e.Count, Rule: e.Rule},
				"%s captures %s from %v.", title(p), seeds(e.Count), e.Hole))
		case EventBurn:
			if e.Count != 0 {
				flushCollect()
				flushRefill()
				notes = append(notes, note(Note{Kind: NoteBurn, Player: p, Hole: e.Hole, Rule: e.Rule},
					"%s's house %v is burnt: nobody sows into it this round.", title(p), e.Hole))
			}
		case EventRefill:
			flushCollect()
			if refill[p] == 0 {
				refillRule[p] = e.Rule
			}
			refill[p] += e.Count
		case EventRoundEnd:
			turnOver = true
			flushCollect()
			n := e.Count
			if round > 0 {
				n = round
				round++
			}
			notes = append(notes, note(Note{Kind: NoteRoundEnd, Player: p, Count: n, Rule: e.Rule},
				"Round %d ends.", n))
		case EventTurnEnd:
			ended[p], turnOver = true, true
			next, one := e.Turn.Player()
			switch {
			case !one || after.Over():
			case roundEnded && e.Rule != "":
				// Told last, after the round's collections and refills,
				// whether the ruleset emits them before or after its
				// TurnEnd.
				start = note(Note{Kind: NoteStart, Player: next, Rule: e.Rule},
					"%s starts the next round.", title(next))
			case next == p && !roundEnded:
				notes = append(notes, note(Note{Kind: NoteAgain, Player: p, Rule: e.Rule},
					"%s moves again.", title(p)))
			case e.Rule != "" && !roundEnded:
				n := note(Note{Kind: NoteNext, Player: next, Rule: e.Rule}, "%s plays next.", title(next))
				if len(notes) == 0 || notes[len(notes)-1] != n {
					notes = append(notes, n)
				}
			}
		}
	}
	flushCollect()
	flushRefill()
	if start.Kind != 0 {
		notes = append(notes, start)
	}
	if after.Over() {
		end := EndingOf(r, after)
		who, _ := m.Player()
		text := "The game is over."
		if s := end.String(); s != "" {
			text = "The game is over: " + s + "."
		}
		notes = append(notes, Note{Kind: NoteEnd, Player: who, Rule: end.Rule, Ending: end, Text: text})
	}
	return notes
}

// note fills n.Text from the format, with the rule id after the sentence
// when n has one.
func note(n Note, format string, args ...any) Note {
	n.Text = fmt.Sprintf(format, args...)
	if n.Rule != "" {
		n.Text = strings.TrimSuffix(n.Text, ".") + " (" + n.Rule + ")."
	}
	return n
}

func title(p Player) string {
	s := p.String()
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

func seeds(n int) string {
	if n == 1 {
		return "1 seed"
	}
	return fmt.Sprintf("%d seeds", n)
}
