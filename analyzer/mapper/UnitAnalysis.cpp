#include "mapper/UnitAnalysis.h"

#include "llvm/Support/Parallel.h"

namespace bankcheck::mapper {

UnitAnalysis analyzeUnit(const ir::TranslationUnit& tu, const AnalysisOptions& options) {
  UnitAnalysis out;
  out.results.resize(tu.accesses.size());
  // Accesses are independent: spread them over the cores (llvm::parallelFor).
  llvm::parallelFor(0, tu.accesses.size(), [&](size_t i) {
    const ir::Access& a = tu.accesses[i];
    WidthPlan plan = predictWidth(tu, a, options.width);
    if (options.ptx) plan = widthFromPtx(*options.ptx, tu, a, plan);
    out.results[i] = mapAccess(tu, a, plan, options.limits);
  });
  return out;
}

}  // namespace bankcheck::mapper
