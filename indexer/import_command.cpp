// ludex import --db DB PATH...
#include <unistd.h>

#include <cstdint>
#include <exception>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <optional>
#include <string>

#include "importers/archive/archive_reader.h"
#include "indexer/commands.h"
#include "indexer/importer.h"
#include "options/command_line.h"
#include "schema/database.h"
#include "schema/storage_failure.h"

namespace ludex {
namespace po = boost::program_options;
namespace {

// "123", "64K", "256M", "2G" (binary multiples, either case); nullopt if not such a size.
std::optional<std::int64_t> parse_byte_size(const std::string& text) {
  if (text.empty() || text.size() > 18) return std::nullopt;
  std::int64_t value = 0;
  std::size_t i = 0;
  for (; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i)
    value = value * 10 + (text[i] - '0');
  if (i == 0) return std::nullopt;
  int shift = 0;
  if (i + 1 == text.size()) {
    switch (text[i]) {
      case 'k':
      case 'K':
        shift = 10;
        break;
      case 'm':
      case 'M':
        shift = 20;
        break;
      case 'g':
      case 'G':
        shift = 30;
        break;
      default:
        return std::nullopt;
    }
  } else if (i != text.size()) {
    return std::nullopt;
  }
  if (value > (std::int64_t{1} << (62 - shift))) return std::nullopt;
  return value << shift;
}

// What to tell the user when the database file failed the import: what
// happened, what this import had stored (each file and game of it whole:
// ImportStored), and that the same import, run again, continues where it
// stopped (files read to their end are skipped, docs/schema.md).
std::string stopped_message(StorageFailure failure, const std::string& db, const char* what,
                            const ImportStored& stored) {
  std::string out;
  std::string remedy;
  switch (failure) {
    case StorageFailure::kDiskFull:
      out = "the disk is full: " + db + " cannot grow (" + what + ")";
      remedy = "free some space and run the same import again";
      break;
    case StorageFailure::kLocked:
      out = db + " is locked by another program, which held it longer than the " +
            std::to_string(busy_timeout_seconds()) + " s ludex waits (" + what + ")";
      remedy = "run the same import again when that program is done";
      break;
    case StorageFailure::kReadOnly:
      out = db + " cannot be written (" + std::string(what) + ")";
      remedy = "make it writable and run the same import again";
      break;
    case StorageFailure::kIo:
    case StorageFailure::kNone:
      out = db + " could not be written (" + std::string(what) + ")";
      remedy = "run the same import again once the cause is fixed";
      break;
  }
  if (stored.files == 0 && stored.games == 0) {
    out += ". This import stored nothing; " + remedy + ".";
  } else {
    out += ". This import stored " + std::to_string(stored.files) + " files and " +
           std::to_string(stored.games) +
           " games before it stopped, each of them whole; the database is sound. To add the "
           "rest, " +
           remedy + ": it continues where it stopped.";
  }
  return out;
}

// The archive part of a path in ARCHIVE//MEMBER notation (docs/formats.md,
// "Archives"), or "" if path is not one: a "//" after the first character
// whose left side is a file, or a name with an archive's suffix that does
// not exist. (On disk "dir//x.sgf" is dir/x.sgf, and stays a path.)
std::string archive_of_member_path(const std::string& path) {
  const std::size_t start = path.find_first_not_of('/');
  if (start == std::string::npos) return "";
  const std::size_t at = path.find("//", start);
  if (at == std::string::npos) return "";
  const std::string archive = path.substr(0, at);
  std::error_code ec;
  const std::filesystem::file_status st = std::filesystem::status(archive, ec);
  if (std::filesystem::is_regular_file(st)) return archive;
  if (!std::filesystem::exists(st) && has_archive_name(archive)) return archive;
  return "";
}

}  // namespace

int run_import_command(const std::vector<std::string>& args) {
  po::options_description options("ludex import --db DB PATH...");
  options.add_options()                                              //
      ("help,h", "show this help")                                   //
      ("db", po::value<std::string>()->required(), "database file")  //
      ("path", po::value<std::vector<std::string>>()->required(),
       "files, directories (recursive) and archives to import")                           //
      ("jobs,j", po::value<int>()->default_value(0), "parse workers (0 = one per core)")  //
      ("quiet,q", "no diagnostics, progress or summary on stderr")                        //
      ("prune", "forget recorded files under the given paths that no longer exist")       //
      ("checksum",
       "hash every file to see whether it changed, even when its size and time "
       "are the recorded ones")                                                           //
      ("dedupe", "do not store games whose moves are already stored; record where seen")  //
      ("warnings", "list every warning, not only their number")                           //
      ("max-member-size", po::value<std::string>()->default_value("256M"),
       "largest archive member read (bytes; K, M, G suffixes)");
  po::positional_options_description positional;
  positional.add("path", -1);
  const auto parsed = parse_command_line("import", args, options, &positional);
  if (!parsed) return 2;
  if (parsed->help) {
    std::cout << options;
    return 0;
  }
  const po::variables_map& vm = parsed->vm;

  ImportOptions opts;
  opts.quiet = vm.count("quiet") != 0;
  opts.show_warnings = vm.count("warnings") != 0;
  opts.jobs = vm["jobs"].as<int>();
  opts.prune = vm.count("prune") != 0;
  opts.checksum = vm.count("checksum") != 0;
  opts.dedupe = vm.count("dedupe") != 0;
  opts.progress = !opts.quiet && isatty(STDERR_FILENO) != 0;
  if (opts.jobs < 0) {
    std::cerr << "ludex import: --jobs must not be negative\n";
    return 2;
  }
  const std::optional<std::int64_t> max_member =
      parse_byte_size(vm["max-member-size"].as<std::string>());
  if (!max_member || *max_member <= 0) {
    std::cerr << "ludex import: --max-member-size takes a positive size such as 256M, not '"
              << vm["max-member-size"].as<std::string>() << "'\n";
    return 2;
  }
  opts.archive_limits.max_member_bytes = *max_member;
  // Before the database is opened: a usage error stores nothing.
  for (const std::string& path : vm["path"].as<std::vector<std::string>>()) {
    const std::string archive = archive_of_member_path(path);
    if (archive.empty()) continue;
    std::cerr << "ludex import: '" << path << "' names a member of the archive '" << archive
              << "'; a member is imported by importing its archive (ludex import --db DB "
              << archive << "), which imports each of its members\n";
    return 2;
  }
  const std::string& db_path = vm["db"].as<std::string>();
  std::optional<Database> db;
  std::optional<Importer> importer;
  ImportSummary s;
  try {
    db.emplace(db_path, Database::Mode::kReadWrite);
    importer.emplace(*db, opts, std::cerr);
    s = importer->run(vm["path"].as<std::vector<std::string>>());
  } catch (const std::exception& e) {
    const StorageFailure failure = storage_failure(e);
    if (failure == StorageFailure::kNone) throw;
    std::cerr << "ludex import: "
              << stopped_message(failure, db_path, e.what(),
                                 importer ? importer->stored() : ImportStored{})
              << "\n";
    return 1;
  }
  if (!opts.quiet) {
    if (s.games_rehashed != 0) {
      std::cerr << "hashed the moves of " << s.games_rehashed
                << " stored games (hashed by an older ludex, or not at all)\n";
    }
    if (s.games_ranked != 0) {
      std::cerr << "read the stated ranks of " << s.games_ranked
                << " stored games (a database of an older ludex)\n";
    }
    if (s.games_streamed != 0) {
      std::cerr << "stored the positions of " << s.games_streamed
                << " stored games for search (a database of an older ludex)\n";
    }
    std::cerr << "imported " << s.games << " games (" << s.nodes << " nodes) from " << s.files_found
              << " files: " << s.files_new << " new, " << s.files_replaced << " replaced, "
              << s.files_unchanged << " unchanged, " << s.files_pruned << " pruned, "
              << s.files_failed << " not game files; ";
    if (s.archives != 0) {
      std::cerr << s.archives << " archives (" << s.archives_unchanged << " unchanged); ";
    }
    std::cerr << s.duplicates << " duplicates (" << s.deduped << " not stored); " << s.errors
              << " errors, " << s.warnings << " warnings; " << std::fixed << std::setprecision(2)
              << s.seconds << " s\n";
  }
  return 0;
}

}  // namespace ludex
