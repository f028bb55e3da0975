// Bad values for `ludex query`, `export` and `next` options are usage errors
// (exit 2) that name the option and what is wrong, and print nothing on
// stdout; the values next to them that are fine still work. Also the table's
// comment column, cut around the matched word.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "tests/support/e2e_support.h"

namespace ludex::test {
namespace {

// Runs ludex and requires a usage error whose message contains `what`,
// with nothing on stdout.
void require_usage_error(const std::vector<std::string>& args, const std::string& what) {
  const RunResult r = run_ludex(args);
  std::string line;
  for (const std::string& a : args) line += a + " ";
  INFO(line << "-> exit " << r.exit_code << ", stderr: " << r.err);
  CHECK(r.exit_code == 2);
  CHECK(r.out.empty());
  CHECK_THAT(r.err, Catch::Contains(what));
}

// True when text is well-formed UTF-8 (no cut characters).
bool valid_utf8(const std::string& text) {
  std::size_t i = 0;
  while (i < text.size()) {
    const auto lead = static_cast<unsigned char>(text[i]);
    const std::size_t n = lead < 0x80 ? 1 : (lead >> 5) == 0x6 ? 2 : (lead >> 4) == 0xE ? 3 : 4;
    if (lead >= 0x80 && ((lead >> 6) == 0x2 || lead >= 0xF8)) return false;
    if (i + n > text.size()) return false;
    for (std::size_t k = 1; k < n; ++k) {
      if ((static_cast<unsigned char>(text[i + k]) & 0xC0) != 0x80) return false;
    }
    i += n;
  }
  return true;
}

// A database of one small Hex game with a comment.
struct SmallArchive {
  ScratchDir dir{"e2e-query-input"};
  std::string db = dir / "q.db";
  SmallArchive() {
    write_bytes(dir.path() / "g.sgf",
                "(;FF[4]GM[11]SZ[7]PB[ann]PW[bob]DT[2020-03-04];B[c2]C[a blunder];W[d4])\n");
    import_paths(db, {dir.path().string()});
  }
};

}  // namespace

TEST_CASE("query --size outside 1..702 is a usage error, not a crash or a hang", "[e2e][query]") {
  // Once --size 5000 --pattern died with std::bad_alloc (exit 1) and
  // --size 2000000000 never returned: the pattern's placements were
  // expanded for any board.
  SmallArchive a;
  for (const std::string size : {"5000", "2000000000", "0", "703", "-5"}) {
    require_usage_error(
        {"query", "--db", a.db, "--family", "go", "--size=" + size, "--pattern", "B:aa"},
        "--size " + size + ": a board side is 1..702");
  }
  require_usage_error({"query", "--db", a.db, "--family", "go", "--size", "-5"}, "");
  require_usage_error({"export", "--db", a.db, "--size", "5000", "--out", a.dir / "x"}, "--size");
  require_usage_error({"next", "--db", a.db, "--position", "1:1", "--size", "5000"}, "--size");
  // Patterns are matched on boards up to 256.
  require_usage_error(
      {"query", "--db", a.db, "--family", "hex", "--size", "257", "--pattern", "B:a1"},
      "--pattern: boards up to 256");
  CHECK(run_ludex_ok({"query", "--db", a.db, "--family", "go", "--size", "256", "--pattern",
                      "B:aa,W:ab", "--symmetric", "--count"})
            .out == "0\n");
  CHECK(run_ludex_ok({"query", "--db", a.db, "--size", "7", "--count"}).out == "1\n");
}

TEST_CASE("bad --position-file input is a usage error naming the file and the place",
          "[e2e][query]") {
  SmallArchive a;
  const std::string missing = a.dir / "missing.sgf";
  require_usage_error({"query", "--db", a.db, "--position-file", missing},
                      "--position-file '" + missing + "': cannot read the file");
  const std::string text = a.dir / "notes.txt";
  write_bytes(text, "just some notes\n");
  require_usage_error({"query", "--db", a.db, "--position-file", text},
                      "--position-file '" + text + "': byte offset 0: not a recognised game file");
  // zz is no cell of 13x13: the move is kept as a property, which once left
  // the empty board, matching every game's root.
  const std::string off_board = a.dir / "off.sgf";
  write_bytes(off_board, "(;GM[11]SZ[13];B[zz])");
  require_usage_error({"query", "--db", a.db, "--position-file", off_board},
                      "--position-file '" + off_board + "': line 1, column 15: move B[zz] kept");
  // W a1 on the occupied a1: positions stop there.
  const std::string occupied = a.dir / "occupied.sgf";
  write_bytes(occupied, "(;GM[11]SZ[7];B[a1]\n;W[a1])");
  require_usage_error({"query", "--db", a.db, "--position-file", occupied},
                      "--position-file '" + occupied + "': line 2, column 1: move 2 (W a1)");
  require_usage_error({"next", "--db", a.db, "--position-file", off_board}, "kept as a property");
  require_usage_error({"export", "--db", a.db, "--position-file", off_board, "--out", a.dir / "x"},
                      "kept as a property");
  // A good file still works.
  const std::string good = a.dir / "good.sgf";
  write_bytes(good, "(;GM[11]SZ[7];B[c2])");
  const std::vector<nlohmann::json> hits = query_json(a.db, {"--position-file", good});
  REQUIRE(hits.size() == 1);
  CHECK(hits[0].at("move_number") == 1);
}

TEST_CASE("a bad --comment-fts expression prints nothing on stdout", "[e2e][query]") {
  // The table and CSV headers were written before FTS5 saw the expression.
  SmallArchive a;
  for (const std::string format : {"--json", "--csv", "--count", "--family"}) {
    std::vector<std::string> args = {"query", "--db", a.db, "--comment-fts", "blunder AND ("};
    if (format == "--family") {
      args.insert(args.end(), {"--family", "hex"});  // the table
    } else {
      args.push_back(format);
    }
    require_usage_error(args, "comment search 'blunder AND ('");
  }
  // Without hits a table still has its header; a good expression its row.
  const RunResult none = run_ludex_ok({"query", "--db", a.db, "--comment-fts", "nothing", "--csv"});
  CHECK(none.out.starts_with("game_id,file,"));
  CHECK(none.out.find('\n') == none.out.size() - 1);
  const RunResult one = run_ludex_ok({"query", "--db", a.db, "--comment-fts", "blunder"});
  CHECK_THAT(one.out, Catch::Contains("a [blunder]"));
}

TEST_CASE("small option values are checked: pieces, evaluations, dates, variants", "[e2e][query]") {
  SmallArchive a;
  const std::vector<std::string> q = {"query", "--db", a.db};
  auto with = [&](std::vector<std::string> extra) {
    std::vector<std::string> args = q;
    args.insert(args.end(), extra.begin(), extra.end());
    return args;
  };
  require_usage_error(with({"--family", "blokus", "--has", "1:f9,piece:NOPE"}),
                      "--has: item 2 'piece:NOPE': unknown piece 'NOPE'");
  require_usage_error(with({"--family", "blokus", "--has", "2:piece:Q9"}), "unknown piece 'Q9'");
  // Pentobi's names in any case name the piece.
  CHECK(run_ludex_ok(with({"--family", "blokus", "--has", "piece:v5", "--count"})).out == "0\n");
  for (const std::string bad : {"10001", "-10000.5", "nan", "inf", "1e9"}) {
    require_usage_error(with({"--eval-source", "gametree", "--eval-min", bad}), "--eval-min");
    require_usage_error(with({"--eval-source", "gametree", "--eval-max", bad}), "--eval-max");
  }
  // Without --eval-source every source's scale counts (SGF V[] has none):
  // only what no value can be is refused.
  for (const std::string bad : {"nan", "inf", "-inf"}) {
    require_usage_error(with({"--eval-min", bad}), "--eval-min");
    require_usage_error(with({"--eval-max", bad}), "--eval-max");
  }
  CHECK(run_ludex_ok(with({"--eval-min", "10001", "--count"})).out == "0\n");
  require_usage_error(with({"--eval-swing", "-1"}), "--eval-swing");
  require_usage_error(with({"--eval-swing", "nan"}), "--eval-swing");
  CHECK(run_ludex_ok(with({"--eval-min", "-10000", "--eval-max", "10000", "--count"})).out ==
        "0\n");
  // SGF V[] values keep their raw scale: any number bounds them, NaN does not.
  CHECK(run_ludex_ok(
            with({"--eval-source", "sgf", "--eval-min", "-50000", "--eval-max", "1e9", "--count"}))
            .out == "0\n");
  require_usage_error(with({"--eval-source", "sgf", "--eval-min", "nan"}), "--eval-min");
  require_usage_error(with({"--eval-source", "sgf", "--eval-swing", "-1"}), "--eval-swing");
  for (const std::string bad :
       {"20", "2020-3", "2020-13", "2020-03-32", "2020/03/04", "x", "2020-03-04T10"}) {
    require_usage_error(with({"--date-from", bad}),
                        "--date-from '" + bad + "': write a date as YYYY, YYYY-MM or YYYY-MM-DD");
    require_usage_error(with({"--date-to", bad}), "--date-to '" + bad + "'");
  }
  for (const std::string good : {"2020", "2020-03", "2020-03-04"}) {
    CHECK(run_ludex_ok(with({"--date-from", good, "--date-to", good, "--count"})).out == "1\n");
  }
  // The errors of --position name the option once.
  const RunResult bad_position = run_ludex(with({"--position", "9:1"}));
  CHECK(bad_position.exit_code == 2);
  CHECK_THAT(bad_position.err,
             Catch::StartsWith("ludex query: --position '9:1': there is no game"));
}

TEST_CASE("query --variant ignores case", "[e2e][query]") {
  ScratchDir dir("e2e-query-variant");
  write_bytes(dir.path() / "duo.blksgf",
              "(;FF[4]CA[UTF-8]GM[Blokus Duo]PB[a]PW[b];B[e10,e9,f9,f8,f7])\n");
  const std::string db = dir / "v.db";
  import_paths(db, {dir.path().string()});
  for (const std::string variant : {"Blokus Duo", "blokus duo", "BLOKUS DUO"}) {
    INFO(variant);
    CHECK(query_json(db, {"--variant", variant}).size() == 1);
  }
  CHECK(query_json(db, {"--variant", "Blokus"}).empty());
}

TEST_CASE("the table shows the matched word of a long comment, cut on whole characters",
          "[e2e][query]") {
  // The snippet used to be cut to its first 49 bytes: "[blunder]" fell off
  // the end and 'ä' (two bytes) could be cut in half.
  ScratchDir dir("e2e-query-snippet");
  const std::string comment =
      "Äußerst überraschende Eröffnung, später gefährliche Züge und hier ein blunder, "
      "danach wäre alles verloren gewesen für Schwarz";
  write_bytes(dir.path() / "g.sgf", "(;FF[4]CA[UTF-8]GM[11]SZ[7];B[c2]C[" + comment + "])\n");
  const std::string db = dir / "c.db";
  import_paths(db, {dir.path().string()});
  const RunResult table = run_ludex_ok({"query", "--db", db, "--comment", "blunder"});
  const std::size_t row_start = table.out.find('\n') + 1;
  const std::string row = table.out.substr(row_start, table.out.find('\n', row_start) - row_start);
  // game 8, node 10, move 6, main 5, family 8, players 32 columns: the
  // comment starts at byte 69 and fills up to 49 bytes and a space.
  REQUIRE(row.size() > 69 + 50);
  const std::size_t file_at = row.find(dir.path().string());
  REQUIRE(file_at != std::string::npos);
  const std::string shown = row.substr(69, file_at - 69);
  INFO("shown: '" << shown << "'");
  CHECK_THAT(shown, Catch::Contains("[blunder]"));
  CHECK(valid_utf8(shown));
  CHECK(shown.size() == 50);  // setw pads the cut snippet to 50 bytes
  // JSON keeps the whole snippet.
  const std::vector<nlohmann::json> hits = query_json(db, {"--comment", "blunder"});
  REQUIRE(hits.size() == 1);
  CHECK_THAT(hits[0].at("comment").get<std::string>(), Catch::Contains("ein [blunder]"));
}

}  // namespace ludex::test
