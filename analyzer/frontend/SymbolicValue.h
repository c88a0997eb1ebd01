// What the front end knows about a C++ value while it walks a kernel: an integer expression,
// a pointer into a shared array, or something else (with the reason it is not tracked).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "clang/AST/Decl.h"
#include "clang/AST/Type.h"
#include "ir/Expr.h"
#include "llvm/ADT/ArrayRef.h"
#include "clang/AST/DeclCXX.h"
#include "frontend/OffsetPieces.h"

namespace bankcheck::frontend {

struct FieldValues;

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
  // An object (Other) whose fields the walk follows, by field: a local `dim3 t = tb.thread_index();`
  // or `int2 c = {x, y};`, a temporary returned by a call. Shared, never changed in place: a write
  // to a field makes a new set (withField). A field that is not listed is not followed.
  std::shared_ptr<const FieldValues> fields;

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
  // An object whose followed fields are lost keeps the array a field pointed into, so that an
  // access through that field (`this->base[i]`) is still reported.
  static SymbolicValue lost(const SymbolicValue& was, std::string why) {
    if (was.kind == Kind::Other && was.array >= 0 && !was.fields) return was;  // lost already: the first reason stays
    SymbolicValue v = other(std::move(why));
    if (was.kind == Kind::SharedPtr || was.kind == Kind::SharedAddr) v.array = was.array;
    if (was.kind == Kind::Other) v.array = heldArray(was);
    return v;
  }
  // The shared array `v` points into, or one a followed field of it (at any depth) does; -1 if none.
  static int heldArray(const SymbolicValue& v);
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

// The followed fields of an object (SymbolicValue::fields).
struct FieldValues {
  std::vector<std::pair<const clang::FieldDecl*, SymbolicValue>> values;
  const SymbolicValue* find(const clang::FieldDecl* f) const {
    for (const auto& [field, value] : values)
      if (field == f) return &value;
    return nullptr;
  }
};

inline int SymbolicValue::heldArray(const SymbolicValue& v) {
  if (v.kind == Kind::SharedPtr || v.kind == Kind::SharedAddr || (v.kind == Kind::Other && v.array >= 0)) return v.array;
  if (v.kind == Kind::Other && v.fields)
    for (const auto& [field, value] : v.fields->values)
      if (const int a = heldArray(value); a >= 0) return a;
  return -1;
}

// `object` with the listed fields (and what is inside them) no longer followed: each stays
// listed, lost with `why`, so that an access through it still names its own array; the fields
// not listed keep their values (a method that counts elements leaves the pointers it was built with).
template <class FieldSetT>
inline SymbolicValue withFieldsLost(const SymbolicValue& object, const FieldSetT& lostFields, const std::string& why) {
  if (object.kind != SymbolicValue::Kind::Other || !object.fields) return SymbolicValue::lost(object, why);
  auto fields = std::make_shared<FieldValues>(*object.fields);
  for (auto& [field, v] : fields->values)
    if (lostFields.count(field)) v = SymbolicValue::lost(v, why);
  SymbolicValue out = object;
  out.fields = std::move(fields);
  return out;
}

// `object` with field path `path` set to `value` (an empty set of fields where it had none).
inline SymbolicValue withField(const SymbolicValue& object, llvm::ArrayRef<const clang::FieldDecl*> path, const SymbolicValue& value) {
  if (path.empty()) return value;
  SymbolicValue out = object.kind == SymbolicValue::Kind::Other ? object : SymbolicValue::other("object");
  auto fields = std::make_shared<FieldValues>(out.fields ? *out.fields : FieldValues());
  const SymbolicValue* inner = fields->find(path.front());
  SymbolicValue updated = withField(inner ? *inner : SymbolicValue::other("object"), path.drop_front(), value);
  bool replaced = false;
  for (auto& [field, v] : fields->values)
    if (field == path.front()) {
      v = updated;
      replaced = true;
    }
  if (!replaced) fields->values.emplace_back(path.front(), updated);
  out.fields = std::move(fields);
  return out;
}

// An lvalue: where a read or write goes.
struct LValue {
  enum class Kind {
    Shared,   // byte `offset` of shared array `array`, object of type `type`
    Local,    // a local variable or parameter tracked in the environment
    Builtin,  // threadIdx.x and friends
    LocalElement,  // an element of local array `var`, at `indices` (LocalArrays.h)
    Temporary,     // a field of an object that is no variable (`tb.thread_index().x`): `value`
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
  // Local: a field of the variable (outermost first), when the variable's fields are followed.
  std::vector<const clang::FieldDecl*> fieldPath;
  std::shared_ptr<const SymbolicValue> value;  // Temporary

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
  static LValue temporary(clang::QualType type, SymbolicValue value) {
    LValue l;
    l.kind = Kind::Temporary;
    l.type = type;
    l.value = std::make_shared<const SymbolicValue>(std::move(value));
    return l;
  }
};

}  // namespace bankcheck::frontend
