#include "schema/search/occupancy_table.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <limits>
#include <string>
#include <thread>
#include <utility>

#include "core/run_parts.h"
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
// Fewer bytes of lists are read on the calling thread alone.
constexpr std::size_t kParallelBytes = 1u << 20;

// One stone's list of games: its chunks, in the bytes read.
struct StoneList {
  std::int64_t code = 0;
  std::size_t cell = 0;  // y * columns + x
  int color = 0;         // 1..colours
  struct Chunk {
    std::int64_t first_game = 0;
    std::size_t begin = 0;  // into the bytes read
    std::size_t size = 0;
  };
  std::vector<Chunk> chunks;
};

// Where the reading of one list stands.
struct Cursor {
  std::size_t chunk = 0;  // the one being read
  ChunkIds ids;
  std::int64_t next = 0;  // the next id, unless done
  bool done = false;
};

// advance past the ids of the current chunk, or when the id read does not
// grow (`read`: ids.next gave one). Throws for bytes that do not decode or
// an id that does not grow.
void advance_chunk(const StoneList& list, const std::string& bytes, Cursor& cursor,
                   std::int64_t previous, bool read) {
  if (read) throw_corrupt_chunk(list.code, list.chunks[cursor.chunk].first_game);
  while (!cursor.ids.next(&cursor.next)) {
    if (!cursor.ids.ok()) throw_corrupt_chunk(list.code, list.chunks[cursor.chunk].first_game);
    if (++cursor.chunk >= list.chunks.size()) {
      cursor.done = true;
      return;
    }
    const StoneList::Chunk& c = list.chunks[cursor.chunk];
    cursor.ids = ChunkIds(std::string_view(bytes).substr(c.begin, c.size), c.first_game);
  }
  if (cursor.next <= previous) {
    throw_corrupt_chunk(list.code, list.chunks[cursor.chunk].first_game);
  }
}

// Moves the cursor to the list's next id (done after the last). Throws for
// bytes that do not decode or an id that does not grow. The common case, an
// id of the same chunk, inline: it runs once per listed game.
inline void advance(const StoneList& list, const std::string& bytes, Cursor& cursor) {
  const std::int64_t previous = cursor.next;
  const bool read = cursor.ids.next(&cursor.next);
  if (read && cursor.next > previous) [[likely]]
    return;
  advance_chunk(list, bytes, cursor, previous, read);
}

// A cursor at the list's first id >= start.
Cursor cursor_at(const StoneList& list, const std::string& bytes, std::int64_t start) {
  Cursor cursor;
  // The last chunk that starts at or before start (or the first).
  const auto after = std::upper_bound(
      list.chunks.begin(), list.chunks.end(), start,
      [](std::int64_t id, const StoneList::Chunk& c) { return id < c.first_game; });
  cursor.chunk =
      after == list.chunks.begin() ? 0 : static_cast<std::size_t>(after - list.chunks.begin()) - 1;
  const StoneList::Chunk& c = list.chunks[cursor.chunk];
  cursor.ids = ChunkIds(std::string_view(bytes).substr(c.begin, c.size), c.first_game);
  cursor.next = std::numeric_limits<std::int64_t>::min();
  do {
    advance(list, bytes, cursor);
  } while (!cursor.done && cursor.next < start);
  return cursor;
}

// A cursor per list at its first id >= start.
std::vector<Cursor> cursors_at(const std::vector<StoneList>& lists, const std::string& bytes,
                               std::int64_t start) {
  std::vector<Cursor> cursors;
  cursors.reserve(lists.size());
  for (const StoneList& list : lists) cursors.push_back(cursor_at(list, bytes, start));
  return cursors;
}

// The next block of ids to read, [*low, *high): from the smallest id not
// read (a sparse range of ids costs no empty blocks), `span` ids long and
// not past end. False when every id below end is read.
bool next_block(const std::vector<Cursor>& cursors, std::int64_t end, std::int64_t span,
                std::int64_t* low, std::int64_t* high) {
  *low = end;
  for (const Cursor& c : cursors) {
    if (!c.done) *low = std::min(*low, c.next);
  }
  if (*low >= end) return false;
  // low < end; their difference taken unsigned cannot overflow.
  const bool last = static_cast<std::uint64_t>(end) - static_cast<std::uint64_t>(*low) <=
                    static_cast<std::uint64_t>(span);
  *high = last ? end : *low + span;
  return true;
}

