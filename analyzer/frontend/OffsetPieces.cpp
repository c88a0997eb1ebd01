#include "frontend/OffsetPieces.h"

namespace bankcheck::frontend {

bool OffsetPieces::sameTerms(const OffsetPieces& o) const {
  const size_t n = list ? list->size() : 0;
  if (n != (o.list ? o.list->size() : 0)) return false;
  for (size_t i = 0; i < n; ++i) {
    const ir::SourceSpan& a = (*list)[i].span;
    const ir::SourceSpan& b = (*o.list)[i].span;
    if (a.begin.file != b.begin.file || a.beginOffset != b.beginOffset || a.endOffset != b.endOffset) return false;
  }
  return true;
}

OffsetPieces OffsetPieces::merged(const ir::ExprRef& cond, const OffsetPieces& o) const {
  OffsetPieces out;
  out.whyNot = !whyNot.empty() ? whyNot : o.whyNot;
  out.complete = complete && o.complete;
  if (!sameTerms(o)) {
    if (out.whyNot.empty()) out.whyNot = "the pointer is chosen at run time between different derivations";
    return out;
  }
  if (!list) return out;
  auto values = std::make_shared<std::vector<ir::OffsetPiece>>(*list);
  for (size_t i = 0; i < values->size(); ++i) {
    ir::OffsetPiece& p = (*values)[i];
    if (p.value != (*o.list)[i].value) {
      p.value = ir::makeSelect(cond, p.value, (*o.list)[i].value, ir::IntType::int64());
      p.splits.clear();  // the trailing addends may differ too
    }
  }
  out.list = std::move(values);
  return out;
}

}  // namespace bankcheck::frontend
