#include "report/FindingsReport.h"

#include <cmath>
#include <set>

#include "fmt/format.h"
#include "ir/IRJson.h"
#include "report/BankMapText.h"
#include "report/BlockShapeText.h"
#include "report/CoverageRemarks.h"

namespace bankcheck::report {

using mapper::AccessResult;


namespace {
const char* actionText(ir::AccessKind k) {
  switch (k) {
    case ir::AccessKind::Load: return "load from";
    case ir::AccessKind::Store: return "store to";
    case ir::AccessKind::AsyncCopyDst: return "cp.async into";
    case ir::AccessKind::MatrixLoad: return "ldmatrix from";
    case ir::AccessKind::MatrixStore: return "stmatrix to";
    case ir::AccessKind::Atomic: return "atomic update of";
  }
  return "access to";
}

std::string fileLine(const ir::SourceLoc& l) { return fmt::format("{}:{}", l.file, l.line); }

Diagnostic note(std::string message) {
  Diagnostic d;
  d.level = Level::Note;
  d.message = std::move(message);
  return d;
}

std::string valuesText(const mapper::WarpCase& w) {
  std::string out;
  for (const auto& [name, value] : w.values) out += fmt::format(", {} = {}", name, value);
  return out;
}

bool isTemplateInstance(const ir::KernelInstance& k) { return k.name != k.function; }

std::string arrayLabel(const ir::TranslationUnit& tu, const ir::Access& a) {
  const ir::SharedArray& arr = tu.array(a.array);
  return "'" + arr.name + "'";
}
}  // namespace

std::vector<Diagnostic> proposalDiagnostics(const advisor::Proposal& p, const std::string& arch) {
  std::vector<Diagnostic> out;
  if (p.kind == advisor::Proposal::Kind::None) {
    if (!p.whyNot.empty()) out.push_back(note("no fix proposed: " + p.whyNot));
  } else {
    std::string occupancy;
    for (const advisor::OccupancyChange& c : p.occupancy) {
      occupancy += fmt::format("; {} blocks per SM on {}: {} -> {}", c.kernel, arch, c.blocksBefore, c.blocksAfter);
      if (c.optInAfter) occupancy += fmt::format(" (needs the >48 KB opt-in: {} bytes per block)", c.smemAfter);
    }
    Diagnostic d;
    d.level = Level::Note;
    d.span = p.edits.empty() ? p.decl : p.edits.front().span;
    if (p.kind == advisor::Proposal::Kind::Swizzle)
      d.message = fmt::format("swizzle '{}': index it as {}{} ({} {} rewritten); no extra shared memory; {} ({})", p.array,
                              p.declarationAfter, p.swizzle.empty() ? "" : " (CuTe " + p.swizzle + " on the element index)",
                              p.edits.size(), p.edits.size() == 1 ? "index" : "indices", p.verification, p.widthSource);
    else
      d.message = fmt::format("pad '{}' to {}: +{} bytes of shared memory per block{}; {} ({})", p.array, p.declarationAfter,
                              p.bytesAddedPerBlock, occupancy, p.verification, p.widthSource);
    for (const advisor::Edit& e : p.edits) d.fixIts.push_back(FixIt{e.span, e.text});
    out.push_back(d);
  }
  for (const std::string& n : p.notes) out.push_back(note(n));
  return out;
}

mapper::FamilyPolicy defaultFamilyPolicy(const ReportOptions& options) {
  return mapper::parseFamilyPolicy(options.familyPolicy).value_or(mapper::FamilyPolicy::All);
}

namespace {
// The notes every conflict (warning or shape-dependent remark) carries after its shape notes.
void addConflictNotes(const ir::Access& a, const AccessResult& r, const ReportOptions& options, std::vector<Diagnostic>& out) {
  out.push_back(note(fmt::format("worst case: warp {}{}: {}", r.worst.warp, valuesText(r.worst), describeWorstBank(r, a.kind))));
  if (std::fabs(r.typicalWavefronts - r.worst.wavefronts) > 1e-9)
    out.push_back(note(fmt::format("on average {:.3g} wavefronts per warp-instruction (ideal {:.3g}) over {:.6g} executions{}",
                                   r.typicalWavefronts, r.typicalIdeal, r.executions, r.weightsKnown ? "" : " (some trip counts unknown)")));
  if (r.widthSource != mapper::WidthSource::SourceType || r.instructionWidth != a.widthBytes)
    out.push_back(note(fmt::format("instruction width {} bytes per lane ({}: {})", r.instructionWidth, mapper::spelling(r.widthSource),
                                   r.widthNote)));
  for (const std::string& n : r.notes) out.push_back(note(n));
  if (options.explain) out.back().trailingText = bankMapText(r, a.kind);
}

Diagnostic finding(Level level, const ir::Access& a, std::string message, std::string checkName) {
  Diagnostic d;
  d.level = level;
  d.span = a.span;
  d.message = std::move(message);
  d.checkName = std::move(checkName);
  return d;
}
}  // namespace

std::vector<Diagnostic> findingDiagnostics(const ir::TranslationUnit& tu, const mapper::UnitAnalysis& analysis,
                                           const ReportOptions& options, ReportCounts& counts,
                                           const std::vector<advisor::Proposal>* proposals) {
  std::set<std::string> advised;
  std::set<int> kernelsWithFindings;
  std::vector<Diagnostic> out;
  const mapper::FamilyPolicy fallbackPolicy = defaultFamilyPolicy(options);
  counts = ReportCounts{};
  counts.files = 1;
  const CoverageCounts coverage = countCoverage(tu);
  counts.kernels = static_cast<unsigned>(tu.kernels.size()) + coverage.templatesNotInstantiated;
  counts.kernelsNotAnalyzed = coverage.kernelsNotAnalyzed();
  counts.notWalked = coverage.notWalked;
  counts.unresolvedLaunches = coverage.unresolvedLaunches;
  for (const ir::Access& a : tu.accesses) {
    const AccessResult& r = analysis.results[static_cast<size_t>(a.id)];
    const ir::KernelInstance& k = tu.kernel(a.kernelInstance);
    ++counts.accesses;
    const std::string inKernel = isTemplateInstance(k) ? " in '" + k.name + "'" : "";
    const std::string what = fmt::format("{} {}{}", actionText(a.kind), arrayLabel(tu, a), inKernel);
    const mapper::ConflictVerdict verdict = mapper::judgeConflict(k, r, options.minWays, fallbackPolicy);
    switch (verdict.kind) {
      case mapper::ConflictVerdict::Kind::NoConflict: continue;
      case mapper::ConflictVerdict::Kind::NotComputed:
        ++counts.unknown;
        if (!options.showUnknown) continue;
        out.push_back(finding(Level::Remark, a, fmt::format("bank conflicts of {} not computed: {}", what, verdict.unknownReason),
                              "bankcheck-unknown"));
        for (Diagnostic& d : unresolvedLaunchNotes(k)) out.push_back(std::move(d));
        break;
      case mapper::ConflictVerdict::Kind::ShapeDependent:
        ++counts.shapeDependent;
        out.push_back(finding(Level::Remark, a, shapeDependentMessage(what, k, r, verdict), "bankcheck-shape-dependent"));
        for (const ir::SourceLoc& at : a.inlinedAt) out.push_back(note(fmt::format("in a device function called at {}", fileLine(at))));
        for (std::string& n : familyNotes(k, r, verdict)) out.push_back(note(std::move(n)));
        for (Diagnostic& d : unresolvedLaunchNotes(k)) out.push_back(std::move(d));
        addConflictNotes(a, r, options, out);
        break;
      case mapper::ConflictVerdict::Kind::Warning:
        ++counts.warnings;
        out.push_back(finding(Level::Warning, a,
                              fmt::format("{} bank conflict on {} ({} wavefronts per warp, ideal {})", mapper::waysText(r.ways()), what,
                                          r.worst.wavefronts, r.worst.ideal),
                              "bankcheck-bank-conflict"));
        for (const ir::SourceLoc& at : a.inlinedAt) out.push_back(note(fmt::format("in a device function called at {}", fileLine(at))));
        if (verdict.family)
          for (std::string& n : familyNotes(k, r, verdict)) out.push_back(note(std::move(n)));
        else
          out.push_back(note(launchedShapesNote(k, r)));
        for (Diagnostic& d : unresolvedLaunchNotes(k)) out.push_back(std::move(d));
        addConflictNotes(a, r, options, out);
        if (const std::string& key = tu.array(a.array).declKey; proposals && !advised.count(key)) {
          for (const advisor::Proposal& p : *proposals)
            if (p.declKey == key)
              for (Diagnostic& d : proposalDiagnostics(p, options.arch)) out.push_back(std::move(d));
          advised.insert(key);
        }
        break;
    }
    kernelsWithFindings.insert(k.id);
  }
  std::set<int> kernelsWithoutFindings;
  for (const ir::KernelInstance& k : tu.kernels)
    if (!k.unresolvedLaunches.empty() && !kernelsWithFindings.count(k.id)) kernelsWithoutFindings.insert(k.id);
  for (Diagnostic& d : coverageRemarks(tu, kernelsWithoutFindings)) out.push_back(std::move(d));
  return out;
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
                            {"shape_dependent", n(c.shapeDependent)}};
}

}  // namespace bankcheck::report
