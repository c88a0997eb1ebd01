// Clang source locations as the IR's plain file/line/column (the file location of a macro use).
#pragma once

#include "clang/AST/Expr.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
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

// Where an expression is written in a file, as an edit can replace it, and its text; false when
// it has no such place (it comes from inside a macro's body). A range spelled with macros
// (`TILE * TILE`) is the text as written.
inline bool editableSpanOf(const clang::SourceManager& sm, const clang::LangOptions& lang, clang::SourceRange r, ir::SourceSpan& span,
                           std::string& text) {
  const clang::CharSourceRange cr = clang::Lexer::makeFileCharRange(clang::CharSourceRange::getTokenRange(r), sm, lang);
  if (cr.isInvalid()) return false;
  span.begin = sourceLocOf(sm, cr.getBegin());
  span.end = sourceLocOf(sm, cr.getEnd());
  span.beginOffset = sm.getFileOffset(cr.getBegin());
  span.endOffset = sm.getFileOffset(cr.getEnd());
  text = clang::Lexer::getSourceText(cr, sm, lang).str();
  return true;
}

// A byte count written at a launch or an opt-in call, as the advisor may grow it: its place and
// text, or why it cannot be edited (inside a macro's body).
inline ir::DynamicSmemArgument byteCountArgument(const clang::SourceManager& sm, const clang::LangOptions& lang, const clang::Expr* arg,
                                                 std::optional<uint64_t> bytes) {
  ir::DynamicSmemArgument a;
  a.bytes = bytes;
  if (!editableSpanOf(sm, lang, arg->getSourceRange(), a.span, a.text)) {
    a.span.begin = a.span.end = sourceLocOf(sm, arg->getBeginLoc());
    a.notEditable = "it is written inside a macro";
  }
  return a;
}

// "file.cu:40": the short form notes use for a place in the source.
inline std::string fileLineOf(const clang::SourceManager& sm, clang::SourceLocation l) {
  const ir::SourceLoc loc = sourceLocOf(sm, l);
  if (!loc.valid()) return "?";
  return std::string(llvm::sys::path::filename(loc.file)) + ":" + std::to_string(loc.line);
}

}  // namespace bankcheck::frontend
