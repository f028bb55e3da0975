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

TEST_CASE("values stored by name get the command line's values and messages", "[options]") {
  po::options_description options("test");
  options.add_options()                               //
      ("limit", po::value<int>())                     //
      ("name", po::value<std::string>()->required())  //
      ("tag", po::value<std::vector<std::string>>())  //
      ("around", po::value<int>()->default_value(1))  //
      ("first", "");
  const auto message = [&](const std::vector<NamedValue>& values,
                           const std::vector<std::string>& args) {
    const auto named = parse_named_values(values, options);
    const auto parsed = parse_arguments(args, options);
    REQUIRE(std::holds_alternative<std::string>(named));
    REQUIRE(std::holds_alternative<std::string>(parsed));
    CHECK(std::get<std::string>(named) == std::get<std::string>(parsed));
    return std::get<std::string>(named);
  };
  CHECK(message({{"name", "a"}, {"limit", "x"}}, {"--name=a", "--limit=x"}) ==
        "the argument ('x') for option '--limit' is invalid");
  CHECK(message({{"limit", "3"}}, {"--limit=3"}) == "the option '--name' is required but missing");
  CHECK(message({{"name", "a"}, {"name", "b"}}, {"--name=a", "--name=b"}) ==
        "option '--name' cannot be specified more than once");
  CHECK(message({{"name", "a"}, {"limit", "%value%"}}, {"--name=a", "--limit=%value%"}) ==
        "invalid option or value '--limit=%value%'");

  const auto ok = parse_named_values(
      {{"name", "-3"}, {"tag", "x"}, {"tag", ""}, {"first", std::nullopt}}, options);
  REQUIRE(std::holds_alternative<ParsedArgs>(ok));
  const po::variables_map& vm = std::get<ParsedArgs>(ok).vm;
  CHECK(vm["name"].as<std::string>() == "-3");  // a value, never an option
  CHECK(vm["tag"].as<std::vector<std::string>>() == std::vector<std::string>{"x", ""});
  CHECK(vm.count("first") == 1);
  CHECK(vm["around"].as<int>() == 1);
  CHECK(vm.count("limit") == 0);
}

}  // namespace
}  // namespace ludex
