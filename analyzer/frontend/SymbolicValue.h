// What the front end knows about a C++ value while it walks a kernel: an integer expression,
// a pointer into a shared array, or something else (with the reason it is not tracked).
#pragma once

#include <string>
#include <vector>

#include "clang/AST/Decl.h"
#include "clang/AST/Type.h"
#include "ir/Expr.h"
#include "clang/AST/DeclCXX.h"
#include "frontend/OffsetPieces.h"

namespace bankcheck::frontend {


struct SymbolicValue {
  enum class Kind {
    Int,         // `expr` is the value (it may contain Unknown nodes)
    SharedPtr,   // points into shared array `array` at byte `expr`; `pointee` is its type
    SharedAddr,  // an integer holding a shared-window address (__cvta_generic_to_shared)
    GlobalPtr,   // points `expr` bytes past the pointer parameter `base` (cp.async sources)
    Other,       // not tracked; `reason` says what it is
  };
  Kind kind = Kind::Other;
  ir::ExprRef expr;
  int array = -1;
  clang::QualType pointee;
  std::string reason;
  std::string base;  // GlobalPtr: the kernel's pointer parameter
  OffsetPieces pieces;  // SharedPtr
  // An object (Other): its most derived class known, when a derived object was passed or copied
  // as its base (a thread_block given to a `thread_group` parameter): a base method without a
  // body is then the derived class's (the type-erased groups of cooperative_groups).
  const clang::CXXRecordDecl* objectClass = nullptr;
  // An object (Other) that is an unchanged copy of a kernel parameter passed by value, or of a
  // member of one (`ne01`, `params.dims`): its fields read as the parameter's (one symbol each).
  std::string kernelParameter;

  static SymbolicValue integer(ir::ExprRef e) {
    SymbolicValue v;
    v.kind = Kind::Int;
    v.expr = std::move(e);
    return v;
  }
  static SymbolicValue sharedPtr(int array, ir::ExprRef offset, clang::QualType pointee) {
    SymbolicValue v;
    v.kind = Kind::SharedPtr;
    v.array = array;
    v.expr = std::move(offset);
    v.pointee = pointee;
    return v;
  }
  static SymbolicValue globalPtr(std::string base, ir::ExprRef offset, clang::QualType pointee) {
    SymbolicValue v;
    v.kind = Kind::GlobalPtr;
    v.base = std::move(base);
    v.expr = std::move(offset);
    v.pointee = pointee;
    return v;
  }
  // A value the walker no longer follows; when `was` pointed into a shared array, the array is
  // kept, so that an access through it marks the array (ir::SharedArray::untrackedAccess).
  static SymbolicValue lost(const SymbolicValue& was, std::string why) {
    if (was.kind == Kind::Other && was.array >= 0) return was;  // lost already: the first reason stays
    SymbolicValue v = other(std::move(why));
    if (was.kind == Kind::SharedPtr || was.kind == Kind::SharedAddr) v.array = was.array;
    return v;
  }
  static SymbolicValue other(std::string why) {
    SymbolicValue v;
    v.reason = std::move(why);
    return v;
  }
  bool isInt() const { return kind == Kind::Int; }
  bool isSharedPointer() const { return kind == Kind::SharedPtr; }
  // A pointer whose target the walker follows: into a shared array, or from a global parameter.
  bool isTrackedPointer() const { return kind == Kind::SharedPtr || kind == Kind::GlobalPtr; }
  // The same object: the same shared array, or the same global parameter.
  bool sameObject(const SymbolicValue& o) const {
    return kind == o.kind && (kind == Kind::GlobalPtr ? base == o.base : array == o.array);
  }

  // The value as an integer expression: Ints as they are, anything else as Unknown(reason).
  ir::ExprRef asInt(ir::IntType t) const {
    if (kind == Kind::Int) return ir::makeCast(expr, t);
    if (kind == Kind::SharedAddr) return ir::makeCast(expr, t);
    return ir::makeUnknown(reason.empty() ? "value is not an integer" : reason, t);
  }
};

// An lvalue: where a read or write goes.
struct LValue {
  enum class Kind {
    Shared,   // byte `offset` of shared array `array`, object of type `type`
    Local,    // a local variable or parameter tracked in the environment
    Builtin,  // threadIdx.x and friends
    LocalElement,  // an element of local array `var`, at `indices` (LocalArrays.h)
    Other,
  };
  Kind kind = Kind::Other;
  int array = -1;
  ir::ExprRef offset;
  clang::QualType type;
  const clang::ValueDecl* var = nullptr;
  ir::BuiltinVar builtin = ir::BuiltinVar::ThreadIdxX;
  std::string reason;
  // Other: an element of global memory reached from a pointer parameter (`&A[i]` of a cp.async
  // source), `globalOffset` bytes past `globalBase`; empty when not followed.
  std::string globalBase;
  ir::ExprRef globalOffset;
  OffsetPieces pieces;  // Shared
  std::vector<ir::ExprRef> indices;  // LocalElement: one per dimension, outermost first

  // The address of this Shared lvalue, as a pointer to `pointee`, with its written terms.
  SymbolicValue address(clang::QualType pointee) const {
    SymbolicValue v = SymbolicValue::sharedPtr(array, offset, pointee);
    v.pieces = pieces;
    return v;
  }

  static LValue local(const clang::VarDecl* vd) {
    LValue l;
    l.kind = Kind::Local;
    l.var = vd;
    l.type = vd->getType();
    return l;
  }
  static LValue other(std::string why) {
    LValue l;
    l.reason = std::move(why);
    return l;
  }
};

}  // namespace bankcheck::frontend
