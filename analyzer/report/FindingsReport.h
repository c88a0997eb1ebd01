// What the report renders besides the findings themselves (which the checks in rules/ make): the
// counts and the summary line, the JSON report (schema bankcheck-report/1, the one the GPU
// verification compares against; FindingsJson.cpp, docs/user-guide.md) and SARIF's levels.
#pragma once

#include "ir/Module.h"
#include "llvm/Support/JSON.h"
#include "mapper/ConflictVerdict.h"
#include "mapper/UnitAnalysis.h"
#include "report/ClangStyleEmitter.h"

namespace bankcheck::report {

struct ReportOptions {
  double minWays = 2.0;   // warn at or above this conflict multiplier
  std::string arch = "sm_90";
  // How a kernel checked over an assumed family of block shapes is reported when it has no policy
  // of its own (ir::KernelInstance::familyPolicy): "all", "any" or "off" (--block-family).
  std::string familyPolicy = "all";
};

struct ReportCounts {
  unsigned files = 0;
  unsigned kernels = 0;             // kernel instances, plus kernel templates never instantiated
  unsigned kernelsNotAnalyzed = 0;  // of those
  unsigned accesses = 0;
  unsigned unknown = 0;             // accesses not computed
  unsigned notWalked = 0;           // code regions inside analyzed kernels the front end did not walk
  unsigned unresolvedLaunches = 0;  // launches whose block shape is not computed
  unsigned warnings = 0;
  unsigned errors = 0;              // error-level findings (checks such as static shared memory over 48 KB)
  unsigned shapeDependent = 0;      // conflicts of only some members of an assumed family
  unsigned inLibrary = 0;           // conflicts in a library's own layout (bankcheck-library-conflict)
  void add(const ReportCounts& o) {
    files += o.files;
    kernels += o.kernels;
    kernelsNotAnalyzed += o.kernelsNotAnalyzed;
    accesses += o.accesses;
    unknown += o.unknown;
    notWalked += o.notWalked;
    unresolvedLaunches += o.unresolvedLaunches;
    warnings += o.warnings;
    errors += o.errors;
    shapeDependent += o.shapeDependent;
    inLibrary += o.inLibrary;
  }
  unsigned computed() const { return accesses - unknown; }
  // Whether anything was not computed (what --fail-on-unknown fails on).
  bool incomplete() const { return kernelsNotAnalyzed + unknown + notWalked + unresolvedLaunches > 0; }
};

// One file's counts: what the analysis found (kernels, accesses, what was not computed) and the
// findings `shown` after the check selection and NOLINT (warnings, errors, shape-dependent).
ReportCounts countFile(const ir::TranslationUnit& tu, const mapper::UnitAnalysis& analysis, const ReportOptions& options,
                       const std::vector<Diagnostic>& shown);

std::string summaryLine(const ReportCounts& counts);

// One file's analysis in the JSON schema `bankcheck-report/1` (FindingsJson.cpp): its kernels,
// accesses and what was not analyzed. The advisor adds the file's "proposals" (ProposalJson.h).
llvm::json::Object findingsJson(const ir::TranslationUnit& tu, const mapper::UnitAnalysis& analysis, const ReportOptions& options);

// One diagnostic (a finding or a note) as the JSON report's `diagnostics` entries.
llvm::json::Value diagnosticJson(const Diagnostic& d);

// "warning", "remark", "error", "note".
const char* levelName(Level l);

// The `summary` object of the JSON report.
llvm::json::Value summaryJson(const ReportCounts& counts);

// The policy `options` give to kernels without their own.
mapper::FamilyPolicy defaultFamilyPolicy(const ReportOptions& options);

}  // namespace bankcheck::report
