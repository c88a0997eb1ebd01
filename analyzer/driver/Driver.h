// The pipeline, in one direction: parse (frontend/) -> map (mapper/) -> advise (advisor/) ->
// checks (rules/) -> render (report/). The command line and the tests both run a file through
// it, so what a test asserts is what a user sees. No stage reaches back into an earlier one: the
// checks read the analysis and the advisor's proposals, the report renders the checks' findings.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "advisor/Proposal.h"
#include "frontend/Frontend.h"
#include "ir/Module.h"
#include "llvm/Support/JSON.h"
#include "mapper/PtxWidths.h"
#include "mapper/UnitAnalysis.h"
#include "report/FindingsReport.h"
#include "rules/Nolint.h"

namespace bankcheck::driver {

struct DriverOptions {
  frontend::FrontendOptions frontend;
  bool frontEndOnly = false;   // --dump: stop after the IR
  // Where instruction widths come from: the prediction, nvcc's PTX (--ptx), or the cubin's SASS
  // (--sass; the PTX where nvdisasm is absent). Both compiled sources also give ptxas's registers.
  enum class Widths { Predicted, Ptx, Sass } widths = Widths::Predicted;
  bool advice = true;          // search and prove fixes
  bool fixesWillBeWritten = false;  // --fix / --export-fixes: prove the edits on the patched text
  double timeLimit = 0;        // seconds per file (0: none); the fix search gets the first half
  double minWays = 2.0;
  std::string familyPolicy = "all";  // --block-family
  bool explain = false;
  std::string checks;            // --checks globs (after each file's .bankcheck.yaml)
  std::string warningsAsErrors;  // --warnings-as-errors globs
};

// What the stages computed for one file.
struct FileAnalysis {
  ir::TranslationUnit unit;
  mapper::UnitAnalysis analysis;
  mapper::PtxListing ptx;      // --ptx or --sass: the instructions nvcc generated
  std::vector<advisor::Proposal> proposals;
};

// Parse, map and advise. `started` is when the file's time budget began.
FileAnalysis analyzeFile(const std::string& file, const DriverOptions& options,
                         std::chrono::steady_clock::time_point started = std::chrono::steady_clock::now());

// What the user sees for one file: the findings of the checks that are on for it (the command
// line's and its .bankcheck.yaml's globs, NOLINT comments applied), and its counts.
struct FileFindings {
  std::vector<report::Diagnostic> diagnostics;
  report::ReportCounts counts;
};

// nullopt with `error` set when the file's configuration or a glob is invalid. `nolint` carries
// NOLINT state across files (a header's comments are read once).
std::optional<FileFindings> findingsOf(const std::string& file, const FileAnalysis& analysis, const DriverOptions& options,
                                       rules::NolintIndex& nolint, std::string& error);

// The file's entry of the JSON report: its analysis (report/) and the advisor's proposals.
llvm::json::Object fileJson(const FileAnalysis& analysis, const DriverOptions& options);

report::ReportOptions reportOptions(const DriverOptions& options);

}  // namespace bankcheck::driver
