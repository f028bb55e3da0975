#include "importers/game_file.h"

#include <algorithm>

#include "importers/gtv/gtv_game.h"
#include "importers/sgf/sgf_game.h"
#include "importers/t1/t1_game.h"

namespace ludex {
namespace {

// A short description of unrecognised content, so that the error says what
// the file looks like rather than only what it is not.
std::string describe_content(std::string_view bytes) {
  if (bytes.empty()) return "empty file";
  const std::size_t head = std::min<std::size_t>(bytes.size(), 4096);
  std::size_t control = 0;
  for (std::size_t i = 0; i < head; ++i) {
    const auto c = static_cast<unsigned char>(bytes[i]);
    if (c == 0 || (c < 0x20 && c != '\n' && c != '\r' && c != '\t' && c != '\f')) ++control;
  }
  if (control > 0) return "binary data, not a game file this version reads";
  return "plain text with no SGF game tree '(;' in it";
}

}  // namespace

ParsedFile parse_game_file(std::string_view bytes) {
  ParsedFile out;
  // The binary check comes first: "(;" may occur inside a binary file's names
  // or comments, while a game-tree header never looks like text.
  if (looks_like_gtv(bytes)) {
    GtvParseOutput gtv = read_gtv_game(bytes);
    out.format = "gtv";
    if (gtv.game) out.games.push_back(std::move(*gtv.game));
    out.diagnostics = std::move(gtv.diagnostics);
    return out;
  }
  if (looks_like_sgf(bytes)) {
    SgfParseOutput sgf = read_sgf_games(bytes);
    out.format = "sgf";
    out.games = std::move(sgf.games);
    out.diagnostics = std::move(sgf.diagnostics);
    return out;
  }
  if (looks_like_t1(bytes)) {
    T1ParseOutput t1 = read_t1_game(bytes);
    out.format = "t1";
    if (t1.game) out.games.push_back(std::move(*t1.game));
    out.diagnostics = std::move(t1.diagnostics);
    return out;
  }
  Diagnostic d;
  d.severity = Severity::kError;
  d.game_index = -1;
  d.pos.byte_offset = 0;
  d.message = "not a recognised game file: " + describe_content(bytes);
  out.diagnostics.push_back(std::move(d));
  return out;
}

}  // namespace ludex
