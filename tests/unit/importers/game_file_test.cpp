// importers/game_file.h: the streamed parse_game_file hands on what the
// collected one returns, in file order, and game_file_format is the format
// both report.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <string>
#include <vector>

#include "importers/game_file.h"

namespace ludex {
namespace {

namespace fs = std::filesystem;

std::string read_bytes(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

std::string describe(const Diagnostic& d) {
  return std::to_string(static_cast<int>(d.severity)) + " " + std::to_string(d.pos.byte_offset) +
         " " + d.to_string();
}

std::string describe(const GameRecord& g) {
  std::string s = "game " + std::to_string(g.game_index) + " " + g.dialect + " " + g.variant +
                  " nodes " + std::to_string(g.tree.size()) + " " + g.result;
  for (const SeatPlayer& p : g.players) s += " " + p.name;
  for (const Diagnostic& w : g.warnings) s += " [" + describe(w) + "]";
  return s;
}

// What the streamed form hands on, in the order it hands it on.
struct Streamed {
  std::string format;
  std::vector<std::string> events;  // "game ..." or "error ..."
};

Streamed stream(std::string_view bytes) {
  Streamed out;
  out.format = std::string(parse_game_file(
      bytes, [&out](GameRecord&& g) { out.events.push_back(describe(g)); },
      [&out](Diagnostic&& d) { out.events.push_back("error " + describe(d)); }));
  return out;
}

}  // namespace

TEST_CASE("parse_game_file streams what it collects, for every file of the corpus", "[importers]") {
  std::map<std::string, int> formats;
  for (const auto& entry :
       fs::recursive_directory_iterator(fs::path(LUDEX_SHARED_DIR) / "corpus")) {
    if (!entry.is_regular_file()) continue;
    const std::string bytes = read_bytes(entry.path());
    INFO(entry.path().string());
    const ParsedFile whole = parse_game_file(bytes);
    const Streamed streamed = stream(bytes);
    CHECK(streamed.format == whole.format);
    CHECK(game_file_format(bytes) == whole.format);
    std::vector<std::string> games;
    std::vector<std::string> errors;
    for (const std::string& e : streamed.events) {
      (e.rfind("game ", 0) == 0 ? games : errors).push_back(e);
    }
    std::vector<std::string> whole_games;
    for (const GameRecord& g : whole.games) whole_games.push_back(describe(g));
    std::vector<std::string> whole_errors;
    for (const Diagnostic& d : whole.diagnostics) whole_errors.push_back("error " + describe(d));
    CHECK(games == whole_games);
    CHECK(errors == whole_errors);
    // A file of one game hands on its errors before its game.
    if (whole.format != "sgf" && !games.empty()) CHECK(streamed.events.back() == games.back());
    ++formats[whole.format];
  }
  // The corpus holds every format, and files that are none.
  CHECK(formats["sgf"] > 0);
  CHECK(formats["gtv"] > 0);
  CHECK(formats["t1"] > 0);
  CHECK(formats[""] > 0);
}

TEST_CASE("parse_game_file streams the one error of unrecognised content", "[importers]") {
  const Streamed streamed = stream("just some notes\n");
  CHECK(streamed.format.empty());
  REQUIRE(streamed.events.size() == 1);
  CHECK(streamed.events[0].find("not a recognised game file: plain text") != std::string::npos);
  CHECK(game_file_format("") == "");
  CHECK(stream("").events.size() == 1);
}

}  // namespace ludex
