// Whether code may write an object: a function one of its by-value parameters, a method the
// object it is called on. Each counts an assignment, increment or address taken of the object or
// of one of its members, and a non-const reference or method bound to it; conservative: a call
// whose callee is unknown counts as a write.
#pragma once

#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <optional>

namespace bankcheck::frontend {

// An element of an array member (`size_[0]` in `t.size_[0] = 0`) is part of the object: the
// array itself, or `e` when it is not such an element.
const clang::Expr* throughMemberArrayElements(const clang::Expr* e);

bool writesParameter(const clang::FunctionDecl* function, const clang::ParmVarDecl* param);

// Whether a non-static method may change the object it is called on: a const method does not; a
// non-const one does unless its body is available and neither writes a field of `this`, takes
// the address of `*this` or a field, calls a method on it that may, keeps or passes on `this`,
// nor returns `*this` or a field by reference or pointer (an accessor like
// `float& at(r, c) { return p[r * ld + c]; }` does not).
bool methodMayChangeObject(const clang::CXXMethodDecl* method);

using FieldSet = llvm::SmallPtrSet<const clang::FieldDecl*, 8>;

// The fields of its own object a method may write, as methodMayChangeObject judges writes (a
// field holding an object counts when a method called on it may change it, and a method called
// on `*this` adds its own); nullopt when it may change the object as a whole: its body is not
// available, it passes on or keeps `this`, or returns `*this` or a field by non-const reference
// or pointer.
std::optional<FieldSet> fieldsMethodMayWrite(const clang::CXXMethodDecl* method);

// The fields of the local object `var` that `s` may write, directly (`var.f = x`, `++var.f.g`) or
// through the methods it calls on `var`; nullopt when `s` may write `var` as a whole.
std::optional<FieldSet> fieldsWrittenIn(const clang::Stmt* s, const clang::VarDecl* var);

// The fields of `*this` that `s`, a statement of a method, may write; nullopt when it may write the
// object as a whole.
std::optional<FieldSet> thisFieldsWrittenIn(const clang::Stmt* s);

// Whether a function may return before the end of its body (a return inside a branch or a loop):
// what it leaves in an object then depends on the path, which a walk to the end does not see.
bool returnsBeforeEnd(const clang::FunctionDecl* function);

// Whether a lambda in `s` captures `this`: its writes to the object's fields are made in another
// function's body, which the walk of this one does not route to the object.
bool lambdaCapturesThis(const clang::Stmt* s);

// The object a call hands back by reference when its method returns `*this` in every return
// (`t.advance(1)` in `t.advance(1)(r, c) = x`, an `operator+=`): the call's object expression, so
// that what the caller does with the result is done to that object; null for any other call, and
// for a method called through a pointer.
const clang::Expr* objectReturnedByCall(const clang::Expr* e);

// std::forward, std::move, std::move_if_noexcept, std::as_const: casts of a value category that
// read and write nothing themselves; what they are handed is what the call they feed receives.
bool isValueCategoryCast(const clang::FunctionDecl* fn);

}  // namespace bankcheck::frontend
