package sow

// The four-row games of East and Southern Africa (besides Hus and
// Hawalis, in catalogue.go). Houses are numbered as mancala.Layout says:
// a player's outer row 0 to 7 from his left, his inner row 8 to 15 from
// his right; so the inner house in column k from his left is 15-k.

// omwesoLeft is Omweso's four houses at the left of a player's side: the
// two leftmost of his outer row (A, B) and of his inner row (P, O).
const omwesoLeft = 1<<0 | 1<<1 | 1<<14 | 1<<15

// rwandaReverse is the four houses of Kubuguza and Igisoro from which a
// reversed sowing may start, as Ludii's rules text of Kubuguza names them:
// both ends of the outer row (A, H) and the second house from each end of
// the inner row (O, J).
const rwandaReverse = 1<<0 | 1<<7 | 1<<9 | 1<<14

// outerRow returns a four-row start pattern of 16 houses with v seeds in
// each house of the outer row and w in each of the inner row.
func outerRow(v, w int) []int {
	p := make([]int, 16)
	for i := range p {
		p[i] = v
		if i >= 8 {
			p[i] = w
		}
	}
	return p
}

// omwesoConfig is Omweso with the given start pattern.
func omwesoConfig(pattern []int) Config {
	return Config{Houses: 16, Rows: 2, Pattern: pattern, MinSeeds: 2, Relay: true,
		Opposite: true, OppositeWhenOccupied: true, OppositeBothRows: true, OppositeNeedsSeeds: true, OppositeNeedsBoth: true,
		CapturedSown: true, CapturedFrom: FromLapStart, ReverseHouses: omwesoLeft,
		CannotMoveLoses: true, NoMove: OpponentTakes, Cycle: OwnerTakes}
}

// BaoKujifunzaConfig returns Bao la Kujifunza: 2 seeds in every house of
// a 4 x 8 board, either direction, relay sowing, compulsory captures of
// the inner house facing an occupied inner house, sown on from a kichwa,
// takasa moves that capture nothing, and a player whose inner row is
// empty or who cannot move loses.
func BaoKujifunzaConfig() Config {
	return Config{Houses: 16, Rows: 2, Seeds: 2, MinSeeds: 2, EitherWay: true, Relay: true,
		Opposite: true, OppositeWhenOccupied: true, OppositeNeedsSeeds: true,
		CapturedSown: true, CapturedFrom: FromKichwa, MustCapture: true, CaptureFirstLap: true, InnerRowNeeded: true,
		CannotMoveLoses: true, NoMove: OpponentTakes, Cycle: OwnerTakes}
}

