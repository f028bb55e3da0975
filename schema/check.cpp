#include "schema/check.h"

#include <algorithm>
#include <exception>
#include <map>
#include <optional>
#include <set>
#include <string_view>
#include <utility>
#include <vector>

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>
#include <sqlite3.h>

#include "core/moves_hash.h"
#include "core/zobrist.h"
#include "derive/prepared_game.h"
#include "games/position.h"
#include "games/position_codes.h"
#include "games/position_stream.h"
#include "schema/check/check_nodes.h"
#include "schema/check/explorer_check.h"
#include "schema/db/meta.h"
#include "schema/db/statement_util.h"
#include "schema/db/transaction.h"
#include "schema/events/event_store.h"
#include "schema/explorer/answer_upkeep.h"
#include "schema/explorer/explorer_answers.h"
#include "schema/game_loader.h"
#include "schema/players/player_check.h"
#include "schema/players/player_totals.h"
#include "schema/search/feature_index.h"
#include "schema/write/counts.h"

namespace ludex {
namespace {

// Rows that belong to no game are counted; this many are named.
constexpr std::int64_t kNamedOrphans = 10;
// The whole-archive checks call CheckOptions::progress every this many games.
constexpr std::int64_t kProgressEvery = 1000;
// The tables whose rows follow the games and files, not the nodes: the
// bounded checks run SQLite's integrity and foreign key checks on these.
constexpr const char* kPerGameTables[] = {
    "meta",           "counts",         "source_files",  "games",
    "players",        "game_players",   "seat_ranks",    "game_rank_bands",
    "swapped_games",  "player_aliases", "player_totals", "player_totals_stale",
    "game_sightings", "import_errors",  "events",        "event_games",
    "events_stale"};

class Checker {
 public:
  Checker(Database& db, const CheckOptions& options,
          const std::function<void(const CheckProblem&)>& report)
      : db_(db), h_(db.handle()), meta_(h_), options_(options), report_(report) {}

  CheckSummary run() {
    guarded("counts", [&] { decide_scope(); });
    guarded("integrity", [&] { integrity(); });
    guarded("foreign_key", [&] { foreign_keys(); });
    guarded("games", [&] { read_games(); });
    guarded("nodes", [&] {
      if (summary_.bounded) {
        sampled_nodes_and_streams();
      } else {
        nodes_and_streams();
      }
    });
    guarded("node_hashes", [&] {
      std::vector<const CheckedGame*> sampled;
      if (summary_.bounded) sampled = sample();
      check_node_hashes(h_, games_, summary_.bounded ? &sampled : nullptr, sink());
    });
    guarded("feature_games", [&] { feature_games(); });
    guarded("positions", [&] { recompute_sample(); });
    guarded("comments_fts", [&] { comment_index(); });
    guarded("source_files", [&] { file_counts(); });
    guarded("duplicates", [&] { duplicates(); });
    guarded("player_aliases", [&] {
      for (const std::string& m : alias_problems(db_)) problem("player_aliases", 0, 0, m);
    });
    guarded("player_totals", [&] { player_totals(); });
    guarded("events", [&] { events(); });
    guarded("explorer", [&] { explorer(); });
    guarded("counts", [&] { counts(); });
    return summary_;
  }

 private:
  void problem(const std::string& check, std::int64_t game, std::int64_t node,
               const std::string& message) {
    ++summary_.problems;
    report_(CheckProblem{check, game, node, message});
  }

  // The kept totals of every player, or, bounded, of the sampled games'
  // players.
  void player_totals() {
    std::vector<std::int64_t> games;
    if (summary_.bounded) {
      for (const CheckedGame* g : sample()) games.push_back(g->game_id);
    }
    for (const std::string& m : player_totals_problems(h_, summary_.bounded ? &games : nullptr)) {
      problem("player_totals", 0, 0, m);
    }
  }

  // The kept events of every event name, or, bounded, of the sampled games'
  // names.
  void events() {
    std::vector<std::int64_t> games;
    if (summary_.bounded) {
      for (const CheckedGame* g : sample()) games.push_back(g->game_id);
    }
    for (const std::string& m : event_problems(h_, summary_.bounded ? &games : nullptr)) {
      problem("events", 0, 0, m);
    }
  }

