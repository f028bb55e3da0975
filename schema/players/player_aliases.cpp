#include "schema/players/player_aliases.h"

#include <algorithm>
#include <map>
#include <optional>

#include <SQLiteCpp/Statement.h>

#include "core/text_fold.h"
#include "schema/db/statement_util.h"
#include "schema/db/transaction.h"
#include "schema/players/player_totals.h"

namespace ludex {
namespace {

bool is_ascii_alnum(unsigned char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

// Punctuation and spaces outside ASCII that names are written with.
constexpr std::string_view kUnicodeSeparators[] = {
    "\xE3\x80\x80",  // U+3000 ideographic space
    "\xE3\x83\xBB",  // U+30FB katakana middle dot
    "\xC2\xB7",      // U+00B7 middle dot
    "\xC2\xA0",      // U+00A0 no-break space
    "\xE2\x80\x90",  // U+2010 hyphen
    "\xE2\x80\x93",  // U+2013 en dash
};

std::string quoted(const std::string& name) {
  return "'" + name + "'";
}

}  // namespace

std::string suggestion_key(std::string_view name) {
  const std::string folded = fold_case(name);
  std::string out;
  std::string_view s = folded;
  while (!s.empty()) {
    const auto c = static_cast<unsigned char>(s.front());
    if (c < 0x80) {
      if (is_ascii_alnum(c)) out.push_back(static_cast<char>(c));
      s.remove_prefix(1);
      continue;
    }
    bool separator = false;
    for (std::string_view sep : kUnicodeSeparators) {
      if (s.starts_with(sep)) {
        s.remove_prefix(sep.size());
        separator = true;
        break;
      }
    }
    if (!separator) {
      out.push_back(static_cast<char>(c));
      s.remove_prefix(1);
    }
  }
  return out;
}

struct PlayerAliases::Impl {
  explicit Impl(Database& d)
      : db(d),
        h(d.handle()),
        player_exact(h, "SELECT 1 FROM players WHERE name = ?1"),
        players_folded(h, "SELECT name FROM players WHERE name_folded = ?1 ORDER BY name LIMIT 3"),
        alias_exact(h, "SELECT canonical FROM player_aliases WHERE name = ?1"),
        aliases_folded(h,
                       "SELECT name FROM player_aliases WHERE name = ?1 COLLATE NOCASE "
                       "ORDER BY name LIMIT 3"),
        aliases_of(h, "SELECT name FROM player_aliases WHERE canonical = ?1 ORDER BY name"),
        repoint(h, "UPDATE player_aliases SET canonical = ?2 WHERE canonical = ?1"),
        insert(h, "INSERT OR REPLACE INTO player_aliases (name, canonical) VALUES (?1, ?2)"),
        remove(h, "DELETE FROM player_aliases WHERE name = ?1"),
        all(h, "SELECT name, canonical FROM player_aliases ORDER BY canonical, name"),
        player_games(h,
                     "SELECT p.name, count(gp.game_id) FROM players AS p "
                     "LEFT JOIN game_players AS gp ON gp.player_id = p.player_id "
                     "GROUP BY p.player_id ORDER BY p.name") {}

  bool has_player(const std::string& name) {
    ResetOnExit reset(player_exact);
    player_exact.bind(1, name);
    return player_exact.executeStep();
  }
  std::optional<std::string> canonical_row(const std::string& name) {
    ResetOnExit reset(alias_exact);
    alias_exact.bind(1, name);
    if (!alias_exact.executeStep()) return std::nullopt;
    return alias_exact.getColumn(0).getString();
  }
  std::string canonical_of(const std::string& name) { return canonical_row(name).value_or(name); }
  std::vector<std::string> aliases(const std::string& canonical) {
    std::vector<std::string> out;
    ResetOnExit reset(aliases_of);
    aliases_of.bind(1, canonical);
    while (aliases_of.executeStep()) out.push_back(aliases_of.getColumn(0).getString());
    return out;
  }

  // The name as stored: exact, or the one case-insensitive match.
  Result<std::string> resolve(const std::string& given) {
    if (has_player(given) || canonical_row(given)) return given;
    std::vector<std::string> matches;
    {
      ResetOnExit reset(players_folded);
      players_folded.bind(1, fold_case(given));
      while (players_folded.executeStep())
        matches.push_back(players_folded.getColumn(0).getString());
    }
    {
      ResetOnExit reset(aliases_folded);
      aliases_folded.bind(1, given);
      while (aliases_folded.executeStep()) {
        std::string m = aliases_folded.getColumn(0).getString();
        if (std::find(matches.begin(), matches.end(), m) == matches.end()) {
          matches.push_back(std::move(m));
        }
      }
    }
    if (matches.size() == 1) return matches.front();
    if (matches.empty()) return Error{{}, "no player is named " + quoted(given)};
    std::string list;
    for (const std::string& m : matches) list += (list.empty() ? "" : ", ") + quoted(m);
    return Error{{},
                 quoted(given) + " names several players (" + list + "); give the name as written"};
  }