func fourRowGames() []Game {
	return []Game{
		{
			Name: "omweso", Label: "Omweso", Region: "Uganda (Baganda)",
			Description: "The Ugandan four-row game: relay sowing, captures of both houses facing an occupied inner house, sown on at once, and reversed sowings from the left for a capture.",
			Source: "Ludii, Mweso, rules text after Shackell (1934), https://ludii.games/details.php?keyword=Mweso; Wikipedia, Omweso, https://en.wikipedia.org/wiki/Omweso. " +
				"Readings: the players' free arrangement of their 32 seeds is replaced by a fixed start (4 in each outer house; 2 in every house as a variant); " +
				"captured seeds are sown on from the first hole of the capturing lap, as Ludii's text says (Wikipedia: from the house where the move began; Ludii's code then goes on from the capturing house), in the lap's direction, and the sowing goes on from where they end; " +
				"a reversed sowing is allowed only from a player's first house, not in the middle of a move, and the win by captures at both ends of the board in one turn (Wikipedia) is not played.",
			Board:  "4 x 8, 4 seeds in each outer house (64), no stores",
			Intro:  "Omweso is the great board game of the Baganda of Uganda, played on 32 holes with 64 seeds; its sowings go on lap after lap, and a capture can turn a game at once.",
			Config: omwesoConfig(outerRow(4, 0)),
			Variants: []Variant{{Word: "start=even", Label: "Two in every house",
				Description: "The game starts with 2 seeds in every house.",
				Config:      omwesoConfig(outerRow(2, 2))}},
		},
		{
			Name: "igisoro", Label: "Igisoro", Region: "Rwanda, Burundi",
			Description: "The Rwandan relative of Omweso: relay sowing from any house, captures of both houses facing, sown again from where the move began.",
			Source: "Wikipedia, Igisoro, https://en.wikipedia.org/wiki/Igisoro; Ludii, Kubuguza, rules text after Merriam (1953), for the four houses of reversed sowing. " +
				"Readings: a capture is always made (Wikipedia lets the player decline it, and the opponent then withdraw his seeds); " +
				"a reversed sowing is allowed only from a player's first house, and from the houses Ludii's text names (its code names the other four: inner ends, outer second houses).",
			Board: "4 x 8, 4 seeds in each outer house (64), no stores",
			Intro: "Igisoro is played in Rwanda and Burundi, on a board of four rows of eight holes; it is a close relative of Omweso.",
			Config: Config{Houses: 16, Rows: 2, Pattern: outerRow(4, 0), Relay: true,
				Opposite: true, OppositeWhenOccupied: true, OppositeBothRows: true, OppositeNeedsSeeds: true, OppositeNeedsBoth: true,
				CapturedSown: true, CapturedFrom: FromMoveStart, ReverseHouses: rwandaReverse,
				CannotMoveLoses: true, NoMove: OpponentTakes, Cycle: OwnerTakes},
		},
		{
			Name: "kubuguza", Label: "Kubuguza", Region: "Rwanda (Abatutsi)",
			Description: "A Rwandan four-row game: the seeds start in the inner rows, nobody captures in his first move, and captures take both houses facing.",
			Source: "Ludii, Kubuguza, rules text after Merriam (1953), https://ludii.games/details.php?keyword=Kubuguza. " +
				"Readings: 4 seeds in each inner house, as the text says (Ludii's code puts 3); reversed sowings from the houses the text names (its code names the other four), only from a player's first house, not when a lap ends in one in the middle of a move.",
			Board: "4 x 8, 4 seeds in each inner house (64), no stores",
			Intro: "Kubuguza was recorded among the Abatutsi of Rwanda in the 1950s. A capture needs both of the opponent's houses in the column to hold seeds.",
			Config: Config{Houses: 16, Rows: 2, Pattern: outerRow(0, 4), MinSeeds: 2, Relay: true,
				Opposite: true, OppositeWhenOccupied: true, OppositeBothRows: true, OppositeNeedsSeeds: true, OppositeNeedsBoth: true,
				CapturedSown: true, CapturedFrom: FromLapStart, ReverseHouses: rwandaReverse, NoCaptureFirstMove: true,
				CannotMoveLoses: true, NoMove: OpponentTakes, Cycle: OwnerTakes},
		},
		{
			Name: "baokujifunza", Label: "Bao la Kujifunza", Region: "Tanzania, Kenya (Swahili coast)",
			Description: "The learners' Bao: either direction, relay sowing, compulsory captures sown on from the ends of the inner row.",
			Source: "A. de Voogt, Limits of the Mind: Towards a Characterisation of Bao Mastership, Leiden, 1995; Mancala World, Bao la Kujifunza, https://mancala.fandom.com/wiki/Bao_la_Kujifunza; Ludii, Bao Kiswahili (East Africa), rules text after Sanderson (1913), for its second stage. " +
				"Readings: a capture in the four middle houses of the inner row is sown from the kichwa at the end the capturing lap came from (as Ludii's text says: the kichwa that continues the direction of the sowing), not from the one the player chooses; " +
				"a capture needs the last seed to fall into an occupied house (de Voogt; Ludii's text asks only that the opponent's house facing it hold seeds); " +
				"a player whose inner row is empty loses when his turn comes.",
			Board:  "4 x 8, 2 seeds in every house (64), no stores",
			Intro:  "Bao is the game of the Swahili coast of East Africa and of Zanzibar. Bao la Kujifunza, the Bao of learning, leaves out the opening stage of the full game (Bao la Kiswahili): every seed is on the board from the start.",
			Config: BaoKujifunzaConfig(),
		},
		{
			Name: "tsoro", Label: "Tsoro", Region: "Zimbabwe",
			Description: "The Zimbabwean four-row game: relay sowing, and a last seed in an empty inner house takes the houses facing it.",
			Source: "Ludii, Tsoro, rules text after Matthews (1964), https://ludii.games/details.php?keyword=Tsoro. " +
				"Readings: a player who cannot move loses (the text ends the game when a player has no seeds; a player whose single seeds all face occupied holes is then stuck).",
			Board: "4 x 8, 2 seeds in each outer house (32), no stores",
			Intro: "Tsoro is played by men in Zimbabwe on boards of four rows of six to twenty-one holes; eight is the most common.",
			Config: Config{Houses: 16, Rows: 2, Pattern: outerRow(2, 0), MinSeeds: 2, SinglesLast: true, SingleIntoEmpty: true, Relay: true,
				Opposite: true, OppositeBothRows: true, OppositeNeedsSeeds: true,
				CannotMoveLoses: true, NoMove: OpponentTakes, Cycle: OwnerTakes},
		},
		{
			Name: "otep", Label: "Otep (no opening)", Region: "South Sudan (Bari)",
			Description: "The Bari four-row game: captures of both houses facing an occupied inner house, sown on from the first hole of the capturing lap.",
			Source: "Ludii, Otep, rules text after Beaton (1939), https://ludii.games/details.php?keyword=Otep. " +
				"Readings: the stylised opening, played by both players at once, is not played: the game starts from 2 seeds in every house.",
			Board: "4 x 8, 2 seeds in every house (64), no stores",
			Intro: "Otep (Soro) is played by the Bari of South Sudan on holes scooped in the ground; the seeds stand for cows. Its opening, played by both players at once, is left out here.",
			Config: Config{Houses: 16, Rows: 2, Seeds: 2, MinSeeds: 2, Relay: true,
				Opposite: true, OppositeWhenOccupied: true, OppositeBothRows: true, OppositeNeedsSeeds: true, OppositeNeedsBoth: true,
				CapturedSown: true, CapturedFrom: FromLapStart,
				CannotMoveLoses: true, NoMove: OpponentTakes, Cycle: OwnerTakes},
		},
	}
}
