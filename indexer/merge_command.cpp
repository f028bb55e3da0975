// ludex merge --db A --from B: adds B's games to A.
//
// Each game of B is loaded (GameLoader), its positions are recomputed
// (compute_positions, so A holds this build's hashes whatever B's were) and
// it is stored through GameStore as an import would, in B's game order and
// batches of games: A's new games get new ids after A's own, players are
// merged by name, duplicates are marked against everything in A.
//
// Source files are matched by path. A path only in B is added. A path in
// both with the same content hash holds the same games in both: B's copy is
// skipped. A path in both with different content keeps the version with the
// later modification time, as an import of the newer file would (the other
// version's games are replaced, never silently: each such file is reported
// on stderr and counted in the summary).
//
// Archives (docs/schema.md, "Archives"): an archive's members are matched by
// path like files. An archive row only in B is copied; in both, it stays A's
// (with its content hash cleared when B's differs, so that the next import
// reads the archive again: A then holds members of both versions). A member
// whose archive is a plain file in A (kept as newer) is not copied.
#include <algorithm>
#include <chrono>
#include <iomanip>
#include <iostream>
#include <optional>
#include <stdexcept>
#include <unordered_map>
#include <utility>

#include "games/position.h"
#include "indexer/commands.h"
#include "options/command_line.h"
#include "schema/database.h"
#include "schema/game_loader.h"
#include "schema/game_store.h"
#include "schema/merge.h"
#include "schema/players/player_aliases.h"

