// Helpers for the game-tree tests: byte builders that spell files out by
// hand, and sample games that use every feature of the format.
#ifndef LUDEX_TESTS_UNIT_GTV_GTV_TEST_UTIL_H_
#define LUDEX_TESTS_UNIT_GTV_GTV_TEST_UTIL_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"

namespace ludex::gtv_test {

// `value` as `width` big-endian bytes.
std::string be(std::uint64_t value, std::size_t width);
// A header pair: key length byte, key, 4-byte value length, value.
std::string hdr(std::string_view key, std::string_view value);
// A version 2 node pair: 2-byte value length, 4 bytes for 'c'.
std::string nkv(std::string_view key, std::string_view value);
// A version 1 node pair: 4-byte value length for every key.
std::string nkv1(std::string_view key, std::string_view value);
// A 3-byte move value.
std::string mv(int x, int y, int colour);
// A long Twixt move value: peg, pbem_null, removed and added links given as
// {x, y, direction} triples.
std::string long_mv(int x, int y, int colour, bool pbem_null,
                    const std::vector<std::vector<int>>& removed,
                    const std::vector<std::vector<int>>& added);

// The header the known writer writes for a Twixt game.
std::string twixt_header(std::string_view player1, std::string_view player2, int board);

// Games that between them use every key, both Twixt move kinds, variations
// with the main child not first, undetermined evaluations, Latin-1 and
// non-Latin-1 names, swaps and specials.
GameRecord sample_hex_game();
GameRecord sample_twixt_game();

// The spec's own examples in one hex file, spelled out byte by byte:
// 'bdsize' => 10 in one byte, 'player1' => 'vvvjv', a player 2 in Latin-1
// ("M\xfcller"), 'name', 'pov', three moves with 'r', 'g' and 'c'.
std::string spec_example_hex_file();
// A version 1 (old Jhex) file: 'size' in one byte, vplayer / hplayer,
// 4-byte value lengths and child counts, 'v' floats.
std::string v1_example_file();

// A few lines that read a Little Golem Twixt record (PB = seat 1, 'b'/'r'
// moves, two-letter coordinates from 'a' = 0, swap, resign, "xy|draw"). The
// SGF importer is not needed for this.
GameRecord parse_lg_twixt(std::string_view sgf);
// What the known Twixt writer makes of such a record (README of the corpus,
// make_tgt.py.txt): its header, an empty root, one 3-byte 'm' per peg, a
// swap as the first peg transposed for player 1 followed by player 2's peg
// in the same hole; resignations and other specials are not written.
std::string known_writer_tgt(const GameRecord& lg);

Move place(int seat, int x, int y);
Move special(int seat, MoveKind kind);

std::string read_file(const std::string& path);
void write_file(const std::string& path, std::string_view bytes);

}  // namespace ludex::gtv_test

#endif  // LUDEX_TESTS_UNIT_GTV_GTV_TEST_UTIL_H_
