#include "frontend/CompilerArgs.h"

#include <memory>
#include <mutex>

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace bankcheck::frontend {

namespace {
// Flags that take a value, either joined (`-Ifoo`, `-std=c++17`) or as the next argument.
struct FlagSpec {
  const char* name;
  const char* canonical;  // clang's spelling
  bool takesValue;
};
const FlagSpec kKeptFlags[] = {
    {"-I", "-I", true},           {"-D", "-D", true},           {"-U", "-U", true},
    {"-isystem", "-isystem", true}, {"-iquote", "-iquote", true}, {"-idirafter", "-idirafter", true},
    {"-include", "-include", true}, {"--include-path", "-I", true}, {"--define-macro", "-D", true},
    {"--undefine-macro", "-U", true}, {"--system-include", "-isystem", true},
    {"--pre-include", "-include", true},
};
}  // namespace

std::vector<std::string> filterUserFlags(const std::vector<std::string>& args) {
  std::vector<std::string> out;
  for (size_t i = 0; i < args.size(); ++i) {
    llvm::StringRef a = args[i];
    if (a.starts_with("-std=") || a.starts_with("--std=")) {
      out.push_back("-std=" + a.split('=').second.str());
      continue;
    }
    if ((a == "-std" || a == "--std") && i + 1 < args.size()) {
      out.push_back("-std=" + args[++i]);
      continue;
    }
    for (const FlagSpec& f : kKeptFlags) {
      llvm::StringRef name = f.name;
      if (a == name) {
        if (i + 1 < args.size()) {
          out.push_back(f.canonical);
          out.push_back(args[++i]);
        }
        break;
      }
      // Joined forms: -Ifoo, -DX=1, --include-path=foo.
      if (a.starts_with(name) && name.size() <= 2 && a.size() > name.size()) {
        out.push_back(std::string(f.canonical) + a.substr(name.size()).str());
        break;
      }
      if (a.starts_with(name.str() + "=")) {
        out.push_back(f.canonical);
        out.push_back(a.substr(name.size() + 1).str());
        break;
      }
    }
  }
  return out;
}

namespace {
std::shared_ptr<clang::tooling::CompilationDatabase> loadDatabase(const std::string& dir, std::string& error) {
  static std::mutex mutex;
  static std::map<std::string, std::shared_ptr<clang::tooling::CompilationDatabase>> cache;
  static std::map<std::string, std::string> errors;
  std::lock_guard<std::mutex> lock(mutex);
  if (auto it = cache.find(dir); it != cache.end()) {
    error = errors[dir];
    return it->second;
  }
  std::string err;
  std::shared_ptr<clang::tooling::CompilationDatabase> db =
      clang::tooling::CompilationDatabase::loadFromDirectory(dir, err);
  cache[dir] = db;
  errors[dir] = err;
  error = err;
  return db;
}
}  // namespace

std::vector<std::string> userFlagsFor(const std::string& path, const FrontendOptions& options, std::string& note) {
  std::vector<std::string> flags;
  if (!options.buildPath.empty()) {
    std::string error;
    auto db = loadDatabase(options.buildPath, error);
    if (!db) {
      note = "no compilation database in '" + options.buildPath + "': " + error;
    } else {
      llvm::SmallString<256> abs(path);
      llvm::sys::fs::make_absolute(abs);
      std::vector<clang::tooling::CompileCommand> cmds = db->getCompileCommands(abs.str());
      if (cmds.empty()) {
        note = "'" + path + "' has no entry in " + options.buildPath + "/compile_commands.json";
      } else {
        // Relative include paths in the database are relative to the command's directory.
        const clang::tooling::CompileCommand& cmd = cmds.front();
        std::vector<std::string> kept = filterUserFlags(cmd.CommandLine);
        for (size_t i = 0; i < kept.size(); ++i) {
          llvm::StringRef f = kept[i];
          const bool separateValue = f == "-I" || f == "-isystem" || f == "-iquote" || f == "-idirafter" || f == "-include";
          if (separateValue && i + 1 < kept.size() && !llvm::sys::path::is_absolute(kept[i + 1])) {
            llvm::SmallString<256> p(cmd.Directory);
            llvm::sys::path::append(p, kept[i + 1]);
            flags.push_back(kept[i]);
            flags.push_back(p.str().str());
            ++i;
          } else if (f.starts_with("-I") && f.size() > 2 && !llvm::sys::path::is_absolute(f.substr(2))) {
            llvm::SmallString<256> p(cmd.Directory);
            llvm::sys::path::append(p, f.substr(2));
            flags.push_back("-I" + p.str().str());
          } else {
            flags.push_back(kept[i]);
          }
        }
      }
    }
  }
  std::vector<std::string> extra = filterUserFlags(options.compilerArgs);
  flags.insert(flags.end(), extra.begin(), extra.end());
  return flags;
}

bool isCudaToolkitIncludeDir(const std::string& dir) {
  llvm::SmallString<256> runtime(dir), defines(dir);
  llvm::sys::path::append(runtime, "cuda_runtime_api.h");
  llvm::sys::path::append(defines, "crt", "host_defines.h");
  return llvm::sys::fs::exists(runtime) && llvm::sys::fs::exists(defines);
}

std::vector<std::string> withoutToolkitIncludes(const std::vector<std::string>& flags, std::vector<std::string>& dropped) {
  std::vector<std::string> out;
  for (size_t i = 0; i < flags.size(); ++i) {
    const llvm::StringRef f = flags[i];
    const bool separate = (f == "-I" || f == "-isystem" || f == "-iquote" || f == "-idirafter") && i + 1 < flags.size();
    if (separate && isCudaToolkitIncludeDir(flags[i + 1])) {
      dropped.push_back(flags[i] + " " + flags[i + 1]);
      ++i;
      continue;
    }
    if (f.starts_with("-I") && f.size() > 2 && isCudaToolkitIncludeDir(f.substr(2).str())) {
      dropped.push_back(flags[i]);
      continue;
    }
    out.push_back(flags[i]);
  }
  return out;
}

}  // namespace bankcheck::frontend
