// ludex export --db DB [filters] --format sgf --out DIR | --collection FILE
#include <filesystem>
#include <fstream>
#include <iostream>
#include <stdexcept>

#include "importers/gtv/gtv_game.h"
#include "importers/sgf/sgf_game.h"
#include "options/command_line.h"
#include "query/commands.h"
#include "query/export_naming.h"
#include "query/filter_options.h"
#include "query/node_filter_options.h"
#include "schema/database.h"
#include "schema/game_loader.h"
#include "schema/position_query.h"

namespace ludex {
namespace po = boost::program_options;
namespace fs = std::filesystem;

namespace {

std::string extension_for(const GameRecord& game, const std::string& format) {
  if (format == "gtv") return game.family == Family::kHex ? "hgt" : "tgt";
  return game.family == Family::kBlokus ? "blksgf" : "sgf";
}

void write_file(const fs::path& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  out.close();
  if (!out) throw std::runtime_error("cannot write " + path.string());
}

}  // namespace

int run_export_command(const std::vector<std::string>& args) {
  po::options_description options("ludex export --db DB [filters] --format sgf --out DIR");
  options.add_options()                                              //
      ("help,h", "show this help")                                   //
      ("db", po::value<std::string>()->required(), "database file")  //
      ("format", po::value<std::string>()->default_value("sgf"),
       "sgf, or gtv (binary game tree; Hex and Twixt games only)")                       //
      ("out", po::value<std::string>(), "directory for one file per game")               //
      ("collection", po::value<std::string>(), "write one SGF collection file instead")  //
      ("quiet,q", "no summary on stderr");
  add_filter_options(options);
  add_node_filter_options(options);
  const auto parsed = parse_command_line("export", args, options);
  if (!parsed) return 2;
  if (parsed->help) {
    std::cout << options;
    return 0;
  }
  const po::variables_map& vm = parsed->vm;
  const std::string format = vm["format"].as<std::string>();
  if (format != "sgf" && format != "gtv") {
    std::cerr << "ludex export: unknown --format '" << format << "' (sgf, gtv)\n";
    return 2;
  }
  const bool to_collection = vm.count("collection") != 0;
  if (to_collection && format != "sgf") {
    std::cerr << "ludex export: --collection writes SGF only\n";
    return 2;
  }
  if (to_collection == (vm.count("out") != 0)) {
    std::cerr << "ludex export: give exactly one of --out DIR and --collection FILE\n";
    return 2;
  }
  const Result<GameFilter> filter = filter_from_options(vm);
  if (!filter) {
    std::cerr << "ludex export: " << filter.error().message << "\n";
    return 2;
  }

  Database db(vm["db"].as<std::string>(), Database::Mode::kReadOnly);
  const Result<NodeSelection> nodes = node_selection_from_options(vm, *filter, db);
  if (!nodes) {
    std::cerr << "ludex export: " << nodes.error().message << "\n";
    return 2;
  }
  std::vector<std::int64_t> ids;
  if (nodes->node_level) {
    // The games that have a matching node: one hit per game, so that
    // --limit counts games here too.
    NodeFilter games_with_node = nodes->filter;
    games_with_node.first_only = true;
    try {
      find_nodes(db, games_with_node, [&](const NodeHit& hit) {
        ids.push_back(hit.game.game_id);
        return true;
      });
    } catch (const std::invalid_argument& e) {
      std::cerr << "ludex export: " << e.what() << "\n";
      return 2;
    }
  } else {
    find_games(db, *filter, [&](const GameHit& hit) {
      ids.push_back(hit.game_id);
      return true;
    });
  }

  fs::path out_dir;
  std::ofstream collection;
  if (to_collection) {
    collection.open(vm["collection"].as<std::string>(), std::ios::binary | std::ios::trunc);
    if (!collection)
      throw std::runtime_error("cannot create " + vm["collection"].as<std::string>());
  } else {
    out_dir = vm["out"].as<std::string>();
    fs::create_directories(out_dir);
  }

  GameLoader loader(db);
  std::int64_t written = 0;
  std::int64_t refused = 0;
  for (const std::int64_t id : ids) {
    const std::optional<LoadedGame> game = loader.load(id);
    if (!game) continue;
    std::string bytes;
    if (format == "gtv") {
      // A game the binary format cannot hold is reported and skipped; the
      // rest of the export goes on.
      Result<std::string> gtv = write_gtv_game(game->record);
      if (!gtv) {
        std::cerr << "ludex export: game " << id << " (" << game->file
                  << "): " << gtv.error().message << "\n";
        ++refused;
        continue;
      }
      bytes = std::move(*gtv);
    } else {
      bytes = write_sgf_game(game->record);
    }
    if (to_collection) {
      collection << bytes;
    } else {
      write_file(out_dir / export_file_name(id, game->record.family, game->record.players,
                                            extension_for(game->record, format)),
                 bytes);
    }
    ++written;
  }
  if (to_collection) {
    collection.close();
    if (!collection) throw std::runtime_error("cannot write " + vm["collection"].as<std::string>());
  }
  if (vm.count("quiet") == 0) {
    std::cerr << "exported " << written << " games";
    if (refused > 0) std::cerr << "; " << refused << " games the format cannot hold";
    std::cerr << "\n";
  }
  return refused > 0 ? 1 : 0;
}

}  // namespace ludex
