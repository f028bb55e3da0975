// End-to-end: what the web app and `ludex show` must agree on beyond the
// filters. A Go board wider than 25 lines (Little Golem's 37x37) is
// labelled with SGF letters on both axes everywhere (the game document's
// labels and move labels, show's diagram), never a mix with board notation;
// the web app's list of evaluation sources names every source the server
// knows.
#include <catch2/catch.hpp>

#include <sstream>
#include <string>
#include <vector>

#include "core/node.h"
#include "tests/e2e_serve/serve_support.h"
#include "tests/support/e2e_support.h"

namespace ludex::test {
namespace {

using Json = nlohmann::json;

// SGF's letter for coordinate i: a..z, then A..Z.
std::string sgf_letter(int i) {
  return std::string(1, static_cast<char>(i < 26 ? 'a' + i : 'A' + i - 26));
}

}  // namespace

TEST_CASE("a 37x37 Go board has SGF letters on both axes in the document and in show",
          "[e2e][serve]") {
  ScratchDir dir("e2e-serve-go37");
  const std::string db = dir / "go37.db";
  import_paths(db,
               {(corpus_dir() / "go" / "littlegolem-tasuki" / "lg-2205068-goRio.sgf").string()});
  ServeProcess server(db);
  const auto [status, doc] = server.get_json("/api/games/1", {});
  REQUIRE(status == 200);
  const Json& board = doc.at("board");
  REQUIRE(board.at("columns") == 37);
  REQUIRE(board.at("rows") == 37);
  std::vector<std::string> letters;
  for (int i = 0; i < 37; ++i) letters.push_back(sgf_letter(i));
  CHECK(board.at("column_labels") == Json(letters));
  CHECK(board.at("row_labels") == Json(letters));

  // Every move is labelled as it is written: the label is the SGF text, and
  // a point past z (x = 26 is 'A', as the pattern editor writes it) appears.
  int past_z = 0;
  for (const Json& node : doc.at("nodes")) {
    for (const Json& move : node.at("moves")) {
      CHECK(move.at("label") == move.at("text"));
      if (move.at("kind") != "place") continue;
      for (const Json& p : move.at("points")) {
        const int x = p.at(0);
        const int y = p.at(1);
        CHECK(move.at("text") == move.at("text").get<std::string>().substr(0, 2) +
                                     letters.at(static_cast<std::size_t>(x)) +
                                     letters.at(static_cast<std::size_t>(y)));
        if (x >= 26) ++past_z;
      }
    }
  }
  CHECK(past_z > 0);

  // `ludex show` draws the same labels: the column letters above the board
  // and each row's letter at both ends of its line.
  const RunResult shown = run_ludex_ok({"show", "--db", db, "--game", "1", "--move", "10"});
  std::istringstream lines(shown.out);
  std::string line;
  std::vector<std::string> diagram;
  while (std::getline(lines, line)) diagram.push_back(line);
  std::string header;
  for (const std::string& l : letters) header += l + " ";
  header.pop_back();
  std::size_t top = 0;
  while (top < diagram.size() && diagram[top].find(header) == std::string::npos) ++top;
  INFO(shown.out);
  REQUIRE(top + 38 < diagram.size());
  for (int y = 0; y < 37; ++y) {
    const std::string& row = diagram[top + 1 + static_cast<std::size_t>(y)];
    const std::string& label = letters[static_cast<std::size_t>(y)];
    CHECK(row.find_first_not_of(' ') == row.find(label));
    CHECK(row.substr(row.find_last_not_of(' ')) == label);
  }
  CHECK(diagram[top + 38].find(header) != std::string::npos);
}

TEST_CASE("the web app's evaluation sources are every source the server knows", "[e2e][serve]") {
  ScratchDir dir("e2e-serve-sources");
  const std::string db = dir / "s.db";
  import_paths(db, {(std::filesystem::path(LUDEX_SOURCE_DIR) / "sample").string()});
  ServeProcess server(db);
  const HttpResult module = server.get("/js/eval_sources.js");
  REQUIRE(module.status == 200);
  for (const EvalSource source : all_eval_sources()) {
    const std::string name(eval_source_name(source));
    INFO(name);
    // A key of SOURCES, quoted where the name has a dash.
    CHECK((module.body.find("\n  " + name + ": {") != std::string::npos ||
           module.body.find("\n  '" + name + "': {") != std::string::npos));
  }
}

}  // namespace ludex::test
