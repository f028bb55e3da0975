// End-to-end: `ludex serve` answers every filter exactly as `ludex query
// --json` does, on a generated archive of all four families; the game
// document, downloads and `next` agree with the command line; bad requests
// are 4xx (never 500). The server as a process (load, connections,
// stopping, ports) is server_process_test.cpp's.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include <httplib.h>

#include "tests/e2e_serve/serve_support.h"
#include "tests/support/e2e_support.h"

namespace ludex::test {
namespace {

namespace fs = std::filesystem;
using Params = std::vector<std::pair<std::string, std::string>>;
using Json = nlohmann::json;

// The command line of params: name=value becomes --name value; a switch
// with value "1" becomes --name.
std::vector<std::string> cli_args(const Params& params) {
  static const std::set<std::string> kSwitches = {"first",    "symmetric",  "main-line",
                                                  "has-eval", "duplicates", "desc"};
  std::vector<std::string> out;
  for (const auto& [name, value] : params) {
    if (kSwitches.count(name) != 0) {
      if (value == "1") out.push_back("--" + name);
      continue;
    }
    out.push_back("--" + name + "=" + value);
  }
  return out;
}

// One archive, imported once, and a server on it, shared by the tests of
// this file (each TEST_CASE runs in the same process).
using Archive = ServedArchive;

Archive& archive() {
  static Archive a("e2e-serve", 400, 11);
  return a;
}

Json show_json(const std::string& db, std::int64_t game, std::int64_t move) {
  return Json::parse(run_ludex_ok({"show", "--db", db, "--game", std::to_string(game), "--move",
                                   std::to_string(move), "--json"})
                         .out);
}

// The first game of a family in the archive with at least `moves` moves.
// /api/next's moves are ludex next --json's lines, with points_xy added.
void check_same_moves(const Json& api, const std::vector<Json>& cli) {
  REQUIRE(api.at("moves").size() == cli.size());
  for (std::size_t i = 0; i < cli.size(); ++i) {
    Json move = api.at("moves").at(i);
    move.erase("points_xy");
    CHECK(move == cli[i]);
  }
}

Json first_game(const std::string& db, const std::string& family, int moves) {
  const std::vector<Json> hits =
      query_json(db, {"--family", family, "--moves-min", std::to_string(moves), "--limit", "1"});
  REQUIRE(hits.size() == 1);
  return hits.front();
}

// A colour:point item in the family's notation from a show --json occupant.
std::string item(const Json& occupant) {
  return occupant.at("color").get<std::string>() + ":" + occupant.at("point").get<std::string>();
}

// The filter sets the comparison runs: every option of ludex query, with
// values taken from the archive itself so that each has hits.
std::vector<Params> filter_sets(const std::string& db) {
  const std::vector<Json> some = query_json(db, {});
  REQUIRE(some.size() == 400);
  const Json& a = some.at(3);
  const std::string player = a.at("players").at(0).at("name");
  const std::string other = a.at("players").at(1).at("name");
  std::string event;
  std::string date;
  std::string result;
  for (const Json& g : some) {
    if (event.empty() && !g.at("event").get<std::string>().empty()) event = g.at("event");
    if (date.empty() && !g.at("date").get<std::string>().empty()) date = g.at("date");
    if (result.empty() && !g.at("result").get<std::string>().empty()) result = g.at("result");
  }
  REQUIRE(!event.empty());
  REQUIRE(!date.empty());
  REQUIRE(!result.empty());

  const Json go = first_game(db, "go", 30);
  const std::int64_t go_id = go.at("game_id");
  const Json go_view = show_json(db, go_id, 20);
  const Json& go_stones = go_view.at("occupants");
  REQUIRE(go_stones.size() >= 3);
  const std::string go_size = std::to_string(go_view.at("columns").get<int>());
  const Json twixt = first_game(db, "twixt", 20);
  const Json twixt_view = show_json(db, twixt.at("game_id"), 14);
  REQUIRE(!twixt_view.at("links").empty());
  const Json& link = twixt_view.at("links").at(0);
  const Json hex = first_game(db, "hex", 10);
  const Json hex_view = show_json(db, hex.at("game_id"), 6);
  const Json blokus = first_game(db, "blokus", 4);
  const std::vector<Json> node_hits = query_json(
      db, {"--family", "hex", "--has", item(hex_view.at("occupants").at(0)), "--limit", "1"});
  REQUIRE(node_hits.size() == 1);
  const std::string node_id = std::to_string(node_hits.front().at("node_id").get<std::int64_t>());

  return {
      {},
      {{"player", player}},
      {{"game", std::to_string(a.at("game_id").get<std::int64_t>())}, {"game", "1"}},
      {{"player", player.substr(0, 3) + "*"}},
      {{"player", player}, {"player", other}},
      {{"family", "hex"}},
      {{"family", "twixt"}, {"sort", "date"}},
      {{"family", "go"}, {"size", go_size}},
      {{"family", "blokus"}, {"variant", blokus.at("variant")}},
      {{"event", event}},
      {{"event", event.substr(0, 4) + "*"}},
      {{"result", result}},
      {{"winner", "1"}},
      {{"date-from", date.substr(0, 4)}, {"date-to", date}},
      {{"moves-min", "20"}, {"moves-max", "60"}},
      {{"duplicates", "1"}},
      {{"sort", "date"}, {"desc", "1"}},
      {{"sort", "player"}},
      {{"sort", "player"}, {"desc", "1"}, {"family", "go"}},
      {{"sort", "result"}},
      {{"sort", "result"}, {"desc", "1"}, {"family", "hex"}},
      {{"family", "go"}, {"has", item(go_stones.at(0)) + "," + item(go_stones.at(1))}},
      {{"family", "go"}, {"has", item(go_stones.at(0))}, {"first", "1"}},
      {{"family", "go"}, {"has", item(go_stones.at(0))}, {"main-line", "1"}, {"sort", "date"}},
      {{"family", "go"}, {"has", item(go_stones.at(0))}, {"first", "1"}, {"sort", "result"}},
      {{"family", "go"}, {"empty", go_stones.at(0).at("point").get<std::string>()}, {"first", "1"}},
      {{"family", "twixt"},
       {"link", link.at("color").get<std::string>() + ":" + link.at("from").get<std::string>() +
                    "-" + link.at("to").get<std::string>()}},
      {{"family", "go"},
       {"size", go_size},
       {"pattern",
        item(go_stones.at(0)) + "," + item(go_stones.at(1)) + "," + item(go_stones.at(2))}},
      {{"family", "go"},
       {"size", go_size},
       {"pattern", item(go_stones.at(0)) + "," + item(go_stones.at(1))},
       {"symmetric", "1"},
       {"first", "1"}},
      {{"position", std::to_string(go_id) + ":20"}},
      {{"position", std::to_string(go_id) + ":20"}, {"symmetric", "1"}},
      {{"position", "node:" + node_id}},
      {{"position", std::to_string(hex.at("game_id").get<std::int64_t>()) + ":0"},
       {"main-line", "1"}},
      {{"has-eval", "1"}},
      {{"eval-min", "2000"}},
      {{"eval-max", "-2000"}, {"first", "1"}},
      {{"eval-swing", "3000"}},
      {{"eval-min", "-0.5"}, {"eval-source", "sgf"}},
      {{"comment", "move"}},
      {{"comment-fts", "mov*"}},
      {{"family", "blokus"}, {"has", "piece:X"}},
  };
}

}  // namespace

TEST_CASE("the API answers every filter as ludex query --json does", "[e2e][serve]") {
  Archive& a = archive();
  for (const Params& filters : filter_sets(a.db)) {
    for (const auto& [offset, limit] : {std::pair<int, int>{0, 50}, {7, 13}}) {
      Params params = filters;
      params.emplace_back("limit", std::to_string(limit));
      params.emplace_back("offset", std::to_string(offset));
      std::vector<std::string> args = cli_args(params);
      const std::vector<Json> cli = query_json(a.db, args);
      const auto [status, api] = a.server->get_json("/api/games", params);
      INFO("filters: " << encode_query(params));
      REQUIRE(status == 200);
      CHECK(api.at("hits") == Json(cli));
      CHECK(api.at("offset") == offset);
      CHECK(api.at("limit") == limit);
      // The total is the count of every hit, as --count gives it.
      std::vector<std::string> count_args = {"query", "--db", a.db, "--count"};
      const std::vector<std::string> filter_args = cli_args(filters);
      count_args.insert(count_args.end(), filter_args.begin(), filter_args.end());
      CHECK(api.at("total").get<std::int64_t>() == std::stoll(run_ludex_ok(count_args).out));
    }
  }
}

TEST_CASE("the API pages through a result without repeating or losing a hit", "[e2e][serve]") {
  Archive& a = archive();
  std::vector<Json> all = query_json(a.db, {"--sort", "date"});
  std::vector<Json> paged;
  for (int offset = 0;; offset += 37) {
    const auto [status, page] = a.server->get_json(
        "/api/games", {{"sort", "date"}, {"limit", "37"}, {"offset", std::to_string(offset)}});
    REQUIRE(status == 200);
    CHECK(page.at("total") == all.size());
    if (page.at("hits").empty()) break;
    for (const Json& hit : page.at("hits")) paged.push_back(hit);
  }
  CHECK(Json(paged) == Json(all));
}

TEST_CASE("the game document agrees with show, and downloads with export", "[e2e][serve]") {
  Archive& a = archive();
  for (const std::string family : {"hex", "twixt", "go", "blokus"}) {
    const Json hit = first_game(a.db, family, 8);
    const std::int64_t id = hit.at("game_id");
    const auto [status, doc] = a.server->get_json("/api/games/" + std::to_string(id), {});
    REQUIRE(status == 200);
    CHECK(doc.at("family") == family);
    CHECK(doc.at("players") == hit.at("players"));
    // The hash after each main-line node is the one show rebuilds.
    const Json& main_line = doc.at("main_line");
    int checked = 0;
    for (const Json& index : main_line) {
      const Json& node = doc.at("nodes").at(index.get<std::size_t>());
      if (node.at("moves").empty()) continue;
      const std::int64_t move = node.at("move_number");
      if (move % 3 != 0) continue;
      CHECK(node.at("hash") == show_json(a.db, id, move).at("hash"));
      ++checked;
    }
    CHECK(checked > 0);
    // Replaying the deltas gives show's occupants at the end of the main line.
    std::map<std::pair<int, int>, int> board;
    for (const Json& index : main_line) {
      const Json& node = doc.at("nodes").at(index.get<std::size_t>());
      for (const Json& r : node.at("removed")) board.erase({r.at(1), r.at(2)});
      for (const Json& p : node.at("placed")) board[{p.at(1), p.at(2)}] = p.at(0);
    }
    const Json end = show_json(a.db, id, hit.at("moves"));
    CHECK(board.size() == end.at("occupants").size());

    const HttpResult sgf = a.server->get("/api/games/" + std::to_string(id) + ".sgf");
    REQUIRE(sgf.status == 200);
    CHECK(sgf.content_disposition.find("attachment; filename=\"") == 0);
    ScratchDir out("e2e-serve-export");
    run_ludex_ok({"export", "--db", a.db, "--game", std::to_string(id), "--format", "sgf", "--out",
                  out.path().string(), "--quiet"});
    std::vector<fs::path> files;
    for (const auto& entry : fs::directory_iterator(out.path())) files.push_back(entry.path());
    REQUIRE(files.size() == 1);
    CHECK(sgf.content_disposition ==
          "attachment; filename=\"" + files.front().filename().string() + "\"");
    CHECK(read_bytes(files.front()) == sgf.body);
  }
}

TEST_CASE("the hit list as a zip is the bytes of ludex export --zip", "[e2e][serve]") {
  Archive& a = archive();
  for (const auto& [filters, format] : std::vector<std::pair<Params, std::string>>{
           {{{"family", "hex"}}, "sgf"},
           {{{"family", "twixt"}, {"limit", "5"}}, "gtv"},
           {{{"family", "go"}, {"moves-min", "40"}}, "sgf"}}) {
    Params params = filters;
    params.emplace_back("format", format);
    const HttpResult zip = a.server->get("/api/games.zip?" + encode_query(params));
    INFO(encode_query(params) << " -> " << zip.status);
    REQUIRE(zip.status == 200);
    CHECK(zip.content_type == "application/zip");
    CHECK(zip.content_disposition == "attachment; filename=\"ludex-games.zip\"");
    ScratchDir out("e2e-serve-zip");
    std::vector<std::string> args = {
        "export", "--db", a.db, "--format", format, "--zip", (out.path() / "x.zip").string(),
        "--quiet"};
    for (const std::string& arg : cli_args(filters)) args.push_back(arg);
    run_ludex_ok(args);
    CHECK(read_bytes(out.path() / "x.zip") == zip.body);
    CHECK(zip.body.size() > 100);
  }
  CHECK(a.server->get("/api/games.zip?format=pdf").status == 400);
  CHECK(a.server->get("/api/games.zip?family=chess").status == 400);
}

TEST_CASE("pattern continuations over the API equal ludex next --pattern --json", "[e2e][serve]") {
  Archive& a = archive();
  struct Case {
    std::string family, size, pattern;
  };
  for (const Case& c : {Case{"go", "19", "B:dd,.:cc"}, Case{"go", "9", "B:cc,W:dc"},
                        Case{"hex", "11", "B:e5,.:f5"}}) {
    for (const bool symmetric : {false, true}) {
      std::vector<std::string> args = {"next",    "--db",   a.db,       "--family",
                                       c.family,  "--size", c.size,     "--pattern",
                                       c.pattern, "--json", "--around", "2"};
      Params params = {
          {"family", c.family}, {"size", c.size}, {"pattern", c.pattern}, {"around", "2"}};
      if (symmetric) {
        args.push_back("--symmetric");
        params.emplace_back("symmetric", "1");
      }
      const std::vector<Json> cli = json_lines(run_ludex_ok(args).out);
      const auto [status, api] = a.server->get_json("/api/next", params);
      REQUIRE(status == 200);
      check_same_moves(api, cli);
      // The nodes and games counted are those ludex query --pattern finds.
      std::vector<std::string> count = {"query",  "--db", a.db,        "--family", c.family,
                                        "--size", c.size, "--pattern", c.pattern,  "--count"};
      if (symmetric) count.push_back("--symmetric");
      CHECK(std::to_string(api.at("positions").get<std::int64_t>()) + "\n" ==
            run_ludex_ok(count).out);
      count.push_back("--first");
      CHECK(std::to_string(api.at("games").get<std::int64_t>()) + "\n" == run_ludex_ok(count).out);
    }
  }
  CHECK(a.server->get_json("/api/next", {{"pattern", "B:dd"}, {"family", "go"}}).first == 400);
  CHECK(a.server
            ->get_json("/api/next",
                       {{"pattern", "B:dd"}, {"position", "1:0"}, {"family", "go"}, {"size", "19"}})
            .first == 400);
  CHECK(a.server->get_json("/api/next", {{"pattern", "B:zz9"}, {"family", "go"}, {"size", "19"}})
            .first == 400);
}

// The line of a game's first `moves` main-line moves, each as the game
// document writes it (`text`): what the explorer builds for "Find this
// position".
std::string document_line(const Json& doc, int moves, const std::string& separator) {
  std::string line;
  int taken = 0;
  for (const Json& index : doc.at("main_line")) {
    const Json& node = doc.at("nodes").at(index.get<std::size_t>());
    if (node.at("moves").empty()) continue;
    if (taken == moves) break;
    line += (taken++ == 0 ? "" : separator) + node.at("moves").at(0).at("text").get<std::string>();
  }
  REQUIRE(taken == moves);
  return line;
}

TEST_CASE("the explorer's line over the API equals ludex next --line and query --line",
          "[e2e][serve]") {
  Archive& a = archive();
  for (const std::string family : {"hex", "go", "twixt", "blokus"}) {
    const Json hit = first_game(a.db, family, 8);
    const std::string id = std::to_string(hit.at("game_id").get<std::int64_t>());
    const auto [sd, doc] = a.server->get_json("/api/games/" + id, {});
    REQUIRE(sd == 200);
    const Json& board = doc.at("board");
    Params where = {{"family", family}};
    if (family == "blokus") {
      where.emplace_back("variant", board.at("variant").get<std::string>());
    } else {
      where.emplace_back("size", std::to_string(board.at("columns").get<int>()));
    }
    const std::string line = document_line(doc, 3, family == "blokus" ? ";" : ",");
    INFO(family << " line " << line);
    Params params = where;
    params.emplace_back("line", line);
    const auto [status, api] = a.server->get_json("/api/next", params);
    REQUIRE(status == 200);
    std::vector<std::string> args = cli_args(params);
    args.insert(args.begin(), {"next", "--db", a.db});
    args.emplace_back("--json");
    check_same_moves(api, json_lines(run_ludex_ok(args).out));
    // The line reaches the game's position after three moves, and marks
    // the third move's points.
    const auto [sp, at_game] = a.server->get_json("/api/next", {{"position", id + ":3"}});
    REQUIRE(sp == 200);
    CHECK(api.at("position").at("hash") == at_game.at("position").at("hash"));
    // (A Blokus piece's cells in any order.)
    auto sorted_points = [](Json points) {
      std::sort(points.begin(), points.end());
      return points;
    };
    CHECK(sorted_points(api.at("position").at("last_move")) ==
          sorted_points(at_game.at("position").at("last_move")));
    CHECK(!api.at("position").at("last_move").empty());
    CHECK(api.at("games") == at_game.at("games"));
    // The games reaching it: query --line --first.
    params.emplace_back("first", "1");
    const auto [sg, games] = a.server->get_json("/api/games", params);
    REQUIRE(sg == 200);
    std::vector<std::string> count = cli_args(params);
    count.insert(count.begin(), {"query", "--db", a.db});
    count.emplace_back("--count");
    CHECK(std::to_string(games.at("total").get<std::int64_t>()) + "\n" == run_ludex_ok(count).out);
    CHECK(games.at("total") == api.at("games"));
    // The empty board marks nothing.
    const auto [se, empty] = a.server->get_json("/api/next", where);
    REQUIRE(se == 200);
    CHECK(empty.at("position").at("last_move") == Json::array());
    CHECK(empty.at("position").at("move_number") == 0);
  }
  const auto [sb, boards] = a.server->get_json("/api/boards", {});
  REQUIRE(sb == 200);
  std::int64_t games = 0;
  for (const Json& b : boards) games += b.at("games").get<std::int64_t>();
  CHECK(games > 0);
  CHECK(
      a.server->get_json("/api/next", {{"family", "go"}, {"size", "19"}, {"line", "B zz"}}).first ==
      400);
}

TEST_CASE("next over the API equals ludex next --json", "[e2e][serve]") {
  Archive& a = archive();
  for (const std::string family : {"hex", "go"}) {
    const Json hit = first_game(a.db, family, 8);
    // GAME:MOVE marks what the main line's move there placed (none at 0).
    const auto [s0, start] = a.server->get_json(
        "/api/next", {{"position", std::to_string(hit.at("game_id").get<std::int64_t>()) + ":0"}});
    REQUIRE(s0 == 200);
    CHECK(start.at("position").at("last_move") == Json::array());
    const auto [s3, third] = a.server->get_json(
        "/api/next", {{"position", std::to_string(hit.at("game_id").get<std::int64_t>()) + ":3"}});
    REQUIRE(s3 == 200);
    const auto [sd, doc] = a.server->get_json(
        "/api/games/" + std::to_string(hit.at("game_id").get<std::int64_t>()), {});
    REQUIRE(sd == 200);
    for (const Json& index : doc.at("main_line")) {
      const Json& node = doc.at("nodes").at(index.get<std::size_t>());
      if (node.at("move_number") == 3 && !node.at("moves").empty()) {
        REQUIRE(node.at("moves").at(0).at("kind") == "place");
        CHECK(third.at("position").at("last_move") == node.at("moves").at(0).at("points"));
        break;
      }
    }
    for (const std::string& position :
         {std::to_string(hit.at("game_id").get<std::int64_t>()) + ":0",
          std::to_string(hit.at("game_id").get<std::int64_t>()) + ":2"}) {
      for (const bool symmetric : {false, true}) {
        std::vector<std::string> args = {"next", "--db", a.db, "--position", position, "--json"};
        Params params = {{"position", position}};
        if (symmetric) {
          args.push_back("--symmetric");
          params.emplace_back("symmetric", "1");
        }
        const std::vector<Json> cli = json_lines(run_ludex_ok(args).out);
        const auto [status, api] = a.server->get_json("/api/next", params);
        REQUIRE(status == 200);
        check_same_moves(api, cli);
        // Following a continuation: its example node holds the position
        // after the move.
        if (!cli.empty() && !symmetric) {
          const std::string node =
              std::to_string(cli.front().at("example_node").get<std::int64_t>());
          const auto [s2, after] = a.server->get_json("/api/next", {{"position", "node:" + node}});
          REQUIRE(s2 == 200);
          CHECK(after.at("position").at("move_number").get<int>() ==
                api.at("position").at("move_number").get<int>() + 1);
          // The position marks the move that led to it: the continuation's.
          CHECK(after.at("position").at("last_move") == api.at("moves").at(0).at("points_xy"));
        }
      }
    }
  }
}

// A blank parameter is no parameter (it was the parser's "should follow
// immediately after the equal sign"), but `line=` is the empty board, as
// `--line ''` is: /api/games lists the games that reach it.
TEST_CASE("an empty parameter value is left out", "[e2e][serve]") {
  Archive& a = archive();
  const auto [s1, plain] = a.server->get_json("/api/next", {{"family", "go"}, {"size", "9"}});
  REQUIRE(s1 == 200);
  const auto [s2, blank] = a.server->get_json(
      "/api/next", {{"family", "go"}, {"size", "9"}, {"line", ""}, {"player", ""}});
  REQUIRE(s2 == 200);
  CHECK(blank == plain);
  const auto [s3, games] = a.server->get_json("/api/games", {{"family", "go"}, {"offset", ""}});
  REQUIRE(s3 == 200);
  CHECK(games.at("offset") == 0);
  const auto [s4, empty_board] = a.server->get_json(
      "/api/games", {{"family", "go"}, {"size", "9"}, {"line", ""}, {"first", "1"}});
  REQUIRE(s4 == 200);
  const std::vector<Json> cli =
      json_lines(run_ludex_ok({"query", "--db", a.db, "--json", "--family", "go", "--size", "9",
                               "--line", "", "--first", "--limit", "50"})
                     .out);
  REQUIRE(!cli.empty());
  REQUIRE(empty_board.at("hits").size() == cli.size());
  for (std::size_t i = 0; i < cli.size(); ++i) {
    CHECK(empty_board.at("hits").at(i).at("node_id") == cli[i].at("node_id"));
  }
}

TEST_CASE("a Blokus pattern needs no size: the variant tells the board", "[e2e][serve]") {
  Archive& a = archive();
  const Json game = first_game(a.db, "blokus", 6);
  const std::string variant = game.at("variant");
  const Json view = show_json(a.db, game.at("game_id"), 4);
  const Json& cells = view.at("occupants");
  REQUIRE(cells.size() >= 2);
  const std::string pattern = item(cells.at(0)) + "," + item(cells.at(1));
  const Params params = {{"family", "blokus"}, {"variant", variant}, {"pattern", pattern}};
  // The command line: no --size, the same hits as with the variant's own.
  std::vector<std::string> args = {"--family", "blokus",    "--variant",
                                   variant,    "--pattern", pattern};
  const std::vector<Json> without_size = query_json(a.db, args);
  CHECK(!without_size.empty());
  args.push_back("--size=" + std::to_string(view.at("columns").get<int>()));
  CHECK(query_json(a.db, args) == without_size);
  // The API, as the game viewer's Pattern tab asks it (size empty, so absent).
  const auto [status, page] = a.server->get_json("/api/games", params);
  INFO(page.dump().substr(0, 300));
  REQUIRE(status == 200);
  CHECK(page.at("total") == without_size.size());
  // Without the variant there is no board to place the pattern on.
  const RunResult no_variant =
      run_ludex({"query", "--db", a.db, "--family", "blokus", "--pattern", pattern});
  CHECK(no_variant.exit_code == 2);
  CHECK(no_variant.err ==
        "ludex query: --pattern needs --variant for blokus (the variant sets the board)\n");
}

TEST_CASE("bad requests get 4xx with the command line's message, never 500", "[e2e][serve]") {
  Archive& a = archive();
  const ServeProcess& s = *a.server;
  auto status_of = [&](const std::string& path) { return s.get(path).status; };
  CHECK(status_of("/api/nothing") == 404);
  CHECK(status_of("/api/games/999999999") == 404);
  CHECK(status_of("/api/games/99999999999999999999999") == 404);
  CHECK(status_of("/api/games/12abc") == 404);
  CHECK(status_of("/api/games/0") == 404);
  CHECK(status_of("/no/such/page") == 404);
  CHECK(status_of("/%2e%2e/%2e%2e/etc/passwd") == 404);
  CHECK(status_of("/..%2f..%2fetc%2fpasswd") == 404);
  CHECK(status_of("/index.html") == 200);
  CHECK(status_of("/") == 200);
  // Path traversal sent as it is, past any client's normalisation.
  for (const std::string target : {"/../../../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd",
                                   "/api/../../etc/passwd", "//etc/passwd"}) {
    const std::string reply = raw_request(
        s.host(), s.port(), "GET " + target + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    INFO(target << " -> " << reply.substr(0, 200));
    CHECK((reply.rfind("HTTP/1.1 404", 0) == 0 || reply.rfind("HTTP/1.1 400", 0) == 0));
    CHECK(reply.find("root:") == std::string::npos);
  }

  const std::vector<std::pair<Params, std::string>> bad = {
      {{{"family", "chess"}}, "--family: unknown family 'chess' (hex, twixt, blokus, go, other)"},
      {{{"size", "abc"}}, "the argument ('abc') for option '--size' is invalid"},
      {{{"size", "99999999999999999999"}},
       "the argument ('99999999999999999999') for option '--size' is invalid"},
      {{{"limit", "-1"}}, "--limit must not be negative"},
      {{{"limit", "5000"}}, "--limit: at most 1000 hits per page"},
      {{{"offset", "-3"}}, "--offset must not be negative"},
      {{{"sort", "colour"}}, "--sort: unknown order 'colour' (id, date, player, result)"},
      {{{"eval-min", "nan"}}, ""},
      {{{"eval-min", "1e400"}}, ""},
      {{{"date-from", "2019-13"}},
       "--date-from '2019-13': write a date as YYYY, YYYY-MM or YYYY-MM-DD"},
      {{{"first", "maybe"}}, "parameter 'first' is a switch: give 1 or 0, not 'maybe'"},
      {{{"frobnicate", "1"}}, "unknown parameter 'frobnicate'"},
      {{{"db", "/etc/passwd"}}, "unknown parameter 'db'"},
      {{{"position-file", "/etc/passwd"}}, ""},
      {{{"has", "B:e5"}}, "--has needs --family (or --position / --position-file, which tell it)"},
      {{{"family", "go"}, {"has", "B:zz99"}}, ""},
      {{{"position", "1:99999"}}, ""},
      {{{"position", "node:0"}}, "--position 'node:0': the node id must be a positive number"},
      {{{"position", "node:999999999"}}, "--position 'node:999999999': there is no node 999999999"},
      {{{"comment-fts", "\"unbalanced"}}, ""},
      {{{"family", "go"}, {"pattern", "B:dd"}},
       "--pattern needs --size (placements depend on the board)"},
      {{{"player", std::string(100000, 'x')}}, ""},
  };
  for (const auto& [params, message] : bad) {
    const HttpResult r = s.get("/api/games?" + encode_query(params));
    INFO(encode_query(params).substr(0, 100) << " -> " << r.status << " " << r.body.substr(0, 300));
    if (params.front().second.size() >= 100000) {
      // Past the request line's limit the library answers 414 itself.
      CHECK((r.status == 414 || r.status == 200));
      continue;
    }
    CHECK(r.status == 400);
    const Json body = Json::parse(r.body);
    if (!message.empty()) CHECK(body.at("error") == message);
    // The command line prints the same message.
    if (!message.empty() && params.front().first != "frobnicate" && params.front().first != "db" &&
        params.front().first != "first" && message.find("1000 hits") == std::string::npos) {
      std::vector<std::string> args = {"query", "--db", a.db};
      for (const std::string& arg : cli_args(params)) args.push_back(arg);
      const RunResult cli = run_ludex(args);
      CHECK(cli.exit_code == 2);
      CHECK(cli.err.find("ludex query: " + message) == 0);
    }
  }
  CHECK(s.get_json("/api/next", {}).first == 400);
  CHECK(s.get_json("/api/next", {{"position", "bogus"}}).first == 400);
  CHECK(s.get_json("/api/games/1", {}).first == 200);
  CHECK(s.get("/api/games/1.hgt").status != 500);

  // A game-tree file under the other family's extension does not exist.
  const std::string hex = std::to_string(first_game(a.db, "hex", 4).at("game_id").get<int>());
  const std::string twixt = std::to_string(first_game(a.db, "twixt", 4).at("game_id").get<int>());
  const std::string go = std::to_string(first_game(a.db, "go", 4).at("game_id").get<int>());
  const HttpResult hgt = s.get("/api/games/" + hex + ".hgt");
  CHECK(hgt.status == 200);
  CHECK(s.get("/api/games/" + hex + ".gtv").body == hgt.body);
  CHECK(s.get("/api/games/" + twixt + ".tgt").status == 200);
  const HttpResult wrong = s.get("/api/games/" + hex + ".tgt");
  CHECK(wrong.status == 404);
  CHECK(Json::parse(wrong.body).at("error") ==
        "game " + hex +
            " is a hex game: .tgt is for Twixt games; its game-tree file is /api/games/" + hex +
            ".hgt");
  CHECK(s.get("/api/games/" + twixt + ".hgt").status == 404);
  CHECK(s.get("/api/games/" + go + ".hgt").status == 404);
  CHECK(s.get("/api/games/" + go + ".gtv").status == 422);

  // Methods other than GET are refused as such.
  for (const std::string method : {"POST", "PUT", "DELETE", "PATCH", "OPTIONS"}) {
    for (const std::string path : {"/api/games", "/api/games/1", "/index.html"}) {
      const std::string reply = raw_request(s.host(), s.port(),
                                            method + " " + path +
                                                " HTTP/1.1\r\nHost: x\r\nContent-Length: "
                                                "2\r\nConnection: close\r\n\r\n{}");
      INFO(method << " " << path << " -> " << reply.substr(0, 300));
      CHECK(reply.rfind("HTTP/1.1 405", 0) == 0);
      CHECK(reply.find("Allow: GET, HEAD\r\n") != std::string::npos);
    }
  }
  CHECK(s.get("/api/info").status == 200);
}

}  // namespace ludex::test
