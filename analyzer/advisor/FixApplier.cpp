#include "advisor/FixApplier.h"

#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <tuple>

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

// Writes `text` next to `path` and renames it over `path`, keeping the permissions and owner.
// `path` is a real path (no symlink left to replace).
bool writeAtomically(const std::string& path, const std::string& text, std::string& error) {
  llvm::SmallString<256> dir(path);
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
  if (!llvm::sys::fs::status(path, st)) {
    llvm::sys::fs::setPermissions(temp, st.permissions());
    // Keeps the owner and group where allowed (root); otherwise they are the writer's.
    if (::chown(temp.c_str(), st.getUser(), st.getGroup()) != 0) {
      // not allowed: the permissions are still kept
    }
  }
  if (std::error_code ec = llvm::sys::fs::rename(temp, path)) {
    error = "cannot replace " + path + ": " + ec.message();
    llvm::sys::fs::remove(temp);
    return false;
  }
  return true;
}

// A file with several hard links is rewritten in place (a rename would split the links), after a
// backup copy next to it that is removed once the new text is written.
bool writeInPlace(const std::string& path, const std::string& text, const std::string& original, std::string& error) {
  llvm::SmallString<256> model(path);
  llvm::sys::path::remove_filename(model);
  llvm::sys::path::append(model, "." + llvm::sys::path::filename(path).str() + ".bankcheck-backup-%%%%%%");
  int fd = -1;
  llvm::SmallString<256> backup;
  if (std::error_code ec = llvm::sys::fs::createUniqueFile(model, fd, backup)) {
    error = "cannot create a backup copy next to " + path + ": " + ec.message();
    return false;
  }
  {
    llvm::raw_fd_ostream out(fd, /*shouldClose=*/true);
    out << original;
    out.flush();
    if (out.has_error()) {
      error = "cannot write the backup copy " + backup.str().str();
      out.clear_error();
      llvm::sys::fs::remove(backup);
      return false;
    }
  }
  std::error_code ec;
  {
    llvm::raw_fd_ostream out(path, ec, llvm::sys::fs::OF_None);
    if (!ec) {
      out << text;
      out.flush();
      if (out.has_error()) {
        ec = out.error();
        out.clear_error();
      }
    }
  }
  if (ec) {
    std::error_code restoreEc;
    llvm::raw_fd_ostream restore(path, restoreEc, llvm::sys::fs::OF_None);
    if (!restoreEc) restore << original;
    error = "cannot write " + path + ": " + ec.message() + " (a copy of the original is " + backup.str().str() + ")";
    return false;
  }
  llvm::sys::fs::remove(backup);
  return true;
}

bool writeFile(const std::string& realPath, const std::string& text, const std::string& original, std::string& error) {
  llvm::sys::fs::file_status st;
  if (std::error_code ec = llvm::sys::fs::status(realPath, st)) {
    error = "cannot stat " + realPath + ": " + ec.message();
    return false;
  }
  return st.getLinkCount() > 1 ? writeInPlace(realPath, text, original, error) : writeAtomically(realPath, text, error);
}

// One file the edits change, however many names it was reached by.
struct Target {
  std::string name;                // the first name the front end gave it
  std::set<std::string> names;     // every name (each is overlaid when re-analyzing)
  std::vector<Edit> edits;         // distinct edits
  std::set<size_t> inputs;         // the analyzed files whose proposals edit it
  std::string error;
};

bool sameEdit(const Edit& x, const Edit& y) {
  return x.span.beginOffset == y.span.beginOffset && x.span.endOffset == y.span.endOffset && x.text == y.text;
}

FixOutcome fixTarget(const Target& t, const std::vector<FileProposals>& files, const frontend::FrontendOptions& options) {
  FixOutcome out;
  out.file = t.name;
  const auto fail = [&](std::string message) {
    out.failed = true;
    out.message = std::move(message);
    return out;
  };
  if (!t.error.empty()) return fail(t.error);
  llvm::SmallString<256> real;
  if (std::error_code ec = llvm::sys::fs::real_path(t.name, real)) return fail("cannot resolve the path: " + ec.message() + "; nothing written");
  llvm::sys::fs::file_status st;
  if (llvm::sys::fs::status(real, st) || !llvm::sys::fs::is_regular_file(st)) return fail("is not a regular file; nothing written");
  if (llvm::sys::fs::access(real, llvm::sys::fs::AccessMode::Write)) {
    bool isLink = false;
    llvm::sys::fs::file_status lst;
    if (!llvm::sys::fs::status(t.name, lst, /*follow=*/false)) isLink = llvm::sys::fs::is_symlink_file(lst);
    return fail(std::string("the file is not writable") + (isLink ? " (the link's target " + real.str().str() + ")" : "") +
                "; nothing written");
  }
  std::string original;
  if (!readSource(real.str().str(), frontend::FrontendOptions{}, original)) return fail("cannot read the file; nothing written");
  for (const Edit& e : t.edits)
    if (e.sourceHash != sourceHash(original)) return fail("the file changed since it was analyzed; nothing written");
  std::vector<Edit> edits = t.edits;
  std::sort(edits.begin(), edits.end(), [](const Edit& x, const Edit& y) { return x.span.beginOffset < y.span.beginOffset; });
  for (size_t i = 0; i < edits.size(); ++i) {
    const Edit& e = edits[i];
    if (e.span.beginOffset > e.span.endOffset || e.span.endOffset > original.size() ||
        original.compare(e.span.beginOffset, e.span.endOffset - e.span.beginOffset, e.original) != 0)
      return fail("the file changed since it was analyzed; nothing written");
    if (i > 0 && e.span.beginOffset < edits[i - 1].span.endOffset)
      return fail("two different fixes change line " + std::to_string(e.span.begin.line) + "; nothing written");
  }
  const std::string patched = applyEdits(original, edits);
  // Every proposal was proven on its own; prove them together, in every file that led to them,
  // before touching the file.
  std::vector<ir::TranslationUnit> before;
  std::string why;
  for (size_t i : t.inputs) {
    frontend::FrontendOptions asIs = options, fe = options;
    for (const std::string& n : t.names) {
      asIs.overlay[n] = original;
      fe.overlay[n] = patched;
    }
    before.push_back(frontend::analyzeFile(files[i].file, asIs));
    if (!compiles(before.back(), frontend::analyzeFile(files[i].file, fe), why))
      return fail("the fixed source would not compile in " + files[i].file + " (" + why + "); nothing written");
  }
  std::string error;
  if (!writeFile(real.str().str(), patched, original, error)) return fail(error + "; nothing written");
  // Re-parse what is on disk now.
  std::string written;
  bool ok = readSource(real.str().str(), frontend::FrontendOptions{}, written) && written == patched;
  size_t k = 0;
  for (size_t i : t.inputs) {
    if (!ok) break;
    frontend::FrontendOptions plain = options;
    for (const std::string& n : t.names) plain.overlay.erase(n);
    ok = compiles(before[k++], frontend::analyzeFile(files[i].file, plain), why);
  }
  if (!ok) {
    std::string restoreError;
    writeFile(real.str().str(), original, patched, restoreError);
    return fail("the written file did not re-parse (" + why + "); the original was restored");
  }
  out.changed = true;
  out.edits = static_cast<unsigned>(edits.size());
  return out;
}
}  // namespace

