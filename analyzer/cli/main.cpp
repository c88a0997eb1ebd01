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
#include "advisor/FixApplier.h"
#include "driver/Driver.h"
#include "driver/PhaseTimer.h"
#include "frontend/ClangCrashGuard.h"
#include "ir/IRJson.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/BuryPointer.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/raw_ostream.h"
#include "model/LanePatternTable.h"
#include "report/ClangStyleEmitter.h"
#include "report/FindingsReport.h"
#include "report/SarifReport.h"
#include "report/ToolDiagnostics.h"
#include "rules/CheckRegistry.h"

using namespace bankcheck;

namespace {
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

driver::DriverOptions driverOptions(const cli::Options& opts) {
  driver::DriverOptions d;
  d.frontend = opts.frontend;
  // Each file's AST is only needed while it is analyzed; with few files, let the process exit
  // reclaim it rather than tearing it down (the advisor's re-analyses still free theirs).
  d.frontend.leakAstAtExit = opts.files.size() <= 8;
  d.frontEndOnly = !opts.dump.empty();
  d.widths = opts.sass ? driver::DriverOptions::Widths::Sass
             : opts.ptx ? driver::DriverOptions::Widths::Ptx
                        : driver::DriverOptions::Widths::Predicted;
  d.advice = opts.advice;
  d.fixesWillBeWritten = opts.fix || !opts.exportFixes.empty();
  d.timeLimit = opts.timeLimit;
  d.minWays = opts.minWays;
  d.familyPolicy = opts.familyPolicy;
  d.explain = opts.explain;
  d.checks = opts.checks;
  d.warningsAsErrors = opts.warningsAsErrors;
  return d;
}

std::vector<driver::FileAnalysis> analyzeAll(const cli::Options& opts, const driver::DriverOptions& options) {
  std::vector<driver::FileAnalysis> results(opts.files.size());
  Watchdog watchdog(opts.timeLimit);
  const auto one = [&](size_t i) {
    watchdog.start(i, opts.files[i]);
    results[i] = driver::analyzeFile(opts.files[i], options);
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

  const driver::DriverOptions options = driverOptions(opts);
  // The results live until the process ends, so they are buried rather than torn down piece by
  // piece (like the AST, FrontendOptions::DisableFree): freeing the IR of a file's hundreds of
  // kernel instances costs milliseconds that buy nothing.
  auto resultsOwner = std::make_unique<std::vector<driver::FileAnalysis>>();
  auto buryResults = llvm::make_scope_exit([&] { llvm::BuryPointer(std::move(resultsOwner)); });
  std::vector<driver::FileAnalysis>& results = *resultsOwner;
  {
    driver::PhaseTimer t{"all files"};
    results = analyzeAll(opts, options);
  }
  bool toolError = false;
  for (const driver::FileAnalysis& r : results) toolError |= report::printToolDiagnostics(r.unit, opts.strict, llvm::errs()).toolError;

  if (opts.dump == "json") {
    driver::PhaseTimer t{"IR JSON"};
    llvm::json::OStream json(llvm::outs(), 2);
    json.object([&] {
      json.attributeArray("files", [&] {
        for (const driver::FileAnalysis& r : results) ir::writeJson(r.unit, json);
      });
    });
    llvm::outs() << "\n";
    return toolError ? cli::kExitToolError : cli::kExitClean;
  }

  report::ReportCounts total;
  llvm::json::Array files, jsonDiagnostics;
  std::vector<report::Diagnostic> sarifDiagnostics;
  rules::NolintIndex nolint;
  driver::PhaseTimer reportTimer{"report"};
  report::ClangStyleEmitter emitter(llvm::outs(), opts.color);
  for (size_t i = 0; i < results.size(); ++i) {
    const driver::FileAnalysis& r = results[i];
    if (!r.unit.parsed) continue;
    if (options.widths != driver::DriverOptions::Widths::Predicted) {
      const char* flag = options.widths == driver::DriverOptions::Widths::Sass ? "--sass" : "--ptx";
      if (!r.ptx.ok)
        llvm::errs() << opts.files[i] << ": warning: " << flag << ": " << r.ptx.error << "; widths are predicted instead\n";
      else if (!r.ptx.notice.empty())
        llvm::errs() << opts.files[i] << ": warning: " << flag << ": " << r.ptx.notice << "\n";
    }
    std::string configError;
    std::optional<driver::FileFindings> found = driver::findingsOf(opts.files[i], r, options, nolint, configError);
    if (!found) {
      llvm::errs() << configError << "\n";
      toolError = true;
      continue;
    }
    total.add(found->counts);
    if (opts.format == "json") {
      files.push_back(driver::fileJson(r, options));
      for (const report::Diagnostic& d : found->diagnostics) jsonDiagnostics.push_back(report::diagnosticJson(d));
    } else if (opts.format == "sarif") {
      for (report::Diagnostic& d : found->diagnostics) sarifDiagnostics.push_back(std::move(d));
    } else {
      for (const report::Diagnostic& d : found->diagnostics) emitter.emit(d);
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
