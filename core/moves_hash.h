// A fingerprint of a game's moves, for finding the same game stored twice
// (in two files, or in two formats). Headers, comments, evaluations and other
// properties do not count; the family, board and the tree of moves do.
#ifndef LUDEX_CORE_MOVES_HASH_H_
#define LUDEX_CORE_MOVES_HASH_H_

#include <cstdint>

#include "core/game.h"

namespace ludex {

// Stored hashes depend on this function: change it, bump the version (it is
// recorded in the database's meta table as moves_hash_version).
// Version 2: Twixt long moves count (their link edits and automatic-link
// flag); version 1 left them out, so games differing only in a long move's
// links were duplicates. Hashes of games without long moves are unchanged.
inline constexpr int kMovesHashVersion = 2;

// The hash of game's family, board size (and Blokus variant) and tree of moves: for each
// move its seat, colour, kind and sorted points, for each setup property
// (AB, AW, AE, A1..A4) its id and values as written, nodes in pre-order with
// their depth in the tree of nodes bearing either, and for a Twixt long move
// (link edits, or no automatic links) its automatic-link flag and link
// edits: removals by centre only (an SGF removal leaves its slope open where
// the binary format states it), additions by centre and slope, except the
// additions of an autolinking move read from a binary game tree, which its
// format ignores. So two games differing only in a long move's links are not
// duplicates; nor are one game's SGF long moves and the binary format's
// pbem_null = 0 moves that list the automatic links SGF leaves implicit.
// Left out, because formats spell them differently for the same game: nodes
// without such moves (a root holding only headers, a node holding only a
// resignation), the moves that end a game or only talk about it (resign,
// forfeit, draw offers and acceptances), and draw offers attached to
// placements. 0 for a game with no move and no setup at all: such a game is
// nobody's duplicate. Walks the tree iteratively.
std::uint64_t moves_hash(const GameRecord& game);

}  // namespace ludex

#endif  // LUDEX_CORE_MOVES_HASH_H_
