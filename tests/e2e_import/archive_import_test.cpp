// End-to-end: archives built here from the shared corpus, in every format
// ludex reads, import the same games, nodes and positions as the same files
// unpacked; member paths name archive and member.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "tests/e2e_import/archive_support.h"
#include "tests/support/archive_builder.h"
#include "tests/support/e2e_support.h"

namespace ludex::test {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

// info --json without what differs by design between the two imports.
// info --json without what differs between archives and the same files
// unpacked: the archives themselves.
Json comparable_info(const std::string& db) {
  Json info = info_json(db);
  info.erase("schema_version");
  info.erase("archives");
  return info;
}

}  // namespace

TEST_CASE("every archive format imports what the corpus unpacked imports", "[e2e][archive]") {
  ScratchDir dir("e2e-archive-formats");
  // Paths as given: ludex records a path the way the user wrote it, through
  // any symbolic link (../shared may be one).
  const std::string corpus = corpus_dir().string();
  const std::string plain = dir / "plain.db";
  import_paths(plain, {corpus});
  const Json expected_info = comparable_info(plain);
  REQUIRE(expected_info.at("games").get<int>() > 5000);
  const auto expected = stored_content(plain, corpus + "/");

  const std::vector<ArchiveItem> items = items_from_directory(corpus);
  REQUIRE(items.size() == expected_info.at("files").get<std::size_t>());
  for (ArchiveKind kind :
       {ArchiveKind::kZip, ArchiveKind::kTar, ArchiveKind::kTarGz, ArchiveKind::kTarBz2,
        ArchiveKind::kTarXz, ArchiveKind::kTarZst, ArchiveKind::k7z}) {
    const std::string name = std::string("corpus.") + archive_extension(kind);
    INFO(name);
    const std::string archive = dir / name;
    write_bytes(archive, build_archive(kind, items));
    const std::string db = dir / (name + ".db");
    const RunResult r = run_ludex_ok({"import", "--db", db, archive});
    CHECK(r.err.find("from " + std::to_string(items.size()) + " files") != std::string::npos);
    CHECK(r.err.find("1 archives (0 unchanged)") != std::string::npos);
    CHECK(comparable_info(db) == expected_info);
    CHECK(first_difference(stored_content(db, archive + "//"), expected) == "");
    Json info = info_json(db);
    CHECK(info.at("files") == expected_info.at("files"));
    // Member paths in query output: the archive, "//", the member.
    const std::vector<Json> hits = query_json(db, {"--limit", "1"});
    REQUIRE(hits.size() == 1);
    CHECK(hits[0].at("file").get<std::string>().rfind(archive + "//", 0) == 0);
    fs::remove(archive);
  }
}

