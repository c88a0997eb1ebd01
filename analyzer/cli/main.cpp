// bankcheck's command-line driver: parses options, runs the stages on each file, prints.
#include <chrono>
#include <condition_variable>
#include <map>
#include <mutex>
#include <thread>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>

#include "cli/Options.h"
#include "advisor/Advisor.h"
#include "advisor/FixApplier.h"
#include "frontend/ClangCrashGuard.h"
#include "frontend/CompilerArgs.h"
#include "frontend/Frontend.h"
#include "ir/IRJson.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/raw_ostream.h"
#include "mapper/PtxWidths.h"
#include "mapper/UnitAnalysis.h"
#include "model/LanePatternTable.h"
#include "report/ClangStyleEmitter.h"
#include "report/FindingsReport.h"
#include "report/SarifReport.h"
#include "report/ToolDiagnostics.h"
#include "rules/CheckRegistry.h"
#include "rules/CheckRunner.h"

using namespace bankcheck;

namespace {
struct FileResult {
  ir::TranslationUnit unit;
  mapper::UnitAnalysis analysis;
  mapper::PtxListing ptx;
  std::vector<advisor::Proposal> proposals;
};

// Wall-clock time of each stage, printed with BANKCHECK_TIME_PHASES=1 (for docs/benchmark.md).
struct PhaseTimer {
  const char* name;
  std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
  ~PhaseTimer() {
    static const bool enabled = std::getenv("BANKCHECK_TIME_PHASES") != nullptr;
    if (!enabled) return;
    const auto ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    llvm::errs() << "bankcheck: phase " << name << ": " << llvm::format("%.1f", ms) << " ms\n";
  }
};

// The per-file time budget (--time-limit): a thread that watches when each file started and,
// once one runs past the limit, names it and ends the run with exit status 2. Nothing is printed
// before every file is analyzed, so no partial report is left behind.
class Watchdog {
 public:
  explicit Watchdog(double limitSeconds) : limit_(limitSeconds) {
    if (limit_ > 0) thread_ = std::thread([this] { run(); });
  }
  ~Watchdog() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      done_ = true;
    }
    wake_.notify_all();
    if (thread_.joinable()) thread_.join();
  }
  void start(size_t id, const std::string& file) {
    std::lock_guard<std::mutex> lock(mutex_);
    running_[id] = {file, std::chrono::steady_clock::now()};
  }
  void finish(size_t id) {
    std::lock_guard<std::mutex> lock(mutex_);
    running_.erase(id);
  }

 private:
  void run() {
    std::unique_lock<std::mutex> lock(mutex_);
    while (!done_) {
      wake_.wait_for(lock, std::chrono::milliseconds(50));
      const auto now = std::chrono::steady_clock::now();
      for (const auto& [id, entry] : running_)
        if (std::chrono::duration<double>(now - entry.second).count() > limit_) {
          llvm::errs() << entry.first << ": error: the analysis ran past --time-limit=" << llvm::format("%g", limit_)
                       << " s; stopping without a report (exit 2)\n";
          llvm::errs().flush();
          std::_Exit(cli::kExitToolError);
        }
    }
  }
  double limit_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool done_ = false;
  std::map<size_t, std::pair<std::string, std::chrono::steady_clock::time_point>> running_;
  std::thread thread_;
};

