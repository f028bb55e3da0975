// Streaming a collection: read_sgf_games with callbacks, and the parse
// pipeline handing a large collection to its consumer in parts under a byte
// budget (issue 6: a whole parsed collection in memory made the import's peak
// RSS grow with the largest file).
#include <catch2/catch.hpp>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "importers/game_file.h"
#include "importers/sgf/sgf_game.h"
#include "indexer/parse_pipeline.h"

namespace ludex {
namespace {

namespace fs = std::filesystem;

// A collection of n Hex games of a few moves each, every tenth one lost to a
// syntax error (a stray '?').
std::string collection(int n) {
  std::string s;
  for (int g = 0; g < n; ++g) {
    s += "(;FF[4]GM[11]SZ[11]PB[black " + std::to_string(g) + "]PW[white]";
    for (int m = 0; m < 6; ++m) {
      s += m % 2 == 0 ? ";B[" : ";W[";
      s.push_back(static_cast<char>('a' + m));
      s.push_back(static_cast<char>('a' + g % 11));
      s += "]";
    }
    s += g % 10 == 9 ? "?)\n" : ")\n";
  }
  return s;
}

class ScratchDir {
 public:
  ScratchDir()
      : path_(fs::temp_directory_path() /
              ("ludex_sgf_streaming_" + std::to_string(::getpid()) + "_" +
               std::to_string(reinterpret_cast<std::uintptr_t>(this)))) {
    fs::create_directories(path_);
  }
  ~ScratchDir() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;

  std::string write(const std::string& name, const std::string& bytes) const {
    const fs::path p = path_ / name;
    std::ofstream(p, std::ios::binary) << bytes;
    return p.string();
  }

 private:
  fs::path path_;
};

bool accept_all(const std::string&, std::int64_t, const std::string&) {
  return true;
}

TEST_CASE("read_sgf_games streams the games and errors it collects, in file order") {
  const std::string bytes = collection(40);
  const SgfParseOutput whole = read_sgf_games(bytes);
  std::vector<GameRecord> games;
  std::vector<Diagnostic> errors;
  std::vector<std::int32_t> order;  // game_index of every game and error as it came
  read_sgf_games(
      bytes,
      [&](GameRecord&& g) {
        order.push_back(g.game_index);
        games.push_back(std::move(g));
      },
      [&](Diagnostic&& d) {
        order.push_back(d.game_index);
        errors.push_back(std::move(d));
      });
  REQUIRE(games.size() == whole.games.size());
  REQUIRE(errors.size() == whole.diagnostics.size());
  CHECK(errors.size() > 0);
  for (std::size_t i = 0; i < games.size(); ++i) {
    CHECK(games[i].game_index == whole.games[i].game_index);
    CHECK(games[i].tree == whole.games[i].tree);
  }
  for (std::size_t i = 1; i < order.size(); ++i) CHECK(order[i - 1] < order[i]);
}

TEST_CASE("read_sgf_games streams the file-level error of a file without games") {
  std::vector<Diagnostic> errors;
  int games = 0;
  read_sgf_games(
      "no game here (", [&](GameRecord&&) { ++games; },
      [&](Diagnostic&& d) { errors.push_back(std::move(d)); });
  CHECK(games == 0);
  REQUIRE(errors.size() == 1);
  CHECK(errors[0].game_index == -1);
}

TEST_CASE("the parse pipeline hands a large collection on in parts, in order") {
  ScratchDir dir;
  const std::string big = collection(400);
  const std::vector<std::string> files = {dir.write("a.sgf", "(;GM[11]SZ[5];B[aa])"),
                                          dir.write("b.sgf", big),
                                          dir.write("c.sgf", "(;GM[11]SZ[5];B[bb])")};
  const ParsedFile expected = parse_game_file(big);

  for (const int jobs : {1, 2, 3}) {
    PipelineOptions options;
    options.jobs = jobs;
    options.budget_bytes = 64 * 1024;  // far less than the collection takes parsed
    options.part_bytes = 16 * 1024;
    std::vector<FileResult> parts;
    run_parse_pipeline(files, options, accept_all,
                       [&](FileResult&& r) { parts.push_back(std::move(r)); });

    REQUIRE(parts.size() > 4);
    CHECK(parts.front().path == files[0]);
    CHECK(parts.back().path == files[2]);
    CHECK(parts.front().last);
    CHECK(parts.back().last);
    // The middle parts: b.sgf's, numbered from 0, only the final one last,
    // the header on the first one only.
    std::vector<GameRecord> games;
    std::vector<Diagnostic> errors;
    for (std::size_t i = 1; i + 1 < parts.size(); ++i) {
      FileResult& r = parts[i];
      CHECK(r.path == files[1]);
      CHECK(r.part == static_cast<std::int32_t>(i - 1));
      CHECK(r.last == (i + 2 == parts.size()));
      for (const PreparedGame& g : r.games) CHECK(g.derived);
      if (r.part == 0) {
        CHECK(r.readable);
        CHECK(r.size == static_cast<std::int64_t>(big.size()));
        CHECK(r.format == "sgf");
        CHECK_FALSE(r.content_hash.empty());
      }
      for (PreparedGame& g : r.games) games.push_back(std::move(g.record));
      for (Diagnostic& d : r.diagnostics) errors.push_back(std::move(d));
    }
    REQUIRE(games.size() == expected.games.size());
    REQUIRE(errors.size() == expected.diagnostics.size());
    for (std::size_t i = 0; i < games.size(); ++i) {
      CHECK(games[i].game_index == expected.games[i].game_index);
      CHECK(games[i].tree == expected.games[i].tree);
    }
  }
}

TEST_CASE("the parse pipeline passes a file larger than its budget, and files after it") {
  ScratchDir dir;
  std::vector<std::string> files;
  for (int i = 0; i < 20; ++i) {
    files.push_back(dir.write("f" + std::to_string(100 + i) + ".sgf", collection(30)));
  }
  PipelineOptions options;
  options.jobs = 2;
  options.window = 3;
  options.budget_bytes = 1;  // every part is over budget
  std::vector<std::string> order;
  std::size_t games = 0;
  run_parse_pipeline(files, options, accept_all, [&](FileResult&& r) {
    if (r.part == 0) order.push_back(r.path);
    games += r.games.size();
  });
  CHECK(order == files);
  CHECK(games == 20 * 27);
}

TEST_CASE("an exception thrown by the pipeline's consumer stops it and propagates") {
  ScratchDir dir;
  std::vector<std::string> files;
  for (int i = 0; i < 10; ++i) {
    files.push_back(dir.write("f" + std::to_string(i) + ".sgf", collection(50)));
  }
  PipelineOptions options;
  options.jobs = 2;
  options.budget_bytes = 4096;
  options.part_bytes = 1024;
  int calls = 0;
  CHECK_THROWS_AS(run_parse_pipeline(files, options, accept_all,
                                     [&](FileResult&&) {
                                       if (++calls == 3) throw std::runtime_error("stop");
                                     }),
                  std::runtime_error);
  CHECK(calls == 3);
}

}  // namespace
}  // namespace ludex
