#include "cli/Options.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

#ifndef BANKCHECK_VERSION
#define BANKCHECK_VERSION "unknown"
#endif

namespace bankcheck::cli {

namespace cl = llvm::cl;

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
cl::opt<std::string> buildPath("p", cl::desc("Build directory holding compile_commands.json"), cl::value_desc("dir"),
                               cl::cat(category), cl::sub(cl::SubCommand::getTopLevel()));
cl::opt<std::string> arch("arch", cl::desc("Target architecture: sm_70, sm_75, sm_80, sm_86, sm_89, sm_90"),
                          cl::init("sm_90"), cl::cat(category), cl::sub(cl::SubCommand::getTopLevel()));
cl::opt<std::string> format("format", cl::desc("Output format for findings: text (clang-style) or json"), cl::init("text"),
                            cl::cat(category), cl::sub(cl::SubCommand::getTopLevel()));
cl::opt<double> minWays("min-ways", cl::desc("Warn at or above this conflict multiplier (default 2)"), cl::init(2.0),
                        cl::cat(category), cl::sub(cl::SubCommand::getTopLevel()));
cl::opt<bool> explain("explain", cl::desc("Print the bank map of each warning's worst warp-instruction"), cl::cat(category),
                      cl::sub(cl::SubCommand::getTopLevel()));
cl::opt<bool> ptx("ptx", cl::desc("Take instruction widths from nvcc's PTX for the --arch (needs the CUDA toolkit)"),
                  cl::cat(category), cl::sub(cl::SubCommand::getTopLevel()));
cl::opt<bool> noAdvice("no-fix-suggestions", cl::desc("Do not search for fixes (faster; warnings only)"), cl::cat(category),
                       cl::sub(cl::SubCommand::getTopLevel()));
cl::opt<bool> fix("fix", cl::desc("Apply the verified fixes to the files (atomic rewrite, then re-parse)"), cl::cat(category),
                  cl::sub(cl::SubCommand::getTopLevel()));
cl::opt<std::string> exportFixes("export-fixes", cl::desc("Write the verified fixes as YAML for clang-apply-replacements"),
                                 cl::value_desc("file.yaml"), cl::cat(category), cl::sub(cl::SubCommand::getTopLevel()));
cl::opt<bool> color("fcolor-diagnostics", cl::desc("Color the diagnostics (like clang)"), cl::cat(category), cl::sub(cl::SubCommand::getTopLevel()));
cl::opt<bool> strict("strict", cl::desc("Treat every compiler error as fatal, also outside kernels"),
                     cl::cat(category), cl::sub(cl::SubCommand::getTopLevel()));
cl::opt<unsigned> jobs("j", cl::desc("Analyze this many files in parallel"), cl::init(1), cl::cat(category),
                       cl::sub(cl::SubCommand::getTopLevel()));

bool parseBlock(const std::string& spec, frontend::BlockOverride& out) {
  const size_t eq = spec.rfind('=');
  if (eq == std::string::npos || eq == 0) return false;
  out.kernel = spec.substr(0, eq);
  unsigned dims[3] = {1, 1, 1};
  size_t pos = eq + 1;
  for (int i = 0; i < 3 && pos <= spec.size(); ++i) {
    size_t next = spec.find_first_of("x,", pos);
    std::string part = spec.substr(pos, next == std::string::npos ? std::string::npos : next - pos);
    if (part.empty() || part.find_first_not_of("0123456789") != std::string::npos) return false;
    dims[i] = static_cast<unsigned>(std::stoul(part));
    if (next == std::string::npos) break;
    pos = next + 1;
    if (i == 2) return false;
  }
  out.x = dims[0];
  out.y = dims[1];
  out.z = dims[2];
  return out.x * out.y * out.z >= 1 && out.x * out.y * out.z <= 1024;
}
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
    exitCode = 2;
    return false;
  }
  if (lanesSub) {
    out.lanesCommand = true;
    out.lanesFile = lanesPath;
    return true;
  }
  out.files.assign(inputs.begin(), inputs.end());
  if (out.files.empty()) {
    llvm::errs() << "bankcheck: error: no input files (see --help)\n";
    exitCode = 2;
    return false;
  }
  if (!dump.empty() && dump != "json") {
    llvm::errs() << "bankcheck: error: --dump accepts only 'json'\n";
    exitCode = 2;
    return false;
  }
  static const char* archs[] = {"sm_70", "sm_75", "sm_80", "sm_86", "sm_89", "sm_90"};
  if (std::find(std::begin(archs), std::end(archs), arch.getValue()) == std::end(archs)) {
    llvm::errs() << "bankcheck: error: unknown --arch '" << arch << "' (sm_70, sm_75, sm_80, sm_86, sm_89, sm_90)\n";
    exitCode = 2;
    return false;
  }
  for (const std::string& b : blocks) {
    frontend::BlockOverride o;
    if (!parseBlock(b, o)) {
      llvm::errs() << "bankcheck: error: --block '" << b << "' is not of the form kernel=32x8 (1 to 1024 threads)\n";
      exitCode = 2;
      return false;
    }
    out.frontend.blocks.push_back(o);
  }
  if (format != "text" && format != "json") {
    llvm::errs() << "bankcheck: error: --format accepts 'text' or 'json'\n";
    exitCode = 2;
    return false;
  }
  if (minWays < 1.0) {
    llvm::errs() << "bankcheck: error: --min-ways must be at least 1\n";
    exitCode = 2;
    return false;
  }
  out.format = format;
  out.minWays = minWays;
  out.explain = explain;
  out.ptx = ptx;
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
