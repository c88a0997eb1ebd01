// The front end's public interface: CUDA source in, IR out. Nothing from Clang appears here.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "ir/Module.h"

namespace bankcheck::frontend {

struct BlockOverride {
  std::string kernel;  // a function name (`transpose`) or an instance name (`transpose<8>`)
  unsigned x = 1, y = 1, z = 1;
};

// A value the user states for a scalar kernel parameter or a member of a by-value struct parameter
// (`--assume size_per_head=128`, `--assume attn:params.rotary_dim=64`): the run-time value the
// code cannot show.
struct ValueAssumption {
  std::string kernel;  // "" for every kernel; else a function or instance name, as for --block
  std::string name;    // `pitch`, `params.rotary_dim`
  int64_t value = 0;
};

struct FrontendOptions {
  std::vector<std::string> compilerArgs;  // after `--`: -I, -D, -U, -std, -include ...
  std::string buildPath;                  // -p: directory holding compile_commands.json
  std::vector<BlockOverride> blocks;      // --block kernel=32x8
  std::vector<ValueAssumption> assumptions;  // --assume [kernel:]name=value
  std::string gpuArch = "sm_90";
  // Kernels no launch gives a shape to are analyzed over the family of shapes they admit:
  // "all" (warn for what holds on every shape), "any" (warn for any shape), "off" (unknown).
  std::string blockFamily = "all";
  // Files whose contents replace what is on disk (the advisor re-analyzes patched sources).
  std::map<std::string, std::string> overlay;
  // Skip freeing the AST (like clang's -disable-free): for a short-lived CLI run over a few
  // files; the memory is returned at exit.
  bool leakAstAtExit = false;
  // Code whose shared addresses the AST walk cannot follow (CuTe tensors, pointers kept in
  // objects, inline PTX fed from them) is lowered to optimized LLVM IR and read there.
  bool lowerUnwalkedCode = true;
};

// Parses `path` and extracts every shared array, access and launch shape. Never throws; problems
// are reported in the result (TranslationUnit::compilerMessages, ::unanalyzed, ::parsed).
ir::TranslationUnit analyzeFile(const std::string& path, const FrontendOptions& options);

// The clang command line used for `path` (for --help output, tests, and `bankcheck --print-args`).
std::vector<std::string> compilerCommandLine(const std::string& path, const FrontendOptions& options);

}  // namespace bankcheck::frontend
