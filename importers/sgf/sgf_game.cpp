#include "importers/sgf/sgf_game.h"

#include <algorithm>

#include "importers/sgf/sgf_charset.h"
#include "importers/sgf/sgf_game_convert.h"
#include "importers/sgf/sgf_reader.h"
#include "importers/sgf/sgf_tree_builder.h"
#include "importers/text/charset.h"

namespace ludex {
namespace {

// How much of a UTF-16 file looks_like_sgf converts to look at.
constexpr std::size_t kUtf16ProbeBytes = 64 * 1024;

}  // namespace

bool looks_like_sgf(std::string_view bytes) {
  const BomInfo bom = detect_bom(bytes);
  std::string converted;
  std::string_view text = bytes.substr(bom.length);
  if (bom.bom == ByteOrderMark::kUtf16Le || bom.bom == ByteOrderMark::kUtf16Be) {
    std::string_view head = text.substr(0, std::min(text.size(), kUtf16ProbeBytes));
    head = head.substr(0, head.size() & ~static_cast<std::size_t>(1));
    converted = convert_to_utf8_lossy(head, utf16_charset(bom.bom));
    text = converted;
  }
  const std::size_t start = find_sgf_game_start(text);
  if (start == std::string_view::npos) return false;
  // SGF is text: a zero byte before the first game means binary data that
  // happens to contain "(;".
  return text.substr(0, start).find('\0') == std::string_view::npos;
}

SgfParseOutput read_sgf_games(std::string_view bytes) {
  SgfParseOutput out;
  read_sgf_games(
      bytes, [&out](GameRecord&& game) { out.games.push_back(std::move(game)); },
      [&out](Diagnostic&& d) { out.diagnostics.push_back(std::move(d)); });
  return out;
}

void read_sgf_games(std::string_view bytes, const std::function<void(GameRecord&&)>& on_game,
                    const std::function<void(Diagnostic&&)>& on_error) {
  const SgfFileText file = prepare_sgf_text(bytes);
  SgfGameConverter converter(file);
  // The reader's positions are in file.text(); what leaves here is located
  // in `bytes`.
  SgfSourceMap source(file);
  // The tree builder appends errors as it meets them; passing them on before
  // each game keeps errors and games in file order.
  std::vector<Diagnostic> errors;
  auto pass_errors = [&errors, &on_error, &source] {
    for (Diagnostic& d : errors) {
      source.map(d.pos);
      on_error(std::move(d));
    }
    errors.clear();
  };
  const std::int32_t count = build_sgf_trees(
      file.text(),
      [&](RawSgfGame& raw) {
        pass_errors();
        GameRecord game = converter.convert(raw);
        source.map(game);
        on_game(std::move(game));
      },
      errors);
  pass_errors();
  if (count == 0) {
    on_error(error_at(-1, at_byte(0), "no SGF game tree found (a '(' followed by ';')"));
  }
}

}  // namespace ludex
