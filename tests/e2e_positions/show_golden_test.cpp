// Golden-output tests of the text view of `ludex show` (query/board_text.h):
// for each family a game, written here or read from the corpus, is
// imported and shown, plain and with --color=always, and the output must
// equal tests/fixtures/show/<name>.txt byte for byte. The files are meant to
// be read: tests/fixtures/show/README.md says what a player of each game
// should see in them.
//
// To change a golden on purpose, run the tests with LUDEX_UPDATE_GOLDEN=1:
// each differing file is rewritten (and the test still fails, naming it),
// then read the new files before committing them.
//
// Also here: colour only where asked for or where stdout is a terminal (run
// under a pseudo-terminal), never with --json, and NO_COLOR honoured.
#include <poll.h>
#include <pty.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "tests/e2e_positions/positions_support.h"

namespace ludex::test {
namespace {

namespace fs = std::filesystem;

fs::path golden_dir() {
  return fs::path(LUDEX_FIXTURE_DIR) / "show";
}

// The line (from 1) where a and b first differ, with both versions.
std::string first_difference(const std::string& expected, const std::string& actual) {
  std::istringstream a(expected);
  std::istringstream b(actual);
  std::string la;
  std::string lb;
  for (int line = 1;; ++line) {
    const bool more_a = static_cast<bool>(std::getline(a, la));
    const bool more_b = static_cast<bool>(std::getline(b, lb));
    if (!more_a && !more_b) return "(they differ only in line ends)";
    if (!more_a || !more_b || la != lb) {
      return "line " + std::to_string(line) + ":\n  golden: " + (more_a ? la : "(end)") +
             "\n  actual: " + (more_b ? lb : "(end)");
    }
  }
}

// Compares `actual` with the golden file `name`, or rewrites it when
// LUDEX_UPDATE_GOLDEN is set.
void check_golden(const std::string& name, const std::string& actual) {
  const fs::path path = golden_dir() / name;
  const char* update = std::getenv("LUDEX_UPDATE_GOLDEN");
  const bool exists = fs::exists(path);
  const std::string expected = exists ? read_bytes(path) : std::string();
  if (update != nullptr && *update != '\0' && (!exists || expected != actual)) {
    write_bytes(path, actual);
    FAIL("rewrote " << path.string() << ": read it before committing it");
  }
  INFO("golden " << path.string() << " (LUDEX_UPDATE_GOLDEN=1 rewrites it)");
  REQUIRE(exists);
  if (expected != actual) FAIL(first_difference(expected, actual));
}

// One game per file, imported into one database; game ids by file name.
struct GoldenGames {
  ScratchDir dir{"e2e-positions-show-golden"};
  std::string db = dir / "g.db";
  std::map<std::string, std::int64_t> ids;
  GoldenGames() {
    // Go 9x9: B captures W's E9 (B E5, W E9, B D9, W G3, B F9, W C3, B E8),
    // both pass in one node, W plays C7 (the last move).
    write_bytes(dir.path() / "go.sgf",
                "(;FF[4]GM[1]SZ[9]KM[7]PB[Honinbo Shusaku]PW[Gennan Inseki]RE[W+R]"
                ";B[ee];W[ea];B[da];W[gg];B[fa];W[cg];B[eb];W[gc];B[tt]W[tt];W[cc])\n");
    // Hex 9x9, HexGui 1.0: B d2, W swaps (its stone on b4), then B e5, W f3,
    // B d6, W c7 (the last move).
    write_bytes(dir.path() / "hex.sgf",
                "(;FF[4]GM[11]SZ[9]AP[HexGui:1.0]PB[alice]PW[bob]"
                ";B[d2];W[swap-pieces];B[e5];W[f3];B[d6];W[c7])\n");
    // Twixt 12x12 (STD): links in all four directions, across W's top and
    // bottom border lines and B's left one; W e8-f10 is not linked (it
    // would cross B's d8-f9); W g12 is the last move.
    write_bytes(dir.path() / "twixt.sgf",
                "(;FF[4]GM[21]SZ[12]RU[STD]PW[ann]PB[bob]"
                ";W[F1];B[A5];W[G3];B[C6];W[E4];B[D8];W[F6];B[F9];W[E8];B[H10];W[F10];B[J11]"
                ";W[G12])\n");
    // Blokus Duo, as sample/blokus-duo.blksgf: four pieces, I3 last.
    write_bytes(dir.path() / "blokus.blksgf",
                "(;FF[4]CA[UTF-8]AP[Pentobi:20.0]GM[Blokus Duo]PB[Ada Lovelace]"
                "PW[Grace Hopper];B[e9,e10,f10,e11,e12];W[j4,j5,k5,j6];B[g8,h8,g9,h9]"
                ";W[i7,i8,i9])\n");
    // Blokus Trigon Two-Player: 17 moves of Pentobi's search test.
    fs::copy_file(corpus_dir() / "blksgf" / "inline-tests" /
                      "pentobi-SearchTest-pentobi_mcts_search_no_large_pieces-1.sgf",
                  dir.path() / "trigon.blksgf");
    run_ludex_ok({"import", "--db", db, "--quiet", dir.path().string()});
    ids = game_ids_by_file(db);
  }
  // The output with this scratch folder's path (in the header's file line)
  // written as DIR, so that the goldens do not depend on where it is.
  RunResult show(const std::string& file, const std::vector<std::string>& more = {}) const {
    std::vector<std::string> args = {"show", "--db", db, "--game", std::to_string(ids.at(file))};
    args.insert(args.end(), more.begin(), more.end());
    RunResult r = run_ludex_ok(args);
    const std::string folder = dir.path().string();
    for (std::size_t at = r.out.find(folder); at != std::string::npos;
         at = r.out.find(folder, at)) {
      r.out.replace(at, folder.size(), "DIR");
    }
    return r;
  }
};

// Runs ludex with stdout and stderr on a pseudo-terminal (as a user's
// shell would) and returns what it wrote there, with `env` added to the
// environment.
//
// The parent keeps its own descriptor of the terminal's slave side open
// until the child has exited and the master is drained: were the child's
// the last one, the kernel would hang the terminal up when it exits, and a
// read of the master may then fail (EIO) before the child's last output has
// been passed to it, which made this test lose the whole output now and then.
std::string run_on_terminal(const std::vector<std::string>& args,
                            const std::vector<std::string>& env = {}) {
  std::vector<std::string> argv_storage = {LUDEX_BINARY};
  argv_storage.insert(argv_storage.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& a : argv_storage) argv.push_back(a.data());
  argv.push_back(nullptr);
  std::vector<std::string> env_storage = env;
  int master = -1;
  int slave = -1;
  REQUIRE(openpty(&master, &slave, nullptr, nullptr, nullptr) == 0);
  const pid_t pid = fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    close(master);
    setsid();
    ioctl(slave, TIOCSCTTY, 0);
    dup2(slave, STDIN_FILENO);
    dup2(slave, STDOUT_FILENO);
    dup2(slave, STDERR_FILENO);
    if (slave > STDERR_FILENO) close(slave);
    unsetenv("NO_COLOR");
    for (std::string& e : env_storage) putenv(e.data());
    execv(argv[0], argv.data());
    _exit(127);
  }
  std::string out;
  char buf[4096];
  int status = 0;
  bool exited = false;
  // After the exit, whatever is still on its way: until the master has been
  // quiet for 200 ms.
  for (;;) {
    pollfd p{master, POLLIN, 0};
    const int ready = poll(&p, 1, exited ? 200 : 20);
    if (ready > 0 && (p.revents & POLLIN) != 0) {
      const ssize_t n = read(master, buf, sizeof buf);
      if (n > 0) {
        out.append(buf, static_cast<std::size_t>(n));
        continue;
      }
    }
    if (exited) break;
    exited = waitpid(pid, &status, WNOHANG) == pid;
  }
  close(master);
  close(slave);
  REQUIRE(WIFEXITED(status));
  REQUIRE(WEXITSTATUS(status) == 0);
  return out;
}

}  // namespace

