// End-to-end test of the Go servers' records (issue 22): the real `ludex
// import` on a folder holding a Tygem .gib, a WBaduk .ngf and a PandaNet
// .ugf (the fixtures of tests/fixtures/goserver, written on the structure of
// real files), a zip holding more of them, the SGF of the .gib game and a
// broken .gib; then `ludex query`, `show --json`, the game document the web
// app gets, `export --format sgf` and duplicates across formats.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "query/game_document.h"
#include "schema/database.h"
#include "schema/game_loader.h"
#include "tests/support/archive_builder.h"
#include "tests/support/e2e_support.h"

namespace ludex::test {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

std::string fixture(const std::string& name) {
  return read_bytes(fs::path(LUDEX_FIXTURE_DIR) / "goserver" / name);
}

// The root property `id` of a game document, its values joined by ' '.
std::string root_property(const Json& doc, const std::string& id) {
  for (const Json& p : doc.at("nodes").at(0).at("properties")) {
    if (p.at("id") != id) continue;
    std::string out;
    for (const Json& v : p.at("values")) out += (out.empty() ? "" : " ") + v.get<std::string>();
    return out;
  }
  return "<absent>";
}

std::string names(const Json& game) {
  std::string out;
  for (const Json& p : game.at("players")) {
    out += std::to_string(p.at("seat").get<int>()) + ":" + p.at("name").get<std::string>() + " ";
  }
  return out;
}

// The points of a GTP `list_stones` answer ("= Q16 D4") in SGF letters.
std::set<std::string> gtp_points(const std::string& answer, int size) {
  static const std::string kLetters = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
  std::set<std::string> out;
  std::istringstream words(answer.substr(answer.find('=') + 1));
  std::string w;
  while (words >> w) {
    const int x = static_cast<int>(kLetters.find(w[0]));
    const int y = size - std::stoi(w.substr(1));
    out.insert(std::string{static_cast<char>('a' + x), static_cast<char>('a' + y)});
  }
  return out;
}

}  // namespace

TEST_CASE("gib, ngf and ugf files are imported, queried, shown and exported like SGF",
          "[e2e][import][goserver]") {
  ScratchDir dir("e2e-import-go-servers");
  const fs::path archive = dir.path() / "archive";
  fs::create_directories(archive);
  write_bytes(archive / "a.gib", fixture("utf8-handicap3.gib"));
  write_bytes(archive / "b.ngf", fixture("even.ngf"));
  write_bytes(archive / "c.ugf", fixture("amateur.ugf"));
  // The .gib game as SGF: the same game.
  write_bytes(archive / "d.sgf",
              "(;GM[1]FF[4]SZ[19]PB[jy512]PW[leejw977]KM[0]HA[3]AB[dp][pd][dd]"
              ";W[pp];B[nq];W[qn];B[no];W[qq];B[];W[pn];B[cn])\n");
  // A broken file does not stop the rest.
  const std::string gib = fixture("utf8-handicap3.gib");
  write_bytes(archive / "e-broken.gib", gib.substr(0, gib.find("\\GE")));
  write_bytes(archive / "more.zip",
              build_archive(ArchiveKind::kZip, {{"x/review.ugi", fixture("review.ugi")},
                                                {"x/china.gib", fixture("gb18030-handicap5.gib")},
                                                {"x/two.ngf", fixture("handicap2.ngf")}}));
  const std::string db = dir / "d.db";
  run_ludex_ok({"import", "--db", db, "--quiet", archive.string()});
  const std::string errors = run_ludex_ok({"info", "--db", db, "--errors"}).out;
  INFO(errors);
  CHECK(errors.find("e-broken.gib: game 0, line 46, column 1: the game has no end") !=
        std::string::npos);
  CHECK(info_json(db).at("errors") == 1);

  std::map<std::string, Json> games;
  for (const Json& g : json_lines(run_ludex_ok({"query", "--db", db, "--json"}).out)) {
    games[fs::path(g.at("file").get<std::string>()).filename().string()] = g;
  }
  REQUIRE(games.size() == 7);
  CHECK(games.count("e-broken.gib") == 0);

  const Json& a = games.at("a.gib");
  CHECK(names(a) == "1:jy512 2:leejw977 ");
  CHECK(a.at("moves") == 8);
  CHECK(a.at("date") == "2016-03-26");
  const Json& b = games.at("b.ngf");
  CHECK(names(b) == "1:CYY 2:LQC ");
  CHECK(b.at("result") == "B+0.5");
  const Json& c = games.at("c.ugf");
  CHECK(names(c) == "1:kaziwami 2:YINNI ");
  CHECK(c.at("result") == "B+7.50");
  CHECK(games.at("china.gib").at("result") == "W+11");
  CHECK(games.at("review.ugi").at("result") == "B+2.50");
  CHECK(names(games.at("two.ngf")) == "1:p81587 2:ace550 ");

  // The .gib and its SGF are one game.
  const std::int64_t gib_id = a.at("game_id");
  CHECK(games.at("d.sgf").value("duplicate_of", std::int64_t{0}) == gib_id);
  CHECK(run_ludex_ok({"query", "--db", db, "--duplicates", "--count"}).out == "1\n");
  // Queries see them as Go games.
  CHECK(run_ludex_ok({"query", "--db", db, "--player", "harpmaster", "--count"}).out == "1\n");
  CHECK(run_ludex_ok({"query", "--db", db, "--family", "go", "--count"}).out == "7\n");

  // `show --json`: the board after the last move, the handicap stones on it.
  const Json shown = Json::parse(
      run_ludex_ok({"show", "--db", db, "--game", std::to_string(gib_id), "--json"}).out);
  CHECK(shown.at("columns") == 19);
  CHECK(shown.at("rows") == 19);
  CHECK(shown.at("main_line_moves") == 8);
  CHECK(shown.at("moves").at(0).at("color") == "W");
  CHECK(shown.at("moves").at(0).at("points").at(0) == "pp");
  std::string black;
  for (const Json& o : shown.at("occupants")) {
    if (o.at("color") == "B") black += o.at("point").get<std::string>() + " ";
  }
  CHECK(black == "cn dd dp no nq pd ");

  // The game document (what `ludex serve` gives the web app) lists the
  // header fields kept as properties.
  Database database(db, Database::Mode::kReadOnly);
  GameLoader loader(database);
  const std::optional<LoadedGame> loaded = loader.load(gib_id);
  REQUIRE(loaded);
  const Json doc = game_document_json(*loaded);
  CHECK(doc.at("dialect") == "gib");
  CHECK(doc.at("format") == "sgf");
  CHECK(doc.at("charset") == "UTF-8");
  CHECK(root_property(doc, "KM") == "0");
  CHECK(root_property(doc, "HA") == "3");
  CHECK(root_property(doc, "AB") == "dp pd dd");
  CHECK(root_property(doc, "GAMEDUM") == "5");
  CHECK(root_property(doc, "GAMEINFOMAIN").find("GRLT:255") != std::string::npos);

  const std::string out = dir / "export";
  run_ludex_ok({"export", "--db", db, "--format", "sgf", "--out", out});
  std::map<std::string, std::string> exported;
  for (const auto& e : fs::recursive_directory_iterator(out)) {
    if (e.is_regular_file()) exported[e.path().filename().string()] = read_bytes(e.path());
  }
  REQUIRE(exported.size() == 7);
  std::string gib_sgf;
  // Exported file names start with the game id ("0000001-go-....sgf"); the
  // writer breaks long lines, which SGF allows anywhere between properties.
  for (const auto& [name, text] : exported) {
    if (std::stoll(name.substr(0, name.find('-'))) != gib_id) continue;
    for (const char ch : text) {
      if (ch != '\n') gib_sgf.push_back(ch);
    }
  }
  INFO(gib_sgf);
  CHECK(gib_sgf.find("GM[1]") != std::string::npos);
  CHECK(gib_sgf.find("SZ[19]") != std::string::npos);
  CHECK(gib_sgf.find("KM[0]") != std::string::npos);
  CHECK(gib_sgf.find("AB[dp][pd][dd]") != std::string::npos);
  CHECK(gib_sgf.find(";W[pp];B[nq];W[qn];B[no];W[qq];B[];W[pn];B[cn]") != std::string::npos);

  // The export reads back as the same games.
  const std::string db2 = dir / "again.db";
  run_ludex_ok({"import", "--db", db2, "--quiet", out});
  const Json info1 = info_json(db);
  const Json info2 = info_json(db2);
  CHECK(info2["games"] == info1["games"]);
  CHECK(info2["moves"] == info1["moves"]);
  CHECK(info2["errors"] == 0);
}