  // Every check over every row with --all, or without --quick on an archive
  // of at most options_.whole_up_to_nodes nodes (the kept count); else the
  // bounded checks, whose cost follows the sample, not the archive.
  void decide_scope() {
    if (options_.all) return;
    if (options_.quick) {
      summary_.bounded = true;
      return;
    }
    const std::map<std::string, std::int64_t> kept = read_counts(h_);
    const auto nodes = kept.find(std::string(count_name::kNodes));
    summary_.bounded = nodes != kept.end() && nodes->second > options_.whole_up_to_nodes;
  }

  void progress(const char* check, std::int64_t done, std::int64_t total) {
    if (options_.progress) options_.progress(check, done, total);
  }

  CheckProblemSink sink() {
    return [this](const char* check, std::int64_t game, std::int64_t node,
                  const std::string& message) { problem(check, game, node, message); };
  }

  // Runs one check; SQLite's own errors (a corrupt page) become a problem
  // of that check, and the next check runs.
  void guarded(const std::string& check, const std::function<void()>& body) {
    try {
      body();
    } catch (const SQLite::Exception& e) {
      problem(check, 0, 0, std::string("the check could not run: ") + e.what());
    } catch (const std::runtime_error& e) {
      problem(check, 0, 0, std::string("the check could not run: ") + e.what());
    }
  }

  // SQLite's integrity_check of the whole file; bounded, of the tables whose
  // size follows the games, not the nodes (with their indexes).
  void integrity() {
    if (!summary_.bounded) {
      progress("integrity", 0, 1);
      integrity_of("PRAGMA integrity_check");
      return;
    }
    for (const char* table : kPerGameTables) {
      integrity_of(std::string("PRAGMA integrity_check(") + table + ")");
    }
  }

  void integrity_of(const std::string& pragma) {
    SQLite::Statement st(h_, pragma);
    while (st.executeStep()) {
      const std::string line = st.getColumn(0).getString();
      if (line != "ok") problem("integrity", 0, 0, line);
    }
  }

  void foreign_keys() {
    if (!summary_.bounded) {
      foreign_keys_of("PRAGMA foreign_key_check");
      return;
    }
    for (const char* table : kPerGameTables) {
      foreign_keys_of(std::string("PRAGMA foreign_key_check(") + table + ")");
    }
  }

  void foreign_keys_of(const std::string& pragma) {
    SQLite::Statement st(h_, pragma);
    std::map<std::pair<std::string, std::string>, std::int64_t> unnamed;  // WITHOUT ROWID rows
    while (st.executeStep()) {
      const std::string table = st.getColumn(0).getString();
      const std::string parent = st.getColumn(2).getString();
      if (st.getColumn(1).isNull()) {
        ++unnamed[{table, parent}];
        continue;
      }
      problem("foreign_key", 0, 0,
              table + " row " + std::to_string(st.getColumn(1).getInt64()) +
                  " refers to a missing " + parent + " row");
    }
    // WITHOUT ROWID rows have no rowid to name: name their node instead.
    for (const auto& [key, n] : unnamed) {
      const auto& [table, parent] = key;
      std::string nodes;
      if (parent == "nodes" &&
          (table == "node_moves" || table == "evaluations" || table == "properties")) {
        SQLite::Statement list(h_, "SELECT DISTINCT t.node_id FROM " + table +
                                       " AS t WHERE NOT EXISTS (SELECT 1 FROM nodes AS n "
                                       "WHERE n.node_id = t.node_id) ORDER BY t.node_id LIMIT 10");
        while (list.executeStep()) {
          nodes += (nodes.empty() ? " (nodes " : ", ") + list.getColumn(0).getString();
        }
        if (!nodes.empty()) nodes += ")";
      }
      problem(
          "foreign_key", 0, 0,
          std::to_string(n) + " " + table + " rows refer to missing " + parent + " rows" + nodes);
    }
  }

