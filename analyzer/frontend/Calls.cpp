// Calls: device functions with a body are inlined (analyzed in the caller's context, with the
// caller's shared pointers bound to their parameters); CUDA intrinsics that move shared memory
// (cp.async in its three spellings, __cvta_generic_to_shared) are understood; any other call is
// opaque, but its arguments are still searched for shared-memory reads.

#include <cstring>
#include <set>

#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "frontend/InlinePtx.h"
#include "frontend/LoopAnalysis.h"
#include "frontend/ObjectWrites.h"
#include "fmt/format.h"
#include "frontend/KernelWalker.h"
#include "frontend/SyncEventExtractor.h"

namespace bankcheck::frontend {

using namespace clang;
using ir::ExprRef;

namespace {
// `this` or `*this`: the object a method is walked for.
bool isThisObject(const Expr* e) {
  e = e->IgnoreParenImpCasts();
  if (const auto* u = dyn_cast<UnaryOperator>(e); u && u->getOpcode() == UO_Deref) e = u->getSubExpr()->IgnoreParenImpCasts();
  return isa<CXXThisExpr>(e);
}

std::string calleeName(const FunctionDecl* fn) { return fn->getNameAsString(); }

// Whether the constructor names its parameter `param`, in a member initializer or in its body.
bool namesParameter(const CXXConstructorDecl* ctor, const ParmVarDecl* param) {
  llvm::SmallPtrSet<const VarDecl*, 1> one;
  one.insert(param);
  for (const CXXCtorInitializer* init : ctor->inits())
    if (init->getInit() && readsAnyOf(init->getInit(), one)) return true;
  return ctor->getBody() && readsAnyOf(ctor->getBody(), one);
}

// Whether a followed field of `object`, at any depth, points into shared array `array` (or did,
// before it was lost: an access through it is still reported).
bool holdsArray(const SymbolicValue& object, int array) {
  if (!object.fields) return false;
  for (const auto& [field, v] : object.fields->values)
    if ((v.array == array && v.kind != SymbolicValue::Kind::GlobalPtr) || holdsArray(v, array)) return true;
  return false;
}

bool inNamespace(const FunctionDecl* fn, llvm::StringRef ns) {
  const DeclContext* dc = fn->getDeclContext();
  while (dc && !dc->isTranslationUnit()) {
    if (const auto* n = dyn_cast<NamespaceDecl>(dc); n && n->getName() == ns) return true;
    dc = dc->getParent();
  }
  return false;
}

// Whether every use of `param` in `s` is `*param` (or `(void)param`): the pointer is only a way
// to reach what it points to, never stored, compared, offset or handed on.
bool onlyDereferenced(const Stmt* s, const ParmVarDecl* param) {
  if (!s) return true;
  const auto names = [&](const Expr* e) {
    const auto* ref = dyn_cast<DeclRefExpr>(e->IgnoreParenImpCasts());
    return ref && ref->getDecl() == param;
  };
  const auto derefOfParam = [&](const Expr* e) {
    const auto* u = dyn_cast<UnaryOperator>(e->IgnoreParens());
    return u && u->getOpcode() == UO_Deref && names(u->getSubExpr());
  };
  // `param->f`, a field of the object it points to, is `(*param).f`.
  const auto fieldThroughParam = [&](const Expr* e) {
    const auto* m = dyn_cast<MemberExpr>(e->IgnoreParens());
    return m && m->isArrow() && isa<FieldDecl>(m->getMemberDecl()) && names(m->getBase());
  };
  // `&*param` is the pointer again, and `&param->f` a pointer into the object.
  if (const auto* u = dyn_cast<UnaryOperator>(s);
      u && u->getOpcode() == UO_AddrOf && (derefOfParam(u->getSubExpr()) || fieldThroughParam(u->getSubExpr())))
    return false;
  if (const auto* e = dyn_cast<Expr>(s); e && (derefOfParam(e) || fieldThroughParam(e))) return true;
  if (const auto* c = dyn_cast<CastExpr>(s); c && c->getCastKind() == CK_ToVoid && names(c->getSubExpr())) return true;
  if (const auto* ref = dyn_cast<DeclRefExpr>(s)) return ref->getDecl() != param;
  for (const Stmt* child : s->children())
    if (!onlyDereferenced(child, param)) return false;
  return true;
}
}  // namespace

void KernelWalker::setCopySource(ir::Access& a, const SymbolicValue* source, int64_t extraBytes) {
  if (!source) {
    a.sourceUnknownReason = "the source operand is not a plain register";
  } else if (source->kind != SymbolicValue::Kind::GlobalPtr) {
    a.sourceUnknownReason = source->reason.empty() ? "the source is not derived from a pointer parameter" : source->reason;
  } else if (const ir::Expr* u = ir::findUnknown(source->expr)) {
    a.sourceUnknownReason = u->text;
  } else {
    a.sourceOffset = ir::addBytes(source->expr, ir::makeConst(extraBytes, ir::IntType::int64()));
    a.sourceBase = source->base;
  }
}

// Whether a call's value is discarded: a statement of its own (in a block, a branch, a loop's
// body or a for's init and step), or cast to void. A condition (`if (atomicAdd(p, 1))`), a
// returned value or an initializer uses it.
bool KernelWalker::resultUnused(const Expr* e) {
  const Stmt* child = e;
  for (;;) {
    const DynTypedNodeList parents = ctx_.getParents(*child);
    if (parents.empty()) return false;
    if (const auto* ce = parents[0].get<CastExpr>(); ce && ce->getType()->isVoidType()) return true;
    if (const auto* p = parents[0].get<Expr>()) {
      if (isa<ExprWithCleanups>(p) || isa<ParenExpr>(p) || isa<ImplicitCastExpr>(p)) {
        child = p;
        continue;
      }
      return false;
    }
    const Stmt* s = parents[0].get<Stmt>();
    if (!s) return false;
    if (const auto* i = dyn_cast<IfStmt>(s)) return child == i->getThen() || child == i->getElse();
    if (const auto* f = dyn_cast<ForStmt>(s)) return child == f->getInit() || child == f->getInc() || child == f->getBody();
    if (const auto* w = dyn_cast<WhileStmt>(s)) return child == w->getBody();
    if (const auto* d = dyn_cast<DoStmt>(s)) return child == d->getBody();
    if (isa<SwitchStmt>(s) || isa<ReturnStmt>(s) || isa<CXXForRangeStmt>(s)) return false;
    return isa<CompoundStmt>(s) || isa<SwitchCase>(s) || isa<LabelStmt>(s) || isa<AttributedStmt>(s);
  }
}

void KernelWalker::writeExchangeAsStore(const CallExpr* e, QualType pointee, ir::Access& a) {
  std::string& why = a.exchangeAsStoreWhyNot;
  if (!resultUnused(e)) {
    why = "the old value it returns is used";
    return;
  }
  const std::string pointer = textOf(e->getArg(0)->getSourceRange()), value = textOf(e->getArg(1)->getSourceRange());
  if (e->getBeginLoc().isMacroID() || e->getEndLoc().isMacroID() || textOf(e->getSourceRange()).empty() || pointer.empty() ||
      value.empty()) {
    why = "the call is written in a macro";
    return;
  }
  // Reported at the user's call of a library function: the exchange itself is not there.
  const ir::SourceSpan call = spanOf(e->getSourceRange());
  if (call.begin.file != a.span.begin.file || call.beginOffset != a.span.beginOffset || call.endOffset != a.span.endOffset) {
    why = "the call is in a library header";
    return;
  }
  // A type a template argument gave would be written into every instantiation.
  if (pointee.isNull() || pointee->getAs<SubstTemplateTypeParmType>() || pointee->isDependentType()) {
    why = "the type it exchanges comes from a template argument";
    return;
  }
  PrintingPolicy policy(ctx_.getLangOpts());
  policy.SuppressTagKeyword = true;
  const std::string type = pointee.getUnqualifiedType().getAsString(policy);
  // The cast applies to the pointer as written unless an operator would bind looser than it.
  const Expr* p = e->getArg(0)->IgnoreImpCasts();
  const bool bare = isa<DeclRefExpr, UnaryOperator, ParenExpr, ArraySubscriptExpr, MemberExpr, CallExpr, CXXThisExpr>(p);
  std::string store = "*(volatile " + type + " *)" + (bare ? pointer : "(" + pointer + ")") + " = " + value;
  // An assignment inside an expression (`(void)atomicExch(...)`, a comma) needs its parentheses.
  const DynTypedNodeList parents = ctx_.getParents(*e);
  const Expr* parent = parents.empty() ? nullptr : parents[0].get<Expr>();
  if (parent && isa<ExprWithCleanups>(parent)) {
    const DynTypedNodeList up = ctx_.getParents(*parent);
    parent = up.empty() ? nullptr : up[0].get<Expr>();
  }
  if (parent) store = "(" + store + ")";
  a.exchangeAsStore = store;
}

bool KernelWalker::isAtomicFunction(const std::string& name) {
  static constexpr llvm::StringLiteral bases[] = {"atomicAdd", "atomicSub", "atomicExch", "atomicMin", "atomicMax", "atomicInc",
                                                  "atomicDec", "atomicCAS", "atomicAnd", "atomicOr",  "atomicXor"};
  llvm::StringRef base(name);  // asked of every call the walker meets: no strings built
  if (!base.starts_with("atomic")) return false;
  if (!base.consume_back("_block")) base.consume_back("_system");
  return llvm::is_contained(bases, base);
}

const Expr* throughCopies(const Expr* e) {
  for (;;) {
    e = e->IgnoreImplicit()->IgnoreParenImpCasts();
    const auto* construct = dyn_cast<CXXConstructExpr>(e);
    if (!construct || construct->getNumArgs() != 1 || !construct->getConstructor()->isCopyOrMoveConstructor()) return e;
    e = construct->getArg(0);
  }
}

const CXXRecordDecl* KernelWalker::mostDerivedClass(const Expr* e) {
  // Through copies and derived-to-base conversions to the object itself.
  e = throughCopies(e);
  if (const auto* ref = dyn_cast<DeclRefExpr>(e))
    if (const SymbolicValue* known = lookup(ref->getDecl()); known && known->objectClass) return known->objectClass;
  return e->getType()->getAsCXXRecordDecl();
}

bool isWrappedCount(QualType t) {
  const auto* record = t.getNonReferenceType()->getAsCXXRecordDecl();
  return record && record->getIdentifier() && record->getName() == "aligned_size_t";
}

SymbolicValue KernelWalker::bindArgument(const ParmVarDecl* param, const Expr* arg) {
  QualType pt = param->getType();
  // A cuda::aligned_size_t is carried as the byte count it was built from (wrappedCountField).
  if (isWrappedCount(pt)) {
    SymbolicValue v = SymbolicValue::other("object");
    v.expr = sizeArgument(arg);
    return v;
  }
  // A const reference bound to a temporary (`lds128(r, addr + 16)` with `const uint32_t& addr`)
  // holds the temporary's value: the parameter is that value, as if passed by value.
  const Expr* temporary = arg;
  while (const auto* c = dyn_cast<ImplicitCastExpr>(temporary->IgnoreParens())) {
    if (c->getCastKind() != CK_NoOp) break;
    temporary = c->getSubExpr();
  }
  if (const auto* mt = dyn_cast<MaterializeTemporaryExpr>(temporary->IgnoreParens()); mt && pt->isReferenceType())
    if (const QualType vt = pt.getNonReferenceType(); vt->isIntegralOrEnumerationType() || vt->isPointerType()) {
      SymbolicValue v = evalInitializer(param, mt->getSubExpr());
      if (v.kind == SymbolicValue::Kind::SharedAddr && vt->isIntegerType() && ctx_.getTypeSize(vt) >= 32) return v;
      if (vt->isIntegralOrEnumerationType()) return SymbolicValue::integer(v.asInt(intTypeOf(vt)));
      return v;
    }
  // A record copied from a kernel parameter (`fastmodulo(n, ne01)`): its fields read as the parameter's.
  if (pt.getNonReferenceType()->isRecordType())
    if (std::optional<std::string> path = kernelParameterPath(arg)) {
      if (!pt->isReferenceType()) evalInitializer(param, arg);
      SymbolicValue v = SymbolicValue::other("object");
      v.kernelParameter = *path;
      return v;
    }
  if (pt->isReferenceType()) {
    LValue lv = evalLValue(arg);
    if (lv.kind == LValue::Kind::Shared) return lv.address(lv.type);
    SymbolicValue v = lv.kind == LValue::Kind::Local || lv.kind == LValue::Kind::Builtin || lv.kind == LValue::Kind::Temporary
                          ? readLValue(lv, arg)
                          : SymbolicValue::other(lv.reason);
    if (v.kind == SymbolicValue::Kind::Other && pt.getNonReferenceType()->isRecordType()) v.objectClass = mostDerivedClass(arg);
    return v;
  }
  SymbolicValue v = evalInitializer(param, arg);
  // A shared address passed as an integer (`cp_async(dst_u32 + k*16, src)`) stays one, as a local does.
  if (v.kind == SymbolicValue::Kind::SharedAddr && pt->isIntegerType() && ctx_.getTypeSize(pt) >= 32) return v;
  if (pt->isIntegralOrEnumerationType()) return SymbolicValue::integer(v.asInt(intTypeOf(pt)));
  if (v.kind == SymbolicValue::Kind::Other && pt->isRecordType()) v.objectClass = mostDerivedClass(arg);
  return v;
}

const FunctionDecl* KernelWalker::derivedDefinition(const CXXMethodDecl* method, const Expr* object) {
  if (!object || method->isVirtual()) return nullptr;
  const auto* ref = dyn_cast<DeclRefExpr>(object->IgnoreParenImpCasts());
  const SymbolicValue* known = ref ? lookup(ref->getDecl()) : nullptr;
  const CXXRecordDecl* cls = known ? known->objectClass : nullptr;
  const CXXRecordDecl* base = method->getParent();
  if (!cls || !cls->hasDefinition() || cls == base || !cls->isDerivedFrom(base)) return nullptr;
  // The most derived class first, then up its bases towards the one that declared the method.
  std::vector<const CXXRecordDecl*> pending{cls};
  while (!pending.empty()) {
    const CXXRecordDecl* c = pending.front();
    pending.erase(pending.begin());
    for (const CXXMethodDecl* m : c->methods()) {
      const FunctionDecl* def = nullptr;
      if (m->getDeclName() == method->getDeclName() && m->getNumParams() == method->getNumParams() && m->hasBody(def) && def &&
          def->getBody())
        return def;
    }
    for (const CXXBaseSpecifier& b : c->bases())
      if (const CXXRecordDecl* next = b.getType()->getAsCXXRecordDecl(); next && next->hasDefinition() && next != base &&
                                                                         next->isDerivedFrom(base))
        pending.push_back(next);
  }
  return nullptr;
}

bool KernelWalker::isEmptyObject(QualType t) const {
  const auto* rd = t.getCanonicalType().getNonReferenceType()->getAsCXXRecordDecl();
  return rd && rd->hasDefinition() && rd->isEmpty();
}

bool KernelWalker::isOneInstructionObject(QualType t) const {
  t = t.getCanonicalType().getNonReferenceType();
  if (t->isArrayType() || t->isIncompleteType()) return false;
  const int64_t size = ctx_.getTypeSizeInChars(t).getQuantity();
  return !t->isRecordType() ||
         ((size == 1 || size == 2 || size == 4 || size == 8 || size == 16) && ctx_.getTypeAlignInChars(t).getQuantity() >= size);
}

bool KernelWalker::handOverSharedObject(const LValue& lv, const FunctionDecl* fn, const Expr* arg) {
  const QualType t = lv.type.isNull() ? arg->getType() : lv.type;
  if (isEmptyObject(t)) return true;  // no bytes to access (CUB's warp TempStorage)
  if (isOneInstructionObject(t)) return false;
  const std::string callee = fn ? calleeName(fn) : std::string("<indirect>");
  const std::string name = tu_.array(lv.array).name;
  noteUnanalyzed(arg, "call to '" + callee + "' with '" + name + "' by reference",
                 "the callee's body is not available, so the shared-memory accesses it makes to '" + name + "' are not computed");
  noteUntrackedAccess(lv.array, "it is passed by reference at line " + std::to_string(usersLocation(locOf(arg->getBeginLoc())).line) + " to '" +
                                    callee + "', whose body is not available");
  return true;
}

void KernelWalker::evalArgsForSideEffects(const CallExpr* e, const FunctionDecl* fn) {
  // A temporary the method is called on is built first (`BlockReduce(temp).Sum(v)`: the
  // constructor is handed the shared storage).
  if (const auto* mc = dyn_cast<CXXMemberCallExpr>(e))
    if (const Expr* obj = mc->getImplicitObjectArgument(); obj && !obj->getType()->isPointerType() && obj->isXValue() &&
                                                          isa<CXXConstructExpr, CXXFunctionalCastExpr>(obj->IgnoreImplicit()))
      eval(obj->IgnoreImplicit());
  // A conversion without a body applied to a shared object (`float(s[i])` of a 16-bit type whose
  // `operator float` is declared only, as PyTorch's Half in the prelude): it reads the object, as
  // an object handed over by const reference below.
  if (const auto* mc = dyn_cast<CXXMemberCallExpr>(e); mc && fn && isa<CXXConversionDecl>(fn))
    if (const Expr* obj = mc->getImplicitObjectArgument()) {
      LValue lv = obj->getType()->isPointerType() ? dereference(eval(obj), obj->getType()->getPointeeType(), obj) : evalLValue(obj);
      if (lv.kind == LValue::Kind::Shared && !handOverSharedObject(lv, fn, obj)) recordAccess(ir::AccessKind::Load, lv, obj);
    }
  const unsigned offset = isa<CXXOperatorCallExpr>(e) && fn && isa<CXXMethodDecl>(fn) ? 1 : 0;
  for (unsigned i = 0; i < e->getNumArgs(); ++i) {
    const Expr* arg = e->getArg(i);
    const ParmVarDecl* param = nullptr;
    if (fn && i >= offset && i - offset < fn->getNumParams()) param = fn->getParamDecl(i - offset);
    if ((param && param->getType()->isReferenceType()) || (i < offset)) {
      // The callee reads (and, through a non-const reference, may write) the object: one
      // instruction for a scalar or a vector; what it does with a larger object is unknown.
      LValue lv = evalLValue(arg);
      if (lv.kind == LValue::Kind::Shared && handOverSharedObject(lv, fn, arg)) continue;
      if (lv.kind == LValue::Kind::Shared) {
        recordAccess(ir::AccessKind::Load, lv, arg);
        const bool writable = param ? !param->getType()->getPointeeType().isConstQualified()
                                    : !cast<CXXMethodDecl>(fn)->isConst();
        if (writable) recordAccess(ir::AccessKind::Store, lv, arg);
      }
      continue;
    }
    SymbolicValue v = eval(arg);
    if (v.kind == SymbolicValue::Kind::SharedPtr || v.kind == SymbolicValue::Kind::SharedAddr) {
      const std::string callee = fn ? calleeName(fn) : std::string("<indirect>");
      const bool atomic = fn && fn->getName().starts_with("atomic");
      noteUnanalyzed(arg, "call to '" + callee + "' with a pointer into '" + tu_.array(v.array).name + "'",
                     atomic ? "shared-memory atomics are not modelled"
                     : fn   ? "the callee's body is not available, so its accesses are unknown"
                            : "it is called through a function pointer, so its accesses are unknown");
      // What the callee does through the pointer is not recorded: no layout change can be proven.
      noteUntrackedAccess(v.array, "a pointer into it is passed at line " + std::to_string(locOf(arg->getBeginLoc()).line) + " to '" +
                                       callee + "', " + (atomic ? "an atomic bankcheck does not model" : "whose body is not available"));
    }
  }
}

ExprRef KernelWalker::sizeArgument(const Expr* e) {
  SymbolicValue v = eval(e);
  if (v.kind == SymbolicValue::Kind::Int) return v.expr;
  // An aligned_size_t parameter passed on: it carries its byte count (bindArgument).
  if (v.kind == SymbolicValue::Kind::Other && v.expr && isWrappedCount(e->getType())) return v.expr;
  // cuda::aligned_size_t<N>(n) and similar wrappers: use the constant they were built from,
  // through copies and a const local holding one (`const auto shape4 = aligned_size_t<16>(16);`).
  const Expr* inner = e->IgnoreImplicit();
  if (const auto* ctor = dyn_cast<CXXConstructExpr>(inner); ctor && ctor->getNumArgs() == 1)
    return ctor->getConstructor()->isCopyOrMoveConstructor() ? sizeArgument(ctor->getArg(0))
                                                             : eval(ctor->getArg(0)).asInt(ir::IntType::int64());
  if (const auto* ref = dyn_cast<DeclRefExpr>(inner->IgnoreParenImpCasts()))
    if (const auto* vd = dyn_cast<VarDecl>(ref->getDecl());
        vd && vd->getInit() && vd->getType()->isRecordType() && vd->getType().isConstQualified())
      return sizeArgument(vd->getInit());
  if (const auto* fc = dyn_cast<CXXFunctionalCastExpr>(inner)) return sizeArgument(fc->getSubExpr());
  return v.asInt(ir::IntType::int64());
}

SymbolicValue KernelWalker::evalIntrinsic(const FunctionDecl* fn, const CallExpr* e, bool& handled) {
  handled = true;
  const std::string name = calleeName(fn);
  // nvcc 13 emits cp.async.cg for the 16-byte copies of these APIs and .ca for 4 and 8 bytes.
  const auto recordCopy = [&](const Expr* dstExpr, const Expr* sizeExpr, const SymbolicValue& source) {
    SymbolicValue dst = eval(dstExpr);
    ExprRef size = sizeArgument(sizeExpr);
    int64_t bytes = 0;
    if (dst.kind != SymbolicValue::Kind::SharedPtr) {
      if (dst.kind != SymbolicValue::Kind::Other || dst.reason.find("shared") != std::string::npos)
        noteUnanalyzed(e, "async copy in '" + name + "'", "destination is not a known shared array");
      return;
    }
    if (!ir::isConst(size, &bytes) || !(bytes == 4 || bytes == 8 || bytes == 16)) {
      noteUnanalyzed(e, "async copy into '" + tu_.array(dst.array).name + "'",
                     "copy size is not a constant 4, 8 or 16 bytes");
      return;
    }
    recordRawAccess(ir::AccessKind::AsyncCopyDst, dst.array, dst.expr, static_cast<unsigned>(bytes),
                    "cp.async " + std::to_string(bytes) + "B", dstExpr, &dst.pieces);
    tu_.accesses.back().bypassL1 = bytes == 16;
    setCopySource(tu_.accesses.back(), &source, 0);
  };

  // atomicAdd(&s[i], v) and the others on a shared word (also the _block/_system scopes).
  if (isAtomicFunction(name) && e->getNumArgs() >= 2) {
    SymbolicValue target = eval(e->getArg(0));
    const SymbolicValue operand = eval(e->getArg(1));  // evaluated once: it may read shared memory
    for (unsigned i = 2; i < e->getNumArgs(); ++i) eval(e->getArg(i));
    if (target.kind == SymbolicValue::Kind::SharedPtr) {
      const QualType pointee = e->getArg(0)->getType()->getPointeeType();
      const int64_t width = pointee.isNull() || pointee->isIncompleteType() ? 0 : ctx_.getTypeSizeInChars(pointee).getQuantity();
      recordRawAccess(ir::AccessKind::Atomic, target.array, target.expr, static_cast<unsigned>(width), name, e, &target.pieces);
      ir::Access& a = tu_.accesses.back();
      // The instruction each form becomes on the H200 (docs/hardware-model.md, "Shared atomics").
      const bool floating = !pointee.isNull() && pointee->isRealFloatingType();
      int64_t value = 0;
      if (llvm::StringRef(name).starts_with("atomicCAS") || (floating && llvm::StringRef(name).starts_with("atomicAdd")))
        a.atomicForm = ir::Access::AtomicForm::CompareAndSwap;  // ATOMS.CAS, ATOMS.CAST.SPIN for a float add
      else if (llvm::StringRef(name).starts_with("atomicAdd") && !floating &&
               ir::isConst(operand.asInt(ir::IntType::int64()), &value) && value == 1 && resultUnused(e))
        a.atomicForm = ir::Access::AtomicForm::AggregatedIncrement;  // ATOMS.POPC.INC
      if (llvm::StringRef(name).starts_with("atomicExch")) writeExchangeAsStore(e, pointee, a);
      if (floating && !pointee->isSpecificBuiltinType(BuiltinType::Float)) {
        a.byteOffset = nullptr;
        a.symbolicOffset = nullptr;  // nor computed with another padding
        a.unknownReason = "only integer and float shared atomics are measured (docs/hardware-model.md)";
      }
    }
    return e->getType()->isIntegralOrEnumerationType()
               ? SymbolicValue::integer(ir::makeUnknown("value returned by " + name, intTypeOf(e->getType())))
               : SymbolicValue::other("value returned by " + name);
  }
  if (name == "__pipeline_memcpy_async" && e->getNumArgs() >= 3) {
    const SymbolicValue source = eval(e->getArg(1));
    recordCopy(e->getArg(0), e->getArg(2), source);
    return SymbolicValue::other("void");
  }
  if (name == "memcpy_async" && inNamespace(fn, "cuda") && e->getNumArgs() >= 3) {
    // cuda::memcpy_async(dst, src, size, pipe) copies `size` bytes per calling thread; the
    // group overloads (first argument a thread group) are walked in the prelude's definition.
    if (e->getArg(0)->getType()->isPointerType()) {
      // libcu++ (CUDA 13, __memcpy_async_barrier) copies in chunks of the promised alignment: the
      // larger of the element type's and an aligned_size_t's N, at most 16 bytes; cp.async from 4
      // bytes up, plain copies below. A plain count of 16 bytes of floats is four 4-byte copies.
      const QualType element = fn->getNumParams() > 0 && fn->getParamDecl(0)->getType()->isPointerType()
                                   ? fn->getParamDecl(0)->getType()->getPointeeType()
                                   : QualType();
      const int64_t elementAlign = element.isNull() || element->isIncompleteType() || element->isVoidType()
                                       ? 1
                                       : ctx_.getTypeAlignInChars(element).getQuantity();
      int64_t promised = 1;
      if (const auto* spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
              fn->getNumParams() > 2 ? fn->getParamDecl(2)->getType().getNonReferenceType()->getAsCXXRecordDecl() : nullptr);
          spec && isWrappedCount(fn->getParamDecl(2)->getType()) && spec->getTemplateArgs().size() > 0 &&
          spec->getTemplateArgs()[0].getKind() == TemplateArgument::Integral)
        promised = spec->getTemplateArgs()[0].getAsIntegral().getExtValue();
      const int64_t align = std::max(elementAlign, promised);
      const int64_t chunk = std::min<int64_t>(align, 16);
      // With a cuda::barrier, nvcc 13 on sm_90 turns a copy promised 16-byte alignment into a bulk
      // copy (UBLKCP, one elected lane), not an LDGSTS (measured: SGEMM_CUDA's kernel 12 on the
      // H200); other copies stay LDGSTS.
      const QualType sync = e->getArg(e->getNumArgs() - 1)->getType().getNonReferenceType();
      const auto* record = sync->getAsCXXRecordDecl();
      const bool barrier = record && llvm::StringRef(record->getName()).contains("barrier");
      int64_t bytes = 0;
      const bool constantSize = ir::isConst(sizeArgument(e->getArg(2)), &bytes) && bytes > 0;
      if (chunk >= 16 || !constantSize || bytes <= chunk) {
        const SymbolicValue source = eval(e->getArg(1));
        const size_t before = tu_.accesses.size();
        recordCopy(e->getArg(0), e->getArg(2), source);
        if (tu_.accesses.size() > before && tu_.accesses.back().bypassL1 && barrier && align >= 16) tu_.accesses.back().bulkCopy = true;
      } else if (bytes / chunk > 64) {
        for (const Expr* a : e->arguments()) eval(a);
        noteUnanalyzed(e, "cuda::memcpy_async", fmt::format("{} copies of {} bytes each (the element type promises {}-byte alignment) "
                                                            "are more than are followed", bytes / chunk, chunk, align));
      } else {
        SymbolicValue dst = eval(e->getArg(0));
        const SymbolicValue source = eval(e->getArg(1));
        if (dst.kind != SymbolicValue::Kind::SharedPtr) {
          if (dst.kind != SymbolicValue::Kind::Other || dst.reason.find("shared") != std::string::npos)
            noteUnanalyzed(e, "async copy in '" + name + "'", "destination is not a known shared array");
        } else {
          for (int64_t offset = 0; offset < bytes; offset += chunk) {
            OffsetPieces pieces = dst.pieces;
            if (offset != 0) pieces.complete = false;
            const ir::ExprRef at = ir::addBytes(dst.expr, ir::makeConst(offset, ir::IntType::int64()));
            if (chunk >= 4) {
              recordRawAccess(ir::AccessKind::AsyncCopyDst, dst.array, at, static_cast<unsigned>(chunk),
                              "cp.async " + std::to_string(chunk) + "B", e->getArg(0), &pieces);
              setCopySource(tu_.accesses.back(), &source, offset);
            } else {
              recordRawAccess(ir::AccessKind::Store, dst.array, at, static_cast<unsigned>(chunk),
                              chunk == 1 ? "char" : "short", e->getArg(0), &pieces);
            }
          }
        }
      }
    } else if (fn->isDefined()) {
      handled = false;  // the group forms are defined in the prelude, as libcu++ spreads the copies
      return SymbolicValue::other("");
    } else {
      for (const Expr* a : e->arguments()) eval(a);
      noteUnanalyzed(e, "cuda::memcpy_async with a thread group", "the library chooses which thread copies what");
    }
    return SymbolicValue::other("void");
  }
  // The bulk copy libcu++ issues for a group's cuda::memcpy_async with a block-scope barrier
  // and a 16-byte promise on sm_90 (prelude __bankcheck/cuda_barrier.h): one cp.async.bulk, whose
  // banks do not matter (docs/hardware-model.md, "Bulk copies").
  if (name == "__bulk_copy" && inNamespace(fn, "__bankcheck_copy") && e->getNumArgs() == 3) {
    SymbolicValue dst = eval(e->getArg(0));
    eval(e->getArg(1));
    eval(e->getArg(2));
    if (dst.kind != SymbolicValue::Kind::SharedPtr) {
      noteUnanalyzed(e, "bulk copy in 'cuda::memcpy_async'", "destination is not a known shared array");
      return SymbolicValue::other("void");
    }
    recordRawAccess(ir::AccessKind::AsyncCopyDst, dst.array, dst.expr, 16, "cp.async.bulk", e->getArg(0), &dst.pieces);
    tu_.accesses.back().bypassL1 = true;
    tu_.accesses.back().bulkCopy = true;
    return SymbolicValue::other("void");
  }
  // cooperative_groups::memcpy_async (a byte count or element counts) is defined in the prelude as CUDA
  // implements it (which thread copies which chunk) and walked like any device function; what
  // stays declared is what the library decides at run time.
  if (name == "__copy_width_chosen_at_run_time" && inNamespace(fn, "cooperative_groups")) {
    for (const Expr* a : e->arguments()) eval(a);
    noteUnanalyzed(e, "cooperative_groups::memcpy_async",
                   "its count promises an alignment below 4 bytes, so the library picks the width of each copy "
                   "at run time from the pointers' alignment (a count given as cuda::aligned_size_t<16>, <8> or <4> "
                   "promises it)");
    return SymbolicValue::other("void");
  }
  if (name == "__cvta_generic_to_shared" && e->getNumArgs() == 1) {
    SymbolicValue p = eval(e->getArg(0));
    if (p.kind == SymbolicValue::Kind::SharedPtr) {
      p.kind = SymbolicValue::Kind::SharedAddr;
      return p;
    }
    return SymbolicValue::integer(ir::makeUnknown("shared address of an unknown pointer", intTypeOf(e->getType())));
  }
  if ((name == "load_matrix_sync" || name == "store_matrix_sync") && inNamespace(fn, "wmma")) {
    recordWmmaFragmentAccess(e, name);
    return SymbolicValue::other("void");
  }
  handled = false;
  return SymbolicValue::other("");
}

