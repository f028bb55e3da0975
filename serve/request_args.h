// Query parameters as the options they stand for: `player=ann&first=1` is
// `--player ann --first`. The server stores them as the values of the
// subcommand's own options (options/command_line.h parse_named_values, no
// command line in between), so that a parameter has the option's meaning
// and a bad one gets the option's message.
#ifndef LUDEX_SERVE_REQUEST_ARGS_H_
#define LUDEX_SERVE_REQUEST_ARGS_H_

#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include <boost/program_options.hpp>

#include "options/command_line.h"

#include "serve/api.h"

namespace ludex {

// The option values for params, in request order: a parameter naming an
// option that takes a value gives that value (repeated parameters repeat
// the option; an empty value is left out, as a blank form field, but for
// `line`, whose empty value is the empty board); one naming a flag gives
// the switch when its value is "", "1", "true", "yes" or "on" and is left
// out for "0", "false", "no", "off". Returns a message instead for a parameter the options do not
// know
// ("unknown parameter 'foo'"), one listed in `refused` (with its reason),
// a flag with another value, or a name that is not an option name (empty,
// or starting with '-'), so that no value can pass for an option.
std::variant<std::vector<NamedValue>, std::string> request_args(
    const QueryParams& params, const boost::program_options::options_description& options,
    const std::vector<std::pair<std::string, std::string>>& refused = {});

}  // namespace ludex

#endif  // LUDEX_SERVE_REQUEST_ARGS_H_