  void read_games() {
    SQLite::Statement st(h_,
                         "SELECT game_id, file_id, first_node_id, node_count, family, variant, "
                         "board_columns, board_rows, hash_version = ?1, coalesce(moves_hash, 0), "
                         "coalesce(duplicate_of, 0), event_folded IS ludex_fold(event) FROM games "
                         "ORDER BY game_id");
    st.bind(1, kPositionHashVersion);
    while (st.executeStep()) {
      CheckedGame g;
      g.game_id = st.getColumn(0).getInt64();
      g.file_id = st.getColumn(1).getInt64();
      g.first = st.getColumn(2).getInt64();
      g.count = st.getColumn(3).getInt64();
      g.family = parse_family(st.getColumn(4).getString());
      g.variant = column_text(st, 5);
      g.columns = static_cast<std::int32_t>(column_int(st, 6, 0));
      g.rows = static_cast<std::int32_t>(column_int(st, 7, 0));
      g.positions = st.getColumn(8).getInt() == 1;
      g.moves_hash = st.getColumn(9).getInt64();
      g.duplicate_of = st.getColumn(10).getInt64();
      if (!g.family) problem("games", g.game_id, 0, "unknown family");
      if (g.count < 1) problem("games", g.game_id, 0, "node_count " + std::to_string(g.count));
      if (st.getColumn(11).getInt() != 1) {
        problem("games", g.game_id, 0, "event_folded is not its event case-folded");
      }
      if (!games_.empty()) {
        const CheckedGame& p = games_.back();
        if (g.first < p.first + p.count) {
          problem("games", g.game_id, 0,
                  "its node range " + std::to_string(g.first) + ".. overlaps game " +
                      std::to_string(p.game_id) +
                      "'s, or comes before it (node ids must grow "
                      "with game ids)");
        }
      }
      games_.push_back(std::move(g));
    }
    summary_.games = static_cast<std::int64_t>(games_.size());
  }

  // One pass over nodes in id order, game by game: each game's rows and
  // tree, then its stream against its tree.
  void nodes_and_streams() {
    SQLite::Statement nodes(
        h_, std::string("SELECT ") + kCheckedNodeColumns + " FROM nodes ORDER BY node_id");
    SQLite::Statement moved(h_, "SELECT DISTINCT node_id FROM node_moves ORDER BY node_id");
    SQLite::Statement stream(h_, "SELECT stream FROM game_positions WHERE game_id = ?1");
    const bool streams_pending = meta_.has(meta_key::kPositionStreamsPending);
    bool node_left = nodes.executeStep();
    bool moved_left = moved.executeStep();
    std::int64_t orphans = 0;
    std::string named;
    auto orphan = [&](std::int64_t id) {
      if (orphans++ < kNamedOrphans) named += (named.empty() ? "" : ", ") + std::to_string(id);
    };
    auto read_node = [&]() {
      CheckedNode n = read_checked_node(nodes);
      while (moved_left && moved.getColumn(0).getInt64() < n.id) moved_left = moved.executeStep();
      if (moved_left && moved.getColumn(0).getInt64() == n.id) n.move = true;
      return n;
    };
    std::vector<CheckedNode> rows;
    const CheckProblemSink report = sink();
    const auto total = static_cast<std::int64_t>(games_.size());
    std::int64_t done = 0;
    for (const CheckedGame& g : games_) {
      rows.clear();
      const std::int64_t last = g.first + g.count - 1;
      while (node_left && nodes.getColumn(0).getInt64() < g.first) {
        orphan(nodes.getColumn(0).getInt64());
        node_left = nodes.executeStep();
      }
      while (node_left && nodes.getColumn(0).getInt64() <= last) {
        rows.push_back(read_node());
        node_left = nodes.executeStep();
      }
      summary_.nodes += static_cast<std::int64_t>(rows.size());
      check_node_tree(g, rows, report);
      if (check_position_stream(g, rows, stream, streams_pending, report)) {
        streamed_.push_back(g.game_id);
      }
      if (++done % kProgressEvery == 0) progress("nodes", done, total);
    }
    while (node_left) {
      orphan(nodes.getColumn(0).getInt64());
      node_left = nodes.executeStep();
    }
    if (orphans > 0) {
      problem("nodes", 0, 0,
              std::to_string(orphans) + " node rows belong to no game (" + named +
                  (orphans > kNamedOrphans ? ", ...)" : ")"));
    }
  }

  // Bounded: the node rows and streams of the sampled games only, read by
  // their id ranges; rows of no game are not looked for.
  void sampled_nodes_and_streams() {
    GameNodeRows reader(h_);
    SQLite::Statement stream(h_, "SELECT stream FROM game_positions WHERE game_id = ?1");
    const bool streams_pending = meta_.has(meta_key::kPositionStreamsPending);
    const CheckProblemSink report = sink();
    for (const CheckedGame* g : sample()) {
      const std::vector<CheckedNode>& rows = reader.read(*g);
      summary_.nodes += static_cast<std::int64_t>(rows.size());
      check_node_tree(*g, rows, report);
      if (check_position_stream(*g, rows, stream, streams_pending, report)) {
        streamed_.push_back(g->game_id);
      }
    }
  }

