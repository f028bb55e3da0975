// End-to-end: GET /api/board, the board the web app draws where it has no
// game (the search page's pattern editor), for every family. It must be the
// board the game viewer gets in a game document of the same family and
// size (Blokus: variant), carry the family's coordinates and star points,
// name Blokus cells as `ludex show` names them, and refuse a bad family,
// size or variant with a 400.
#include <catch2/catch.hpp>

#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "tests/e2e_serve/serve_support.h"
#include "tests/support/e2e_support.h"

namespace ludex::test {
namespace {

using Params = std::vector<std::pair<std::string, std::string>>;
using Json = nlohmann::json;

// Pentobi's 18 game variants (GM[] names), each a Blokus board of its own.
const std::vector<std::string> kBlokusVariants = {"Blokus",
                                                  "Blokus Two-Player",
                                                  "Blokus Three-Player",
                                                  "Blokus Duo",
                                                  "Blokus Trigon",
                                                  "Blokus Trigon Two-Player",
                                                  "Blokus Trigon Three-Player",
                                                  "Blokus Junior",
                                                  "Nexos",
                                                  "Nexos Two-Player",
                                                  "Callisto",
                                                  "Callisto Two-Player",
                                                  "Callisto Two-Player Four-Color",
                                                  "Callisto Three-Player",
                                                  "GembloQ",
                                                  "GembloQ Two-Player",
                                                  "GembloQ Three-Player",
                                                  "GembloQ Two-Player Four-Color"};

// Games of all four families: a generated archive of Hex, Twixt and Go
// (and Blokus Duo), and the corpus's Blokus files, which hold a game of
// every one of the 18 variants.
ServedArchive& board_archive() {
  static ServedArchive a("e2e-serve-board", 60, 23, {(corpus_dir() / "blksgf").string()});
  return a;
}

Json get_board(const Params& params) {
  const auto [status, board] = board_archive().server->get_json("/api/board", params);
  INFO(board.dump().substr(0, 300));
  REQUIRE(status == 200);
  return board;
}

Json blokus_board(const std::string& variant) {
  return get_board({{"family", "blokus"}, {"variant", variant}});
}

// [[x, y], ...] as a set of points.
std::set<std::pair<int, int>> point_set(const Json& points) {
  std::set<std::pair<int, int>> out;
  for (const Json& p : points) out.insert({p.at(0).get<int>(), p.at(1).get<int>()});
  return out;
}

// The occupants of a game document's main line after `move_number` moves,
// as "colour:point" with the points named by `board`'s labels.
std::set<std::string> named_position(const Json& doc, const Json& board, int move_number) {
  std::map<std::pair<int, int>, int> cells;
  for (const Json& i : doc.at("main_line")) {
    const Json& node = doc.at("nodes").at(i.get<std::size_t>());
    if (node.at("move_number").get<int>() > move_number) break;
    for (const Json& r : node.value("removed", Json::array())) {
      cells.erase({r.at(1).get<int>(), r.at(2).get<int>()});
    }
    for (const Json& p : node.value("placed", Json::array())) {
      cells[{p.at(1).get<int>(), p.at(2).get<int>()}] = p.at(0).get<int>();
    }
  }
  std::set<std::string> out;
  for (const auto& [p, colour] : cells) {
    out.insert(std::to_string(colour) + ":" +
               board.at("column_labels").at(p.first).get<std::string>() +
               board.at("row_labels").at(p.second).get<std::string>());
  }
  return out;
}

std::vector<std::string> strings(const Json& array) {
  return array.get<std::vector<std::string>>();
}

TEST_CASE("GET /api/variants lists every Blokus variant with the colours its board names",
          "[e2e][serve]") {
  const auto [status, answer] = board_archive().server->get_json("/api/variants", {});
  REQUIRE(status == 200);
  const Json& variants = answer.at("blokus");
  std::vector<std::string> names;
  for (const Json& v : variants) names.push_back(v.at("name").get<std::string>());
  CHECK(names == kBlokusVariants);
  for (const Json& v : variants) {
    const std::string name = v.at("name").get<std::string>();
    INFO(name);
    const Json board = blokus_board(name);
    CHECK(v.at("columns") == board.at("columns"));
    CHECK(v.at("rows") == board.at("rows"));
    REQUIRE(v.at("colours").size() == board.at("colours").size());
    for (std::size_t i = 0; i < v.at("colours").size(); ++i) {
      CHECK(v.at("colours").at(i) == board.at("colours").at(i).at("name"));
    }
  }
  CHECK(variants.at(3).at("colours") == Json::parse(R"(["purple", "orange"])"));
  CHECK(variants.at(7).at("colours") == Json::parse(R"(["green", "orange"])"));
  CHECK(variants.at(0).at("colours") == Json::parse(R"(["blue", "yellow", "red", "green"])"));
  CHECK(variants.at(0).at("players") == 4);
}

}  // namespace

TEST_CASE("GET /api/board is the game viewer's board of every family, size and variant",
          "[e2e][serve]") {
  ServedArchive& a = board_archive();
  std::set<std::tuple<std::string, std::string, int>> compared;  // family, variant, columns
  std::set<std::string> families;
  std::set<std::string> variants;
  for (const Json& hit : query_json(a.db, {})) {
    const std::string family = hit.at("family");
    if (family == "other") continue;
    const std::string id = std::to_string(hit.at("game_id").get<std::int64_t>());
    const auto [status, doc] = a.server->get_json("/api/games/" + id, {});
    REQUIRE(status == 200);
    const Json& expected = doc.at("board");
    // A toroidal Go game (Little Golem's) has no board without a game.
    if (expected.value("torus", false)) continue;
    const std::string variant = hit.at("variant");
    const int columns = expected.at("columns");
    if (!compared.insert({family, variant, columns}).second) continue;
    // Hex, Twixt and Go boards carry the game's variant text as it is
    // stored; /api/board echoes the one it is given.
    Params params = {{"family", family}};
    if (!variant.empty()) params.emplace_back("variant", variant);
    if (family != "blokus") params.emplace_back("size", std::to_string(columns));
    INFO(family << " " << variant << " " << columns << " (game " << id << ")");
    CHECK(get_board(params) == expected);
    families.insert(family);
    if (family == "blokus") variants.insert(variant);
  }
  CHECK(families == std::set<std::string>{"hex", "twixt", "go", "blokus"});
  CHECK(variants == std::set<std::string>(kBlokusVariants.begin(), kBlokusVariants.end()));
}

TEST_CASE("GET /api/board: each family's coordinates, star points and default size",
          "[e2e][serve]") {
  // Without a size: Hex 11, Twixt 24, Go 19, as the command line's boards.
  for (const auto& [family, side] :
       std::vector<std::pair<std::string, int>>{{"hex", 11}, {"twixt", 24}, {"go", 19}}) {
    const Json board = get_board({{"family", family}});
    INFO(family);
    CHECK(board.at("family") == family);
    CHECK(board.at("columns") == side);
    CHECK(board.at("rows") == side);
    CHECK(board.at("column_labels").size() == static_cast<std::size_t>(side));
    CHECK(board.at("row_labels").size() == static_cast<std::size_t>(side));
  }
  // Hex and Twixt: a.. from the left, 1.. from the top; past z, aa.
  const Json hex = get_board({{"family", "hex"}, {"size", "27"}});
  CHECK(hex.at("column_labels").at(0) == "a");
  CHECK(hex.at("column_labels").at(25) == "z");
  CHECK(hex.at("column_labels").at(26) == "aa");
  CHECK(hex.at("row_labels").at(0) == "1");
  CHECK(hex.at("row_labels").at(26) == "27");
  CHECK(hex.at("colours") == Json::parse(R"([{"color":1,"label":"B","seat":1},
                                             {"color":2,"label":"W","seat":2}])"));
  const Json twixt = get_board({{"family", "twixt"}, {"size", "24"}});
  CHECK(twixt.at("column_labels").at(23) == "x");
  CHECK(twixt.at("row_labels").at(23) == "24");
  CHECK(twixt.at("colours") == Json::parse(R"([{"color":1,"label":"W","seat":1},
                                               {"color":2,"label":"B","seat":2}])"));
  // Go 19: A..T without I, rows counted from the bottom, the nine star points.
  const Json go = get_board({{"family", "go"}, {"size", "19"}});
  CHECK(strings(go.at("column_labels")) ==
        std::vector<std::string>{"A", "B", "C", "D", "E", "F", "G", "H", "J", "K", "L", "M", "N",
                                 "O", "P", "Q", "R", "S", "T"});
  CHECK(go.at("row_labels").at(0) == "19");
  CHECK(go.at("row_labels").at(18) == "1");
  CHECK(go.at("torus") == false);
  std::set<std::pair<int, int>> nine;
  for (int x : {3, 9, 15}) {
    for (int y : {3, 9, 15}) nine.insert({x, y});
  }
  CHECK(point_set(go.at("star_points")) == nine);
  // Go 9: 3-3 points and tengen; Go 37: SGF letters on both axes.
  CHECK(point_set(get_board({{"family", "go"}, {"size", "9"}}).at("star_points")) ==
        std::set<std::pair<int, int>>{{2, 2}, {2, 6}, {6, 2}, {6, 6}, {4, 4}});
  const Json go37 = get_board({{"family", "go"}, {"size", "37"}});
  CHECK(go37.at("column_labels").at(0) == "a");
  CHECK(go37.at("column_labels").at(26) == "A");
  CHECK(go37.at("row_labels").at(0) == "a");
  CHECK(go37.at("row_labels").at(36) == "K");
}

TEST_CASE("GET /api/board draws every Blokus variant, in the notation ludex show writes",
          "[e2e][serve]") {
  ServedArchive& a = board_archive();
  for (const std::string& variant : kBlokusVariants) {
    INFO(variant);
    const Json board = blokus_board(variant);
    CHECK(board.at("family") == "blokus");
    CHECK(board.at("variant") == variant);
    const std::string grid = board.at("grid");
    const std::string expected_grid = variant.find("Trigon") != std::string::npos    ? "trigon"
                                      : variant.find("Nexos") != std::string::npos   ? "nexos"
                                      : variant.find("GembloQ") != std::string::npos ? "gembloq"
                                                                                     : "square";
    CHECK(grid == expected_grid);
    const int columns = board.at("columns");
    const int rows = board.at("rows");
    CHECK(board.at("column_labels").size() == static_cast<std::size_t>(columns));
    CHECK(board.at("row_labels").size() == static_cast<std::size_t>(rows));
    CHECK(!board.at("pieces").empty());
    // Every cell lies on the board, once, with an outline of its grid's shape.
    std::set<std::pair<int, int>> seen;
    for (const Json& cell : board.at("cells")) {
      const int x = cell.at(0);
      const int y = cell.at(1);
      CHECK((x >= 0 && x < columns && y >= 0 && y < rows));
      CHECK(seen.insert({x, y}).second);
      const std::size_t corners = cell.at(2).size();
      if (grid == "square") CHECK(corners == 4);
      if (grid == "trigon") CHECK(corners == 3);
      if (grid == "nexos") CHECK((corners == 1 || corners == 2));
      if (grid == "gembloq") CHECK((corners == 3 || corners == 4));
    }
    CHECK(!seen.empty());
    for (const Json& start : board.at("starting_points")) {
      CHECK(seen.count({start.at(1).get<int>(), start.at(2).get<int>()}) == 1);
    }
    CHECK(board.at("starting_points").empty() == (variant.rfind("Callisto", 0) == 0));
    // The labels are the command line's point names: a game of the variant,
    // its position named with them, is what `ludex show` prints (the first
    // game whose position shows: some of Pentobi's test games break rules).
    std::int64_t game_id = 0;
    Json shown;
    for (const Json& g :
         query_json(a.db, {"--family", "blokus", "--variant", variant, "--moves-min", "1"})) {
      game_id = g.at("game_id");
      const RunResult r =
          run_ludex({"show", "--db", a.db, "--game", std::to_string(game_id), "--json"});
      if (r.exit_code != 0) continue;
      shown = Json::parse(r.out);
      break;
    }
    REQUIRE(shown.is_object());
    std::set<std::string> cli;
    for (const Json& o : shown.at("occupants")) {
      cli.insert(o.at("color").get<std::string>() + ":" + o.at("point").get<std::string>());
    }
    const std::set<std::string> page =
        named_position(a.server->get_json("/api/games/" + std::to_string(game_id), {}).second,
                       board, shown.at("move_number"));
    INFO("game " << game_id << " at move " << shown.at("move_number"));
    CHECK(!cli.empty());
    CHECK(page == cli);
  }
  // The well-known boards: Classic 20x20 with a start in each corner, Duo
  // 14x14 with two, Trigon a hexagon of edge 9 (486 triangles).
  const Json classic = blokus_board("Blokus");
  CHECK(classic.at("cells").size() == 400);
  std::set<std::pair<int, int>> corners;
  for (const Json& s : classic.at("starting_points"))
    corners.insert({s.at(1).get<int>(), s.at(2).get<int>()});
  CHECK(corners == std::set<std::pair<int, int>>{{0, 0}, {0, 19}, {19, 0}, {19, 19}});
  CHECK(classic.at("unit") == Json::parse("[1.0, 1.0]"));
  const Json duo = blokus_board("Blokus Duo");
  CHECK(duo.at("cells").size() == 196);
  CHECK(duo.at("starting_points").size() == 2);
  CHECK(duo.at("colours").size() == 2);
  const Json trigon = blokus_board("Blokus Trigon");
  CHECK(trigon.at("cells").size() == 486);
  CHECK(trigon.at("unit").at(1).get<double>() == Approx(1.7320508));
  // The variant is read as the command line reads GM[]: case and spacing aside.
  CHECK(blokus_board("  blokus   DUO ") == duo);
}

TEST_CASE("GET /api/board refuses a bad family, size or variant with a 400", "[e2e][serve]") {
  const ServeProcess& s = *board_archive().server;
  const std::vector<std::pair<Params, std::string>> bad = {
      {{}, "the option '--family' is required but missing"},
      {{{"family", "chess"}}, "--family: unknown family 'chess' (hex, twixt, blokus, go)"},
      {{{"family", "other"}}, "--family: unknown family 'other' (hex, twixt, blokus, go)"},
      {{{"family", "go"}, {"size", "0"}}, "--size 0: a board side is 1..702"},
      {{{"family", "hex"}, {"size", "703"}}, "--size 703: a board side is 1..702"},
      {{{"family", "twixt"}, {"size", "abc"}},
       "the argument ('abc') for option '--size' is invalid"},
      {{{"family", "blokus"}}, "--variant: unknown Blokus variant ''"},
      {{{"family", "blokus"}, {"variant", "Blokus Quattro"}},
       "--variant: unknown Blokus variant 'Blokus Quattro'"},
      {{{"family", "go"}, {"pattern", "B:dd"}}, "unknown parameter 'pattern'"},
  };
  for (const auto& [params, message] : bad) {
    const auto [status, body] = s.get_json("/api/board", params);
    INFO(encode_query(params) << " -> " << body.dump());
    CHECK(status == 400);
    CHECK(body.at("error") == message);
  }
}

}  // namespace ludex::test
