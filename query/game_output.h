// How found games are written: JSON Lines for machines, a table for people.
#ifndef LUDEX_QUERY_GAME_OUTPUT_H_
#define LUDEX_QUERY_GAME_OUTPUT_H_

#include <nlohmann/json.hpp>

#include <iosfwd>
#include <string>

#include "schema/game_query.h"

namespace ludex {

// {"game_id","file","game_index","family","variant","players":[{"seat","name"}],
//  "result","winner","date","event","moves"}
nlohmann::json game_hit_json(const GameHit& hit);

// j serialised on one line; invalid UTF-8 (raw bytes kept from a source
// file) is replaced by U+FFFD instead of throwing.
std::string json_line(const nlohmann::json& j);

// One readable line per game, aligned in columns; write_table_header first.
void write_table_header(std::ostream& out);
void write_table_row(std::ostream& out, const GameHit& hit);

}  // namespace ludex

#endif  // LUDEX_QUERY_GAME_OUTPUT_H_
