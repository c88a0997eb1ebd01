#include "advisor/ElementBounds.h"

#include <vector>

#include "mapper/UnitAnalysis.h"

namespace bankcheck::advisor {

namespace {
// Index of dimension `dim` of the element at `byteOffset` (`sizes` outermost first, `elem` bytes).
ir::ExprRef indexInDimension(const ir::ExprRef& byteOffset, const std::vector<uint64_t>& sizes, size_t dim, int64_t elem) {
  const ir::IntType t = ir::IntType::int64();
  int64_t stride = elem;
  for (size_t d = sizes.size(); d-- > dim + 1;) stride *= static_cast<int64_t>(sizes[d]);
  ir::ExprRef index = ir::makeBinary(ir::BinaryOp::Div, ir::makeCast(byteOffset, t), ir::makeConst(stride, t), t);
  if (dim > 0) index = ir::makeBinary(ir::BinaryOp::Rem, index, ir::makeConst(static_cast<int64_t>(sizes[dim]), t), t);
  return index;
}
}  // namespace

// The access is evaluated with an offset that fails to evaluate wherever its first or last byte
// is past the limit, and must come back computed from an enumeration of every case.
bool accessStaysBelow(const ir::TranslationUnit& tu, const ir::Access& a, size_t dim, int64_t limit) {
  const ir::SharedArray& arr = tu.array(a.array);
  const ir::IntType t = ir::IntType::int64();
  const ir::ExprRef last = ir::addBytes(a.byteOffset, ir::makeConst(static_cast<int64_t>(a.widthBytes) - 1, t));
  ir::Access probe = a;
  for (const ir::ExprRef& at : {a.byteOffset, last}) {
    const ir::ExprRef inside = ir::makeBinary(ir::BinaryOp::LT, indexInDimension(at, arr.dims, dim, arr.elementSize),
                                              ir::makeConst(limit, t), ir::IntType::boolean());
    probe.byteOffset = ir::makeBinary(ir::BinaryOp::Add, probe.byteOffset, ir::zeroUnless(inside), t);
  }
  const mapper::AccessResult r = mapper::analyzeAccess(tu, probe);
  return r.status == mapper::AccessResult::Status::Computed && r.exhaustive;
}

IndicesCheck writtenIndicesNameTheElement(const ir::TranslationUnit& tu, const ir::Access& a) {
  if (!a.indexing || !a.byteOffset) return IndicesCheck::Unknown;
  const ir::SharedArray& arr = tu.array(a.array);
  const std::vector<ir::ExprRef>& written = a.indexing->indices;
  if (written.size() != arr.dims.size()) return IndicesCheck::Unknown;
  const ir::IntType t = ir::IntType::int64();
  ir::Access probe = a;
  for (size_t k = 1; k < written.size(); ++k) {  // the outermost index has no end to cross
    int64_t stride = arr.elementSize;
    for (size_t d = k + 1; d < arr.dims.size(); ++d) stride *= static_cast<int64_t>(arr.dims[d]);
    const ir::ExprRef index = ir::floorRemByConst(ir::floorDivByConst(a.byteOffset, stride), static_cast<int64_t>(arr.dims[k]));
    const ir::ExprRef same = ir::makeBinary(ir::BinaryOp::EQ, ir::makeCast(written[k], t), index, ir::IntType::boolean());
    probe.byteOffset = ir::makeBinary(ir::BinaryOp::Add, probe.byteOffset, ir::zeroUnless(same), t);
  }
  const mapper::AccessResult r = mapper::analyzeAccess(tu, probe);
  if (r.status == mapper::AccessResult::Status::Computed) return IndicesCheck::NameTheElement;
  return r.unknownReason.find("division by zero") != std::string::npos ? IndicesCheck::CrossRows : IndicesCheck::Unknown;
}

}  // namespace bankcheck::advisor