// The function a call through a constant function pointer calls: `load_tiles(x, tile, ...)` with
// `constexpr load_tiles_t load_tiles = traits<type>::load_tiles;` (ggml's mmq), whose value the
// compiler knows; null for any other call through a pointer.
static const FunctionDecl* constantCallee(const CallExpr* e, ASTContext& ctx) {
  const Expr* callee = e->getCallee()->IgnoreParenImpCasts();
  if (const auto* u = dyn_cast<UnaryOperator>(callee); u && u->getOpcode() == UO_Deref) callee = u->getSubExpr()->IgnoreParenImpCasts();
  const auto* ref = dyn_cast<DeclRefExpr>(callee);
  const auto* var = ref ? dyn_cast<VarDecl>(ref->getDecl()) : nullptr;
  if (!var || var->getType()->isDependentType() || !var->isUsableInConstantExpressions(ctx)) return nullptr;
  const APValue* value = var->evaluateValue();
  if (!value || !value->isLValue() || !value->getLValueOffset().isZero()) return nullptr;
  const auto* target = value->getLValueBase().dyn_cast<const ValueDecl*>();
  return target ? dyn_cast<FunctionDecl>(target) : nullptr;
}

SymbolicValue KernelWalker::evalCall(const CallExpr* e) {
  if (isa<CUDAKernelCallExpr>(e)) return SymbolicValue::other("kernel launch");
  const FunctionDecl* fn = e->getDirectCallee();
  if (!fn) fn = constantCallee(e, ctx_);
  // A non-const method whose writes are not followed (writableObjectOf) may change the fields of
  // the object it is called on that its body writes: they are no longer followed after the call.
  // The object is a local (`v.step()`), `*this` of the method walked now whose writes are
  // followed (`step()` in another method), or a member object of either (`v.cursor.advance()`:
  // only that field changes).
  // A member operator (`a += 32`) is called on its first argument.
  const auto* calledMethod = dyn_cast_or_null<CXXMethodDecl>(e->getDirectCallee());
  const Expr* calledOn = nullptr;
  if (const auto* member = dyn_cast<CXXMemberCallExpr>(e)) calledOn = member->getImplicitObjectArgument();
  else if (isa<CXXOperatorCallExpr>(e) && calledMethod && !calledMethod->isStatic() && e->getNumArgs() > 0) calledOn = e->getArg(0);
  const VarDecl* changedObject = nullptr;
  const FieldDecl* changedField = nullptr;
  if (calledOn)
    if (const CXXMethodDecl* m = calledMethod; m && methodMayChangeObject(m)) {
      const Expr* object = calledOn->IgnoreParenImpCasts();
      for (const auto* me = dyn_cast<MemberExpr>(object); me; me = dyn_cast<MemberExpr>(object)) {
        if (me->isArrow() && !isa<CXXThisExpr>(me->getBase()->IgnoreParenImpCasts())) break;
        changedField = dyn_cast<FieldDecl>(me->getMemberDecl());
        object = me->getBase()->IgnoreParenImpCasts();
        if (!changedField || me->isArrow()) break;
      }
      if (const auto* ref = dyn_cast<DeclRefExpr>(object)) changedObject = dyn_cast<VarDecl>(ref->getDecl());
      else if (isThisObject(object)) changedObject = followedThis();
    }
  auto forgetFields = llvm::make_scope_exit([&] {
    if (SymbolicValue* v = changedObject ? lookup(changedObject) : nullptr; v && v->fields) {
      const std::string why = "'" + changedObject->getNameAsString() + (changedField ? "." + changedField->getNameAsString() : "") +
                              "' after the call to '" + fn->getNameAsString() + "'";
      // Only the fields the method may write (a heap's `add` leaves the shared pointers it was built with).
      std::optional<FieldSet> written = fieldsMethodMayWrite(calledMethod);
      if (changedField) written = FieldSet{changedField};
      *v = written ? withFieldsLost(*v, *written, why) : SymbolicValue::lost(*v, why);
    }
  });
  // ptxas does not merge accesses across a barrier or a fence (`__syncthreads()`, a cooperative
  // group's `sync()`, a pipeline's `wait`), nor across an indirect call (which may be one).
  if (!fn || (fn->getIdentifier() && (fn->getName().starts_with("__sync") || fn->getName().starts_with("__threadfence") ||
                                      fn->getName() == "sync" || fn->getName().contains("wait") || fn->getName().contains("arrive"))))
    ++barrierEpoch_;
  if (!fn) {
    pointerBindings_.noteIndirectCall();
    // A shared pointer handed to a call through a function pointer: what the callee does with it
    // is not walked, and said (evalArgsForSideEffects).
    evalArgsForSideEffects(e, nullptr);
    return e->getType()->isIntegralOrEnumerationType()
               ? SymbolicValue::integer(ir::makeUnknown("result of an indirect call", intTypeOf(e->getType())))
               : SymbolicValue::other("result of an indirect call");
  }
  const auto* method = dyn_cast<CXXMethodDecl>(fn);
  const bool memberOperator = isa<CXXOperatorCallExpr>(e) && method && !method->isStatic();

  // Trivial assignment of a class object (`*reinterpret_cast<float4*>(p) = v;`, `h = __half(x)`).
  if (method && method->isTrivial() && (method->isCopyAssignmentOperator() || method->isMoveAssignmentOperator())) {
    const Expr* target = memberOperator ? e->getArg(0) : cast<CXXMemberCallExpr>(e)->getImplicitObjectArgument();
    const Expr* source = memberOperator ? e->getArg(1) : e->getArg(0);
    LValue from = evalLValue(source);
    if (from.kind == LValue::Kind::Shared) {
      // `v = s[i]` into a local: what of `v` is used decides the load's width, as for `T v = s[i]`.
      const auto* targetRef = dyn_cast<DeclRefExpr>(target->IgnoreParenImpCasts());
      const auto* targetVar = targetRef ? dyn_cast<VarDecl>(targetRef->getDecl()) : nullptr;
      const ValueTarget saved = valueTarget_;
      if (targetVar && targetVar->isLocalVarDeclOrParm() && !targetVar->getType()->isReferenceType()) valueTarget_ = {targetVar, source};
      recordAccess(ir::AccessKind::Load, from, source);
      valueTarget_ = saved;
    }
    LValue to = evalLValue(target);
    if (to.kind == LValue::Kind::Shared) recordAccess(ir::AccessKind::Store, to, target);
    else if (to.kind == LValue::Kind::Local) writeLValue(to, SymbolicValue::other("object"), e);
    return SymbolicValue::other("object");
  }

  // A constexpr member of an empty class (`std::integral_constant<int, N>` passed to a generic
  // lambda, a tag type's `operator int()`): its value depends only on the type.
  if (method && !method->isStatic() && method->isConstexpr() && e->getNumArgs() == 0 &&
      e->getType()->isIntegralOrEnumerationType() && method->getParent()->isEmpty()) {
    const FunctionDecl* def = nullptr;
    if (method->hasBody(def) && def)
      if (const auto* body = dyn_cast_or_null<CompoundStmt>(def->getBody()); body && body->size() == 1)
        if (const auto* ret = dyn_cast<ReturnStmt>(body->body_front()); ret && ret->getRetValue()) {
          Expr::EvalResult r;
          if (!ret->getRetValue()->isValueDependent() && ret->getRetValue()->EvaluateAsInt(r, ctx_))
            return SymbolicValue::integer(ir::makeConst(r.Val.getInt().getExtValue(), intTypeOf(e->getType())));
        }
  }

  bool handled = false;
  SymbolicValue v = evalIntrinsic(fn, e, handled);
  if (handled) return v;

  const FunctionDecl* def = nullptr;
  if (fn->hasBody(def) && def && def->getBody() && !def->isVariadic()) {
    SymbolicValue thisValue;
    llvm::SmallVector<const Expr*, 8> args;
    // A method whose writes to its object are followed: the object leaves the call as the body
    // left it.
    const auto followedCall = [&](const VarDecl* target) {
      SymbolicValue object = *lookup(target);
      thisValue = object;
      bool followed = false;
      SymbolicValue result = inlineCall(def, e, args, &thisValue, &object, &followed);
      if (followed) {
        if (SymbolicValue* now = lookup(target)) *now = object;
        changedObject = nullptr;
      }
      return result;
    };
    if (const auto* mc = dyn_cast<CXXMemberCallExpr>(e)) {
      const Expr* obj = mc->getImplicitObjectArgument();
      if (const VarDecl* target = method ? writableObjectOf(method, obj) : nullptr) {
        for (const Expr* a : e->arguments()) args.push_back(a);
        return followedCall(target);
      }
      if (obj && obj->getType()->isPointerType()) {
        thisValue = eval(obj);
      } else if (obj) {
        LValue lv = evalLValue(obj);
        thisValue = lv.kind == LValue::Kind::Shared ? lv.address(lv.type) : objectFieldsForThis(lv, obj);
      }
      for (const Expr* a : e->arguments()) args.push_back(a);
    } else if (memberOperator) {
      // An operator whose writes to its object are followed (`v += 4` moving a field).
      if (const VarDecl* target = writableObjectOf(method, e->getArg(0))) {
        for (unsigned i = 1; i < e->getNumArgs(); ++i) args.push_back(e->getArg(i));
        return followedCall(target);
      }
      LValue lv = evalLValue(e->getArg(0));
      thisValue = lv.kind == LValue::Kind::Shared ? lv.address(lv.type) : objectFieldsForThis(lv, e->getArg(0));
      for (unsigned i = 1; i < e->getNumArgs(); ++i) args.push_back(e->getArg(i));
    } else {
      for (const Expr* a : e->arguments()) args.push_back(a);
    }
    return inlineCall(def, e, args, method && !method->isStatic() ? &thisValue : nullptr);
  }

  // A method the base declares without a body, on an object whose derived class is known: the
  // derived class's definition (cooperative_groups' type-erased thread_group).
  if (const auto* mc = dyn_cast<CXXMemberCallExpr>(e); mc && method)
    if (const FunctionDecl* derived = derivedDefinition(method, mc->getImplicitObjectArgument())) {
      llvm::SmallVector<const Expr*, 8> args(e->arguments().begin(), e->arguments().end());
      SymbolicValue self = SymbolicValue::other("object");
      return inlineCall(derived, e, args, cast<CXXMethodDecl>(derived)->isStatic() ? nullptr : &self);
    }

  evalArgsForSideEffects(e, fn);
  // A function that failed to compile (its body needs a header that was not found) may access
  // shared memory; say that it was not walked rather than pass over it.
  const FunctionDecl* definition = nullptr;
  if (fn->isInvalidDecl() || (fn->hasBody(definition) && definition && definition->isInvalidDecl()))
    noteUnanalyzed(e, "call to '" + calleeName(fn) + "'",
                   notCompiledReason());
  const std::string why = "result of call to '" + calleeName(fn) + "'";
  return e->getType()->isIntegralOrEnumerationType() ? SymbolicValue::integer(ir::makeUnknown(why, intTypeOf(e->getType())))
                                                     : SymbolicValue::other(why);
}

