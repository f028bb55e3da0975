// Pieces shared by the query functions (find_games, find_nodes,
// explore_position, the position plans): the WHERE fragments of a GameFilter, parameter binding,
// and reading a GameHit. For code in schema/ only.
//
// Every query is assembled from fixed SQL fragments; user text only ever
// travels as a bound parameter.
#ifndef LUDEX_SCHEMA_SEARCH_QUERY_SUPPORT_H_
#define LUDEX_SCHEMA_SEARCH_QUERY_SUPPORT_H_

#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include "schema/game_filter.h"

namespace ludex {

// A WHERE clause under construction: fixed SQL fragments, and the values of
// their '?' parameters in order of appearance.
struct Condition {
  std::string sql;
  std::vector<std::variant<std::int64_t, double, std::string>> params;

  void add(const char* fragment) { sql += fragment; }
  void text(std::string value) { params.emplace_back(std::move(value)); }
  void integer(std::int64_t value) { params.emplace_back(value); }
  void real(double value) { params.emplace_back(value); }
  // Appends another condition's fragments and parameters.
  void append(const Condition& other);
};

// The conditions of a game filter (its limit aside), each " AND ..." on the
// table alias g (games).
Condition game_condition(const GameFilter& filter);

// " ORDER BY ..." for filter.order and filter.descending over games AS g,
// ending with g.game_id and then `tail` (e.g. ", n.node_id"; "" for none).
std::string order_clause(const GameFilter& filter, const char* tail);

// The game of node n (nodes AS n): the game whose node range starts last
// at or before it (games_by_first_node). Nodes do not store their game
// (docs/schema.md, "nodes"). Of two games with the same first node id, the
// first holds no node: the later one is meant.
extern const char* const kGameOfNode;

// "(SELECT ...)": the player_ids of the players whose folded name matches
// the GLOB pattern bound to its one parameter, with every name of their
// identities: each match's canonical name (player_aliases) and that
// name's aliases.
extern const char* const kPlayerIdsMatching;

// The first seat's player name, case-folded, of games AS g: the key of
// GameOrder::kPlayer; NULL for a game without players.
extern const char* const kFirstPlayer;

// Appends the conditions that node n holds one of `hashes` (requires at
// least one) and is found through node_hashes AS nh, which the FROM clause
// must name before nodes AS n (CROSS JOIN): nh's primary key drives.
void add_hash_lookup(Condition& c, const std::vector<std::uint64_t>& hashes);
// Appends the condition that node n's position hash is one of `hashes`
// (requires at least one), compared on the row: for nodes that something
// else gives (comments, one game's range).
void add_hash_filter(Condition& c, const std::vector<std::uint64_t>& hashes);

// Binds params to parameters first, first + 1, ...; returns the next free
// parameter number.
int bind_params(SQLite::Statement& st, const Condition& c, int first = 1);

// The select list of a GameHit over games AS g; read_game_columns() reads it
// from column `first` on. Players are read separately (PlayerReader).
extern const char* const kGameHitColumns;
void read_game_columns(const SQLite::Statement& st, int first, GameHit& hit);

// The players of a game, in seat order: one statement, prepared once and
// re-bound per game.
class PlayerReader {
 public:
  explicit PlayerReader(SQLite::Database& db);
  void read(std::int64_t game_id, std::vector<SeatPlayer>& out);

 private:
  SQLite::Statement st_;
};

// A whole GameHit by game id: two statements, prepared once.
class GameHitReader {
 public:
  explicit GameHitReader(SQLite::Database& db);
  // Fills hit; false if there is no such game.
  bool read(std::int64_t game_id, GameHit& hit);

 private:
  SQLite::Statement game_;
  PlayerReader players_;
};

// The "detail" column of EXPLAIN QUERY PLAN for sql, with c's parameters
// bound.
std::vector<std::string> explain_plan(SQLite::Database& db, const std::string& sql,
                                      const Condition& c);

}  // namespace ludex

#endif  // LUDEX_SCHEMA_SEARCH_QUERY_SUPPORT_H_
