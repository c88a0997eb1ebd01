#include "advisor/PaddedUnit.h"

namespace bankcheck::advisor {

PaddedGroup padGroup(const ir::TranslationUnit& tu, const std::vector<int>& arrays, const std::vector<int>& accesses,
                     int dim, int64_t pad) {
  PaddedGroup out;
  // Everything but the accesses (copying those would dominate the search).
  out.unit.file = tu.file;
  out.unit.arrays = tu.arrays;
  out.unit.kernels = tu.kernels;
  out.unit.parsed = tu.parsed;
  for (int id : arrays) {
    ir::SharedArray& a = out.unit.arrays[static_cast<size_t>(id)];
    if (dim < 0 || static_cast<size_t>(dim) >= a.dims.size()) continue;
    const uint64_t oldSize = a.sizeBytes;
    a.dims[static_cast<size_t>(dim)] = static_cast<uint64_t>(static_cast<int64_t>(a.dims[static_cast<size_t>(dim)]) + pad);
    uint64_t size = a.elementSize;
    for (uint64_t d : a.dims) size *= d;
    a.sizeBytes = size;
    if (a.kernelInstance >= 0) {
      ir::KernelInstance& k = out.unit.kernels[static_cast<size_t>(a.kernelInstance)];
      k.staticSmemBytes = k.staticSmemBytes - oldSize + size;
      for (size_t depth = 1; depth < a.dims.size() && depth - 1 < a.strideSymbols.size(); ++depth) {
        int64_t stride = a.elementSize;
        for (size_t d = depth; d < a.dims.size(); ++d) stride *= static_cast<int64_t>(a.dims[d]);
        k.symbols[static_cast<size_t>(a.strideSymbols[depth - 1])].value = stride;
      }
    }
  }
  for (int id : accesses) {
    ir::Access access = tu.accesses[static_cast<size_t>(id)];
    if (access.symbolicOffset) {
      const ir::KernelInstance& k = out.unit.kernels[static_cast<size_t>(access.kernelInstance)];
      access.byteOffset = ir::substituteSymbols(access.symbolicOffset, [&](int s) -> ir::ExprRef {
        const ir::Symbol& sym = k.symbols[static_cast<size_t>(s)];
        return sym.kind == ir::SymbolKind::ArrayStride ? ir::makeConst(sym.value, ir::IntType::int64()) : nullptr;
      });
    }
    out.accesses.push_back(std::move(access));
  }
  return out;
}

int64_t addedBytes(const ir::TranslationUnit& before, const ir::TranslationUnit& after, int kernel) {
  return static_cast<int64_t>(after.kernel(kernel).staticSmemBytes) - static_cast<int64_t>(before.kernel(kernel).staticSmemBytes);
}

}  // namespace bankcheck::advisor
