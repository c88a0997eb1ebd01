// Padding a one-dimensional shared array. A row of S elements gets P more, so element i moves to
// i + (i / S) * P. Two spellings of that edit:
// - the flattened tile `float As[BM * BK]` indexed `As[row * BK + k]`, whose row stride is a
//   token of the declaration used in every index: `As[BM * (BK + P)]` and
//   `As[row * (BK + P) + k]` (the stride the accesses use, BK or BM, is the one padded);
// - any other array: every index `i` becomes `i + i / S * P` and the size `N + N / S * P`;
//   dynamic shared memory has no size written: each launch's byte count grows instead.
// Candidates are evaluated on the IR (each access's offset moved as the edit moves it, widths
// predicted again), never by re-parsing.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "advisor/PaddingSearch.h"
#include "advisor/Proposal.h"

namespace bankcheck::advisor {

struct FlattenedResult {
  std::vector<Edit> edits;     // the declaration's size first, then one per index (dynamic
                               // memory: the indices, then one per launch's byte count)
  size_t indexEdits = 0;       // how many of `edits` rewrite an index
  size_t prefixQuotients = 0;  // of those, how many count the rows on a prefix: t + P / S * Q (QuotientSplits)
  int64_t pad = 0;             // P: elements added per row
  int64_t rowElements = 0;     // S
  std::string stride;          // the declaration's token padded, or "" for the i + i / S * P form
  bool declaredRow = false;    // the declared row of a buffer with rows grows (`shmem[][ROW + P]`)
  std::string viewsNote;       // the accesses of another view left in place, and why that is correct
  std::vector<size_t> inPlace; // those accesses (indices into `accesses`), with a declared-row padding
  std::string otherViewNote;   // how that other view's own rows are padded (OtherViewPadding.h), or why not
  // The edits of launch byte counts and opt-in limits: (index into `edits`, bytes added, or -1
  // where a byte count computed at run time grows by a written fraction).
  std::vector<std::pair<size_t, int64_t>> byteCountEdits;
  std::string declarationAfter;
  Evaluation evaluation;
  std::vector<mapper::AccessResult> results;  // what `evaluation` sums, by access, in the order of `accesses`
  int64_t bytesAdded = 0;      // per instance of the array, the most of any
  std::string constraint;      // e.g. "rows must stay a multiple of 16 bytes (float4 access at line 30)"
  bool limitedByStaticSize = false;
  bool limitedByOptIn = false;  // some candidates would have passed the dynamic opt-in limit
  bool timedOut = false;
  std::string whyNot;
};

// Dynamic shared memory (`extern __shared__ float smem[]`): its size is each launch's byte count,
// so the padding's bytes are added there instead of in the declaration.
struct DynamicExtent {
  // The fewest elements any launch gives the array; 0 when no launch's byte count is a constant
  // (then rows of one bank line and paddings up to 16 bytes are searched, the cost is shown for an
  // assumed 8 KB, and the launches grow by a written fraction).
  int64_t elements = 0;
  std::vector<ir::DynamicSmemArgument> launches;  // every launch's byte count, editable
  // The byte limits the kernels opt in to (cudaFuncSetAttribute(..., MaxDynamicSharedMemorySize,
  // bytes)), editable: they grow with the launches, or a padded launch past the limit would fail.
  std::vector<ir::DynamicSmemArgument> optIns;
  // The most a block may opt in to on the target (0: unknown); a kernel that opts in may grow up to it.
  int64_t optInLimit = 0;
  // Buffers are carved out of it at offsets (`float* Kj = &sram[tile_size]`): the rows of the
  // whole buffer are padded, each access counted from the buffer's start, and the written terms
  // of the carve offsets are rewritten with the indices, so every carve-out moves with its rows.
  bool wholeBuffer = false;
  // The accesses are one view of a buffer whose declared rows another padding moves (the C tile
  // of a GEMM that stages A/B in the declared rows): their own rows are searched, never the
  // declared ones.
  bool otherView = false;
};

// `dynamic`: the array is dynamic shared memory with that extent (null for a declared size);
// with `wholeBuffer`, `arrays` are the buffer's instances and `accesses` those of every carve-out.
FlattenedResult searchFlattenedPadding(const ir::TranslationUnit& tu, const std::vector<int>& arrays,
                                       const std::vector<int>& accesses, const Evaluation& baseline, int64_t maxStaticBytes,
                                       const std::function<bool()>& expired = {}, const DynamicExtent* dynamic = nullptr);

}  // namespace bankcheck::advisor
