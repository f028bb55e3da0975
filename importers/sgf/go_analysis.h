// Evaluations that Go analysis programs write into SGF files, read as
// evaluation sources of their own (core/node.h EvalSource; the formats and
// where each was learnt from are in docs/formats.md "Go analysis programs"):
//  * Sabaki: SBKV[win rate] and SBKS[score lead], both from Black's side;
//  * Lizzie and LizzieYzy: LZ[...] (LZOP[...] on the root in LizzieYzy), the
//    engine, win rate and visits, then the candidate moves;
//  * KaTrain: KT[ownership][policy][analysis], each base64 of gzip, the last
//    KataGo's analysis as JSON with Black's win rate and score lead;
//  * KataGo's self-play and match games: a comment on each move's node,
//    "0.52 0.46 0.02 -1.3 v=400 weight=1.00", White's win, loss and no-result
//    probabilities and expected score in the position the move was chosen in.
// Every source's value is converted to Black's (seat 1's) side: a win rate in
// percent, 0..100, and a score lead in points. The properties and comments
// themselves stay as they were read, so an export writes them back
// unchanged and the SGF writer writes none of these evaluations.
#ifndef LUDEX_IMPORTERS_SGF_GO_ANALYSIS_H_
#define LUDEX_IMPORTERS_SGF_GO_ANALYSIS_H_

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostic.h"
#include "core/game.h"

namespace ludex {

// Sabaki's SBKV: a number from 0 to 100 (Black's win rate in percent, as
// Sabaki writes it); nullopt for anything else.
std::optional<double> parse_sabaki_win_rate(std::string_view text);
// Sabaki's SBKS: any decimal number (Black's score lead); nullopt otherwise.
std::optional<double> parse_sabaki_score(std::string_view text);

// One candidate move of a Lizzie analysis (its second line), as the engine
// reported it for the side to move.
struct LizzieCandidate {
  std::string move;  // GTP coordinates as written: "Q16", "pass"
  std::int64_t visits = 0;
  double win_rate = 0;               // percent, 0..100 (written in hundredths of a percent)
  std::optional<double> score_mean;  // KataGo engines only
  std::vector<std::string> pv;       // the principal variation, the move first
};

// A Lizzie or LizzieYzy LZ / LZOP value:
//   "<engine> <win rate> <visits>[ <scoreMean> <scoreStdev>[ <pda>]]\n"
//   "move Q16 visits 120 winrate 5432 [prior ..] [scoreMean ..] pv Q16 D4 info move ..."
// The first line's win rate is 100 minus the side to move's, that is the
// win rate of the player whose move led to the position; its scoreMean
// (LizzieYzy with KataGo) is the side to move's.
struct LizzieAnalysis {
  std::string engine;                // Lizzie: its version; LizzieYzy: the engine's name
  double win_rate = 0;               // percent, for the player who just moved
  std::int64_t visits = 0;           // "1.2k" and "3.5m" multiplied out
  std::optional<double> score_mean;  // first line, for the side to move
  std::vector<LizzieCandidate> candidates;

  // The side to move's score: the first line's, else the first
  // candidate's (what Lizzie's own graph shows); nullopt for neither.
  std::optional<double> side_to_move_score() const;
};

// Parses a LZ / LZOP value (unescaped text). Error says what is wrong.
Result<LizzieAnalysis> parse_lizzie_analysis(std::string_view text);

// What KaTrain's KT property gives: KataGo's root analysis of the node's
// position, reported from Black's side (KaTrain sets reportAnalysisWinratesAs
// = BLACK).
struct KaTrainAnalysis {
  double win_rate = 0;               // percent, 0..100, Black's
  std::optional<double> score_lead;  // Black's
  std::int64_t visits = 0;           // 0 when not given
};

// Parses KT's values: three (ownership, policy, analysis: KaTrain 1.7 and
// later) or one (the analysis alone), each base64 of gzip data; the analysis
// is JSON whose "root" holds "winrate" (0..1), "scoreLead" and "visits".
Result<KaTrainAnalysis> parse_katrain_analysis(std::span<const std::string> values);

// A KataGo self-play or match game's move comment: an optional "Pass for ko",
// White's win, loss and no-result probabilities (0..1, summing to 1) and
// expected score, then "v=N" (visits), "rv=N", "weight=W", "result=R" and
// whatever KataGo was asked to add.
struct KataGoComment {
  double white_win = 0;
  double white_loss = 0;
  double no_result = 0;
  double white_score = 0;
  std::int64_t visits = 0;  // 0 when not given

  // Black's win rate in percent: its win probability plus half the
  // no-result one (KataGo's own winrate = (1 + win - loss) / 2).
  double black_win_rate() const { return 100 * (white_loss + no_result / 2); }
};

// nullopt when the comment is not one KataGo writes (a comment is free text:
// anything else is simply not an evaluation).
std::optional<KataGoComment> parse_katago_comment(std::string_view comment);

// Adds to the nodes of a Go game the evaluations its analysis properties
// (SBKV, SBKS, LZ, LZOP, KT) and KataGo comments stand for, after the
// evaluations the node has. A property that does not parse stays a property
// without an evaluation and gives a warning at its node. A KataGo comment's
// evaluation goes to the node's parent, the position the move was chosen in.
// Requires the tree to be complete (moves decoded: the side to move decides
// what a Lizzie win rate means).
void add_go_analysis_evaluations(GameRecord& game);

}  // namespace ludex

#endif  // LUDEX_IMPORTERS_SGF_GO_ANALYSIS_H_
