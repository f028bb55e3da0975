// The SGF tokeniser: a streaming reader over the bytes of an SGF file or
// collection that reports what it reads, with positions, to a handler.
//
// It knows SGF syntax only (no property meanings, no charsets): values are
// reported as raw bytes, escapes unresolved. It accepts what real files do:
// text before, between and after games; white space between any tokens;
// property ids of letters and digits in any case; an empty trailing node
// ";)"; a missing ';' before a game's first properties (warned); an empty
// variation "()" (warned, skipped); and an unescaped ']' inside a value as
// Little Golem writes names ("PW[Shumacher;]]"): a ']' ends a value only when
// what follows it (after white space) can follow a value -- '[', ';', '(',
// ')', the end of the input, or a property id followed by '[' -- and no '['
// comes before the ']' that does end it.
//
// Errors lose the game they are in and nothing else: after an error the
// reader skips to the end of the broken game, or to the next line that starts
// a game, and goes on. Memory and time are linear in the input, nesting depth
// costs no stack, and no input makes it throw, crash or hang.
#ifndef LUDEX_IMPORTERS_SGF_SGF_READER_H_
#define LUDEX_IMPORTERS_SGF_SGF_READER_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostic.h"

namespace ludex {

// Receives the reader's events in file order. Positions are byte offsets and
// 1-based lines and columns (columns count bytes; CR, LF and CRLF each end a
// line). string_views point into the input and stay valid as long as it does.
//
// Each game is begin_tree(0) ... then either end_tree(0) or error(); inside,
// begin_tree(d)/end_tree(d) for d >= 1 bracket variations, begin_node starts
// a node, property reports one property of the current node.
class SgfEventHandler {
 public:
  virtual ~SgfEventHandler() = default;
  virtual void begin_tree(std::int32_t depth, const SourcePos& pos) = 0;
  virtual void end_tree(std::int32_t depth, const SourcePos& pos) = 0;
  virtual void begin_node(const SourcePos& pos) = 0;
  // id as written; values are the bytes between '[' and ']', raw.
  virtual void property(std::string_view id, const std::vector<std::string_view>& values,
                        const SourcePos& pos) = 0;
  // Something doubtful that the reader got past, in the current game.
  virtual void warning(const SourcePos& pos, std::string message) = 0;
  // A syntax error: the current game is abandoned (no end_tree follows).
  virtual void error(const SourcePos& pos, std::string message) = 0;
  // Polled after each game and before each node; true stops the reader (to
  // probe a file's head). A game cut short this way gets no further events.
  virtual bool stop() const { return false; }
};

// Reads all of `bytes`, reporting to `handler`.
void read_sgf_events(std::string_view bytes, SgfEventHandler& handler);

// True if bytes[i] is '(' that starts a game: '(' then optional white space
// then ';', or then a property id of two or more letters starting with a
// capital, and '['
// (a game whose ';' is missing, as Nihon Ki-in files have it).
bool sgf_game_starts_at(std::string_view bytes, std::size_t i);

// The offset of the first '(' that starts a game, or npos.
std::size_t find_sgf_game_start(std::string_view bytes);

}  // namespace ludex

#endif  // LUDEX_IMPORTERS_SGF_SGF_READER_H_