  Database& db;
  SQLite::Database& h;
  SQLite::Statement player_exact, players_folded, alias_exact, aliases_folded, aliases_of, repoint,
      insert, remove, all, player_games;
};

PlayerAliases::PlayerAliases(Database& db) : impl_(std::make_unique<Impl>(db)) {}
PlayerAliases::~PlayerAliases() = default;

Result<AliasChange> PlayerAliases::merge(const std::string& keep, const std::string& other) {
  Impl& s = *impl_;
  Transaction transaction(s.h, Transaction::Mode::kImmediate);
  const Result<std::string> k = s.resolve(keep);
  if (!k) return k.error();
  const Result<std::string> o = s.resolve(other);
  if (!o) return o.error();
  if (*k == *o) return Error{{}, "a player cannot be merged into itself (" + quoted(*k) + ")"};
  const std::string ck = s.canonical_of(*k);
  const std::string co = s.canonical_of(*o);
  if (ck == co) {
    if (ck == *o) {
      return Error{{},
                   quoted(*k) + " is an alias of " + quoted(*o) + ": " + quoted(*o) +
                       " cannot be merged into its own alias (unmerge " + quoted(*k) +
                       " first, then merge the other way)"};
    }
    return Error{
        {}, quoted(*k) + " and " + quoted(*o) + " are already one player (" + quoted(ck) + ")"};
  }
  AliasChange change;
  change.canonical = ck;
  change.aliases = s.aliases(co);
  change.aliases.push_back(co);
  s.repoint.bind(1, co);
  s.repoint.bind(2, ck);
  run(s.repoint);
  s.insert.bind(1, co);
  s.insert.bind(2, ck);
  run(s.insert);
  std::sort(change.aliases.begin(), change.aliases.end());
  // The kept totals of both identities are counted again with the change.
  refresh_player_totals(s.h, {ck, co});
  transaction.commit();
  return change;
}

Result<AliasChange> PlayerAliases::unmerge(const std::string& other) {
  Impl& s = *impl_;
  Transaction transaction(s.h, Transaction::Mode::kImmediate);
  const Result<std::string> o = s.resolve(other);
  if (!o) return o.error();
  const std::optional<std::string> canonical = s.canonical_row(*o);
  if (!canonical) {
    const std::vector<std::string> aliases = s.aliases(*o);
    if (aliases.empty()) return Error{{}, quoted(*o) + " is no alias of another player"};
    std::string list;
    for (const std::string& a : aliases) list += (list.empty() ? "" : ", ") + quoted(a);
    return Error{{},
                 quoted(*o) + " is the name its aliases point at, no alias; unmerge " +
                     "its aliases by name: " + list};
  }
  s.remove.bind(1, *o);
  run(s.remove);
  refresh_player_totals(s.h, {*o, *canonical});
  transaction.commit();
  return AliasChange{*canonical, {*o}};
}

Result<std::string> PlayerAliases::find_name(const std::string& given) {
  return impl_->resolve(given);
}

std::vector<PlayerAlias> PlayerAliases::list() {
  Impl& s = *impl_;
  std::vector<PlayerAlias> out;
  ResetOnExit reset(s.all);
  while (s.all.executeStep()) {
    out.push_back({s.all.getColumn(0).getString(), s.all.getColumn(1).getString()});
  }
  return out;
}

std::pair<std::string, std::vector<std::string>> PlayerAliases::identity(const std::string& name) {
  Impl& s = *impl_;
  std::string canonical = s.canonical_of(name);
  std::vector<std::string> aliases = s.aliases(canonical);
  return {std::move(canonical), std::move(aliases)};
}

std::vector<AliasSuggestion> PlayerAliases::suggestions() {
  Impl& s = *impl_;
  std::map<std::string, AliasSuggestion> by_key;
  {
    ResetOnExit reset(s.player_games);
    while (s.player_games.executeStep()) {
      std::string name = s.player_games.getColumn(0).getString();
      std::string key = suggestion_key(name);
      if (key.empty()) continue;
      AliasSuggestion& g = by_key[key];
      g.key = key;
      g.names.push_back(std::move(name));
      g.games.push_back(s.player_games.getColumn(1).getInt64());
    }
  }
  std::vector<AliasSuggestion> out;
  for (auto& [key, g] : by_key) {
    if (g.names.size() < 2) continue;
    const std::string first = s.canonical_of(g.names.front());
    const bool one = std::all_of(g.names.begin(), g.names.end(),
                                 [&](const std::string& n) { return s.canonical_of(n) == first; });
    if (!one) out.push_back(std::move(g));
  }
  return out;
}

std::vector<PlayerAlias> PlayerAliases::copy_from(Database& source) {
  Impl& s = *impl_;
  std::vector<PlayerAlias> refused;
  PlayerTotalsMarks marks(s.h);
  SQLite::Statement rows(source.handle(),
                         "SELECT name, canonical FROM player_aliases ORDER BY canonical, name");
  while (rows.executeStep()) {
    PlayerAlias a{rows.getColumn(0).getString(), rows.getColumn(1).getString()};
    const std::optional<std::string> here = s.canonical_row(a.name);
    if (here && *here == a.canonical) continue;
    // The canonical name may be an alias here: the row points at its target.
    const std::string target = s.canonical_of(a.canonical);
    if (here || !s.aliases(a.name).empty() || target == a.name) {
      refused.push_back(std::move(a));
      continue;
    }
    s.insert.bind(1, a.name);
    s.insert.bind(2, target);
    run(s.insert);
    // Counted again with the merge's other writes (GameStore::refresh_player_totals).
    marks.mark(a.name);
    marks.mark(target);
  }
  marks.flush();
  return refused;
}

}  // namespace ludex