TEST_CASE("the SGF export of gib, ngf and ugf games reads back in GNU Go to the same position",
          "[e2e][import][goserver]") {
  const fs::path gnugo = "/usr/games/gnugo";
  if (!fs::exists(gnugo)) skip_test("GNU Go is not installed (apt-get install gnugo)");
  ScratchDir dir("e2e-import-go-servers-gnugo");
  const fs::path archive = dir.path() / "archive";
  fs::create_directories(archive);
  for (const char* name :
       {"utf8-handicap3.gib", "cp949-crlf.gib", "gb18030-handicap5.gib", "big5-line13.gib",
        "even.ngf", "handicap2.ngf", "gi-gb18030.ngf", "korean-crlf.ngf", "amateur.ugf",
        "review.ugi", "sjis-handicap3.ugf", "utf8-bom.ugf"}) {
    write_bytes(archive / name, fixture(name));
  }
  const std::string db = dir / "d.db";
  run_ludex_ok({"import", "--db", db, "--quiet", archive.string()});
  const fs::path out = dir.path() / "export";
  run_ludex_ok({"export", "--db", db, "--format", "sgf", "--out", out.string()});
  int compared = 0;
  for (const auto& e : fs::directory_iterator(out)) {
    const std::string name = e.path().filename().string();
    const std::string id = std::to_string(std::stoll(name.substr(0, name.find('-'))));
    const Json shown = Json::parse(run_ludex_ok({"show", "--db", db, "--game", id, "--json"}).out);
    const int size = shown.at("columns");
    std::set<std::string> stones[2];
    for (const Json& o : shown.at("occupants")) {
      stones[o.at("color") == "B" ? 0 : 1].insert(o.at("point").get<std::string>());
    }
    const fs::path commands = dir.path() / "gtp.txt";
    const fs::path answers = dir.path() / "answers.txt";
    write_bytes(commands,
                "loadsgf " + e.path().string() + "\nlist_stones black\nlist_stones white\nquit\n");
    const std::string command = gnugo.string() + " --mode gtp --gtp-input " + commands.string() +
                                " > " + answers.string() + " 2>&1";
    REQUIRE(std::system(command.c_str()) == 0);
    std::vector<std::string> blocks;
    std::istringstream lines(read_bytes(answers));
    for (std::string line; std::getline(lines, line);) {
      if (!line.empty() && line[0] == '=') blocks.push_back(line);
    }
    INFO(name << ": " << read_bytes(answers));
    REQUIRE(blocks.size() >= 3);
    CHECK(gtp_points(blocks[1], size) == stones[0]);
    CHECK(gtp_points(blocks[2], size) == stones[1]);
    ++compared;
  }
  CHECK(compared == 12);
}

}  // namespace ludex::test
