// Lvalues and the records they produce: which shared array and byte offset an lvalue names,
// the SharedArray record of each `__shared__` declaration (with its dimensions as written, for
// fix-its), typed views carved out of `extern __shared__` buffers, and one Access per read or
// write, carrying the loops, predicates and assumptions in force.
#include "clang/AST/RecordLayout.h"
#include "clang/Analysis/Analyses/ExprMutationAnalyzer.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Basic/CharInfo.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/ScopeExit.h"
#include "frontend/CompilerArgs.h"
#include "frontend/KernelWalker.h"
#include "frontend/NarrowValueUse.h"
#include "frontend/ObjectWrites.h"

namespace bankcheck::frontend {

using namespace clang;
using ir::ExprRef;

namespace {
bool isBuiltinIndexVar(const VarDecl* vd, ir::BuiltinVar& base) {
  if (!vd->hasGlobalStorage()) return false;
  const std::string name = vd->getName().str();
  if (name == "threadIdx") base = ir::BuiltinVar::ThreadIdxX;
  else if (name == "blockIdx") base = ir::BuiltinVar::BlockIdxX;
  else if (name == "blockDim") base = ir::BuiltinVar::BlockDimX;
  else if (name == "gridDim") base = ir::BuiltinVar::GridDimX;
  else return false;
  return true;
}
}  // namespace

LValue KernelWalker::dereference(const SymbolicValue& ptr, QualType type, const Expr* at) {
  if (ptr.kind == SymbolicValue::Kind::GlobalPtr) {
    LValue lv = LValue::other("pointer parameter '" + ptr.base + "' (global memory)");
    lv.globalBase = ptr.base;
    lv.globalOffset = ptr.expr;
    lv.type = type;
    return lv;
  }
  if (ptr.kind != SymbolicValue::Kind::SharedPtr) {
    if (markUntracked(ptr, at)) return lostAccess(ptr, type);
    return LValue::other(ptr.reason.empty() ? "pointer to non-shared memory" : ptr.reason);
  }
  LValue lv;
  lv.kind = LValue::Kind::Shared;
  lv.array = ptr.array;
  lv.offset = ptr.expr;
  lv.type = type;
  lv.pieces = ptr.pieces;
  return lv;
}

LValue KernelWalker::evalLValue(const Expr* e) {
  e = e->IgnoreParens();
  if (e->containsErrors())
    return LValue::other("depends on code that does not compile (line " +
                         std::to_string(locOf(e->getBeginLoc()).line) + ")");
  if (const auto* dre = dyn_cast<DeclRefExpr>(e)) {
    // A structured binding names a part of its hidden object (`auto [r, c] = coordOf(lane);`: the
    // member `r` of it), or the variable a tuple-like binding holds (`get<0>(...)`).
    if (const auto* binding = dyn_cast<BindingDecl>(dre->getDecl())) {
      if (const Expr* part = binding->getBinding()) return evalLValue(part);
      return LValue::other("structured binding '" + binding->getNameAsString() + "'");
    }
    const auto* vd = dyn_cast<VarDecl>(dre->getDecl());
    if (!vd) return LValue::other("'" + dre->getDecl()->getNameAsString() + "'");
    if (vd->hasAttr<CUDASharedAttr>()) {
      noteReached(dre, vd, nullptr);
      LValue lv;
      lv.kind = LValue::Kind::Shared;
      lv.array = sharedArrayFor(vd);
      lv.offset = ir::makeConst(0, ir::IntType::int64());
      lv.type = vd->getType();
      return lv;
    }
    // threadIdx, blockIdx, blockDim, gridDim as a whole (`dim3 t = threadIdx;`, a uint3 argument):
    // an object whose x, y, z are the builtins.
    if (ir::BuiltinVar first; isBuiltinIndexVar(vd, first))
      if (const auto* record = vd->getType()->getAsRecordDecl()) {
        auto fields = std::make_shared<FieldValues>();
        for (const FieldDecl* f : record->fields()) {
          const std::string n = f->getName().str();
          const int axis = n == "x" ? 0 : n == "y" ? 1 : n == "z" ? 2 : -1;
          if (axis < 0) continue;
          fields->values.emplace_back(f, SymbolicValue::integer(ir::makeBuiltin(static_cast<ir::BuiltinVar>(static_cast<int>(first) + axis))));
          if (axis <= 2 && static_cast<int>(first) == static_cast<int>(ir::BuiltinVar::ThreadIdxX)) kernel().usesThreadIdx[axis] = true;
        }
        SymbolicValue whole = SymbolicValue::other("'" + vd->getNameAsString() + "'");
        whole.fields = std::move(fields);
        return LValue::temporary(vd->getType(), std::move(whole));
      }
    noteReached(dre, vd, lookup(vd));
    // A followed local array used other than through a subscript: its address escapes.
    if (LocalArrayContents::Array* a = localArrays_.find(vd))
      LocalArrayContents::lose(*a, "its address is taken at line " + std::to_string(locOf(e->getBeginLoc()).line));
    if (vd->getType()->isReferenceType()) {
      if (const auto alias = frame().aliases.find(vd); alias != frame().aliases.end() && lookup(alias->second.var)) return alias->second;
      if (SymbolicValue* v = lookup(vd)) {
        if (v->kind == SymbolicValue::Kind::SharedPtr) return dereference(*v, vd->getType()->getPointeeType(), e);
        // A reference into shared memory whose binding is no longer followed: still an access.
        if (markUntracked(*v, e)) return lostAccess(*v, vd->getType()->getPointeeType());
      }
    }
    return LValue::local(vd);
  }
  if (const auto* me = dyn_cast<MemberExpr>(e)) {
    const Expr* base = me->getBase()->IgnoreParenImpCasts();
    ir::BuiltinVar first;
    if (const auto* bref = dyn_cast<DeclRefExpr>(base)) {
      if (const auto* bvd = dyn_cast<VarDecl>(bref->getDecl()); bvd && isBuiltinIndexVar(bvd, first)) {
        const std::string field = me->getMemberDecl()->getName().str();
        const int axis = field == "x" ? 0 : field == "y" ? 1 : field == "z" ? 2 : -1;
        if (axis < 0) return LValue::other("member of " + bvd->getNameAsString());
        LValue lv;
        lv.kind = LValue::Kind::Builtin;
        lv.builtin = static_cast<ir::BuiltinVar>(static_cast<int>(first) + axis);
        lv.type = me->getType();
        return lv;
      }
    }
    // `t.I` with `static constexpr int I` (ggml's tile<I, J>): a static member, the same variable
    // whatever the object; the object itself is not read.
    if (const auto* member = dyn_cast<VarDecl>(me->getMemberDecl()); member && !member->hasAttr<CUDASharedAttr>())
      return LValue::local(member);
    LValue object;
    // A read out of an object no longer followed that held a shared pointer: the value may be
    // that pointer, so an access through it still names the array.
    const auto readOfLost = [&](const SymbolicValue& held, const std::string& why) {
      SymbolicValue lost = SymbolicValue::other(why);
      if (me->getType()->isPointerType() || me->getType()->isRecordType()) lost.array = held.array;
      return LValue::temporary(me->getType(), lost);
    };
    // `this->f` in a method whose writes to its object are followed: the field of thisObjectVar,
    // read and written like a local's (an object no longer followed keeps the array it held).
    bool ofFollowedThis = false;
    if (const auto* field = dyn_cast<FieldDecl>(me->getMemberDecl());
        field && me->isArrow() && isa<CXXThisExpr>(me->getBase()->IgnoreParenImpCasts()) && !field->getParent()->isUnion())
      if (const VarDecl* self = followedThis()) {
        const SymbolicValue* whole = lookup(self);
        if (!whole) return LValue::temporary(me->getType(), SymbolicValue::other("the object is not followed"));
        if (!whole->fields) return readOfLost(*whole, whole->reason);
        object = LValue::local(self);
        ofFollowedThis = true;
      }
    // `v->f` for a parameter standing for a caller's local object (Frame::pointeeParams): the
    // field of that local, as `(*v).f`.
    bool throughPointeeParam = false;
    if (const auto* ref = dyn_cast<DeclRefExpr>(me->getBase()->IgnoreParenImpCasts()); ref && me->isArrow() && !ofFollowedThis)
      if (const auto* param = dyn_cast<ParmVarDecl>(ref->getDecl()); param && frame().pointeeParams.count(param)) {
        object = LValue::local(param);
        object.type = me->getBase()->getType()->getPointeeType();
        throughPointeeParam = true;
      }
    if (ofFollowedThis || throughPointeeParam) {
      // `object` is `*this` or the caller's local, set above.
    } else if (me->isArrow()) {
      SymbolicValue p = eval(me->getBase());
      // `this->base` in a method of a local object whose fields are followed (objectFieldsForThis).
      // An object whose fields were followed and are lost since keeps its array: an access through
      // the field is still reported (SymbolicValue::lost).
      if (const auto* field = dyn_cast<FieldDecl>(me->getMemberDecl());
          field && isa<CXXThisExpr>(me->getBase()->IgnoreParenImpCasts()) && p.kind == SymbolicValue::Kind::Other &&
          (p.fields || p.array >= 0)) {
        const SymbolicValue* f = p.fields ? p.fields->find(field) : &p;
        // A reference member holds the address it was bound to (constructedFields): it names
        // what is there (`temp.warp_aggregates[w]` with `TempStorage& temp` bound to shared storage).
        if (f && field->getType()->isReferenceType() && f->kind == SymbolicValue::Kind::SharedPtr)
          return dereference(*f, me->getType(), e);
        return LValue::temporary(me->getType(),
                                 f ? *f : SymbolicValue::other("field '" + field->getNameAsString() + "' of the object is not followed"));
      }
      object = dereference(p, me->getBase()->getType()->getPointeeType(), e);
    } else {
      object = evalLValue(me->getBase());
    }
    const auto* field = dyn_cast<FieldDecl>(me->getMemberDecl());
    // A field of a local object or a temporary whose fields the walk follows.
    if (field && (!me->isArrow() || ofFollowedThis || throughPointeeParam) && !field->getParent()->isUnion()) {
      if (object.kind == LValue::Kind::Local && followsFields(object)) {
        object.fieldPath.push_back(field);
        object.type = me->getType();
        // A reference member of a followed local (`r.temp`): what its address names.
        if (field->getType()->isReferenceType()) {
          const SymbolicValue bound = readLValue(object, e);
          if (bound.kind == SymbolicValue::Kind::SharedPtr) return dereference(bound, me->getType(), e);
        }
        return object;
      }
      if (object.kind == LValue::Kind::Temporary && object.value) {
        const SymbolicValue* f = object.value->fields ? object.value->fields->find(field) : nullptr;
        return LValue::temporary(me->getType(),
                                 f ? *f : SymbolicValue::other("field '" + field->getNameAsString() + "' of a temporary object is not followed"));
      }
    }
    // A field of a local object, or of a followed local's member object, that is no longer
    // followed and held a shared pointer (`a.p` after `a += 32`, `h.cursor.at` after a method
    // moved the cursor): what is read may be that pointer, and an access through it is reported,
    // not dropped.
    if (field && (!me->isArrow() || throughPointeeParam) && object.kind == LValue::Kind::Local)
      if (const auto* vd = dyn_cast_or_null<VarDecl>(object.var)) {
        const SymbolicValue* v = lookup(vd);
        for (const FieldDecl* f : object.fieldPath) v = v && v->fields ? v->fields->find(f) : nullptr;
        if (v && v->kind == SymbolicValue::Kind::Other && !v->fields && v->array >= 0) return readOfLost(*v, v->reason);
      }
    if (object.kind != LValue::Kind::Shared || !field)
      return LValue::other(object.kind == LValue::Kind::Other ? object.reason : "member of a non-shared object");
    const ASTRecordLayout& layout = ctx_.getASTRecordLayout(field->getParent());
    const int64_t fieldOffset = static_cast<int64_t>(layout.getFieldOffset(field->getFieldIndex()) / 8);
    object.offset = ir::addBytes(object.offset, ir::makeConst(fieldOffset, ir::IntType::int64()));
    if (fieldOffset != 0) object.pieces.complete = false;
    object.type = me->getType();
    return object;
  }
  if (const auto* ase = dyn_cast<ArraySubscriptExpr>(e)) {
    if (std::optional<LValue> element = localElement(ase)) return *element;
    SymbolicValue base = eval(ase->getBase());
    SymbolicValue index = eval(ase->getIdx());
    subscriptValues_[ase] = index.asInt(ir::IntType::int64());
    if (!base.isTrackedPointer()) {
      if (markUntracked(base, e)) return lostAccess(base, ase->getType());
      return LValue::other(base.reason.empty() ? "subscript of non-shared memory" : base.reason);
    }
    base.pointee = ase->getType();
    SymbolicValue p = pointerArithmetic(base, index, false, e, ase->getIdx(), ase->getBase(), true);
    return dereference(p, ase->getType(), e);
  }
  if (const auto* u = dyn_cast<UnaryOperator>(e)) {
    if (u->getOpcode() == UO_Deref) {
      // `*x` for a parameter standing for a caller's local: that local's value (Frame::pointeeParams).
      if (const auto* ref = dyn_cast<DeclRefExpr>(u->getSubExpr()->IgnoreParenImpCasts()))
        if (const auto* param = dyn_cast<ParmVarDecl>(ref->getDecl()); param && frame().pointeeParams.count(param)) {
          LValue pointee = LValue::local(param);
          pointee.type = e->getType();
          return pointee;
        }
      SymbolicValue p = eval(u->getSubExpr());
      return dereference(p, e->getType(), e);
    }
    if (u->getOpcode() == UO_PreInc || u->getOpcode() == UO_PreDec) {
      evalIncDec(u);
      return LValue::other("pre-increment used as an lvalue");
    }
    eval(u);
    return LValue::other("unsupported lvalue");
  }
  if (const auto* c = dyn_cast<CastExpr>(e)) {
    LValue lv = evalLValue(c->getSubExpr());
    if (lv.kind == LValue::Kind::Shared) lv.type = e->getType();  // reinterpret_cast<float4&>(x)
    return lv;
  }
  if (const auto* co = dyn_cast<AbstractConditionalOperator>(e)) {
    ExprRef cond = evalCondition(co->getCond());
    int64_t c = 0;
    if (ir::isConst(cond, &c)) return evalLValue(c ? co->getTrueExpr() : co->getFalseExpr());
    LValue t = evalLValue(co->getTrueExpr());
    LValue f = evalLValue(co->getFalseExpr());
    if (t.kind == LValue::Kind::Shared && f.kind == LValue::Kind::Shared && t.array == f.array) {
      t.offset = ir::makeSelect(cond, t.offset, f.offset, ir::IntType::int64());
      t.pieces = t.pieces.merged(cond, f.pieces);
      return t;
    }
    // An array chosen between two (`(n > 0 ? a : b)[i]`): see sharedArrayChosen.
    if (t.kind == LValue::Kind::Shared && f.kind == LValue::Kind::Shared)
      if (std::optional<SymbolicValue> chosen = sharedArrayChosen(t.address(t.type), f.address(f.type), e))
        return dereference(*chosen, e->getType(), e);
    return LValue::other("conditional lvalue");
  }
  if (const auto* b = dyn_cast<BinaryOperator>(e)) {
    if (b->getOpcode() == BO_Comma) {
      eval(b->getLHS());
      return evalLValue(b->getRHS());
    }
    eval(b);
    return LValue::other("assignment used as an lvalue");
  }
  if (const auto* call = dyn_cast<CallExpr>(e)) {
    // A method that returns `*this` (`t.advance(1)(r, c) = x`): the object itself, as the call
    // leaves it. (Only an object expression without side effects: it is evaluated again.)
    if (const Expr* object = objectReturnedByCall(call); object && !object->HasSideEffects(ctx_)) {
      evalCall(call);
      return evalLValue(object);
    }
    SymbolicValue r = evalCall(call);  // a function returning a reference yields a pointer
    return dereference(r, e->getType(), e);
  }
  if (const auto* m = dyn_cast<MaterializeTemporaryExpr>(e)) {
    SymbolicValue v = eval(m->getSubExpr());
    if (v.kind == SymbolicValue::Kind::Other && v.fields) return LValue::temporary(e->getType(), std::move(v));
    return LValue::other("temporary object");
  }
  if (const auto* fe = dyn_cast<FullExpr>(e)) return evalLValue(fe->getSubExpr());
  if (isa<CXXThisExpr>(e)) return LValue::other("this");
  // Anything else (__func__, a lambda's captures, compound literals ...): look inside for
  // accesses, but never hand the same node back to eval(), which would come straight back here.
  for (const Stmt* child : e->children())
    if (const auto* ce = dyn_cast_or_null<Expr>(child)) eval(ce);
  return LValue::other(std::string("unsupported lvalue (") + e->getStmtClassName() + ")");
}

bool KernelWalker::followsFields(const LValue& object) {
  const auto* vd = dyn_cast_or_null<VarDecl>(object.var);
  if (!vd || vd->hasGlobalStorage()) return false;
  const SymbolicValue* v = lookup(vd);
  if (!v || v->kind != SymbolicValue::Kind::Other) return false;
  for (const FieldDecl* f : object.fieldPath) {
    v = v->fields ? v->fields->find(f) : nullptr;
    if (!v) return false;
  }
  if (v->fields) return true;
  // An object declared without an initializer (`int2 c; c.x = ...;`): its fields are followed
  // from their first write.
  return object.fieldPath.empty() && !vd->getInit() && !vd->getType()->isReferenceType() && v->objectClass == nullptr &&
         v->kernelParameter.empty() && vd->getType()->isStructureOrClassType();
}

SymbolicValue KernelWalker::readLValue(const LValue& lv, const Expr* at) {
  QualType t = lv.type.isNull() ? at->getType() : lv.type;
  const bool integral = t->isIntegralOrEnumerationType();
  switch (lv.kind) {
    case LValue::Kind::Builtin: {
      const int v = static_cast<int>(lv.builtin);
      if (v <= 2) kernel().usesThreadIdx[v] = true;
      return SymbolicValue::integer(ir::makeBuiltin(lv.builtin));
    }
    case LValue::Kind::Shared: {
      recordAccess(ir::AccessKind::Load, lv, at);
      // One address for every lane (`lenSrcA`, `s_len[warp]`): one load instruction returns one
      // value to all of them, a warp-uniform unknown (changing with the innermost loop).
      if (integral && ir::laneIndependent(lv.offset)) {
        const std::string what = "'" + tu_.array(lv.array).name + "' as loaded at line " + std::to_string(locOf(at->getBeginLoc()).line) +
                                 " (one shared word, the same in every lane)";
        return SymbolicValue::integer(
            ir::makeSymbol(newSymbol(ir::SymbolKind::Uniform, what, loops_.empty() ? -1 : loops_.back()), what, intTypeOf(t)));
      }
      const std::string why = "value loaded from shared memory '" + tu_.array(lv.array).name + "'";
      return integral ? SymbolicValue::integer(ir::makeUnknown(why, intTypeOf(t))) : SymbolicValue::other(why);
    }
    case LValue::Kind::Temporary:
      return storedAs(t, lv.value ? *lv.value : SymbolicValue::other("temporary object"));
    case LValue::Kind::Local: {
      if (!lv.fieldPath.empty()) {
        const SymbolicValue* v = lookup(lv.var);
        std::string path = lv.var->getNameAsString();
        for (const FieldDecl* f : lv.fieldPath) {
          path += "." + f->getNameAsString();
          v = v && v->fields ? v->fields->find(f) : nullptr;
        }
        return storedAs(t, v ? *v : SymbolicValue::other("'" + path + "' is not followed"));
      }
      if (SymbolicValue* v = lookup(lv.var)) return *v;
      const auto* vd = dyn_cast<VarDecl>(lv.var);
      if (vd && integral && vd->getInit() && !vd->getInit()->isValueDependent() &&
          (vd->isConstexpr() || vd->getType().isConstQualified())) {
        if (const APValue* value = vd->evaluateValue(); value && value->isInt())
          return SymbolicValue::integer(ir::makeConst(value->getInt().getExtValue(), intTypeOf(t)));
      }
      std::string why = vd && vd->hasGlobalStorage()
                            ? "value of global variable '" + lv.var->getNameAsString() + "'"
                            : "'" + lv.var->getNameAsString() + "' is not tracked";
      return integral ? SymbolicValue::integer(ir::makeUnknown(why, intTypeOf(t))) : SymbolicValue::other(why);
    }
    case LValue::Kind::LocalElement: {
      std::string why;
      const LocalArrayContents::Array* a = localArrays_.find(lv.var);
      if (std::optional<SymbolicValue> v = a ? localArrays_.read(*a, lv.indices, why) : std::nullopt) return storedAs(t, *v);
      if (integral) return SymbolicValue::integer(ir::makeUnknown(why, intTypeOf(t)));
      // A pointer into shared memory that is no longer followed: an access through it is still
      // one, reported as not computed rather than dropped.
      SymbolicValue lost = SymbolicValue::other(why);
      if (a && t->isPointerType()) lost.array = a->pointsInto;
      return lost;
    }
    case LValue::Kind::Other: {
      std::string why = lv.reason.empty() ? "value loaded from memory" : lv.reason;
      if (why.rfind("pointer parameter", 0) == 0 || why.find("non-shared") != std::string::npos)
        why = "value loaded from memory (" + why + ")";
      return integral ? SymbolicValue::integer(ir::makeUnknown(why, intTypeOf(t))) : SymbolicValue::other(why);
    }
  }
  return SymbolicValue::other("unreachable");
}

void KernelWalker::writeLValue(const LValue& lv, const SymbolicValue& value, const Expr* at) {
  if (lv.kind == LValue::Kind::Shared) {
    recordAccess(ir::AccessKind::Store, lv, at);
    return;
  }
  if (lv.kind == LValue::Kind::LocalElement) {
    if (LocalArrayContents::Array* a = localArrays_.find(lv.var)) {
      writeLocalElement(*a, lv.indices, storedAs(lv.type.isNull() ? at->getType() : lv.type, value),
                        static_cast<int>(locOf(at->getBeginLoc()).line));
    }
    return;
  }
  if (lv.kind != LValue::Kind::Local) return;
  if (!lv.fieldPath.empty()) {
    if (SymbolicValue* object = lookup(lv.var)) *object = withField(*object, lv.fieldPath, storedAs(lv.type.isNull() ? at->getType() : lv.type, value));
    return;
  }
  if (frame().env.count(lv.var) || isa<VarDecl>(lv.var)) {
    const auto* vd = dyn_cast<VarDecl>(lv.var);
    if (vd && vd->hasGlobalStorage()) return;  // a write to a global does not change what we track
    frame().env[lv.var] = value;
    if (vd && !inlinedAt_.empty()) pointerBindings_.record(vd, frame().function ? frame().function->getNameAsString() : "", value, tu_);
  }
}

void KernelWalker::recordAccess(ir::AccessKind kind, const LValue& lv, const Expr* at) {
  if (lv.kind != LValue::Kind::Shared) return;
  recordAccessOfType(kind, lv.array, lv.offset, lv.type.isNull() ? at->getType() : lv.type, at, &lv.pieces);
}

void KernelWalker::recordAccessOfType(ir::AccessKind kind, int array, const ExprRef& offset,
                                      QualType type, const Expr* at, const OffsetPieces* pieces) {
  // Every access recorded for this one is volatile when the lvalue is.
  const size_t firstRecorded = tu_.accesses.size();
  const bool isVolatile = type.isVolatileQualified() || type.getCanonicalType().isVolatileQualified();
  auto markVolatile = llvm::make_scope_exit([&] {
    if (isVolatile)
      for (size_t i = firstRecorded; i < tu_.accesses.size(); ++i) tu_.accesses[i].isVolatile = true;
  });
  QualType t = type.getCanonicalType().getUnqualifiedType();
  if (t->isArrayType() || t->isIncompleteType()) {
    noteUnanalyzed(at, "access to a whole array or incomplete object in '" + tu_.array(array).name + "'",
                   "not a single shared-memory instruction");
    return;
  }
  const int64_t size = ctx_.getTypeSizeInChars(t).getQuantity();
  const int64_t align = ctx_.getTypeAlignInChars(t).getQuantity();
  const bool vectorWidth = size == 1 || size == 2 || size == 4 || size == 8 || size == 16;
  if (const auto* rd = t->getAsRecordDecl(); rd && !(vectorWidth && align >= size)) {
    // A struct that is not one aligned vector is copied field by field.
    const ASTRecordLayout& layout = ctx_.getASTRecordLayout(rd);
    for (const FieldDecl* f : rd->fields()) {
      const int64_t off = static_cast<int64_t>(layout.getFieldOffset(f->getFieldIndex()) / 8);
      recordAccessOfType(kind, array, ir::addBytes(offset, ir::makeConst(off, ir::IntType::int64())), f->getType(), at, pieces);
    }
    return;
  }
  if (!vectorWidth) {
    noteUnanalyzed(at, "access of " + std::to_string(size) + " bytes to '" + tu_.array(array).name + "'",
                   "not a single shared-memory instruction");
    return;
  }
  if (kind == ir::AccessKind::Load && recordUsedWords(array, offset, t, at, pieces)) return;
  PrintingPolicy policy(ctx_.getLangOpts());
  policy.SuppressTagKeyword = true;
  recordRawAccess(kind, array, offset, static_cast<unsigned>(size), type.getUnqualifiedType().getAsString(policy), at, pieces);
  if (size <= 2) {
    ir::Access& a = tu_.accesses.back();
    a.narrowScalar = narrowScalarOf(t);
    // Only bf16 and 16-bit integer loads merge depending on their use; the parent map is built
    // on first use, so it is not asked for the others.
    if (size == 2 && kind == ir::AccessKind::Load &&
        (a.narrowScalar == ir::NarrowScalar::BFloat16 || a.narrowScalar == ir::NarrowScalar::Integer))
      a.narrowUse = narrowValueUse(at, ctx_);
  }
}

SymbolicValue KernelWalker::evalInitializer(const VarDecl* var, const Expr* init) {
  const ValueTarget saved = valueTarget_;
  valueTarget_ = {var, init};
  auto restore = llvm::make_scope_exit([&] { valueTarget_ = saved; });
  return eval(init);
}

bool KernelWalker::recordUsedWords(int array, const ExprRef& offset, QualType t, const Expr* at, const OffsetPieces* pieces) {
  if (!valueTarget_.var || throughCopies(at) != throughCopies(valueTarget_.init)) return false;
  const auto* rd = t->getAsRecordDecl();
  if (!rd || rd->isUnion()) return false;
  const int64_t size = ctx_.getTypeSizeInChars(t).getQuantity();
  const unsigned words = static_cast<unsigned>(size / 4);
  if (size != 8 && size != 16) return false;
  std::vector<std::string> names;
  for (const FieldDecl* f : rd->fields()) {
    const QualType ft = f->getType().getCanonicalType();
    if (!(ft->isIntegerType() || ft->isRealFloatingType()) || ctx_.getTypeSizeInChars(ft).getQuantity() != 4) return false;
    names.push_back(f->getNameAsString());
  }
  if (names.size() != words) return false;
  const std::optional<uint32_t> used = componentUse_.usedFields(valueTarget_.var);
  if (!used || *used == 0) return false;
  const uint32_t mask = *used & ((1u << words) - 1);
  const int count = __builtin_popcount(mask);
  if (count == static_cast<int>(words) || (words == 4 && count == 3)) return false;  // the whole vector
  // Measured (docs/hardware-model.md): a used aligned pair of words is one 64-bit load, any other
  // used word a 32-bit load of its own.
  std::vector<std::pair<unsigned, unsigned>> loads;  // (byte offset, bytes)
  for (unsigned pair = 0; pair < words / 2; ++pair) {
    const uint32_t both = 3u << (2 * pair);
    if ((mask & both) == both) {
      loads.push_back({8 * pair, 8});
    } else {
      for (unsigned w = 2 * pair; w < 2 * pair + 2; ++w)
        if (mask & (1u << w)) loads.push_back({4 * w, 4});
    }
  }
  PrintingPolicy policy(ctx_.getLangOpts());
  policy.SuppressTagKeyword = true;
  const std::string typeName = t.getUnqualifiedType().getAsString(policy);
  std::string usedText;
  for (unsigned w = 0; w < words; ++w)
    if (mask & (1u << w)) usedText += (usedText.empty() ? "" : ", ") + valueTarget_.var->getNameAsString() + "." + names[w];
  const std::string note = "only " + usedText + " of the " + typeName + " loaded here " + (count > 1 ? "are" : "is") +
                           " used: nvcc loads " +
                           (loads.size() > 1 ? "each word alone" : loads.front().second == 8 ? "the two words as one 64-bit load" : "that word alone") +
                           " (measured on the H200, docs/hardware-model.md)";
  for (const auto& [byte, bytes] : loads) {
    recordRawAccess(ir::AccessKind::Load, array, ir::addBytes(offset, ir::makeConst(byte, ir::IntType::int64())), bytes, typeName, at, pieces);
    ir::Access& a = tu_.accesses.back();
    a.typeBytes = static_cast<unsigned>(size);
    a.widthNote = note;
    if (byte != 0) a.piecesComplete = false;
  }
  return true;
}

bool inBundledHeaders(const ir::SourceLoc& l) { return llvm::StringRef(l.file).starts_with(kPreludeDir); }

// An access inside a function of the bundled headers (`thrust::complex<T>::real()`) is reported
// at the innermost call written in the user's code: the header's line is not theirs to read or
// change. The calls up to that one are dropped from the inlining notes.
void KernelWalker::reportAtTheUsersCall(ir::Access& a) const {
  if (!inBundledHeaders(a.span.begin)) return;
  for (size_t i = 0; i < a.inlinedAt.size(); ++i) {
    if (inBundledHeaders(a.inlinedAt[i])) continue;
    a.span = ir::SourceSpan{a.inlinedAt[i], a.inlinedAt[i], 0, 0};
    a.inlinedAt.erase(a.inlinedAt.begin(), a.inlinedAt.begin() + static_cast<std::ptrdiff_t>(i) + 1);
    // The function called there: inlinedAt is innermost first, frames_ outermost first, and the
    // frame after a call site's is its callee's.
    const size_t callee = frames_.size() - 1 - i;
    if (callee < frames_.size() && frames_[callee].function) a.libraryCall = libraryName(frames_[callee].function);
    return;
  }
}

// A library function as its users call it: `cub::BlockScan::ExclusiveSum`, without the class's
// template arguments (the instance is the kernel's to say).
std::string KernelWalker::libraryName(const FunctionDecl* fn) {
  std::string name = fn->getNameAsString();
  for (const DeclContext* dc = fn->getDeclContext(); dc; dc = dc->getParent()) {
    if (const auto* ns = dyn_cast<NamespaceDecl>(dc)) {
      if (!ns->isAnonymousNamespace()) name = ns->getNameAsString() + "::" + name;
    } else if (const auto* record = dyn_cast<RecordDecl>(dc)) {
      name = record->getNameAsString() + "::" + name;
    }
  }
  return name;
}

ir::SourceLoc KernelWalker::usersLocation(ir::SourceLoc loc) const {
  if (inBundledHeaders(loc))
    for (auto it = inlinedAt_.rbegin(); it != inlinedAt_.rend(); ++it)
      if (!inBundledHeaders(*it)) return *it;
  return loc;
}

void KernelWalker::recordRawAccess(ir::AccessKind kind, int array, const ExprRef& offset, unsigned width,
                                   std::string valueType, const Expr* at, const OffsetPieces* pieces) {
  ir::Access a;
  a.id = static_cast<int>(tu_.accesses.size());
  a.array = array;
  a.kind = kind;
  if (const ir::Expr* u = ir::findUnknown(offset)) {
    a.unknownReason = u->text;
  } else {
    a.symbolicOffset = offset;
    a.byteOffset = concrete(offset);
  }
  a.widthBytes = width;
  a.valueType = std::move(valueType);
  a.kernelInstance = instance_;
  a.barrierEpoch = barrierEpoch_;
  a.loops = loops_;
  for (const ir::Predicate& p : predicates_)
    if (p.condition) a.predicates.push_back(p);
  a.assumptions = assumptions_;
  a.span = spanOf(at->getSourceRange());
  a.spelling = textOf(at->getSourceRange());
  a.inlinedAt.assign(inlinedAt_.rbegin(), inlinedAt_.rend());
  a.insideSynchronizingCall = frame().insideSynchronizingCall;
  reportAtTheUsersCall(a);
  if (a.byteOffset) a.indexing = directIndexing(at, array);
  if (!pieces) {
    a.piecesWhyNot = "its address is an operand of an instruction (" + a.spelling + ")";
  } else {
    a.piecesWhyNot = pieces->whyNot;
    a.piecesComplete = pieces->complete;
    if (pieces->list)
      for (const ir::OffsetPiece& p : *pieces->list) {
        a.pieces.push_back(p);
        a.pieces.back().value = concrete(p.value);
      }
  }
  tu_.accesses.push_back(std::move(a));
}

std::optional<ir::DirectIndexing> KernelWalker::directIndexing(const Expr* at, int array) {
  const ir::SharedArray& arr = tu_.array(array);
  if (arr.carvedFrom >= 0 || arr.dims.empty() || !arr.elementSize) return std::nullopt;
  const Expr* e = at->IgnoreParenImpCasts();
  if (isa<DeclRefExpr>(e) || isa<CallExpr>(e)) {
    // An address an instruction takes from a local: `uint32_t p = __cvta_generic_to_shared(&s[r][c]);
    // asm("ldmatrix ... [%0]" :: "r"(p))` indexes s[r][c] where the local is initialized.
    e = writtenAddress(e);
    const auto* addr = e ? dyn_cast<UnaryOperator>(e) : nullptr;
    if (!addr || addr->getOpcode() != UO_AddrOf) return std::nullopt;
    e = addr->getSubExpr()->IgnoreParenImpCasts();
  }
  int64_t extraElements = 0;
  // A wider view: *reinterpret_cast<T*>(&a[..][..]) or reinterpret_cast<T*>(&a[..][..])[k].
  const Expr* view = nullptr;
  if (const auto* u = dyn_cast<UnaryOperator>(e); u && u->getOpcode() == UO_Deref) {
    view = u->getSubExpr();
  } else if (const auto* ase = dyn_cast<ArraySubscriptExpr>(e)) {
    const Expr* base = ase->getBase()->IgnoreParenImpCasts();
    if (isa<ExplicitCastExpr>(base)) {
      Expr::EvalResult k;
      if (!ase->getIdx()->EvaluateAsInt(k, ctx_)) return std::nullopt;
      const int64_t bytes = ctx_.getTypeSizeInChars(ase->getType()).getQuantity();
      extraElements = k.Val.getInt().getExtValue() * bytes / arr.elementSize;
      view = base;
    }
  }
  if (view) {
    const Expr* v = view->IgnoreParenCasts();
    const auto* addr = dyn_cast<UnaryOperator>(v);
    if (!addr || addr->getOpcode() != UO_AddrOf) return std::nullopt;
    e = addr->getSubExpr()->IgnoreParenImpCasts();
  }
  // The chain a[i0][i1]... down to the declaration itself.
  std::vector<const ArraySubscriptExpr*> chain;
  while (const auto* ase = dyn_cast<ArraySubscriptExpr>(e)) {
    chain.push_back(ase);
    e = ase->getBase()->IgnoreParenImpCasts();
  }
  const auto* root = dyn_cast<DeclRefExpr>(e);
  const auto* vd = root ? dyn_cast<VarDecl>(root->getDecl()) : nullptr;
  if (!vd || !arrays_.count(vd) || arrays_[vd] != array || chain.size() != arr.dims.size()) return std::nullopt;
  ir::DirectIndexing out;
  out.extraElements = extraElements;
  for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
    auto value = subscriptValues_.find(*it);
    if (value == subscriptValues_.end() || ir::findUnknown(value->second)) return std::nullopt;
    out.indices.push_back(value->second);
    const SourceRange r = (*it)->getIdx()->getSourceRange();
    out.spans.push_back(spanOf(r));
    out.texts.push_back(textOf(r));
    if (!rewritableIndex((*it)->getIdx())) out.editable = false;
  }
  return out;
}

