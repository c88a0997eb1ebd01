#include "mapper/UnitAnalysis.h"

#include "llvm/Support/Parallel.h"
#include "mapper/BlockShapes.h"
#include "mapper/IterationMerge.h"
#include "mapper/ReusedLoads.h"
#include "mapper/WorstShape.h"

namespace bankcheck::mapper {

namespace {
// Whether shape `s` of `count` is mapped: all of them, or the one AnalysisOptions::onlyShape
// names (when it names one of them).
bool mapsShape(const AnalysisOptions& options, size_t s, size_t count) {
  return options.onlyShape < 0 || static_cast<size_t>(options.onlyShape) >= count || static_cast<size_t>(options.onlyShape) == s;
}

AccessResult mapWithShape(const ir::TranslationUnit& tu, const ir::Access& a, const ir::LaunchShape& shape,
                          const AnalysisOptions& options) {
  // A load whose value an earlier one already holds is not made again (ReusedLoads.h).
  if (options.width.mergeNeighbours && !options.ptx)
    if (const int reused = reusedLoad(tu, a); reused >= 0) return reusedLoadResult(tu, a, reused);
  WidthPlan plan = predictWidth(tu, a, shape, options.width);
  if (options.ptx) {
    plan = widthFromPtx(*options.ptx, tu, a, plan);
  } else if (options.width.mergeNeighbours) {
    // Merged with a neighbour in some copies of an unrolled loop only: each copy with its width.
    if (const std::optional<IterationSplit> split = splitByIteration(tu, a, shape, plan))
      return mapByIteration(tu, a, shape, *split, options.limits);
  }
  return mapAccess(tu, a, shape, plan, options.limits);
}
}  // namespace

UnitAnalysis analyzeUnit(const ir::TranslationUnit& tu, const AnalysisOptions& options) {
  // One task per (access, block shape): a family of ~20 shapes multiplies the work of its
  // kernel, so the shapes are spread over the cores too (llvm::parallelFor).
  struct Task {
    uint32_t access;
    uint32_t shape;
  };
  std::vector<Task> tasks;
  std::vector<size_t> firstTask(tu.accesses.size() + 1, 0);
  tasks.reserve(tu.accesses.size());
  for (size_t i = 0; i < tu.accesses.size(); ++i) {
    firstTask[i] = tasks.size();
    const size_t shapes = blockShapeCount(tu.kernel(tu.accesses[i].kernelInstance));
    for (size_t s = 0; s < shapes; ++s) tasks.push_back({static_cast<uint32_t>(i), static_cast<uint32_t>(s)});
  }
  firstTask[tu.accesses.size()] = tasks.size();

  std::vector<AccessResult> perShape(tasks.size());
  llvm::parallelFor(0, tasks.size(), [&](size_t t) {
    const ir::Access& a = tu.accesses[tasks[t].access];
    perShape[t] = mapWithShape(tu, a, blockShape(tu.kernel(a.kernelInstance), tasks[t].shape), options);
  });

  UnitAnalysis out;
  out.results.reserve(tu.accesses.size());
  for (size_t i = 0; i < tu.accesses.size(); ++i)
    out.results.push_back(worstOfShapes(llvm::MutableArrayRef<AccessResult>(perShape).slice(firstTask[i], firstTask[i + 1] - firstTask[i])));
  return out;
}

AccessResult analyzeAccess(const ir::TranslationUnit& tu, const ir::Access& access, const AnalysisOptions& options) {
  const ir::KernelInstance& k = tu.kernel(access.kernelInstance);
  std::vector<AccessResult> perShape;
  perShape.reserve(blockShapeCount(k));
  for (size_t s = 0; s < blockShapeCount(k); ++s)
    if (mapsShape(options, s, blockShapeCount(k))) perShape.push_back(mapWithShape(tu, access, blockShape(k, s), options));
  return worstOfShapes(perShape);
}

AccessResult analyzeMovedAccess(const ir::TranslationUnit& tu, const ir::Access& moved, const ir::Access& original,
                                unsigned keptAlignment, const AnalysisOptions& options) {
  const ir::KernelInstance& k = tu.kernel(moved.kernelInstance);
  std::vector<AccessResult> perShape;
  perShape.reserve(blockShapeCount(k));
  for (size_t s = 0; s < blockShapeCount(k); ++s) {
    if (!mapsShape(options, s, blockShapeCount(k))) continue;
    const ir::LaunchShape& shape = blockShape(k, s);
    // `moved` is not among the unit's accesses: its neighbours did not move with it.
    WidthPredictionOptions width = options.width;
    width.mergeNeighbours = false;
    WidthPlan plan = predictWidth(tu, original, shape, width);
    if (plan.width <= moved.widthBytes || keptAlignment == 0 || keptAlignment % plan.width != 0)
      plan = predictWidth(tu, moved, shape, width);
    perShape.push_back(mapAccess(tu, moved, shape, plan, options.limits));
  }
  return worstOfShapes(perShape);
}

}  // namespace bankcheck::mapper
