// Per-family knowledge needed to read and write game records: how a dialect
// names seats, points and special moves. Position rules (captures, links,
// legality, hashing) join this interface in a later stage.
//
// All functions are pure and thread-safe: the rules objects are immutable
// singletons.
#ifndef LUDEX_GAMES_FAMILY_RULES_H_
#define LUDEX_GAMES_FAMILY_RULES_H_

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostic.h"
#include "core/game.h"
#include "core/game_tree.h"

namespace ludex {

// What an SGF game is, decided from its content (root properties and the
// first move properties), never from the file name.
struct SgfGameKind {
  Family family = Family::kOther;
  // "sgf" (the family's standard SGF: HexGui GM[11], Twixt GM[21], Go GM[1],
  // any other GM), "littlegolem" (Little Golem exports without GM), "pentobi".
  std::string dialect;
  // Blokus: the exact GM string, e.g. "Blokus Duo". Others: the GM value as
  // written ("" when absent).
  std::string variant;
  std::int32_t columns = 0;  // from SZ, else the family's default
  std::int32_t rows = 0;
  std::string application;  // AP value ("HexGui:0.9"), "" when absent
  std::string ruleset;      // RU value, "" when absent
  // Why a root value was not used ("SZ[a] is not a board size; using the
  // default 19x19"), "" when all was understood. The game is still readable;
  // callers may report this as a warning.
  std::string warning;
  friend bool operator==(const SgfGameKind&, const SgfGameKind&) = default;
};

// A Little Golem export (dialect "littlegolem"), whatever its family.
inline bool is_little_golem(const SgfGameKind& kind) {
  return kind.dialect == "littlegolem";
}

// Input to detect_sgf_kind: the root node's properties and the ids of the move
// properties that appear in the game (in file order; may be truncated).
struct SgfKindInput {
  const std::vector<Property>* root_props = nullptr;
  // Property ids of the first few non-root nodes, in file order, with an
  // empty id between one node's ids and the next's (a node's own order does
  // not count: export writes a node's moves before its other properties);
  // viewing text that outlives the call.
  std::span<const std::string_view> first_prop_ids;
};

// Rules: GM[1] or no GM -> go; GM[11] or a Little Golem hex record -> hex;
// GM[21] or a Little Golem twixt record -> twixt; one of the 18 Pentobi GM
// strings -> blokus; any other GM -> other.
// Details: GM is trimmed and read without leading zeros ("GM[ 011]" is hex);
// Pentobi strings match ignoring case and extra spaces, and variant is then
// Pentobi's spelling. Without GM, Little Golem records are told apart by
// lowercase b / r moves (twixt), EV words (hex.*, twixt.*, ut.hex.*) and,
// for EV[null], by SO[..littlegolem..] without Go signs (KM, HA, AB, AW) and
// a first move that is not B (hex); Go from Little Golem gets dialect
// "littlegolem" (its points are LG bytes). Sizes: SZ "n" or "c:r"; defaults
// go 19, hex 11, twixt 24, other 0 (unknown); blokus always the variant's
// board (games/blokus_points.h). games/sgf_kind.cpp has the reasons.
// input.root_props may be null (no root properties).
SgfGameKind detect_sgf_kind(const SgfKindInput& input);

// The board side a family's SGF means without SZ: go 19, hex 11 (HexGui),
// twixt 24 (the Twixt SGF spec); 0 for blokus (the variant fixes it) and
// other games.
std::int32_t default_board_side(Family family);

// The game a single move is decoded for (FamilyRules::decode_sgf_move).
struct SgfMoveContext {
  const SgfGameKind* kind = nullptr;
};

// The move decoder of one game: what depends only on the game's kind (the
// dialect, the board size, a Blokus variant, an old HexGui's swap meaning)
// is worked out once when it is made (FamilyRules::move_decoder), not per
// move, since a parsed archive has millions of moves. Immutable: decode may
// be called from several threads at once.
class SgfMoveDecoder {
 public:
  virtual ~SgfMoveDecoder() = default;

