// read_info and list_errors.
#include <catch2/catch.hpp>

#include "schema/game_store.h"
#include "schema/stats.h"
#include "tests/unit/schema/schema_test_util.h"

namespace ludex {
namespace {

using testing::TempDir;

TEST_CASE("an empty database reports zeros and every family", "[schema]") {
  TempDir dir;
  Database db(dir.file("s.ludex"), Database::Mode::kReadWrite);
  const DbInfo info = read_info(db);
  CHECK(info.files == 0);
  CHECK(info.games == 0);
  CHECK(info.nodes == 0);
  CHECK(info.moves == 0);
  CHECK(info.players == 0);
  CHECK(info.errors == 0);
  CHECK(info.warnings == 0);
  CHECK(info.schema_version == kSchemaVersion);
  CHECK(info.games_by_family ==
        std::map<std::string, std::int64_t>{
            {"other", 0}, {"go", 0}, {"hex", 0}, {"twixt", 0}, {"blokus", 0}});
}

TEST_CASE("read_info counts what was stored", "[schema]") {
  TempDir dir;
  const std::string path = dir.file("s.ludex");
  {
    Database db(path, Database::Mode::kReadWrite);
    GameStore store(db);
    store.begin();
    SourceFileInfo a;
    a.path = "a.sgf";
    const std::int64_t fa = store.upsert_file(a);
    SourceFileInfo b;
    b.path = "b.hsgf";
    const std::int64_t fb = store.upsert_file(b);
    store.add_game(fa, prepare_record(testing::make_twixt_game()));   // 7 nodes, 8 moves, 1 warning
    store.add_game(fa, prepare_record(testing::make_blokus_game()));  // 5 nodes, 4 moves
    store.add_game(
        fb, prepare_record(testing::make_simple_game(Family::kHex, {"Zoë Ünal", "X"}, "", "", "",
                                                     6)));  // 7 nodes, 6 moves
    store.add_error(fb, Diagnostic{Severity::kError, 1, SourcePos{-1, 10, 2}, "unclosed"});
    store.add_error(fb, Diagnostic{Severity::kError, -1, SourcePos{}, "junk at end"});
    store.commit();
  }
  Database db(path, Database::Mode::kReadOnly);
  const DbInfo info = read_info(db);
  CHECK(info.files == 2);
  CHECK(info.games == 3);
  CHECK(info.nodes == 19);
  CHECK(info.moves == 18);
  CHECK(info.players == 7);  // Zoë Ünal is shared
  CHECK(info.errors == 2);
  CHECK(info.warnings == 1);
  CHECK(info.games_by_family ==
        std::map<std::string, std::int64_t>{
            {"other", 0}, {"go", 0}, {"hex", 1}, {"twixt", 1}, {"blokus", 1}});
}

TEST_CASE("list_errors visits errors in file, game, position order", "[schema]") {
  TempDir dir;
  Database db(dir.file("s.ludex"), Database::Mode::kReadWrite);
  {
    GameStore store(db);
    store.begin();
    SourceFileInfo a;
    a.path = "a.sgf";
    SourceFileInfo b;
    b.path = "b.sgf";
    const std::int64_t fa = store.upsert_file(a);
    const std::int64_t fb = store.upsert_file(b);
    store.add_error(fb, Diagnostic{Severity::kError, 0, SourcePos{-1, 3, 1}, "b0"});
    store.add_error(fa, Diagnostic{Severity::kError, 2, SourcePos{-1, 9, 9}, "a2 late"});
    store.add_error(fa, Diagnostic{Severity::kWarning, 2, SourcePos{-1, 4, 1}, "a2 early"});
    store.add_error(fa, Diagnostic{Severity::kError, -1, SourcePos{120, 0, 0}, "a file"});
    store.commit();
  }
  std::vector<ErrorRow> rows;
  list_errors(db, [&](const ErrorRow& r) { rows.push_back(r); });
  REQUIRE(rows.size() == 4);
  CHECK(rows[0].file == "a.sgf");
  CHECK(rows[0].diagnostic.message == "a file");
  CHECK(rows[0].diagnostic.game_index == -1);
  CHECK(rows[0].diagnostic.pos.byte_offset == 120);
  CHECK(rows[0].diagnostic.pos.line == 0);
  CHECK(rows[1].diagnostic.message == "a2 early");
  CHECK(rows[1].diagnostic.severity == Severity::kWarning);
  CHECK(rows[1].diagnostic.pos.byte_offset == -1);
  CHECK(rows[1].diagnostic.pos.line == 4);
  CHECK(rows[2].diagnostic.message == "a2 late");
  CHECK(rows[2].diagnostic.severity == Severity::kError);
  CHECK(rows[2].diagnostic.pos.column == 9);
  CHECK(rows[3].file == "b.sgf");
  CHECK(rows[3].diagnostic.to_string() == "game 0, line 3, column 1: b0");
}

}  // namespace
}  // namespace ludex
