package sow

// The games of the catalogue. Each Config follows the source cited in
// Source; where the source is silent, the choice is said in the field's
// comment and in the catalogue page.

// KalahConfig returns Kalah(houses, seeds) with the empty capture (the
// rules of the solved game) or, with standard, the standard capture.
func KalahConfig(houses, seeds int, standard bool) Config {
	return Config{
		Houses: houses, Seeds: seeds, Stores: true,
		SowOwnStore: true, ExtraTurn: true,
		Opposite: true, OppositeTakesLast: true, OppositeNeedsSeeds: standard,
		EndRowEmpty: true, NoMove: OwnerTakes, Cycle: OwnerTakes,
	}
}

// AwaleConfig returns the Awalé of package awale's documents (grand slam
// forbidden unless forced, then no capture; cycle: own rows).
func AwaleConfig(houses, seeds int) Config {
	return Config{
		Houses: houses, Seeds: seeds, Stores: true,
		SkipOrigin:    true,
		CaptureCounts: []int{2, 3}, CaptureRow: OpponentRow, Successive: true,
		GrandSlam: SlamForbidden, Feed: true,
		NoMove: OwnerTakes, Cycle: OwnerTakes,
	}
}

// AbapaConfig returns Awalé's Abapa rules: a grand slam captures
// nothing and the game stops at a majority.
func AbapaConfig(houses, seeds int) Config {
	c := AwaleConfig(houses, seeds)
	c.GrandSlam = SlamNoCapture
	c.Majority = true
	return c
}

// AwariConfig returns the solved Awari's rules: a grand slam is
// forbidden unless forced, and then captures; a cycle shares the seeds
// left.
func AwariConfig(houses, seeds int) Config {
	c := AwaleConfig(houses, seeds)
	c.GrandSlam = SlamForbiddenElseCapture
	c.Cycle = Split
	return c
}