TEST_CASE("show golden: one game per family, plain and in colour", "[e2e][positions][show]") {
  const GoldenGames g;
  for (const std::string family : {"go", "hex", "twixt", "blokus"}) {
    const std::string file = family + (family == "blokus" ? ".blksgf" : ".sgf");
    SECTION(family) {
      // Piped (not a terminal): no colour without being asked for it.
      const RunResult plain = g.show(file);
      check_golden(family + ".txt", plain.out);
      CHECK(plain.out.find('\x1b') == std::string::npos);
      CHECK(g.show(file, {"--no-color"}).out == plain.out);
      CHECK(g.show(file, {"--color", "never"}).out == plain.out);
      const RunResult color = g.show(file, {"--color=always"});
      check_golden(family + "-color.txt", color.out);
      CHECK(color.out.find("\x1b[") != std::string::npos);
      // --no-color wins over --color=always; JSON is never coloured.
      CHECK(g.show(file, {"--color=always", "--no-color"}).out == plain.out);
      CHECK(g.show(file, {"--color=always", "--json"}).out.find('\x1b') == std::string::npos);
    }
  }
  SECTION("trigon") {
    check_golden("blokus-trigon.txt", g.show("trigon.blksgf").out);
  }
  SECTION("a position before the end: the last move is the one shown") {
    // Hex after the swap: W's stone on b4, bracketed.
    check_golden("hex-move-2.txt", g.show("hex.sgf", {"--move", "2"}).out);
  }
}

TEST_CASE("show: colour on a terminal unless NO_COLOR or TERM=dumb", "[e2e][positions][show]") {
  const GoldenGames g;
  const std::vector<std::string> args = {"show", "--db", g.db, "--game",
                                         std::to_string(g.ids.at("go.sgf"))};
  // Each output must hold the game's header (its players), so that an output
  // lost on the way cannot pass for one without colour.
  const auto shown = [&](const std::vector<std::string>& a, const std::vector<std::string>& e) {
    const std::string out = run_on_terminal(a, e);
    INFO(out);
    CHECK(out.find("Honinbo Shusaku") != std::string::npos);
    return out;
  };
  CHECK(shown(args, {"TERM=xterm"}).find("\x1b[") != std::string::npos);
  CHECK(shown(args, {"TERM=xterm", "NO_COLOR=1"}).find('\x1b') == std::string::npos);
  CHECK(shown(args, {"TERM=dumb"}).find('\x1b') == std::string::npos);
  std::vector<std::string> never = args;
  never.push_back("--color=never");
  CHECK(shown(never, {"TERM=xterm"}).find('\x1b') == std::string::npos);
  std::vector<std::string> json = args;
  json.push_back("--json");
  CHECK(shown(json, {"TERM=xterm"}).find('\x1b') == std::string::npos);
}

TEST_CASE("show: a --color that is not auto, always or never is a usage error",
          "[e2e][positions][show]") {
  const GoldenGames g;
  const RunResult r = run_ludex(
      {"show", "--db", g.db, "--game", std::to_string(g.ids.at("go.sgf")), "--color", "sometimes"});
  CHECK(r.exit_code == 2);
  CHECK(r.out.empty());
  CHECK(r.err == "ludex show: --color 'sometimes': must be auto, always or never\n");
}

}  // namespace ludex::test
