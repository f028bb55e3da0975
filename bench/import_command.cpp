// ludex-bench import --archive DIR --db DB [--jobs N]
// ludex-bench store  --archive DIR --db DB [--jobs N]
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <sstream>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "bench/commands.h"
#include "bench/import_bench.h"
#include "bench/sqlite_ceiling.h"
#include "options/command_line.h"

namespace ludex {
namespace po = boost::program_options;
namespace fs = std::filesystem;

namespace {

double per(double amount, double seconds) {
  return seconds > 0 ? amount / seconds : 0;
}

double megabytes(std::int64_t bytes) {
  return static_cast<double>(bytes) / 1e6;
}

nlohmann::json run_json(const ImportRun& run) {
  const ImportSummary& s = run.summary;
  return {{"seconds", run.seconds},
          {"files", s.files_found},
          {"files_new", s.files_new},
          {"files_unchanged", s.files_unchanged},
          {"files_failed", s.files_failed},
          {"games", s.games},
          {"nodes", s.nodes},
          {"bytes", s.bytes},
          {"errors", s.errors},
          {"warnings", s.warnings},
          {"games_per_second", per(static_cast<double>(s.games), run.seconds)},
          {"nodes_per_second", per(static_cast<double>(s.nodes), run.seconds)},
          {"mb_per_second", per(megabytes(s.bytes), run.seconds)}};
}

// The sampled RSS peak of each tenth of the run, in bytes.
std::vector<std::int64_t> rss_by_tenth(const ImportRun& run) {
  std::vector<std::int64_t> out;
  for (int k = 0; k < 10; ++k) {
    const double from = run.seconds * k / 10;
    const double to = k == 9 ? run.seconds * 2 + 1 : run.seconds * (k + 1) / 10;
    out.push_back(peak_between(run.rss, from, to));
  }
  return out;
}

std::vector<int> parse_rows_list(const std::string& text) {
  std::vector<int> out;
  std::stringstream in(text);
  std::string item;
  while (std::getline(in, item, ',')) {
    const int rows = std::stoi(item);
    if (rows < 1) throw std::invalid_argument("rows per statement must be >= 1");
    out.push_back(rows);
  }
  return out;
}

void print_import(const char* title, const ImportRun& run) {
  const ImportSummary& s = run.summary;
  std::cout << title << ": " << s.games << " games, " << s.nodes << " nodes, "
            << fixed(megabytes(s.bytes), 1) << " MB from " << s.files_found << " files ("
            << s.files_new << " new, " << s.files_unchanged << " unchanged, " << s.files_failed
            << " failed); " << s.errors << " errors, " << s.warnings << " warnings\n"
            << "  time " << fixed(run.seconds, 2)
            << " s: " << fixed(per(static_cast<double>(s.games), run.seconds), 0) << " games/s, "
            << fixed(per(static_cast<double>(s.nodes), run.seconds), 0) << " nodes/s, "
            << fixed(per(megabytes(s.bytes), run.seconds), 1) << " MB/s\n";
}

// One ceiling run against the ludex database db; prints it unless json.
nlohmann::json run_ceiling(const std::string& db, const CeilingOptions& copts, double ludex_seconds,
                           std::int64_t ludex_rows, bool json) {
  const CeilingResult c = measure_sqlite_ceiling(db, db + ".ceiling", copts);
  const double ratio = c.total_seconds() / ludex_seconds;
  const int per_statement = copts.rows_per_statement;
  nlohmann::json cj = {{"rows_per_statement", per_statement},  {"rows", c.rows},
                       {"insert_seconds", c.insert_seconds},   {"index_seconds", c.index_seconds},
                       {"analyze_seconds", c.analyze_seconds}, {"total_seconds", c.total_seconds()},
                       {"database_bytes", c.database_bytes},   {"ratio", ratio}};
  for (const CeilingTable& t : c.tables) {
    cj["tables"][t.name] = {{"rows", t.rows}, {"insert_seconds", t.insert_seconds}};
  }
  for (const CeilingStep& step : c.index_steps) cj["index_steps"][step.name] = step.seconds;
  if (json) return cj;
  std::cout << "SQLite ceiling (" << per_statement << " row" << (per_statement > 1 ? "s" : "")
            << " per INSERT, key order, one transaction, indexes after): " << c.rows
            << " rows; insert " << fixed(c.insert_seconds, 2) << " s, indexes "
            << fixed(c.index_seconds, 2) << " s, ANALYZE " << fixed(c.analyze_seconds, 2)
            << " s, total " << fixed(c.total_seconds(), 2) << " s\n"
            << "  ceiling / ludex = " << fixed(ratio, 3) << " (target >= 0.8)\n"
            << "  insert seconds per table:";
  for (const CeilingTable& t : c.tables) {
    if (t.rows > 0) std::cout << " " << t.name << " " << fixed(t.insert_seconds, 2);
  }
  std::cout << "\n  index seconds:";
  for (const CeilingStep& step : c.index_steps) {
    if (step.seconds >= 0.01) std::cout << " " << step.name << " " << fixed(step.seconds, 2);
  }
  std::cout << "\n";
  if (c.rows != ludex_rows) {
    std::cout << "  warning: the ceiling copied " << c.rows << " rows, the database has "
              << ludex_rows << "\n";
  }
  return cj;
}

}  // namespace

void prepare_new_database(const std::string& path, bool replace) {
  if (!fs::exists(path)) return;
  if (!replace) throw std::runtime_error(path + " exists (use --replace to overwrite it)");
  for (const char* suffix : {"", "-wal", "-shm"}) fs::remove(path + suffix);
}

std::string fixed(double value, int decimals) {
  std::ostringstream out;
  out << std::fixed << std::setprecision(decimals) << value;
  return out.str();
}

int run_import_bench_command(const std::vector<std::string>& args) {
  po::options_description options("ludex-bench import --archive DIR --db DB");
  options.add_options()                                                                   //
      ("help,h", "show this help")                                                        //
      ("archive", po::value<std::string>()->required(), "archive directory")              //
      ("db", po::value<std::string>()->required(), "database to create")                  //
      ("jobs,j", po::value<int>()->default_value(0), "parse workers (0 = one per core)")  //
      ("replace", "remove an existing database first")                                    //
      ("ceiling-rows", po::value<std::string>()->default_value("1"),
       "rows per INSERT of the ceiling runs, e.g. 1,64 (one run each)")  //
      ("no-ceiling", "skip the SQLite ceiling")                          //
      ("no-second", "skip the second import")                            //
      ("keep-ceiling", "keep the ceiling's database (DB.ceiling)")       //
      ("json", "print the figures as one JSON object");
  const auto parsed = parse_command_line("bench import", args, options);
  if (!parsed) return 2;
  if (parsed->help) {
    std::cout << options;
    return 0;
  }
  const po::variables_map& vm = parsed->vm;
  const std::string archive = vm["archive"].as<std::string>();
  const std::string db = vm["db"].as<std::string>();
  const int jobs = vm["jobs"].as<int>();
  std::vector<int> ceiling_rows;
  try {
    ceiling_rows = parse_rows_list(vm["ceiling-rows"].as<std::string>());
  } catch (const std::exception&) {
    std::cerr << "ludex-bench import: --ceiling-rows takes positive numbers, e.g. 1,64\n";
    return 2;
  }
  const bool json = vm.count("json") != 0;
  prepare_new_database(db, vm.count("replace") != 0);

  nlohmann::json out;
  const ImportRun first = run_import(archive, db, jobs);
  const std::int64_t rss = peak_rss_bytes();
  const DatabaseFigures figures = measure_database(db);
  const double nodes = static_cast<double>(std::max<std::int64_t>(1, first.summary.nodes));
  out["jobs"] = jobs;
  out["first_import"] = run_json(first);
  out["peak_rss_bytes"] = rss;
  out["rss_by_tenth_bytes"] = rss_by_tenth(first);
  out["database_bytes"] = figures.file_bytes;
  out["database_bytes_per_node"] = static_cast<double>(figures.file_bytes) / nodes;
  std::int64_t rows = 0;
  for (const TableFigures& t : figures.tables) {
    out["tables"][t.name] = {{"rows", t.rows},
                             {"bytes", t.bytes},
                             {"rows_per_node", static_cast<double>(t.rows) / nodes},
                             {"bytes_per_node", static_cast<double>(t.bytes) / nodes}};
    rows += t.rows;
  }
  out["rows"] = rows;
  out["virtual_table_bytes"] = figures.virtual_table_bytes;
  if (!json) {
    print_import("ludex import", first);
    std::cout << "  RSS peak per tenth of the import (MB):";
    for (const std::int64_t bytes : rss_by_tenth(first))
      std::cout << " " << fixed(megabytes(bytes), 0);
    std::cout << "\n";
    std::cout << "  peak RSS " << fixed(megabytes(rss), 1) << " MB; database "
              << fixed(megabytes(figures.file_bytes), 1)
              << " MB = " << fixed(static_cast<double>(figures.file_bytes) / nodes, 1)
              << " bytes/node; " << rows
              << " rows = " << fixed(static_cast<double>(rows) / nodes, 2) << " rows/node\n"
              << "  table                      rows  rows/node   MB (with indexes)  bytes/node\n";
    for (const TableFigures& t : figures.tables) {
      std::cout << "  " << std::left << std::setw(20) << t.name << std::right << std::setw(12)
                << t.rows << std::setw(11) << fixed(static_cast<double>(t.rows) / nodes, 3)
                << std::setw(12) << fixed(megabytes(t.bytes), 1) << std::setw(20)
                << fixed(static_cast<double>(t.bytes) / nodes, 1) << "\n";
    }
    std::cout << "  full-text index (virtual tables) "
              << fixed(megabytes(figures.virtual_table_bytes), 1)
              << " MB = " << fixed(static_cast<double>(figures.virtual_table_bytes) / nodes, 1)
              << " bytes/node\n";
  }

  if (vm.count("no-second") == 0) {
    const ImportRun second = run_import(archive, db, jobs);
    out["second_import"] = run_json(second);
    out["second_import_percent"] = 100.0 * second.seconds / first.seconds;
    if (!json) {
      std::cout << "second import (unchanged archive): " << fixed(second.seconds, 2)
                << " s = " << fixed(100.0 * second.seconds / first.seconds, 1) << "% of the first; "
                << second.summary.files_unchanged << " of " << second.summary.files_found
                << " files unchanged, " << second.summary.games << " games stored\n";
    }
  }

  if (vm.count("no-ceiling") == 0) {
    for (const int per_statement : ceiling_rows) {
      CeilingOptions copts;
      copts.rows_per_statement = per_statement;
      copts.keep_database = vm.count("keep-ceiling") != 0;
      out["ceiling"].push_back(run_ceiling(db, copts, first.seconds, rows, json));
    }
  }
  if (json) std::cout << out.dump() << "\n";
  return 0;
}

int run_store_bench_command(const std::vector<std::string>& args) {
  po::options_description options("ludex-bench store --archive DIR --db DB");
  options.add_options()                                                                   //
      ("help,h", "show this help")                                                        //
      ("archive", po::value<std::string>()->required(), "archive directory")              //
      ("db", po::value<std::string>()->required(), "database to create")                  //
      ("jobs,j", po::value<int>()->default_value(0), "parse threads (0 = one per core)")  //
      ("replace", "remove an existing database first")                                    //
      ("json", "print the figures as one JSON object");
  const auto parsed = parse_command_line("bench store", args, options);
  if (!parsed) return 2;
  if (parsed->help) {
    std::cout << options;
    return 0;
  }
  const po::variables_map& vm = parsed->vm;
  const std::string db = vm["db"].as<std::string>();
  prepare_new_database(db, vm.count("replace") != 0);
  const StoreRun run = run_store_only(vm["archive"].as<std::string>(), db, vm["jobs"].as<int>());
  const double total = run.store_seconds + run.finish_seconds;
  if (vm.count("json") != 0) {
    const nlohmann::json j = {{"games", run.games},
                              {"nodes", run.nodes},
                              {"parse_seconds", run.parse_seconds},
                              {"store_seconds", run.store_seconds},
                              {"finish_seconds", run.finish_seconds},
                              {"store_peak_rss_bytes", run.store_peak_rss},
                              {"finish_peak_rss_bytes", run.finish_peak_rss},
                              {"finish_start_rss_bytes", run.finish_start_rss},
                              {"nodes_per_second", per(static_cast<double>(run.nodes), total)}};
    std::cout << j.dump() << "\n";
  } else {
    std::cout << "writer alone: " << run.games << " games, " << run.nodes << " nodes; store "
              << fixed(run.store_seconds, 2) << " s + finish_bulk_load "
              << fixed(run.finish_seconds, 2)
              << " s = " << fixed(per(static_cast<double>(run.nodes), total), 0)
              << " nodes/s (parsing beforehand, not counted: " << fixed(run.parse_seconds, 2)
              << " s)\n"
              << "  peak RSS while storing " << fixed(megabytes(run.store_peak_rss), 1)
              << " MB (parsed chunks included), during finish_bulk_load "
              << fixed(megabytes(run.finish_peak_rss), 1) << " MB (from "
              << fixed(megabytes(run.finish_start_rss), 1) << " MB when it started)\n";
  }
  return 0;
}

}  // namespace ludex
