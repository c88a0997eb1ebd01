#include "rules/IdlePadding.h"

#include <cmath>
#include <map>
#include <optional>

#include "advisor/DeclarationEdits.h"
#include "advisor/PaddedUnit.h"
#include "advisor/PaddingSearch.h"
#include "mapper/UnitAnalysis.h"

namespace bankcheck::rules {

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

// Whether no lane of `a` ever reaches an element at index `limit` or past it in dimension `dim`:
// the access is evaluated with an offset that fails to evaluate wherever one does, and must come
// back computed from an enumeration of every case.
bool staysBelow(const ir::TranslationUnit& tu, const ir::Access& a, size_t dim, int64_t limit) {
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

std::vector<IdlePadding> compute(const ir::TranslationUnit& tu, const mapper::UnitAnalysis& analysis) {
  std::vector<IdlePadding> out;
  std::map<std::string, std::pair<std::vector<int>, std::vector<int>>> groups;  // declaration -> arrays, accesses
  std::vector<std::string> order;
  for (const ir::SharedArray& a : tu.arrays) {
    if (a.carvedFrom >= 0 || a.isDynamic || a.dims.empty() || a.dimSpellings.size() != a.dims.size()) continue;
    if (!groups.count(a.declKey)) order.push_back(a.declKey);
    groups[a.declKey].first.push_back(a.id);
  }
  for (const ir::Access& a : tu.accesses)
    if (auto it = groups.find(tu.array(a.array).declKey); it != groups.end()) it->second.second.push_back(a.id);
  ir::TranslationUnit scratch;
  bool haveScratch = false;
  for (const std::string& key : order) {
    const auto& [arrays, accesses] = groups[key];
    const ir::SharedArray& first = tu.array(arrays.front());
    bool allComputed = !accesses.empty();
    for (int id : accesses) allComputed &= tu.accesses[static_cast<size_t>(id)].byteOffset != nullptr;
    if (!allComputed) continue;  // an access not computed might use the elements or gain from them
    std::optional<advisor::Evaluation> with;  // as written, the same for every dimension
    for (size_t d = 0; d < first.dims.size(); ++d) {
      const int64_t pad = advisor::writtenPadding(first.dimSpellings[d].text);
      bool applies = pad > 0;
      for (int id : arrays) applies &= static_cast<uint64_t>(pad) < tu.array(id).dims[d];
      if (!applies) continue;
      bool unused = true;
      for (int id : accesses) {
        const ir::Access& a = tu.accesses[static_cast<size_t>(id)];
        unused = unused && staysBelow(tu, a, d, static_cast<int64_t>(tu.array(a.array).dims[d]) - pad);
      }
      if (!unused) continue;  // a halo, not padding
      if (!haveScratch) {
        scratch = advisor::scratchUnit(tu);
        haveScratch = true;
      }
      if (!with) with = advisor::evaluateAccesses(tu, accesses);  // predicted widths, as the unpadded evaluation's
      const advisor::PaddedGroup without(scratch, tu, arrays, accesses, static_cast<int>(d), -pad);
      const advisor::Evaluation unpadded = advisor::evaluateAccesses(without.unit, without.accesses);
      if (unpadded.unknown != with->unknown ||
          std::fabs(unpadded.totalWavefronts - with->totalWavefronts) > 1e-9 * std::max(1.0, with->totalWavefronts))
        continue;
      IdlePadding idle;
      idle.array = first.id;
      idle.dim = static_cast<int>(d);
      idle.pad = pad;
      for (int id : arrays) {
        const ir::SharedArray& x = tu.array(id);
        idle.bytesPerBlock = std::max<uint64_t>(idle.bytesPerBlock, x.sizeBytes / x.dims[d] * static_cast<uint64_t>(pad));
      }
      for (int id : accesses) {  // the conflicts the report warns about
        const mapper::AccessResult& r = analysis.results[static_cast<size_t>(id)];
        if (r.status == mapper::AccessResult::Status::Computed && r.ways() > idle.worstWays + 1e-9) {
          idle.worstWays = r.ways();
          idle.conflictedAccess = id;
        }
      }
      out.push_back(idle);
    }
  }
  return out;
}
}  // namespace

const std::vector<IdlePadding>& idlePaddings(const CheckContext& ctx) {
  if (!ctx.paddingCache) {
    ctx.paddingCache = std::make_shared<PaddingCache>();
    ctx.paddingCache->idle = compute(ctx.tu, ctx.analysis);
  }
  return ctx.paddingCache->idle;
}

}  // namespace bankcheck::rules
