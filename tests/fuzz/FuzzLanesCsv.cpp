// libFuzzer target: arbitrary bytes as the CSV of `bankcheck lanes` (per-lane addresses, width,
// operation, optional measured column). Any crash or sanitizer report is a bug; malformed rows must
// be reported, not trusted.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "model/LanePatternTable.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  std::ostringstream out, err;
  (void)bankcheck::model::runLanesCommand(in, "fuzz.csv", out, err);
  return 0;
}
