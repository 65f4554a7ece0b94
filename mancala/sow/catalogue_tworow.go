package sow

// More two-row games of the catalogue (issue 42, part 3). Each follows
// the source its Source cites; where the program MancalaGames models the
// game, the configuration named there was compared with ours move by move
// (ORACLES.md), and where a source leaves a point open or another source
// reads it otherwise, the Intro or Source says which reading is played.

func twoRowGames() []Game {
	return []Game{
		{
			Name: "wari", Label: "Wari", Region: "West Africa (Mali), Caribbean",
			Description: "Oware without the grand slam rule: captures of 2 and 3 backwards, feeding, and a move that takes every seed of the opponent is played like any other.",
			Source:      "L. Russ, Mancala Games, 1984, p. 14, as MancalaGames' configuration Wari.txt reads it; Mancala World, Wari, https://mancala.fandom.com/wiki/Wari",
			Board:       "2 x 6, 4 seeds a house (48), stores off the circuit",
			Intro:       "Wari is the name under which Oware is known in Mali and in much of the Caribbean. Unlike tournament Oware it puts no limit on a grand slam. The game stops as soon as a player holds more than half of the seeds.",
			Config: Config{Houses: 6, Seeds: 4, Stores: true, SkipOrigin: true,
				CaptureCounts: []int{2, 3}, CaptureRow: OpponentRow, Successive: true,
				Feed: true, NoMove: OwnerTakes, Majority: true, Cycle: OwnerTakes},
			Sized: true,
		},
		{
			Name: "songo", Label: "Songo", Region: "Cameroon, Gabon, Equatorial Guinea (Fang, Bulu)",
			Description: "The game of the Fang and Bulu: clockwise sowing, captures of 2 and 4 backwards in the opponent's row, feeding.",
			Source:      "L. Russ, Mancala Games, 1984, p. 19, as MancalaGames' configuration Songo.txt reads it; Mancala World, Songo, https://mancala.fandom.com/wiki/Songo, and Songo Douala, https://mancala.fandom.com/wiki/Songo_Douala",
			Board:       "2 x 7, 5 seeds a house (70), stores off the circuit",
			Intro:       "Songo is played by the Fang and Bulu peoples of Cameroon, Gabon and Equatorial Guinea. The sources say nothing of a grand slam: it captures like any move here. Other regional rules (Songo Ewondo's limits on the leftmost house) are not played.",
			Config: Config{Houses: 7, Seeds: 5, Stores: true, Direction: Clockwise, SkipOrigin: true,
				CaptureCounts: []int{2, 4}, CaptureRow: OpponentRow, Successive: true,
				Feed: true, NoMove: OwnerTakes, Cycle: OwnerTakes},
			Variants: []Variant{{Word: "douala", Label: "Songo Douala",
				Description: "Eight seeds a house, captures of 2, 3 and 4, and a grand slam only when no other move is left, capturing nothing.",
				Config: Config{Houses: 7, Seeds: 8, Stores: true, Direction: Clockwise, SkipOrigin: true,
					CaptureCounts: []int{2, 3, 4}, CaptureRow: OpponentRow, Successive: true,
					GrandSlam: SlamForbidden, Feed: true, NoMove: OwnerTakes, Cycle: OwnerTakes}}},
			Sized: true,
		},
		{
			Name: "endodoi", Label: "Endodoi", Region: "Kenya, Tanzania (Maasai)",
			Description: "The Maasai relay-sowing game: sow on from every occupied house, and a last seed in an empty house of your row takes the house opposite.",
			Source:      "L. Russ, Mancala Games, 1984, p. 28, as MancalaGames' configuration Endodoi.txt reads it; Mancala World, Endodoi, https://mancala.fandom.com/wiki/Endodoi",
			Board:       "2 x 8, 4 seeds a house (64), stores off the circuit",
			Intro:       "Endodoi is played by the Maasai of Kenya and Tanzania, on boards of six to ten holes a row. The emptied house is sown into like any other when a sowing comes round, and the capturing seed goes with the seeds it takes.",
			Config: Config{Houses: 8, Seeds: 4, Stores: true, Relay: true, MaxLaps: 1000,
				Opposite: true, OppositeNeedsSeeds: true, OppositeTakesLast: true,
				NoMove: OwnerTakes, Cycle: OwnerTakes},
			Sized: true,
		},
		{
			Name: "umelbagara", Label: "Um el Bagara", Region: "Sudan (Kordofan)",
			Description: "The cow game: each house sows towards the nearer end of your row, the middle one either way; captures of 2 and 4 backwards in the opponent's row.",
			Source:      "R. Davies, Sudan Notes and Records 8, 1925, and H. J. R. Murray, A History of Board-Games other than Chess, 1952, as Ludii's rules of Um el-Bagara state them, https://ludii.games/details.php?keyword=Um%20el-Bagara; L. Russ, Mancala Games, 1984, p. 21, as MancalaGames' configuration Cow.txt reads it",
			Board:       "2 x 5, 5 seeds a house (50), no stores",
			Intro:       "Um el Bagara, the game of the cow, was described in Kordofan, Sudan. A single seed may not be sown. Ludii says the seeds before a capture may be taken; here they always are, as in MancalaGames. A player who cannot move passes, and the game ends when neither can.",
			Config: Config{Houses: 5, Seeds: 5, EitherWay: true, HouseWay: Outward, MinSeeds: 2,
				CaptureCounts: []int{2, 4}, CaptureRow: OpponentRow, Successive: true,
				Pass: true, NoMove: OwnerTakes, Cycle: OwnerTakes},
			Sized: true,
		},
		{
			Name: "mbangbi", Label: "Mbangbi", Region: "Central African Republic",
			Description: "Sow either way from any house of two seeds or more; captures of 2 and 4 backwards in the opponent's row.",
			Source:      "L. Russ, Mancala Games, 1984, p. 20, as MancalaGames' configuration Mbangbi.txt reads it; Mancala World, Mbangbi, https://mancala.fandom.com/wiki/Mbangbi",
			Board:       "2 x 5, 8 seeds a house (80), stores off the circuit",
			Intro:       "In Mbangbi each move chooses its direction. A single seed may not be sown, a sowing that goes round the board skips the house it started from, and a player who cannot move passes.",
			Config: Config{Houses: 5, Seeds: 8, Stores: true, EitherWay: true, MinSeeds: 2, SkipOrigin: true,
				CaptureCounts: []int{2, 4}, CaptureRow: OpponentRow, Successive: true,
				Pass: true, NoMove: OwnerTakes, Cycle: OwnerTakes},
			Sized: true,
		},
		{
			Name: "ottjin", Label: "Ot-tjin", Region: "Southeast Asia",
			Description: "Relay sowing clockwise on a long board; a last seed that makes 3 in either row captures them.",
			Source:      "L. Russ, Mancala Games, 1984, p. 64, as MancalaGames' configuration Ot-tjin.txt reads it; Mancala World, Ot-tjin, https://mancala.fandom.com/wiki/Ot-tjin",
			Board:       "2 x 10, 3 seeds a house (60), stores off the circuit",
			Intro:       "Ot-tjin is played with three seeds a house, and a house of three is captured. Mancala World doubts the clockwise direction that Russ gives; the game is the same up to reflection.",
			Config: Config{Houses: 10, Seeds: 3, Stores: true, Direction: Clockwise, Relay: true, MaxLaps: 1000,
				CaptureCounts: []int{3}, CaptureRow: AnyRow,
				NoMove: OwnerTakes, Cycle: OwnerTakes},
			Sized: true,
		},
		{
			Name: "adjikui", Label: "Adji Kui", Region: "Suriname (Caribbean)",
			Description: "An Oware of the Caribbean: only houses of two or more seeds are sown, captures of 2 and 3 backwards, and a player who cannot move passes.",
			Source:      "J. A. Valdez, 50 Ways to Play Mancala, 2023, p. 51, as MancalaGames' configuration Adji_Kui_I.txt reads it",
			Board:       "2 x 6, 4 seeds a house (48), stores off the circuit",
			Intro:       "Adji Kui is played in Suriname. There is no feeding: a player with no house of two seeds passes, and the game ends when neither can move, each player taking the seeds of his own row.",
			Config: Config{Houses: 6, Seeds: 4, Stores: true, MinSeeds: 2,
				CaptureCounts: []int{2, 3}, CaptureRow: OpponentRow, Successive: true,
				Pass: true, NoMove: OwnerTakes, Cycle: OwnerTakes},
			Sized: true,
		},
		{
			Name: "djenonaboure", Label: "Djenon Aboure", Region: "Côte d'Ivoire",
			Description: "Relay sowing from houses of two seeds or more; captures of 2 and 4 in either row, backwards.",
			Source:      "Mancala World, Djenon Aboure, https://mancala.fandom.com/wiki/Djenon_Aboure, as MancalaGames' configuration Djenon_Aboure.txt reads it",
			Board:       "2 x 6, 4 seeds a house (48), stores off the circuit",
			Intro:       "Djenon Aboure is a game of Côte d'Ivoire. A sowing goes on from each occupied house it ends in, until it ends in an empty house or captures. The game ends when the player to move cannot move; each player takes the seeds of his row.",
			Config: Config{Houses: 6, Seeds: 4, Stores: true, MinSeeds: 2, Relay: true, MaxLaps: 1000,
				CaptureCounts: []int{2, 4}, CaptureRow: AnyRow, Successive: true,
				NoMove: OwnerTakes, Cycle: OwnerTakes},
			Sized: true,
		},
		{
			Name: "almanqala", Label: "Al-manqala", Region: "Arabian Peninsula, Syria",
			Description: "The Arab manqala of two rows of seven: captures of 2 and 4 in either row, backwards, and feeding.",
			Source:      "Mancala World, Al-manqala, https://mancala.fandom.com/wiki/Al-manqala, as MancalaGames' configuration Al-manqala.txt reads it",
			Board:       "2 x 7, 7 seeds a house (98), stores off the circuit",
			Intro:       "Al-manqala is played in the Arab world. You must give your opponent seeds when he has none; if you cannot, the game ends and he takes every seed left.",
			Config: Config{Houses: 7, Seeds: 7, Stores: true,
				CaptureCounts: []int{2, 4}, CaptureRow: AnyRow, Successive: true,
				Feed: true, NoMove: EmptyRowTakes, Cycle: OwnerTakes},
			Sized: true,
		},
		{
			Name: "bakuk", Label: "Bakuk", Region: "North Africa",
			Description: "A small board of three houses a row: captures of 2 and 4 in either row, backwards.",
			Source:      "J. A. Valdez, 50 Ways to Play Mancala, 2023, p. 144, as MancalaGames' configuration Bakuk.txt reads it",
			Board:       "2 x 3, 6 seeds a house (36), stores off the circuit",
			Intro:       "Bakuk is played on a board of three houses a row. When the player to move cannot move, the game ends and the seeds left count for nobody.",
			Config: Config{Houses: 3, Seeds: 6, Stores: true,
				CaptureCounts: []int{2, 4}, CaptureRow: AnyRow, Successive: true,
				NoMove: Nobody, Cycle: Nobody},
			Sized: true,
		},
		{
			Name: "hufesay", Label: "Hufesay", Region: "Ethiopia",
			Description: "Relay sowing; a last seed in an empty house of your row takes the house opposite and stays where it fell.",
			Source:      "Mancala World, Hufesay, https://mancala.fandom.com/wiki/Hufesay, as MancalaGames' configuration Hufesay.txt reads it",
			Board:       "2 x 6, 4 seeds a house (48), stores off the circuit",
			Intro:       "Hufesay is a relay-sowing game of Ethiopia. A player who cannot move passes; when neither can, the seeds left count for nobody.",
			Config: Config{Houses: 6, Seeds: 4, Stores: true, Relay: true, MaxLaps: 1000,
				Opposite: true, OppositeNeedsSeeds: true,
				Pass: true, NoMove: Nobody, Cycle: Nobody},
			Sized: true,
		},
		{
			Name: "sadeqa", Label: "Sadeqa", Region: "Ethiopia, Eritrea",
			Description: "Relay sowing on two rows of eight; a last seed in an empty house of your row takes the house opposite.",
			Source:      "Mancala World, Sadeqa III, https://mancala.fandom.com/wiki/Sadeqa_III, as MancalaGames' configuration Sadeqa_III.txt reads it",
			Board:       "2 x 8, 6 seeds a house (96), stores off the circuit",
			Intro:       "Sadeqa is the name of several games of Ethiopia and Eritrea; this is the two-row game of eight houses with relay sowing. The capturing seed stays where it fell. When the player to move cannot move, the player who moved last takes every seed left.",
			Config: Config{Houses: 8, Seeds: 6, Stores: true, Relay: true, MaxLaps: 1000,
				Opposite: true, OppositeNeedsSeeds: true,
				NoMove: OpponentTakes, Cycle: OwnerTakes},
			Sized: true,
		},
		{
			Name: "halusa", Label: "Halusa", Region: "Western Asia",
			Description: "Captures of even counts in your own row, and feeding.",
			Source:      "J. A. Valdez, 50 Ways to Play Mancala, 2023, p. 353, as MancalaGames' configuration Halusa.txt reads it",
			Board:       "2 x 6, 6 seeds a house (72), stores off the circuit",
			Intro:       "In Halusa you capture in your own row: a last seed that makes a house of yours hold an even count takes it. You must give your opponent seeds when he has none; if you cannot, he takes every seed left.",
			Config: Config{Houses: 6, Seeds: 6, Stores: true,
				CaptureEven: true, CaptureRow: OwnRow,
				Feed: true, NoMove: EmptyRowTakes, Cycle: OwnerTakes},
			Sized: true,
		},
		{
			Name: "tihbat", Label: "Tihbat", Region: "North Africa",
			Description: "The smallest board: two houses a row, and a last seed that makes an even count of eight or less captures it.",
			Source:      "Mancala World, Tihbat, https://mancala.fandom.com/wiki/Tihbat, as MancalaGames' configuration Tihbat.txt reads it",
			Board:       "2 x 2, 7 seeds a house (28), stores off the circuit",
			Intro:       "Tihbat is played on two houses a row. The game stops as soon as a player holds more than half of the seeds.",
			Config: Config{Houses: 2, Seeds: 7, Stores: true,
				CaptureCounts: []int{2, 4, 6, 8}, CaptureRow: AnyRow,
				NoMove: OwnerTakes, Majority: true, Cycle: OwnerTakes},
			Sized: true,
		},
		{
			Name: "ndoto", Label: "Ndoto", Region: "East Africa",
			Description: "Relay sowing in which a single seed may only move into an empty house; a last seed in an empty house of your row takes the house opposite.",
			Source:      "L. Russ, Mancala Games, 1984, p. 30, as MancalaGames' configuration Ndoto.txt reads it",
			Board:       "2 x 8, 2 seeds a house (32), stores off the circuit",
			Intro:       "Ndoto is a relay-sowing game of East Africa played with two seeds a house. The capturing seed stays where it fell. The game stops as soon as a player holds more than half of the seeds, or when the player to move cannot move; each player then takes the seeds of his row.",
			Config: Config{Houses: 8, Seeds: 2, Stores: true, Relay: true, MaxLaps: 1000, SingleToEmpty: true,
				Opposite: true, OppositeNeedsSeeds: true,
				NoMove: OwnerTakes, Majority: true, Cycle: OwnerTakes},
			Variants: []Variant{{Word: "bao", Label: "Ndoto Bao",
				Description: "Only houses of two seeds or more may be sown while there are any; then single seeds, each only into an empty house.",
				Config: Config{Houses: 8, Seeds: 2, Stores: true, Relay: true, MaxLaps: 1000, SingleToEmpty: true,
					MinSeeds: 2, SinglesLast: true, Opposite: true, OppositeNeedsSeeds: true,
					NoMove: OwnerTakes, Majority: true, Cycle: OwnerTakes}}},
			Sized: true,
		},
		{
			Name: "longbeuacha", Label: "Longbeu-a-cha", Region: "South Asia (Andaman Islands)",
			Description: "Indian-style laps: sow on from the hole after your last one; when it is empty, take the hole beyond it, and every second hole after while they alternate.",
			Source:      "L. Russ, Mancala Games, 1984, p. 60, as MancalaGames' configuration Longbeu-a-cha.txt reads it",
			Board:       "2 x 5, 5 seeds a house (50), stores off the circuit",
			Intro:       "Longbeu-a-cha is sown in the South Asian way that Russ calls Indian style: a sowing goes on from the hole after the last one, and stops when that hole is empty, capturing across the gap. Walak-pussa is the same game on seven holes a row with four seeds each (houses=7 seeds=4). When the player to move cannot move, the game ends and each player takes the seeds of his row.",
			Config: Config{Houses: 5, Seeds: 5, Stores: true, TwoOut: true, Successive: true, MaxLaps: 1000,
				NoMove: OwnerTakes, Cycle: OwnerTakes},
			Sized: true,
		},
		{
			Name: "chongkak", Label: "Congkak", Region: "Malaysia, Brunei, Singapore",
			Description: "The Malay game: both players sow the first move at once; relay sowing through your own store, extra turns, captures opposite, rounds until a player has lost all his houses.",
			Source:      "The project's RULES.md, CK-1 to CK-16 (after the English and Romanian rules texts and H. Overbeck, 1915), as package congkak plays it; Mancala World, Congkak, https://mancala.fandom.com/wiki/Congkak",
			Board:       "2 x 7, 7 seeds a house (98), two stores, your own in the circuit",
			Intro:       "Congkak is played in Malaysia, Brunei and Singapore on a boat-shaped board. Package congkak plays it, with Overbeck's variant; this configuration plays the same game move for move (the Congkak oracle checks it).",
			Config:      CongkakConfig(7, 7),
			Sized:       true,
			PlayedBy:    "congkak",
		},
		{
			Name: "dakon", Label: "Dakon", Region: "Indonesia (Java), Malaysia",
			Description: "The Javanese game of rounds: relay sowing through your own store, extra turns, captures opposite; houses you cannot refill are burnt for the next round.",
			Source:      "Mancala World, Dakon, https://mancala.fandom.com/wiki/Dakon; J. Donkers, Dakon pages (Maastricht University); L. Russ, Mancala Games, 1984, p. 62, as MancalaGames' configuration Dakon.txt reads it",
			Board:       "2 x 7, 7 seeds a house (98), two stores, your own in the circuit",
			Intro:       "Dakon is played in Java on a boat-shaped board with two stores, the lumbung. It is played in rounds: a round ends when every seed is in the stores, and the player who moved last starts the next (Russ). MancalaGames ends the game when a player cannot fill four houses, to shorten it; here, as Donkers and Mancala World say, when he cannot fill one. With nothing opposite, the capturing seed stays where it fell (MancalaGames' reading; the sources are silent).",
			Config:      dakonConfig(),
			Variants: []Variant{{Word: "rounds=1", Label: "One round",
				Description: "A single round: the game ends when every seed is in the stores.",
				Config:      func() Config { c := dakonConfig(); c.Rounds = false; return c }()}},
			Sized: true,
		},
	}
}

