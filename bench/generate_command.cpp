// ludex-bench generate --out DIR --games N --seed S [--mix ...] [--format ...]
#include <chrono>
#include <iostream>
#include <optional>
#include <sstream>

#include <nlohmann/json.hpp>

#include "bench/archive_generator.h"
#include "bench/commands.h"
#include "options/command_line.h"

namespace ludex {
namespace po = boost::program_options;

namespace {

std::vector<std::string> split_list(const std::string& text) {
  std::vector<std::string> out;
  std::stringstream in(text);
  std::string item;
  while (std::getline(in, item, ',')) {
    if (!item.empty()) out.push_back(item);
  }
  return out;
}

// "hex,twixt:2,go" -> {{hex,1},{twixt,2},{go,1}}; nullopt with *error set
// when an item is not a family or its weight not a positive number.
std::optional<std::vector<std::pair<Family, std::uint32_t>>> parse_mix(const std::string& text,
                                                                       std::string* error) {
  std::vector<std::pair<Family, std::uint32_t>> mix;
  for (const std::string& item : split_list(text)) {
    const std::size_t colon = item.find(':');
    const std::optional<Family> family = parse_family(item.substr(0, colon));
    std::uint32_t weight = 1;
    if (colon != std::string::npos) {
      try {
        const unsigned long parsed = std::stoul(item.substr(colon + 1));
        weight = static_cast<std::uint32_t>(parsed);
        if (parsed == 0 || parsed > 1000000) weight = 0;
      } catch (const std::exception&) {
        weight = 0;
      }
    }
    if (!family || *family == Family::kOther || weight == 0) {
      *error = "--mix: '" + item + "' is not hex, twixt, go or blokus with an optional :weight";
      return std::nullopt;
    }
    mix.emplace_back(*family, weight);
  }
  return mix;
}

}  // namespace

int run_generate_command(const std::vector<std::string>& args) {
  po::options_description options("ludex-bench generate --out DIR --games N --seed S");
  options.add_options()                                                                  //
      ("help,h", "show this help")                                                       //
      ("out", po::value<std::string>()->required(), "archive directory (new or empty)")  //
      ("games", po::value<std::int64_t>()->required(), "number of games")                //
      ("seed", po::value<std::uint64_t>()->default_value(1), "seed")                     //
      ("mix", po::value<std::string>()->default_value("hex,twixt,go,blokus"),
       "families and weights, e.g. hex:2,twixt,go,blokus")                                 //
      ("format", po::value<std::string>()->default_value("sgf,gtv"), "sgf, gtv or both")   //
      ("jobs,j", po::value<int>()->default_value(0), "writer threads (0 = one per core)")  //
      ("json", "print the figures as one JSON object");
  const auto parsed = parse_command_line("bench generate", args, options);
  if (!parsed) return 2;
  if (parsed->help) {
    std::cout << options;
    return 0;
  }
  const po::variables_map& vm = parsed->vm;
  GeneratorOptions opts;
  opts.games = vm["games"].as<std::int64_t>();
  opts.seed = vm["seed"].as<std::uint64_t>();
  opts.jobs = vm["jobs"].as<int>();
  std::string error;
  const auto mix = parse_mix(vm["mix"].as<std::string>(), &error);
  if (!mix) {
    std::cerr << "ludex-bench generate: " << error << "\n";
    return 2;
  }
  opts.mix = *mix;
  opts.sgf = opts.gtv = false;
  for (const std::string& format : split_list(vm["format"].as<std::string>())) {
    if (format == "sgf") {
      opts.sgf = true;
    } else if (format == "gtv") {
      opts.gtv = true;
    } else {
      std::cerr << "ludex-bench generate: --format: '" << format << "' is not sgf or gtv\n";
      return 2;
    }
  }
  if (opts.games <= 0 || opts.jobs < 0) {
    std::cerr << "ludex-bench generate: --games must be positive, --jobs not negative\n";
    return 2;
  }
  try {
    plan_archive(opts);  // a usage error shows here, before anything is written
  } catch (const std::invalid_argument& e) {
    std::cerr << "ludex-bench generate: " << e.what() << "\n";
    return 2;
  }

  const auto start = std::chrono::steady_clock::now();
  const GeneratedArchive a = generate_archive(vm["out"].as<std::string>(), opts);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (vm.count("json") != 0) {
    nlohmann::json j = {{"files", a.files},  {"games", a.games},         {"nodes", a.nodes},
                        {"bytes", a.bytes},  {"sgf_bytes", a.sgf_bytes}, {"gtv_bytes", a.gtv_bytes},
                        {"seconds", seconds}};
    std::cout << j.dump() << "\n";
  } else {
    std::cout << "wrote " << a.files << " files, " << a.games << " games, " << a.nodes << " nodes, "
              << fixed(static_cast<double>(a.bytes) / 1e6, 1) << " MB ("
              << fixed(static_cast<double>(a.sgf_bytes) / 1e6, 1) << " MB SGF, "
              << fixed(static_cast<double>(a.gtv_bytes) / 1e6, 1) << " MB game-tree) in "
              << fixed(seconds, 1) << " s\n";
  }
  return 0;
}

}  // namespace ludex
