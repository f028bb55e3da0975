// Player identity: the aliases `ludex players merge KEEP OTHER` records
// (player_aliases, schema/sql/012_players.sql) and undoes. Names stay as
// written in players; an alias says that OTHER is the same person as KEEP,
// and every --player filter then matches both (schema/search/
// query_support.h, kPlayerIdsMatching). Aliases are kept by name, so they
// outlive re-imports, --prune and --dedupe, and `ludex merge` copies them.
//
// Thread-safety: a PlayerAliases belongs to its connection's thread.
#ifndef LUDEX_SCHEMA_PLAYERS_PLAYER_ALIASES_H_
#define LUDEX_SCHEMA_PLAYERS_PLAYER_ALIASES_H_

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/diagnostic.h"
#include "schema/database.h"

namespace ludex {

struct AliasChange {
  std::string canonical;             // the name the aliases now point at
  std::vector<std::string> aliases;  // the names whose row was written or deleted
};

// One alias row: `name` is an alias of `canonical`.
struct PlayerAlias {
  std::string name;
  std::string canonical;
  friend bool operator==(const PlayerAlias&, const PlayerAlias&) = default;
};

// A likely same person: names that fold to the same key (suggestion_key).
struct AliasSuggestion {
  std::string key;                  // the folded name they share
  std::vector<std::string> names;   // as written, by name; at least two
  std::vector<std::int64_t> games;  // each name's games, in the order of names
};

// Case, space and punctuation folded away (fold_case, then only letters
// and digits kept, whatever their script): "Lee  Sedol", "lee-sedol" and
// "LEE SEDOL" share "leesedol".
std::string suggestion_key(std::string_view name);

class PlayerAliases {
 public:
  // Requires db to outlive this object (read-write for merge and unmerge).
  explicit PlayerAliases(Database& db);
  ~PlayerAliases();
  PlayerAliases(const PlayerAliases&) = delete;
  PlayerAliases& operator=(const PlayerAliases&) = delete;

  // Makes `other` and every name of its identity aliases of `keep`'s
  // canonical name, in one transaction. Each name is a player's name as
  // written (a players row or an alias row), or a case-insensitive match of
  // exactly one. Errors (nothing changed): an unknown or ambiguous name, a
  // player merged into itself, `keep` an alias of `other`, the two already
  // one identity. The two identities' kept totals are counted again in the
  // same transaction (schema/players/player_totals.h).
  Result<AliasChange> merge(const std::string& keep, const std::string& other);
  // Deletes the alias row of `other` (which is found as merge finds names):
  // it is its own player again. Errors (nothing changed): an unknown name,
  // a name that is no alias (a canonical name lists its aliases). Counts
  // the kept totals of both identities again, as merge does.
  Result<AliasChange> unmerge(const std::string& other);

  // The name as stored that `given` names: itself when a players or alias
  // row has it, else the one name that matches it case-insensitively. An
  // Error for none or several (nothing is read from the filters).
  Result<std::string> find_name(const std::string& given);

  // Every alias row, by canonical name, then name.
  std::vector<PlayerAlias> list();
  // The canonical name of `name` (itself when it is no alias) and its
  // aliases, by name.
  std::pair<std::string, std::vector<std::string>> identity(const std::string& name);
  // The groups of stored names (players rows) that share a suggestion_key
  // and are not all one identity already, by key; each with every name's
  // games.
  std::vector<AliasSuggestion> suggestions();

  // Adds the rows of `source` (a database at kSchemaVersion) to this one
  // (`ludex merge`): a row whose name this database has already made an
  // alias, or whose name is canonical here, is kept as this database has it
  // and returned. Requires an open transaction. The names of the rows added
  // wait in player_totals_stale for GameStore::refresh_player_totals.
  std::vector<PlayerAlias> copy_from(Database& source);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace ludex

#endif  // LUDEX_SCHEMA_PLAYERS_PLAYER_ALIASES_H_
