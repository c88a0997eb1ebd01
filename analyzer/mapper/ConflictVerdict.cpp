#include "mapper/ConflictVerdict.h"

#include "mapper/BlockShapes.h"

namespace bankcheck::mapper {

std::optional<FamilyPolicy> parseFamilyPolicy(const std::string& text) {
  if (text == "all") return FamilyPolicy::All;
  if (text == "any") return FamilyPolicy::Any;
  if (text == "off") return FamilyPolicy::Off;
  return std::nullopt;
}

const char* spelling(FamilyPolicy p) {
  switch (p) {
    case FamilyPolicy::All: return "all";
    case FamilyPolicy::Any: return "any";
    case FamilyPolicy::Off: return "off";
  }
  return "?";
}

FamilyPolicy familyPolicyOf(const ir::KernelInstance& k, FamilyPolicy fallback) {
  return parseFamilyPolicy(k.familyPolicy).value_or(fallback);
}

ConflictVerdict judgeConflict(const ir::KernelInstance& k, const AccessResult& r, double minWays, FamilyPolicy fallback) {
  ConflictVerdict v;
  v.family = hasAssumedFamily(k);
  v.policy = familyPolicyOf(k, fallback);
  if (r.status != AccessResult::Status::Computed) {
    v.kind = ConflictVerdict::Kind::NotComputed;
    v.unknownReason = r.unknownReason;
    return v;
  }
  if (v.family && v.policy == FamilyPolicy::Off) {
    v.kind = ConflictVerdict::Kind::NotComputed;
    v.unknownReason = "block shape unknown: no launch gives the shape of '" + k.name +
                      "' and its family of shapes is not used (block-family off)";
    return v;
  }
  for (size_t i = 0; i < r.shapes.size(); ++i) {
    const ShapeOutcome& o = r.shapes[i];
    const int index = static_cast<int>(i);
    if (!o.computed) v.unknown.push_back(index);
    else if (o.executed() && o.ways() + 1e-9 >= minWays) v.conflicting.push_back(index);
    else v.clean.push_back(index);
  }
  // A result straight from mapAccess (one shape, no per-shape summary).
  if (r.shapes.empty() && r.executions > 0 && r.worst.ideal > 0 && r.ways() + 1e-9 >= minWays) v.conflicting.push_back(r.shape);
  if (v.conflicting.empty()) {
    // Clean with the shapes computed is not clean: a shape was not computed.
    if (!v.unknown.empty()) {
      const size_t first = static_cast<size_t>(v.unknown.front());
      const ir::LaunchShape& s = blockShape(k, first);
      v.kind = ConflictVerdict::Kind::NotComputed;
      v.unknownReason = "with block " + std::to_string(s.x) + "x" + std::to_string(s.y) + "x" + std::to_string(s.z) + ": " +
                        r.shapes[first].unknownReason;
    }
    return v;
  }
  const bool everyShape = v.clean.empty() && v.unknown.empty();
  v.kind = !v.family || v.policy == FamilyPolicy::Any || everyShape ? ConflictVerdict::Kind::Warning
                                                                    : ConflictVerdict::Kind::ShapeDependent;
  return v;
}

bool inLibraryLayout(const ir::TranslationUnit& tu, const ir::Access& a) {
  const ir::SharedArray& object = tu.array(a.array);
  return !a.libraryCall.empty() && object.recordElement && object.dims.empty() && !object.isDynamic;
}

ConflictVerdict judgeAccess(const ir::TranslationUnit& tu, const ir::Access& a, const AccessResult& r, double minWays,
                            FamilyPolicy fallback) {
  ConflictVerdict v = judgeConflict(tu.kernel(a.kernelInstance), r, minWays, fallback);
  if ((v.kind == ConflictVerdict::Kind::Warning || v.kind == ConflictVerdict::Kind::ShapeDependent) && inLibraryLayout(tu, a))
    v.kind = ConflictVerdict::Kind::InLibrary;
  return v;
}

}  // namespace bankcheck::mapper
