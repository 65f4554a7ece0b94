// Package bao is Bao la Kiswahili, the four-row sowing game of the
// Swahili coast (Zanzibar, Tanzania, Kenya), as far as the sources we
// could read settle it: Ludii's rules texts "Bao" (after de Voogt, Limits
// of the Mind, 1995: 35-51) and "Bao Kiswahili (East Africa)" (after
// Sanderson 1913), and the account of Mancala World's "Bao la Kiswahili"
// in mancala/sow/BAO-KISWAHILI.md. Importing the package registers the
// family "bao" with package mancala (one preset, "bao").
//
// Bao la Kujifunza, the beginners' game without the namua stage and the
// nyumba, is the preset "baokujifunza" of package sow.
//
// # Board and moves
//
// Each player owns 16 houses in two rows of 8 ([mancala.Layout] Rows 2):
// houses A to H (a to h) his outer row, I to P (i to p) his inner row.
// Inner house i faces the opponent's inner house 23-i. The kichwa are the
// ends of the inner row: I at the owner's right, P at his left; the kimbi
// are I, J, O and P. The nyumba is house L. A player's store is his
// ghala: the seeds still in his hand for the namua stage.
//
// A move is a [mancala.Move]: a house and a direction. A is anticlockwise
// (towards later letters: along the outer row to the player's right, then
// along the inner row to his left), A' clockwise. What the house and the
// direction mean depends on the kind of move (BAO-3 to BAO-7, BAO-14).
//
// # Rules (each id is carried by events, refusals and endings)
//
//   - BAO-1 Start: 6 seeds in each player's nyumba L, 2 in J and K, 22 in
//     his ghala; 64 seeds, which never leave the board. South moves first.
//   - BAO-2 Circuit: a player sows round his own 16 houses only, in the
//     direction of his move, which holds until a capture changes it
//     (BAO-7).
//   - BAO-3 Namua stage: while a player has seeds in his ghala, his move
//     enters one of them into an occupied house of his inner row (the
//     move's house).
//   - BAO-4 Namua capture: if the opponent's house facing it is occupied,
//     its seeds are captured (compulsory, BAO-9) and sown (BAO-7).
//   - BAO-5 Mtaji stage: with an empty ghala, a move sows all the seeds of
//     a house of 2 or more, in the move's direction.
//   - BAO-6 Mtaji capture: a move captures when the last seed of its first
//     lap falls into an occupied house of the inner row whose facing
//     house is occupied; a house of 16 seeds or more never captures.
//     Later laps of a capturing move capture the same way.
//   - BAO-7 Kichwa: captured seeds are sown from a kichwa towards the
//     middle, the first seed into the kichwa: for a capture at a kimbi
//     from the kichwa on its side (changing the direction if need be);
//     otherwise from the kichwa that continues the move's direction,
//     except for the capture that a namua move starts with, where the
//     player chooses: the move's direction A names the right kichwa I
//     (sowing anticlockwise), A' the left kichwa P. So a namua capture at
//     a kimbi has one legal direction, at a middle house two.
//   - BAO-8 Relay (endelea): a lap that ends in an occupied house (without
//     a capture) lifts that house and sows on; a lap that ends in an
//     empty house ends the move.
//   - BAO-9 Captures are compulsory: when a capturing move exists, only
//     capturing moves are legal.
//   - BAO-10 Takasa: a move that does not capture first captures nothing
//     at all. A namua takasa lifts the house the seed entered and sows it.
//   - BAO-11 Nyumba: in the namua stage it has its powers while it has
//     never been emptied and holds 6 seeds or more. Then a namua takasa
//     may not enter its seed into it unless it is the only occupied house
//     of the inner row. In the mtaji stage it is an ordinary house.
//   - BAO-12 Tax: that namua takasa sows only 2 seeds of the nyumba (?:
//     Ludii's "Bao" after de Voogt sows only the seed entered).
//   - BAO-13 A lap of a namua takasa that ends in the mover's nyumba with
//     its powers ends the move there.
//   - BAO-14 Safari: a lap of a capturing namua move that ends in the
//     nyumba with its powers (no capture there) leaves the mover to
//     decide: the position keeps him to move and its State records the
//     direction; his move is the nyumba in that direction to go on
//     (safari, lifting it, which ends its powers) or in the other
//     direction to stop.
//   - BAO-15 With no nyumba with powers, a namua takasa may not enter its
//     seed into a house of 1 seed while another house of the inner row
//     holds 2 or more.
//   - BAO-16 An mtaji takasa starts from the inner row while the inner
//     row has a house of 2 seeds or more.
//   - BAO-17 (?) A takasa may not leave the mover's inner row empty
//     while it is sown: no lap may set out towards the outer row with
//     the inner row empty (so a kichwa that is the only occupied inner
//     house is not sown outwards). Capturing moves are not bound; one
//     that leaves its mover's inner row empty loses (BAO-19).
//   - BAO-18 (?) A move whose sowing never ends is not legal. Such
//     moves exist (Kronenburg, Donkers and de Voogt 2006) and the sources
//     do not say how a game treats them; some repeat only after tens of
//     millions of laps, so a move that has not ended after 4096 laps (a
//     lap being each sowing from the hand: the first, and each after a
//     relay, a capture or a safari) is taken as never-ending. The legal
//     moves of 3,000 random games sowed at most 360 laps.
//   - BAO-19 A player whose inner row is empty after a move loses (the
//     opponent's row is looked at first).
//   - BAO-20 A player who cannot move loses.
//   - BAO-21 A nyumba that is emptied (sown, relayed or captured) loses
//     its powers for the rest of the game.
//   - BAO-22 Kutakatia (?: the reading of details): when an mtaji takasa
//     leaves the opponent (in the mtaji stage too) without a capture and
//     exactly one of his inner houses threatened (the mover could
//     capture it with a first lap), the opponent may not sow that house
//     in his next move, unless it is his nyumba with its powers, his
//     only occupied inner house, or his only inner house of more than
//     one seed.
//
// At the end every seed goes to the winner's store; [Rules.Outcome]
// restates the scores as 1 to 0. There are no draws.
//
// (?) marks a reading the sources do not settle; see BAO-KISWAHILI.md.
//
// # Position.State
//
// Bit 0 (South) and bit 1 (North): the nyumba has never been emptied.
// Bit 2: a safari decision is pending; bit 3: its direction is A'.
// Bits 4-5: why the game ended (1 an empty inner row, 2 no move).
// Bit 6: a house of the player to move is blocked (BAO-22); bits 7-10:
// that house.
package bao
