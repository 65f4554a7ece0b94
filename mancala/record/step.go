package record

import "github.com/sowing-games/sowing/mancala"

// Step is one position of a game played through, for programs that read
// a replay as JSON, one object a line (encoding/json encodes it; the
// fields marked omitempty are left out when they do not apply):
//
//	ply         moves played so far
//	move        the move just played (absent at the start and for a concession)
//	position    the position text ([mancala.Position.String])
//	houses      seeds in South's houses A.. then North's a..
//	stores      [South, North]
//	round, burnt, inHand   for a ruleset played in rounds ([mancala.Rounder]):
//	            the position's round ([mancala.Position.Round]), the burnt houses' letters and
//	            [South, North] seeds in hand
//	toMove      "south", "north" or "both"; absent once the game is over
//	legal       the legal moves' letters; [] once over; absent at a
//	            simultaneous decision, which has instead
//	legalSouth, legalNorth   each side's choices ([mancala.Choices])
//	over        whether the game is over
//	result      "south", "north" or "draw", once over
//	scores      [South, North], once over
//	ending      once over, why ([StepEnding]); absent when the ruleset does
//	            not say
type Step struct {
	Ply        int         `json:"ply"`
	Move       string      `json:"move,omitempty"`
	Position   string      `json:"position"`
	Houses     []int       `json:"houses"`
	Stores     [2]int      `json:"stores"`
	Round      *int        `json:"round,omitempty"`
	Burnt      *[]string   `json:"burnt,omitempty"`
	InHand     *[2]int     `json:"inHand,omitempty"`
	ToMove     string      `json:"toMove,omitempty"`
	Legal      *[]string   `json:"legal,omitempty"`
	LegalSouth *[]string   `json:"legalSouth,omitempty"`
	LegalNorth *[]string   `json:"legalNorth,omitempty"`
	Over       bool        `json:"over"`
	Result     string      `json:"result,omitempty"`
	Scores     *[2]int     `json:"scores,omitempty"`
	Ending     *StepEnding `json:"ending,omitempty"`
}

// StepEnding says why a game ended, in a [Step]: {"reason": "endless
// cycle", "rule": "AW-8", "who": "north", "text": "..."}; rule and who are
// absent when the ruleset does not name them.
type StepEnding struct {
	Reason string `json:"reason"`         // such as "endless cycle" ([mancala.EndReason.String])
	Rule   string `json:"rule,omitempty"` // such as "AW-8"
	Who    string `json:"who,omitempty"`  // "south" or "north": whom the reason concerns
	Text   string `json:"text"`           // the whole reason in words ([mancala.Ending.String])
}

// NewStep returns the step of g's current position, reached by m (the
// zero Move at the start, or for a concession).
func NewStep(g *mancala.Game, m mancala.Move) Step {
	p := g.Position()
	b := p.Board
	n := b.Houses()
	st := Step{
		Ply:      g.Ply(),
		Position: p.String(),
		Houses:   make([]int, 0, 2*n),
		Stores:   [2]int{b.Store(mancala.South), b.Store(mancala.North)},
		Over:     g.Over(),
	}
	if !m.IsZero() {
		st.Move = m.String()
	}
	for _, pl := range []mancala.Player{mancala.South, mancala.North} {
		for i := 0; i < n; i++ {
			st.Houses = append(st.Houses, b.Seeds(pl, i))
		}
	}
	if _, rounds := g.Rules().(mancala.Rounder); rounds {
		round := p.Round
		burnt := []string{}
		var hands [2]int
		for _, pl := range []mancala.Player{mancala.South, mancala.North} {
			for i := 0; i < n; i++ {
				if b.Burnt(pl, i) {
					burnt = append(burnt, mancala.Hole{Owner: pl, House: i}.String())
				}
			}
			hands[pl], _ = b.Hand(pl)
		}
		st.Round, st.Burnt, st.InHand = &round, &burnt, &hands
	}
	legal := g.Legal()
	switch t := g.Turn(); t {
	case mancala.NoTurn:
		o := g.Outcome()
		st.Result = o.Result.String()
		st.Scores = &o.Scores
		none := []string{}
		st.Legal = &none
		if e := o.Ending; e.Reason != mancala.EndNone {
			st.Ending = &StepEnding{Reason: e.Reason.String(), Rule: e.Rule, Text: e.String()}
			if p, ok := e.Who.Player(); ok {
				st.Ending.Who = p.String()
			}
		}
	case mancala.BothTurn:
		st.ToMove = t.String()
		south, north := choiceLetters(legal, mancala.South), choiceLetters(legal, mancala.North)
		st.LegalSouth, st.LegalNorth = &south, &north
	default:
		st.ToMove = t.String()
		l := make([]string, len(legal))
		for i, m := range legal {
			l[i] = m.String()
		}
		st.Legal = &l
	}
	return st
}

// Adjudicate makes s the last step of a record whose result r was
// decided outside the rules (a Termination tag of [Adjudicated]): it
// gives the result and the ending {"reason": "adjudicated"}, over staying
// false.
func (s *Step) Adjudicate(r mancala.Result) {
	s.Result = r.String()
	s.Ending = &StepEnding{Reason: "adjudicated", Text: "adjudicated: the result was decided outside the rules"}
}

// choiceLetters lists p's houses among moves as letters, in the
// ruleset's order.
func choiceLetters(moves []mancala.Move, p mancala.Player) []string {
	s := []string{}
	for _, i := range mancala.Choices(nil, moves, p) {
		s = append(s, mancala.Single(p, i).String())
	}
	return s
}
