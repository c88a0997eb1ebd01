// The block shapes a kernel is analyzed with, by index: 0 is `launch`, i > 0 is
// `moreLaunches[i - 1]`. Per-shape results (AccessResult::shapes) use the same indices.
#pragma once

#include <cstddef>

#include "ir/Module.h"

namespace bankcheck::mapper {

inline size_t blockShapeCount(const ir::KernelInstance& k) { return 1 + k.moreLaunches.size(); }

inline const ir::LaunchShape& blockShape(const ir::KernelInstance& k, size_t index) {
  return index == 0 ? k.launch : k.moreLaunches[index - 1];
}

// Whether the shapes are an assumed family (no launch fixes the block) rather than shapes some
// launch, annotation or --block gives.
inline bool hasAssumedFamily(const ir::KernelInstance& k) {
  if (!k.familyDescription.empty()) return true;
  for (size_t i = 0; i < blockShapeCount(k); ++i)
    if (blockShape(k, i).assumed) return true;
  return false;
}

}  // namespace bankcheck::mapper
