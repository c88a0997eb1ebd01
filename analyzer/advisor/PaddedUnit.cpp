#include "advisor/PaddedUnit.h"

#include <algorithm>
#include <numeric>

#include "advisor/PaddingSearch.h"

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

namespace {
ir::ExprRef keptOnElement(const ir::ExprRef& before, const ir::ExprRef& after, const std::vector<uint64_t>& dims, uint64_t elementSize,
                          size_t dim, int64_t pad) {
  // Where the padded layout puts the element at `before`: each row of a dimension outside `dim`
  // it starts in moves by that dimension's added stride, `before / S_k % D_k` rows of it.
  const ir::IntType t = ir::IntType::int64();
  std::vector<int64_t> stride(dims.size(), static_cast<int64_t>(elementSize));
  for (size_t k = dims.size() - 1; k-- > 0;) stride[k] = stride[k + 1] * static_cast<int64_t>(dims[k + 1]);
  ir::ExprRef expected = before;
  for (size_t k = 0; k < dim && k < dims.size(); ++k) {
    int64_t added = pad;  // bytes dimension k's stride grows by
    for (size_t j = k + 1; j < dims.size(); ++j) added *= j == dim ? 1 : static_cast<int64_t>(dims[j]);
    added *= static_cast<int64_t>(elementSize);
    ir::ExprRef index = ir::floorDivByConst(before, stride[k]);
    if (k > 0) index = ir::floorRemByConst(index, static_cast<int64_t>(dims[k]));
    expected = ir::addBytes(expected, ir::mulBytes(index, added));
  }
  const ir::ExprRef same = ir::makeBinary(ir::BinaryOp::EQ, ir::makeCast(after, t), expected, ir::IntType::boolean());
  return ir::makeBinary(ir::BinaryOp::Add, ir::makeCast(after, t), ir::zeroUnless(same), t);
}

}  // namespace

OffElement accessOffItsElement(ir::TranslationUnit& scratch, const ir::TranslationUnit& tu, const std::vector<int>& arrays,
                               const std::vector<int>& accessIds, int dim) {
  // Whether an access follows its element does not depend on the padding's size: the padded offset
  // minus where its element goes is pad * sum over the outer dimensions of (index as written -
  // index of the element) * their stride without the padded dimension. One padding checks them all:
  // one that grows the rows by whole 128-byte lines, so that no alignment the offsets check
  // themselves (a wmma fragment's 32 bytes) fails for its own sake.
  int64_t unitBytes = tu.array(arrays.front()).elementSize;
  for (size_t d = static_cast<size_t>(dim) + 1; d < tu.array(arrays.front()).dims.size(); ++d)
    unitBytes *= static_cast<int64_t>(tu.array(arrays.front()).dims[d]);
  const int64_t probePad = 128 / std::gcd<int64_t>(128, std::max<int64_t>(1, unitBytes));
  const PaddedGroup padded(scratch, tu, arrays, accessIds, dim, probePad);
  std::vector<ir::Access> probes;
  std::vector<size_t> probed;
  for (size_t i = 0; i < padded.accesses.size(); ++i) {
    const ir::Access& before = tu.accesses[static_cast<size_t>(accessIds[i])];
    if (!before.byteOffset || !padded.accesses[i].byteOffset) continue;
    if (std::find(arrays.begin(), arrays.end(), before.array) == arrays.end()) continue;
    const ir::SharedArray& declared = tu.array(before.array);
    ir::Access probe = padded.accesses[i];
    probe.byteOffset = keptOnElement(before.byteOffset, probe.byteOffset, declared.dims, declared.elementSize, static_cast<size_t>(dim), probePad);
    probes.push_back(std::move(probe));
    probed.push_back(i);
  }
  const std::vector<mapper::AccessResult> results = mapAccesses(padded.unit, probes);
  for (size_t k = 0; k < results.size(); ++k) {
    const mapper::AccessResult& r = results[k];
    const ir::Access& access = tu.accesses[static_cast<size_t>(accessIds[probed[k]])];
    if (r.status != mapper::AccessResult::Status::Computed) {
      if (r.unknownReason.find("division by zero") != std::string::npos)
        return {static_cast<int>(probed[k]), "its address does not follow the rows as declared (an index past the end of its dimension, "
                                             "a flat index or an offset in bytes)"};
      continue;  // not computed before either: the search keeps its count of unknowns
    }
    // Seen in every case only when the enumeration was whole; written indices are trusted where
    // it was not (they name their element unless one runs past its dimension), offsets are not.
    if (!r.exhaustive && !access.indexing)
      return {static_cast<int>(probed[k]), "that it stays on its element cannot be checked in every case: it is reached through a "
                                           "pointer, and the enumeration of its cases stopped at its cap"};
  }
  return {};
}

}  // namespace bankcheck::advisor
