// The JSON report (schema `bankcheck-report/1`, documented in docs/user-guide.md).
#include "fmt/format.h"
#include "ir/IRJson.h"
#include "mapper/BlockShapes.h"
#include "report/CoverageCounts.h"
#include "report/FindingsReport.h"

namespace bankcheck::report {

using mapper::AccessResult;

namespace {
const char* verdictSpelling(mapper::ConflictVerdict::Kind k) {
  switch (k) {
    case mapper::ConflictVerdict::Kind::NoConflict: return "no conflict";
    case mapper::ConflictVerdict::Kind::Warning: return "warning";
    case mapper::ConflictVerdict::Kind::ShapeDependent: return "shape-dependent";
    case mapper::ConflictVerdict::Kind::InLibrary: return "in library";
    case mapper::ConflictVerdict::Kind::NotComputed: return "not computed";
  }
  return "?";
}

llvm::json::Value blockJson(const ir::LaunchShape& s) {
  return llvm::json::Array{static_cast<int64_t>(s.x), static_cast<int64_t>(s.y), static_cast<int64_t>(s.z)};
}

// What every block shape of the kernel gives for the access, in the kernel's order.
llvm::json::Value shapesJson(const ir::KernelInstance& k, const AccessResult& r) {
  llvm::json::Array out;
  for (size_t i = 0; i < r.shapes.size(); ++i) {
    const ir::LaunchShape& shape = mapper::blockShape(k, i);
    const mapper::ShapeOutcome& s = r.shapes[i];
    llvm::json::Object o{{"source", shape.known ? shape.source : shape.unknownReason}, {"assumed", shape.assumed},
                         {"status", s.computed ? "computed" : "unknown"}};
    if (shape.known) o["block"] = blockJson(shape);
    if (!s.computed) o["reason"] = s.unknownReason;
    else if (s.executed()) o["ways"] = s.ways();
    else o["executions"] = 0;
    out.push_back(std::move(o));
  }
  return out;
}
}  // namespace

llvm::json::Object findingsJson(const ir::TranslationUnit& tu, const mapper::UnitAnalysis& analysis, const ReportOptions& options) {
  using llvm::json::Array;
  using llvm::json::Object;
  Array kernels, accesses, notAnalyzed;
  const mapper::FamilyPolicy fallbackPolicy = defaultFamilyPolicy(options);
  // json::Value's move is not noexcept, so a growing Array deep-copies its elements: reserve.
  kernels.reserve(tu.kernels.size());
  accesses.reserve(tu.accesses.size());
  for (const ir::KernelInstance& k : tu.kernels) {
    Array launches, unresolved;
    for (size_t i = 0; i < mapper::blockShapeCount(k); ++i) launches.push_back(ir::toJson(mapper::blockShape(k, i)));
    for (const std::string& u : k.unresolvedLaunches) unresolved.push_back(u);
    Object o{{"name", k.name}, {"function", k.function}, {"line", static_cast<int64_t>(k.loc.begin.line)},
             {"analyzed", k.analyzed}, {"launch", ir::toJson(k.launch)},
             {"static_smem_bytes", static_cast<int64_t>(k.staticSmemBytes)}};
    o["launches"] = std::move(launches);
    o["unresolved_launches"] = std::move(unresolved);
    o["family"] = mapper::hasAssumedFamily(k) ? llvm::json::Value(Object{{"description", k.familyDescription},
                                                                          {"policy", mapper::spelling(mapper::familyPolicyOf(k, fallbackPolicy))}})
                                              : llvm::json::Value(nullptr);
    if (!k.analyzed) o["reason"] = k.notAnalyzedReason;
    kernels.push_back(std::move(o));
  }
  for (const ir::Access& a : tu.accesses) {
    const AccessResult& r = analysis.results[static_cast<size_t>(a.id)];
    const ir::KernelInstance& k = tu.kernel(a.kernelInstance);
    const mapper::ConflictVerdict verdict = mapper::judgeAccess(tu, a, r, options.minWays, fallbackPolicy);
    const bool computed = verdict.kind != mapper::ConflictVerdict::Kind::NotComputed;
    Object o{{"file", a.span.begin.file},
             {"line", static_cast<int64_t>(a.span.begin.line)},
             {"column", static_cast<int64_t>(a.span.begin.column)},
             {"end_line", static_cast<int64_t>(a.span.end.line)},
             {"end_column", static_cast<int64_t>(a.span.end.column)},
             {"kernel", k.name},
             {"function", k.function},
             {"array", tu.array(a.array).name},
             {"kind", ir::spelling(a.kind)},
             {"expression", a.spelling},
             {"value_type", a.valueType},
             {"source_width_bytes", static_cast<int64_t>(a.widthBytes)},
             {"instruction_width_bytes", static_cast<int64_t>(r.instructionWidth)},
             {"width_source", mapper::spelling(r.widthSource)},
             {"vector_factor", static_cast<int64_t>(r.vectorFactor)},
             {"status", computed ? "computed" : "unknown"},
             {"verdict", verdictSpelling(verdict.kind)}};
    if (const ir::LaunchShape& shape = mapper::blockShape(k, static_cast<size_t>(r.shape)); shape.known) {
      o["block"] = blockJson(shape);
      o["block_source"] = shape.source;
    }
    if (!r.otherWidths.empty()) {  // widths some copies of an unrolled loop take (IterationMerge.h)
      llvm::json::Array widths;
      for (unsigned w : r.otherWidths) widths.push_back(static_cast<int64_t>(w));
      o["other_instruction_widths_bytes"] = std::move(widths);
    }
    o["shapes"] = shapesJson(k, r);
    if (!computed) {
      o["reason"] = verdict.unknownReason;
    } else {
      Array lanes;
      for (int64_t addr : r.worst.addresses) lanes.push_back(addr);
      Object values;
      for (const auto& [name, value] : r.worst.values) values[name] = value;
      o["worst_wavefronts"] = static_cast<int64_t>(r.worst.wavefronts);
      o["ideal_wavefronts"] = static_cast<int64_t>(r.worst.ideal);
      // worst_wavefronts is then the most, this the least (a measured bound, docs/hardware-model.md)
      if (r.worst.fewest > 0) o["fewest_wavefronts"] = static_cast<int64_t>(r.worst.fewest);
      o["ways"] = r.ways();
      o["typical_wavefronts"] = r.typicalWavefronts;
      o["typical_ideal"] = r.typicalIdeal;
      o["executions"] = r.executions;
      o["total_wavefronts"] = r.totalWavefronts;
      o["total_ideal"] = r.totalIdeal;
      o["total_ncu_wavefronts"] = r.totalNcuWavefronts;
      o["total_ncu_ideal"] = r.totalNcuIdeal;
      o["ncu_ways"] = r.totalNcuIdeal > 0 ? r.totalNcuWavefronts / r.totalNcuIdeal : 0.0;
      o["weights_known"] = r.weightsKnown;
      o["approximate"] = r.approximate;
      o["condition_assumed"] = r.conditionAssumed;
      o["exhaustive"] = r.exhaustive;
      o["warning"] = verdict.kind == mapper::ConflictVerdict::Kind::Warning;
      o["worst_case"] = Object{{"warp", static_cast<int64_t>(r.worst.warp)}, {"lane_byte_addresses", std::move(lanes)},
                               {"values", std::move(values)}};
    }
    Array notes;
    for (const std::string& n : r.notes) notes.push_back(n);
    if (!r.widthNote.empty()) notes.push_back(r.widthNote);
    o["notes"] = std::move(notes);
    accesses.push_back(std::move(o));
  }
  for (const ir::Unanalyzed& u : tu.unanalyzed)
    notAnalyzed.push_back(Object{{"line", static_cast<int64_t>(u.loc.line)}, {"kernel", u.kernel}, {"what", u.what}, {"reason", u.reason},
                                 {"category", isKernelNotAnalyzed(tu, u) ? "kernel" : "code"}});
  // Assigned one by one: an initializer list would deep-copy the arrays (its elements are const).
  Object out;
  out["file"] = tu.file;
  out["kernels"] = std::move(kernels);
  out["accesses"] = std::move(accesses);
  out["not_analyzed"] = std::move(notAnalyzed);
  return out;
}

}  // namespace bankcheck::report
