#include "advisor/ViewDataFlow.h"

#include <algorithm>
#include <tuple>

#include "fmt/format.h"

namespace bankcheck::advisor {

namespace {
// Where an access runs in the kernel's order: inside a device function, at the kernel's call.
const ir::SourceLoc& orderLoc(const ir::Access& a) { return a.inlinedAt.empty() ? a.span.begin : a.inlinedAt.back(); }

std::tuple<unsigned, unsigned> position(const ir::Access& a) { return {orderLoc(a).line, orderLoc(a).column}; }

bool inLoop(const ir::Access& a, int loop) { return std::find(a.loops.begin(), a.loops.end(), loop) != a.loops.end(); }
}  // namespace

std::string viewsExchangeData(const std::vector<ir::Access>& accesses, const std::vector<char>& moves) {
  for (size_t r = 0; r < accesses.size(); ++r) {
    const ir::Access& read = accesses[r];
    if (!ir::readsShared(read.kind)) continue;
    const std::string what = fmt::format("the read at line {} ({})", read.span.begin.line, read.spelling);
    // The nearest write before it; one on its own line (`s[i] = s[j]`) is not known to come after it.
    const ir::Access* nearest = nullptr;
    for (size_t w = 0; w < accesses.size(); ++w) {
      const ir::Access& write = accesses[w];
      if (w == r || !ir::writesShared(write.kind) || write.kernelInstance != read.kernelInstance) continue;
      if (orderLoc(write).file != orderLoc(read).file) return what + " and the write at line " + std::to_string(write.span.begin.line) +
                                                                   " are in different files, whose order is not known";
      if (orderLoc(write).line == orderLoc(read).line && moves[w] != moves[r])
        return fmt::format("{} and the write at line {} of the other view are on one line", what, write.span.begin.line);
      if (position(write) >= position(read)) continue;
      if (!nearest || position(write) > position(*nearest)) nearest = &write;
    }
    if (nearest && moves[static_cast<size_t>(nearest - accesses.data())] != moves[r])
      return fmt::format("{} may return what the other view wrote at line {}", what, nearest->span.begin.line);
    // Through a loop around the read but not around that write: writes later in the loop reach it.
    for (int loop : read.loops) {
      if (nearest && inLoop(*nearest, loop)) continue;
      for (size_t w = 0; w < accesses.size(); ++w) {
        const ir::Access& write = accesses[w];
        if (ir::writesShared(write.kind) && write.kernelInstance == read.kernelInstance && moves[w] != moves[r] && inLoop(write, loop))
          return fmt::format("{} may return, in the next iteration of its loop, what the other view wrote at line {}", what,
                             write.span.begin.line);
      }
    }
  }
  return "";
}

std::string separateViewsNote(const std::string& lines, const std::string& buffer, bool ownPadding) {
  return fmt::format("the accesses at lines {} use another view of the memory of '{}' (no written term counts its rows) and {}: "
                     "each read of either view was last written through its own view (the nearest write before it, and none of "
                     "the other view in a loop around it), so no data passes between them; that a write covers what the reads "
                     "after it take is assumed, as the program does",
                     lines, buffer, ownPadding ? "get rows padded on their own" : "keep their bytes");
}

}  // namespace bankcheck::advisor
