#include "rules/IdlePadding.h"

#include <cmath>
#include <map>
#include <optional>

#include "advisor/DeclarationEdits.h"
#include "advisor/ElementBounds.h"
#include "advisor/PaddedUnit.h"
#include "advisor/PaddingSearch.h"
#include "mapper/UnitAnalysis.h"

namespace bankcheck::rules {

namespace {
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
        unused = unused && advisor::accessStaysBelow(tu, a, d, static_cast<int64_t>(tu.array(a.array).dims[d]) - pad);
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
