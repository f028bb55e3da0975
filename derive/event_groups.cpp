#include "derive/event_groups.h"

#include <cassert>

namespace ludex {

std::vector<EventRun> split_event_runs(const std::vector<std::optional<std::int32_t>>& days,
                                       std::int32_t gap_days) {
  assert(gap_days >= 0);
  std::vector<EventRun> runs;
  std::size_t dated = 0;
  while (dated < days.size() && days[dated]) ++dated;
  for (std::size_t i = 0; i < dated; ++i) {
    assert(i == 0 || *days[i - 1] <= *days[i]);
    if (runs.empty() || *days[i] - *runs.back().last_day > gap_days) {
      runs.push_back(EventRun{i, i + 1, days[i], days[i]});
    } else {
      runs.back().end = i + 1;
      runs.back().last_day = days[i];
    }
  }
  if (dated < days.size()) {
    if (runs.size() == 1) {
      runs.back().end = days.size();
    } else {
      runs.push_back(EventRun{dated, days.size(), std::nullopt, std::nullopt});
    }
  }
  return runs;
}

}  // namespace ludex
