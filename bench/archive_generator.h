// A synthetic archive for the benchmarks: a directory tree of SGF
// collections, single-game SGF files and binary game-tree files, written by
// ludex's own writers so that the files are what ludex reads.
//
// Determinism: the same options (whatever `jobs`) give byte-identical files
// with the same names. The plan (which file holds which games) is drawn from
// the seed first; every file then gets its own seed derived from the master
// seed and its index, so files can be written in parallel.
#ifndef LUDEX_BENCH_ARCHIVE_GENERATOR_H_
#define LUDEX_BENCH_ARCHIVE_GENERATOR_H_

#include <cstdint>
#include <string>
#include <vector>

#include "bench/game_synth.h"
#include "core/game.h"

namespace ludex {

struct GeneratorOptions {
  std::int64_t games = 1000;
  std::uint64_t seed = 1;
  // Share of games per family (weights, any positive numbers); a family not
  // listed gets none. Default: hex, twixt, go, blokus equally.
  std::vector<std::pair<Family, std::uint32_t>> mix = {
      {Family::kHex, 1}, {Family::kTwixt, 1}, {Family::kGo, 1}, {Family::kBlokus, 1}};
  bool sgf = true;  // write SGF files
  bool gtv = true;  // write binary game-tree files (hex and twixt only)
  int jobs = 0;     // writer threads; 0 = one per core. Does not change the output.
};

// One file of the plan.
struct PlannedFile {
  ArchiveKind kind = ArchiveKind::kGo;
  std::string relative_path;      // e.g. "hex-littlegolem/0001/0001234.hsgf"
  std::int64_t first_serial = 0;  // archive-wide number of its first game
  std::int64_t games = 0;
  std::uint64_t seed = 0;
};

// Splits the games over kinds (largest remainder, so the counts add up
// exactly) and each kind's games over files: binary game-tree files hold
// one game; of the SGF games about 5% are single-game files, the rest
// collections of 100-1000 games (smaller in small archives, so that even
// 1,000 games make a dozen collections). Throws std::invalid_argument when
// the options ask for something impossible (no games, go or blokus with
// only the game-tree format, an empty mix).
std::vector<PlannedFile> plan_archive(const GeneratorOptions& options);

// The bytes of one planned file; adds its node count to *nodes if given.
std::string generate_file(const PlannedFile& file, std::int64_t* nodes = nullptr);

struct GeneratedArchive {
  std::int64_t files = 0;
  std::int64_t games = 0;
  std::int64_t nodes = 0;
  std::int64_t bytes = 0;
  std::int64_t sgf_bytes = 0;
  std::int64_t gtv_bytes = 0;
};

// Writes the archive under out_dir, which must not exist or be empty.
// Throws std::runtime_error on I/O failure or a non-empty out_dir.
GeneratedArchive generate_archive(const std::string& out_dir, const GeneratorOptions& options);

}  // namespace ludex

#endif  // LUDEX_BENCH_ARCHIVE_GENERATOR_H_
