// Arbitrary bytes as move values: decoding never crashes, whatever decodes is
// written back by encode_sgf_move to something that decodes to the same move
// (encode is the inverse of decode on decode's whole range), and a spelling
// the decoder calls standard is exactly what encode writes.
#include <catch2/catch.hpp>

#include <memory>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "games/family_rules.h"

namespace ludex {
namespace {

struct Dialect {
  Family family;
  std::string dialect;
  std::string variant;
  std::int32_t size;
  std::vector<std::string> ids;
};

std::string random_value(std::mt19937& rng) {
  // Mostly bytes that occur in move values, sometimes anything.
  static const std::string kAlphabet = "abcdefghijklmnopqrstuvwxyzABKZ0123456789,'*-/\\| tw";
  std::uniform_int_distribution<int> length(0, 9);
  std::uniform_int_distribution<int> pick(0, static_cast<int>(kAlphabet.size()) - 1);
  std::uniform_int_distribution<int> any_byte(0, 255);
  std::uniform_int_distribution<int> coin(0, 9);
  std::string out;
  const int n = length(rng);
  for (int i = 0; i < n; ++i) {
    out.push_back(coin(rng) == 0 ? static_cast<char>(any_byte(rng))
                                 : kAlphabet[static_cast<std::size_t>(pick(rng))]);
  }
  return out;
}

TEST_CASE("random values: no crash, and encode inverts decode", "[games]") {
  const std::vector<Dialect> dialects = {
      {Family::kHex, "sgf", "11", 11, {"B", "W"}},
      {Family::kHex, "littlegolem", "", 13, {"B", "W"}},
      {Family::kTwixt, "sgf", "21", 24, {"W", "B"}},
      {Family::kTwixt, "littlegolem", "", 48, {"b", "r"}},
      {Family::kGo, "sgf", "1", 19, {"B", "W"}},
      {Family::kGo, "sgf", "1", 52, {"B", "W"}},
      {Family::kGo, "littlegolem", "", 37, {"B", "W"}},
      {Family::kBlokus, "pentobi", "Blokus Duo", 14, {"B", "W", "1", "GREEN"}},
      {Family::kBlokus, "pentobi", "Blokus Two-Player", 20, {"1", "2", "3", "4"}},
      {Family::kOther, "sgf", "3", 8, {"B", "W"}},
  };
  std::mt19937 rng(20261122);
  std::uniform_int_distribution<int> value_count(0, 3);
  std::size_t decoded = 0;
  std::size_t standard = 0;
  for (const Dialect& d : dialects) {
    SgfGameKind kind;
    kind.family = d.family;
    kind.dialect = d.dialect;
    kind.variant = d.variant;
    kind.columns = d.size;
    kind.rows = d.size;
    const FamilyRules& rules = rules_for(d.family);
    const SgfMoveContext ctx{&kind};
    const std::unique_ptr<const SgfMoveDecoder> decoder = rules.move_decoder(kind);
    for (int round = 0; round < 4000; ++round) {
      for (const std::string& id : d.ids) {
        std::vector<std::string> values;
        const int n = value_count(rng);
        for (int i = 0; i < n; ++i) values.push_back(random_value(rng));
        const Result<Move> move = rules.decode_sgf_move(ctx, id, values);
        if (!move.ok()) {
          CHECK_FALSE(move.error().message.empty());
          continue;
        }
        ++decoded;
        const Property written = rules.encode_sgf_move(kind, *move);
        const Result<Move> again = rules.decode_sgf_move(ctx, written.id, written.values);
        INFO(family_name(d.family) << " " << d.dialect << " " << id << " -> " << written.id);
        REQUIRE(again.ok());
        CHECK(*again == *move);
        // A spelling called standard is exactly what encode writes (so a
        // reader may drop it), and what encode writes is called standard.
        const std::vector<std::string_view> views(values.begin(), values.end());
        if (decoder->is_standard_spelling(id, views, *move)) {
          ++standard;
          CHECK(written.id == id);
          CHECK(std::vector<std::string>(written.values.begin(), written.values.end()) == values);
        }
        const std::vector<std::string_view> written_views(written.values.begin(),
                                                          written.values.end());
        CHECK(decoder->is_standard_spelling(written.id, written_views, *again));
      }
    }
  }
  CHECK(decoded > 1000);
  CHECK(standard > 100);
}

}  // namespace
}  // namespace ludex
