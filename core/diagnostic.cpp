#include "core/diagnostic.h"

namespace ludex {

std::string SourcePos::to_string() const {
  if (line > 0) {
    return "line " + std::to_string(line) + ", column " + std::to_string(column);
  }
  if (byte_offset >= 0) return "byte offset " + std::to_string(byte_offset);
  return {};
}

std::string Diagnostic::to_string() const {
  std::string out;
  if (game_index >= 0) out += "game " + std::to_string(game_index);
  std::string where = pos.to_string();
  if (!where.empty()) {
    if (!out.empty()) out += ", ";
    out += where;
  }
  if (!out.empty()) out += ": ";
  out += (severity == Severity::kWarning ? "warning: " : "") + message;
  return out;
}

}  // namespace ludex
