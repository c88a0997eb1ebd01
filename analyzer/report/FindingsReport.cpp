#include "report/FindingsReport.h"

#include "fmt/format.h"
#include "report/CoverageCounts.h"

namespace bankcheck::report {

mapper::FamilyPolicy defaultFamilyPolicy(const ReportOptions& options) {
  return mapper::parseFamilyPolicy(options.familyPolicy).value_or(mapper::FamilyPolicy::All);
}

ReportCounts countFile(const ir::TranslationUnit& tu, const mapper::UnitAnalysis& analysis, const ReportOptions& options,
                       const std::vector<Diagnostic>& shown) {
  ReportCounts counts;
  counts.files = 1;
  const CoverageCounts coverage = countCoverage(tu);
  counts.kernels = static_cast<unsigned>(tu.kernels.size()) + coverage.templatesNotInstantiated;
  counts.kernelsNotAnalyzed = coverage.kernelsNotAnalyzed();
  counts.notWalked = coverage.notWalked;
  counts.unresolvedLaunches = coverage.unresolvedLaunches;
  const mapper::FamilyPolicy fallback = defaultFamilyPolicy(options);
  for (const ir::Access& a : tu.accesses) {
    ++counts.accesses;
    const mapper::ConflictVerdict v =
        mapper::judgeAccess(tu, a, analysis.results[static_cast<size_t>(a.id)], options.minWays, fallback);
    if (v.kind == mapper::ConflictVerdict::Kind::NotComputed) ++counts.unknown;
  }
  for (const Diagnostic& d : shown) {
    if (d.level == Level::Warning) ++counts.warnings;
    if (d.level == Level::Error) ++counts.errors;
    if (d.checkName == "bankcheck-shape-dependent") ++counts.shapeDependent;
    if (d.checkName == "bankcheck-library-conflict") ++counts.inLibrary;
  }
  return counts;
}

namespace {
std::string plural(unsigned n, const char* one, const char* many) { return fmt::format("{} {}", n, n == 1 ? one : many); }
}  // namespace

std::string summaryLine(const ReportCounts& c) {
  std::string out = "bankcheck: " + plural(c.files, "file", "files") + ", " + plural(c.kernels, "kernel instance", "kernel instances");
  if (c.kernelsNotAnalyzed) out += fmt::format(" ({} not analyzed)", c.kernelsNotAnalyzed);
  out += ", " + plural(c.accesses, "shared-memory access", "shared-memory accesses") +
         fmt::format(" ({} computed, {} unknown)", c.computed(), c.unknown);
  if (c.notWalked) out += ", " + plural(c.notWalked, "code region not walked", "code regions not walked");
  if (c.unresolvedLaunches) out += ", " + plural(c.unresolvedLaunches, "launch shape not computed", "launch shapes not computed");
  if (c.errors) out += ", " + plural(c.errors, "error", "errors");
  out += ", " + plural(c.warnings, "warning", "warnings");
  if (c.shapeDependent) out += ", " + plural(c.shapeDependent, "shape-dependent conflict", "shape-dependent conflicts");
  if (c.inLibrary) out += ", " + plural(c.inLibrary, "conflict in library code", "conflicts in library code");
  return out;
}

const char* levelName(Level l) {
  switch (l) {
    case Level::Note: return "note";
    case Level::Remark: return "remark";
    case Level::Warning: return "warning";
    case Level::Error: return "error";
  }
  return "?";
}

llvm::json::Value diagnosticJson(const Diagnostic& d) {
  llvm::json::Object o{{"level", levelName(d.level)}, {"message", d.message}};
  if (!d.checkName.empty()) o["check"] = d.checkName;
  if (d.promotedToError) o["warning_as_error"] = true;
  if (d.span.begin.valid())
    o["location"] = llvm::json::Object{{"file", d.span.begin.file},
                                       {"line", static_cast<int64_t>(d.span.begin.line)},
                                       {"column", static_cast<int64_t>(d.span.begin.column)}};
  if (!d.fixIts.empty()) {
    llvm::json::Array fixes;
    for (const FixIt& f : d.fixIts)
      fixes.push_back(llvm::json::Object{{"file", f.span.begin.file},
                                         {"offset", static_cast<int64_t>(f.span.beginOffset)},
                                         {"length", static_cast<int64_t>(f.span.endOffset - f.span.beginOffset)},
                                         {"text", f.text}});
    o["fixes"] = std::move(fixes);
  }
  return o;
}

llvm::json::Value summaryJson(const ReportCounts& c) {
  auto n = [](unsigned v) { return static_cast<int64_t>(v); };
  return llvm::json::Object{{"files", n(c.files)},
                            {"kernels", n(c.kernels)},
                            {"kernels_not_analyzed", n(c.kernelsNotAnalyzed)},
                            {"accesses", n(c.accesses)},
                            {"computed", n(c.computed())},
                            {"unknown", n(c.unknown)},
                            {"not_walked", n(c.notWalked)},
                            {"unresolved_launches", n(c.unresolvedLaunches)},
                            {"warnings", n(c.warnings)},
                            {"errors", n(c.errors)},
                            {"shape_dependent", n(c.shapeDependent)},
                            {"in_library", n(c.inLibrary)}};
}

}  // namespace bankcheck::report
