#include "cli/Options.h"
#include "frontend/AssumedValues.h"
#include "rules/CheckFilter.h"

#include <algorithm>
#include <cmath>

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CommandLine.h"
#include "mapper/ConflictVerdict.h"
#include "llvm/Support/raw_ostream.h"

#ifndef BANKCHECK_VERSION
#define BANKCHECK_VERSION "unknown"
#endif

namespace bankcheck::cli {

namespace cl = llvm::cl;

bool parseBlockOverride(const std::string& spec, frontend::BlockOverride& out) {
  const size_t eq = spec.rfind('=');
  if (eq == std::string::npos || eq == 0) return false;
  std::string dims = spec.substr(eq + 1);
  std::replace(dims.begin(), dims.end(), ',', 'x');
  llvm::SmallVector<llvm::StringRef, 3> parts;
  llvm::StringRef(dims).split(parts, 'x');
  if (parts.size() > 3) return false;
  unsigned extents[3] = {1, 1, 1};
  uint64_t threads = 1;
  for (size_t i = 0; i < parts.size(); ++i) {
    // Each extent is checked before it is multiplied: no overflow, no exception.
    uint64_t v = 0;
    if (parts[i].empty() || parts[i].getAsInteger(10, v) || v == 0 || v > 1024) return false;
    extents[i] = static_cast<unsigned>(v);
    threads *= v;
  }
  if (threads > 1024) return false;
  out.kernel = spec.substr(0, eq);
  out.x = extents[0];
  out.y = extents[1];
  out.z = extents[2];
  return true;
}

void addBlockOverride(std::vector<frontend::BlockOverride>& blocks, const frontend::BlockOverride& o) {
  for (const frontend::BlockOverride& b : blocks)
    if (b.kernel == o.kernel && b.x == o.x && b.y == o.y && b.z == o.z) return;
  blocks.push_back(o);
}

namespace {
cl::OptionCategory category("bankcheck options");
cl::SubCommand lanesSub("lanes", "Predict wavefronts for explicit per-lane addresses (CSV rows in the format of "
                                 "h200-lane-patterns.csv) and compare with a measured column when present");
cl::opt<std::string> lanesPath(cl::Positional, cl::desc("<file.csv>"), cl::Required, cl::sub(lanesSub));

cl::list<std::string> inputs(cl::Positional, cl::desc("<file.cu>..."), cl::cat(category), cl::sub(cl::SubCommand::getTopLevel()));
cl::opt<std::string> dump("dump", cl::desc("Print the extracted IR instead of findings (json)"), cl::value_desc("json"),
                          cl::cat(category), cl::sub(cl::SubCommand::getTopLevel()));
cl::list<std::string> blocks("block", cl::desc("Block shape of a kernel, e.g. --block transpose=32x8 (repeatable)"),
                             cl::value_desc("kernel=XxYxZ"), cl::cat(category), cl::sub(cl::SubCommand::getTopLevel()));
cl::list<std::string> assumptions(
    "assume",
    cl::desc("Value of a kernel parameter (or a member of one) that the code cannot show, e.g. --assume pitch=33, "
             "--assume attn:params.rotary_dim=64 for one kernel (repeatable)"),
    cl::value_desc("[kernel:]name=value"), cl::cat(category), cl::sub(cl::SubCommand::getTopLevel()));
cl::opt<std::string> blockFamily(
    "block-family",
    cl::desc("Kernels no launch gives a shape to are checked over the family of shapes they admit: warn for conflicts "
             "every shape has and remark the others (all), warn for any shape (any), or leave them not computed (off)"),
    cl::value_desc("all|any|off"), cl::init("all"), cl::cat(category), cl::sub(cl::SubCommand::getTopLevel()));
cl::opt<bool> failOnUnknown("fail-on-unknown",
                            cl::desc("Exit with 3 when something was not computed (accesses, kernels, code, launch shapes) "
                                     "and no conflict was found"),
                            cl::cat(category), cl::sub(cl::SubCommand::getTopLevel()));
cl::opt<std::string> buildPath("p", cl::desc("Build directory holding compile_commands.json"), cl::value_desc("dir"),
                               cl::cat(category), cl::sub(cl::SubCommand::getTopLevel()));
cl::opt<std::string> arch("arch", cl::desc("Target architecture: sm_70, sm_75, sm_80, sm_86, sm_89, sm_90"),
                          cl::init("sm_90"), cl::cat(category), cl::sub(cl::SubCommand::getTopLevel()));
cl::opt<std::string> checks("checks",
                            cl::desc("Checks to run, as clang-tidy's globs: '-*,bankcheck-bank-conflict' (default '*', after the "
                                     "nearest .bankcheck.yaml's Checks)"),
                            cl::value_desc("globs"), cl::cat(category), cl::sub(cl::SubCommand::getTopLevel()));
cl::opt<std::string> warningsAsErrors("warnings-as-errors", cl::desc("Checks whose warnings become errors (globs)"),
                                      cl::value_desc("globs"), cl::cat(category), cl::sub(cl::SubCommand::getTopLevel()));
cl::opt<bool> listChecks("list-checks", cl::desc("List the checks and exit"), cl::cat(category),
                         cl::sub(cl::SubCommand::getTopLevel()));
cl::opt<std::string> format("format", cl::desc("Output format for findings: text (clang-style), json or sarif (SARIF 2.1.0)"), cl::init("text"),
                            cl::cat(category), cl::sub(cl::SubCommand::getTopLevel()));
cl::opt<double> minWays("min-ways", cl::desc("Warn at or above this conflict multiplier (default 2)"), cl::init(2.0),
                        cl::cat(category), cl::sub(cl::SubCommand::getTopLevel()));
cl::opt<bool> explain("explain", cl::desc("Print the bank map of each warning's worst warp-instruction"), cl::cat(category),
                      cl::sub(cl::SubCommand::getTopLevel()));
cl::opt<bool> ptx("ptx", cl::desc("Take instruction widths from nvcc's PTX for the --arch, and registers per thread from ptxas (needs the CUDA toolkit)"),
                  cl::cat(category), cl::sub(cl::SubCommand::getTopLevel()));
cl::opt<bool> sass("sass",
                   cl::desc("Take instruction widths from the SASS of the cubin nvcc builds for the --arch (nvdisasm -g), the widths "
                            "the GPU executes, and registers per thread from ptxas; falls back to --ptx, saying so, where nvdisasm "
                            "is not installed"),
                   cl::cat(category), cl::sub(cl::SubCommand::getTopLevel()));
cl::opt<bool> noAdvice("no-fix-suggestions", cl::desc("Do not search for fixes (faster; warnings only)"), cl::cat(category),
                       cl::sub(cl::SubCommand::getTopLevel()));
cl::opt<bool> noLowering("no-lowering",
                         cl::desc("Do not lower kernels the AST walk cannot follow (CuTe tensors, pointers kept in objects) "
                                  "to LLVM IR to read their accesses there"),
                         cl::cat(category), cl::sub(cl::SubCommand::getTopLevel()));
cl::opt<bool> fix("fix", cl::desc("Apply the verified fixes to the files (atomic rewrite, then re-parse)"), cl::cat(category),
                  cl::sub(cl::SubCommand::getTopLevel()));
cl::opt<std::string> exportFixes("export-fixes", cl::desc("Write the verified fixes as YAML for clang-apply-replacements"),
                                 cl::value_desc("file.yaml"), cl::cat(category), cl::sub(cl::SubCommand::getTopLevel()));
cl::opt<bool> color("fcolor-diagnostics", cl::desc("Color the diagnostics (like clang)"), cl::cat(category), cl::sub(cl::SubCommand::getTopLevel()));
cl::opt<bool> strict("strict", cl::desc("Treat every compiler error as fatal, also outside kernels"),
                     cl::cat(category), cl::sub(cl::SubCommand::getTopLevel()));
cl::opt<double> timeLimit("time-limit",
                          cl::desc("Seconds one file may take (default 600, 0 for none): the fix search stops at half of it, "
                                   "and past it the run stops with an error naming the file (exit 2)"),
                          cl::value_desc("seconds"), cl::init(600), cl::cat(category), cl::sub(cl::SubCommand::getTopLevel()));
cl::opt<unsigned> jobs("j", cl::desc("Analyze this many files in parallel"), cl::init(1), cl::cat(category),
                       cl::sub(cl::SubCommand::getTopLevel()));


}  // namespace

bool parseOptions(int argc, const char** argv, Options& out, int& exitCode) {
  std::vector<const char*> ours;
  int i = 0;
  for (; i < argc; ++i) {
    if (std::string(argv[i]) == "--") break;
    ours.push_back(argv[i]);
  }
  for (++i; i < argc; ++i) out.frontend.compilerArgs.push_back(argv[i]);

  cl::HideUnrelatedOptions(category);
  cl::SetVersionPrinter([](llvm::raw_ostream& os) { os << "bankcheck " << BANKCHECK_VERSION << " (Clang 19)\n"; });
  if (!cl::ParseCommandLineOptions(static_cast<int>(ours.size()), ours.data(),
                                   "bankcheck: finds CUDA shared-memory bank conflicts before the code runs\n\n"
                                   "  bankcheck [options] <file.cu>... [-- <compiler args>]\n"
                                   "  bankcheck lanes <file.csv>\n",
                                   &llvm::errs())) {
    exitCode = kExitToolError;
    return false;
  }
  if (lanesSub) {
    out.lanesCommand = true;
    out.lanesFile = lanesPath;
    return true;
  }
  out.files.assign(inputs.begin(), inputs.end());
  if (listChecks) {
    out.listChecks = true;
    return true;
  }
  if (out.files.empty()) {
    llvm::errs() << "bankcheck: error: no input files (see --help)\n";
    exitCode = kExitToolError;
    return false;
  }
  if (!dump.empty() && dump != "json") {
    llvm::errs() << "bankcheck: error: --dump accepts only 'json'\n";
    exitCode = kExitToolError;
    return false;
  }
  static const char* archs[] = {"sm_70", "sm_75", "sm_80", "sm_86", "sm_89", "sm_90"};
  if (std::find(std::begin(archs), std::end(archs), arch.getValue()) == std::end(archs)) {
    llvm::errs() << "bankcheck: error: unknown --arch '" << arch << "' (sm_70, sm_75, sm_80, sm_86, sm_89, sm_90)\n";
    exitCode = kExitToolError;
    return false;
  }
  for (const std::string& b : blocks) {
    frontend::BlockOverride o;
    if (!parseBlockOverride(b, o)) {
      llvm::errs() << "bankcheck: error: --block '" << b << "' is not of the form kernel=32x8 (1 to 1024 threads)\n";
      exitCode = kExitToolError;
      return false;
    }
    addBlockOverride(out.frontend.blocks, o);
  }
  for (const std::string& a : assumptions) {
    frontend::ValueAssumption v;
    if (!frontend::parseAssumption(a, v)) {
      llvm::errs() << "bankcheck: error: --assume '" << a
                   << "' is not of the form [kernel:]name=integer (a parameter or a member of one: pitch=33, params.dim=64)\n";
      exitCode = kExitToolError;
      return false;
    }
    // One value per parameter is analyzed: a second, different one is a mistake, not a choice.
    for (const frontend::ValueAssumption& earlier : out.frontend.assumptions)
      if (earlier.kernel == v.kernel && earlier.name == v.name && earlier.value != v.value) {
        llvm::errs() << "bankcheck: error: --assume gives '" << (v.kernel.empty() ? "" : v.kernel + ":") << v.name
                     << "' two values (" << earlier.value << " and " << v.value << "); one value per parameter is analyzed\n";
        exitCode = kExitToolError;
        return false;
      }
    out.frontend.assumptions.push_back(v);
  }
  const std::optional<mapper::FamilyPolicy> policy = mapper::parseFamilyPolicy(blockFamily);
  if (!policy) {
    llvm::errs() << "bankcheck: error: --block-family accepts 'all', 'any' or 'off'\n";
    exitCode = kExitToolError;
    return false;
  }
  out.frontend.blockFamily = blockFamily;
  out.frontend.lowerUnwalkedCode = !noLowering;
  out.familyPolicy = blockFamily;
  out.failOnUnknown = failOnUnknown;
  if (format != "text" && format != "json" && format != "sarif") {
    llvm::errs() << "bankcheck: error: --format accepts 'text', 'json' or 'sarif'\n";
    exitCode = kExitToolError;
    return false;
  }
  if (!std::isfinite(minWays) || minWays < 1.0) {
    llvm::errs() << "bankcheck: error: --min-ways must be a number of at least 1\n";
    exitCode = kExitToolError;
    return false;
  }
  if (!std::isfinite(timeLimit) || timeLimit < 0 || timeLimit > 1e7) {
    llvm::errs() << "bankcheck: error: --time-limit must be a number of seconds from 0 (none) to 10000000\n";
    exitCode = kExitToolError;
    return false;
  }
  out.timeLimit = timeLimit;
  if (!buildPath.empty()) {
    // A database that is missing or malformed would silently drop the project's -D/-I flags and
    // report on other code than the build compiles: an error, not a note.
    std::string error;
    if (!clang::tooling::CompilationDatabase::loadFromDirectory(buildPath, error)) {
      while (!error.empty() && std::isspace(static_cast<unsigned char>(error.back()))) error.pop_back();
      std::replace(error.begin(), error.end(), '\n', ' ');
      llvm::errs() << "bankcheck: error: -p '" << buildPath << "': cannot read a compilation database: " << error << "\n";
      exitCode = kExitToolError;
      return false;
    }
  }
  for (const auto& [what, globs] : {std::pair<const char*, std::string>{"--checks", checks}, {"--warnings-as-errors", warningsAsErrors}}) {
    std::string error;
    if (!rules::CheckFilter::parse(globs, error)) {
      llvm::errs() << "bankcheck: error: " << what << ": " << error << "\n";
      exitCode = kExitToolError;
      return false;
    }
  }
  if (ptx && sass) {
    llvm::errs() << "bankcheck: error: --ptx and --sass choose different sources of instruction widths; give one\n";
    exitCode = kExitToolError;
    return false;
  }
  out.checks = checks;
  out.warningsAsErrors = warningsAsErrors;
  out.format = format;
  out.minWays = minWays;
  out.explain = explain;
  out.ptx = ptx;
  out.sass = sass;
  out.color = color;
  out.advice = !noAdvice || fix || !exportFixes.empty();
  out.fix = fix;
  out.exportFixes = exportFixes;
  out.dump = dump;
  out.strict = strict;
  out.jobs = jobs == 0 ? 1 : jobs;
  out.frontend.buildPath = buildPath;
  out.frontend.gpuArch = arch;
  return true;
}

}  // namespace bankcheck::cli
