#include "advisor/OtherViewPadding.h"

#include <algorithm>
#include <map>
#include <tuple>

#include "advisor/ViewDataFlow.h"
#include "fmt/format.h"

namespace bankcheck::advisor {

namespace {
using SpanKey = std::tuple<std::string, unsigned, unsigned>;
SpanKey keyOf(const ir::SourceSpan& s) { return {s.begin.file, s.beginOffset, s.endOffset}; }

bool overlaps(const ir::SourceSpan& x, const ir::SourceSpan& y) {
  return x.begin.file == y.begin.file && x.beginOffset < y.endOffset && y.beginOffset < x.endOffset;
}
}  // namespace

void padOtherView(const ir::TranslationUnit& tu, const std::vector<int>& roots, const std::vector<int>& accesses,
                  const DynamicExtent& extent, int64_t maxStaticBytes, const std::function<bool()>& expired,
                  FlattenedResult& result) {
  if (!result.declaredRow || result.inPlace.empty() || result.edits.empty()) return;
  Evaluation view;
  std::vector<int> ids;
  std::string lines;
  for (size_t i : result.inPlace) {
    accumulate(view, result.results[i]);
    ids.push_back(accesses[i]);
    lines += (lines.empty() ? "" : ", ") + std::to_string(tu.accesses[static_cast<size_t>(accesses[i])].span.begin.line);
  }
  if (view.worstWays <= 1 + 1e-9) return;  // nothing to lower
  DynamicExtent own = extent;
  own.otherView = true;
  const FlattenedResult second = searchFlattenedPadding(tu, roots, ids, view, maxStaticBytes, expired, &own);
  const std::string kept = fmt::format("the other view (lines {}) keeps its conflicts: ", lines);
  if (second.edits.empty()) {
    result.otherViewNote = kept + (second.timedOut ? "the search for a padding of its own rows ran out of time" : second.whyNot);
    return;
  }
  // The byte counts: both paddings edit the same launches; each must hold the larger growth.
  std::map<SpanKey, size_t> firstByteCount;
  for (const auto& [index, bytes] : result.byteCountEdits) firstByteCount[keyOf(result.edits[index].span)] = index;
  std::map<size_t, int64_t> growthOf(result.byteCountEdits.begin(), result.byteCountEdits.end());
  std::vector<char> isByteCount(second.edits.size(), 0);
  std::vector<std::pair<size_t, size_t>> replaced;  // first's edit index, second's edit index
  std::vector<size_t> added;                          // second's byte counts the first leaves alone (an opt-in)
  for (const auto& [index, bytes] : second.byteCountEdits) {
    isByteCount[index] = 1;
    const auto found = firstByteCount.find(keyOf(second.edits[index].span));
    if (bytes < 0 || (found != firstByteCount.end() && growthOf[found->second] < 0)) {
      result.otherViewNote = kept + "the byte counts of its launches are computed at run time, and the two paddings' growths are not "
                                    "compared";
      return;
    }
    if (found == firstByteCount.end()) added.push_back(index);
    else if (bytes > growthOf[found->second]) replaced.push_back({found->second, index});
  }
  for (size_t j = 0; j < second.edits.size(); ++j) {
    if (isByteCount[j]) continue;
    for (const Edit& e : result.edits)
      if (overlaps(e.span, second.edits[j].span)) {
        result.otherViewNote = kept + fmt::format("its padding would rewrite '{}' at line {}, which the first padding edits too",
                                                  second.edits[j].original, second.edits[j].span.begin.line);
        return;
      }
  }
  const std::map<size_t, int64_t> secondGrowth(second.byteCountEdits.begin(), second.byteCountEdits.end());
  for (const auto& [first, other] : replaced) {
    result.edits[first] = second.edits[other];
    for (auto& [index, bytes] : result.byteCountEdits)
      if (index == first) bytes = secondGrowth.at(other);
  }
  // The view's term edits go before the byte counts, with the first padding's index edits.
  std::vector<Edit> terms;
  for (size_t j = 0; j < second.edits.size(); ++j)
    if (!isByteCount[j]) terms.push_back(second.edits[j]);
  const size_t insertAt = result.byteCountEdits.empty()
                              ? result.edits.size()
                              : std::min_element(result.byteCountEdits.begin(), result.byteCountEdits.end())->first;
  result.edits.insert(result.edits.begin() + static_cast<std::ptrdiff_t>(insertAt), terms.begin(), terms.end());
  for (auto& [index, bytes] : result.byteCountEdits) index += terms.size();
  for (size_t j : added) {
    result.byteCountEdits.push_back({result.edits.size(), secondGrowth.at(j)});
    result.edits.push_back(second.edits[j]);
  }
  for (size_t j = 0; j < result.inPlace.size(); ++j) result.results[result.inPlace[j]] = second.results[j];
  result.evaluation = Evaluation{};
  for (const mapper::AccessResult& r : result.results) accumulate(result.evaluation, r);
  result.bytesAdded = std::max(result.bytesAdded, second.bytesAdded);
  result.viewsNote = separateViewsNote(lines, tu.array(roots.front()).name, true);
  const int64_t elementBytes = tu.array(roots.front()).elementSize;
  result.otherViewNote = fmt::format("the other view's rows (lines {}) are padded on their own: each row of {} bytes gets {} more, "
                                     "its {} written {} t becoming t + t / S * P in {} own units; each launch's byte count grows by "
                                     "the larger of the two paddings",
                                     lines, second.rowElements * elementBytes, second.pad * elementBytes, second.indexEdits,
                                     second.indexEdits == 1 ? "term" : "terms", second.indexEdits == 1 ? "its" : "their");
}

}  // namespace bankcheck::advisor
