package congkak

// PlayersText is the rules of Congkak written for players, in the light
// Markdown of [mancala.Family].RulesText: what a game interface shows in
// its rules panel. It states the default rules, then what Overbeck's
// variant changes. The rules for developers, with their ids, are
// [RulesText].
const PlayersText = `# The board
Each player has a row of seven houses, seven seeds in each, and a store at his left, at the end of his row.

diagram: 7,7,7,7,7,7,7/7,7,7,7,7,7,7 0,0 B | The start: seven seeds in each house; both players choose at once.

# Sowing
Take every seed of one of your houses and drop them one by one into the holes that follow: the rest of your row, your own store, your opponent's row, and round again. You never drop a seed into your opponent's store.

- If your last seed falls into your own store, you choose a house and sow again.
- If it falls into a house that already held seeds, pick them all up, that last seed included, and sow on.
- If it falls into an empty house of your own row, you capture the seeds of the house opposite, with your last seed, into your store. If the house opposite is empty, only your last seed goes to your store.
- If it falls into an empty house of your opponent's row, it stays there and your turn ends.

# The start
The first turn is played by both players at once, each sowing from a house of his choice, a seed at a time. The player whose turn ends first plays next.

# Rounds
A round ends when a turn ends with all the houses of one player empty. Each player then adds the seeds of his houses to his store, and fills his houses again from his store, seven a house, beginning next to his store. A house he cannot fill is burnt: nobody sows into it or from it for the whole round. The loser of the round starts the next one.

diagram: 7,7,7,7,7,7,7/x,7,7,7,7,7,7 6,1 N | A later round: North could not fill his first house, which is burnt.

# The end
You lose when you cannot fill a single house. If a round would start exactly as an earlier one did, the game ends there and the player with more seeds wins.

# Overbeck's variant
Nine houses of nine seeds. A last seed in an empty house of your row with nothing opposite stays there. A player whose row is empty passes; his opponent plays once more, and the round ends unless that turn gave the passer seeds.
`
