#include "advisor/AtomicStores.h"

#include <map>
#include <tuple>

#include "advisor/PaddingSearch.h"
#include "fmt/format.h"

namespace bankcheck::advisor {

ExchangeStores exchangesAsStores(const ir::TranslationUnit& tu, const std::vector<int>& accesses) {
  ExchangeStores out;
  std::vector<ir::Access> after;
  std::vector<size_t> rewritten;  // positions in `after`
  std::map<std::tuple<std::string, unsigned, unsigned>, Edit> edits;
  for (int id : accesses) {
    ir::Access a = tu.accesses[static_cast<size_t>(id)];
    if (a.kind == ir::AccessKind::Atomic && a.byteOffset && !a.exchangeAsStore.empty()) {
      Edit e;
      e.span = a.span;
      e.original = a.spelling;
      e.text = a.exchangeAsStore;
      const auto [it, inserted] = edits.emplace(std::make_tuple(a.span.begin.file, a.span.beginOffset, a.span.endOffset), e);
      if (!inserted && it->second.text != e.text) {
        out.whyNot = fmt::format("the exchange at line {} would be written differently in two of its copies ('{}', '{}')",
                                 a.span.begin.line, it->second.text, e.text);
        return out;
      }
      a.kind = ir::AccessKind::Store;
      a.atomicForm = ir::Access::AtomicForm::Serial;
      rewritten.push_back(after.size());
    } else if (a.kind == ir::AccessKind::Atomic && !a.exchangeAsStoreWhyNot.empty() && out.leftAsAtomic.empty()) {
      out.leftAsAtomic = fmt::format("the exchange at line {} ({}) is not rewritten as a store: {}", a.span.begin.line, a.spelling,
                               a.exchangeAsStoreWhyNot);
    }
    after.push_back(std::move(a));
  }
  if (rewritten.empty()) {
    out.whyNot = out.leftAsAtomic;
    return out;
  }
  const std::vector<mapper::AccessResult> results = mapAccesses(tu, after);
  // A volatile store is never merged with its neighbours: where the mapper would merge the
  // stores it predicts, the prediction is not what nvcc emits.
  for (size_t i : rewritten)
    if (results[i].mergedWithNeighbours || (results[i].instructionWidth && results[i].instructionWidth != after[i].widthBytes)) {
      out.whyNot = fmt::format("the exchange at line {} written as a store would be predicted merged with its neighbours, which nvcc "
                               "does not do for a volatile store",
                               after[i].span.begin.line);
      return out;
    }
  for (const mapper::AccessResult& r : results) accumulate(out.evaluation, r);
  out.rewritten = static_cast<unsigned>(rewritten.size());
  for (auto& [where, e] : edits) out.edits.push_back(std::move(e));
  return out;
}

}  // namespace bankcheck::advisor
