// Whether code may write an object: a function one of its by-value parameters, a method the
// object it is called on. Each counts an assignment, increment or address taken of the object or
// of one of its members, and a non-const reference or method bound to it; conservative: a call
// whose callee is unknown counts as a write.
#pragma once

#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"

namespace bankcheck::frontend {

bool writesParameter(const clang::FunctionDecl* function, const clang::ParmVarDecl* param);

// Whether a non-static method may change the object it is called on: a const method does not; a
// non-const one does unless its body is available and neither writes a field of `this`, takes
// the address of `*this` or a field, calls a method on it that may, keeps or passes on `this`,
// nor returns `*this` or a field by reference or pointer (an accessor like
// `float& at(r, c) { return p[r * ld + c]; }` does not).
bool methodMayChangeObject(const clang::CXXMethodDecl* method);

// std::forward, std::move, std::move_if_noexcept, std::as_const: casts of a value category that
// read and write nothing themselves; what they are handed is what the call they feed receives.
bool isValueCategoryCast(const clang::FunctionDecl* fn);

}  // namespace bankcheck::frontend
