// Which integer variables a loop changes stay the same in every lane of a warp.
//
// A double-buffer index toggled under a condition (`if (k < K) { ...; stage ^= 1; }`) or a
// pipeline offset stepped in a do-while has no closed form in the iteration number, but it is one
// value per warp: every write stores a value computed from warp-uniform values, under conditions
// every lane evaluates alike, and no lane leaves an iteration early on a lane-dependent condition.
// The walker then gives it a warp-uniform symbol, which the mapper covers by periodicity (a shift
// of every lane's address cannot change the bank pattern), instead of giving up on the access.
#pragma once

#include "clang/AST/ASTContext.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace bankcheck::frontend {

struct LoopUniformity {
  // The changed integer variables and pointers (and those declared in the body) that stay
  // warp-uniform among the lanes still in the loop (a lane that has left it by a break or a
  // return no longer counts).
  llvm::SmallPtrSet<const clang::VarDecl*, 8> uniform;
  // Every lane of a warp leaves the loop at the same iteration: its condition is warp-uniform and
  // nothing leaves it (break, return, goto) on a lane-dependent condition. Only then is a uniform
  // variable still uniform after the loop.
  bool exitUniform = false;
  // The body has a break, continue, return or goto (in any lane): its iterations may end early.
  bool leavesEarly = false;
};

// `changed`: the variables the loop writes (body and increment). `uniformOnEntry(v)` says whether a
// variable holds a warp-uniform value before the loop (for those the loop does not change, during
// it too). Conservative: calls, inline asm and lane indices are not uniform; a load is uniform only
// through a pointer and an index that are (every lane reads the same address, so the same value:
// a racing write from another block would be a data race), and a field only of an object that is
// (`uniformOnEntry` of a kernel's by-value parameter).
LoopUniformity analyzeLoopUniformity(const clang::Stmt* body, const clang::Expr* condition, const clang::Expr* increment,
                                     const llvm::SmallPtrSetImpl<const clang::VarDecl*>& changed,
                                     llvm::function_ref<bool(const clang::VarDecl*)> uniformOnEntry,
                                     const clang::ASTContext& ctx);

// Whether `e` has one value in every lane of a warp, by the same rules, outside any loop.
bool isWarpUniform(const clang::Expr* e, llvm::function_ref<bool(const clang::VarDecl*)> uniformOnEntry, const clang::ASTContext& ctx);

}  // namespace bankcheck::frontend