const Expr* KernelWalker::writtenAddress(const Expr* e) {
  for (int hops = 0; e && hops < 4; ++hops) {
    e = e->IgnoreParenCasts();
    if (const auto* call = dyn_cast<CallExpr>(e)) {
      const FunctionDecl* f = call->getDirectCallee();
      if (!f || call->getNumArgs() != 1 || f->getName() != "__cvta_generic_to_shared") return e;
      e = call->getArg(0);
      continue;
    }
    const auto* ref = dyn_cast<DeclRefExpr>(e);
    const auto* local = ref ? dyn_cast<VarDecl>(ref->getDecl()) : nullptr;
    if (!local || isa<ParmVarDecl>(local) || !local->hasLocalStorage() || !local->getInit()) return e;
    // Only a local that nothing writes after its initializer still holds that address.
    const auto* function = dyn_cast_or_null<FunctionDecl>(local->getParentFunctionOrMethod());
    if (!function || !function->getBody() || ExprMutationAnalyzer(*function->getBody(), ctx_).isMutated(local)) return e;
    e = local->getInit();
  }
  return e;
}

bool KernelWalker::markUntracked(const SymbolicValue& ptr, const Expr* at) {
  if (ptr.kind != SymbolicValue::Kind::Other || ptr.array < 0) return false;
  noteUntrackedAccess(ptr.array, "the access at line " + std::to_string(locOf(at->getBeginLoc()).line) +
                                     " goes through a pointer that is not followed (" + ptr.reason + ")");
  return true;
}