std::string KernelWalker::notCompiledReason() const {
  return std::string("it does not compile here") + (tu_.headersMissing() ? " (a header it needs was not found)" : "") +
         ", so the shared-memory accesses it makes are not computed";
}

// `this` for a method called on a local object or a temporary whose fields are followed: the
// object's fields as they are at the call (`this->base` reads them; a non-const method's writes
// are not followed, and the caller forgets the object's fields after it: evalCall).
SymbolicValue KernelWalker::objectFieldsForThis(const LValue& lv, const Expr* obj) {
  if (lv.kind == LValue::Kind::Temporary || (lv.kind == LValue::Kind::Local && followsFields(lv))) {
    SymbolicValue v = readLValue(lv, obj);
    if (v.kind == SymbolicValue::Kind::Other && v.fields) return v;
  }
  // One whose fields were followed and then lost keeps the array they pointed into.
  if (lv.kind == LValue::Kind::Local && lv.fieldPath.empty())
    if (const SymbolicValue* v = lookup(lv.var); v && v->kind == SymbolicValue::Kind::Other && v->array >= 0 && !v->fields) return *v;
  // A kernel parameter the kernel never changes (or a member of one): `this->size_[2]` in its
  // methods reads the parameter's field (`pqCentroids.getSize(2)`), one symbol for every lane.
  if (std::optional<std::string> path = kernelParameterPath(obj)) {
    SymbolicValue v = SymbolicValue::other("object");
    v.kernelParameter = *path;
    return v;
  }
  // What a field read through `this` is, said with the object's name.
  const Expr* root = obj->IgnoreParenImpCasts();
  for (const auto* m = dyn_cast<MemberExpr>(root); m && !m->isArrow(); m = dyn_cast<MemberExpr>(root)) root = m->getBase()->IgnoreParenImpCasts();
  const auto* ref = dyn_cast<DeclRefExpr>(root);
  const auto* param = ref ? dyn_cast<ParmVarDecl>(ref->getDecl()) : nullptr;
  if (param && !frames_.empty() && param->getDeclContext() == frames_.front().function)
    return SymbolicValue::other("a field of '" + param->getNameAsString() + "' (kernel parameter), which the kernel may change");
  if (ref) return SymbolicValue::other("a field of '" + ref->getDecl()->getNameAsString() + "', an object whose fields are not followed");
  return SymbolicValue::other("object");
}

