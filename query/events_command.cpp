// ludex events --db DB [filters] [--gap DAYS] [--no-levels] [--json | --csv]:
// the archive's events.

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
#include "schema/events/event_list.h"

namespace ludex {
namespace po = boost::program_options;

int run_events_command(const std::vector<std::string>& args) {
  po::options_description options(
      "ludex events --db DB [--family F] [--size N] [--player P] [--date-from D] [--date-to D] "
      "[--event PATTERN] [--gap DAYS]");
  options.add_options()                                              //
      ("help,h", "show this help")                                   //
      ("db", po::value<std::string>()->required(), "database file")  //
      ("json", "JSON Lines on stdout, one object per event")         //
      ("csv", "CSV on stdout with a header row");
  add_event_list_options(options);
  add_filter_options(options);
  const auto parsed = parse_command_line("events", args, options);
  if (!parsed) return 2;
  if (parsed->help) {
    std::cout << options;
    return 0;
  }
  const po::variables_map& vm = parsed->vm;
  const bool json = vm.count("json") != 0;
  if (json && vm.count("csv") != 0) {
    std::cerr << "ludex events: give at most one of --json and --csv\n";
    return 2;
  }
  const Result<EventListQuery> query = event_list_query_of(vm);
  if (!query) {
    std::cerr << "ludex events: " << query.error().message << "\n";
    return 2;
  }
  Database db(vm["db"].as<std::string>(), Database::Mode::kReadOnly);
  if (!query->gap && !events_kept_for(db, *query)) {
    std::cerr << "ludex events: the kept events wait to be found again (the next import or "
                 "merge does it); found from the games now\n";
  }
  const std::vector<EventSummary> events = list_events(db, *query);
  if (json) {
    for (const EventSummary& e : events) std::cout << json_line(event_summary_json(e)) << "\n";
  } else if (vm.count("csv") != 0) {
    write_event_csv_header(std::cout);
    for (const EventSummary& e : events) write_event_csv_row(std::cout, e);
  } else {
    write_event_table_header(std::cout);
    for (const EventSummary& e : events) write_event_table_row(std::cout, e);
  }
  return 0;
}

}  // namespace ludex
