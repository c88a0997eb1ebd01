// Whether a function's body may write one of its by-value parameters: an assignment, increment or
// address taken of it or of one of its members, a non-const reference or method bound to it.
// Conservative: a call whose callee is unknown counts as a write.
#pragma once

#include "clang/AST/Decl.h"

namespace bankcheck::frontend {

bool writesParameter(const clang::FunctionDecl* function, const clang::ParmVarDecl* param);

}  // namespace bankcheck::frontend
