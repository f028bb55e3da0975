// The shared argument parser (options/command_line.h): usage errors come
// back as messages, also for text that boost::program_options would loop
// on while making its message.
#include <catch2/catch.hpp>

#include <string>
#include <variant>
#include <vector>

#include "options/command_line.h"

namespace ludex {
namespace {

namespace po = boost::program_options;

std::variant<ParsedArgs, std::string> parse(const std::vector<std::string>& args) {
  po::options_description options("test");
  options.add_options()("limit", po::value<int>(), "a number")("name", po::value<std::string>(),
                                                               "a text");
  return parse_arguments(args, options);
}

TEST_CASE("usage errors come back as messages", "[options]") {
  const auto unknown = parse({"--nope"});
  REQUIRE(std::holds_alternative<std::string>(unknown));
  CHECK(std::get<std::string>(unknown) == "unrecognised option '--nope'");
  const auto bad = parse({"--limit", "x"});
  REQUIRE(std::holds_alternative<std::string>(bad));
  CHECK(std::get<std::string>(bad).find("'x'") != std::string::npos);
}

TEST_CASE("arguments holding boost's %placeholders% give a message and return", "[options]") {
  // boost::program_options's own message for these never returns (found by
  // fuzz/query_options_fuzzer.cpp; inputs in fuzz/regressions/query_options/).
  const auto unknown = parse({"--%original_token%"});
  REQUIRE(std::holds_alternative<std::string>(unknown));
  CHECK(std::get<std::string>(unknown) == "invalid option or value '--%original_token%'");
  const auto value = parse({"--limit", "%value%"});
  REQUIRE(std::holds_alternative<std::string>(value));
  CHECK(std::get<std::string>(value) == "invalid option or value '%value%'");
  // Such text where no error is made is an ordinary value.
  const auto fine = parse({"--name", "100%value% sure"});
  REQUIRE(std::holds_alternative<ParsedArgs>(fine));
  CHECK(std::get<ParsedArgs>(fine).vm["name"].as<std::string>() == "100%value% sure");
}

}  // namespace
}  // namespace ludex
