// The game filters shared by `ludex query` and `ludex export`.
#ifndef LUDEX_QUERY_FILTER_OPTIONS_H_
#define LUDEX_QUERY_FILTER_OPTIONS_H_

#include <string>

#include <boost/program_options.hpp>

#include "core/diagnostic.h"
#include "schema/game_query.h"

namespace ludex {

// Adds --player, --family, --variant, --size, --event, --result, --winner,
// --date-from, --date-to, --moves-min, --moves-max, --duplicates, --game, --limit,
// and the paging and order options --offset, --sort, --desc.
void add_filter_options(boost::program_options::options_description& options);

// Builds the filter from parsed options. A value that does not make sense
// (an unknown family, a winner that is no seat) is an Error naming the option.
Result<GameFilter> filter_from_options(const boost::program_options::variables_map& vm);

}  // namespace ludex

#endif  // LUDEX_QUERY_FILTER_OPTIONS_H_
