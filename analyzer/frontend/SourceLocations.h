// Clang source locations as the IR's plain file/line/column (the file location of a macro use).
#pragma once

#include "clang/Basic/SourceManager.h"
#include "ir/Module.h"

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

}  // namespace bankcheck::frontend