std::vector<FixOutcome> applyFixes(const std::vector<FileProposals>& files, const frontend::FrontendOptions& options) {
  std::vector<Target> targets;
  std::map<llvm::sys::fs::UniqueID, size_t> byId;
  std::map<std::string, size_t> unresolved;
  for (size_t i = 0; i < files.size(); ++i)
    for (const Proposal& p : files[i].proposals) {
      if (!p.verified || p.kind == Proposal::Kind::None) continue;
      for (const Edit& e : p.edits) {
        const std::string& name = editFile(e);
        // The same file under several names (a.cu and ./a.cu, a symlink, a hard link) is one target.
        llvm::sys::fs::UniqueID id;
        size_t index = 0;
        if (std::error_code ec = llvm::sys::fs::getUniqueID(name, id)) {
          auto [it, added] = unresolved.emplace(name, targets.size());
          if (added) {
            targets.emplace_back();
            targets.back().name = name;
            targets.back().error = "cannot find the file: " + ec.message() + "; nothing written";
          }
          index = it->second;
        } else {
          auto [it, added] = byId.emplace(id, targets.size());
          if (added) {
            targets.emplace_back();
            targets.back().name = name;
          }
          index = it->second;
        }
        Target& t = targets[index];
        t.names.insert(name);
        t.inputs.insert(i);
        if (std::none_of(t.edits.begin(), t.edits.end(), [&](const Edit& x) { return sameEdit(x, e); })) t.edits.push_back(e);
      }
    }
  std::vector<FixOutcome> outcomes;
  for (const Target& t : targets) outcomes.push_back(fixTarget(t, files, options));
  return outcomes;
}

bool exportFixes(const std::string& yamlPath, const std::vector<FileProposals>& files, std::string& error) {
  clang::tooling::TranslationUnitDiagnostics tud;
  const auto absolute = [](const std::string& path) {
    llvm::SmallString<256> abs(path);
    llvm::sys::fs::make_absolute(abs);
    llvm::sys::path::remove_dots(abs, true);
    return abs.str().str();
  };
  llvm::SmallString<256> cwd;
  llvm::sys::fs::current_path(cwd);
  // A header's fix found from several files is exported once.
  std::set<std::tuple<std::string, unsigned, unsigned, std::string>> exported;
  for (const FileProposals& f : files) {
    if (tud.MainSourceFile.empty()) tud.MainSourceFile = absolute(f.file);
    for (const Proposal& p : f.proposals) {
      if (!p.verified || p.kind == Proposal::Kind::None || p.edits.empty()) continue;
      bool fresh = false;
      for (const Edit& e : p.edits)
        fresh |= exported.insert({absolute(editFile(e)), e.span.beginOffset, e.span.endOffset, e.text}).second;
      if (!fresh) continue;
      const std::string what = p.kind == Proposal::Kind::AtomicStore ? "store to '" + p.array + "' as " + p.declarationAfter
                               : p.kind == Proposal::Kind::Swizzle   ? "swizzle '" + p.array + "' as " + p.declarationAfter
                                                                     : "pad '" + p.array + "' to " + p.declarationAfter;
      clang::tooling::DiagnosticMessage msg(what + " (" + p.verification + ")");
      // Each replacement names the file whose text it changes (a header when the array is there).
      msg.FilePath = absolute(editFile(p.edits.front()));
      msg.FileOffset = p.edits.front().span.beginOffset;
      std::map<std::string, clang::tooling::Replacements> reps;
      for (const Edit& e : p.edits) {
        const std::string file = absolute(editFile(e));
        llvm::Error err = reps[file].add(clang::tooling::Replacement(file, e.span.beginOffset, e.span.endOffset - e.span.beginOffset, e.text));
        if (err) {
          error = llvm::toString(std::move(err));
          return false;
        }
      }
      for (auto& [file, r] : reps) msg.Fix.insert({file, r});
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
