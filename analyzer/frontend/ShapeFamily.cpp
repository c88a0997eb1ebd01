#include "frontend/ShapeFamily.h"

#include <algorithm>

namespace bankcheck::frontend {

namespace {
bool isThreadIndex(const ir::ExprRef& e, ir::BuiltinVar v) {
  if (!e) return false;
  if (e->kind == ir::ExprKind::Cast) return isThreadIndex(e->a, v);
  return e->kind == ir::ExprKind::Builtin && e->builtin == v;
}

unsigned largestPowerOfTwoAtMost(uint64_t n) {
  unsigned p = 1;
  while (uint64_t{p} * 2 <= n && p < 1024) p *= 2;
  return p;
}

// The extent of each array dimension indexed by exactly `v` in some access of kernel `k`, as
// (rows, row length): the largest power of two that fits, so a padded row [32 + 1] gives 32.
unsigned boundFromTiles(const ir::TranslationUnit& tu, const ir::KernelInstance& k, ir::BuiltinVar v, bool innermost,
                        std::string& tileName) {
  unsigned bound = 0;
  for (const ir::Access& a : tu.accesses) {
    if (a.kernelInstance != k.id || !a.indexing) continue;
    const ir::SharedArray& arr = tu.array(a.array);
    const auto& idx = a.indexing->indices;
    if (idx.size() < (innermost ? 1 : 2) || arr.dims.size() != idx.size()) continue;
    const size_t d = innermost ? idx.size() - 1 : idx.size() - 2;
    if (!isThreadIndex(idx[d], v)) continue;
    const unsigned b = largestPowerOfTwoAtMost(arr.dims[d]);
    if (b > bound) {
      bound = b;
      tileName = arr.name;
    }
  }
  return bound;
}
}  // namespace

ShapeFamily shapeFamilyOf(const ir::TranslationUnit& tu, const ir::KernelInstance& k, unsigned maxThreads) {
  ShapeFamily f;
  if (maxThreads < 32) return f;
  // threadIdx.z is often read only through a linear thread rank (cooperative groups): the
  // family keeps blockDim.z = 1 and says so.
  const std::string zNote = k.usesThreadIdx[2] ? "; blockDim.z = 1 assumed" : "";
  std::string rowTile, colTile;
  if (!k.usesThreadIdx[1] && !k.usesThreadIdx[2]) {
    // An array indexed by threadIdx.x alone bounds the block: s[threadIdx.x] in `float s[256]`.
    const unsigned bound = boundFromTiles(tu, k, ir::BuiltinVar::ThreadIdxX, true, rowTile);
    for (unsigned t = 32; t <= maxThreads && (bound < 32 || t <= bound); t *= 2) f.shapes.push_back({t, 1, 1});
    f.description = "1-D blocks of 32 to " + std::to_string(f.shapes.back()[0]) +
                    " threads (powers of two): the kernel uses only threadIdx.x" +
                    (bound >= 32 && bound < maxThreads ? ", and '" + rowTile + "' indexed by it has " + std::to_string(bound) + " elements" : "");
    return f;
  }
  const unsigned xBound = boundFromTiles(tu, k, ir::BuiltinVar::ThreadIdxX, true, rowTile);
  const unsigned yBound = boundFromTiles(tu, k, ir::BuiltinVar::ThreadIdxY, false, colTile);
  std::vector<unsigned> xs;
  if (xBound >= 8) xs.push_back(xBound);
  else xs = {16, 32};
  for (unsigned x : xs)
    for (unsigned y = 1; x * y <= maxThreads; y *= 2) {
      if (x * y < 32) continue;
      if (yBound && y > yBound) break;
      f.shapes.push_back({x, y, 1});
    }
  std::string shapes;
  for (const auto& s : f.shapes) shapes += (shapes.empty() ? "" : ", ") + std::to_string(s[0]) + "x" + std::to_string(s[1]);
  f.description = "2-D blocks " + shapes + ": ";
  if (xBound >= 8) f.description += "'" + rowTile + "' is indexed [...][threadIdx.x] with rows of " + std::to_string(xBound);
  else f.description += "blockDim.x of 16 or 32";
  if (yBound) f.description += ", '" + colTile + "' is indexed [threadIdx.y][...] with " + std::to_string(yBound) + " rows";
  if (maxThreads < 1024) f.description += ", at most " + std::to_string(maxThreads) + " threads (__launch_bounds__)";
  f.description += zNote;
  return f;
}

}  // namespace bankcheck::frontend