const VarDecl* KernelWalker::pointeeLocal(const ParmVarDecl* param, const Expr* arg, const FunctionDecl* fn,
                                          llvm::ArrayRef<const Expr*> args) {
  const QualType pt = param->getType();
  if (!pt->isPointerType() || pt->getPointeeType().isConstQualified()) return nullptr;
  const auto* addressOf = dyn_cast<UnaryOperator>(arg->IgnoreParenImpCasts());
  if (!addressOf || addressOf->getOpcode() != UO_AddrOf) return nullptr;
  const auto* ref = dyn_cast<DeclRefExpr>(addressOf->getSubExpr()->IgnoreParenImpCasts());
  const auto* var = ref ? dyn_cast<VarDecl>(ref->getDecl()) : nullptr;
  // A local of the caller's frame itself (not a reference, an array or a shared variable).
  if (!var || var->hasAttr<CUDASharedAttr>() || var->getType()->isReferenceType() || var->getType()->isArrayType() ||
      !frame().env.count(var))
    return nullptr;
  // Named by no other argument: two ways into one local (`swap(&a, &a)`) would be two copies.
  const llvm::SmallPtrSet<const VarDecl*, 1> local{var};
  for (const Expr* other : args)
    if (other != arg && readsAnyOf(other, local)) return nullptr;
  return onlyDereferenced(fn->getBody(), param) ? var : nullptr;
}

