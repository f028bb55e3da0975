// One raw SGF game tree (importers/sgf/sgf_tree_builder.h) to a GameRecord:
// charset decoding, family detection, header fields, moves, comments and
// evaluations. The rules are stated in docs/formats.md; in short:
//  * move properties (per the family's dialect) are decoded into
//    NodeView::moves, their property (raw values) into NodeView::move_props;
//    a move that does not decode stays in props and gives a warning;
//  * on the root, CA, the dialect's player properties, RE, DT, EV and RO are
//    taken into GameRecord fields and out of props;
//  * the first C with one value is the comment, the first V that is an SGF
//    real number the kSgfValue evaluation;
//  * in Go games, analysis programs' properties and KataGo's move comments
//    also give evaluations (importers/sgf/go_analysis.h) and stay as read;
//  * everything else stays in props in file order: text values unescaped and
//    decoded to UTF-8, point values unescaped bytes, move values raw.
#ifndef LUDEX_IMPORTERS_SGF_SGF_GAME_CONVERT_H_
#define LUDEX_IMPORTERS_SGF_SGF_GAME_CONVERT_H_

#include <memory>
#include <optional>
#include <string_view>

#include "core/game.h"
#include "importers/sgf/sgf_charset.h"
#include "importers/sgf/sgf_tree_builder.h"

namespace ludex {

// Converts the raw games of one file, one after another. What games of a
// file share is kept from game to game: scratch arrays, and the rules, move
// decoder and property lookups of the last game's kind (the games of a
// collection are nearly always of one kind), so that converting a game
// allocates little more than what the game keeps. Not thread-safe: one per
// file being read.
class SgfGameConverter {
 public:
  // `file` must outlive the converter.
  explicit SgfGameConverter(const SgfFileText& file);
  ~SgfGameConverter();
  SgfGameConverter(const SgfGameConverter&) = delete;
  SgfGameConverter& operator=(const SgfGameConverter&) = delete;

  // Converts `raw` (its warnings are moved out; the rest is only read).
  // Never fails: what cannot be understood is kept verbatim and reported in
  // GameRecord::warnings.
  GameRecord convert(RawSgfGame& raw);

  struct Shared;  // internal

 private:
  std::unique_ptr<Shared> shared_;
};

// An SGF Real ("0.5", "-12", "+3.25"): optional sign, digits, optional
// fraction. nullopt for anything else, including exponents, "inf" and "nan".
// ludex's private SGF property for a game-tree evaluation (binary 'r' or
// version-1 'v', on the -10000..10000 scale from seat 1's side), so that a
// game converted from the binary format keeps its evaluations in SGF:
// GTR[-250], GTR[undetermined].
inline constexpr std::string_view kGameTreeValueId = "GTR";
inline constexpr std::string_view kUndeterminedValue = "undetermined";

// The Evaluation a GTR value stands for; nullopt if it is neither an integer
// in -10000..10000 nor "undetermined".
std::optional<Evaluation> parse_game_tree_value(std::string_view text);

std::optional<double> parse_sgf_real(std::string_view text);

}  // namespace ludex

#endif  // LUDEX_IMPORTERS_SGF_SGF_GAME_CONVERT_H_
