#include "mapper/UnitAnalysis.h"

namespace bankcheck::mapper {

UnitAnalysis analyzeUnit(const ir::TranslationUnit& tu, const AnalysisOptions& options) {
  UnitAnalysis out;
  out.results.reserve(tu.accesses.size());
  for (const ir::Access& a : tu.accesses) {
    WidthPlan plan = predictWidth(tu, a, options.width);
    if (options.ptx) plan = widthFromPtx(*options.ptx, tu, a, plan);
    out.results.push_back(mapAccess(tu, a, plan, options.limits));
  }
  return out;
}

}  // namespace bankcheck::mapper