void KernelWalker::noteUntrackedAccess(int array, const std::string& why) {
  if (array < 0) return;
  std::string& first = tu_.arrays[static_cast<size_t>(array)].untrackedAccess;
  if (first.empty()) first = why;
}

LValue KernelWalker::lostAccess(const SymbolicValue& ptr, QualType type) {
  // Still an access of the array, at an offset not computed: reported as such, never dropped.
  LValue lv;
  lv.kind = LValue::Kind::Shared;
  lv.array = ptr.array;
  lv.offset = ir::makeUnknown(ptr.reason, ir::IntType::int64());
  lv.type = type;
  lv.pieces.whyNot = ptr.reason;
  return lv;
}

bool KernelWalker::rewritableIndex(const Expr* index) const {
  // An index spelled in the file, also as a macro's argument (`FETCH_FLOAT4(s[i][j])`), can be
  // rewritten; one written in a macro's body cannot (textOf gives ""). Edits may repeat an index
  // (`i + i / 32`), so one with side effects is left alone.
  // One that starts with a macro written in the file (`TILE * TILE`, `OFFSET(i)`) is rewritten
  // whole, macro names included: textOf has its text only when it spans whole expansions.
  const SourceRange r = index->getSourceRange();
  if (textOf(r).empty() || index->HasSideEffects(ctx_)) return false;
  if (!r.getBegin().isMacroID() || rewritableMacroArgument(r.getBegin())) return true;
  SourceLocation expansion;
  return Lexer::isAtStartOfMacroExpansion(r.getBegin(), sm_, ctx_.getLangOpts(), &expansion) && expansion.isFileID();
}