// dakonConfig returns Dakon: congklak's sowing counter-clockwise (the
// store on each player's right, as Donkers draws it), in rounds that the
// last mover starts (SW-43).
func dakonConfig() Config {
	c := congklakConfig(Anticlockwise)
	c.Rounds, c.RoundStarter = true, LastMoverStarts
	return c
}

// congklakRounds returns congklakConfig(d) played in rounds that the
// player with fewer seeds starts (SW-43), as Congkak's are.
func congklakRounds(d Direction) Config {
	c := congklakConfig(d)
	c.Rounds = true
	return c
}

// sungkaConfig returns Sungka: congklakRounds(Anticlockwise) with the
// simultaneous opening (SW-45), South's hand dropping first in each tick.
func sungkaConfig() Config {
	c := congklakRounds(Anticlockwise)
	c.Simultaneous = true
	return c
}

// CongkakConfig returns Congkak(houses, seeds) as RULES.md's CK-1 to CK-16
// describe it by default (package congkak's congkak.Documents()): the
// simultaneous opening (SW-45), relay sowing through the own store, an
// extra turn in it, a capture opposite an empty house of the mover's row
// taking the last seed too (to the store alone when nothing is opposite),
// rounds that end when a turn ends with a row empty (SW-44), refills and
// burnt houses, the loser starting (SW-43), and a repeated round start
// ending the game.
func CongkakConfig(houses, seeds int) Config {
	return Config{Houses: houses, Seeds: seeds, Stores: true, SowOwnStore: true, Relay: true, MaxLaps: 1000,
		ExtraTurn: true, Opposite: true, OppositeTakesLast: true, TurnRowEmpty: true,
		NoMove: OwnerTakes, Cycle: OwnerTakes, Rounds: true, RoundStarter: LoserStarts, Simultaneous: true}
}