namespace ludex {
namespace po = boost::program_options;
namespace {

struct MergeSummary {
  std::int64_t files_added = 0;
  std::int64_t files_same = 0;      // same path and content in both: nothing to copy
  std::int64_t files_replaced = 0;  // B's version newer: A's games of the path replaced
  std::int64_t files_kept = 0;      // A's version newer: B's games of the path not copied
  std::int64_t games = 0;
  std::int64_t duplicates = 0;
};

constexpr std::int64_t kBatchGames = 1000;

}  // namespace

int run_merge_command(const std::vector<std::string>& args) {
  po::options_description options("ludex merge --db A --from B");
  options.add_options()                                                              //
      ("help,h", "show this help")                                                   //
      ("db", po::value<std::string>()->required(), "database to add games to")       //
      ("from", po::value<std::string>()->required(), "database to copy games from")  //
      ("quiet,q", "no report or summary on stderr");
  const auto parsed = parse_command_line("merge", args, options, nullptr);
  if (!parsed) return 2;
  if (parsed->help) {
    std::cout << options;
    return 0;
  }
  const po::variables_map& vm = parsed->vm;
  const bool quiet = vm.count("quiet") != 0;
  const std::string from_path = vm["from"].as<std::string>();
  const auto start = std::chrono::steady_clock::now();

  // B is only read: it must already be at this build's schema version (an
  // older one is migrated by opening it with any writing command first).
  std::optional<Database> from;
  try {
    from.emplace(from_path, Database::Mode::kReadOnly);
  } catch (const std::exception& e) {
    std::cerr << "ludex merge: cannot read " << from_path << ": " << e.what() << "\n";
    return 1;
  }
  Database db(vm["db"].as<std::string>(), Database::Mode::kReadWrite);
  MergeSource source(*from);
  GameLoader loader(*from);
  GameStore store(db);
  MergeSummary sum;
  // A's games from before schema version 3, or hashed by another
  // kMovesHashVersion, get their hashes before B's games look for first
  // copies among them.
  const std::int64_t rehashed = store.refresh_moves_hashes();
  if (rehashed != 0 && !quiet) {
    std::cerr << "hashed the moves of " << rehashed
              << " stored games (hashed by an older ludex, or not at all)\n";
  }
  std::int64_t streamed = store.refresh_position_streams();
  // After the streams: feature_games is built from them.
  streamed = std::max(streamed, store.refresh_feature_games());
  const std::int64_t ranked = store.refresh_seat_ranks();
  if (ranked != 0 && !quiet) {
    std::cerr << "read the stated ranks of " << ranked
              << " stored games (a database of an older ludex)\n";
  }
  if (streamed != 0 && !quiet) {
    std::cerr << "stored the positions of " << streamed
              << " stored games for search (a database of an older ludex)\n";
  }

  const bool bulk = store.is_empty();
  if (bulk) store.begin_bulk_load();
  store.begin();
  // B's file_id -> A's file_id, for the files whose games are copied.
  std::unordered_map<std::int64_t, std::int64_t> copied;
  // B's file_id -> A's file_id, for B's archives that are archives in A.
  std::unordered_map<std::int64_t, std::int64_t> archives;
  for (MergeFile f : source.files()) {
    if (f.info.container_id != 0) {
      const auto container = archives.find(f.info.container_id);
      if (container == archives.end()) continue;
      f.info.container_id = container->second;
    }
    const bool is_archive = f.info.format == kArchiveFormat;
    const std::optional<KnownFile> known = store.find_file(f.info.path);
    if (is_archive && known && known->is_archive) {
      archives.emplace(f.file_id, known->file_id);
      if (known->content_hash != f.info.content_hash && !known->content_hash.empty()) {
        SourceFileInfo mixed = f.info;
        mixed.size = known->size;
        mixed.mtime_ns = known->mtime_ns;
        mixed.content_hash.clear();
        mixed.container_id = known->container_id;
        store.upsert_file(mixed);
      }
      continue;
    }
    if (known) {
      if (known->content_hash == f.info.content_hash) {
        ++sum.files_same;
        continue;
      }
      if (known->mtime_ns >= f.info.mtime_ns) {
        ++sum.files_kept;
        if (!quiet) {
          std::cerr << f.info.path << ": differs in " << from_path
                    << "; kept this database's newer version, its games there not copied\n";
        }
        continue;
      }
      if (known->is_archive) store.remove_members(known->file_id);
      store.clear_file(known->file_id);
      ++sum.files_replaced;
      if (!quiet) {
        std::cerr << f.info.path << ": differs in " << from_path
                  << "; replaced by its newer version there\n";
      }
    } else {
      ++sum.files_added;
    }
    const std::int64_t file_id = store.upsert_file(f.info);
    if (is_archive) archives.emplace(f.file_id, file_id);
    copied.emplace(f.file_id, file_id);
    for (const Diagnostic& d : source.file_errors(f.file_id)) store.add_error(file_id, d);
  }

  std::int64_t in_batch = 0;
  for (const auto& [game_id, from_file] : source.games()) {
    const auto target = copied.find(from_file);
    if (target == copied.end()) continue;
    std::optional<LoadedGame> game = loader.load(game_id);
    if (!game) throw std::runtime_error("game " + std::to_string(game_id) + " vanished");
    store.add_game(target->second, prepare_game(std::move(game->record), PositionWarnings::kDrop));
    ++sum.games;
    if (store.last_duplicate_of() != 0) ++sum.duplicates;
    if (++in_batch >= kBatchGames) {
      store.commit();
      store.begin();
      in_batch = 0;
    }
  }
  // Sightings last: their first copies may be games just copied.
  for (const auto& [from_file, file_id] : copied) {
    for (const MergeSighting& s : source.sightings(from_file)) {
      store.copy_sighting(file_id, s.game_index, s.moves_hash);
      ++sum.duplicates;
    }
  }
  // The other database's aliases (players merge): kept by name, so they
  // apply to the games just copied and to this database's own.
  for (const PlayerAlias& a : PlayerAliases(db).copy_from(*from)) {
    if (!quiet) {
      std::cerr << "alias '" << a.name << "' -> '" << a.canonical << "' of " << from_path
                << " not copied: this database has '" << a.name
                << "' as its own player or another's alias\n";
    }
  }
  store.commit();
  // Also when not a bulk load: it builds the explorer's postings of a
  // database that waits for them (one migrated just now) and analyses.
  store.finish_bulk_load();
  store.refresh_player_totals();
  store.refresh_events();

  if (!quiet) {
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::cerr << "merged " << sum.games << " games from " << from_path << ": files "
              << sum.files_added << " added, " << sum.files_same << " already present, "
              << sum.files_replaced << " replaced by a newer version, " << sum.files_kept
              << " kept as newer here; " << sum.duplicates << " duplicates; " << std::fixed
              << std::setprecision(2) << seconds << " s\n";
  }
  return 0;
}

}  // namespace ludex
