package congkak

import "github.com/sowing-games/sowing/mancala"

// Tracing runs the general engine (sow.go) itself with a tracer attached:
// its sowings then go one seed at a time and report every step. Play and
// Apply run without one, and pay a nil test per sowing for it.

var (
	_ mancala.Tracer      = (*Rules)(nil)
	_ mancala.CycleTracer = (*Rules)(nil)
)

// Trace implements [mancala.Tracer]: it returns exactly what [Rules.Play]
// returns and, for a legal move, calls emit (which may be nil) with every
// step of the move in order. A refused move emits nothing.
//
// The steps of a Congkak move are, each with the id of the rule it
// applies in Event.Rule ("" for plain sowing, CK-2):
//
//   - [mancala.EventPickUp]: a hand takes up the chosen house (Rule "",
//     or "CK-8" for a choice of the simultaneous opening: at a joint move
//     South's hand, then North's), or a relay takes up the house its last
//     seed fell into ("CK-4").
//   - [mancala.EventDrop], one per seed, and [mancala.EventSkip] for each
//     hole the hand passes without dropping: the opponent's store (CK-2)
//     and burnt houses (CK-12), all with Rule "". In the simultaneous
//     opening the steps of the two hands interleave tick by tick as CK-8
//     plays them, and Event.Player says whose hand it is.
//   - [mancala.EventCapture] at a capture ("CK-5"): first the opposite
//     house, if it holds seeds, then the single capturing seed (when it
//     goes to the store).
//   - [mancala.EventTurnEnd], once, when the sowings of the decision are
//     over: Player is the player who made the last step, Turn who decides
//     next, and Rule the rule that chose him: "CK-3" for the same player
//     after his own store; "CK-8" when the simultaneous opening makes a
//     player choose (his last seed reached his store, CK-8.3) or gives
//     the next turn to the player whose turn ended first (CK-8.5); "CK-9"
//     when, under RoundEndPassReply, the player due to move has an empty
//     row and passes, so that his opponent plays one more turn; "CK-13"
//     for the starter of the next round after a round end; "CK-14" when
//     the set is over ([mancala.NoTurn]); "" when the other player simply
//     plays (CK-7). It comes before the round-end steps.
//   - At a round end: [mancala.EventRoundEnd] ("CK-9"; Count the round
//     that ends, as Position.Round numbers it: always 1 under CK-16 in a
//     full set, where [Rules.RoundEnded] and [mancala.Game.Round] count
//     the rounds; Player the last mover), then an EventCapture ("CK-10")
//     for every house that still holds seeds into its owner's store,
//     then, unless the set is over, for each player (South first) from
//     his last house to his first: [mancala.EventBurn] ("CK-12") with
//     Count 0 to reopen a house burnt in the last round,
//     [mancala.EventRefill] ("CK-11") of Seeds seeds, or EventBurn
//     ("CK-12") with Count 1 for a house he cannot fill.
//
// A pass (RoundEndPassReply) moves no seeds and has no step of its own:
// the EventTurnEnd names the player who plays instead, with Rule "CK-9".
func (r *Rules) Trace(p mancala.Position, m mancala.Move, emit func(mancala.Event)) (mancala.Position, error) {
	if err := r.check(p, m); err != nil {
		return p, err
	}
	if !r.inRange(p, m) {
		return p, nil // unreachable after check; kept in step with Apply
	}
	if emit == nil {
		emit = func(mancala.Event) {}
	}
	t := tracer{emit: emit}
	var s sim
	r.load(&s, p)
	s.tr = &t
	s.apply(m)
	s.tr = nil
	return s.position(&p.Board), nil
}

// TraceCycle returns what [Rules.Cycle] returns (the end of a set at a
// repeated round start, CK-16) and calls emit (which may be nil) with its
// steps, which implements [mancala.CycleTracer]: an [mancala.EventCapture]
// with Rule "CK-16" for each house that holds seeds, into its owner's
// store, South's row first, each row in house order. A finished p emits
// nothing.
func (r *Rules) TraceCycle(p mancala.Position, emit func(mancala.Event)) mancala.Position {
	q := r.Cycle(p)
	if p.Over() || emit == nil || p.Board.Houses() != r.n {
		return q
	}
	for pl := mancala.South; pl <= mancala.North; pl++ {
		for i := 0; i < r.n; i++ {
			if c := p.Board.Seeds(pl, i); c > 0 {
				emit(mancala.Event{Kind: mancala.EventCapture, Player: pl, Hole: mancala.Hole{Owner: pl, House: i}, Count: c, Rule: "CK-16"})
			}
		}
	}
	return q
}
