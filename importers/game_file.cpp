#include "importers/game_file.h"

#include <algorithm>
#include <optional>

#include "importers/gib/gib_game.h"
#include "importers/gtv/gtv_game.h"
#include "importers/ngf/ngf_game.h"
#include "importers/sgf/sgf_game.h"
#include "importers/t1/t1_game.h"
#include "importers/ugf/ugf_game.h"

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

// Hands on what a reader of one game per file gave: its errors, then its game.
void pass_on(std::optional<GameRecord>& game, std::vector<Diagnostic>& diagnostics,
             const std::function<void(GameRecord&&)>& on_game,
             const std::function<void(Diagnostic&&)>& on_error) {
  for (Diagnostic& d : diagnostics) on_error(std::move(d));
  if (game) on_game(std::move(*game));
}

}  // namespace

std::string_view game_file_format(std::string_view bytes) {
  // The binary check comes first: "(;" may occur inside a binary file's names
  // or comments, while a game-tree header never looks like text.
  if (looks_like_gtv(bytes)) return "gtv";
  // Go servers' records start with their own fixed markers, checked before
  // SGF: their comments and names may contain "(;".
  if (looks_like_gib(bytes)) return "gib";
  if (looks_like_ugf(bytes)) return "ugf";
  if (looks_like_ngf(bytes)) return "ngf";
  if (looks_like_sgf(bytes)) return "sgf";
  if (looks_like_t1(bytes)) return "t1";
  return "";
}

std::string_view parse_game_file(std::string_view bytes,
                                 const std::function<void(GameRecord&&)>& on_game,
                                 const std::function<void(Diagnostic&&)>& on_error) {
  const std::string_view format = game_file_format(bytes);
  if (format == "gtv") {
    GtvParseOutput gtv = read_gtv_game(bytes);
    pass_on(gtv.game, gtv.diagnostics, on_game, on_error);
  } else if (format == "gib") {
    GoServerGame gib = read_gib_game(bytes);
    pass_on(gib.game, gib.diagnostics, on_game, on_error);
  } else if (format == "ngf") {
    GoServerGame ngf = read_ngf_game(bytes);
    pass_on(ngf.game, ngf.diagnostics, on_game, on_error);
  } else if (format == "ugf") {
    GoServerGame ugf = read_ugf_game(bytes);
    pass_on(ugf.game, ugf.diagnostics, on_game, on_error);
  } else if (format == "sgf") {
    read_sgf_games(bytes, on_game, on_error);
  } else if (format == "t1") {
    T1ParseOutput t1 = read_t1_game(bytes);
    pass_on(t1.game, t1.diagnostics, on_game, on_error);
  } else {
    Diagnostic d;
    d.severity = Severity::kError;
    d.game_index = -1;
    d.pos.byte_offset = 0;
    d.message = "not a recognised game file: " + describe_content(bytes);
    on_error(std::move(d));
  }
  return format;
}

ParsedFile parse_game_file(std::string_view bytes) {
  ParsedFile out;
  out.format = parse_game_file(
      bytes, [&out](GameRecord&& game) { out.games.push_back(std::move(game)); },
      [&out](Diagnostic&& d) { out.diagnostics.push_back(std::move(d)); });
  return out;
}

}  // namespace ludex
