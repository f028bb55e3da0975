// Internal to importers/gtv: the header key-value list of a game-tree file -
// reading its pairs, deciding version, family and board, and mapping the
// remaining keys onto GameRecord fields.
#ifndef LUDEX_IMPORTERS_GTV_GTV_HEADER_H_
#define LUDEX_IMPORTERS_GTV_GTV_HEADER_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostic.h"
#include "core/game.h"

namespace ludex::gtv {

// Where and why a file stopped making sense.
struct Failure {
  std::int64_t offset = 0;
  std::string message;
};

struct HeaderPair {
  std::string_view key;
  std::string_view value;
  std::size_t offset = 0;        // of the key-length byte
  std::size_t value_offset = 0;  // of the first value byte
};

struct RawHeader {
  std::vector<HeaderPair> pairs;
  std::size_t end = 0;             // offset just past the terminating zero byte
  std::optional<Failure> failure;  // set when the list does not parse
};

// Reads the header pairs up to and including the zero byte that ends them.
// Every length is checked against the bytes left before anything is kept.
RawHeader read_header_pairs(std::string_view bytes);

struct HeaderInfo {
  int version = 2;  // 1 or 2
  Family family = Family::kOther;
  std::int32_t board = 0;
  std::vector<SeatPlayer> players;
  std::string event;
  std::string round;
  std::string date;
  std::string result;
  std::int8_t winner = 0;
  std::vector<Diagnostic> warnings;
};

// Version and family only (what looks_like_gtv needs). Returns the failure,
// or nullopt when info->version and info->family are set.
std::optional<Failure> identify_header(const RawHeader& header, HeaderInfo* info);
// Everything: version, family, board (1..kMaxBoardSide), players and
// ludex's extension fields. Requires a header without failure.
std::optional<Failure> interpret_header(const RawHeader& header, HeaderInfo* info);

// The field values header bytes give, shared with the writer so that it
// re-encodes a field only when it differs from what the bytes gave. nullopt
// when the bytes do not give a value (the pair is then only a property).
std::optional<std::int32_t> decode_board(std::string_view value);  // 1..kMaxBoardSide
std::optional<std::int8_t> decode_winner(std::string_view value);  // 0..4

// The key a version uses for a mapped field.
std::string_view player_key(int version, std::int8_t seat);
std::string_view board_key(int version);

// A value for an error message: printable ASCII kept, other bytes as \xNN,
// cut after 40 bytes.
std::string quote_bytes(std::string_view bytes);

}  // namespace ludex::gtv

#endif  // LUDEX_IMPORTERS_GTV_GTV_HEADER_H_
