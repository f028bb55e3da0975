// A visit of the opening explorer as text, for tests that compare visits:
// every field a visit carries, its moves by their key fields.
#ifndef LUDEX_TESTS_UNIT_SCHEMA_VISIT_TEXT_H_
#define LUDEX_TESTS_UNIT_SCHEMA_VISIT_TEXT_H_

#include <cstdint>
#include <string>

#include "schema/explorer/explorer_store.h"

namespace ludex::test {

inline std::string visit_text(std::uint64_t key, const OwnedVisit& v) {
  std::string out = std::to_string(key) + " g" + std::to_string(v.game_id) + " " + v.variant + "/" +
                    v.date + " w" + std::to_string(v.winner) + " n" + std::to_string(v.nodes);
  for (const MoveVisit& m : v.moves) {
    out += " [" + std::to_string(m.move->seat) + "," + std::to_string(m.move->color) + "," +
           std::to_string(static_cast<int>(m.move->kind)) + "," + m.move->piece;
    for (const Point& p : m.move->points) {
      out += " " + std::to_string(p.x) + ":" + std::to_string(p.y);
    }
    out += " x" + std::to_string(m.count) + " c" + std::to_string(m.child);
    if (m.has_eval) {
      out += " e" + std::to_string(static_cast<int>(m.eval.source)) + "=" +
             std::to_string(m.eval.value);
    }
    out += "]";
  }
  return out;
}

}  // namespace ludex::test

#endif  // LUDEX_TESTS_UNIT_SCHEMA_VISIT_TEXT_H_