TEST_CASE("single compressed files import as the files they hold", "[e2e][archive]") {
  ScratchDir dir("e2e-archive-single");
  const fs::path plain_dir = dir.path() / "plain";
  const fs::path packed_dir = dir.path() / "packed";
  fs::create_directories(plain_dir);
  fs::create_directories(packed_dir);
  // A Little Golem collection, a Pentobi book, a binary game tree, a
  // HexGui file, a go file with a CJK charset, and a file that is no game.
  const std::vector<fs::path> sources = {
      corpus_dir() / "hex" / "littlegolem-zerohex" / "data_text_games__1872.txt",
      corpus_dir() / "twixt" / "twixtbot-ui-game2206555.tsgf",
      corpus_dir() / "gtv" / "synthetic" / "SYNTHETIC-lg2206555-twixt-commentator-style.tgt",
      corpus_dir() / "go" / "MANIFEST.tsv"};
  const std::vector<ArchiveKind> kinds = {ArchiveKind::kGz, ArchiveKind::kBz2, ArchiveKind::kXz,
                                          ArchiveKind::kGz};
  for (std::size_t i = 0; i < sources.size(); ++i) {
    const std::string bytes = read_bytes(sources[i]);
    const std::string name = sources[i].filename().string();
    write_bytes(plain_dir / name, bytes);
    write_bytes(packed_dir / (name + "." + archive_extension(kinds[i])),
                build_archive(kinds[i], {{"ignored", bytes}}));
  }
  const std::string plain = dir / "plain.db";
  const std::string packed = dir / "packed.db";
  import_paths(plain, {plain_dir.string()});
  const RunResult r = run_ludex_ok({"import", "--db", packed, packed_dir.string()});
  CHECK(r.err.find("4 archives") != std::string::npos);
  CHECK(comparable_info(packed) == comparable_info(plain));
  // x.sgf.gz//x.sgf <-> x.sgf: the members are named by their archives.
  auto packed_content = stored_content(packed, packed_dir.string() + "/");
  std::map<std::string, std::string> renamed;
  for (auto& [key, value] : packed_content) {
    std::string k = key;
    const std::size_t sep = k.find("//");
    REQUIRE(sep != std::string::npos);
    k.erase(k.find(' ') + 1, sep + 2 - (k.find(' ') + 1));
    renamed[k] = value;
  }
  CHECK(first_difference(renamed, stored_content(plain, plain_dir.string() + "/")) == "");
  std::vector<std::string> files;
  for (const Json& hit : query_json(packed, {"--family", "twixt"})) files.push_back(hit.at("file"));
  CHECK(std::count(files.begin(), files.end(),
                   (packed_dir / "twixtbot-ui-game2206555.tsgf.bz2").string() +
                       "//twixtbot-ui-game2206555.tsgf") == 1);
}

TEST_CASE("archives inside directories and inside archives are read", "[e2e][archive]") {
  ScratchDir dir("e2e-archive-nested");
  const fs::path hex = corpus_dir() / "hex" / "littlegolem-zerohex";
  const std::vector<ArchiveItem> items = items_from_directory(hex);
  REQUIRE(items.size() > 3);
  // A zip holding a tar.gz of the files, and the .sgf.gz of one of them.
  const std::string inner = build_archive(ArchiveKind::kTarGz, items);
  const std::string single = build_archive(ArchiveKind::kGz, {{"x", items[0].data}});
  const fs::path tree = dir.path() / "tree";
  fs::create_directories(tree / "sub");
  write_bytes(tree / "sub" / "outer.zip",
              build_archive(ArchiveKind::kZip, {{"games/tasuki.tar.gz", inner},
                                                {"one/" + items[0].name + ".gz", single}}));
  const std::string db = dir / "nested.db";
  const RunResult r = run_ludex_ok({"import", "--db", db, tree.string()});
  CHECK(r.err.find("3 archives (0 unchanged)") != std::string::npos);

  const std::string plain = dir / "plain.db";
  import_paths(plain, {hex.string()});
  const std::string outer = (tree / "sub" / "outer.zip").string();
  auto content = stored_content(db, outer + "//games/tasuki.tar.gz//");
  auto expected = stored_content(plain, hex.string() + "/");
  // The single compressed copy is the one extra file.
  const std::string single_key =
      "file ?" + outer + "//one/" + items[0].name + ".gz//" + items[0].name;
  CHECK(content.count(single_key) == 1);
  int single_games = 0;
  for (auto it = content.begin(); it != content.end();) {
    if (it->first.find("//one/") == std::string::npos) {
      ++it;
      continue;
    }
    if (it->first.rfind("game ", 0) == 0) ++single_games;
    it = content.erase(it);
  }
  CHECK(single_games > 0);
  CHECK(first_difference(content, expected) == "");
  CHECK(info_json(db).at("games") == info_json(plain).at("games").get<int>() + single_games);

  // Unchanged: nothing below the outer archive is read again.
  const RunResult again = run_ludex_ok({"import", "--db", db, tree.string()});
  CHECK(again.err.find("0 new, 0 replaced, " + std::to_string(items.size() + 1) + " unchanged") !=
        std::string::npos);
  CHECK(again.err.find("1 archives (1 unchanged)") != std::string::npos);
}

}  // namespace ludex::test
