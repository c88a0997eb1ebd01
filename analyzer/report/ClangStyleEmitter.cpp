#include "report/ClangStyleEmitter.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/LangOptions.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/TextDiagnostic.h"
#include "llvm/Support/MemoryBuffer.h"

namespace bankcheck::report {

struct ClangStyleEmitter::Impl {
  llvm::raw_ostream& os;
  const std::map<std::string, std::string>* overlay;
  llvm::IntrusiveRefCntPtr<clang::DiagnosticOptions> diagOpts{new clang::DiagnosticOptions()};
  clang::FileManager files{clang::FileSystemOptions()};
  clang::DiagnosticsEngine engine{llvm::IntrusiveRefCntPtr<clang::DiagnosticIDs>(new clang::DiagnosticIDs()), diagOpts.get()};
  clang::SourceManager sm{engine, files};
  clang::LangOptions lang;
  std::map<std::string, clang::FileID> loaded;

  Impl(llvm::raw_ostream& o, bool colors, const std::map<std::string, std::string>* ov) : os(o), overlay(ov) {
    diagOpts->ShowColors = colors;
    diagOpts->ShowFixits = true;
    lang.CPlusPlus = true;
    lang.CUDA = true;
  }

  clang::FileID fileFor(const std::string& path) {
    if (auto it = loaded.find(path); it != loaded.end()) return it->second;
    clang::FileID id;
    if (overlay) {
      if (auto it = overlay->find(path); it != overlay->end())
        id = sm.createFileID(llvm::MemoryBuffer::getMemBufferCopy(it->second, path));
    }
    if (id.isInvalid()) {
      if (auto file = files.getOptionalFileRef(path)) id = sm.createFileID(*file, clang::SourceLocation(), clang::SrcMgr::C_User);
    }
    loaded[path] = id;
    return id;
  }

  clang::SourceLocation locate(const ir::SourceLoc& l, clang::FileID fid) {
    if (fid.isInvalid() || !l.valid()) return {};
    return sm.translateLineCol(fid, l.line, l.column ? l.column : 1);
  }
};

ClangStyleEmitter::ClangStyleEmitter(llvm::raw_ostream& os, bool colors, const std::map<std::string, std::string>* overlay)
    : impl_(std::make_unique<Impl>(os, colors, overlay)) {}

ClangStyleEmitter::~ClangStyleEmitter() = default;

void ClangStyleEmitter::emit(const Diagnostic& d) {
  Impl& m = *impl_;
  std::string message = d.message;
  if (!d.checkName.empty()) message += " [" + d.checkName + (d.promotedToError ? ",-warnings-as-errors" : "") + "]";
  clang::DiagnosticsEngine::Level level = clang::DiagnosticsEngine::Warning;
  switch (d.level) {
    case Level::Note: level = clang::DiagnosticsEngine::Note; break;
    case Level::Remark: level = clang::DiagnosticsEngine::Remark; break;
    case Level::Warning: level = clang::DiagnosticsEngine::Warning; break;
    case Level::Error: level = clang::DiagnosticsEngine::Error; break;
  }
  const clang::FileID fid = m.fileFor(d.span.begin.file);
  const clang::SourceLocation loc = m.locate(d.span.begin, fid);
  clang::TextDiagnostic td(m.os, m.lang, m.diagOpts.get());
  if (loc.isInvalid()) {
    // No source to show: still clang's format.
    if (d.span.begin.valid())
      m.os << d.span.begin.file << ":" << d.span.begin.line << ":" << d.span.begin.column << ": ";
    else if (!d.span.begin.file.empty())
      m.os << d.span.begin.file << ": ";
    clang::TextDiagnostic::printDiagnosticLevel(m.os, level, m.diagOpts->ShowColors);
    clang::TextDiagnostic::printDiagnosticMessage(m.os, level == clang::DiagnosticsEngine::Note, message, 0, 0,
                                                   m.diagOpts->ShowColors);
    m.os << d.trailingText;
    return;
  }
  llvm::SmallVector<clang::CharSourceRange, 1> ranges;
  const clang::SourceLocation end = m.locate(d.span.end, fid);
  if (end.isValid() && end != loc) ranges.push_back(clang::CharSourceRange::getCharRange(loc, end));
  llvm::SmallVector<clang::FixItHint, 2> hints;
  for (const FixIt& f : d.fixIts) {
    // Only the edits on the line shown: clang's snippet numbers the caret's line by the span of
    // every hint, and a fix of several lines (a padding taken out, then the offsets swizzled)
    // showed line 886's text as line 260. The others are in --fix, --export-fixes and the JSON.
    if (f.span.begin.file != d.span.begin.file || f.span.begin.line != d.span.begin.line) continue;
    const clang::FileID ffid = m.fileFor(f.span.begin.file);
    clang::SourceLocation b = m.locate(f.span.begin, ffid), e = m.locate(f.span.end, ffid);
    if (b.isInvalid()) continue;
    hints.push_back(clang::FixItHint::CreateReplacement(clang::CharSourceRange::getCharRange(b, e.isValid() ? e : b), f.text));
  }
  td.emitDiagnostic(clang::FullSourceLoc(loc, m.sm), level, message, ranges, hints);
  m.os << d.trailingText;
}

}  // namespace bankcheck::report
