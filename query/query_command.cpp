// ludex query --db DB [filters] [--json | --csv | --count]

#include <iostream>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "options/command_line.h"
#include "query/commands.h"
#include "query/filter_options.h"
#include "query/game_output.h"
#include "query/node_filter_options.h"
#include "schema/database.h"
#include "schema/position_query.h"

namespace ludex {
namespace po = boost::program_options;

namespace {

enum class Output { kTable, kJson, kCsv };

int print_nodes(Database& db, const NodeFilter& filter, Output output, bool count) {
  if (count) {
    std::cout << count_nodes(db, filter) << "\n";
    return 0;
  }
  const NodeColumns columns = node_columns(filter);
  // The header waits for the first hit (or the end): find_nodes throws for a
  // comment query FTS5 cannot parse, and a usage error must leave stdout
  // empty.
  bool header_written = false;
  auto write_header = [&] {
    if (header_written) return;
    header_written = true;
    if (output == Output::kTable) write_node_table_header(std::cout, columns);
    if (output == Output::kCsv) write_node_csv_header(std::cout, columns);
  };
  find_nodes(db, filter, [&](const NodeHit& hit) {
    write_header();
    switch (output) {
      case Output::kJson:
        std::cout << json_line(node_hit_json(hit, columns)) << "\n";
        break;
      case Output::kCsv:
        write_node_csv_row(std::cout, hit, columns);
        break;
      case Output::kTable:
        write_node_table_row(std::cout, hit, columns);
        break;
    }
    return true;
  });
  write_header();
  return 0;
}

}  // namespace

int run_query_command(const std::vector<std::string>& args) {
  po::options_description options("ludex query --db DB [filters]");
  options.add_options()                                              //
      ("help,h", "show this help")                                   //
      ("db", po::value<std::string>()->required(), "database file")  //
      ("json", "JSON Lines on stdout, one object per hit")           //
      ("csv", "CSV on stdout with a header row, one row per hit")    //
      ("count", "print only the number of hits (games with --first)");
  add_filter_options(options);
  add_node_filter_options(options);
  const auto parsed = parse_command_line("query", args, options);
  if (!parsed) return 2;
  if (parsed->help) {
    std::cout << options;
    return 0;
  }
  const po::variables_map& vm = parsed->vm;
  if (vm.count("json") != 0 && vm.count("csv") != 0) {
    std::cerr << "ludex query: give at most one of --json and --csv\n";
    return 2;
  }
  const Result<GameFilter> filter = game_filter_from(filter_args_of(vm));
  if (!filter) {
    std::cerr << "ludex query: " << filter.error().message << "\n";
    return 2;
  }
  Database db(vm["db"].as<std::string>(), Database::Mode::kReadOnly);
  const Result<NodeSelection> nodes = node_selection_from(node_filter_args_of(vm), *filter, db);
  if (!nodes) {
    std::cerr << "ludex query: " << nodes.error().message << "\n";
    return 2;
  }
  const Output output = vm.count("json") != 0  ? Output::kJson
                        : vm.count("csv") != 0 ? Output::kCsv
                                               : Output::kTable;
  const bool count = vm.count("count") != 0;
  if (nodes->node_level) {
    try {
      return print_nodes(db, nodes->filter, output, count);
    } catch (const std::invalid_argument& e) {
      // A comment query FTS5 cannot parse: the user's text, not the machine.
      std::cerr << "ludex query: " << e.what() << "\n";
      return 2;
    }
  }
  if (count) {
    std::cout << count_games(db, *filter) << "\n";
    return 0;
  }
  if (output == Output::kTable) write_table_header(std::cout);
  if (output == Output::kCsv) write_csv_header(std::cout);
  find_games(db, *filter, [&](const GameHit& hit) {
    switch (output) {
      case Output::kJson:
        std::cout << json_line(game_hit_json(hit)) << "\n";
        break;
      case Output::kCsv:
        write_csv_row(std::cout, hit);
        break;
      case Output::kTable:
        write_table_row(std::cout, hit);
        break;
    }
    return true;
  });
  return 0;
}

}  // namespace ludex