bool KernelWalker::rewritableMacroArgument(SourceLocation l) const {
  if (!sm_.isMacroArgExpansion(l)) return false;
  // Where the parameter stands in the macro's body, and there, in its #define.
  const SourceLocation inBody = sm_.getImmediateExpansionRange(l).getBegin();
  if (sm_.isMacroArgExpansion(inBody)) return false;  // handed on to another macro
  const SourceLocation def = sm_.getSpellingLoc(inBody);
  bool invalid = false;
  const llvm::StringRef buffer = sm_.getBufferData(sm_.getFileID(def), &invalid);
  if (invalid) return false;
  const size_t at = sm_.getFileOffset(def);
  size_t end = at;
  while (end < buffer.size() && (isAsciiIdentifierContinue(buffer[end]))) ++end;
  const llvm::StringRef param = buffer.slice(at, end);
  // The definition: back to its `#define`, forward to the first line not continued by a backslash.
  const size_t define = buffer.substr(0, at).rfind("#define");
  if (param.empty() || define == llvm::StringRef::npos) return false;
  size_t last = end;
  while (last < buffer.size() && buffer[last] != '\n') ++last;
  while (last < buffer.size() && last > 0 && buffer[last - 1] == '\\') {
    ++last;
    while (last < buffer.size() && buffer[last] != '\n') ++last;
  }
  const llvm::StringRef text = buffer.slice(define, last);
  const size_t params = text.find(')');
  if (params == llvm::StringRef::npos) return false;
  unsigned uses = 0;
  for (size_t i = params; i + param.size() <= text.size(); ++i) {
    if (text.substr(i, param.size()) != param) continue;
    const bool before = i > 0 && isAsciiIdentifierContinue(text[i - 1]);
    const bool after = i + param.size() < text.size() && isAsciiIdentifierContinue(text[i + param.size()]);
    if (!before && !after) ++uses;
  }
  return uses == 1;
}