  // The games whose positions are recomputed: all, or a sample spread over
  // the game ids.
  std::vector<const CheckedGame*> sample() const {
    std::vector<const CheckedGame*> out;
    const std::size_t n = games_.size();
    const auto want = static_cast<std::size_t>(std::max<std::int64_t>(options_.sample, 0));
    if (options_.all || want == 0 || want >= n) {
      for (const CheckedGame& g : games_) out.push_back(&g);
      return out;
    }
    for (std::size_t k = 0; k < want; ++k) out.push_back(&games_[k * n / want]);
    return out;
  }

  // Every chunk decodes, its ids ascend from first_game to last_game, a
  // key's chunks do not overlap, and every listed game has a stream; the
  // sampled games are listed under exactly the features their streams hold.
  void feature_games() {
    if (meta_.has(meta_key::kFeatureGamesPending)) return;  // the next import builds it
    if (summary_.bounded) {
      sampled_feature_games();
      return;
    }
    std::sort(streamed_.begin(), streamed_.end());
    // (code, board, game) the sample's streams say must be listed.
    std::set<std::tuple<std::int64_t, std::int32_t, std::int64_t>> expected;
    std::set<std::int64_t> sampled;
    SQLite::Statement stream(h_, "SELECT stream FROM game_positions WHERE game_id = ?1");
    for (const CheckedGame* g : sample()) {
      std::vector<std::int64_t> codes;
      if (!stream_codes(*g, stream, &codes)) continue;
      sampled.insert(g->game_id);
      for (const std::int64_t code : codes) {
        expected.emplace(code, board_key(g->columns, g->rows), g->game_id);
      }
    }
    std::int64_t unknown = 0;
    std::string named;
    FeatureIndexReader reader(h_);
    reader.scan_chunks([&](const FeatureChunk& c) {
      const std::string key =
          "code " + std::to_string(c.code) + ", board " + std::to_string(c.board);
      if (!c.decodes || c.ids.empty() || c.ids.front() != c.first_game ||
          c.ids.back() != c.last_game) {
        problem("feature_games", 0, 0,
                "the chunk of " + key + " from game " + std::to_string(c.first_game) +
                    (c.decodes ? " does not hold first_game .. last_game" : " does not decode"));
        return;
      }
      if (c.overlaps_previous) {
        problem("feature_games", 0, 0,
                "the chunks of " + key + " overlap at game " + std::to_string(c.first_game));
      }
      for (const std::int64_t id : c.ids) {
        if (!std::binary_search(streamed_.begin(), streamed_.end(), id)) {
          if (unknown++ < kNamedOrphans) named += (named.empty() ? "" : ", ") + std::to_string(id);
        }
        if (sampled.count(id) != 0 && expected.erase({c.code, c.board, id}) == 0) {
          problem("feature_games", id, 0,
                  "listed under " + key + ", a feature its positions never hold");
        }
      }
    });
    if (unknown > 0) {
      problem("feature_games", 0, 0,
              std::to_string(unknown) + " listings of games without a stream (" + named +
                  (unknown > kNamedOrphans ? ", ...)" : ")"));
    }
    for (const auto& [code, board, game] : expected) {
      problem("feature_games", game, 0,
              "not listed under code " + std::to_string(code) + ", board " + std::to_string(board) +
                  ", a feature its positions hold");
    }
  }

  // The feature codes of a game's stored stream; false for a game without
  // positions or stream, or whose stream does not read (check_position_stream
  // names it). `stream` selects a game's stream by its id.
  static bool stream_codes(const CheckedGame& g, SQLite::Statement& stream,
                           std::vector<std::int64_t>* codes) {
    if (!g.family || !g.positions) return false;
    const std::optional<StreamBoard> board =
        stream_board(Board{*g.family, g.variant, g.columns, g.rows});
    if (!board) return false;
    ResetOnExit reset(stream);
    stream.bind(1, g.game_id);
    if (!stream.executeStep()) return false;
    std::string error;
    return stream_feature_codes(*g.family, column_bytes(stream.getColumn(0)), *board, codes,
                                &error);
  }