// A caller's variable handed to a non-const reference parameter takes the parameter's value at the
// callee's end (`set(a)` with `void set(int& r) { r = ...; }`), and so does one whose address is
// handed to a pointer parameter standing for it (pointeeLocal); one whose address is handed to
// any other pointer to non-const may have been written through it, and is no longer followed.
void KernelWalker::writeBackOutArguments(const FunctionDecl* fn, llvm::ArrayRef<const Expr*> args, const Frame& done) {
  for (unsigned i = 0; i < fn->getNumParams() && i < args.size(); ++i) {
    const ParmVarDecl* param = fn->getParamDecl(i);
    const QualType pt = param->getType();
    const Expr* arg = args[i]->IgnoreParenImpCasts();
    bool throughPointer = false;
    if (const auto pointee = done.pointeeParams.find(param); pointee != done.pointeeParams.end()) {
      // The local takes the value the callee left behind the pointer.
      if (const auto after = done.env.find(param); after != done.env.end()) writeLValue(LValue::local(pointee->second), after->second, arg);
      continue;
    }
    if (pt->isPointerType() && !pt->getPointeeType().isConstQualified()) {
      const auto* addressOf = dyn_cast<UnaryOperator>(arg);
      if (!addressOf || addressOf->getOpcode() != UO_AddrOf) continue;
      arg = addressOf->getSubExpr()->IgnoreParenImpCasts();
      throughPointer = true;
    } else if (!pt->isReferenceType() || pt.getNonReferenceType().isConstQualified()) {
      continue;
    }
    const auto* ref = dyn_cast<DeclRefExpr>(arg);
    const auto* var = ref ? dyn_cast<VarDecl>(ref->getDecl()) : nullptr;
    if (!var || var->hasAttr<CUDASharedAttr>()) continue;
    // The variable written: the local itself, or the local (or field of one) a reference aliases.
    LValue target = LValue::local(var);
    if (var->getType()->isReferenceType()) {
      const auto alias = frame().aliases.find(var);
      if (alias == frame().aliases.end()) continue;
      target = alias->second;
    }
    SymbolicValue* whole = lookup(target.var);
    if (!whole) continue;
    const auto after = done.env.find(param);
    if (!throughPointer && after != done.env.end() && (!target.fieldPath.empty() || after->second.kind == whole->kind)) {
      writeLValue(target, after->second, arg);
      continue;
    }
    const std::string why = "'" + var->getNameAsString() + "' may be written by '" + fn->getNameAsString() + "'" +
                            (throughPointer ? " through its address" : "");
    const QualType t = target.var->getType();
    *whole = t->isIntegralOrEnumerationType() ? SymbolicValue::integer(ir::makeUnknown(why, intTypeOf(t))) : SymbolicValue::lost(*whole, why);
  }
}

