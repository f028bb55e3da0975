#include "query/export_writer.h"

#include <ostream>
#include <stdexcept>

#include "importers/gtv/gtv_game.h"
#include "importers/sgf/sgf_game.h"
#include "query/export_naming.h"
#include "schema/game_loader.h"

namespace ludex {

std::optional<ExportFormat> parse_export_format(std::string_view name) {
  if (name == "sgf") return ExportFormat::kSgf;
  if (name == "gtv") return ExportFormat::kGtv;
  return std::nullopt;
}

std::vector<std::int64_t> select_export_games(Database& db, const GameFilter& games,
                                              const NodeFilter* nodes) {
  std::vector<std::int64_t> ids;
  if (nodes != nullptr) {
    // One hit per game, so that the limit counts games here too.
    NodeFilter games_with_node = *nodes;
    games_with_node.first_only = true;
    find_nodes(db, games_with_node, [&](const NodeHit& hit) {
      ids.push_back(hit.game.game_id);
      return true;
    });
  } else {
    find_games(db, games, [&](const GameHit& hit) {
      ids.push_back(hit.game_id);
      return true;
    });
  }
  return ids;
}

std::string export_entry_name(std::int64_t game_id, const GameRecord& game, ExportFormat format) {
  const char* extension = nullptr;
  if (format == ExportFormat::kGtv) {
    extension = game.family == Family::kHex ? "hgt" : "tgt";
  } else {
    extension = game.family == Family::kBlokus ? "blksgf" : "sgf";
  }
  return export_file_name(game_id, game.family, game.players, extension);
}

Result<std::string> export_game_bytes(const GameRecord& game, ExportFormat format) {
  if (format == ExportFormat::kGtv) return write_gtv_game(game);
  return write_sgf_game(game);
}

ExportSummary write_export_zip(Database& db, const std::vector<std::int64_t>& game_ids,
                               ExportFormat format, const ByteSink& sink) {
  ExportSummary summary;
  ZipWriter zip(sink);
  GameLoader loader(db);
  for (const std::int64_t id : game_ids) {
    const std::optional<LoadedGame> game = loader.load(id);
    if (!game) continue;
    Result<std::string> bytes = export_game_bytes(game->record, format);
    if (!bytes) {
      summary.refused.push_back(ExportRefusal{id, game->file, bytes.error().message});
      continue;
    }
    zip.add(export_entry_name(id, game->record, format), *bytes);
    ++summary.written;
  }
  zip.finish();
  return summary;
}

ExportSummary write_export_zip(Database& db, const std::vector<std::int64_t>& game_ids,
                               ExportFormat format, std::ostream& out) {
  return write_export_zip(db, game_ids, format, [&out](std::string_view chunk) {
    out.write(chunk.data(), static_cast<std::streamsize>(chunk.size()));
    if (!out) throw std::runtime_error("cannot write the zip");
  });
}

}  // namespace ludex
