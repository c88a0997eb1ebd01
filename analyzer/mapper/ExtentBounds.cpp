#include "mapper/ExtentBounds.h"

#include <map>
#include <tuple>

#include "llvm/Support/Parallel.h"
#include "mapper/BlockShapes.h"

namespace bankcheck::mapper {

namespace {
// Whether some loop around `a` has a trip count that names a value the analysis cannot know
// (the only loops the probe can bound), and the address names its iteration.
bool mayNeedBound(const ir::TranslationUnit& tu, const ir::Access& a) {
  if (!a.byteOffset || a.loops.empty()) return false;
  const ir::KernelInstance& k = tu.kernel(a.kernelInstance);
  const ir::ExprFeatures offset = ir::featuresOf(a.byteOffset);
  for (int id : a.loops) {
    const ir::Loop& L = k.loops[static_cast<size_t>(id)];
    if (!std::binary_search(offset.symbols.begin(), offset.symbols.end(), L.iterSymbol)) continue;
    if (!L.condition) return true;
    const ir::ExprFeatures c = ir::featuresOf(L.condition);
    if (c.unknown || c.blockIdx) return true;
    for (int s : c.symbols)
      if (k.symbols[static_cast<size_t>(s)].kind != ir::SymbolKind::LoopIteration) return true;
  }
  return false;
}
}  // namespace

void boundLoopsByExtent(ir::TranslationUnit& tu, const AnalysisOptions& options) {
  struct Task {
    size_t access;
    size_t shape;
  };
  std::vector<Task> tasks;
  for (size_t i = 0; i < tu.accesses.size(); ++i) {
    const ir::Access& a = tu.accesses[i];
    if (a.kernelInstance < 0 || !mayNeedBound(tu, a)) continue;
    for (size_t s = 0; s < blockShapeCount(tu.kernel(a.kernelInstance)); ++s) tasks.push_back({i, s});
  }
  if (tasks.empty()) return;
  MapperLimits limits = options.limits;
  limits.probeExtent = true;
  std::vector<AccessResult> probed(tasks.size());
  llvm::parallelFor(0, tasks.size(), [&](size_t t) {
    const ir::Access& a = tu.accesses[tasks[t].access];
    const ir::LaunchShape& shape = blockShape(tu.kernel(a.kernelInstance), tasks[t].shape);
    WidthPlan plan;
    plan.width = a.widthBytes;
    probed[t] = mapAccess(tu, a, shape, plan, limits);
  });
  // The smallest bound per (kernel, loop, shape); ties keep the first access in source order.
  std::map<std::tuple<int, int, unsigned, unsigned, unsigned>, ir::Loop::ExtentBound> bounds;
  for (size_t t = 0; t < tasks.size(); ++t) {
    const AccessResult& r = probed[t];
    if (r.extentLoop < 0) continue;
    const ir::Access& a = tu.accesses[tasks[t].access];
    const ir::LaunchShape& shape = blockShape(tu.kernel(a.kernelInstance), tasks[t].shape);
    ir::Loop::ExtentBound b{shape.x, shape.y, shape.z, r.extentTrips, r.extentEvidence};
    auto [it, fresh] = bounds.try_emplace({a.kernelInstance, r.extentLoop, shape.x, shape.y, shape.z}, b);
    if (!fresh && b.trips < it->second.trips) it->second = b;
  }
  for (const auto& [key, b] : bounds)
    tu.kernels[static_cast<size_t>(std::get<0>(key))].loops[static_cast<size_t>(std::get<1>(key))].extentBounds.push_back(b);
}

}  // namespace bankcheck::mapper