const VarDecl* KernelWalker::thisObjectVar(const FunctionDecl* method) {
  VarDecl*& slot = thisObjects_[method];
  if (!slot) {
    const auto* m = cast<CXXMethodDecl>(method);
    slot = VarDecl::Create(ctx_, const_cast<CXXMethodDecl*>(m), m->getLocation(), m->getLocation(), &ctx_.Idents.get("this"),
                           ctx_.getRecordType(m->getParent()), nullptr, SC_None);
  }
  return slot;
}

const VarDecl* KernelWalker::followedThis() {
  const auto it = thisObjects_.find(frame().function);
  return it != thisObjects_.end() && frame().env.count(it->second) ? it->second : nullptr;
}

const VarDecl* KernelWalker::writableObjectOf(const CXXMethodDecl* method, const Expr* object) {
  if (!method || method->isStatic() || method->isConst() || !object) return nullptr;
  const FunctionDecl* def = nullptr;
  if (!method->hasBody(def) || !def || isa<CXXConstructorDecl>(def) || isa<CXXDestructorDecl>(def) || returnsBeforeEnd(def) ||
      lambdaCapturesThis(def->getBody()) || !fieldsMethodMayWrite(method))
    return nullptr;
  object = object->IgnoreParenImpCasts();
  const VarDecl* var = nullptr;
  if (isThisObject(object)) {
    var = followedThis();
  } else if (const auto* ref = dyn_cast<DeclRefExpr>(object)) {
    var = dyn_cast<VarDecl>(ref->getDecl());
    if (var && (var->getType()->isReferenceType() || !followsFields(LValue::local(var)))) var = nullptr;
  }
  const SymbolicValue* v = var ? lookup(var) : nullptr;
  return v && v->kind == SymbolicValue::Kind::Other && v->fields ? var : nullptr;
}

SymbolicValue KernelWalker::inlineCall(const FunctionDecl* fn, const CallExpr* call,
                                       llvm::ArrayRef<const Expr*> args, const SymbolicValue* thisValue,
                                       SymbolicValue* thisObject, bool* followed) {
  if (followed) *followed = false;
  const std::string name = fn->getNameAsString();
  bool recursive = false;
  for (const Frame& f : frames_) recursive |= f.function == fn;
  if (recursive || frames_.size() >= kMaxInlineDepth) {
    for (const Expr* a : args) eval(a);
    noteUnanalyzed(call, "call to '" + name + "'", recursive ? "recursive call" : "calls nested too deeply");
    return SymbolicValue::other("result of call to '" + name + "'");
  }
  Frame callee;
  callee.function = fn;
  for (unsigned i = 0; i < fn->getNumParams() && i < args.size(); ++i) {
    const QualType pt = fn->getParamDecl(i)->getType();
    if (const VarDecl* local = pointeeLocal(fn->getParamDecl(i), args[i], fn, args)) {
      callee.env[fn->getParamDecl(i)] = readLValue(LValue::local(local), args[i]);
      callee.pointeeParams[fn->getParamDecl(i)] = local;
      continue;
    }
    if (pt->isPointerType() || pt->isReferenceType()) noteBinding(args[i]);
    callee.env[fn->getParamDecl(i)] = bindArgument(fn->getParamDecl(i), args[i]);
    pointerBindings_.record(fn->getParamDecl(i), name, callee.env[fn->getParamDecl(i)], tu_);
  }
  if (thisValue) callee.thisValue = *thisValue;
  const VarDecl* self = thisObject ? thisObjectVar(fn) : nullptr;
  if (self) callee.env[self] = *thisObject;
  callee.predicateBase = predicates_.size();
  callee.insideSynchronizingCall = frame().insideSynchronizingCall || synchronizesBlock(fn);

  inlinedAt_.push_back(locOf(call->getExprLoc()));
  frames_.push_back(std::move(callee));  // within the capacity walkKernel reserved: no frame moves
  walkStmt(fn->getBody());
  Frame done = std::move(frames_.back());
  frames_.pop_back();
  inlinedAt_.pop_back();
  writeBackOutArguments(fn, args, done);
  if (self)
    if (const auto after = done.env.find(self); after != done.env.end()) {
      *thisObject = after->second;
      if (followed) *followed = true;
    }

  if (done.returns.empty()) return SymbolicValue::other("void");
  // `if (c) return a; return b;` becomes `c ? a : b`, folding from the last return backwards.
  SymbolicValue result = done.returns.back().value;
  for (size_t i = done.returns.size() - 1; i-- > 0;) {
    const Return& r = done.returns[i];
    if (!r.condition) {
      result = r.value;
      continue;
    }
    if (r.value.kind == SymbolicValue::Kind::Int && result.kind == SymbolicValue::Kind::Int) {
      result = SymbolicValue::integer(ir::makeSelect(r.condition, r.value.expr, result.expr, r.value.expr->type));
    } else if (r.value.kind == result.kind && r.value.array == result.array &&
               (result.kind == SymbolicValue::Kind::SharedPtr || result.kind == SymbolicValue::Kind::SharedAddr)) {
      result.expr = ir::makeSelect(r.condition, r.value.expr, result.expr, ir::IntType::int64());
      result.pieces = r.value.pieces.merged(r.condition, result.pieces);
    } else {
      result = SymbolicValue::other("'" + name + "' returns different kinds of values");
    }
  }
  return result;
}

SymbolicValue KernelWalker::evalConstruct(const CXXConstructExpr* e) {
  const CXXConstructorDecl* ctor = e->getConstructor();
  if (ctor->isCopyOrMoveConstructor() && e->getNumArgs() >= 1) {
    // Copying an object out of shared memory: one load of the whole object.
    LValue from = evalLValue(e->getArg(0));
    if (from.kind == LValue::Kind::Shared) {
      from.type = e->getType();
      recordAccess(ir::AccessKind::Load, from, e->getArg(0));
      return SymbolicValue::other("object loaded from shared memory '" + tu_.array(from.array).name + "'");
    }
    // A copy of an object whose fields are followed keeps them.
    if (from.kind == LValue::Kind::Temporary || (from.kind == LValue::Kind::Local && followsFields(from))) {
      SymbolicValue copy = readLValue(from, e->getArg(0));
      if (copy.kind == SymbolicValue::Kind::Other && copy.fields) return copy;
    }
    return SymbolicValue::other("object");
  }
  std::vector<SymbolicValue> params;
  // Shared objects handed by reference: a constructor whose fields are followed binds them (a
  // reference or pointer member keeps the address: CUB's `BlockReduce(temp)` keeps `temp`);
  // otherwise the constructor is taken to read them, below.
  std::vector<std::pair<LValue, const Expr*>> sharedByReference;
  for (unsigned i = 0; i < e->getNumArgs(); ++i) {
    const Expr* arg = e->getArg(i);
    const QualType pt = i < ctor->getNumParams() ? ctor->getParamDecl(i)->getType() : QualType();
    if (!pt.isNull() && pt->isReferenceType()) {
      // Bound into a member the walk follows, the name is no use of the array by itself: what the
      // object then does with it is (reportUntrackedArrays; CUB's warp-synchronous scan, all
      // shuffles, keeps its storage and never touches it).
      if (fieldsFollowable(ctor)) noteBinding(arg);
      LValue lv = evalLValue(arg);
      if (lv.kind == LValue::Kind::Shared) {
        sharedByReference.emplace_back(lv, arg);
        params.push_back(lv.address(lv.type.isNull() ? arg->getType() : lv.type));
        continue;
      }
      params.push_back(lv.kind == LValue::Kind::Local || lv.kind == LValue::Kind::Builtin || lv.kind == LValue::Kind::Temporary
                           ? readLValue(lv, arg)
                           : SymbolicValue::other("argument"));
    } else {
      SymbolicValue v = eval(arg);
      params.push_back(pt.isNull() ? std::move(v) : storedAs(pt, std::move(v)));
    }
  }
  SymbolicValue object = SymbolicValue::other("constructed object");
  if (std::shared_ptr<const FieldValues> fields = constructedFields(ctor, params, e)) {
    object.fields = std::move(fields);
    // An argument whose array no followed field holds, though the constructor uses it (it kept it
    // where the walk does not look), is left to reportUntrackedArrays, which names it; one the
    // constructor never names (apex's Reducer without shared memory) is no use at all.
    const auto* def = cast<CXXConstructorDecl>(ctor->getDefinition());
    for (unsigned i = 0; i < e->getNumArgs() && i < params.size(); ++i)
      if (params[i].array >= 0 && (holdsArray(object, params[i].array) || (i < def->getNumParams() && !namesParameter(def, def->getParamDecl(i)))))
        noteFollowedStore(e->getArg(i), params[i]);
    return object;
  }
  // Not followed. A constructor without a body keeps what it is handed (CUB's collectives as the
  // prelude declares them): what the object later does with a larger shared object is unknown.
  // One with a body is taken to read it; an empty one has no bytes.
  for (const auto& [lv, arg] : sharedByReference)
    if (!(ctor->hasBody() ? isEmptyObject(lv.type.isNull() ? arg->getType() : lv.type) : handOverSharedObject(lv, ctor, arg)))
      recordAccess(ir::AccessKind::Load, lv, arg);
  return object;
}