  // Bounded: each sampled game is listed under every feature its stream
  // holds, each chunk looked at decodes. (Listings of features a game never
  // holds need the whole table: --all.)
  void sampled_feature_games() {
    SQLite::Statement stream(h_, "SELECT stream FROM game_positions WHERE game_id = ?1");
    FeatureIndexReader reader(h_);
    for (const CheckedGame* g : sample()) {
      std::vector<std::int64_t> codes;
      if (!stream_codes(*g, stream, &codes)) continue;
      const std::int32_t board = board_key(g->columns, g->rows);
      for (const std::int64_t code : codes) {
        const std::optional<FeatureChunk> chunk = reader.chunk_holding(code, board, g->game_id);
        if (chunk && !chunk->decodes) {
          problem("feature_games", 0, 0,
                  "the chunk of code " + std::to_string(code) + ", board " + std::to_string(board) +
                      " from game " + std::to_string(chunk->first_game) + " does not decode");
        } else if (!chunk ||
                   !std::binary_search(chunk->ids.begin(), chunk->ids.end(), g->game_id)) {
          problem("feature_games", g->game_id, 0,
                  "not listed under code " + std::to_string(code) + ", board " +
                      std::to_string(board) + ", a feature its positions hold");
        }
      }
    }
  }

  // The sampled games' positions computed again from their stored moves:
  // every node's hash, and the stream, as an import would store them; and
  // the moves hash.
  void recompute_sample() {
    GameLoader loader(db_);
    SQLite::Statement hashes(h_,
                             "SELECT node_id, coalesce(position_hash, 0) FROM nodes "
                             "WHERE node_id BETWEEN ?1 AND ?2 ORDER BY node_id");
    SQLite::Statement stream(h_, "SELECT stream FROM game_positions WHERE game_id = ?1");
    const bool moves_hash_current =
        !meta_.has(meta_key::kMovesHashPending) && moves_hash_version() == kMovesHashVersion;
    const std::vector<const CheckedGame*> games = sample();
    const auto total = static_cast<std::int64_t>(games.size());
    // A database migrated to schema 12 holds no seat rows until the next
    // import or merge fills them in.
    std::optional<SeatRowsCheck> seat_rows;
    if (!meta_.has(meta_key::kSeatRanksPending)) seat_rows.emplace(db_);
    std::int64_t done = 0;
    for (const CheckedGame* g : games) {
      if (++done % kProgressEvery == 0) progress("positions", done, total);
      const std::optional<LoadedGame> loaded = loader.load(g->game_id);
      if (!loaded) continue;
      ++summary_.recomputed;
      if (seat_rows) {
        for (const std::string& m : seat_rows->differences(g->game_id, loaded->record)) {
          problem("seat_ranks", g->game_id, 0, m);
        }
      }
      if (moves_hash_current &&
          static_cast<std::int64_t>(moves_hash(loaded->record)) != g->moves_hash) {
        problem("moves_hash", g->game_id, 0, "the stored moves hash is not the game's");
      }
      if (!g->positions) continue;
      const GamePositions positions = prepare_positions(loaded->record);
      {
        ResetOnExit reset(hashes);
        hashes.bind(1, g->first);
        hashes.bind(2, g->first + g->count - 1);
        while (hashes.executeStep()) {
          const std::int64_t id = hashes.getColumn(0).getInt64();
          const auto k = static_cast<std::size_t>(id - g->first);
          const auto stored = static_cast<std::uint64_t>(hashes.getColumn(1).getInt64());
          if (k < positions.hashes.size() && positions.hashes[k] != stored) {
            problem("positions", g->game_id, id,
                    "stored position hash " + position_hash_text(stored) + ", the moves give " +
                        position_hash_text(positions.hashes[k]));
            break;  // the nodes below it differ for the same reason
          }
        }
      }
      const std::string& encoded = positions.stream;
      if (encoded.empty()) continue;
      ResetOnExit reset(stream);
      stream.bind(1, g->game_id);
      if (stream.executeStep() && column_bytes(stream.getColumn(0)) != encoded) {
        problem("positions", g->game_id, 0,
                "the stored stream is not the one the game's moves give");
      }
    }
  }

  int moves_hash_version() {
    const std::optional<std::string> version = meta_.get(meta_key::kMovesHashVersion);
    return version ? std::stoi(*version) : 0;
  }

