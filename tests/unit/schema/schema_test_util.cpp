#include "tests/unit/schema/schema_test_util.h"

#include <stdlib.h>

#include <algorithm>
#include <cstdio>
#include <sstream>
#include <stdexcept>

#include <SQLiteCpp/Statement.h>

namespace ludex::testing {
namespace {

Property prop(std::string id, std::vector<std::string> values, bool raw = false) {
  return Property{std::move(id), std::move(values), raw};
}

Move place(std::int8_t seat, std::vector<Point> points, std::int8_t color = 0) {
  Move m;
  m.seat = seat;
  m.color = color;
  m.kind = MoveKind::kPlace;
  m.points = std::move(points);
  return m;
}

Move special(std::int8_t seat, MoveKind kind) {
  Move m;
  m.seat = seat;
  m.kind = kind;
  return m;
}

std::string describe(const Property& p) {
  std::string out = p.id + (p.raw_bytes ? " (raw)" : "") + ":";
  for (const std::string& v : p.values) out += "[" + v + "]";
  return out;
}

}  // namespace

TempDir::TempDir() {
  std::string pattern = (std::filesystem::temp_directory_path() / "ludex-schema-XXXXXX").string();
  if (mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
  path_ = pattern;
}

TempDir::~TempDir() {
  std::error_code ignored;
  std::filesystem::remove_all(path_, ignored);
}

GameRecord make_twixt_game() {
  GameRecord g;
  g.family = Family::kTwixt;
  g.format = SourceFormat::kSgf;
  g.dialect = "sgf";
  g.variant = "PP";
  g.columns = 24;
  g.rows = 24;
  g.players = {{1, "Zoë Ünal"}, {2, "山田 太郎"}};
  g.result = "W+Resign";
  g.winner = 1;
  g.date = "2021-03-04";
  g.event = "Computer Olympiad";
  g.round = "3 (final)";
  g.charset = "UTF-8";
  g.game_index = 2;
  g.pos = SourcePos{1234, 56, 7};
  g.warnings.push_back(Diagnostic{Severity::kWarning, 2, SourcePos{1300, 57, 3}, "odd value"});

  GameTree& t = g.tree;
  const NodeIndex root = t.add_root();
  {
    t.set_props(root,
                {prop("GM", {"21"}), prop("SZ", {"24"}), prop("PW", {"Zoë Ünal"}), prop("XX", {""}),
                 prop("YY", {}), prop("AB", {"a]b", "c\\d", "", "]]\\["}),
                 prop("PC", {std::string("\xFF\xFE]\\x\x00y", 7)}, true), prop("EV", {}, true)});
    t.set_comment(root, "Opening: 'quotes', \"double\", 100% _under_ — ✓");
  }
  const NodeIndex n1 = t.add_child(root);
  {
    t.set_moves(n1, {place(1, {{3, 4}})});
    t.set_move_props(n1, {prop("W", {"d5"})});
    t.set_evaluations(n1, {Evaluation{EvalSource::kGameTree, false, 250.0}});
    t.set_comment(n1, "first peg");
  }
  const NodeIndex n2 = t.add_child(n1);
  {
    Move m = place(2, {{5, 6}});
    m.autolink = false;
    m.links = {LinkEdit{false, 7, 9, 0}, LinkEdit{true, 11, 13, 1}, LinkEdit{true, 300, -4, -1}};
    t.set_moves(n2, {m});
    t.set_move_props(n2, {prop("B", {"-i'3", "\\i'4", "K4"})});
    t.set_evaluations(n2, {Evaluation{EvalSource::kGameTree, true, 12345.0},
                           Evaluation{EvalSource::kSgfValue, false, -0.35}});
  }
  const NodeIndex n3 = t.add_child(n1);
  {
    Move offer = place(2, {{8, 8}});
    offer.draw_offer = true;
    t.set_moves(n3, {special(2, MoveKind::kSwapSides), offer});
    t.set_move_props(n3, {prop("B", {"swap"}), prop("B", {"qi|draw"})});
    t.set_main_flag(n3, true);
  }
  const NodeIndex n4 = t.add_child(n3);
  t.set_moves(n4, {special(1, MoveKind::kResign)});  // no move_props at all
  const NodeIndex n5 = t.add_child(n2);
  {
    t.set_moves(n5, {place(1, {{300, -2}, {0, 255}})});
    t.set_move_props(n5, {prop("b", {"\xE9\x80"}, true)});
  }
  const NodeIndex n6 = t.add_child(root);
  {
    t.set_moves(n6, {special(1, MoveKind::kPass), special(2, MoveKind::kUnknown)});
    t.set_move_props(n6, {prop("", {}), prop("W", {""})});
    t.set_comment(n6, "");
    t.set_props(n6, {prop("N", {"side line"})});
  }
  return g;
}

GameRecord make_blokus_game() {
  GameRecord g;
  g.family = Family::kBlokus;
  g.format = SourceFormat::kSgf;
  g.dialect = "pentobi";
  g.variant = "Blokus";
  g.columns = 20;
  g.rows = 20;
  g.players = {{1, "Blue Player"}, {2, "yellow"}, {3, "Röd"}, {4, "Grün"}};
  g.charset = "UTF-8";
  GameTree& t = g.tree;
  const NodeIndex root = t.add_root();
  t.set_props(root, {prop("GM", {"Blokus"}), prop("AB", {"a1,b1", "t20"}), prop("PL", {"1"})});
  NodeIndex at = root;
  const std::vector<std::vector<Point>> pieces = {
      {{0, 0}, {1, 0}, {2, 0}, {3, 0}, {4, 0}},
      {{19, 0}, {19, 1}, {18, 1}},
      {{19, 19}},
      {{0, 19}, {1, 19}, {1, 18}, {2, 18}},
  };
  const std::vector<std::string> labels = {"a1,b1,c1,d1,e1", "t1,t2,s2", "t20", "a20,b20,b19,c19"};
  for (int i = 0; i < 4; ++i) {
    at = t.add_child(at);
    const auto color = static_cast<std::int8_t>(i + 1);
    t.set_moves(at, {place(color, pieces[i], color)});
    t.set_move_props(at, {prop(std::to_string(i + 1), {labels[i]})});
  }
  return g;
}

GameRecord make_bare_game() {
  GameRecord g;
  g.format = SourceFormat::kGameTree;
  g.tree.add_root();
  return g;
}

GameRecord make_simple_game(Family family, const std::vector<std::string>& players,
                            const std::string& date, const std::string& event,
                            const std::string& result, int moves) {
  GameRecord g;
  g.family = family;
  g.dialect = "sgf";
  g.columns = 13;
  g.rows = 13;
  for (std::size_t i = 0; i < players.size(); ++i) {
    if (!players[i].empty()) g.players.push_back({static_cast<std::int8_t>(i + 1), players[i]});
  }
  g.date = date;
  g.event = event;
  g.result = result;
  if (!result.empty()) g.winner = result[0] == 'B' ? 1 : 2;
  NodeIndex at = g.tree.add_root();
  for (int i = 0; i < moves; ++i) {
    at = g.tree.add_child(at);
    const auto seat = static_cast<std::int8_t>(i % 2 + 1);
    g.tree.set_moves(at, {place(seat, {{static_cast<std::int16_t>(i % 13), 3}})});
    g.tree.set_move_props(at, {prop(seat == 1 ? "B" : "W", {"x"})});
  }
  return g;
}

std::string record_difference(const GameRecord& a, const GameRecord& b) {
  std::ostringstream out;
  if (a.family != b.family) out << "family; ";
  if (a.format != b.format) out << "format; ";
  if (a.dialect != b.dialect) out << "dialect; ";
  if (a.variant != b.variant) out << "variant; ";
  if (a.columns != b.columns || a.rows != b.rows) out << "size; ";
  if (a.players != b.players) out << "players; ";
  if (a.result != b.result) out << "result; ";
  if (a.winner != b.winner) out << "winner; ";
  if (a.date != b.date) out << "date; ";
  if (a.event != b.event) out << "event; ";
  if (a.round != b.round) out << "round; ";
  if (a.charset != b.charset) out << "charset; ";
  if (a.game_index != b.game_index) out << "game_index; ";
  if (a.tree.size() != b.tree.size()) {
    out << "tree size " << a.tree.size() << " vs " << b.tree.size() << "; ";
    return out.str();
  }
  const std::vector<NodeIndex> pa = a.tree.preorder();
  const std::vector<NodeIndex> pb = b.tree.preorder();
  for (std::size_t k = 0; k < pa.size(); ++k) {
    const NodeView& da = a.tree.data(pa[k]);
    const NodeView& db = b.tree.data(pb[k]);
    const std::string at = "node " + std::to_string(k) + ": ";
    if (a.tree.child_count(pa[k]) != b.tree.child_count(pb[k])) out << at << "children; ";
    if (!std::ranges::equal(da.moves, db.moves)) out << at << "moves; ";
    for (std::size_t m = 0; m < std::max(da.move_props.size(), db.move_props.size()); ++m) {
      const Property none;
      const Property& x = m < da.move_props.size() ? da.move_props[m] : none;
      const Property& y = m < db.move_props.size() ? db.move_props[m] : none;
      if (!(x == y)) out << at << "move_props " << describe(x) << " vs " << describe(y) << "; ";
    }
    if ((da.comment == nullptr) != (db.comment == nullptr) ||
        (da.comment != nullptr && *da.comment != *db.comment)) {
      out << at << "comment; ";
    }
    if (!std::ranges::equal(da.evaluations, db.evaluations)) out << at << "evaluations; ";
    if (da.main_flag != db.main_flag) out << at << "main_flag; ";
    if (!std::ranges::equal(da.props, db.props)) out << at << "props; ";
  }
  if (!(a.tree == b.tree)) out << "GameTree::operator== differs; ";
  return out.str();
}

std::vector<std::int64_t> store_games(Database& db, const std::string& file_path,
                                      const std::vector<GameRecord>& games) {
  GameStore store(db);
  store.begin();
  SourceFileInfo info;
  info.path = file_path;
  info.size = 100;
  info.mtime_ns = 42;
  info.content_hash = "abc";
  info.format = "sgf";
  const std::int64_t file_id = store.upsert_file(info);
  std::vector<std::int64_t> ids;
  for (const GameRecord& g : games) ids.push_back(store.add_game(file_id, prepare_record(g)));
  store.commit();
  return ids;
}

std::string dump_tables(Database& db) {
  static const char* const kQueries[] = {
      "SELECT * FROM meta WHERE key <> 'created_by' ORDER BY key",
      "SELECT * FROM source_files ORDER BY file_id",
      "SELECT * FROM players ORDER BY player_id",
      "SELECT * FROM games ORDER BY game_id",
      "SELECT * FROM game_players ORDER BY game_id, seat, player_id",
      "SELECT * FROM nodes ORDER BY node_id",
      "SELECT * FROM node_moves ORDER BY node_id, ordinal",
      "SELECT * FROM evaluations ORDER BY node_id, ordinal",
      "SELECT * FROM comments ORDER BY node_id",
      "SELECT * FROM properties ORDER BY node_id, ordinal",
      "SELECT * FROM import_errors ORDER BY error_id",
      "SELECT * FROM game_positions ORDER BY game_id",
      "SELECT * FROM feature_games ORDER BY code, board, first_game",
  };
  std::ostringstream out;
  for (const char* sql : kQueries) {
    // A table of a later version than the database's is left out.
    const std::string table = std::string(sql).substr(std::string(sql).find("FROM ") + 5);
    SQLite::Statement exists(
        db.handle(), "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = ?1");
    exists.bind(1, table.substr(0, table.find(' ')));
    exists.executeStep();
    if (exists.getColumn(0).getInt() == 0) continue;
    out << sql << "\n";
    SQLite::Statement st(db.handle(), sql);
    while (st.executeStep()) {
      for (int c = 0; c < st.getColumnCount(); ++c) {
        const SQLite::Column col = st.getColumn(c);
        if (col.isNull()) {
          out << "NULL";
        } else if (col.isBlob()) {
          const auto* p = static_cast<const unsigned char*>(col.getBlob());
          out << "x'";
          for (int i = 0; i < col.getBytes(); ++i) {
            char hex[3];
            std::snprintf(hex, sizeof hex, "%02x", p[i]);
            out << hex;
          }
          out << "'";
        } else {
          out << col.getString();
        }
        out << "|";
      }
      out << "\n";
    }
  }
  return out.str();
}

std::int64_t scalar(Database& db, const std::string& sql) {
  return db.handle().execAndGet(sql).getInt64();
}

}  // namespace ludex::testing