void KernelWalker::noteUnanalyzed(const Stmt* at, std::string what, std::string reason) {
  ir::Unanalyzed u;
  // Inside a bundled header (the prelude's cooperative_groups::memcpy_async): at the innermost
  // call the user wrote, as an access is reported (reportAtTheUsersCall).
  u.loc = usersLocation(locOf(at->getBeginLoc()));
  u.kernel = kernel().name;
  u.what = std::move(what);
  u.reason = std::move(reason);
  const std::string key = u.loc.file + ":" + std::to_string(u.loc.line) + ":" + std::to_string(u.loc.column) + "\n" + u.what + "\n" + u.reason;
  if (!notedUnanalyzed_.insert(key).second) return;
  tu_.unanalyzed.push_back(std::move(u));
}

int KernelWalker::sharedArrayFor(const VarDecl* vd) {
  if (auto it = arrays_.find(vd); it != arrays_.end()) return it->second;
  ir::SharedArray a;
  a.id = static_cast<int>(tu_.arrays.size());
  a.name = vd->getNameAsString();
  a.kernel = vd->isLocalVarDecl() ? kernel().name : "";
  a.kernelInstance = instance_;
  QualType t = vd->getType().getCanonicalType();
  a.isDynamic = vd->hasExternalStorage() || t->isIncompleteArrayType();
  QualType elem = vd->getType();  // sugared, so `int8_t` stays `int8_t`
  while (const ArrayType* at = ctx_.getAsArrayType(elem)) {
    if (const auto* cat = dyn_cast<ConstantArrayType>(at)) a.dims.push_back(cat->getSize().getZExtValue());
    elem = at->getElementType();
  }
  PrintingPolicy policy(ctx_.getLangOpts());
  policy.SuppressTagKeyword = true;
  a.elementType = elem.getUnqualifiedType().getAsString(policy);
  a.recordElement = elem->isRecordType();
  // A declaration clang rejected (an extent naming a constant whose type is missing) has no
  // size to ask for: asking sends clang's layout into unbounded recursion.
  auto sized = [&](QualType q) {
    return !vd->isInvalidDecl() && !q->isIncompleteType() && !q->isDependentType() && !q->isVariablyModifiedType();
  };
  if (sized(elem)) a.elementSize = static_cast<unsigned>(ctx_.getTypeSizeInChars(elem).getQuantity());
  if (sized(t) && !a.isDynamic) a.sizeBytes = static_cast<uint64_t>(ctx_.getTypeSizeInChars(t).getQuantity());
  if (sized(t) || a.isDynamic) {
    a.alignment = static_cast<unsigned>(ctx_.getDeclAlign(vd).getQuantity());
    // The block's first array starts after its reserved memory: the dynamic memory when there is
    // no static memory, the static variable when it is the only one. Other static arrays follow
    // each other at their own alignment, dynamic memory after them on 16 bytes (measured: "Where
    // arrays start"), so that is all that is known of their start.
    if (a.isDynamic ? staticShared_.none() : staticShared_.onlyOne(vd->getCanonicalDecl())) a.knownStart = kReservedSharedBytes;
    a.placement = std::max<unsigned>(a.isDynamic ? 16 : 1, a.alignment);
  } else
    tu_.unanalyzed.push_back(ir::Unanalyzed{locOf(vd->getLocation()), kernel().name, "shared array '" + a.name + "'",
                                            "its type has no size clang can compute (the declaration or an extent does not "
                                            "compile), so its accesses are not computed"});
  a.decl = spanOf(vd->getSourceRange());
  const ir::SourceLoc at = locOf(vd->getLocation());
  a.declKey = at.file + ":" + std::to_string(at.line) + ":" + std::to_string(at.column);

  // The dimensions as written, so fix-its can edit `[TILE]` into `[TILE + 1]`.
  if (const TypeSourceInfo* tsi = vd->getTypeSourceInfo()) {
    TypeLoc tl = tsi->getTypeLoc();
    size_t dim = 0;
    while (auto atl = tl.getAs<ArrayTypeLoc>()) {
      if (const Expr* size = atl.getSizeExpr()) {
        ir::DimensionSpelling d;
        d.value = dim < a.dims.size() ? a.dims[dim] : 0;
        const SourceRange r = size->getSourceRange();
        d.fromMacro = r.getBegin().isMacroID() && sm_.getExpansionRange(r).getBegin() ==
                                                        sm_.getExpansionRange(vd->getLocation()).getBegin();
        d.span = spanOf(r);
        d.text = textOf(r);
        if (const auto* product = dyn_cast<BinaryOperator>(size->IgnoreParenImpCasts());
            product && product->getOpcode() == BO_Mul && !product->isValueDependent()) {
          for (const Expr* factor : {product->getLHS(), product->getRHS()}) {
            Expr::EvalResult value;
            if (!factor->EvaluateAsInt(value, ctx_)) break;
            d.factors.push_back({textOf(factor->getSourceRange()), value.Val.getInt().getExtValue()});
          }
          if (d.factors.size() != 2) d.factors.clear();
        }
        if (vd->isLocalVarDecl() && vd->getParentFunctionOrMethod() == frames_.front().function)
          describeTemplateParameter(ctx_, templateParameters_, size, frames_.front().function, vd, d);
        a.dimSpellings.push_back(std::move(d));
      }
      ++dim;
      tl = atl.getElementLoc();
    }
  }
  if (!a.isDynamic) kernel().staticSmemBytes += a.sizeBytes;
  // Row strides stay symbolic in byte offsets (see ir::SymbolKind::ArrayStride).
  for (size_t depth = 1; depth < a.dims.size() && a.elementSize; ++depth) {
    int64_t stride = a.elementSize;
    for (size_t d = depth; d < a.dims.size(); ++d) stride *= static_cast<int64_t>(a.dims[d]);
    const int id = newSymbol(ir::SymbolKind::ArrayStride, "stride(" + a.name + "," + std::to_string(depth) + ")");
    ir::Symbol& s = kernel().symbols[static_cast<size_t>(id)];
    s.array = a.id;
    s.depth = static_cast<int>(depth);
    s.value = stride;
    a.strideSymbols.push_back(id);
  }
  tu_.arrays.push_back(std::move(a));
  arrays_[vd] = tu_.arrays.back().id;
  return tu_.arrays.back().id;
}

