#include "bench/archive_generator.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <set>
#include <stdexcept>
#include <thread>

#include "bench/rng.h"

namespace ludex {
namespace fs = std::filesystem;

namespace {

// Share of each kind within its family, when every format is written.
std::uint32_t kind_weight(ArchiveKind kind) {
  switch (kind) {
    case ArchiveKind::kHexHexGui:
    case ArchiveKind::kTwixtSgf:
      return 3;
    case ArchiveKind::kHexLittleGolem:
    case ArchiveKind::kTwixtLittleGolem:
      return 6;
    case ArchiveKind::kHexGameTree:
    case ArchiveKind::kTwixtGameTree:
      return 1;
    case ArchiveKind::kGo:
    case ArchiveKind::kBlokusDuo:
      return 10;
  }
  return 0;
}

// Splits total into parts proportional to weights; the parts add up to
// total exactly (largest remainder, ties to the earlier part).
std::vector<std::int64_t> split(std::int64_t total, const std::vector<std::uint32_t>& weights) {
  std::int64_t sum = 0;
  for (std::uint32_t w : weights) sum += w;
  std::vector<std::int64_t> parts(weights.size(), 0);
  if (sum == 0) return parts;
  std::vector<std::pair<std::int64_t, std::size_t>> remainders;
  std::int64_t given = 0;
  for (std::size_t i = 0; i < weights.size(); ++i) {
    parts[i] = total * weights[i] / sum;
    given += parts[i];
    if (weights[i] > 0) remainders.emplace_back(-(total * weights[i] % sum), i);
  }
  std::sort(remainders.begin(), remainders.end());
  for (std::size_t k = 0; given < total; ++k, ++given) ++parts[remainders[k].second];
  return parts;
}

std::string padded(std::int64_t n, int width) {
  std::string s = std::to_string(n);
  if (static_cast<int>(s.size()) < width)
    s.insert(0, static_cast<std::size_t>(width) - s.size(), '0');
  return s;
}

// Games per kind, in kAllArchiveKinds order.
std::vector<std::int64_t> games_per_kind(const GeneratorOptions& options) {
  std::vector<Family> families;
  std::vector<std::uint32_t> family_weights;
  for (const auto& [family, weight] : options.mix) {
    if (weight == 0) continue;
    if (family == Family::kOther) throw std::invalid_argument("the mix cannot hold other games");
    if (std::find(families.begin(), families.end(), family) != families.end()) {
      throw std::invalid_argument("a family is named twice in the mix");
    }
    families.push_back(family);
    family_weights.push_back(weight);
  }
  if (families.empty()) throw std::invalid_argument("the mix names no family");
  const std::vector<std::int64_t> per_family = split(options.games, family_weights);

  std::vector<std::int64_t> out(kAllArchiveKinds.size(), 0);
  for (std::size_t f = 0; f < families.size(); ++f) {
    std::vector<std::uint32_t> weights;
    for (ArchiveKind kind : kAllArchiveKinds) {
      const ArchiveKindInfo& info = archive_kind_info(kind);
      const bool written = info.game_tree ? options.gtv : options.sgf;
      weights.push_back(info.family == families[f] && written ? kind_weight(kind) : 0);
    }
    if (std::all_of(weights.begin(), weights.end(), [](std::uint32_t w) { return w == 0; })) {
      throw std::invalid_argument(std::string(family_name(families[f])) +
                                  " games cannot be written in the chosen formats");
    }
    const std::vector<std::int64_t> parts = split(per_family[f], weights);
    for (std::size_t k = 0; k < out.size(); ++k) out[k] += parts[k];
  }
  return out;
}

void write_file(const fs::path& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  out.close();
  if (!out) throw std::runtime_error("cannot write " + path.string());
}

}  // namespace

std::vector<PlannedFile> plan_archive(const GeneratorOptions& options) {
  if (options.games <= 0) throw std::invalid_argument("the archive needs at least one game");
  if (!options.sgf && !options.gtv) throw std::invalid_argument("no format to write");
  const std::vector<std::int64_t> per_kind = games_per_kind(options);
  // Collections of 100-1000 games; in archives under 10,000 games one tenth
  // of the archive at most, so that small archives still have many files.
  const std::int64_t largest = std::clamp<std::int64_t>(options.games / 10, 10, 1000);
  const std::int64_t smallest = std::max<std::int64_t>(1, largest / 10);

  Rng rng(derive_seed(options.seed, ~std::uint64_t{0}));
  std::vector<PlannedFile> plan;
  std::int64_t serial = 0;
  auto add = [&](ArchiveKind kind, std::string path, std::int64_t games) {
    PlannedFile file;
    file.kind = kind;
    file.relative_path = std::move(path);
    file.first_serial = serial;
    file.games = games;
    file.seed = derive_seed(options.seed, plan.size());
    plan.push_back(std::move(file));
    serial += games;
  };
  for (std::size_t k = 0; k < kAllArchiveKinds.size(); ++k) {
    const ArchiveKind kind = kAllArchiveKinds[k];
    const ArchiveKindInfo& info = archive_kind_info(kind);
    const std::string folder(info.folder);
    const std::string ext(info.extension);
    if (info.game_tree) {
      for (std::int64_t i = 0; i < per_kind[k]; ++i) {
        add(kind, folder + "/" + padded(i / 1000, 4) + "/" + padded(i, 7) + ext, 1);
      }
      continue;
    }
    const std::int64_t singles = per_kind[k] / 20;
    std::int64_t left = per_kind[k] - singles;
    for (std::int64_t c = 0; left > 0; ++c) {
      const std::int64_t size = std::min(left, rng.between(smallest, largest));
      add(kind, folder + "/collections/" + padded(c, 5) + ext, size);
      left -= size;
    }
    for (std::int64_t i = 0; i < singles; ++i) {
      add(kind, folder + "/singles/" + padded(i / 1000, 4) + "/" + padded(i, 7) + ext, 1);
    }
  }
  return plan;
}

std::string generate_file(const PlannedFile& file, std::int64_t* nodes) {
  const ArchiveKindInfo& info = archive_kind_info(file.kind);
  std::string bytes;
  for (std::int64_t i = 0; i < file.games; ++i) {
    const GameRecord game = synthesize_game(file.kind, file.first_serial + i,
                                            derive_seed(file.seed, static_cast<std::uint64_t>(i)));
    if (nodes != nullptr) *nodes += static_cast<std::int64_t>(game.tree.size());
    // Little Golem exports put a player's name on a line of its own before
    // a game; readers must skip such text.
    if (info.little_golem && i % 50 == 0) bytes += game.players.front().name + "\n\n";
    bytes += write_game(game);
    if (info.little_golem) bytes += "\n";
  }
  return bytes;
}

GeneratedArchive generate_archive(const std::string& out_dir, const GeneratorOptions& options) {
  const fs::path root(out_dir);
  std::error_code ec;
  if (fs::exists(root, ec) && !fs::is_empty(root, ec)) {
    throw std::runtime_error(out_dir + " exists and is not empty");
  }
  const std::vector<PlannedFile> plan = plan_archive(options);
  std::set<fs::path> folders;
  for (const PlannedFile& file : plan) folders.insert((root / file.relative_path).parent_path());
  for (const fs::path& folder : folders) {
    fs::create_directories(folder, ec);
    if (ec) throw std::runtime_error("cannot create " + folder.string() + ": " + ec.message());
  }

  int jobs =
      options.jobs > 0 ? options.jobs : static_cast<int>(std::thread::hardware_concurrency());
  jobs = std::max(1, jobs);
  std::atomic<std::size_t> next{0};
  std::mutex mu;
  GeneratedArchive total;
  std::exception_ptr failure;
  auto worker = [&] {
    GeneratedArchive mine;
    try {
      for (std::size_t i = next++; i < plan.size(); i = next++) {
        const PlannedFile& file = plan[i];
        const std::string bytes = generate_file(file, &mine.nodes);
        write_file(root / file.relative_path, bytes);
        const auto size = static_cast<std::int64_t>(bytes.size());
        ++mine.files;
        mine.games += file.games;
        mine.bytes += size;
        (archive_kind_info(file.kind).game_tree ? mine.gtv_bytes : mine.sgf_bytes) += size;
      }
    } catch (...) {
      next = plan.size();
      std::lock_guard<std::mutex> lock(mu);
      if (!failure) failure = std::current_exception();
    }
    std::lock_guard<std::mutex> lock(mu);
    total.files += mine.files;
    total.games += mine.games;
    total.nodes += mine.nodes;
    total.bytes += mine.bytes;
    total.sgf_bytes += mine.sgf_bytes;
    total.gtv_bytes += mine.gtv_bytes;
  };
  std::vector<std::thread> threads;
  for (int i = 0; i < jobs; ++i) threads.emplace_back(worker);
  for (std::thread& t : threads) t.join();
  if (failure) std::rethrow_exception(failure);
  return total;
}

}  // namespace ludex
