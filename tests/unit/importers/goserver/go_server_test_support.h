// Helpers for the tests of the Go servers' record readers (importers/gib,
// importers/ngf, importers/ugf): fixtures, root properties, the main line as
// SGF moves.
#ifndef LUDEX_TESTS_UNIT_IMPORTERS_GOSERVER_GO_SERVER_TEST_SUPPORT_H_
#define LUDEX_TESTS_UNIT_IMPORTERS_GOSERVER_GO_SERVER_TEST_SUPPORT_H_

#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <iterator>
#include <string>
#include <utility>
#include <vector>

#include <catch2/catch.hpp>

#include "core/game.h"
#include "games/go_points.h"
#include "importers/goserver/go_server_record.h"

namespace ludex::test {

inline std::string goserver_fixture(const std::string& name) {
  std::ifstream in(std::filesystem::path(LUDEX_FIXTURE_DIR) / "goserver" / name, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// The values of the root's property `id`, joined by ' ' ("" when absent);
// "<absent>" when there is no such property.
inline std::string root_values(const GameRecord& game, const std::string& id) {
  for (const Property& p : game.tree.data(0).props) {
    if (p.id != id) continue;
    std::string out;
    for (const std::string& v : p.values) out += (out.empty() ? "" : " ") + v;
    return out;
  }
  return "<absent>";
}

// The main line's moves as SGF writes them: "B[pd]", "W[]" for a pass.
inline std::vector<std::string> main_moves(const GameRecord& game) {
  std::vector<std::string> out;
  for (const NodeIndex i : game.tree.main_line()) {
    for (const Move& m : game.tree.data(i).moves) {
      std::string s = m.seat == 1 ? "B[" : "W[";
      if (m.kind == MoveKind::kPlace && !m.points.empty()) s += format_go_point(m.points.front());
      out.push_back(s + "]");
    }
  }
  return out;
}

inline std::vector<std::string> first_moves(const GameRecord& game, std::size_t n) {
  std::vector<std::string> all = main_moves(game);
  if (all.size() > n) all.resize(n);
  return all;
}

inline std::string player(const GameRecord& game, int seat) {
  for (const SeatPlayer& p : game.players) {
    if (p.seat == seat) return p.name;
  }
  return {};
}

// The game `read` (read_gib_game, ...) makes of `bytes`; the test stops
// unless there is one and no error.
template <typename Read>
GameRecord read_game_ok(Read read, const std::string& bytes) {
  GoServerGame out = read(bytes);
  for (const Diagnostic& d : out.diagnostics) INFO(d.to_string());
  REQUIRE(out.diagnostics.empty());
  REQUIRE(out.game.has_value());
  return std::move(*out.game);
}

// `text` with the first `from` replaced by `to`, which must be there.
inline std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const std::size_t at = text.find(from);
  REQUIRE(at != std::string::npos);
  return text.replace(at, from.size(), to);
}

// Reads every prefix of each fixture (every `step` bytes): each gives a game
// or an error, and every error lies inside the prefix.
template <typename Read>
void check_every_prefix(Read read, std::initializer_list<const char*> names, std::size_t step) {
  for (const char* name : names) {
    const std::string bytes = goserver_fixture(name);
    for (std::size_t n = 0; n <= bytes.size(); n += step) {
      const GoServerGame out = read(std::string_view(bytes).substr(0, n));
      INFO(name << " cut after " << n << " bytes");
      CHECK((out.game.has_value() || !out.diagnostics.empty()));
      for (const Diagnostic& d : out.diagnostics) {
        CHECK(d.pos.byte_offset >= 0);
        CHECK(d.pos.byte_offset <= static_cast<std::int64_t>(n));
      }
    }
  }
}

inline std::string warnings_text(const GameRecord& game) {
  std::string out;
  for (const Diagnostic& d : game.warnings) out += d.to_string() + "\n";
  return out;
}

}  // namespace ludex::test

#endif  // LUDEX_TESTS_UNIT_IMPORTERS_GOSERVER_GO_SERVER_TEST_SUPPORT_H_
