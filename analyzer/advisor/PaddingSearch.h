// The search: every padding of every dimension (innermost first) up to one bank line, each
// evaluated by the mapper on the padded IR, ranked by total weighted wavefronts, then bytes.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "advisor/Evaluation.h"
#include "ir/Module.h"
#include "mapper/AccessResult.h"

namespace bankcheck::advisor {

// Adds one access's result (every shape of its kernel) to `e`. A cp.async.cg copy counts only in
// `unweighed` and `copyWavefronts`, unless `weighCopies`: then its wavefronts (Nsight Compute's
// count) are weighed like any access's, where the fix is the copies' layout (PaddingRemoval.h).
void accumulate(Evaluation& e, const mapper::AccessResult& r, bool weighCopies = false);

// A padding of a whole buffer that makes its cp.async.cg copies worse is proven only when the
// wavefronts it removes from the buffer's other accesses are at least this many times those it
// adds to the copies: a copy's wavefront costs more than a load's, and the fix search does not
// otherwise weigh copies. Set between the kernels measured before and after such a padding
// (docs/advisor.md): the reference hgemm_mma (ldmatrix 8 -> 1 way, copies 1 -> 2.6: 3.5x as fast)
// and LeetCUDA's tf32 wmma GEMM (5.1 times: 1.27x) above it, the CUDA samples' bf16 and tf32 async
// GEMMs (3.5 times: 0.87x and 0.96x as fast) below. Not a time model.
inline constexpr double kCopyWavefrontWeight = 4;

// Empty when `after` (the accesses of one kernel) does not make the copies worse than `before`, or
// removes enough elsewhere to pay for it; else why the padding is not proposed, naming `array` and
// `kernel`.
std::string copiesCostReason(const std::string& array, const std::string& kernel, const Evaluation& before, const Evaluation& after);

// Adds one access's capped (screened) result to `s`.
void addToScreen(ScreenScore& s, const mapper::AccessResult& r);

// The mapper (with predicted instruction widths, every block shape) on each of `accesses`, which
// belong to `tu`: their results in the same order, mapped in parallel (llvm::parallelFor).
std::vector<mapper::AccessResult> mapAccesses(const ir::TranslationUnit& tu, const std::vector<ir::Access>& accesses);
std::vector<mapper::AccessResult> mapAccesses(const ir::TranslationUnit& tu, const std::vector<int>& accessIds);
// mapAccesses, summed.
Evaluation evaluateAccesses(const ir::TranslationUnit& tu, const std::vector<ir::Access>& accesses);
Evaluation evaluateAccesses(const ir::TranslationUnit& tu, const std::vector<int>& accessIds);

// The row stride in bytes of dimension `dim` of `a` once it is padded by `pad` elements.
int64_t paddedStrideBytes(const ir::SharedArray& a, int dim, int64_t pad);

struct PaddingChoice {
  int dim = -1;
  int64_t pad = 0;
  Evaluation evaluation;
  int64_t bytesAdded = 0;      // the most any kernel instance's block grows
};

struct SearchResult {
  std::optional<PaddingChoice> best;  // only when it lowers the total wavefronts
  std::string constraint;             // e.g. "rows must stay a multiple of 16 bytes (float4 access at line 30)"
  bool limitedByStaticSize = false;   // some candidates would have passed the static limit
  unsigned candidates = 0;
  bool timedOut = false;
  std::string offElement;             // the first access some candidate would have moved away from its element
};

// `maxStaticBytes`: no kernel's static shared memory may grow past it (48 KB: nvcc rejects more).
// `scratch` is scratchUnit(tu) (PaddedUnit.h). On each dimension the search stops at the smallest
// padding that leaves no access conflicted: a larger one only costs memory. `expired` (when given)
// ends the search early; the result then says so in `timedOut`.
SearchResult searchPadding(ir::TranslationUnit& scratch, const ir::TranslationUnit& tu, const std::vector<int>& arrays,
                           const std::vector<int>& accesses, const Evaluation& baseline, int64_t maxStaticBytes,
                           const std::function<bool()>& expired = {});

}  // namespace bankcheck::advisor