  // Decodes one move property into *move, which the caller passes
  // default-constructed. values are the raw bytes of the values, as between
  // '[' and ']' in the file: SGF escapes still in (the decoders remove them;
  // a Twixt "\i'4" keeps its backslash, the spec's falling-link sign), no
  // charset conversion (Little Golem coordinates past 'z' are bytes
  // 0x7B..0xFF; a Latin-1 -> UTF-8 converted copy is accepted too). Returns
  // nullopt when the move decoded. A value that does not parse, a property
  // that is not a move in this dialect, or a point off the board gives an
  // Error whose message names the value (its pos is left for the caller to
  // fill); *move is then unspecified. Never throws.
  virtual std::optional<Error> decode(std::string_view id, std::span<const std::string_view> values,
                                      Move* move) const = 0;

  // True if FamilyRules::encode_sgf_move, for this decoder's kind, writes
  // `move` exactly as `id` and `values` (raw, as decode took them): a reader
  // then need not keep the spelling, since writing the move gives it back.
  // Requires that decode(id, values) gave `move`.
  virtual bool is_standard_spelling(std::string_view id, std::span<const std::string_view> values,
                                    const Move& move) const = 0;

  // Called once a game's whole tree is read: decides what a move's own value
  // leaves to its context (hex: whether a swap spelled "swap-pieces" keeps
  // the stone or reflects it depends on who moves next, docs/formats.md) and
  // changes those moves in place. A move whose kind changes keeps its
  // spelling in move_props where writing the changed move would not give it
  // back, so export still writes the file's bytes. Requires a tree this
  // decoder's decode() filled (move_props no longer than moves). Default:
  // nothing to decide.
  virtual void resolve_in_context(GameTree& /*tree*/) const {}
};

// Per-family SGF vocabulary.
class FamilyRules {
 public:
  virtual ~FamilyRules() = default;
  virtual Family family() const = 0;

  // True if `id` (as written, case preserved) is a move property in this
  // dialect (e.g. B, W; b, r for Little Golem Twixt; 1..4, BLUE.. for Blokus).
  virtual bool is_move_property(const SgfGameKind& kind, std::string_view id) const = 0;

  // The decoder of the moves of a game of `kind`. The decoder keeps no
  // reference to `kind`.
  virtual std::unique_ptr<const SgfMoveDecoder> move_decoder(const SgfGameKind& kind) const = 0;

  // Decodes one move property, as SgfMoveDecoder::decode does, with a
  // decoder made for ctx.kind (or, if that is null, for the family's
  // standard SGF dialect at its default size). For single moves (tools,
  // tests); a reader of whole games makes one decoder per game.
  Result<Move> decode_sgf_move(const SgfMoveContext& ctx, std::string_view id,
                               const PropertyValues& values) const;

  // The inverse of decode_sgf_move for the dialect in kind: the property id
  // and values that write `move`, so that decoding them gives `move` back
  // for every move decode_sgf_move can produce. The values are in file form,
  // to be written as they are (no escaping needed). Uses move.seat (and
  // move.color for blokus) to choose the property; raw_bytes is set when a
  // value is not ASCII. Kinds a dialect cannot spell are written by
  // move_kind_name and do not decode. kOther returns an empty Property.
  virtual Property encode_sgf_move(const SgfGameKind& kind, const Move& move) const = 0;

  // The root properties that name the players, with their seats, in this
  // dialect (e.g. go: {PB,1},{PW,2}; GM[21] twixt: {PW,1},{PB,2}). By
  // default Black's, seat 1, then White's.
  virtual std::vector<std::pair<std::string, std::int8_t>> player_properties(
      const SgfGameKind& kind) const;

  // The seat that won according to an RE value in this dialect; 0 for a
  // draw, no result or an unknown value. By default B is seat 1
  // (black_first_winner, games/sgf_values.h).
  virtual std::int8_t winner_from_result(const SgfGameKind& kind, std::string_view result) const;
};

// The rules for a family. kOther has rules too: it knows no move properties.
const FamilyRules& rules_for(Family family);

}  // namespace ludex

#endif  // LUDEX_GAMES_FAMILY_RULES_H_