  // FTS5's own integrity check compares the index with the comments it
  // indexes. It is an INSERT, so it needs a connection that may write; in
  // a transaction rolled back, it changes nothing. Where the database may
  // not be written, what a read-only connection can see is compared: the
  // documents the index holds against the comments.
  void comment_index() {
    try {
      SQLite::Database rw(db_.path(), SQLite::OPEN_READWRITE, kBusyTimeoutMs);
      Transaction transaction(rw, Transaction::Mode::kDeferred);
      try {
        rw.exec("INSERT INTO comments_fts (comments_fts, rank) VALUES ('integrity-check', 1)");
      } catch (const SQLite::Exception& e) {
        // The transaction's destructor rolls it back, never throwing.
        if (e.getErrorCode() == SQLITE_CORRUPT || e.getExtendedErrorCode() == SQLITE_CORRUPT_VTAB) {
          problem("comments_fts", 0, 0, "the comment index is out of step with the comments");
          return;
        }
        throw;
      }
      transaction.rollback();
      return;
    } catch (const SQLite::Exception&) {
      // Not writable (or locked): the read-only comparison below.
    }
    h_.exec(
        "CREATE VIRTUAL TABLE IF NOT EXISTS temp.ludex_check_vocab USING "
        "fts5vocab(main, 'comments_fts', 'instance')");
    SQLite::Statement stale(
        h_,
        "SELECT count(DISTINCT v.doc) FROM temp.ludex_check_vocab AS v "
        "WHERE NOT EXISTS (SELECT 1 FROM comments AS c WHERE c.node_id = v.doc)");
    stale.executeStep();
    if (stale.getColumn(0).getInt64() != 0) {
      problem(
          "comments_fts", 0, 0,
          "the comment index holds " + stale.getColumn(0).getString() + " comments that are gone");
    }
  }

  // The kept counts (ludex info) against the tables; the moves and the
  // nodes row by row only with --all.
  void counts() {
    const std::map<std::string, std::int64_t> kept = read_counts(h_);
    const std::map<std::string, std::int64_t> counted = count_rows(h_, options_.all);
    std::map<std::string, std::pair<std::int64_t, std::int64_t>> both;
    for (const auto& [name, n] : kept) both[name].first = n;
    for (const auto& [name, n] : counted) both[name].second = n;
    for (const auto& [name, n] : both) {
      if (!options_.all && name == count_name::kMoves) continue;
      if (n.first != n.second) {
        problem("counts", 0, 0,
                "the kept count of " + name + " is " + std::to_string(n.first) +
                    ", the tables hold " + std::to_string(n.second));
      }
    }
  }

  // The explorer's postings: a sample of kept positions against their
  // games (every one, and the set of common positions, with --all).
  void explorer() {
    ExplorerCheckOptions o;
    o.sample = options_.sample;
    o.all = options_.all;
    check_explorer(h_, o, [&](std::int64_t game, const std::string& message) {
      problem("explorer", game, 0, message);
    });
    // The kept answers: a few dozen at most, each compared whole.
    check_explorer_answers(
        db_, [&](const std::string& message) { problem("explorer_answers", 0, 0, message); });
  }

  void file_counts() {
    SQLite::Statement st(h_,
                         "SELECT f.file_id, f.path, f.game_count, (SELECT count(*) FROM games AS g "
                         "WHERE g.file_id = f.file_id) FROM source_files AS f "
                         "WHERE f.game_count != (SELECT count(*) FROM games AS g "
                         "WHERE g.file_id = f.file_id)");
    while (st.executeStep()) {
      problem("source_files", 0, 0,
              "file " + st.getColumn(1).getString() + " counts " + st.getColumn(2).getString() +
                  " games, holds " + st.getColumn(3).getString());
    }
  }

  void duplicates() {
    // duplicate_of: the lowest earlier game with the same moves hash.
    std::map<std::int64_t, std::int64_t> first_of;  // moves hash -> first game
    for (const CheckedGame& g : games_) {
      std::int64_t expected = 0;
      if (g.moves_hash != 0) {
        const auto [it, inserted] = first_of.emplace(g.moves_hash, g.game_id);
        if (!inserted) expected = it->second;
      }
      if (g.duplicate_of != expected) {
        problem("duplicates", g.game_id, 0,
                "duplicate_of " + std::to_string(g.duplicate_of) + ", the first copy is " +
                    (expected == 0 ? std::string("none") : "game " + std::to_string(expected)));
      }
    }
  }

  Database& db_;
  SQLite::Database& h_;
  MetaTable meta_;
  const CheckOptions& options_;
  const std::function<void(const CheckProblem&)>& report_;
  CheckSummary summary_;
  std::vector<CheckedGame> games_;      // by game id
  std::vector<std::int64_t> streamed_;  // games with a stream row
};

}  // namespace

CheckSummary check_database(Database& db, const CheckOptions& options,
                            const std::function<void(const CheckProblem&)>& report) {
  return Checker(db, options, report).run();
}

}  // namespace ludex
