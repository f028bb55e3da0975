// ludex event --db DB EVENT [--id N] [--family F] [--size N] [--part K]
// [--kind K] [--scoring W,D,L] [--tie-breaks LIST] [--json]: one event's
// standings and table.

#include <iostream>

#include <nlohmann/json.hpp>

#include "options/command_line.h"
#include "query/commands.h"
#include "query/event_options.h"
#include "query/event_output.h"
#include "query/event_page.h"
#include "query/filter_options.h"
#include "query/game_output.h"
#include "schema/database.h"

namespace ludex {
namespace po = boost::program_options;

int run_event_command(const std::vector<std::string>& args) {
  po::options_description options("ludex event --db DB EVENT | --id N");
  options.add_options()                                              //
      ("help,h", "show this help")                                   //
      ("db", po::value<std::string>()->required(), "database file")  //
      ("json", "one JSON object on stdout")                          //
      ("name", po::value<std::string>(),
       "the event's name (EV), any case; several events of one name: --family, --size, --part");
  add_event_page_options(options);
  add_filter_options(options);
  po::positional_options_description positional;
  positional.add("name", 1);
  const auto parsed = parse_command_line("event", args, options, &positional);
  if (!parsed) return 2;
  if (parsed->help) {
    std::cout << options;
    return 0;
  }
  const po::variables_map& vm = parsed->vm;
  const std::string name = vm.count("name") != 0 ? vm["name"].as<std::string>() : std::string();
  const Result<EventPageQuery> query = event_page_query_of(vm, name);
  if (!query) {
    std::cerr << "ludex event: " << query.error().message << "\n";
    return 2;
  }
  Database db(vm["db"].as<std::string>(), Database::Mode::kReadOnly);
  const Result<EventPage> page = event_page(db, *query);
  if (!page) {
    std::cerr << "ludex event: " << page.error().message << "\n";
    return 2;
  }
  if (vm.count("json") != 0) {
    std::cout << json_line(event_page_json(*page)) << "\n";
  } else {
    write_event_page(std::cout, *page);
  }
  return 0;
}

}  // namespace ludex