// The bitmaps of the games start <= id < end, ascending, onto *ids and
// *out (size bytes each).
void fill(const std::vector<StoneList>& lists, const std::string& bytes, std::int64_t start,
          std::int64_t end, std::size_t plane, std::size_t size, std::vector<std::int64_t>* ids,
          std::vector<unsigned char>* out) {
  std::vector<Cursor> cursors = cursors_at(lists, bytes, start);
  std::vector<unsigned char> block(static_cast<std::size_t>(kBlockGames) * size, 0);
  std::vector<char> seen(static_cast<std::size_t>(kBlockGames), 0);
  std::int64_t low = 0;
  std::int64_t high = 0;
  while (next_block(cursors, end, kBlockGames, &low, &high)) {
    for (std::size_t k = 0; k < lists.size(); ++k) {
      Cursor& c = cursors[k];
      const std::size_t byte =
          static_cast<std::size_t>(lists[k].color - 1) * plane + lists[k].cell / 8;
      const auto bit = static_cast<unsigned char>(1u << (lists[k].cell % 8));
      while (!c.done && c.next < high) {
        const auto slot = static_cast<std::size_t>(c.next - low);
        seen[slot] = 1;
        block[slot * size + byte] |= bit;
        advance(lists[k], bytes, c);
      }
    }
    for (std::size_t slot = 0; slot < seen.size(); ++slot) {
      if (seen[slot] == 0) continue;
      seen[slot] = 0;
      ids->push_back(low + static_cast<std::int64_t>(slot));
      const auto row = block.begin() + static_cast<std::ptrdiff_t>(slot * size);
      out->insert(out->end(), row, row + static_cast<std::ptrdiff_t>(size));
      std::fill(row, row + static_cast<std::ptrdiff_t>(size), 0);
    }
  }
}

// Splits the ids into `parts` ranges of about equal bytes to read: the
// first id of each range after the first.
std::vector<std::int64_t> split_points(const std::vector<StoneList>& lists, std::size_t total,
                                       unsigned parts) {
  std::vector<std::pair<std::int64_t, std::size_t>> starts;
  for (const StoneList& list : lists) {
    for (const StoneList::Chunk& c : list.chunks) starts.emplace_back(c.first_game, c.size);
  }
  std::sort(starts.begin(), starts.end());
  std::vector<std::int64_t> out;
  std::size_t sum = 0;
  for (const auto& [first, size] : starts) {
    if (out.size() + 1 >= parts) break;
    sum += size;
    if (sum * parts >= total * (out.size() + 1) && (out.empty() || first > out.back())) {
      out.push_back(first);
    }
  }
  return out;
}

// The lists of the family's stones of colours 1..colors on a board of
// columns x rows, their chunks' bytes appended to *read (one range read).
std::vector<StoneList> read_lists(FeatureIndexReader& reader, Family family, std::int32_t columns,
                                  std::int32_t rows, int colors, std::string* read) {
  std::vector<StoneList> lists;
  const std::vector<std::pair<std::int64_t, std::int64_t>> ranges = code_ranges(family);
  if (ranges.empty()) return lists;
  // The first range holds the family's stones.
  reader.scan(ranges.front().first, ranges.front().second, board_key(columns, rows),
              [&](std::int64_t code, std::int64_t first_game, std::string_view ids) {
                if (lists.empty() || lists.back().code != code) {
                  Family f = Family::kOther;
                  Occupant o;
                  if (!decode_stone_code(code, &f, &o) || o.color < 1 || o.color > colors ||
                      o.point.x >= columns || o.point.y >= rows) {
                    return;
                  }
                  StoneList& list = lists.emplace_back();
                  list.code = code;
                  list.cell =
                      static_cast<std::size_t>(o.point.y) * static_cast<std::size_t>(columns) +
                      static_cast<std::size_t>(o.point.x);
                  list.color = o.color;
                }
                lists.back().chunks.push_back({first_game, read->size(), ids.size()});
                read->append(ids);
              });
  return lists;
}

// The bounds of the ranges of game ids that `threads` threads read (0: one
// per core for a megabyte of lists or more, else one): the first is the
// smallest id, the last the largest, range p is bounds[p] .. bounds[p + 1].
std::vector<std::int64_t> part_bounds(const std::vector<StoneList>& lists, std::size_t read,
                                      unsigned threads) {
  if (threads == 0) {
    threads = read < kParallelBytes ? 1u : std::clamp(std::thread::hardware_concurrency(), 1u, 8u);
  }
  std::vector<std::int64_t> bounds = split_points(lists, read, threads);
  bounds.insert(bounds.begin(), std::numeric_limits<std::int64_t>::min());
  bounds.push_back(std::numeric_limits<std::int64_t>::max());
  return bounds;
}

