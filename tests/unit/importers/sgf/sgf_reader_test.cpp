// The SGF tokeniser and tree builder: quirks of real files, malformed input,
// positions, recovery after errors, and hostile input.
#include <catch2/catch.hpp>

#include <random>
#include <string>
#include <vector>

#include "importers/sgf/sgf_reader.h"
#include "importers/sgf/sgf_tree_builder.h"

namespace ludex {
namespace {

// Records events as short strings: "(" ")" ";" "ID[v1][v2]" "!error" "?warning".
class EventLog final : public SgfEventHandler {
 public:
  std::vector<std::string> events;
  std::vector<SourcePos> positions;

  void begin_tree(std::int32_t, const SourcePos& pos) override { add("(", pos); }
  void end_tree(std::int32_t, const SourcePos& pos) override { add(")", pos); }
  void begin_node(const SourcePos& pos) override { add(";", pos); }
  void property(std::string_view id, const std::vector<std::string_view>& values,
                const SourcePos& pos) override {
    std::string s(id);
    for (std::string_view v : values) s += "[" + std::string(v) + "]";
    add(s, pos);
  }
  void warning(const SourcePos& pos, std::string message) override { add("?" + message, pos); }
  void error(const SourcePos& pos, std::string message) override { add("!" + message, pos); }

  std::string joined() const {
    std::string out;
    for (const std::string& e : events) {
      if (!out.empty()) out += ' ';
      out += e[0] == '!' ? "!" : e[0] == '?' ? "?" : e;
    }
    return out;
  }