// Whether constructedFields can follow `ctor`: a definition that does not delegate, of a class
// that is not a union and has no virtual bases, whose body is empty or writes only fields of the
// object (it neither hands `this` on, to a lambda either, nor returns early: its writes are then
// followed).
bool KernelWalker::fieldsFollowable(const CXXConstructorDecl* ctor) {
  const auto* def = dyn_cast_or_null<CXXConstructorDecl>(ctor->getDefinition());
  const CXXRecordDecl* record = ctor->getParent();
  if (!def || record->isUnion() || record->getNumVBases() > 0 || def->isDelegatingConstructor()) return false;
  const auto* body = dyn_cast_or_null<CompoundStmt>(def->getBody());
  return body && (body->body_empty() || (!returnsBeforeEnd(def) && !lambdaCapturesThis(body) && thisFieldsWrittenIn(body).has_value()));
}

// The fields a constructor sets from its member initializers (`dim3(vx, vy, vz) : x(vx), y(vy),
// z(vz) {}`) and its body, evaluated with its parameters bound to `params`, and those of bases
// built the same way; null when fieldsFollowable refuses it (not followed).
std::shared_ptr<const FieldValues> KernelWalker::constructedFields(const CXXConstructorDecl* ctor, const std::vector<SymbolicValue>& params,
                                                                   const Expr* at) {
  if (!fieldsFollowable(ctor) || frames_.size() >= kMaxInlineDepth) return nullptr;
  const auto* def = cast<CXXConstructorDecl>(ctor->getDefinition());
  Frame callee;
  callee.function = def;
  for (unsigned i = 0; i < def->getNumParams() && i < params.size(); ++i) callee.env[def->getParamDecl(i)] = params[i];
  callee.predicateBase = predicates_.size();
  callee.insideSynchronizingCall = frame().insideSynchronizingCall || synchronizesBlock(def);
  inlinedAt_.push_back(locOf(at->getExprLoc()));
  frames_.push_back(std::move(callee));
  auto fields = std::make_shared<FieldValues>();
  for (const CXXCtorInitializer* init : def->inits()) {
    if (!init->getInit()) continue;
    // A base built the same way (cooperative_groups' tile, whose base holds its rank): its
    // fields are the object's. One built otherwise leaves its fields unlisted, not followed.
    if (init->isBaseInitializer()) {
      // An aggregate base given its fields in braces (`Base{q, 0}`): those are the object's.
      if (const auto* list = dyn_cast<InitListExpr>(init->getInit()->IgnoreImplicit())) {
        const SymbolicValue inherited = eval(list);
        if (inherited.kind == SymbolicValue::Kind::Other && inherited.fields)
          fields->values.insert(fields->values.end(), inherited.fields->values.begin(), inherited.fields->values.end());
        continue;
      }
      const auto* base = dyn_cast<CXXConstructExpr>(init->getInit()->IgnoreImplicit());
      if (!base || base->getConstructor()->isCopyOrMoveConstructor()) continue;
      // Only a base built from integers and pointers passed by value (what a reference parameter
      // binds to is not an argument's value).
      const CXXConstructorDecl* baseCtor = base->getConstructor();
      bool plain = base->getNumArgs() == baseCtor->getNumParams();
      for (const ParmVarDecl* p : baseCtor->parameters())
        plain = plain && (p->getType()->isIntegralOrEnumerationType() || p->getType()->isPointerType());
      if (!plain) continue;
      std::vector<SymbolicValue> baseParams;
      for (const Expr* arg : base->arguments()) baseParams.push_back(eval(arg));
      if (std::shared_ptr<const FieldValues> inherited = constructedFields(base->getConstructor(), baseParams, at))
        fields->values.insert(fields->values.end(), inherited->values.begin(), inherited->values.end());
      continue;
    }
    if (!init->isMemberInitializer()) continue;
    // A reference member holds the address it is bound to (read through it by evalLValue).
    if (init->getMember()->getType()->isReferenceType()) {
      noteBinding(init->getInit());  // binding it is no use of the array (reportUntrackedArrays)
      const LValue bound = evalLValue(init->getInit());
      const QualType boundType = bound.type.isNull() ? init->getInit()->getType() : bound.type;
      fields->values.emplace_back(init->getMember(), bound.kind == LValue::Kind::Shared ? bound.address(boundType)
                                                                                       : SymbolicValue::other("a reference member"));
      continue;
    }
    fields->values.emplace_back(init->getMember(), storedAs(init->getMember()->getType(), eval(init->getInit())));
  }
  // A body of its own runs as a method does, its writes to the fields followed (faiss's
  // BlockSelect fills its queues and points `warpK` into the shared keys there).
  std::shared_ptr<const FieldValues> built = fields;
  if (const auto* body = cast<CompoundStmt>(def->getBody()); !body->body_empty()) {
    const VarDecl* self = thisObjectVar(def);
    SymbolicValue object = SymbolicValue::other("constructed object");
    object.fields = fields;
    frame().env[self] = object;
    walkStmt(body);
    const SymbolicValue& after = frame().env[self];
    built = after.kind == SymbolicValue::Kind::Other ? after.fields : nullptr;
  }
  frames_.pop_back();
  inlinedAt_.pop_back();
  return built;
}

// The value of a special register an asm copies into an integer of type `t`. The lane is the
// thread's place in its warp, whose threads are consecutive in the block's linear order (x fastest).
SymbolicValue KernelWalker::specialRegisterValue(const std::string& reg, ir::IntType t) {
  const ir::IntType u = ir::IntType::uint32();
  const auto builtin = [&](ir::BuiltinVar first, char axis) {
    return ir::makeCast(ir::makeBuiltin(static_cast<ir::BuiltinVar>(static_cast<int>(first) + (axis - 'x'))), u);
  };
  const auto field = [&](const char* prefix) { return reg.size() == std::strlen(prefix) + 1 && reg.rfind(prefix, 0) == 0 ? reg.back() : 0; };
  ExprRef value;
  if (char a = field("tid.")) {
    value = builtin(ir::BuiltinVar::ThreadIdxX, a);
    kernel().usesThreadIdx[a - 'x'] = true;
  } else if (char n = field("ntid.")) {
    value = builtin(ir::BuiltinVar::BlockDimX, n);
  } else if (char c = field("ctaid.")) {
    value = builtin(ir::BuiltinVar::BlockIdxX, c);
  } else if (char g = field("nctaid.")) {
    value = builtin(ir::BuiltinVar::GridDimX, g);
  } else if (reg == "laneid" || reg.rfind("lanemask_", 0) == 0) {
    kernel().usesThreadIdx[0] = true;
    const auto of = [&](ir::BuiltinVar v) { return ir::makeCast(ir::makeBuiltin(v), u); };
    const ExprRef x = of(ir::BuiltinVar::ThreadIdxX), y = of(ir::BuiltinVar::ThreadIdxY), z = of(ir::BuiltinVar::ThreadIdxZ);
    const ExprRef dx = of(ir::BuiltinVar::BlockDimX), dy = of(ir::BuiltinVar::BlockDimY);
    const ExprRef linear = ir::makeBinary(
        ir::BinaryOp::Add, x,
        ir::makeBinary(ir::BinaryOp::Mul, ir::makeBinary(ir::BinaryOp::Add, y, ir::makeBinary(ir::BinaryOp::Mul, z, dy, u), u), dx, u), u);
    const ExprRef lane = ir::makeBinary(ir::BinaryOp::Rem, linear, ir::makeConst(32, u), u);
    const ExprRef one = ir::makeConst(1, u), two = ir::makeConst(2, u);
    const ExprRef below = ir::makeBinary(ir::BinaryOp::Sub, ir::makeBinary(ir::BinaryOp::Shl, one, lane, u), one, u);   // lanes < lane
    const ExprRef upTo = ir::makeBinary(ir::BinaryOp::Sub, ir::makeBinary(ir::BinaryOp::Shl, two, lane, u), one, u);    // lanes <= lane
    if (reg == "laneid") value = lane;
    else if (reg == "lanemask_eq") value = ir::makeBinary(ir::BinaryOp::Shl, one, lane, u);
    else if (reg == "lanemask_lt") value = below;
    else if (reg == "lanemask_le") value = upTo;
    else if (reg == "lanemask_gt") value = ir::makeUnary(ir::UnaryOp::BitNot, upTo, u);
    else value = ir::makeUnary(ir::UnaryOp::BitNot, below, u);  // lanemask_ge
  } else {
    // %warpid, %smid ...: where the hardware runs the warp, not a function of the thread's index.
    return SymbolicValue::integer(ir::makeUnknown("the %" + reg + " register (where the hardware runs the warp, not its index in the block)", t));
  }
  return SymbolicValue::integer(ir::makeCast(value, t));
}