// The games start <= id < end that `test` keeps, ascending, onto *ids.
// Games are read kSliceWindow ids at a time into slices of 64, each window
// tested as soon as it is read and then cleared. A window holds one row of
// words per colour and cell, a word per slice: a list's ids fall into one
// row, 64 to a word (a slice's words side by side had every id miss the
// cache). Rows are kRowWords apart, not 64, so that a slice's words do not
// all map to the same sets of the cache.
void test_slices(const std::vector<StoneList>& lists, const std::string& bytes, std::int64_t start,
                 std::int64_t end, std::size_t cells, int colors, const OccupancySliceTest& test,
                 std::vector<std::int64_t>* ids) {
  constexpr std::size_t kSlices = kSliceWindow / 64;
  constexpr std::size_t kRowWords = kSlices + 1;
  const std::size_t planes = static_cast<std::size_t>(colors) + 1;
  std::vector<Cursor> cursors = cursors_at(lists, bytes, start);
  std::vector<std::uint64_t> window(planes * cells * kRowWords, 0);
  std::array<std::uint64_t, kSlices> present{};
  std::int64_t low = 0;
  std::int64_t high = 0;
  while (next_block(cursors, end, kSliceWindow, &low, &high)) {
    for (std::size_t k = 0; k < lists.size(); ++k) {
      // The cursor and the slice's word in locals, stored when the slice
      // changes: stores into the window through a pointer could alias a
      // cursor's fields, which then went through memory at every id.
      Cursor c = cursors[k];
      std::uint64_t* row =
          window.data() +
          (static_cast<std::size_t>(lists[k].color) * cells + lists[k].cell) * kRowWords;
      std::size_t slice = kSlices;
      std::uint64_t word = 0;
      while (!c.done && c.next < high) {
        const auto slot = static_cast<std::size_t>(c.next - low);
        if (slot / 64 != slice) {
          if (word != 0) {
            row[slice] |= word;
            present[slice] |= word;
          }
          slice = slot / 64;
          word = 0;
        }
        word |= std::uint64_t{1} << (slot % 64);
        advance(lists[k], bytes, c);
      }
      if (word != 0) {
        row[slice] |= word;
        present[slice] |= word;
      }
      cursors[k] = c;
    }
    // Row 0 of each cell: a stone of any colour.
    for (std::size_t cell = 0; cell < cells; ++cell) {
      std::uint64_t* any = window.data() + cell * kRowWords;
      for (std::size_t c = 1; c < planes; ++c) {
        const std::uint64_t* row = window.data() + (c * cells + cell) * kRowWords;
        for (std::size_t s = 0; s < kSlices; ++s) any[s] |= row[s];
      }
    }
    for (std::size_t s = 0; s < kSlices; ++s) {
      if (present[s] == 0) continue;
      for (std::uint64_t kept = test(window.data() + s, kRowWords, present[s]); kept != 0;
           kept &= kept - 1) {
        ids->push_back(low + static_cast<std::int64_t>(s * 64) + std::countr_zero(kept));
      }
      present[s] = 0;
    }
    std::fill(window.begin(), window.end(), 0);
  }
}

}  // namespace

std::vector<std::int64_t> games_passing_occupancy(FeatureIndexReader& reader, Family family,
                                                  std::int32_t columns, std::int32_t rows,
                                                  int colors, const OccupancySliceTest& test,
                                                  unsigned threads) {
  assert(colors >= 1 && colors <= color_count(family));
  std::vector<std::int64_t> out;
  if (columns <= 0 || rows <= 0) return out;
  std::string read;
  const std::vector<StoneList> lists = read_lists(reader, family, columns, rows, colors, &read);
  if (lists.empty()) return out;
  const std::vector<std::int64_t> bounds = part_bounds(lists, read.size(), threads);
  const std::size_t parts = bounds.size() - 1;
  const std::size_t cells = static_cast<std::size_t>(columns) * static_cast<std::size_t>(rows);
  std::vector<std::vector<std::int64_t>> part_ids(parts);
  run_parts(parts, [&](std::size_t p) {
    test_slices(lists, read, bounds[p], bounds[p + 1], cells, colors, test, &part_ids[p]);
  });
  for (const std::vector<std::int64_t>& ids : part_ids)
    out.insert(out.end(), ids.begin(), ids.end());
  return out;
}

OccupancyTable::OccupancyTable(FeatureIndexReader& reader, Family family, std::int32_t columns,
                               std::int32_t rows, unsigned threads) {
  if (columns <= 0 || rows <= 0) return;
  const int colors = color_count(family);
  const auto points = static_cast<std::size_t>(columns) * static_cast<std::size_t>(rows);
  const std::size_t bytes = (points + 7) / 8;
  size_ = bytes * static_cast<std::size_t>(colors);
  std::string read;
  const std::vector<StoneList> lists = read_lists(reader, family, columns, rows, colors, &read);
  if (lists.empty()) return;
  // Ranges of ids on the cores, each into its own part, joined in order.
  const std::vector<std::int64_t> bounds = part_bounds(lists, read.size(), threads);
  const std::size_t parts = bounds.size() - 1;
  std::vector<std::vector<std::int64_t>> part_ids(parts);
  std::vector<std::vector<unsigned char>> part_bytes(parts);
  run_parts(parts, [&](std::size_t p) {
    fill(lists, read, bounds[p], bounds[p + 1], bytes, size_, &part_ids[p], &part_bytes[p]);
  });
  ids_ = std::move(part_ids[0]);
  bytes_ = std::move(part_bytes[0]);
  for (std::size_t p = 1; p < parts; ++p) {
    ids_.insert(ids_.end(), part_ids[p].begin(), part_ids[p].end());
    bytes_.insert(bytes_.end(), part_bytes[p].begin(), part_bytes[p].end());
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
