package awale

// PlayersText is the rules of Awalé written for players, in the light
// Markdown of [mancala.Family].RulesText: what a game interface shows in
// its rules panel. It states the default rules, then what the presets
// change. The rules for developers, with their ids, are [RulesText].
const PlayersText = `# The board
Two rows of six houses face each other, four seeds in each. Your row is the one nearest you; your store, beside the board, keeps the seeds you capture. South plays first, then the players take turns.

diagram: 4,4,4,4,4,4/4,4,4,4,4,4 0,0 S | The start: four seeds in each house, South to play.

# Sowing
Take every seed of one of your houses and drop them one by one, counter-clockwise, into the houses that follow: the rest of your row, then your opponent's, then yours again. When you sow twelve seeds or more, skip the house you emptied as you come round.

# Capturing
If your last seed lands in your opponent's row and makes that house 2 or 3 seeds, you capture them. Then look at the house before it: if it too is in your opponent's row and holds 2 or 3, capture it as well, and so on backwards until a house fails.

diagram: 4,4,4,4,4,2/1,2,4,4,4,4 7,0 S | South sows F: a becomes 2 and b becomes 3, so South captures both, 5 seeds.

# Feeding and the grand slam
If your opponent has no seeds left, you must play a move that gives him some, if you have one. A move that would capture every seed of your opponent (a grand slam) may not be played if you have another move; if you have no other, you play it but capture nothing.

# The end
- If your opponent has no seeds and you cannot give him any, the game ends and you take the seeds left on the board.
- If the same position comes back, the game goes round in circles: it ends, and each player takes the seeds in his own row.

The player with more seeds in his store wins; equal stores are a draw.

# Variants
- Abapa, the tournament rules: a grand slam may always be played but captures nothing, and the game ends as soon as a player has more than half of the seeds.
- Awari, the solved game: a grand slam is allowed only when you have no other move, and then it captures; when a position comes back, the seeds left are shared equally.
- You may also choose the number of houses a side and of seeds a house.
`
