// `ludex query --player` against counts the test makes itself from the Little
// Golem Hex collections, without ludex's parser or tables.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cctype>
#include <filesystem>
#include <map>

#include "tests/support/e2e_support.h"

namespace ludex::test {
namespace {

namespace fs = std::filesystem;

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

// The value of `id[...]` in one game's text, up to the first ']' (the
// players chosen below have no ']' in their names).
std::string simple_value(const std::string& game, const std::string& id) {
  const std::size_t at = game.find(id + "[");
  if (at == std::string::npos) return "";
  const std::size_t start = at + id.size() + 1;
  const std::size_t end = game.find(']', start);
  return end == std::string::npos ? "" : game.substr(start, end - start);
}

// Games per lowercased player name (either seat) in every LG hex file.
std::map<std::string, int> count_players_independently() {
  std::map<std::string, int> counts;
  for (const char* folder : {"littlegolem-tasuki", "littlegolem-zerohex", "misc"}) {
    for (const auto& e : fs::directory_iterator(corpus_dir() / "hex" / folder)) {
      const std::string text = read_bytes(e.path());
      if (text.find("littlegolem") == std::string::npos) continue;
      // Little Golem games are one line each, starting with "(;".
      std::size_t at = 0;
      while ((at = text.find("(;", at)) != std::string::npos) {
        const std::size_t end = text.find('\n', at);
        const std::string game = text.substr(at, end == std::string::npos ? end : end - at);
        const std::string pb = lower(simple_value(game, "PB"));
        const std::string pw = lower(simple_value(game, "PW"));
        if (!pb.empty()) ++counts[pb];
        if (!pw.empty() && pw != pb) ++counts[pw];
        at += 2;
      }
    }
  }
  return counts;
}

TEST_CASE("player search returns exactly the games counted from the files", "[e2e][query]") {
  ScratchDir dir("players");
  const std::string db = dir / "lg.db";
  std::vector<std::string> args = {"import", "--db", db, "--quiet"};
  for (const char* folder : {"littlegolem-tasuki", "littlegolem-zerohex", "misc"}) {
    args.push_back((corpus_dir() / "hex" / folder).string());
  }
  REQUIRE(run_ludex(args).exit_code == 0);
  const std::map<std::string, int> expected = count_players_independently();

  for (const std::string name : {"Giupiter", "Tommah", "h1h1h1", "broutcha", "herveherve", "jytou",
                                 "log222", "tasuki", "TheDreamTwister"}) {
    INFO(name);
    const auto it = expected.find(lower(name));
    REQUIRE(it != expected.end());
    REQUIRE(it->second > 0);
    const RunResult r = run_ludex({"query", "--db", db, "--player", name, "--count"});
    REQUIRE(r.exit_code == 0);
    CHECK(std::stoi(r.out) == it->second);
    // Case-insensitive and either seat: the upper-cased name finds the same.
    std::string upper = name;
    std::transform(upper.begin(), upper.end(), upper.begin(),
                   [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
    const RunResult u = run_ludex({"query", "--db", db, "--player", upper, "--json"});
    REQUIRE(u.exit_code == 0);
    CHECK(static_cast<int>(json_lines(u.out).size()) == it->second);
  }

  // Two players: games between the two, counted from the files as well.
  int between = 0;
  for (const char* folder : {"littlegolem-tasuki", "littlegolem-zerohex", "misc"}) {
    for (const auto& e : fs::directory_iterator(corpus_dir() / "hex" / folder)) {
      const std::string text = read_bytes(e.path());
      std::size_t at = 0;
      while ((at = text.find("(;", at)) != std::string::npos) {
        const std::size_t end = text.find('\n', at);
        const std::string game = text.substr(at, end == std::string::npos ? end : end - at);
        const std::string pb = lower(simple_value(game, "PB"));
        const std::string pw = lower(simple_value(game, "PW"));
        if ((pb == "giupiter" && pw == "tommah") || (pb == "tommah" && pw == "giupiter")) {
          ++between;
        }
        at += 2;
      }
    }
  }
  const RunResult both =
      run_ludex({"query", "--db", db, "--player", "giupiter", "--player", "TOMMAH", "--count"});
  REQUIRE(both.exit_code == 0);
  CHECK(std::stoi(both.out) == between);

  // Wildcards.
  const RunResult wild = run_ludex({"query", "--db", db, "--player", "giup*", "--count"});
  REQUIRE(wild.exit_code == 0);
  CHECK(std::stoi(wild.out) == expected.at("giupiter"));
}

}  // namespace
}  // namespace ludex::test