int KernelWalker::carveView(const VarDecl* pointerVar, const SymbolicValue& ptr) {
  const ir::SharedArray& from = tu_.array(ptr.array);
  const int root = from.carvedFrom >= 0 ? from.carvedFrom : from.id;
  if (!tu_.array(root).isDynamic) return -1;
  if (auto it = views_.find(pointerVar); it != views_.end()) return -1;  // reassigned: plain pointer
  QualType pointee = pointerVar->getType()->getPointeeType();
  ir::SharedArray v;
  v.id = static_cast<int>(tu_.arrays.size());
  v.name = pointerVar->getNameAsString();
  PrintingPolicy policy(ctx_.getLangOpts());
  policy.SuppressTagKeyword = true;
  v.elementType = pointee.getUnqualifiedType().getAsString(policy);
  if (!pointee->isIncompleteType() && !pointee->isVoidType())
    v.elementSize = static_cast<unsigned>(ctx_.getTypeSizeInChars(pointee).getQuantity());
  v.isDynamic = true;
  v.carvedFrom = root;
  v.carveOffset = concrete(from.carvedFrom >= 0 ? ir::addBytes(from.carveOffset, ptr.expr) : ptr.expr);
  // A view carved from a view is at the sum of both derivations' written terms.
  v.carvePieces = from.carvedFrom >= 0 ? from.carvePieces : std::vector<ir::OffsetPiece>{};
  v.carvePiecesWhyNot = from.carvedFrom >= 0 ? from.carvePiecesWhyNot : std::string();
  v.carvePiecesComplete = (from.carvedFrom < 0 || from.carvePiecesComplete) && ptr.pieces.complete;
  if (v.carvePiecesWhyNot.empty()) v.carvePiecesWhyNot = ptr.pieces.whyNot;
  if (ptr.pieces.list)
    for (const ir::OffsetPiece& p : *ptr.pieces.list) {
      v.carvePieces.push_back(p);
      v.carvePieces.back().value = concrete(p.value);
    }
  unsigned align = tu_.array(root).alignment;
  int64_t off = 0;
  if (ir::isConst(v.carveOffset, &off))
    while (align > 1 && off % align != 0) align /= 2;
  else
    align = v.elementSize ? v.elementSize : 1;
  v.alignment = align;
  v.kernel = kernel().name;
  v.kernelInstance = instance_;
  v.decl = spanOf(pointerVar->getSourceRange());
  const ir::SourceLoc at = locOf(pointerVar->getLocation());
  v.declKey = at.file + ":" + std::to_string(at.line) + ":" + std::to_string(at.column);
  tu_.arrays.push_back(std::move(v));
  views_[pointerVar] = tu_.arrays.back().id;
  return tu_.arrays.back().id;
}

}  // namespace bankcheck::frontend

