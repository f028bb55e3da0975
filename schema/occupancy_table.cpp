#include "schema/occupancy_table.h"

#include <algorithm>
#include <cassert>
#include <limits>
#include <string>
#include <utility>

#include "games/position.h"
#include "games/position_codes.h"

namespace ludex {
namespace {

// The games of a block share a buffer of kBlockGames bitmaps (0.75 MB for
// 19x19 Go), small enough for a core's cache. The lists are read block by
// block, each from where it stopped: written straight into one bitmap per
// game, every listed id missed the cache (30 M of them for 19x19 Go at 1M
// games, a fifth of a 3x3 pattern search).
constexpr std::int64_t kBlockGames = 8192;

// One stone's list of games: its chunks, in the bytes read, and where the
// reading stands.
struct StoneList {
  std::int64_t code = 0;
  std::size_t byte = 0;  // the stone's bit in a game's bitmaps
  unsigned char bit = 0;
  struct Chunk {
    std::int64_t first_game = 0;
    std::size_t begin = 0;  // into the bytes read
    std::size_t size = 0;
  };
  std::vector<Chunk> chunks;
  std::size_t chunk = 0;  // the one being read
  ChunkIds ids;
  std::int64_t next = 0;  // the next id, unless done
  bool done = false;
};

// Moves list to its next id (done after the last). Throws for bytes that do
// not decode or an id that does not grow.
void advance(StoneList& list, const std::string& bytes) {
  const std::int64_t previous = list.next;
  while (!list.ids.next(&list.next)) {
    if (!list.ids.ok()) throw_corrupt_chunk(list.code, list.chunks[list.chunk].first_game);
    if (++list.chunk >= list.chunks.size()) {
      list.done = true;
      return;
    }
    const StoneList::Chunk& c = list.chunks[list.chunk];
    list.ids = ChunkIds(std::string_view(bytes).substr(c.begin, c.size), c.first_game);
  }
  if (list.next <= previous) throw_corrupt_chunk(list.code, list.chunks[list.chunk].first_game);
}

}  // namespace

OccupancyTable::OccupancyTable(FeatureIndexReader& reader, Family family, std::int32_t columns,
                               std::int32_t rows) {
  if (columns <= 0 || rows <= 0) return;
  const int colors = color_count(family);
  const auto points = static_cast<std::size_t>(columns) * static_cast<std::size_t>(rows);
  const std::size_t bytes = (points + 7) / 8;
  size_ = bytes * static_cast<std::size_t>(colors);
  const std::vector<std::pair<std::int64_t, std::int64_t>> ranges = code_ranges(family);
  if (ranges.empty()) return;
  // The first range holds the family's stones.
  std::string read;
  std::vector<StoneList> lists;
  reader.scan(ranges.front().first, ranges.front().second, board_key(columns, rows),
              [&](std::int64_t code, std::int64_t first_game, std::string_view ids) {
                if (lists.empty() || lists.back().code != code) {
                  Family f = Family::kOther;
                  Occupant o;
                  if (!decode_stone_code(code, &f, &o) || o.color < 1 || o.color > colors ||
                      o.point.x >= columns || o.point.y >= rows) {
                    return;
                  }
                  const std::size_t at =
                      static_cast<std::size_t>(o.point.y) * static_cast<std::size_t>(columns) +
                      static_cast<std::size_t>(o.point.x);
                  StoneList& list = lists.emplace_back();
                  list.code = code;
                  list.byte = static_cast<std::size_t>(o.color - 1) * bytes + at / 8;
                  list.bit = static_cast<unsigned char>(1u << (at % 8));
                }
                lists.back().chunks.push_back({first_game, read.size(), ids.size()});
                read.append(ids);
              });
  for (StoneList& list : lists) {
    list.chunk = 0;
    const StoneList::Chunk& c = list.chunks.front();
    list.ids = ChunkIds(std::string_view(read).substr(c.begin, c.size), c.first_game);
    list.next = std::numeric_limits<std::int64_t>::min();
    advance(list, read);
  }
  std::vector<unsigned char> block(static_cast<std::size_t>(kBlockGames) * size_, 0);
  std::vector<char> seen(static_cast<std::size_t>(kBlockGames), 0);
  while (true) {
    // Each block starts at the smallest id not read: a sparse range of ids
    // costs no empty blocks.
    std::int64_t low = std::numeric_limits<std::int64_t>::max();
    for (const StoneList& list : lists) {
      if (!list.done) low = std::min(low, list.next);
    }
    if (low == std::numeric_limits<std::int64_t>::max()) break;
    const std::int64_t high = low > std::numeric_limits<std::int64_t>::max() - kBlockGames
                                  ? std::numeric_limits<std::int64_t>::max()
                                  : low + kBlockGames;
    for (StoneList& list : lists) {
      while (!list.done && list.next < high) {
        const auto slot = static_cast<std::size_t>(list.next - low);
        seen[slot] = 1;
        block[slot * size_ + list.byte] |= list.bit;
        advance(list, read);
      }
    }
    for (std::size_t slot = 0; slot < seen.size(); ++slot) {
      if (seen[slot] == 0) continue;
      seen[slot] = 0;
      ids_.push_back(low + static_cast<std::int64_t>(slot));
      const auto row = block.begin() + static_cast<std::ptrdiff_t>(slot * size_);
      bytes_.insert(bytes_.end(), row, row + static_cast<std::ptrdiff_t>(size_));
      std::fill(row, row + static_cast<std::ptrdiff_t>(size_), 0);
    }
  }
}

std::string_view OccupancyTable::bitmap(std::size_t i) const {
  assert(i < ids_.size());
  return std::string_view(reinterpret_cast<const char*>(bytes_.data()) + i * size_, size_);
}

std::string_view OccupancyTable::find(std::int64_t game_id) const {
  const auto it = std::lower_bound(ids_.begin(), ids_.end(), game_id);
  if (it == ids_.end() || *it != game_id) return {};
  return bitmap(static_cast<std::size_t>(it - ids_.begin()));
}

}  // namespace ludex