FileResult analyzeOne(const std::string& file, const cli::Options& opts) {
  FileResult r;
  const auto started = std::chrono::steady_clock::now();
  {
    PhaseTimer t{"front end"};
    frontend::FrontendOptions fe = opts.frontend;
    // Each file's AST is only needed while it is analyzed; with few files, let the process exit
    // reclaim it rather than tearing it down (the advisor's re-analyses still free theirs).
    fe.leakAstAtExit = opts.files.size() <= 8;
    r.unit = frontend::analyzeFile(file, fe);
  }
  PhaseTimer t{"mapper and advisor"};
  if (!opts.dump.empty() || !r.unit.parsed) return r;
  mapper::AnalysisOptions options;
  if (opts.ptx) {
    std::string note;
    r.ptx = mapper::compileToPtx(file, frontend::userFlagsFor(file, opts.frontend, note), opts.frontend.gpuArch);
    options.ptx = &r.ptx;
  }
  r.analysis = mapper::analyzeUnit(r.unit, options);
  if (opts.advice) {
    advisor::AdvisorOptions ao;
    ao.minWays = opts.minWays;
    ao.arch = opts.frontend.gpuArch;
    ao.frontend = opts.frontend;
    ao.usePtx = opts.ptx && r.ptx.ok;
    // Edits about to be written are proven on the patched text itself.
    ao.reparseProof = opts.fix || !opts.exportFixes.empty();
    if (opts.timeLimit > 0) {
      // The fix search gets the first half of the file's budget; the proof of what it found (on
      // the IR, or one more re-analysis under --fix) and the watchdog have the rest.
      ao.budgetSeconds = opts.timeLimit / 2;
      ao.deadline = started + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                  std::chrono::duration<double>(ao.budgetSeconds));
    }
    r.proposals = advisor::advise(r.unit, r.analysis, ao);
  }
  return r;
}

std::vector<FileResult> analyzeAll(const cli::Options& opts) {
  std::vector<FileResult> results(opts.files.size());
  Watchdog watchdog(opts.timeLimit);
  const auto one = [&](size_t i) {
    watchdog.start(i, opts.files[i]);
    results[i] = analyzeOne(opts.files[i], opts);
    watchdog.finish(i);
  };
  if (opts.jobs <= 1 || opts.files.size() <= 1) {
    for (size_t i = 0; i < opts.files.size(); ++i) one(i);
    return results;
  }
  llvm::DefaultThreadPool pool(llvm::hardware_concurrency(opts.jobs));
  for (size_t i = 0; i < opts.files.size(); ++i) pool.async([&, i] { one(i); });
  pool.wait();
  return results;
}

int runLanes(const cli::Options& opts) {
  std::ifstream in(opts.lanesFile);
  if (!in) {
    llvm::errs() << opts.lanesFile << ": error: cannot open file\n";
    return cli::kExitToolError;
  }
  return model::runLanesCommand(in, opts.lanesFile, std::cout, std::cerr);
}
}  // namespace