func catalogue() []Game {
	return append([]Game{
		{
			Name: "kalah", Label: "Kalah", Region: "United States (commercial, 1940s)", Usual: true,
			Description: "The commercial sowing game with two stores, where a last seed in your store gives you another move.",
			Source:      "G. Irving, J. Donkers, J. Uiterwijk, Solving Kalah, ICGA Journal 23(3), 2000; Mancala World, Kalah, https://mancala.fandom.com/wiki/Kalah",
			Board:       "2 x 6, 4 seeds a house (48), two stores in the circuit",
			Intro:       "Kalah is the game most people in Europe and America call Mancala.",
			Config:      KalahConfig(6, 4, false),
			UsualLabel:  "Empty capture (solved Kalah)",
			Variants: []Variant{{Word: "capture=standard", Label: "Standard capture",
				Description: "A last seed in an empty house of your row captures only when the house opposite holds seeds; otherwise it stays where it fell.",
				Config:      KalahConfig(6, 4, true)}},
			Sized: true, DefaultWord: "capture=empty",
		},
		{
			Name: "oware", Label: "Oware (Abapa)", Region: "Ghana, West Africa, Caribbean",
			Description: "The tournament rules of Oware: captures of 2 and 3 in the opponent's row, feeding, no grand slam captures.",
			Source:      "World Oware Federation rules (Abapa), as package awale plays them (awale abapa); Mancala World, Oware, https://mancala.fandom.com/wiki/Oware",
			Board:       "2 x 6, 4 seeds a house (48), stores off the circuit",
			Intro:       "Oware is played across West Africa and the Caribbean; Abapa is the set of rules of its tournaments.",
			Config:      AbapaConfig(6, 4),
			Sized:       true,
			PlayedBy:    "awale abapa",
		},
		{
			Name: "awari", Label: "Awari", Region: "West Africa (the solved game)",
			Description: "Oware as the computer solvers played it: a grand slam only when forced, a cycle shares the seeds left.",
			Source:      "J. Romein, H. Bal, Solving Awari with Parallel Retrograde Analysis, IEEE Computer 36(10), 2003; T. Lincke, Exploring the Computational Limits of Large Exhaustive Search Problems, ETH Zurich, 2002",
			Board:       "2 x 6, 4 seeds a house (48), stores off the circuit",
			Intro:       "Awari is the name under which Oware was solved by computer in 2002: with perfect play, it is a draw.",
			Config:      AwariConfig(6, 4),
			Sized:       true,
			PlayedBy:    "awale awari",
		},
		{
			Name: "bohnenspiel", Label: "Bohnenspiel", Region: "Germany",
			Description: "The German bean game: captures of 2, 4 or 6 in either row, and backwards.",
			Source:      "F. Jahn (1923), as Ludii's ruleset Jahn of Das Bohnenspiel gives it, https://ludii.games/variantDetails.php?keyword=Das+Bohnenspiel&variant=66; Wikipedia, Das Bohnenspiel",
			Board:       "2 x 6, 6 seeds a house (72), stores off the circuit",
			Intro:       "Das Bohnenspiel, the bean game, was described in Germany in the early twentieth century.",
			Config: Config{Houses: 6, Seeds: 6, Stores: true,
				CaptureCounts: []int{2, 4, 6}, CaptureRow: AnyRow, Successive: true,
				NoMove: OpponentTakes, Cycle: OwnerTakes},
			Sized: true,
		},
		{
			Name: "toguz", Label: "Toguz Kumalak", Region: "Kazakhstan, Kyrgyzstan",
			Description: "The game of nine: 162 stones, even captures and the tuzdyk.",
			Source:      "Rules codified in 1949 by M. Auezov and K. Kuanishbayev, as PlayStrategy states them, https://playstrategy.org/variant/togyzkumalak; Mancala World, Toguz Kumalak",
			Board:       "2 x 9, 9 stones a house (162), stores off the circuit",
			Intro:       "Toguz Kumalak (Togyz Kumalak, Toguz Korgool) is the national game of Kazakhstan and Kyrgyzstan.",
			Config: Config{Houses: 9, Seeds: 9, Stores: true, FirstInOrigin: true,
				CaptureEven: true, CaptureRow: OpponentRow, Tuzdyk: true,
				NoMove: OpponentTakes, Majority: true, Cycle: OwnerTakes},
			Sized: true,
		},
		{
			Name: "ayoayo", Label: "Ayoayo", Region: "Nigeria (Yoruba)",
			Description: "The Yoruba relay-sowing game: sow on from every occupied house, capture opposite an empty house of your row.",
			Source:      "Mancala World, Ayoayo, https://mancala.fandom.com/wiki/Ayoayo, after L. Russ, The Complete Mancala Games Book, 2000. Sources differ: when the mover cannot feed, MancalaGames' Ayoayo.txt (after M. S. Mohr, The New Games Treasury, 1993) gives each player the seeds of his row; we follow Mancala World (all to the player who moved last)",
			Board:       "2 x 6, 4 seeds a house (48), stores off the circuit",
			Intro:       "Ayoayo is played by the Yoruba of Nigeria. Its sowings go on lap after lap.",
			// The sources bound no relay: MaxLaps is set high (1000), as
			// for Congklak.
			Config: Config{Houses: 6, Seeds: 4, Stores: true, SkipOrigin: true, Relay: true, MaxLaps: 1000,
				Opposite: true, OppositeNeedsSeeds: true, OppositeTakesLast: true,
				Feed: true, NoMove: OpponentTakes, Cycle: OwnerTakes},
			Sized: true,
		},
		{
			Name: "vailungthlan", Label: "Vai Lung Thlan", Region: "India (Mizoram), Myanmar, Bangladesh",
			Description: "The Mizo game: clockwise sowing, and a last seed in an empty house takes the chain of single seeds behind it.",
			Source:      "Mancala World, Vai Lung Thlan, https://mancala.fandom.com/wiki/Vai_Lung_Thlan, after J. Shakespear, The Lushei Kuki Clans, 1912",
			Board:       "2 x 6, 5 seeds a house (60), stores off the circuit",
			Intro:       "Vai Lung Thlan is played by the Mizo people; its name means the grave of stones.",
			Config: Config{Houses: 6, Seeds: 5, Stores: true, Direction: Clockwise,
				CaptureCounts: []int{1}, CaptureRow: AnyRow, Successive: true,
				Pass: true, NoMove: OwnerTakes, Cycle: OwnerTakes},
			Sized: true,
		},
		{
			Name: "mangala", Label: "Mangala", Region: "Turkey",
			Description: "The Turkish game: first seed back into the house, extra turns in your store, even captures and captures opposite.",
			Source:      "Mancala World, Mangala III, https://mancala.fandom.com/wiki/Mangala_III",
			Board:       "2 x 6, 4 seeds a house (48), two stores, your own in the circuit",
			Intro:       "Mangala is a Turkish game of two rows and two stores, related to Kalah and Toguz Kumalak.",
			Config: Config{Houses: 6, Seeds: 4, Stores: true, SowOwnStore: true, FirstInOrigin: true,
				ExtraTurn:   true,
				CaptureEven: true, CaptureRow: OpponentRow,
				Opposite: true, OppositeNeedsSeeds: true, OppositeTakesLast: true,
				EndRowEmpty: true, NoMove: EmptyRowTakes, Cycle: OwnerTakes},
			Sized: true,
		},
		{
			Name: "ouril", Label: "Ouril", Region: "Cape Verde",
			Description: "The Cape Verdean Oware: captures of 2 and 3 backwards, feeding, 25 seeds win.",
			Source:      "Wikipedia (German), Ouril, https://de.wikipedia.org/wiki/Ouril. Sources differ: MancalaGames' Ouri.txt (after J. A. Valdez, 50 Ways to Play Mancala, 2023) adds the Portuguese school rules (a single seed played only when no house holds more; a grand slam obliges the capturer to feed) and gives the seeds left to the player who could not be fed; we give them to the player who cannot feed, as CATALOGUE-NOTES.md reads Mancala World",
			Board:       "2 x 6, 4 seeds a house (48), stores off the circuit",
			Intro:       "Ouril is the Oware of Cape Verde, played in its squares and ports.",
			Config: Config{Houses: 6, Seeds: 4, Stores: true, SkipOrigin: true,
				CaptureCounts: []int{2, 3}, CaptureRow: OpponentRow, Successive: true,
				Feed: true, NoMove: OwnerTakes, Majority: true, Cycle: OwnerTakes},
			Sized: true,
		},
		{
			Name: "hus", Label: "Hus", Region: "Namibia",
			Description: "The four-row game of Namibia: relay sowing round your own rows, captures sown on, and the player who cannot move loses.",
			Source:      "Wikipedia, Hus, https://en.wikipedia.org/wiki/%C7%81Hus (4x8 board); Mancala World, Hus, https://mancala.fandom.com/wiki/Hus",
			Board:       "4 x 8, 2 seeds in the outer row and in four houses of the inner row (48), no stores",
			Intro:       "Hus is played by the Nama, Damara and Herero of Namibia on four rows of holes scooped in the ground.",
			Config: Config{Houses: 16, Rows: 2, Pattern: []int{2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 0, 0, 0, 0},
				MinSeeds: 2, Relay: true,
				Opposite: true, OppositeWhenOccupied: true, OppositeBothRows: true, OppositeNeedsSeeds: true, OppositeNeedsBoth: true,
				CapturedSown:    true,
				CannotMoveLoses: true, NoMove: OpponentTakes, Cycle: OwnerTakes},
		},
		{
			Name: "hawalis", Label: "Hawalis", Region: "Oman",
			Description: "The four-row game of Oman: relay sowing round your own rows, and a last seed in an empty inner house takes the seeds facing it.",
			Source:      "Wikipedia, Hawalis (rules of Oman), https://en.wikipedia.org/wiki/Hawalis; igGameCenter, Hawalis, https://www.iggamecenter.com/en/rules/hawalis; Ludii, Hawalis, rules text after de Voogt (2003), whose code, like igGameCenter, lets a single seed be sown only into an empty hole",
			Board:       "4 x 7, 2 seeds a house (56), no stores",
			Intro:       "Hawalis is played in Oman, on boards of wood or on holes scooped in the sand of the beach.",
			Config: Config{Houses: 14, Rows: 2, Seeds: 2, MinSeeds: 2, SinglesLast: true, SingleIntoEmpty: true, Relay: true,
				Opposite: true, OppositeBothRows: true, OppositeNeedsSeeds: true,
				NoMove: OwnerTakes, Cycle: OwnerTakes},
		},
		{
			Name: "lamlameta", Label: "Lamlameta", Region: "Ethiopia (Konso)",
			Description: "The Konso game of pairs: relay sowing that skips the opponent's pairs, and a capture of every pair of his.",
			Source:      "Wikipedia, Lamlameta, https://en.wikipedia.org/wiki/Lamlameta, after R. Pankhurst, Gabata and related board games of Ethiopia and the Horn of Africa, Ethiopia Observer 14(3), 1971. Sources differ: MancalaGames' Lamlameta.txt (after L. Russ, Mancala Games, 1984, p. 35) also limits the first move to the two rightmost houses and a house of 2 to when all hold 2, and plays rounds; neither is played here",
			Board:       "2 x 12, 2 seeds a house (48), no stores",
			Intro:       "Lamlameta, the game in pairs, is played by the Konso of central Ethiopia.",
			Config: Config{Houses: 12, Seeds: 2, Relay: true, SkipCount: 2,
				Opposite: true, OppositeNeedsSeeds: true, OppositeCount: 2, OppositeAll: true,
				NoMove: OpponentTakes, Cycle: OwnerTakes},
			Sized: true,
		},
		{
			Name: "gabata", Label: "Gabata (Adegrat, one round)", Region: "Ethiopia (Tigray)",
			Description: "A two-row Gabata of northern Ethiopia: the relay goes on from the hole after the last one, and a last seed in an empty hole takes the hole after it.",
			Source:      "Ludii, Gabata (Adegrat), rules text, https://ludii.games/details.php?keyword=Gabata+%28Adegrat%29",
			Board:       "2 x 6, 3 seeds a house (36), no stores",
			Intro:       "Gabata is the name of many sowing games of the Horn of Africa; this one is played near Adigrat. Its later rounds, in which houses change hands, are not played here.",
			Config: Config{Houses: 6, Seeds: 3, Relay: true, RelayNext: true, MaxLaps: 1000, CaptureNext: true,
				NoMove: OpponentTakes, Cycle: OwnerTakes},
			Sized: true,
		},
		{
			Name: "sungka", Label: "Sungka", Region: "Philippines",
			Description: "The Philippine game: both players sow the first move at once; relay sowing through your own store, extra turns, captures opposite, in rounds with burnt houses.",
			Source:      "Wikimanqala, Sungka, as the Cincinnati Museum Center's collection page quotes it, https://explore.ccmmla.org/index.php/Detail/objects/1966; vtaide.com, Sungka in Philippines",
			Board:       "2 x 7, 7 seeds a house (98), two stores, your own in the circuit",
			Intro:       "Sungka is played on a carved wooden board, the sungkaan, with cowrie shells. Both players play the first move at once, seed by seed; whoever's turn ends first moves next. A round ends when every seed is in the stores; the sources do not say who starts the next, and here, as in Congkak, the player with fewer seeds does.",
			Config:      sungkaConfig(),
			UsualLabel:  "Simultaneous opening, in rounds",
			Variants: []Variant{
				{Word: "opening=sequential", Label: "Sequential opening",
					Description: "South plays the first move alone (as Ludii plays it).",
					Config:      congklakRounds(Anticlockwise)},
				{Word: "rounds=1", Label: "One round, sequential opening",
					Description: "A single round, South moving first: the game ends when every seed is in the stores.",
					Config:      congklakConfig(Anticlockwise)}},
			Sized: true,
		},
		{
			Name: "congklak", Label: "Congklak", Region: "Indonesia, Malaysia",
			Description: "The Indonesian game, clockwise with the store on your left: relay sowing, extra turns, captures opposite, in rounds with burnt houses.",
			Source:      "Congkak rules text, http://salvi.chaosnet.org/snippets/congklak-rules.txt; Mancala World, Dakon, https://mancala.fandom.com/wiki/Dakon",
			Board:       "2 x 7, 7 seeds a house (98), two stores, your own in the circuit",
			Intro:       "Congklak (Dakon in Java) is the Indonesian and Malay game of the family of Congkak, played in rounds: a round ends when every seed is in the stores, the houses a player cannot refill are dead for the next round, and the player with fewer seeds starts it.",
			Config:      congklakRounds(Clockwise),
			UsualLabel:  "In rounds",
			Variants: []Variant{{Word: "rounds=1", Label: "One round",
				Description: "A single round: the game ends when every seed is in the stores.",
				Config:      congklakConfig(Clockwise)}},
			Sized: true,
		},
	}, append(append(append(append(twoRowGames(), fourRowGames()...), moreGames()...), adjiGames()...), esonGames()...)...) // catalogue_tworow.go, catalogue_fourrow.go, catalogue_more.go, catalogue_adji_eson.go
}

// congklakConfig returns the one-round game of Sungka (anticlockwise)
// and Congklak (clockwise): relay sowing through the mover's own store,
// an extra turn in it, a capture of the house opposite (with the last
// seed) from an empty house of the mover's row when it holds seeds, a
// pass for a player with no seeds, and the end when no seed is left in
// the houses. The sources bound no relay; MaxLaps is set high (1000).
func congklakConfig(d Direction) Config {
	return Config{Houses: 7, Seeds: 7, Stores: true, Direction: d, SowOwnStore: true, Relay: true, MaxLaps: 1000,
		ExtraTurn: true, Opposite: true, OppositeNeedsSeeds: true, OppositeTakesLast: true,
		Pass: true, NoMove: OwnerTakes, Cycle: OwnerTakes}
}
