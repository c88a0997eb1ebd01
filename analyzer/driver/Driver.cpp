#include "driver/Driver.h"

#include "advisor/Advisor.h"
#include "advisor/ProposalJson.h"
#include "driver/PhaseTimer.h"
#include "frontend/CompilerArgs.h"
#include "mapper/ExtentBounds.h"
#include "mapper/SassWidths.h"
#include "rules/CheckRunner.h"

namespace bankcheck::driver {

FileAnalysis analyzeFile(const std::string& file, const DriverOptions& options, std::chrono::steady_clock::time_point started) {
  FileAnalysis r;
  {
    PhaseTimer t{"front end"};
    r.unit = frontend::analyzeFile(file, options.frontend);
  }
  PhaseTimer t{"mapper and advisor"};
  if (options.frontEndOnly || !r.unit.parsed) return r;
  mapper::AnalysisOptions mapping;
  const bool compiled = options.widths != DriverOptions::Widths::Predicted;
  if (compiled) {
    std::string note;
    const std::vector<std::string> flags = frontend::userFlagsFor(file, options.frontend, note);
    r.ptx = options.widths == DriverOptions::Widths::Sass ? mapper::compileToSass(file, flags, options.frontend.gpuArch)
                                                          : mapper::compileToPtx(file, flags, options.frontend.gpuArch);
    mapping.ptx = &r.ptx;
  }
  mapper::boundLoopsByExtent(r.unit, mapping);
  r.analysis = mapper::analyzeUnit(r.unit, mapping);
  if (!options.advice) return r;
  advisor::AdvisorOptions ao;
  ao.minWays = options.minWays;
  ao.arch = options.frontend.gpuArch;
  ao.frontend = options.frontend;
  ao.usePtx = compiled && r.ptx.ok;
  ao.useSass = r.ptx.origin == mapper::WidthSource::Sass;
  // Edits about to be written are proven on the patched text itself.
  ao.reparseProof = options.fixesWillBeWritten;
  if (options.timeLimit > 0) {
    // The fix search gets the first half of the file's budget; the proof of what it found (on the
    // IR, or one more re-analysis under --fix) and the watchdog have the rest.
    ao.budgetSeconds = options.timeLimit / 2;
    ao.deadline = started + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                std::chrono::duration<double>(ao.budgetSeconds));
  }
  r.proposals = advisor::advise(r.unit, r.analysis, ao);
  return r;
}

report::ReportOptions reportOptions(const DriverOptions& options) {
  report::ReportOptions ropts;
  ropts.minWays = options.minWays;
  ropts.arch = options.frontend.gpuArch;
  ropts.familyPolicy = options.familyPolicy;
  return ropts;
}

std::optional<FileFindings> findingsOf(const std::string& file, const FileAnalysis& a, const DriverOptions& options,
                                       rules::NolintIndex& nolint, std::string& error) {
  const std::optional<rules::CheckSelection> selection = rules::selectionFor(file, options.checks, options.warningsAsErrors, error);
  if (!selection) return std::nullopt;
  rules::CheckContext ctx{a.unit, a.analysis, options.frontend.gpuArch};
  if (options.widths != DriverOptions::Widths::Predicted && a.ptx.ok) ctx.ptx = &a.ptx;
  ctx.minWays = options.minWays;
  ctx.familyPolicy = options.familyPolicy;
  ctx.explain = options.explain;
  if (options.advice) ctx.proposals = &a.proposals;
  FileFindings out;
  out.diagnostics = rules::runSelectedChecks(ctx, *selection, nolint);
  out.counts = report::countFile(a.unit, a.analysis, reportOptions(options), out.diagnostics);
  return out;
}

llvm::json::Object fileJson(const FileAnalysis& a, const DriverOptions& options) {
  llvm::json::Object o = report::findingsJson(a.unit, a.analysis, reportOptions(options));
  o["proposals"] = advisor::proposalsJson(a.proposals);
  return o;
}

}  // namespace bankcheck::driver
