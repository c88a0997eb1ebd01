#include "advisor/PaddedUnit.h"

#include <algorithm>

namespace bankcheck::advisor {

ir::TranslationUnit scratchUnit(const ir::TranslationUnit& tu) {
  // Everything but the accesses (copying those would dominate the search).
  ir::TranslationUnit out;
  out.file = tu.file;
  out.arrays = tu.arrays;
  out.kernels = tu.kernels;
  out.parsed = tu.parsed;
  return out;
}

PaddedGroup::PaddedGroup(ir::TranslationUnit& scratch, const ir::TranslationUnit& tu, const std::vector<int>& arrays,
                         const std::vector<int>& accessIds, int dim, int64_t pad)
    : unit(scratch) {
  for (int id : arrays) {
    ir::SharedArray& a = unit.arrays[static_cast<size_t>(id)];
    if (dim < 0 || static_cast<size_t>(dim) >= a.dims.size()) continue;
    arrays_.push_back({id, a.dims, a.sizeBytes});
    const uint64_t oldSize = a.sizeBytes;
    a.dims[static_cast<size_t>(dim)] = static_cast<uint64_t>(static_cast<int64_t>(a.dims[static_cast<size_t>(dim)]) + pad);
    uint64_t size = a.elementSize;
    for (uint64_t d : a.dims) size *= d;
    a.sizeBytes = size;
    if (a.kernelInstance >= 0) {
      ir::KernelInstance& k = unit.kernels[static_cast<size_t>(a.kernelInstance)];
      if (std::none_of(kernels_.begin(), kernels_.end(), [&](const SavedKernel& s) { return s.id == a.kernelInstance; }))
        kernels_.push_back({a.kernelInstance, k.staticSmemBytes, {}});
      SavedKernel& saved = *std::find_if(kernels_.begin(), kernels_.end(), [&](const SavedKernel& s) { return s.id == a.kernelInstance; });
      k.staticSmemBytes = k.staticSmemBytes - oldSize + size;
      for (size_t depth = 1; depth < a.dims.size() && depth - 1 < a.strideSymbols.size(); ++depth) {
        int64_t stride = a.elementSize;
        for (size_t d = depth; d < a.dims.size(); ++d) stride *= static_cast<int64_t>(a.dims[d]);
        const int s = a.strideSymbols[depth - 1];
        saved.symbols.push_back({s, k.symbols[static_cast<size_t>(s)].value});
        k.symbols[static_cast<size_t>(s)].value = stride;
      }
    }
  }
  for (int id : accessIds) {
    ir::Access access = tu.accesses[static_cast<size_t>(id)];
    if (access.symbolicOffset) {
      const ir::KernelInstance& k = unit.kernels[static_cast<size_t>(access.kernelInstance)];
      access.byteOffset = ir::substituteSymbols(access.symbolicOffset, [&](int s) -> ir::ExprRef {
        const ir::Symbol& sym = k.symbols[static_cast<size_t>(s)];
        return sym.kind == ir::SymbolKind::ArrayStride ? ir::makeConst(sym.value, ir::IntType::int64()) : nullptr;
      });
    }
    accesses.push_back(std::move(access));
  }
}

PaddedGroup::~PaddedGroup() {
  // Undone in reverse, so a symbol or kernel changed twice gets its first value back.
  for (auto k = kernels_.rbegin(); k != kernels_.rend(); ++k) {
    ir::KernelInstance& kernel = unit.kernels[static_cast<size_t>(k->id)];
    kernel.staticSmemBytes = k->staticSmemBytes;
    for (auto s = k->symbols.rbegin(); s != k->symbols.rend(); ++s) kernel.symbols[static_cast<size_t>(s->first)].value = s->second;
  }
  for (auto a = arrays_.rbegin(); a != arrays_.rend(); ++a) {
    ir::SharedArray& array = unit.arrays[static_cast<size_t>(a->id)];
    array.dims = a->dims;
    array.sizeBytes = a->sizeBytes;
  }
}

int64_t addedBytes(const ir::TranslationUnit& before, const ir::TranslationUnit& after, int kernel) {
  return static_cast<int64_t>(after.kernel(kernel).staticSmemBytes) - static_cast<int64_t>(before.kernel(kernel).staticSmemBytes);
}

}  // namespace bankcheck::advisor
