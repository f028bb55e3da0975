#include "bench/game_synth.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <stdexcept>
#include <vector>

#include "bench/play_state.h"
#include "bench/rng.h"
#include "importers/gtv/gtv_game.h"
#include "importers/sgf/sgf_game.h"

namespace ludex {
namespace {

constexpr std::string_view kLittleGolemSource = "https://www.littlegolem.net";

const std::vector<std::string> kFirstNames = {
    "Ada",    "Alan",   "Grace", "Edsger",   "Barbara", "Donald", "Niklaus", "Frances",
    "John",   "Leslie", "Radia", "Ken",      "Dennis",  "Tony",   "Shafi",   "Andrew",
    "Sophie", "Yuki",   "Olga",  "Björn",    "José",    "Zoë",    "Åsa",     "Łukasz",
    "Jürgen", "Amélie", "Søren", "Margaret", "Mikhail", "Chen"};
const std::vector<std::string> kLastNames = {
    "Lovelace", "Turing",  "Hopper",  "Dijkstra", "Liskov",   "Knuth",    "Wirth",  "Allen",
    "Backus",   "Lamport", "Perlman", "Thompson", "Ritchie",  "Hamilton", "Hoare",  "Goldwasser",
    "Yao",      "Wilson",  "Tal",     "Tanaka",   "Wei",      "Ivanova",  "Müller", "García",
    "Nakamura", "O'Neil",  "Dvořák",  "Kowalski", "Petrović", "Lindqvist"};
const std::vector<std::string> kFullNames = {"李明", "王芳", "張偉", "佐藤健", "김민준"};
// Little Golem handles; a number is appended to most. One has an
// unescaped-looking backslash and one a bracket, as real exports do.
const std::vector<std::string> kHandles = {
    "tasuki", "Shumacher;]", "giup",     "tommah",    "halladba",  "ypercube", "lazy\\player",
    "Arek",   "twixter",     "hexlover", "bridgeman", "edgetempl", "ziggurat", "mrbox",
    "Pente",  "Gaspar",      "nick",     "hexer",     "pegger",    "linker"};
const std::vector<std::string> kComments = {"A strong opening.",
                                            "Threat at [d5] here.",
                                            "Better was the other side.",
                                            "Interesting!",
                                            "Blunder?",
                                            "Winning now.",
                                            "Nach diesem Zug steht Weiß besser.",
                                            "好手",
                                            "Forced.",
                                            "The only move.",
                                            "This loses a tempo; see the variation.",
                                            "Both ladders work for \\ Black."};
const std::vector<std::string> kVariationComments = {"An alternative.", "Also possible.",
                                                     "Refutation:", "Better:"};

struct Style {
  ArchiveKind kind = ArchiveKind::kGo;
  const ArchiveKindInfo* info = nullptr;
  bool analysed = false;                    // evaluations on every node
  std::uint32_t comment_per_mille = 30;     // comments on ordinary nodes
  std::uint32_t variation_per_mille = 350;  // games with variations
};

std::string person(Rng& rng) {
  if (rng.chance(40)) return rng.pick(kFullNames);
  return rng.pick(kFirstNames) + " " + rng.pick(kLastNames);
}

std::string handle(Rng& rng) {
  std::string name = rng.pick(kHandles);
  if (rng.chance(800)) name += std::to_string(rng.between(1, 250));
  return name;
}

std::string two_digits(std::int64_t n) {
  return (n < 10 ? "0" : "") + std::to_string(n);
}

std::string date(Rng& rng) {
  return std::to_string(rng.between(2000, 2024)) + "-" + two_digits(rng.between(1, 12)) + "-" +
         two_digits(rng.between(1, 28));
}

void add_prop(GameRecord& game, std::string id, std::string value) {
  game.tree.add_prop(0, Property{std::move(id), {std::move(value)}, false});
}

void set_players(GameRecord& game, std::string first, std::string second) {
  if (first == second) second += " II";
  game.players = {SeatPlayer{1, std::move(first)}, SeatPlayer{2, std::move(second)}};
}

std::string lg_event(Rng& rng, std::string_view game_name) {
  return std::string(game_name) + ".ch." + std::to_string(rng.between(1, 60)) + "." +
         std::to_string(rng.between(1, 9)) + "." + std::to_string(rng.between(1, 20));
}

// The root: header properties and fields of the kind; returns the board
// options (first seat, the special that the second move may be).
BoardPlayOptions make_root(GameRecord& game, const Style& style, std::int64_t serial, Rng& rng) {
  const ArchiveKindInfo& info = *style.info;
  game.family = info.family;
  game.format = info.game_tree ? SourceFormat::kGameTree : SourceFormat::kSgf;
  game.tree.add_root();
  BoardPlayOptions options;
  const bool swap = rng.chance(300);
  auto square = [&game](std::int32_t n) { game.columns = game.rows = n; };
  switch (style.kind) {
    case ArchiveKind::kHexHexGui: {
      game.dialect = "sgf";
      game.variant = "11";
      square(std::vector<std::int32_t>{11, 11, 11, 13, 13, 14, 19}[rng.below(7)]);
      add_prop(game, "FF", "4");
      add_prop(game, "GM", "11");
      // HexGui before 1.0 wrote swap-sides as "swap-pieces" (AP tells).
      const bool old = rng.chance(500);
      if (old) add_prop(game, "AP", "HexGui:0.9.GIT");
      add_prop(game, "SZ", std::to_string(game.columns));
      if (swap) options.second_move = old ? MoveKind::kSwapSides : MoveKind::kSwapPieces;
      set_players(game, person(rng), person(rng));
      game.event = "ludex synthetic cup " + std::to_string(rng.between(1, 40));
      game.round = std::to_string(rng.between(1, 11));
      game.date = date(rng);
      break;
    }
    case ArchiveKind::kHexLittleGolem:
      game.dialect = "littlegolem";
      square(std::vector<std::int32_t>{13, 13, 13, 19, 19, 11}[rng.below(6)]);
      add_prop(game, "FF", "4");
      add_prop(game, "SZ", std::to_string(game.columns));
      add_prop(game, "GC", " game #" + std::to_string(1000000 + serial));
      add_prop(game, "SO", std::string(kLittleGolemSource));
      if (swap) options.second_move = MoveKind::kSwapPieces;
      set_players(game, handle(rng), handle(rng));
      game.event = lg_event(rng, "hex");
      break;
    case ArchiveKind::kTwixtSgf:
      game.dialect = "sgf";
      game.variant = "21";
      square(24);
      add_prop(game, "FF", "4");
      add_prop(game, "GM", "21");
      add_prop(game, "SZ", "24");
      add_prop(game, "RU", rng.chance(800) ? "STD" : "PP");
      if (swap) options.second_move = MoveKind::kSwapPieces;
      set_players(game, person(rng), person(rng));
      game.event = "ludex twixt open " + std::to_string(rng.between(1, 20));
      game.date = date(rng);
      break;
    case ArchiveKind::kTwixtLittleGolem:
      game.dialect = "littlegolem";
      square(24);
      add_prop(game, "FF", "4");
      add_prop(game, "SZ", "24");
      add_prop(game, "SO", std::string(kLittleGolemSource));
      if (swap) options.second_move = MoveKind::kSwapPieces;
      options.draw_offer_per_mille = 5;
      set_players(game, handle(rng), handle(rng));
      game.event = lg_event(rng, "twixt");
      break;
    case ArchiveKind::kHexGameTree:
    case ArchiveKind::kTwixtGameTree:
      game.dialect = "gtv2";
      game.charset = "ISO-8859-1";
      square(info.family == Family::kHex ? std::vector<std::int32_t>{11, 13, 13, 19}[rng.below(4)]
                                         : 24);
      if (swap) options.second_move = MoveKind::kSwapPieces;
      set_players(game, rng.chance(500) ? person(rng) : handle(rng), person(rng));
      if (rng.chance(500)) game.event = "analysis " + std::to_string(rng.between(1, 500));
      break;
    case ArchiveKind::kGo: {
      game.dialect = "sgf";
      game.variant = "1";
      const std::int64_t size_pick = rng.below(10);
      square(size_pick < 8 ? 19 : (size_pick == 8 ? 13 : 9));
      add_prop(game, "FF", "4");
      add_prop(game, "GM", "1");
      add_prop(game, "SZ", std::to_string(game.columns));
      add_prop(game, "KM", game.columns == 19 ? "6.5" : "5.5");
      if (game.columns == 19 && rng.chance(60)) {
        const std::int64_t stones = rng.between(2, 4);
        const std::vector<std::string> kStars = {"pd", "dp", "pp", "dd"};
        add_prop(game, "HA", std::to_string(stones));
        game.tree.add_prop(
            0, Property{"AB", std::vector<std::string>(kStars.begin(), kStars.begin() + stones),
                        false});
        options.first_seat = 2;
      }
      set_players(game, person(rng), person(rng));
      game.event = "Synthetic Meijin " + std::to_string(rng.between(1, 60));
      game.round = std::to_string(rng.between(1, 7));
      game.date = date(rng);
      break;
    }
    case ArchiveKind::kBlokusDuo:
      game.dialect = "pentobi";
      game.variant = std::string(blokus_duo_name());
      square(14);
      add_prop(game, "FF", "4");
      add_prop(game, "GM", game.variant);
      add_prop(game, "AP", "Pentobi:20.0");
      set_players(game, person(rng), person(rng));
      game.date = date(rng);
      break;
  }
  return options;
}

std::int32_t main_line_length(const GameRecord& game, Rng& rng) {
  const std::int32_t cells = game.columns * game.rows;
  switch (game.family) {
    case Family::kHex:
      return static_cast<std::int32_t>(rng.between(cells / 6, cells / 2));
    case Family::kTwixt:
      return static_cast<std::int32_t>(rng.between(20, 70));
    case Family::kGo:
      return static_cast<std::int32_t>(rng.between(cells * 3 / 10, cells * 7 / 10));
    case Family::kBlokus:
      return 42;  // until neither colour can place
    case Family::kOther:
      break;
  }
  return 0;
}

// Decorates node i: comment, evaluation (a random walk kept in *trend).
void decorate(GameTree& tree, NodeIndex i, const Style& style, double* trend, Rng& rng) {
  if (rng.chance(style.comment_per_mille)) tree.set_comment(i, rng.pick(kComments));
  if (!style.analysed) return;
  *trend = std::clamp(*trend + static_cast<double>(rng.between(-150, 150)) / 1000.0, -1.0, 1.0);
  Evaluation e;
  if (style.info->game_tree) {
    e.source = EvalSource::kGameTree;
    if (rng.chance(30)) {
      e.undetermined = true;
      e.value = 12345;
    } else {
      e.value = std::round(*trend * 10000.0);
    }
  } else {
    e.source = EvalSource::kSgfValue;
    e.value = std::round(*trend * 1000.0) / 1000.0;
  }
  tree.add_evaluation(i, e);
}

NodeIndex add_move_node(GameRecord& game, NodeIndex parent, Move move, const Style& style,
                        double* trend, Rng& rng) {
  const NodeIndex node = game.tree.add_child(parent);
  game.tree.add_move(node, std::move(move));
  decorate(game.tree, node, style, trend, rng);
  return node;
}

struct Branch {
  NodeIndex parent = kNoNode;
  std::unique_ptr<PlayState> state;
  double trend = 0;
};

std::unique_ptr<PlayState> new_play(const GameRecord& game, const BoardPlayOptions& options) {
  if (game.family == Family::kBlokus) return new_blokus_duo_play(game);
  return new_board_play(game, options);
}

// The last move of a finished main line: a resignation in the dialects that
// write one, two passes in some go games; nothing otherwise.
std::optional<Move> final_move(const Style& style, std::int8_t to_move, Rng& rng) {
  Move move;
  move.seat = to_move;
  switch (style.info->family) {
    case Family::kHex:
    case Family::kTwixt:
      if (!rng.chance(style.kind == ArchiveKind::kHexLittleGolem ? 600 : 300)) return std::nullopt;
      move.kind = MoveKind::kResign;
      return move;
    case Family::kGo:
      if (!rng.chance(200)) return std::nullopt;
      move.kind = MoveKind::kPass;
      return move;
    case Family::kBlokus:
    case Family::kOther:
      break;
  }
  return std::nullopt;
}

std::string result_text(const Style& style, std::int8_t winner, bool resigned, Rng& rng) {
  const bool first = winner == 1;
  switch (style.kind) {
    case ArchiveKind::kHexHexGui:
      return std::string(first ? "B+" : "W+") + (resigned ? "Resign" : "");
    case ArchiveKind::kHexLittleGolem:
      return first ? "B" : "W";  // Little Golem: B = PB (seat 1) won
    case ArchiveKind::kTwixtSgf:
      return std::string(first ? "W+" : "B+") + (resigned ? "Resign" : "");
    case ArchiveKind::kGo:
      if (resigned || rng.chance(400)) return first ? "B+R" : "W+R";
      return std::string(first ? "B+" : "W+") + std::to_string(rng.between(0, 40)) + ".5";
    case ArchiveKind::kHexGameTree:
    case ArchiveKind::kTwixtGameTree:
      return resigned ? std::string(first ? "1-0" : "0-1") : std::string();
    case ArchiveKind::kTwixtLittleGolem:
    case ArchiveKind::kBlokusDuo:
      break;
  }
  return {};
}

}  // namespace

const ArchiveKindInfo& archive_kind_info(ArchiveKind kind) {
  static const ArchiveKindInfo kInfo[] = {
      {Family::kHex, false, false, "hex-hexgui", ".sgf"},
      {Family::kHex, false, true, "hex-littlegolem", ".hsgf"},
      {Family::kHex, true, false, "hex-gtv", ".hgt"},
      {Family::kTwixt, false, false, "twixt-sgf", ".sgf"},
      {Family::kTwixt, false, true, "twixt-littlegolem", ".tsgf"},
      {Family::kTwixt, true, false, "twixt-gtv", ".tgt"},
      {Family::kGo, false, false, "go", ".sgf"},
      {Family::kBlokus, false, false, "blokus-duo", ".blksgf"},
  };
  return kInfo[static_cast<std::size_t>(kind)];
}

GameRecord synthesize_game(ArchiveKind kind, std::int64_t serial, std::uint64_t seed) {
  Rng rng(seed);
  Style style;
  style.kind = kind;
  style.info = &archive_kind_info(kind);
  style.analysed = rng.chance(style.info->game_tree ? 600 : 200);

  GameRecord game;
  const BoardPlayOptions options = make_root(game, style, serial, rng);
  if (rng.chance(100)) game.tree.set_comment(0, rng.pick(kComments));
  std::unique_ptr<PlayState> state = new_play(game, options);

  const std::int32_t length = main_line_length(game, rng);
  // Variations branch off the main line at depth 3 or later, so that a
  // swap at move 2 never has siblings (the game-tree writer's convention).
  std::vector<std::int32_t> branch_at;
  if (length >= 4 && rng.chance(style.variation_per_mille)) {
    const std::int64_t count = rng.between(1, 3);
    for (std::int64_t i = 0; i < count; ++i) {
      branch_at.push_back(static_cast<std::int32_t>(rng.between(3, length - 1)));
    }
    std::sort(branch_at.begin(), branch_at.end());
  }

  std::vector<Branch> branches;
  double trend = 0;
  NodeIndex node = 0;
  std::size_t next_branch = 0;
  std::int32_t played = 0;
  for (std::int32_t depth = 1; depth <= length; ++depth) {
    while (next_branch < branch_at.size() && branch_at[next_branch] == depth) {
      branches.push_back(Branch{node, state->clone(), trend});
      ++next_branch;
    }
    std::optional<Move> move = state->play_random(rng);
    if (!move) break;
    node = add_move_node(game, node, std::move(*move), style, &trend, rng);
    ++played;
  }
  bool resigned = false;
  if (played == length) {
    if (std::optional<Move> last = final_move(style, state->to_move(), rng)) {
      resigned = last->kind == MoveKind::kResign;
      const int count = last->kind == MoveKind::kPass ? 2 : 1;
      for (int i = 0; i < count; ++i) {
        node = add_move_node(game, node, *last, style, &trend, rng);
        last->seat = static_cast<std::int8_t>(3 - last->seat);
      }
    }
  }
  const std::int8_t winner = resigned ? static_cast<std::int8_t>(3 - state->to_move())
                                      : static_cast<std::int8_t>(rng.between(1, 2));
  game.result = result_text(style, winner, resigned, rng);
  if (style.info->game_tree && !game.result.empty()) game.winner = winner;

  for (Branch& branch : branches) {
    const NodeIndex main_child = game.tree.first_child(branch.parent);
    if (style.info->game_tree && main_child != kNoNode) game.tree.set_main_flag(main_child, true);
    const std::int64_t variation_length = rng.between(1, 12);
    NodeIndex at = branch.parent;
    for (std::int64_t i = 0; i < variation_length; ++i) {
      std::optional<Move> move = branch.state->play_random(rng);
      if (!move) break;
      at = add_move_node(game, at, std::move(*move), style, &branch.trend, rng);
      if (i == 0 && rng.chance(500)) game.tree.set_comment(at, rng.pick(kVariationComments));
    }
  }
  return game;
}

std::string write_game(const GameRecord& game) {
  if (game.format != SourceFormat::kGameTree) return write_sgf_game(game);
  Result<std::string> bytes = write_gtv_game(game);
  if (!bytes) throw std::logic_error("generator: game-tree writer: " + bytes.error().message);
  return std::move(*bytes);
}

}  // namespace ludex
