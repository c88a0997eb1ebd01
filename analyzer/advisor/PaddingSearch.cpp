#include "advisor/PaddingSearch.h"

#include <algorithm>

#include <fmt/format.h>

#include "advisor/PaddedUnit.h"
#include "mapper/UnitAnalysis.h"
#include "llvm/Support/Parallel.h"

namespace bankcheck::advisor {

std::vector<mapper::AccessResult> mapAccesses(const ir::TranslationUnit& tu, const std::vector<int>& accessIds) {
  std::vector<ir::Access> accesses;
  for (int id : accessIds) accesses.push_back(tu.accesses[static_cast<size_t>(id)]);
  return mapAccesses(tu, accesses);
}

Evaluation evaluateAccesses(const ir::TranslationUnit& tu, const std::vector<int>& accessIds) {
  Evaluation e;
  for (const mapper::AccessResult& r : mapAccesses(tu, accessIds)) accumulate(e, r);
  return e;
}

void accumulate(Evaluation& e, const mapper::AccessResult& r, bool weighCopies) {
  ++e.accesses;
  e.plans += r.plan + ";";
  e.enumerated += r.enumerated;
  if (r.status != mapper::AccessResult::Status::Computed) {
    ++e.unknown;
    return;
  }
  if (!r.weighedByAdvisor) {  // found again and computed, but not a cost the search weighs
    for (const mapper::ShapeOutcome& s : r.shapes)
      if (s.computed) e.copyWavefronts += s.totalWavefronts;
    if (!weighCopies) {
      ++e.unweighed;
      return;
    }
  }
  e.stoppedEarly |= r.stoppedEarly;
  for (const mapper::ShapeOutcome& s : r.shapes) {
    if (!s.computed) continue;
    e.totalWavefronts += s.totalWavefronts;
    if (s.executions > 0) e.worstWays = std::max(e.worstWays, s.ways());
  }
}

std::string copiesCostReason(const std::string& array, const std::string& kernel, const Evaluation& before, const Evaluation& after) {
  const double added = after.copyWavefronts - before.copyWavefronts;
  if (added <= 1e-9 * std::max(1.0, before.copyWavefronts)) return {};
  const double removed = before.totalWavefronts - after.totalWavefronts;
  if (removed >= kCopyWavefrontWeight * added) return {};
  return fmt::format("padding the rows of '{}' would raise its cp.async.cg copies in '{}' from {:.6g} to {:.6g} wavefronts "
                     "(Nsight Compute's count) and remove {:.6g} from its other accesses there, less than {:g} times what the copies gain: a "
                     "copy's wavefront costs more than a load's (the CUDA samples' bf16 async GEMM, padded at 3.5 times, ran "
                     "0.87x as fast; docs/advisor.md)",
                     array, kernel, before.copyWavefronts, after.copyWavefronts, std::max(removed, 0.0), kCopyWavefrontWeight);
}

void addToScreen(ScreenScore& s, const mapper::AccessResult& r) {
  const bool weighed = r.status == mapper::AccessResult::Status::Computed && r.weighedByAdvisor;
  for (const mapper::ShapeOutcome& o : r.shapes) {
    if (!o.computed) continue;
    if (o.executions > 0) {
      s.meanCost += o.totalWavefronts / o.executions;
      if (weighed) s.worst = std::max(s.worst, o.ways());
    } else if (r.stoppedEarly) {
      s.blind = true;
    }
  }
}

std::vector<mapper::AccessResult> mapAccesses(const ir::TranslationUnit& tu, const std::vector<ir::Access>& accesses) {
  std::vector<mapper::AccessResult> results(accesses.size());
  llvm::parallelFor(0, accesses.size(), [&](size_t i) { results[i] = mapper::analyzeAccess(tu, accesses[i]); });
  return results;
}

Evaluation evaluateAccesses(const ir::TranslationUnit& tu, const std::vector<ir::Access>& accesses) {
  Evaluation e;
  for (const mapper::AccessResult& r : mapAccesses(tu, accesses)) accumulate(e, r);
  return e;
}

namespace {
// Bank mappings repeat once a row grows by a whole bank line (128 bytes), so larger paddings
// only cost memory.
constexpr int64_t kBankLineBytes = 128;

struct VectorConstraint {
  unsigned width = 0;
  unsigned line = 0;
  std::string type;
};

// The widest access whose C++ type is wider than the element (a float4 view of a float tile):
// every row stride it steps over must stay a multiple of its width.
VectorConstraint vectorConstraint(const ir::TranslationUnit& tu, const std::vector<int>& arrays, const std::vector<int>& accesses) {
  VectorConstraint c;
  for (int id : accesses) {
    const ir::Access& a = tu.accesses[static_cast<size_t>(id)];
    const ir::SharedArray& arr = tu.array(a.array);
    const unsigned width = ir::paddingGranuleBytes(a);
    if (width > arr.elementSize && width > c.width) {
      c.width = width;
      c.line = a.span.begin.line;
      c.type = a.valueType;
    }
  }
  return c;
}

bool better(const PaddingChoice& x, const PaddingChoice& y) {
  const double eps = 1e-9 * std::max(1.0, y.evaluation.totalWavefronts);
  if (x.evaluation.totalWavefronts < y.evaluation.totalWavefronts - eps) return true;
  if (x.evaluation.totalWavefronts > y.evaluation.totalWavefronts + eps) return false;
  return x.bytesAdded < y.bytesAdded;
}
}  // namespace

int64_t paddedStrideBytes(const ir::SharedArray& a, int dim, int64_t pad) {
  int64_t rowInner = a.elementSize;
  for (size_t d = static_cast<size_t>(dim) + 1; d < a.dims.size(); ++d) rowInner *= static_cast<int64_t>(a.dims[d]);
  return (static_cast<int64_t>(a.dims[static_cast<size_t>(dim)]) + pad) * rowInner;
}

SearchResult searchPadding(ir::TranslationUnit& scratch, const ir::TranslationUnit& tu, const std::vector<int>& arrays,
                           const std::vector<int>& accesses, const Evaluation& baseline, int64_t maxStaticBytes,
                           const std::function<bool()>& expired) {
  SearchResult out;
  if (arrays.empty()) return out;
  const ir::SharedArray& first = tu.array(arrays.front());
  const VectorConstraint vec = vectorConstraint(tu, arrays, accesses);
  if (vec.width)
    out.constraint = "rows must stay a multiple of " + std::to_string(vec.width) + " bytes (" + vec.type + " access at line " +
                     std::to_string(vec.line) + ")";
  std::optional<PaddingChoice> best;
  // Innermost dimension first; padding the outermost one never moves an element.
  for (int dim = static_cast<int>(first.dims.size()) - 1; dim >= 1; --dim) {
    int64_t inner = first.elementSize;
    for (size_t d = static_cast<size_t>(dim) + 1; d < first.dims.size(); ++d) inner *= static_cast<int64_t>(first.dims[d]);
    const int64_t maxPad = std::max<int64_t>(1, (kBankLineBytes + inner - 1) / inner);
    if (const OffElement off = accessOffItsElement(scratch, tu, arrays, accesses, dim); off.index >= 0) {
      const ir::Access& acc = tu.accesses[static_cast<size_t>(accesses[static_cast<size_t>(off.index)])];
      if (out.offElement.empty())
        out.offElement = "padding dimension " + std::to_string(dim) + " would move the access at line " + std::to_string(acc.span.begin.line) +
                         " (" + acc.spelling + ") away from its element: " + off.why;
      continue;
    }
    for (int64_t pad = 1; pad <= maxPad; ++pad) {
      bool aligned = true;
      for (int id : arrays)
        if (vec.width && paddedStrideBytes(tu.array(id), dim, pad) % vec.width != 0) aligned = false;
      if (!aligned) continue;
      if (expired && expired()) {
        out.timedOut = true;
        break;
      }
      ++out.candidates;
      const PaddedGroup padded(scratch, tu, arrays, accesses, dim, pad);
      bool tooBig = false;
      for (int id : arrays) {
        const int k = tu.array(id).kernelInstance;
        if (k >= 0 && static_cast<int64_t>(padded.unit.kernel(k).staticSmemBytes) > maxStaticBytes) tooBig = true;
      }
      if (tooBig) {
        out.limitedByStaticSize = true;
        continue;
      }
      PaddingChoice c;
      c.dim = dim;
      c.pad = pad;
      c.evaluation = evaluateAccesses(padded.unit, padded.accesses);
      if (c.evaluation.unknown > baseline.unknown) continue;
      for (int id : arrays) {
        const int k = tu.array(id).kernelInstance;
        if (k >= 0) c.bytesAdded = std::max(c.bytesAdded, addedBytes(tu, padded.unit, k));
      }
      if (!best || better(c, *best)) best = c;
      if (c.evaluation.worstWays <= 1 + 1e-9 && c.evaluation.unknown == baseline.unknown) break;
    }
  }
  if (best && best->evaluation.totalWavefronts < baseline.totalWavefronts * (1 - 1e-9)) out.best = best;
  return out;
}

}  // namespace bankcheck::advisor
