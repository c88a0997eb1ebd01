#include "advisor/FixApplier.h"

#include <fstream>
#include <sstream>

#include "advisor/Advisor.h"
#include "advisor/DeclarationEdits.h"
#include "clang/Tooling/Core/Diagnostic.h"
#include "clang/Tooling/DiagnosticsYaml.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/YAMLTraits.h"
#include "llvm/Support/raw_ostream.h"

namespace bankcheck::advisor {

namespace {
// No new compiler error inside a kernel compared with the file as it was.
bool compiles(const ir::TranslationUnit& original, const ir::TranslationUnit& tu, std::string& why) {
  if (!tu.parsed) {
    why = "it does not parse";
    return false;
  }
  why = newKernelError(original, tu);
  return why.empty();
}

// Writes `text` next to `path` and renames it over `path`, keeping the permissions.
bool writeAtomically(const std::string& path, const std::string& text, std::string& error) {
  llvm::SmallString<256> dir(path);
  llvm::sys::fs::make_absolute(dir);
  llvm::sys::path::remove_filename(dir);
  llvm::SmallString<256> model(dir);
  llvm::sys::path::append(model, "." + llvm::sys::path::filename(path).str() + ".bankcheck-%%%%%%");
  int fd = -1;
  llvm::SmallString<256> temp;
  if (std::error_code ec = llvm::sys::fs::createUniqueFile(model, fd, temp)) {
    error = "cannot create a temporary file in " + dir.str().str() + ": " + ec.message();
    return false;
  }
  {
    llvm::raw_fd_ostream out(fd, /*shouldClose=*/true);
    out << text;
    out.flush();
    if (out.has_error()) {
      error = "cannot write " + temp.str().str() + ": " + out.error().message();
      out.clear_error();
      llvm::sys::fs::remove(temp);
      return false;
    }
  }
  llvm::sys::fs::file_status st;
  if (!llvm::sys::fs::status(path, st)) llvm::sys::fs::setPermissions(temp, st.permissions());
  if (std::error_code ec = llvm::sys::fs::rename(temp, path)) {
    error = "cannot replace " + path + ": " + ec.message();
    llvm::sys::fs::remove(temp);
    return false;
  }
  return true;
}
}  // namespace

FixOutcome applyFixes(const std::string& file, const std::vector<Proposal>& proposals, const frontend::FrontendOptions& options) {
  FixOutcome out;
  std::vector<Edit> edits;
  for (const Proposal& p : proposals)
    if (p.verified && p.kind != Proposal::Kind::None) edits.insert(edits.end(), p.edits.begin(), p.edits.end());
  if (edits.empty()) return out;
  std::string original;
  if (!readSource(file, frontend::FrontendOptions{}, original)) {
    out.failed = true;
    out.message = "cannot read the file";
    return out;
  }
  for (const Edit& e : edits)
    if (e.span.endOffset > original.size() || original.compare(e.span.beginOffset, e.span.endOffset - e.span.beginOffset, e.original) != 0) {
      out.failed = true;
      out.message = "the file changed since it was analyzed; nothing written";
      return out;
    }
  const std::string patched = applyEdits(original, edits);
  frontend::FrontendOptions asIs = options;
  asIs.overlay[file] = original;
  const ir::TranslationUnit before = frontend::analyzeFile(file, asIs);
  // Every proposal was proven on its own; prove them together before touching the file.
  frontend::FrontendOptions fe = options;
  fe.overlay[file] = patched;
  std::string why;
  if (!compiles(before, frontend::analyzeFile(file, fe), why)) {
    out.failed = true;
    out.message = "the fixed source would not compile (" + why + "); nothing written";
    return out;
  }
  std::string error;
  if (!writeAtomically(file, patched, error)) {
    out.failed = true;
    out.message = error + "; nothing written";
    return out;
  }
  // Re-parse what is on disk now.
  frontend::FrontendOptions plain = options;
  plain.overlay.erase(file);
  std::string written;
  if (!readSource(file, frontend::FrontendOptions{}, written) || written != patched || !compiles(before, frontend::analyzeFile(file, plain), why)) {
    std::string restoreError;
    writeAtomically(file, original, restoreError);
    out.failed = true;
    out.message = "the written file did not re-parse (" + why + "); the original was restored";
    return out;
  }
  out.changed = true;
  out.edits = static_cast<unsigned>(edits.size());
  return out;
}

bool exportFixes(const std::string& yamlPath, const std::vector<FileProposals>& files, std::string& error) {
  clang::tooling::TranslationUnitDiagnostics tud;
  for (const FileProposals& f : files) {
    llvm::SmallString<256> abs(f.file);
    llvm::sys::fs::make_absolute(abs);
    llvm::sys::path::remove_dots(abs, true);
    if (tud.MainSourceFile.empty()) tud.MainSourceFile = abs.str().str();
    for (const Proposal& p : f.proposals) {
      if (!p.verified || p.kind == Proposal::Kind::None) continue;
      clang::tooling::DiagnosticMessage msg(std::string(p.kind == Proposal::Kind::Swizzle ? "swizzle '" : "pad '") + p.array +
                                            (p.kind == Proposal::Kind::Swizzle ? "' as " : "' to ") + p.declarationAfter + " (" +
                                            p.verification + ")");
      msg.FilePath = abs.str().str();
      msg.FileOffset = p.edits.empty() ? 0 : p.edits.front().span.beginOffset;
      clang::tooling::Replacements reps;
      for (const Edit& e : p.edits) {
        llvm::Error err = reps.add(clang::tooling::Replacement(abs.str(), e.span.beginOffset, e.span.endOffset - e.span.beginOffset, e.text));
        if (err) {
          error = llvm::toString(std::move(err));
          return false;
        }
      }
      msg.Fix.insert({abs.str(), reps});
      llvm::SmallString<256> cwd;
      llvm::sys::fs::current_path(cwd);
      tud.Diagnostics.emplace_back("bankcheck-bank-conflict", msg, llvm::SmallVector<clang::tooling::DiagnosticMessage, 1>{},
                                   clang::tooling::Diagnostic::Warning, cwd.str());
    }
  }
  std::error_code ec;
  llvm::raw_fd_ostream os(yamlPath, ec, llvm::sys::fs::OF_Text);
  if (ec) {
    error = "cannot write " + yamlPath + ": " + ec.message();
    return false;
  }
  llvm::yaml::Output yaml(os);
  yaml << tud;
  return true;
}

}  // namespace bankcheck::advisor
