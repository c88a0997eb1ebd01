// Findings for users: clang-style warnings with notes (text) and the stable JSON schema the GPU
// verification compares against (see docs/json-schema.md).
#pragma once

#include "advisor/Proposal.h"
#include "ir/Module.h"
#include "llvm/Support/JSON.h"
#include "mapper/UnitAnalysis.h"
#include "report/ClangStyleEmitter.h"

namespace bankcheck::report {

struct ReportOptions {
  double minWays = 2.0;   // warn at or above this conflict multiplier
  bool explain = false;   // print the bank map of the worst warp-instruction
  bool showUnknown = true;
  std::string arch = "sm_90";
};

struct ReportCounts {
  unsigned files = 0;
  unsigned kernels = 0;
  unsigned accesses = 0;
  unsigned unknown = 0;
  unsigned warnings = 0;
  void add(const ReportCounts& o) {
    files += o.files;
    kernels += o.kernels;
    accesses += o.accesses;
    unknown += o.unknown;
    warnings += o.warnings;
  }
};

// The diagnostics for one file, in order: each warning or remark followed by its notes.
// The diagnostics for one file, in order: each warning or remark followed by its notes; the
// advisor's proposal for an array follows the first warning on it.
std::vector<Diagnostic> findingDiagnostics(const ir::TranslationUnit& tu, const mapper::UnitAnalysis& analysis,
                                           const ReportOptions& options, ReportCounts& counts,
                                           const std::vector<advisor::Proposal>* proposals = nullptr);

// The advisor's proposal as notes (with fix-its) for `arch`.
std::vector<Diagnostic> proposalDiagnostics(const advisor::Proposal& p, const std::string& arch);

std::string summaryLine(const ReportCounts& counts);

// One file's findings in the JSON schema `bankcheck-report/1`.
llvm::json::Value findingsJson(const ir::TranslationUnit& tu, const mapper::UnitAnalysis& analysis,
                               const ReportOptions& options, const std::vector<advisor::Proposal>* proposals = nullptr);

}  // namespace bankcheck::report
