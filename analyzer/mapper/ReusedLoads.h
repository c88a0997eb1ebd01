// Loads nvcc does not repeat. A load of the address an earlier load of the same thread read, with
// no store to shared memory, barrier, fence, inline PTX or opaque call between them, reuses that
// value: the optimizer keeps one load (LLVM's GVN). Stores to another static __shared__ array do not
// stand in the way (distinct variables do not overlap); any write that may reach the same memory does. cuda-samples' `Comparator(uint& keyA, ...,
// uint& keyB, ...)` reads `keyA` and `keyB` in its test and again in its swap; the H200's SASS
// has the test's two loads only (measurements/public-sorting). Volatile loads are always made.
#pragma once

#include "ir/Module.h"
#include "mapper/AccessResult.h"

namespace bankcheck::mapper {

// The id of the earlier load whose value `access` reuses, or -1: the same array, width and
// address, under the same loops, and made whenever `access` is (its conditions are a prefix of
// this one's), with only loads, or writes of other static arrays, between them in the same
// barrier interval.
int reusedLoad(const ir::TranslationUnit& tu, const ir::Access& access);

// What such a load costs: no instruction (computed, never executed), with a note naming the load
// whose value it reuses.
AccessResult reusedLoadResult(const ir::TranslationUnit& tu, const ir::Access& access, int reused);

}  // namespace bankcheck::mapper
