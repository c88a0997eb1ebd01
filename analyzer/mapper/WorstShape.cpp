#include "mapper/WorstShape.h"

#include <cstdint>

namespace bankcheck::mapper {

ShapeOutcome outcomeOf(const AccessResult& r) {
  ShapeOutcome o;
  o.computed = r.status == AccessResult::Status::Computed;
  o.unknownReason = r.unknownReason;
  o.wavefronts = r.worst.wavefronts;
  o.ideal = r.worst.ideal;
  o.executions = r.executions;
  o.totalWavefronts = r.totalWavefronts;
  o.totalIdeal = r.totalIdeal;
  return o;
}

namespace {
// How much a shape's result says: one where the access runs beats one where it does not, which
// beats one not computed.
int informativeness(const ShapeOutcome& o) { return o.executed() ? 2 : o.computed ? 1 : 0; }
}  // namespace

bool worseOutcome(const ShapeOutcome& a, const ShapeOutcome& b) {
  if (informativeness(a) != informativeness(b)) return informativeness(a) > informativeness(b);
  if (!a.executed()) return false;
  const int64_t lhs = int64_t{a.wavefronts} * b.ideal, rhs = int64_t{b.wavefronts} * a.ideal;
  if (lhs != rhs) return lhs > rhs;
  return a.wavefronts > b.wavefronts;
}

AccessResult worstOfShapes(llvm::MutableArrayRef<AccessResult> perShape) {
  std::vector<ShapeOutcome> outcomes;
  outcomes.reserve(perShape.size());
  size_t worst = 0;
  for (size_t i = 0; i < perShape.size(); ++i) {
    outcomes.push_back(outcomeOf(perShape[i]));
    if (i > 0 && worseOutcome(outcomes[i], outcomes[worst])) worst = i;  // ties keep the earlier shape
  }
  uint64_t enumerated = 0, replayed = 0;
  bool stoppedEarly = false, overBudget = false;
  std::string plan;
  for (const AccessResult& r : perShape) {
    enumerated += r.enumerated;
    replayed += r.replayed;
    stoppedEarly |= r.stoppedEarly;
    overBudget |= r.overBudget;
    plan += (plan.empty() ? "" : "|") + r.plan;
  }
  AccessResult out = std::move(perShape[worst]);
  out.enumerated = enumerated;
  out.replayed = replayed;
  out.stoppedEarly = stoppedEarly;
  out.overBudget = overBudget;
  out.plan = std::move(plan);
  out.shape = static_cast<int>(worst);
  out.shapes = std::move(outcomes);
  return out;
}

}  // namespace bankcheck::mapper
