// The options of `ludex events` and `ludex event` and what they ask for:
// the usual game filters that choose events (family, size, player, dates,
// event name, limit) and the event's own (gap, kind, scoring, tie-breaks).
// A filter that chooses games but not events is a usage error.
//
// Thread-safety: pure functions.
#ifndef LUDEX_QUERY_EVENT_OPTIONS_H_
#define LUDEX_QUERY_EVENT_OPTIONS_H_

#include <string>
#include <string_view>

#include <boost/program_options.hpp>

#include "core/diagnostic.h"
#include "query/event_page.h"
#include "schema/events/event_list.h"

namespace ludex {

// --gap DAYS, --no-levels.
void add_event_list_options(boost::program_options::options_description& options);
// --id, --part, --kind, --scoring, --tie-breaks.
void add_event_page_options(boost::program_options::options_description& options);

Result<EventListQuery> event_list_query_of(const boost::program_options::variables_map& vm);
Result<EventPageQuery> event_page_query_of(const boost::program_options::variables_map& vm,
                                           const std::string& name);

// "1,0.5,0" (win, draw, loss) -> EventScoring; "3,1,0" for 3-1-0.
Result<EventScoring> parse_scoring(std::string_view text);
// "sb,direct,wins" -> the tie-breaks in that order; "none" -> none.
Result<std::vector<TieBreak>> parse_tie_breaks(std::string_view text);

}  // namespace ludex

#endif  // LUDEX_QUERY_EVENT_OPTIONS_H_
