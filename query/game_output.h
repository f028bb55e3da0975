// How found games and nodes are written: JSON Lines and CSV for machines, a
// table for people. docs/queries.md shows every format.
#ifndef LUDEX_QUERY_GAME_OUTPUT_H_
#define LUDEX_QUERY_GAME_OUTPUT_H_

#include <nlohmann/json_fwd.hpp>

#include <cstdint>
#include <iosfwd>
#include <string>
#include <string_view>

#include "core/zobrist.h"  // position_hash_text, for the callers of these outputs
#include "schema/game_query.h"
#include "schema/position_query.h"
#include "schema/stats.h"

namespace ludex {

// {"game_id","file","game_index","family","variant","players":[{"seat","name"}],
//  "result","winner","date","event","moves"}, plus "duplicate_of" when the
// game repeats an earlier one's moves.
nlohmann::json game_hit_json(const GameHit& hit);

// The optional columns of node hits, the same for every hit of a query.
struct NodeColumns {
  bool comment = false;      // the comment snippet (a comment search)
  bool evaluations = false;  // the evaluations met, with their sources
};
// The columns a filter's hits carry: a comment search shows the snippet, an
// evaluation condition the evaluations that meet it.
NodeColumns node_columns(const NodeFilter& filter);

// The game's fields and "node_id", "move_number", "depth", "main_line",
// "position_hash" (16 lowercase hex digits, null when none is stored),
// "comment" (the snippet) with columns.comment, and "evaluations" (an array
// of {"source","value","swing"}; swing null when the parent has no
// evaluation of that source) with columns.evaluations.
nlohmann::json node_hit_json(const NodeHit& hit, NodeColumns columns);

// {"files","archives","games","nodes","moves","players","errors","warnings",
//  "duplicates","games_by_family":{...},"schema_version"}: `ludex info --json`
// and GET /api/info. Members of archives count as files, archives apart.
nlohmann::json info_json(const DbInfo& info);

// j serialised on one line; invalid UTF-8 (raw bytes kept from a source
// file) is replaced by U+FFFD instead of throwing.
std::string json_line(const nlohmann::json& j);

// One readable line per game, aligned in columns; write_table_header first.
void write_table_header(std::ostream& out);
void write_table_row(std::ostream& out, const GameHit& hit);

// One readable line per node; write_node_table_header first.
// With columns.evaluations, a column "evaluations": "sabaki 55.2, gametree
// 1200" (each source's name and value).
void write_node_table_header(std::ostream& out, NodeColumns columns);
void write_node_table_row(std::ostream& out, const NodeHit& hit, NodeColumns columns);

// CSV (RFC 4180: fields with a comma, quote, CR or LF are quoted, quotes
// doubled; CRLF line ends), a header row first. Players are the columns
// player1..player4 (empty where the game has fewer seats).
void write_csv_header(std::ostream& out);
void write_csv_row(std::ostream& out, const GameHit& hit);
// With columns.evaluations, a column "evaluations": "sabaki:55.2;gametree:1200".
void write_node_csv_header(std::ostream& out, NodeColumns columns);
void write_node_csv_row(std::ostream& out, const NodeHit& hit, NodeColumns columns);

// One CSV field, quoted when it has to be.
std::string csv_field(std::string_view text);

}  // namespace ludex

#endif  // LUDEX_QUERY_GAME_OUTPUT_H_