// Inline PTX: cp.async destinations, ld/st.shared and ldmatrix/stmatrix (m8n8 b16) are
// accesses; other matrix forms are listed as not modelled. Operands are `%N` in the order outputs, then inputs.
void KernelWalker::walkAsm(const GCCAsmStmt* s) {
  const std::string text = s->getAsmString()->getString().str();
  std::vector<SymbolicValue> operands;
  for (unsigned i = 0; i < s->getNumOutputs(); ++i) operands.push_back(SymbolicValue::other("asm output"));
  for (unsigned i = 0; i < s->getNumInputs(); ++i) operands.push_back(eval(s->getInputExpr(i)));
  const auto operandExpr = [&](unsigned n) -> const Expr* {
    return n < s->getNumOutputs() ? s->getOutputExpr(n) : s->getInputExpr(n - s->getNumOutputs());
  };
  const auto isShared = [](const SymbolicValue& v) {
    return v.kind == SymbolicValue::Kind::SharedAddr || v.kind == SymbolicValue::Kind::SharedPtr;
  };
  // What the operand is instead, when the walk knows (a pointer it stopped following, and why).
  const auto notShared = [](const std::string& what, const SymbolicValue& v) {
    std::string why = v.kind == SymbolicValue::Kind::Other ? v.reason : "";
    if (const ir::Expr* u = v.kind == SymbolicValue::Kind::Int && v.expr ? ir::findUnknown(v.expr) : nullptr) why = u->text;
    return what + " operand is not a known shared address" + (why.empty() ? "" : " (" + why + ")");
  };
  // `cvta.to.shared` written in PTX (`cvta.to.shared.u64 a, %1; cvt.u32.u64 %0, a;`), as helpers
  // spell __cvta_generic_to_shared: the output is the shared address of the input pointer.
  if (s->getNumOutputs() == 1 && s->getNumInputs() == 1 && text.find("cvta.to.shared") != std::string::npos &&
      operands[1].kind == SymbolicValue::Kind::SharedPtr && s->getOutputExpr(0)->getType()->isIntegerType() &&
      ctx_.getTypeSize(s->getOutputExpr(0)->getType()) >= 32) {
    SymbolicValue address = operands[1];
    address.kind = SymbolicValue::Kind::SharedAddr;
    writeLValue(evalLValue(s->getOutputExpr(0)), address, s->getOutputExpr(0));
    return;
  }
  // What the asm leaves in its outputs: a special register it copies (`mov.u32 %0, %laneid;`), or
  // a value the walk does not know; never what the variable held before.
  auto writeOutputs = llvm::make_scope_exit([&] {
    const std::string reg = s->getNumOutputs() == 1 ? specialRegisterRead(text) : std::string();
    const std::string line = std::to_string(locOf(s->getAsmLoc()).line);
    for (unsigned i = 0; i < s->getNumOutputs(); ++i) {
      const Expr* out = s->getOutputExpr(i);
      const QualType t = out->getType();
      SymbolicValue v = t->isIntegralOrEnumerationType()
                            ? SymbolicValue::integer(ir::makeUnknown("written by inline asm at line " + line, intTypeOf(t)))
                            : SymbolicValue::other("written by inline asm at line " + line);
      if (!reg.empty() && t->isIntegralOrEnumerationType()) v = specialRegisterValue(reg, intTypeOf(t));
      writeLValue(evalLValue(out), v, out);
    }
  });
  std::set<unsigned> recorded;  // the operands whose shared addresses an access below records
  for (const SharedPtxOp& op : recognizeSharedPtx(text)) {
    if (op.kind == SharedPtxOp::Kind::UnmodelledMatrix) {
      noteUnanalyzed(s, op.opcode + " in inline asm", "this form of " + op.opcode + " is not modelled (only .m8n8 .x1/.x2/.x4 of b16)");
      continue;
    }
    if (op.addressOperand >= operands.size()) continue;
    SymbolicValue d = operands[op.addressOperand];
    const size_t accessesBefore = tu_.accesses.size();
    switch (op.kind) {
      case SharedPtxOp::Kind::AsyncCopy: {
        int64_t bytes = op.copyBytes;
        if (op.sizeOperand >= 0 && static_cast<size_t>(op.sizeOperand) < operands.size())
          ir::isConst(operands[static_cast<size_t>(op.sizeOperand)].asInt(ir::IntType::int64()), &bytes);
        if (!isShared(d)) {
          noteUnanalyzed(s, op.bypassL1 ? "cp.async.cg in inline asm" : "cp.async.ca in inline asm",
                         notShared("destination", d));
        } else if (bytes != 4 && bytes != 8 && bytes != 16) {
          noteUnanalyzed(s, "cp.async into '" + tu_.array(d.array).name + "'", "copy size is not a constant 4, 8 or 16 bytes");
        } else {
          recordRawAccess(ir::AccessKind::AsyncCopyDst, d.array, d.expr, static_cast<unsigned>(bytes),
                          "cp.async " + std::to_string(bytes) + "B", operandExpr(op.addressOperand), &d.pieces);
          tu_.accesses.back().bypassL1 = op.bypassL1;
          const bool haveSource = op.sourceOperand >= 0 && static_cast<size_t>(op.sourceOperand) < operands.size();
          setCopySource(tu_.accesses.back(), haveSource ? &operands[static_cast<size_t>(op.sourceOperand)] : nullptr,
                        op.sourceOffset);
        }
        break;
      }
      case SharedPtxOp::Kind::LoadStore:
        if (!isShared(d)) {
          noteUnanalyzed(s, "ld/st.shared in inline asm", notShared("address", d));
          break;
        }
        if (op.addressOffset) {
          d.expr = ir::addBytes(d.expr, ir::makeConst(op.addressOffset, ir::IntType::int64()));
          d.pieces.complete = false;  // `[%0+8]`: an offset written in the PTX, not in the C++ index
        }
        recordRawAccess(op.store ? ir::AccessKind::Store : ir::AccessKind::Load, d.array, d.expr, op.widthBytes,
                        op.spelling, operandExpr(op.addressOperand), &d.pieces);
        break;
      case SharedPtxOp::Kind::Matrix:
        if (!isShared(d)) {
          noteUnanalyzed(s, op.opcode + " in inline asm", notShared("address", d));
          break;
        }
        recordRawAccess(op.store ? ir::AccessKind::MatrixStore : ir::AccessKind::MatrixLoad, d.array, d.expr, 16,
                        op.spelling, operandExpr(op.addressOperand), &d.pieces);
        tu_.accesses.back().matrices = op.matrices;
        tu_.accesses.back().transposed = op.transposed;
        break;
      case SharedPtxOp::Kind::UnmodelledMatrix:
        break;
    }
    if (tu_.accesses.size() > accessesBefore) recorded.insert(op.addressOperand);
    if (const Expr* operand = operandExpr(op.addressOperand))
      for (size_t i = accessesBefore; i < tu_.accesses.size(); ++i)
        tu_.accesses[i].addressOperand = operand->IgnoreParenImpCasts()->getType()->isIntegerType() && tu_.accesses[i].inlinedAt.empty();
  }
  // A shared address handed to an instruction not modelled here (a TMA tensor copy, a bulk copy,
  // an mbarrier, an unmodelled ldmatrix form): what it reads or writes is not recorded, so no
  // change of the array's layout can be proven. A TMA copy's box is laid out by its tensor map,
  // not by the array's indices: a padding would not move its writes (which the H200 showed cost
  // no bank wavefronts at all: docs/hardware-model.md).
  for (unsigned n = s->getNumOutputs(); n < operands.size(); ++n) {
    const SymbolicValue& v = operands[n];
    if (!isShared(v) || recorded.count(n)) continue;
    const std::string opcode = opcodeUsingOperand(text, n);
    const std::string line = std::to_string(locOf(s->getAsmLoc()).line);
    if (opcode.rfind("cp.async.bulk.tensor", 0) == 0)
      noteUntrackedAccess(v.array, "it is written by a TMA tensor copy at line " + line + " (" + opcode.substr(0, opcode.find(".shared")) +
                                       "), which lays out its box as the tensor map says, not as the array's indices do: a padding "
                                       "or swizzle of the array would not move those writes (the layout to change is the tensor "
                                       "map's swizzle mode, CU_TENSOR_MAP_SWIZZLE_*, read with the matching XOR)");
    else
      noteUntrackedAccess(v.array, "its address is an operand of an inline-asm instruction bankcheck does not model at line " + line +
                                       (opcode.empty() ? std::string() : " (" + opcode + ")"));
  }
}

}  // namespace bankcheck::frontend