static int runBankcheck(int argc, const char** argv) {
  cli::Options opts;
  int exitCode = 0;
  if (!cli::parseOptions(argc, argv, opts, exitCode)) return exitCode;
  if (opts.lanesCommand) return runLanes(opts);
  if (opts.listChecks) {
    for (const rules::CheckInfo& c : rules::allChecks())
      llvm::outs() << c.name << " (" << report::levelName(c.level) << "): " << c.summary << "\n";
    return cli::kExitClean;
  }

  std::vector<FileResult> results;
  {
    PhaseTimer t{"all files"};
    results = analyzeAll(opts);
  }
  bool toolError = false;
  for (const FileResult& r : results) toolError |= report::printToolDiagnostics(r.unit, opts.strict, llvm::errs()).toolError;

  if (opts.dump == "json") {
    PhaseTimer t{"IR JSON"};
    llvm::json::OStream json(llvm::outs(), 2);
    json.object([&] {
      json.attributeArray("files", [&] {
        for (const FileResult& r : results) ir::writeJson(r.unit, json);
      });
    });
    llvm::outs() << "\n";
    return toolError ? cli::kExitToolError : cli::kExitClean;
  }

  report::ReportOptions ropts;
  ropts.minWays = opts.minWays;
  ropts.explain = opts.explain;
  ropts.arch = opts.frontend.gpuArch;
  ropts.familyPolicy = opts.familyPolicy;
  report::ReportCounts total;
  llvm::json::Array files, jsonDiagnostics;
  std::vector<report::Diagnostic> sarifDiagnostics;
  rules::NolintIndex nolint;
  PhaseTimer reportTimer{"report"};
  report::ClangStyleEmitter emitter(llvm::outs(), opts.color);
  for (size_t i = 0; i < results.size(); ++i) {
    const FileResult& r = results[i];
    if (!r.unit.parsed) continue;
    if (opts.ptx && !r.ptx.ok)
      llvm::errs() << opts.files[i] << ": warning: --ptx: " << r.ptx.error << "; widths are predicted instead\n";
    std::string configError;
    const std::optional<rules::CheckSelection> selection =
        rules::selectionFor(opts.files[i], opts.checks, opts.warningsAsErrors, configError);
    if (!selection) {
      llvm::errs() << configError << "\n";
      toolError = true;
      continue;
    }
    report::ReportCounts counts;
    std::vector<report::Diagnostic> diags = report::findingDiagnostics(r.unit, r.analysis, ropts, counts, &r.proposals);
    rules::CheckContext checks{r.unit, r.analysis, opts.frontend.gpuArch};
    if (opts.ptx && r.ptx.ok) checks.ptx = &r.ptx;
    diags = rules::selectFindings(checks, std::move(diags), *selection, nolint);
    counts.warnings = counts.errors = 0;
    for (const report::Diagnostic& d : diags) {
      if (d.level == report::Level::Warning) ++counts.warnings;
      if (d.level == report::Level::Error) ++counts.errors;
    }
    total.add(counts);
    if (opts.format == "json") {
      files.push_back(report::findingsJson(r.unit, r.analysis, ropts, &r.proposals));
      for (const report::Diagnostic& d : diags) jsonDiagnostics.push_back(report::diagnosticJson(d));
    } else if (opts.format == "sarif") {
      for (report::Diagnostic& d : diags) sarifDiagnostics.push_back(std::move(d));
    } else {
      for (const report::Diagnostic& d : diags) emitter.emit(d);
    }
  }
  if (opts.format == "json") {
    llvm::json::Object top;
    top["schema"] = "bankcheck-report/1";
    top["arch"] = opts.frontend.gpuArch;
    top["min_ways"] = opts.minWays;
    top["files"] = std::move(files);
    top["diagnostics"] = std::move(jsonDiagnostics);
    top["summary"] = report::summaryJson(total);
    llvm::outs() << llvm::formatv("{0:2}", llvm::json::Value(std::move(top))) << "\n";
  } else if (opts.format == "sarif") {
    std::vector<report::SarifRule> sarifRules;
    for (const rules::CheckInfo& c : rules::allChecks()) sarifRules.push_back({c.name, c.level, c.summary, c.docPage});
    llvm::outs() << llvm::formatv("{0:2}", report::sarifLog(BANKCHECK_VERSION, sarifRules, sarifDiagnostics)) << "\n";
  } else {
    llvm::outs() << report::summaryLine(total) << "\n";
  }
  if (!opts.exportFixes.empty()) {
    std::vector<advisor::FileProposals> all;
    for (size_t i = 0; i < results.size(); ++i) all.push_back({opts.files[i], results[i].proposals});
    std::string error;
    if (!advisor::exportFixes(opts.exportFixes, all, error)) {
      llvm::errs() << "bankcheck: error: " << error << "\n";
      toolError = true;
    }
  }
  if (opts.fix) {
    std::vector<advisor::FileProposals> all;
    for (size_t i = 0; i < results.size(); ++i) all.push_back({opts.files[i], results[i].proposals});
    for (const advisor::FixOutcome& o : advisor::applyFixes(all, opts.frontend)) {
      if (o.failed) {
        llvm::errs() << o.file << ": error: --fix: " << o.message << "\n";
        toolError = true;
      } else if (o.changed) {
        llvm::errs() << o.file << ": fixed (" << o.edits << " edit" << (o.edits == 1 ? "" : "s") << ", re-parsed)\n";
      }
    }
  }
  if (toolError) return cli::kExitToolError;
  if (total.warnings || total.errors) return cli::kExitConflicts;
  if (opts.failOnUnknown && total.incomplete()) return cli::kExitNotComputed;
  return cli::kExitClean;
}

int main(int argc, const char** argv) {
  llvm::InitLLVM init(argc, argv);
  int exitCode = runBankcheck(argc, argv);
  if (frontend::clangCrashWasRecovered()) {
    // After a recovered clang crash, LLVM's global teardown may touch what the crash left
    // dangling and never return; the results are all written, so end without it.
    llvm::outs().flush();
    llvm::errs().flush();
    std::fflush(nullptr);
    std::_Exit(exitCode);
  }
  return exitCode;
}
