// ludex info --db DB [--json] [--errors]
#include <nlohmann/json.hpp>

#include <iostream>

#include "options/command_line.h"
#include "query/commands.h"
#include "query/game_output.h"
#include "schema/database.h"
#include "schema/players/player_stats.h"
#include "schema/stats.h"

namespace ludex {
namespace po = boost::program_options;

int run_info_command(const std::vector<std::string>& args) {
  po::options_description options("ludex info --db DB");
  options.add_options()                                              //
      ("help,h", "show this help")                                   //
      ("db", po::value<std::string>()->required(), "database file")  //
      ("json", "one JSON object on stdout")                          //
      ("errors",
       "also list every recorded import error and warning, and each stated rank not read");
  const auto parsed = parse_command_line("info", args, options);
  if (!parsed) return 2;
  if (parsed->help) {
    std::cout << options;
    return 0;
  }
  const po::variables_map& vm = parsed->vm;
  Database db(vm["db"].as<std::string>(), Database::Mode::kReadOnly);
  const DbInfo info = read_info(db);
  const bool json = vm.count("json") != 0;
  const bool errors = vm.count("errors") != 0;
  if (json) {
    nlohmann::json j = info_json(info);
    // With --errors, the stated ranks not read, each spelling once: in the
    // summary object, so that the lines after it stay one kind (errors).
    if (errors) {
      j["unread_ranks"] = nlohmann::json::array();
      for (const UnreadRank& r : unread_ranks(db)) {
        j["unread_ranks"].push_back({{"written", r.written}, {"seats", r.seats}});
      }
    }
    std::cout << json_line(j) << "\n";
  } else {
    // Members of archives count as files; the archives themselves apart.
    std::cout << "files     " << info.files << "\n"
              << "archives  " << info.archives << "\n"
              << "games     " << info.games << "\n";
    for (const auto& [family, n] : info.games_by_family) {
      std::cout << "  " << family << std::string(8 - std::min<std::size_t>(family.size(), 7), ' ')
                << n << "\n";
    }
    std::cout << "nodes     " << info.nodes << "\n"
              << "moves     " << info.moves << "\n"
              << "players   " << info.players << "\n"
              << "errors    " << info.errors << "\n"
              << "warnings  " << info.warnings << "\n"
              << "duplicates " << info.duplicates << "\n"
              << "schema    v" << info.schema_version << "\n"
              << "created   " << (info.created_by.empty() ? "(not recorded)" : info.created_by)
              << "\n"
              << "written   " << (info.written_by.empty() ? "(not recorded)" : info.written_by)
              << "\n";
  }
  if (errors) {
    list_errors(db, [&](const ErrorRow& row) {
      if (json) {
        nlohmann::json e = {
            {"file", row.file},
            {"game_index", row.diagnostic.game_index},
            {"severity", row.diagnostic.severity == Severity::kError ? "error" : "warning"},
            {"line", row.diagnostic.pos.line},
            {"column", row.diagnostic.pos.column},
            {"byte_offset", row.diagnostic.pos.byte_offset},
            {"message", row.diagnostic.message}};
        std::cout << json_line(e) << "\n";
      } else {
        std::cout << row.file << ": " << row.diagnostic.to_string() << "\n";
      }
    });
    // Stated ranks that were kept as text: each spelling once (with --json,
    // in the summary object above).
    if (!json) {
      for (const UnreadRank& r : unread_ranks(db)) {
        std::cout << "rank '" << r.written << "' not read as a rank, kept as written (" << r.seats
                  << (r.seats == 1 ? " seat" : " seats") << ")\n";
      }
    }
  }
  return 0;
}

}  // namespace ludex