namespace bankcheck::frontend {

std::optional<LValue> KernelWalker::localElement(const ArraySubscriptExpr* e) {
  std::vector<const Expr*> indexExprs;  // the last dimension's first
  const Expr* base = e;
  while (const auto* sub = dyn_cast<ArraySubscriptExpr>(base)) {
    indexExprs.push_back(sub->getIdx());
    base = sub->getBase()->IgnoreParenImpCasts();
  }
  const auto* ref = dyn_cast<DeclRefExpr>(base);
  const auto* vd = ref ? dyn_cast<VarDecl>(ref->getDecl()) : nullptr;
  LocalArrayContents::Array* a = vd ? localArrays_.find(vd) : nullptr;
  if (!a) return std::nullopt;
  std::reverse(indexExprs.begin(), indexExprs.end());
  LValue lv;
  lv.kind = LValue::Kind::LocalElement;
  lv.var = vd;
  lv.type = e->getType();
  for (const Expr* index : indexExprs) lv.indices.push_back(eval(index).asInt(ir::IntType::int64()));
  if (lv.indices.size() != a->dims.size()) {
    // A row of it (`a[i]` of a 2-D array) used as a pointer: its address escapes.
    LocalArrayContents::lose(*a, "a row of it is used as a pointer at line " + std::to_string(locOf(e->getBeginLoc()).line));
    return LValue::other("row of local array '" + a->name + "'");
  }
  return lv;
}

bool KernelWalker::declareLocalArray(const VarDecl* vd) {
  std::vector<int64_t> dims;
  QualType t = vd->getType();
  while (const auto* at = ctx_.getAsConstantArrayType(t)) {
    dims.push_back(static_cast<int64_t>(at->getSize().getZExtValue()));
    t = at->getElementType();
  }
  int64_t count = 1;
  for (int64_t d : dims) count *= d;
  if (dims.empty() || count <= 0 || count > 4096 || !(t->isIntegralOrEnumerationType() || t->isPointerType())) return false;
  const std::string name = vd->getNameAsString();
  frame().env[vd] = SymbolicValue::other("local array '" + name + "'");
  LocalArrayContents::Array& a = localArrays_.declare(vd, name, dims, activeLoops_.size(), predicates_.size());
  const Expr* init = vd->getInit();
  if (!init) return true;
  // `int o[4] = {0, 8, 16, 24};`, nested for more dimensions; the elements left out are zero.
  const auto* list = dyn_cast<InitListExpr>(init->IgnoreImplicit());
  if (!list) {
    eval(init);
    LocalArrayContents::lose(a, "it is initialized by a copy");
    return true;
  }
  std::vector<std::pair<int64_t, SymbolicValue>> values;
  bool complete = true;
  const std::function<void(const Expr*, size_t, int64_t, int64_t)> flatten = [&](const Expr* x, size_t depth, int64_t at, int64_t span) {
    const auto* il = dyn_cast<InitListExpr>(x->IgnoreImplicit());
    if (depth == dims.size() || !il) {
      if (depth != dims.size()) {
        complete = false;
        eval(x);
        return;
      }
      if (isa<ImplicitValueInitExpr>(x)) {
        values.emplace_back(at, SymbolicValue::integer(ir::makeConst(0, intTypeOf(t))));
        return;
      }
      SymbolicValue v = eval(x);
      if (t->isIntegralOrEnumerationType() && v.kind != SymbolicValue::Kind::SharedAddr) v = SymbolicValue::integer(v.asInt(intTypeOf(t)));
      values.emplace_back(at, std::move(v));
      return;
    }
    const int64_t inner = span / dims[depth];
    for (int64_t i = 0; i < dims[depth]; ++i) {
      if (i < static_cast<int64_t>(il->getNumInits())) {
        flatten(il->getInit(static_cast<unsigned>(i)), depth + 1, at + i * inner, inner);
      } else if (t->isIntegralOrEnumerationType()) {
        for (int64_t k = 0; k < inner; ++k) values.emplace_back(at + i * inner + k, SymbolicValue::integer(ir::makeConst(0, intTypeOf(t))));
      } else {
        complete = false;
      }
    }
  };
  flatten(list, 0, 0, count);
  if (!complete) {
    LocalArrayContents::lose(a, "its initializer is not followed element by element");
    return true;
  }
  for (auto& [flat, v] : values) writeLocalElement(a, LocalArrayContents::indicesOf(a, flat), v, static_cast<int>(locOf(vd->getLocation()).line));
  return true;
}

void KernelWalker::writeLocalElement(LocalArrayContents::Array& a, const std::vector<ir::ExprRef>& indices, const SymbolicValue& value,
                                     int line) {
  localArrays_.write(a, indices, value, activeLoops_, predicates_.size(),
                     [&](int id, size_t fromDepth) { return variesInActiveLoop(id, fromDepth); }, line);
}

bool KernelWalker::variesInActiveLoop(int id, size_t fromDepth) const {
  const ir::KernelInstance& k = tu_.kernels[static_cast<size_t>(instance_)];
  if (id < 0 || static_cast<size_t>(id) >= k.symbols.size()) return false;
  const ir::Symbol& sym = k.symbols[static_cast<size_t>(id)];
  if (sym.kind != ir::SymbolKind::LoopIteration && sym.kind != ir::SymbolKind::Uniform) return false;
  for (size_t l = fromDepth; l < activeLoops_.size(); ++l)
    if (activeLoops_[l].loopId == sym.loop) return true;
  return false;
}

}  // namespace bankcheck::frontend
