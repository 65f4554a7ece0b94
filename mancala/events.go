package mancala

import "fmt"

// EventKind names one atomic step of a move, for game interfaces that
// animate sowing. See [Event] for what each kind does to a board.
type EventKind uint8

const (
	_             EventKind = iota
	EventPickUp             // Player's hand takes Count seeds from Hole (a chosen house, or a relay)
	EventDrop               // Player's hand drops one seed into Hole
	EventSkip               // Player's hand passes Hole without dropping (origin house, opponent's store, burnt house)
	EventCapture            // Count seeds move from Hole to Player's store (a capture, or collecting seeds at the end)
	EventDeposit            // Count seeds move from Player's hand straight into his store
	EventRefill             // Count seeds move from Player's store into his house Hole (a new round)
	EventBurn               // Player's house Hole becomes burnt (Count 1) or is opened again (Count 0)
	EventTurnEnd            // Player's turn ends; Turn says who decides next
	EventRoundEnd           // a round ends; Count is the number of the round that ends
)

var eventNames = [...]string{"?", "pick-up", "drop", "skip", "capture", "deposit", "refill", "burn", "turn-end", "round-end"}

// String returns the kind's name, such as "pick-up".
func (k EventKind) String() string {
	if int(k) < len(eventNames) {
		return eventNames[k]
	}
	return fmt.Sprintf("event(%d)", k)
}

// Event is one atomic step of a move. Applied in order with [ApplyEvent] to
// the board before the move, a move's events give the board after it.
type Event struct {
	Kind   EventKind
	Player Player // whose hand or store acts; for simultaneous sowing, which hand the step belongs to
	Hole   Hole   // the hole concerned, if any
	Count  int    // seeds moved, or as the kind says
	Turn   Turn   // with EventTurnEnd: who decides next (NoTurn when the game is over)
	// Rule is the ruleset's id of the rule that the step applies, such as
	// "AW-4" for a capture or "CK-4" for a relay's pick-up, or "" when
	// the step is plain sowing. With EventTurnEnd it names the rule that
	// chose who decides next, when that is not simply the other player
	// (a player who moves again); with EventRoundEnd, the rule that ended
	// the round; with a capture after the turn has ended, the rule that
	// gave the seeds at the end of a round or game. [Narrate] reads it.
	Rule string
}

// String returns a short description, such as "south drop C" or
// "north capture 3 from d".
func (e Event) String() string {
	switch e.Kind {
	case EventDrop, EventSkip:
		return fmt.Sprintf("%v %v %v", e.Player, e.Kind, e.Hole)
	case EventPickUp, EventCapture, EventRefill:
		return fmt.Sprintf("%v %v %d at %v", e.Player, e.Kind, e.Count, e.Hole)
	case EventDeposit:
		return fmt.Sprintf("%v %v %d", e.Player, e.Kind, e.Count)
	case EventBurn:
		if e.Count == 0 {
			return fmt.Sprintf("%v reopen %v", e.Player, e.Hole)
		}
		return fmt.Sprintf("%v %v %v", e.Player, e.Kind, e.Hole)
	case EventTurnEnd:
		return fmt.Sprintf("%v %v, next %v", e.Player, e.Kind, e.Turn)
	case EventRoundEnd:
		return fmt.Sprintf("%v %d", e.Kind, e.Count)
	}
	return e.Kind.String()
}

// Tracer is implemented by rulesets that can report the atomic steps of a
// move. Trace returns exactly what Play returns and, for a legal move, calls
// emit once for each step in order; for a refused move it emits nothing.
// Rulesets keep tracing off their normal Play and Apply path, so a caller
// that does not trace pays nothing for it.
type Tracer interface {
	Trace(p Position, m Move, emit func(Event)) (Position, error)
}

// CycleTracer is implemented by [Cycler] rulesets that can show, step by
// step, the end of a game by a repeated position. The repetition is seen
// after a move by whoever keeps the history, who then calls Cycle; a game
// interface that animates moves calls TraceCycle instead (as
// [Game.PlayTrace] does) to animate that ending too.
type CycleTracer interface {
	// TraceCycle returns what Cycle(p) returns and calls emit (which may
	// be nil) with the steps that lead from p's board to it. A finished
	// p emits nothing.
	TraceCycle(p Position, emit func(Event)) Position
}

// ApplyEvent performs e on b, so that a game interface can show a move step
// by step. It returns an error wrapping ErrInvalidPosition, and leaves b
// unchanged, if the step is impossible on b (taking seeds that are not
// there, for instance).
func ApplyEvent(b *Board, e Event) error {
	c := *b
	p := e.Player
	if !p.Valid() {
		return fmt.Errorf("mancala: event %v: %w", e, ErrInvalidPosition)
	}
	var err error
	hand, _ := c.Hand(p)
	switch e.Kind {
	case EventPickUp:
		if err = c.take(e.Hole, e.Count); err == nil {
			err = c.SetHand(p, hand+e.Count, e.Hole)
		}
	case EventDrop:
		if hand < 1 {
			err = fmt.Errorf("mancala: drop from an empty hand: %w", ErrInvalidPosition)
		} else if err = c.SetHand(p, hand-1, e.Hole); err == nil {
			err = c.put(e.Hole, 1)
		}
	case EventSkip, EventTurnEnd, EventRoundEnd:
		// no seeds move
	case EventCapture:
		if err = c.take(e.Hole, e.Count); err == nil {
			err = c.SetStore(p, c.Store(p)+e.Count)
		}
	case EventDeposit:
		if hand < e.Count || e.Count < 0 {
			err = fmt.Errorf("mancala: deposit of %d from a hand of %d: %w", e.Count, hand, ErrInvalidPosition)
		} else if err = c.SetHand(p, hand-e.Count, Hole{p, StoreHouse}); err == nil {
			err = c.SetStore(p, c.Store(p)+e.Count)
		}
	case EventRefill:
		if e.Hole.IsStore() || e.Hole.Owner != p {
			err = fmt.Errorf("mancala: refill of %v by %v: %w", e.Hole, p, ErrInvalidPosition)
		} else if err = c.take(Hole{p, StoreHouse}, e.Count); err == nil {
			err = c.put(e.Hole, e.Count)
		}
	case EventBurn:
		if e.Hole.IsStore() {
			err = fmt.Errorf("mancala: burning a store: %w", ErrInvalidPosition)
		} else {
			err = c.SetBurnt(e.Hole.Owner, e.Hole.House, e.Count != 0)
		}
	default:
		err = fmt.Errorf("mancala: unknown event kind %d: %w", e.Kind, ErrInvalidPosition)
	}
	if err != nil {
		return err
	}
	*b = c
	return nil
}

// take removes n seeds from hole h.
func (b *Board) take(h Hole, n int) error {
	have := b.At(h)
	if n < 0 || n > have {
		return fmt.Errorf("mancala: taking %d seeds from %v, which holds %d: %w", n, h, have, ErrInvalidPosition)
	}
	if h.IsStore() {
		return b.SetStore(h.Owner, have-n)
	}
	return b.SetSeeds(h.Owner, h.House, have-n)
}

// put adds n seeds to hole h.
func (b *Board) put(h Hole, n int) error {
	if h.IsStore() {
		return b.SetStore(h.Owner, b.Store(h.Owner)+n)
	}
	return b.SetSeeds(h.Owner, h.House, b.Seeds(h.Owner, h.House)+n)
}
