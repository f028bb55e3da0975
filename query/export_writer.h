// Writing selected games as files, the way `ludex export` does: which games
// a selection exports, each game's file name and bytes, and the whole
// selection as one zip. The web server's "download the hit list as a zip"
// calls write_export_zip() too, so that its bytes equal `ludex export --zip`'s.
#ifndef LUDEX_QUERY_EXPORT_WRITER_H_
#define LUDEX_QUERY_EXPORT_WRITER_H_

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostic.h"
#include "core/game.h"
#include "importers/archive/zip_writer.h"
#include "schema/database.h"
#include "schema/game_query.h"
#include "schema/position_query.h"

namespace ludex {

enum class ExportFormat : std::uint8_t {
  kSgf,  // SGF of the game's own dialect (.sgf, .blksgf)
  kGtv,  // the binary game-tree format (.hgt, .tgt): Hex and Twixt games only
};

// "sgf" or "gtv"; nullopt for anything else.
std::optional<ExportFormat> parse_export_format(std::string_view name);

// The game ids a selection exports, in export order (ascending ids): the
// games matching `games`, or, when `nodes` is given (node filters were set),
// each game with a matching node once, `nodes->limit` counting games.
// Throws std::invalid_argument for a node filter the database cannot run (a
// position condition without a family), as find_nodes does.
std::vector<std::int64_t> select_export_games(Database& db, const GameFilter& games,
                                              const NodeFilter* nodes);

// The file name `ludex export --out` gives the game: export_file_name() with
// the format's extension for the game's family.
std::string export_entry_name(std::int64_t game_id, const GameRecord& game, ExportFormat format);

// The game's file in the format, or an Error saying why the format cannot
// hold it (gtv: not Hex or Twixt, or something the binary format lacks).
Result<std::string> export_game_bytes(const GameRecord& game, ExportFormat format);

struct ExportRefusal {
  std::int64_t game_id = 0;
  std::string file;  // the game's source file
  std::string message;
};

struct ExportSummary {
  std::int64_t written = 0;
  std::vector<ExportRefusal> refused;  // games the format cannot hold, left out
};

// Writes the games game_ids of db, in that order, as one zip to sink: one
// entry per game, named export_entry_name() and holding export_game_bytes(),
// i.e. the files `ludex export --out` writes. Ids of games that do not exist
// are left out; games the format cannot hold are left out and listed in the
// result. The same ids of the same database give the same bytes. Streams:
// one game at a time is in memory, the sink gets 64 KiB chunks (it may throw,
// e.g. when the client went away; the exception comes out of this call).
// Uses db from the calling thread only. Throws std::runtime_error if
// libarchive fails.
ExportSummary write_export_zip(Database& db, const std::vector<std::int64_t>& game_ids,
                               ExportFormat format, const ByteSink& sink);

// The same, to a stream (a file opened in binary mode); throws
// std::runtime_error when the stream fails.
ExportSummary write_export_zip(Database& db, const std::vector<std::int64_t>& game_ids,
                               ExportFormat format, std::ostream& out);

}  // namespace ludex

#endif  // LUDEX_QUERY_EXPORT_WRITER_H_
