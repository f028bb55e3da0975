// ludex export --db DB [filters] --format sgf --out DIR | --collection FILE | --zip FILE
#include <filesystem>
#include <fstream>
#include <iostream>
#include <stdexcept>

#include "options/command_line.h"
#include "query/commands.h"
#include "query/export_writer.h"
#include "query/filter_options.h"
#include "query/node_filter_options.h"
#include "schema/database.h"
#include "schema/game_loader.h"
#include "schema/position_query.h"

namespace ludex {
namespace po = boost::program_options;
namespace fs = std::filesystem;

namespace {

void write_file(const fs::path& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  out.close();
  if (!out) throw std::runtime_error("cannot write " + path.string());
}

}  // namespace

int run_export_command(const std::vector<std::string>& args) {
  po::options_description options(
      "ludex export --db DB [filters] --format sgf|gtv --out DIR | --collection FILE | --zip FILE");
  options.add_options()                                              //
      ("help,h", "show this help")                                   //
      ("db", po::value<std::string>()->required(), "database file")  //
      ("format", po::value<std::string>()->default_value("sgf"),
       "sgf, or gtv (binary game tree; Hex and Twixt games only)")                       //
      ("out", po::value<std::string>(), "directory for one file per game")               //
      ("collection", po::value<std::string>(), "write one SGF collection file instead")  //
      ("zip", po::value<std::string>(), "write one zip of the files --out would write")  //
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
  const std::optional<ExportFormat> format = parse_export_format(vm["format"].as<std::string>());
  if (!format) {
    std::cerr << "ludex export: unknown --format '" << vm["format"].as<std::string>()
              << "' (sgf, gtv)\n";
    return 2;
  }
  const bool to_collection = vm.count("collection") != 0;
  const bool to_zip = vm.count("zip") != 0;
  if (to_collection && *format != ExportFormat::kSgf) {
    std::cerr << "ludex export: --collection writes SGF only\n";
    return 2;
  }
  if (int{to_collection} + int{to_zip} + int{vm.count("out") != 0} != 1) {
    std::cerr << "ludex export: give exactly one of --out DIR, --collection FILE and --zip FILE\n";
    return 2;
  }
  const Result<GameFilter> filter = game_filter_from(filter_args_of(vm));
  if (!filter) {
    std::cerr << "ludex export: " << filter.error().message << "\n";
    return 2;
  }

  Database db(vm["db"].as<std::string>(), Database::Mode::kReadOnly);
  const Result<NodeSelection> nodes = node_selection_from(node_filter_args_of(vm), *filter, db);
  if (!nodes) {
    std::cerr << "ludex export: " << nodes.error().message << "\n";
    return 2;
  }
  std::vector<std::int64_t> ids;
  try {
    ids = select_export_games(db, *filter, nodes->node_level ? &nodes->filter : nullptr);
  } catch (const std::invalid_argument& e) {
    std::cerr << "ludex export: " << e.what() << "\n";
    return 2;
  }

  if (to_zip) {
    // Written beside the target and renamed at the end, so that an export
    // that fails leaves no partial zip under the name asked for.
    const fs::path target = vm["zip"].as<std::string>();
    fs::path partial = target;
    partial += ".partial";
    ExportSummary summary;
    {
      std::ofstream out(partial, std::ios::binary | std::ios::trunc);
      if (!out) throw std::runtime_error("cannot create " + partial.string());
      try {
        summary = write_export_zip(db, ids, *format, out);
        out.close();
        if (!out) throw std::runtime_error("cannot write " + partial.string());
      } catch (...) {
        out.close();
        std::error_code ec;
        fs::remove(partial, ec);
        throw;
      }
    }
    fs::rename(partial, target);
    for (const ExportRefusal& r : summary.refused) {
      std::cerr << "ludex export: game " << r.game_id << " (" << r.file << "): " << r.message
                << "\n";
    }
    if (vm.count("quiet") == 0) {
      std::cerr << "exported " << summary.written << " games";
      if (!summary.refused.empty()) {
        std::cerr << "; " << summary.refused.size() << " games the format cannot hold";
      }
      std::cerr << "\n";
    }
    return summary.refused.empty() ? 0 : 1;
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
    // A game the binary format cannot hold is reported and skipped; the
    // rest of the export goes on.
    Result<std::string> bytes = export_game_bytes(game->record, *format);
    if (!bytes) {
      std::cerr << "ludex export: game " << id << " (" << game->file
                << "): " << bytes.error().message << "\n";
      ++refused;
      continue;
    }
    if (to_collection) {
      collection << *bytes;
    } else {
      write_file(out_dir / export_entry_name(id, game->record, *format), *bytes);
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
