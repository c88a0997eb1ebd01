// Clang source locations as the IR's plain file/line/column (the file location of a macro use).
#pragma once

#include "clang/Basic/SourceManager.h"
#include "ir/Module.h"
#include "llvm/Support/Path.h"

namespace bankcheck::frontend {

inline ir::SourceLoc sourceLocOf(const clang::SourceManager& sm, clang::SourceLocation l) {
  ir::SourceLoc out;
  if (l.isInvalid()) return out;
  const clang::PresumedLoc p = sm.getPresumedLoc(sm.getFileLoc(l));
  if (p.isInvalid()) return out;
  out.file = p.getFilename();
  out.line = p.getLine();
  out.column = p.getColumn();
  return out;
}

// "file.cu:40": the short form notes use for a place in the source.
inline std::string fileLineOf(const clang::SourceManager& sm, clang::SourceLocation l) {
  const ir::SourceLoc loc = sourceLocOf(sm, l);
  if (!loc.valid()) return "?";
  return std::string(llvm::sys::path::filename(loc.file)) + ":" + std::to_string(loc.line);
}

}  // namespace bankcheck::frontend
