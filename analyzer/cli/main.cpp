// bankcheck's command-line driver: parses options, runs the stages on each file, prints.
#include <fstream>
#include <iostream>

#include "cli/Options.h"
#include "frontend/Frontend.h"
#include "ir/IRJson.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/raw_ostream.h"
#include "model/LanePatternTable.h"
#include "report/ToolDiagnostics.h"

using namespace bankcheck;

namespace {
std::vector<ir::TranslationUnit> analyzeAll(const cli::Options& opts) {
  std::vector<ir::TranslationUnit> results(opts.files.size());
  if (opts.jobs <= 1 || opts.files.size() <= 1) {
    for (size_t i = 0; i < opts.files.size(); ++i) results[i] = frontend::analyzeFile(opts.files[i], opts.frontend);
    return results;
  }
  llvm::DefaultThreadPool pool(llvm::hardware_concurrency(opts.jobs));
  for (size_t i = 0; i < opts.files.size(); ++i)
    pool.async([&, i] { results[i] = frontend::analyzeFile(opts.files[i], opts.frontend); });
  pool.wait();
  return results;
}

int runLanes(const cli::Options& opts) {
  std::ifstream in(opts.lanesFile);
  if (!in) {
    llvm::errs() << opts.lanesFile << ": error: cannot open file\n";
    return 2;
  }
  return model::runLanesCommand(in, opts.lanesFile, std::cout, std::cerr);
}
}  // namespace

int main(int argc, const char** argv) {
  llvm::InitLLVM init(argc, argv);
  cli::Options opts;
  int exitCode = 0;
  if (!cli::parseOptions(argc, argv, opts, exitCode)) return exitCode;
  if (opts.lanesCommand) return runLanes(opts);

  std::vector<ir::TranslationUnit> units = analyzeAll(opts);
  bool toolError = false;
  for (const ir::TranslationUnit& tu : units)
    toolError |= report::printToolDiagnostics(tu, opts.strict, llvm::errs()).toolError;
  if (opts.dump == "json") {
    llvm::json::Array files;
    for (const ir::TranslationUnit& tu : units) files.push_back(ir::toJson(tu));
    llvm::outs() << llvm::formatv("{0:2}", llvm::json::Value(llvm::json::Object{{"files", std::move(files)}})) << "\n";
  }
  return toolError ? 2 : 0;
}
