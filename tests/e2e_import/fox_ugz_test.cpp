// End-to-end: the real `ludex import` of a Fox Weiqi SGF (two AP, no CA,
// KM[375]; written as Fox writes its files) and of PandaNet .ugz files, on
// disk and inside a zip; then `show --json`'s komi, the game document and
// `export --format sgf`, which keep KM as written.
#include <catch2/catch.hpp>

#include <filesystem>
#include <map>
#include <string>

#include "query/game_document.h"
#include "schema/database.h"
#include "schema/game_loader.h"
#include "tests/support/archive_builder.h"
#include "tests/support/e2e_support.h"
#include "tests/support/ugz_fixture.h"

namespace ludex::test {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

constexpr const char* kFoxGame =
    "(;GM[1]FF[4]\r\nSZ[19]\r\nGN[]\r\nDT[2025-09-26]\r\nPB[黑棋手]\r\nPW[白棋手]\r\nBR[2段]\r\n"
    "WR[3段]\r\nKM[375]HA[0]RU[Chinese]AP[GNU Go:3.8]RN[3]RE[W+R]TM[300]TC[3]TT[30]AP[foxwq]"
    "RL[0]\r\n;B[pd];W[dp];B[pq];W[dd];B[fc])\r\n";

}  // namespace

TEST_CASE("Fox SGF and .ugz files are imported, Fox's komi read and KM kept",
          "[e2e][import][goserver][fox]") {
  ScratchDir dir("e2e-import-fox-ugz");
  const fs::path archive = dir.path() / "archive";
  fs::create_directories(archive);
  write_bytes(archive / "fox.sgf", kFoxGame);
  write_bytes(archive / "wa22-507.ugz", ugz_lh5());
  write_bytes(
      archive / "more.zip",
      build_archive(
          ArchiveKind::kZip,
          {{"old/b.ugz", make_ugz_lh0("b.ugf", std::string(kUgzMemberText) + "HH,B1,7,0\r\n")}}));
  const std::string db = dir / "d.db";
  const RunResult imported = run_ludex_ok({"import", "--db", db, archive.string()});
  // The import's own report and every recorded error, printed with any
  // failure below: this test once failed in loaded runs with one import
  // error that no rerun reproduced (docs/testing.md, "Known issues").
  INFO("import stderr: " << imported.err);
  INFO("info --errors: " << run_ludex_ok({"info", "--db", db, "--errors"}).out);
  CHECK(info_json(db).at("errors") == 0);

  std::map<std::string, Json> games;
  for (const Json& g : json_lines(run_ludex_ok({"query", "--db", db, "--json"}).out)) {
    games[g.at("file").get<std::string>().substr(archive.string().size() + 1)] = g;
  }
  REQUIRE(games.size() == 3);
  const Json& ugz = games.at("wa22-507.ugz//wa22-507.ugf");
  CHECK(ugz.at("moves") == 6);
  CHECK(ugz.at("result") == "W+2.50");
  CHECK(games.at("more.zip//old/b.ugz//b.ugf").at("moves") == 7);
  const Json& fox = games.at("fox.sgf");
  CHECK(fox.at("moves") == 5);

  const std::string fox_id = std::to_string(fox.at("game_id").get<std::int64_t>());
  const Json shown =
      Json::parse(run_ludex_ok({"show", "--db", db, "--game", fox_id, "--json"}).out);
  CHECK(shown.at("komi") ==
        Json({{"written", "375"}, {"points", 7.5}, {"scale", "fox-hundredths-of-stones"}}));
  const std::string ugz_id = std::to_string(ugz.at("game_id").get<std::int64_t>());
  const Json shown_ugz =
      Json::parse(run_ludex_ok({"show", "--db", db, "--game", ugz_id, "--json"}).out);
  CHECK(shown_ugz.at("komi") == Json({{"written", "6.50"}, {"points", 6.5}, {"scale", "points"}}));

  Database database(db, Database::Mode::kReadOnly);
  GameLoader loader(database);
  const std::optional<LoadedGame> loaded = loader.load(fox.at("game_id").get<std::int64_t>());
  REQUIRE(loaded);
  const Json doc = game_document_json(*loaded);
  CHECK(doc.at("komi").at("points") == 7.5);
  CHECK(doc.at("charset") == "UTF-8");
  CHECK(doc.at("warnings").empty());
  std::string aps;
  for (const Json& p : doc.at("nodes").at(0).at("properties")) {
    if (p.at("id") == "KM") CHECK(p.at("values") == Json::array({"375"}));
    if (p.at("id") == "AP") aps += p.at("values").at(0).get<std::string>() + ";";
  }
  CHECK(aps == "GNU Go:3.8;foxwq;");

  // The export writes KM as it was read, so that reading it back reads it
  // the same way.
  const fs::path out = dir.path() / "export";
  run_ludex_ok({"export", "--db", db, "--format", "sgf", "--out", out.string()});
  std::string sgf;
  for (const auto& e : fs::recursive_directory_iterator(out)) {
    if (!e.is_regular_file()) continue;
    const std::string text = read_bytes(e.path());
    if (text.find("foxwq") != std::string::npos) sgf = text;
  }
  INFO(sgf);
  CHECK(sgf.find("KM[375]") != std::string::npos);
  CHECK(sgf.find("AP[GNU Go:3.8]") != std::string::npos);
  CHECK(sgf.find("AP[foxwq]") != std::string::npos);
}

}  // namespace ludex::test
