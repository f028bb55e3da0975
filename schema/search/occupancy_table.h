// The occupancy bitmaps of every game on one board, built from the stone
// lists of feature_games (schema/search/feature_index.h): per game and colour, the
// points that colour holds at some node, in games/position_stream.h's
// layout. A pattern search rules games out by them before it reads their
// streams (docs/queries.md, "How a position search runs"): with
// games_passing_occupancy below, which keeps nothing per game, and with the
// table only where each game's board must be known first (a Blokus size
// without its variant). For code in schema/ only.
//
// Thread-safety: built on one thread; once built, every const member may be
// called from several threads at once.
#ifndef LUDEX_SCHEMA_SEARCH_OCCUPANCY_TABLE_H_
#define LUDEX_SCHEMA_SEARCH_OCCUPANCY_TABLE_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "schema/search/feature_index.h"

namespace ludex {

class OccupancyTable {
 public:
  // Reads the lists of family's stones on a board of columns x rows (one
  // range read of feature_games, its bytes held until the table is built).
  // A board of fewer colours than the family (a two-colour Blokus variant)
  // reads the first bitmaps: the layout is colour by colour. Throws as
  // FeatureIndexReader::scan, and std::runtime_error for a list that does
  // not decode or whose ids do not grow (a corrupt database). The bitmaps
  // are filled on `threads` threads, each a range of ids (0: one per core
  // for a megabyte of lists or more, else one).
  OccupancyTable(FeatureIndexReader& reader, Family family, std::int32_t columns, std::int32_t rows,
                 unsigned threads = 0);

  // Bytes per game: color_count(family) bitmaps of columns x rows bits.
  std::size_t bitmap_size() const { return size_; }
  // The games that hold a stone, ascending.
  const std::vector<std::int64_t>& games() const { return ids_; }
  // The bitmaps of games()[i].
  std::string_view bitmap(std::size_t i) const;
  // The bitmaps of game_id; an empty view for a game that never holds a
  // stone (or is not on the board).
  std::string_view find(std::int64_t game_id) const;

 private:
  std::size_t size_ = 0;
  std::vector<std::int64_t> ids_;     // ascending
  std::vector<unsigned char> bytes_;  // size_ per entry of ids_
};

// Decides which of 64 games of a slice may match: slice and stride in
// PositionMatcher::may_match_slice's layout, `games` the games present in
// it; returns the bits of those to keep. Called from several threads at
// once.
using OccupancySliceTest = std::function<std::uint64_t(const std::uint64_t* slice,
                                                       std::size_t stride, std::uint64_t games)>;

// The ids read into one window of slices: 64 slices of 64 games, 0.56 MB
// for 19x19 Go, small enough for a core's cache.
inline constexpr std::int64_t kSliceWindow = 4096;

// The games on a board of columns x rows (colours 1..colors of the
// family's stones; a two-colour Blokus variant reads the first two) that
// hold a stone and that `test` keeps, ascending. The lists are read as
// OccupancyTable reads them, but each game's occupancy is only held in its
// window of slices while the window is tested: nothing per game is kept.
// Throws as OccupancyTable's constructor. `threads` as there.
std::vector<std::int64_t> games_passing_occupancy(FeatureIndexReader& reader, Family family,
                                                  std::int32_t columns, std::int32_t rows,
                                                  int colors, const OccupancySliceTest& test,
                                                  unsigned threads = 0);

}  // namespace ludex

#endif  // LUDEX_SCHEMA_SEARCH_OCCUPANCY_TABLE_H_
