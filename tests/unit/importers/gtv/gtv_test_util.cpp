#include "tests/unit/importers/gtv/gtv_test_util.h"

#include <fstream>
#include <sstream>
#include <stdexcept>

namespace ludex::gtv_test {
namespace {

Property raw_prop(std::string id, std::string value) {
  return Property{std::move(id), {std::move(value)}, true};
}

LinkEdit link(bool add, int cx2, int cy2, int slope) {
  return LinkEdit{add, static_cast<std::int16_t>(cx2), static_cast<std::int16_t>(cy2),
                  static_cast<std::int8_t>(slope)};
}

}  // namespace

std::string be(std::uint64_t value, std::size_t width) {
  std::string out(width, '\0');
  for (std::size_t k = width; k-- > 0;) {
    out[k] = static_cast<char>(value & 0xFF);
    value >>= 8;
  }
  return out;
}

std::string hdr(std::string_view key, std::string_view value) {
  return std::string(1, static_cast<char>(key.size())) + std::string(key) + be(value.size(), 4) +
         std::string(value);
}

std::string nkv(std::string_view key, std::string_view value) {
  return std::string(1, static_cast<char>(key.size())) + std::string(key) +
         be(value.size(), key == "c" ? 4 : 2) + std::string(value);
}

std::string nkv1(std::string_view key, std::string_view value) {
  return std::string(1, static_cast<char>(key.size())) + std::string(key) + be(value.size(), 4) +
         std::string(value);
}

std::string mv(int x, int y, int colour) {
  return std::string{static_cast<char>(x), static_cast<char>(y), static_cast<char>(colour)};
}

std::string long_mv(int x, int y, int colour, bool pbem_null,
                    const std::vector<std::vector<int>>& removed,
                    const std::vector<std::vector<int>>& added) {
  std::string out = mv(x, y, colour);
  out += static_cast<char>(pbem_null ? 1 : 0);
  for (const auto* list : {&removed, &added}) {
    out += be(list->size(), 2);
    for (const auto& l : *list) out += mv(l.at(0), l.at(1), l.at(2));
  }
  return out;
}

std::string twixt_header(std::string_view player1, std::string_view player2, int board) {
  return hdr("gtv", be(2, 4)) + hdr("player1", player1) + hdr("player2", player2) +
         hdr("pov", std::string(1, '\0')) + hdr("type", "twixt1") + hdr("bdsize", be(board, 4)) +
         hdr("tgtv", be(1, 4)) + std::string(1, '\0');
}

Move place(int seat, int x, int y) {
  Move m;
  m.seat = static_cast<std::int8_t>(seat);
  m.points.push_back(Point{static_cast<std::int16_t>(x), static_cast<std::int16_t>(y)});
  return m;
}

Move special(int seat, MoveKind kind) {
  Move m;
  m.seat = static_cast<std::int8_t>(seat);
  m.kind = kind;
  return m;
}

GameRecord sample_hex_game() {
  GameRecord g;
  g.family = Family::kHex;
  g.format = SourceFormat::kGameTree;
  g.dialect = "gtv2";
  g.columns = g.rows = 11;
  g.players = {{1, "Müller"}, {2, "vvvjv"}};
  g.event = "Computer Olympiad";
  g.result = "B+R";
  g.winner = 1;
  GameTree& t = g.tree;
  const NodeIndex root = t.add_root();
  t.set_comment(root, "root comment");
  t.set_props(root, {raw_prop("gtv-node:rootkey", "\x01\x02")});
  const NodeIndex first = t.add_child(root);
  t.set_moves(first, {place(1, 2, 3)});
  const NodeIndex swap = t.add_child(first);
  t.set_moves(swap, {special(2, MoveKind::kSwapPieces)});
  const NodeIndex n3 = t.add_child(swap);
  t.set_moves(n3, {place(1, 5, 5)});
  t.set_evaluations(n3, {Evaluation{EvalSource::kGameTree, false, 250}});
  const NodeIndex side = t.add_child(n3);
  t.set_moves(side, {place(2, 6, 6)});
  t.set_comment(side, "schön");
  t.set_props(side, {raw_prop("zz", std::string("\x00\xff", 2))});
  const NodeIndex offer = t.add_child(side);
  Move m = place(1, 1, 1);
  m.draw_offer = true;
  t.set_moves(offer, {m});
  t.add_child(offer);  // an empty node
  const NodeIndex pass = t.add_child(side);
  t.set_moves(pass, {special(1, MoveKind::kPass)});
  const NodeIndex main = t.add_child(n3);
  t.set_moves(main, {place(2, 4, 7)});
  t.set_main_flag(main, true);
  t.set_evaluations(main, {Evaluation{EvalSource::kGameTree, true, 12345}});
  t.set_comment(main, "main line — ✓");
  const NodeIndex n6 = t.add_child(main);
  t.set_moves(n6, {place(1, 10, 10)});
  t.set_evaluations(n6, {Evaluation{EvalSource::kGameTree, false, -10000},
                         Evaluation{EvalSource::kGameTree, false, 10000}});
  const NodeIndex resign = t.add_child(n6);
  t.set_moves(resign, {special(2, MoveKind::kResign)});
  return g;
}

GameRecord sample_twixt_game() {
  GameRecord g;
  g.family = Family::kTwixt;
  g.format = SourceFormat::kGameTree;
  g.dialect = "gtv2";
  g.columns = g.rows = 24;
  g.players = {{1, "Zoë"}, {2, "李明"}};
  g.date = "2020-12-01";
  GameTree& t = g.tree;
  const NodeIndex root = t.add_root();
  const NodeIndex n1 = t.add_child(root);
  t.set_moves(n1, {place(1, 3, 3)});
  const NodeIndex alt = t.add_child(n1);
  t.set_moves(alt, {place(2, 20, 20)});
  t.set_comment(alt, "");
  const NodeIndex n2 = t.add_child(n1);
  t.set_moves(n2, {place(2, 19, 7)});
  t.set_main_flag(n2, true);
  const NodeIndex n3 = t.add_child(n2);
  // Peg (10, 9), no autolinks: remove (3,3)-(4,1), add (10,9)-(12,8) and
  // (10,9)-(9,7).
  Move manual = place(1, 10, 9);
  manual.autolink = false;
  manual.links = {link(false, 7, 4, 1), link(true, 22, 17, 1), link(true, 19, 16, -1)};
  t.set_moves(n3, {manual});
  t.set_evaluations(n3, {Evaluation{EvalSource::kGameTree, false, -32768}});
  const NodeIndex n4 = t.add_child(n3);
  // Peg (12, 12) with autolinks, after removing (12,12)-(10,11).
  Move removal = place(2, 12, 12);
  removal.links = {link(false, 22, 23, -1)};
  t.set_moves(n4, {removal});
  // A verbatim 'g' (here false) is what the reader keeps after other keys.
  t.set_props(n4, {raw_prop("x-note", "kept"), raw_prop("g", std::string(1, '\0'))});
  const NodeIndex n5 = t.add_child(n4);
  t.set_moves(n5, {place(1, 0, 23)});
  t.set_evaluations(n5, {Evaluation{EvalSource::kGameTree, false, 32767}});
  const NodeIndex n6 = t.add_child(n5);
  t.set_moves(n6, {special(2, MoveKind::kSwapSides), special(1, MoveKind::kForfeit)});
  const NodeIndex n7 = t.add_child(n6);
  Move accept = special(2, MoveKind::kDrawAccept);
  accept.draw_offer = true;
  t.set_moves(n7, {accept});
  return g;
}

std::string spec_example_hex_file() {
  std::string f;
  f += hdr("gtv", be(2, 4));
  f += hdr("player1", "vvvjv");
  f += hdr("player2", "M\xfcller");
  f += hdr("name", "Spec example");
  f += hdr("pov", std::string(1, '\1'));
  f += hdr("type", "hex1");
  f += std::string(
      "\x06"
      "bdsize"
      "\x00\x00\x00\x01\x0a",
      12);
  f += hdr("hgtv", be(1, 4));
  f += '\0';
  // Root: a comment; two children, the second flagged as the main line.
  f += nkv("c",
           "Er\xf6"
           "ffnung") +
       '\0' + be(2, 2);
  f += nkv("m", mv(3, 4, 1)) + nkv("r", be(0xFFFF & -250, 2)) + '\0' + be(0, 2);
  f += nkv("m", mv(9, 0, 1)) + nkv("r", be(12345, 2)) + nkv("g", "\x01") + '\0' + be(1, 2);
  f += nkv("m", mv(0, 9, 2)) + nkv("r", be(10000, 2)) + nkv("c", "wins") + nkv("q", "?") + '\0' +
       be(0, 2);
  return f;
}

std::string v1_example_file() {
  std::string f;
  f += std::string(
      "\x04"
      "size"
      "\x00\x00\x00\x01\x0a",
      10);
  f += hdr("vplayer", "vvvjv");
  f += hdr("hplayer", "Horizontal");
  f += hdr("name", "old");
  f += '\0';
  f += '\0' + be(1, 4);  // root: no keys, one child
  f += nkv1("m", mv(4, 5, 1)) + nkv1("v", be(0x3F000000, 4)) + nkv1("g", "\x01") +
       nkv1("c", "half") + '\0' + be(2, 4);
  f += nkv1("m", mv(5, 5, 2)) + nkv1("v", be(0xBF800000, 4)) + '\0' + be(0, 4);
  f += nkv1("m", mv(6, 5, 2)) + '\0' + be(0, 4);
  return f;
}

GameRecord parse_lg_twixt(std::string_view sgf) {
  GameRecord g;
  g.family = Family::kTwixt;
  g.columns = g.rows = 24;
  const auto value_of = [&](std::string_view id) {
    const std::size_t at = sgf.find(std::string(id) + "[");
    if (at == std::string_view::npos) return std::string();
    const std::size_t begin = at + id.size() + 1;
    return std::string(sgf.substr(begin, sgf.find(']', begin) - begin));
  };
  g.players = {{1, value_of("PB")}, {2, value_of("PW")}};
  NodeIndex at = g.tree.add_root();
  for (std::size_t i = sgf.find(';'); i != std::string_view::npos; i = sgf.find(';', i + 1)) {
    if (i + 2 >= sgf.size() || (sgf[i + 1] != 'b' && sgf[i + 1] != 'r') || sgf[i + 2] != '[') {
      continue;
    }
    const int seat = sgf[i + 1] == 'b' ? 1 : 2;
    const std::string_view v = sgf.substr(i + 3, sgf.find(']', i) - i - 3);
    Move m;
    m.seat = static_cast<std::int8_t>(seat);
    if (v == "swap") {
      m.kind = MoveKind::kSwapPieces;
    } else if (v == "resign") {
      m.kind = MoveKind::kResign;
    } else {
      m = place(seat, v[0] - 'a', v[1] - 'a');
      m.draw_offer = v.substr(2) == "|draw";
    }
    at = g.tree.add_child(at);
    g.tree.set_moves(at, {m});
  }
  return g;
}

std::string known_writer_tgt(const GameRecord& lg) {
  std::string names[2];
  for (const SeatPlayer& p : lg.players) names[p.seat - 1] = p.name;
  std::string out = twixt_header(names[0], names[1], lg.columns);
  out += '\0';  // the empty root node
  std::vector<std::string> moves;
  for (NodeIndex i : lg.tree.main_line()) {
    for (const Move& m : lg.tree.data(i).moves) {
      if (m.kind == MoveKind::kPlace) {
        moves.push_back(mv(m.points[0].x, m.points[0].y, m.seat));
      } else if (m.kind == MoveKind::kSwapPieces && moves.size() == 1) {
        std::swap(moves[0][0], moves[0][1]);  // transposed, still player 1
        moves.push_back(mv(moves[0][0], moves[0][1], 2));
      }
    }
  }
  for (const std::string& m : moves) out += be(1, 2) + nkv("m", m) + '\0';
  out += be(0, 2);
  return out;
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

void write_file(const std::string& path, std::string_view bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out) throw std::runtime_error("cannot write " + path);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

}  // namespace ludex::gtv_test