 private:
  void add(std::string event, const SourcePos& pos) {
    events.push_back(std::move(event));
    positions.push_back(pos);
  }
};

std::string tokens(std::string_view sgf) {
  EventLog log;
  read_sgf_events(sgf, log);
  return log.joined();
}

const Property& prop(const GameTree& tree, NodeIndex node, std::size_t k) {
  const std::span<const Property> props = tree.data(node).props;
  REQUIRE(k < props.size());
  return props[k];
}

}  // namespace

TEST_CASE("reader: plain game with variations", "[sgf][reader]") {
  CHECK(tokens("(;FF[4]GM[1];B[aa](;W[bb])(;W[cc];B[dd]))") ==
        "( ; FF[4] GM[1] ; B[aa] ( ; W[bb] ) ( ; W[cc] ; B[dd] ) )");
}

TEST_CASE("reader: text before, between and after games", "[sgf][reader]") {
  CHECK(tokens("TheDreamTwister\n\n\n(;B[aa])\n\nSome Player (rated)\n(;W[bb]) trailing") ==
        "( ; B[aa] ) ( ; W[bb] )");
  CHECK(tokens("junk (B[ag]) ((;B[a])") == "( ; B[a] )");
}

TEST_CASE("reader: white space between all tokens", "[sgf][reader]") {
  CHECK(tokens("( ;\nB\t[ah]\f[ef]\v)") == "( ; B[ah][ef] )");
  CHECK(tokens("(;A [1]\n[2] [3]\t[4]\r\n[5])") == "( ; A[1][2][3][4][5] )");
  CHECK(tokens("(\n;\nFF [4]\n;\nB [aa]\n)\n") == "( ; FF[4] ; B[aa] )");
}

TEST_CASE("reader: property ids in any case and with digits", "[sgf][reader]") {
  CHECK(tokens("(;FF[4]b[ch];r[swap];1[a1,b1]1L[30];CoPyright[x]AddBlack[ag])") ==
        "( ; FF[4] b[ch] ; r[swap] ; 1[a1,b1] 1L[30] ; CoPyright[x] AddBlack[ag] )");
}

TEST_CASE("reader: values are raw bytes, escapes kept", "[sgf][reader]") {
  CHECK(tokens(R"((;C[a\]b\\]N[x\
y]))") == "( ; C[a\\]b\\\\] N[x\\\ny] )");
  CHECK(tokens("(;C[(;B[aa\\])])") == "( ; C[(;B[aa\\])] )");
}

TEST_CASE("reader: unescaped close brackets inside values (Little Golem)", "[sgf][reader]") {
  CHECK(tokens("(;FF[4]PB[lazy\\player]PW[Shumacher;]]SZ[11];W[ad])") ==
        "( ; FF[4] PB[lazy\\player] PW[Shumacher;]] SZ[11] ; W[ad] )");
  CHECK(tokens("(;PW[[ABC] Name]RE[B])") == "( ; PW[[ABC] Name] RE[B] )");
  CHECK(tokens("(;C[smile :]];B[aa])") == "( ; C[smile :]] ; B[aa] )");
  // A ']' followed by garbage is not taken into the value when the value
  // would then run into the next game: the garbage is the error.
  EventLog log;
  read_sgf_events("(;B[ag]+)\n(;FF[4]PB[x])", log);
  CHECK(log.joined() == "( ; B[ag] ! ( ; FF[4] PB[x] )");
}

TEST_CASE("reader: empty trailing node and empty variations", "[sgf][reader]") {
  CHECK(tokens("(;B[aa];)") == "( ; B[aa] ; )");
  CHECK(tokens("(;)") == "( ; )");
  CHECK(tokens("(;B[hh]()(;W[ii])()(;W[hi]))") == "( ; B[hh] ? ( ; W[ii] ) ? ( ; W[hi] ) )");
}

TEST_CASE("reader: a game whose first semicolon is missing (Nihon Ki-in)", "[sgf][reader]") {
  CHECK(tokens("(\r\nTE[title]\r\nRD[2025]\r\n;B[pd];W[dp])") ==
        "( ? ; TE[title] RD[2025] ; B[pd] ; W[dp] )");
  // Program text is not taken for such a game.
  CHECK(tokens("x = ' br'.index(m[0]) + f(y[1])") == "");
}

TEST_CASE("reader: positions count CR, LF and CRLF as one line end each", "[sgf][reader]") {
  EventLog log;
  read_sgf_events("\r\n(;FF[4]\rC[a\r\nb]\n;B[aa])", log);
  REQUIRE(log.events.size() == 7);
  // "(" at line 2 column 1, byte 2.
  CHECK(log.positions[0].line == 2);
  CHECK(log.positions[0].column == 1);
  CHECK(log.positions[0].byte_offset == 2);
  CHECK(log.events[3] == "C[a\r\nb]");
  CHECK(log.positions[3].line == 3);
  CHECK(log.positions[3].column == 1);
  CHECK(log.events[4] == ";");
  CHECK(log.positions[4].line == 5);
  CHECK(log.positions[4].column == 1);
  CHECK(log.positions[5].column == 2);  // B
}

TEST_CASE("reader: errors have positions", "[sgf][reader]") {
  struct Case {
    const char* sgf;
    int line;
    int column;
    const char* message_part;
  };
  const Case cases[] = {
      {"(;B)", 1, 3, "has no value"},
      {"(;B;W[ah])", 1, 3, "has no value"},
      {"(;[ag])", 1, 3, "without a property"},
      {"(;B[ag]\n", 2, 1, "not closed"},
      {"(;B[ag", 1, 4, "']' missing"},
      {"(;B[ag\\])", 1, 4, "']' missing"},
      {"(;B[ag];W[ah](;B[ai])", 1, 22, "')' missing"},
      {"(;B[ag];W[ah](;B[ai]);W[bd])", 1, 22, "after variations"},
      {"(;B[ag](;W[ah];)B[ai])", 1, 17, "after variations"},
      {"(;B[ag]((;W[ah])(;W[ai]))", 1, 8, "not followed by a node"},
      {"(;B[ag]\n  +)", 2, 3, "unexpected character '+'"},
      {"(;B[ag]\x01)", 1, 8, "0x01"},
  };
  for (const Case& c : cases) {
    INFO(c.sgf);
    EventLog log;
    read_sgf_events(c.sgf, log);
    std::size_t errors = 0;
    for (std::size_t k = 0; k < log.events.size(); ++k) {
      if (log.events[k][0] != '!') continue;
      ++errors;
      CHECK(log.events[k].find(c.message_part) != std::string::npos);
      CHECK(log.positions[k].line == c.line);
      CHECK(log.positions[k].column == c.column);
    }
    CHECK(errors == 1);
  }
}

TEST_CASE("builder: trees, indices and positions", "[sgf][builder]") {
  const RawSgfCollection c = build_sgf_trees("(;GM[1]C[root](;B[aa];W[bb])(;B[cc]))\n(;GM[1])");
  REQUIRE(c.errors.empty());
  REQUIRE(c.games.size() == 2);
  CHECK(c.game_count == 2);
  const GameTree& t = c.games[0].tree;
  REQUIRE(t.size() == 4);
  CHECK(prop(t, 0, 1).id == "C");
  CHECK(t.child_count(0) == 2);
  CHECK(prop(t, t.first_child(0), 0).values.front() == "aa");
  CHECK(t.data(t.first_child(0)).pos.column == 16);
  CHECK(c.games[1].game_index == 1);
  CHECK(c.games[1].pos.line == 2);
  CHECK(c.games[1].pos.column == 1);
}

TEST_CASE("builder: a bad game in the middle loses only that game", "[sgf][builder]") {
  const std::string sgf =
      "(;GM[1]PB[a];B[aa])\n"
      "(;GM[1]PB[b];B[bb]+garbage(;W[cc])(;W[dd]))\n"
      "(;GM[1]PB[c];B[cc])\n"
      "(;GM[1]PB[d];B[dd]\n"  // never closed
      "(;GM[1]PB[e];B[ee])\n";
  const RawSgfCollection c = build_sgf_trees(sgf);
  CHECK(c.game_count == 5);
  REQUIRE(c.games.size() == 3);
  CHECK(c.games[0].game_index == 0);
  CHECK(c.games[1].game_index == 2);
  CHECK(c.games[2].game_index == 4);
  CHECK(prop(c.games[2].tree, 0, 1).values.front() == "e");
  REQUIRE(c.errors.size() == 2);
  CHECK(c.errors[0].game_index == 1);
  CHECK(c.errors[0].pos.line == 2);
  CHECK(c.errors[0].pos.column == 19);
  CHECK(c.errors[1].game_index == 3);
  CHECK(c.errors[1].pos.line == 5);
  CHECK(c.errors[1].pos.column == 1);
}

TEST_CASE("builder: one-line collection recovers by counting parentheses", "[sgf][builder]") {
  const RawSgfCollection c =
      build_sgf_trees("(;B[aa]C[x]+(;W[bb])(;W[cc]C[)]))(;B[dd])(;W[ee]))junk(;B[ff])");
  // Game 1 "(;B[dd])" closes; "(;W[ee])" is game 2; the stray ')' is junk.
  CHECK(c.game_count == 4);
  REQUIRE(c.games.size() == 3);
  CHECK(c.games[0].game_index == 1);
  CHECK(c.games[2].game_index == 3);
  REQUIRE(c.errors.size() == 1);
  CHECK(c.errors[0].game_index == 0);
}

TEST_CASE("builder: empty and junk-only input", "[sgf][builder]") {
  CHECK(build_sgf_trees("").game_count == 0);
  CHECK(build_sgf_trees("no games here (really) [none]").game_count == 0);
  const RawSgfCollection truncated = build_sgf_trees("(;FF[4]C[unfinished comment");
  CHECK(truncated.game_count == 1);
  CHECK(truncated.games.empty());
  REQUIRE(truncated.errors.size() == 1);
  CHECK(truncated.errors[0].pos.column == 9);
}

TEST_CASE("builder: a million nested '(' neither recurses nor hangs", "[sgf][builder]") {
  const std::size_t n = 1000000;
  SECTION("opening parentheses only") {
    const RawSgfCollection c = build_sgf_trees(std::string(n, '('));
    CHECK(c.game_count == 0);
  }
  SECTION("after a node") {
    const RawSgfCollection c = build_sgf_trees("(;" + std::string(n, '('));
    CHECK(c.game_count == 1);
    CHECK(c.errors.size() == 1);
  }
  SECTION("a million nested variations, well formed") {
    std::string sgf;
    sgf.reserve(n * 10);
    for (std::size_t i = 0; i < n; ++i) sgf += "(;B[aa]";
    sgf += std::string(n, ')');
    const RawSgfCollection c = build_sgf_trees(sgf);
    REQUIRE(c.games.size() == 1);
    const GameTree& t = c.games[0].tree;
    CHECK(t.size() == n);
    CHECK(t.main_line().size() == n);
  }
}

TEST_CASE("builder: binary garbage never crashes", "[sgf][builder]") {
  std::mt19937 rng(12345);
  const std::string alphabet = "();[]\\ \n\rBWC:aZ\x80\xff";
  for (int round = 0; round < 2000; ++round) {
    std::string bytes(static_cast<std::size_t>(rng() % 200), '\0');
    for (char& c : bytes) {
      c = round % 2 == 0 ? static_cast<char>(rng() & 0xFF) : alphabet[rng() % alphabet.size()];
    }
    if (round % 3 == 0) bytes = "(;" + bytes;
    const RawSgfCollection c = build_sgf_trees(bytes);
    CHECK(static_cast<std::size_t>(c.game_count) == c.games.size() + c.errors.size());
  }
}

}  // namespace ludex
