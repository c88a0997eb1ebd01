// Expressions: C++ integer arithmetic becomes IR expressions with exact types; pointer
// arithmetic on shared pointers becomes byte offsets; reads and writes of shared lvalues become
// access records (SharedAccesses.cpp); everything else is "other", with a reason.
#include <functional>

#include "clang/AST/ExprCXX.h"
#include "frontend/KernelWalker.h"
#include "frontend/ObjectWrites.h"
#include "ir/ValueBound.h"

#include "clang/Basic/SourceManager.h"
#include "ir/KnownFactor.h"

namespace bankcheck::frontend {

using namespace clang;
using ir::ExprRef;

// A source chosen between two global arrays (`warpId < 4 ? &A[..] : &B[..]`, `w < 2 ? a : b`): one
// pointer whose second array lies 2^40 bytes after the first, so that no 128-byte line holds both
// (the L1 groups cp.async lanes by global line; each array is taken as 128-byte aligned).
static std::optional<SymbolicValue> globalPointerChosen(const ExprRef& cond, const SymbolicValue& t, const SymbolicValue& f) {
  if (t.kind != SymbolicValue::Kind::GlobalPtr || f.kind != SymbolicValue::Kind::GlobalPtr || !t.expr || !f.expr) return std::nullopt;
  SymbolicValue out = t;
  if (t.base != f.base) out.base = t.base + "' or '" + f.base;
  const ExprRef second = t.base == f.base ? f.expr : ir::addBytes(f.expr, ir::makeConst(int64_t{1} << 40, ir::IntType::int64()));
  out.expr = ir::makeSelect(cond, t.expr, second, ir::IntType::int64());
  return out;
}

ir::IntType KernelWalker::intTypeOf(QualType t) const {
  t = t.getCanonicalType();
  if (const auto* et = t->getAs<EnumType>()) t = et->getDecl()->getIntegerType().getCanonicalType();
  if (t->isBooleanType()) return ir::IntType::boolean();
  if (!t->isIntegerType()) return ir::IntType::int64();
  const uint64_t bits = ctx_.getTypeSize(t);
  return ir::IntType{static_cast<uint8_t>(bits > 64 ? 64 : bits), t->isSignedIntegerType()};
}

SymbolicValue KernelWalker::evalConstantOrUnknown(const Expr* e, const std::string& why) {
  if (!e->isValueDependent() && e->getType()->isIntegralOrEnumerationType()) {
    Expr::EvalResult r;
    if (e->EvaluateAsInt(r, ctx_)) {
      const ir::IntType t = intTypeOf(e->getType());
      return SymbolicValue::integer(ir::makeConst(r.Val.getInt().getExtValue(), t));
    }
    return SymbolicValue::integer(ir::makeUnknown(why, intTypeOf(e->getType())));
  }
  return SymbolicValue::other(why);
}

ExprRef KernelWalker::evalCondition(const Expr* e) {
  return eval(e).asInt(ir::IntType::boolean());
}

namespace {
// Nesting of eval() on this thread: an index that is a sum of thousands of terms is a chain of
// that many operators, and following it further would overflow the stack.
constexpr unsigned kMaxEvalDepth = 800;
thread_local unsigned evalDepth = 0;
struct EvalDepthGuard {
  EvalDepthGuard() { ++evalDepth; }
  ~EvalDepthGuard() { --evalDepth; }
};
}  // namespace

namespace {
// Whether a call that did not resolve names a function that failed to compile (its body, or the
// instantiation the call needed, has errors), rather than one that is fine (a device-side
// launch, which clang does not compile).
bool namesCodeThatDidNotCompile(const OverloadExpr* callee) {
  for (const NamedDecl* d : callee->decls()) {
    d = d->getUnderlyingDecl();
    if (d->isInvalidDecl()) return true;
    if (const auto* t = dyn_cast<FunctionTemplateDecl>(d)) {
      if (t->getTemplatedDecl()->isInvalidDecl()) return true;
      for (const FunctionDecl* s : t->specializations())
        if (s->isInvalidDecl()) return true;
    }
  }
  return false;
}
}  // namespace

SymbolicValue KernelWalker::eval(const Expr* e) {
  if (!e) return SymbolicValue::other("missing expression");
  const EvalDepthGuard depthGuard;
  if (evalDepth > kMaxEvalDepth) {
    const std::string why = "an expression nested more than " + std::to_string(kMaxEvalDepth) + " levels deep";
    return e->getType()->isIntegralOrEnumerationType() ? SymbolicValue::integer(ir::makeUnknown(why, intTypeOf(e->getType())))
                                                       : SymbolicValue::other(why);
  }
  e = e->IgnoreParens();
  if (e->containsErrors()) {
    // Clang kept going after an error here; nothing computed from it can be trusted. A call that
    // did not resolve (its callee needs a header that was not found) is code not walked: what it
    // does to shared memory is not seen.
    const std::string why = "depends on code that does not compile (line " +
                            std::to_string(locOf(e->getBeginLoc()).line) + ")";
    if (const auto* r = dyn_cast<RecoveryExpr>(e); r && !r->subExpressions().empty())
      if (const auto* callee = dyn_cast_or_null<OverloadExpr>(r->subExpressions().front()->IgnoreParens());
          callee && namesCodeThatDidNotCompile(callee))
        noteUnanalyzed(e, "call to '" + callee->getName().getAsString() + "'", notCompiledReason());
    return e->getType()->isIntegralOrEnumerationType() || e->getType()->isDependentType()
               ? SymbolicValue::integer(ir::makeUnknown(why))
               : SymbolicValue::other(why);
  }
  if (const auto* lit = dyn_cast<IntegerLiteral>(e)) {
    const ir::IntType t = intTypeOf(e->getType());
    return SymbolicValue::integer(ir::makeConst(
        t.isSigned ? lit->getValue().getSExtValue() : static_cast<int64_t>(lit->getValue().getZExtValue()), t));
  }
  if (const auto* ch = dyn_cast<CharacterLiteral>(e))
    return SymbolicValue::integer(ir::makeConst(ch->getValue(), intTypeOf(e->getType())));
  if (const auto* b = dyn_cast<CXXBoolLiteralExpr>(e))
    return SymbolicValue::integer(ir::makeConst(b->getValue(), ir::IntType::boolean()));
  if (isa<FloatingLiteral>(e)) return SymbolicValue::other("floating-point value");
  if (const auto* ce = dyn_cast<ConstantExpr>(e)) {
    if (ce->hasAPValueResult() && ce->getAPValueResult().isInt())
      return SymbolicValue::integer(ir::makeConst(ce->getAPValueResult().getInt().getExtValue(), intTypeOf(e->getType())));
    return eval(ce->getSubExpr());
  }
  if (const auto* st = dyn_cast<SubstNonTypeTemplateParmExpr>(e)) return eval(st->getReplacement());
  if (isa<UnaryExprOrTypeTraitExpr>(e) || isa<OffsetOfExpr>(e))
    return evalConstantOrUnknown(e, "a size that is not a constant");
  if (const auto* dre = dyn_cast<DeclRefExpr>(e)) return evalDeclRef(dre);
  if (const auto* c = dyn_cast<CastExpr>(e)) return evalCast(c);
  if (const auto* b = dyn_cast<BinaryOperator>(e)) return evalBinary(b);
  if (const auto* u = dyn_cast<UnaryOperator>(e)) return evalUnary(u);
  if (const auto* c = dyn_cast<AbstractConditionalOperator>(e)) return evalConditional(c);
  if (const auto* call = dyn_cast<CallExpr>(e)) {
    // A constexpr function of constants (a tile-size table lookup): clang's value, without
    // following a body that may build temporaries the walker does not track.
    if (const FunctionDecl* fn = call->getDirectCallee(); fn && fn->isConstexpr() && !e->isValueDependent() &&
                                                          e->getType()->isIntegralOrEnumerationType()) {
      Expr::EvalResult r;
      if (e->EvaluateAsInt(r, ctx_)) return SymbolicValue::integer(ir::makeConst(r.Val.getInt().getExtValue(), intTypeOf(e->getType())));
    }
    return evalCall(call);
  }
  if (const auto* ctor = dyn_cast<CXXConstructExpr>(e)) return evalConstruct(ctor);
  if (const auto* m = dyn_cast<MaterializeTemporaryExpr>(e)) return eval(m->getSubExpr());
  if (const auto* fe = dyn_cast<FullExpr>(e)) return eval(fe->getSubExpr());
  if (const auto* bt = dyn_cast<CXXBindTemporaryExpr>(e)) return eval(bt->getSubExpr());
  if (const auto* da = dyn_cast<CXXDefaultArgExpr>(e)) return eval(da->getExpr());
  if (const auto* di = dyn_cast<CXXDefaultInitExpr>(e)) return eval(di->getExpr());
  if (isa<CXXThisExpr>(e)) {
    // A method whose writes are followed: its object as it is now.
    if (const VarDecl* self = followedThis()) return *lookup(self);
    return frame().thisValue;
  }
  if (const auto* lambda = dyn_cast<LambdaExpr>(e)) {
    // Creating a lambda reads what it captures by copy; a capture of a variable itself (its body
    // names the same variable) is not a use of its address.
    // An init-capture (`[p = tile + 4]`) is a variable of the lambda's own: its value at the
    // lambda's creation is what its body reads.
    auto init = lambda->capture_init_begin();
    for (auto c = lambda->capture_begin(); c != lambda->capture_end(); ++c, ++init) {
      const auto* captured = c->capturesVariable() ? dyn_cast<VarDecl>(c->getCapturedVar()) : nullptr;
      if (captured && captured->isInitCapture() && captured->getInit()) {
        frame().env[captured] = evalInitializer(captured, captured->getInit());
        continue;
      }
      if (*init && !isa<DeclRefExpr>((*init)->IgnoreParenImpCasts())) eval(*init);
    }
    return SymbolicValue::other("lambda");
  }
  if (isa<CXXNullPtrLiteralExpr>(e) || isa<GNUNullExpr>(e)) return SymbolicValue::other("null pointer");
  if (const auto* il = dyn_cast<InitListExpr>(e)) {
    // `size_t const i{threadIdx.x}`: a scalar's braces hold its value; `int n{}` is zero.
    if (il->getType()->isScalarType()) {
      if (il->getNumInits() == 1) return eval(il->getInit(0));
      if (il->getNumInits() == 0 && il->getType()->isIntegralOrEnumerationType())
        return SymbolicValue::integer(ir::makeConst(0, intTypeOf(il->getType())));
    }
    // `int2 c = {x, y}`, `T t{a, b}`: an aggregate whose fields are followed, in declaration order.
    const RecordDecl* record = il->getType()->getAsRecordDecl();
    const auto* cxx = dyn_cast_or_null<CXXRecordDecl>(record);
    if (record && !record->isUnion() && !(cxx && cxx->getNumBases() > 0)) {
      auto fields = std::make_shared<FieldValues>();
      unsigned i = 0;
      for (const FieldDecl* f : record->fields()) {
        if (i >= il->getNumInits()) break;
        const Expr* init = il->getInit(i++);
        SymbolicValue v = eval(init);
        noteFollowedStore(init, v);
        fields->values.emplace_back(f, storedAs(f->getType(), std::move(v)));
      }
      for (; i < il->getNumInits(); ++i) eval(il->getInit(i));
      SymbolicValue object = SymbolicValue::other("initializer list");
      object.fields = std::move(fields);
      return object;
    }
    // An array of objects (`Pair pairs[2] = {{s, 0}, {s + 32, 1}}`) is not followed: a shared
    // address in one of its objects is reported as stored in an object (noteFollowedStore).
    ++unfollowedAggregates_;
    for (const Expr* init : il->inits()) eval(init);
    --unfollowedAggregates_;
    return SymbolicValue::other("initializer list");
  }
  if (e->isGLValue()) {
    // An lvalue whose value is not read here (discarded, or bound by a caller): resolve it for
    // its side effects only.
    evalLValue(e);
    return SymbolicValue::other("lvalue");
  }
  for (const Stmt* child : e->children())
    if (const auto* ce = dyn_cast_or_null<Expr>(child)) eval(ce);
  return evalConstantOrUnknown(e, std::string("unsupported expression (") + e->getStmtClassName() + ")");
}

SymbolicValue KernelWalker::evalDeclRef(const DeclRefExpr* e) {
  const ValueDecl* d = e->getDecl();
  if (const auto* ec = dyn_cast<EnumConstantDecl>(d))
    return SymbolicValue::integer(ir::makeConst(ec->getInitVal().getExtValue(), intTypeOf(e->getType())));
  if (e->isGLValue()) {
    LValue lv = evalLValue(e);
    return readLValue(lv, e);
  }
  return evalConstantOrUnknown(e, "'" + d->getNameAsString() + "'");
}

SymbolicValue KernelWalker::evalCast(const CastExpr* e) {
  const Expr* sub = e->getSubExpr();
  QualType to = e->getType();
  switch (e->getCastKind()) {
    case CK_LValueToRValue: {
      // Reading `a < b ? a : b` (an lvalue when both sides are): the value of whichever side is
      // taken, each side read where it is (a shared load stays a recorded access).
      if (const auto* co = dyn_cast<AbstractConditionalOperator>(sub->IgnoreParens())) {
        if (!isa<BinaryConditionalOperator>(co)) {
          const ExprRef cond = evalCondition(co->getCond());
          int64_t c = 0;
          if (ir::isConst(cond, &c)) return readLValue(evalLValue(c ? co->getTrueExpr() : co->getFalseExpr()), e);
          const SymbolicValue t = readLValue(evalLValue(co->getTrueExpr()), e);
          const SymbolicValue f = readLValue(evalLValue(co->getFalseExpr()), e);
          if (t.isInt() && f.isInt())
            return SymbolicValue::integer(ir::makeSelect(cond, t.expr, f.expr, t.expr->type));
          if (std::optional<SymbolicValue> chosen = globalPointerChosen(cond, t, f)) return *chosen;
          return t.kind == f.kind && t.expr == f.expr ? t : SymbolicValue::other("a value chosen by a condition");
        }
      }
      if (std::optional<SymbolicValue> field = kernelParameterField(sub)) return *field;
      if (std::optional<SymbolicValue> count = wrappedCountField(sub)) return *count;
      // A const reference bound to a temporary pointer (`T const& t` with T = uint64_t*, given
      // `&mbar[i]`, as CuTe's tuple constructor takes a TMA copy's barrier) holds the pointer
      // (bindArgument): reading it is the pointer, not a load of what it points to.
      if (const auto* ref = dyn_cast<DeclRefExpr>(sub->IgnoreParens()))
        if (const auto* var = dyn_cast<VarDecl>(ref->getDecl()); var && var->getType()->isReferenceType() &&
                                                                  var->getType()->getPointeeType()->isPointerType())
          if (const SymbolicValue* v = lookup(var); v && v->kind == SymbolicValue::Kind::SharedPtr && !v->pointee.isNull() &&
                                                    !v->pointee->isPointerType() && !frame().aliases.count(var))
            return *v;
      LValue lv = evalLValue(sub);
      return readLValue(lv, e);
    }
    case CK_IntegralCast:
    case CK_BooleanToSignedIntegral:
    case CK_IntegralToBoolean: {
      SymbolicValue v = eval(sub);
      if (v.kind == SymbolicValue::Kind::SharedAddr && e->getCastKind() == CK_IntegralCast) return v;
      const ir::IntType t = intTypeOf(to);
      ExprRef x = v.asInt(intTypeOf(sub->getType()));
      if (e->getCastKind() == CK_BooleanToSignedIntegral)
        return SymbolicValue::integer(ir::makeUnary(ir::UnaryOp::Neg, ir::makeCast(x, t), t));
      return SymbolicValue::integer(ir::makeCast(x, t));
    }
    case CK_ArrayToPointerDecay: {
      LValue lv = evalLValue(sub);
      if (lv.kind == LValue::Kind::Shared) {
        const auto* at = ctx_.getAsArrayType(lv.type);
        QualType elem = at ? at->getElementType() : to->getPointeeType();
        return lv.address(elem);
      }
      return SymbolicValue::other(lv.kind == LValue::Kind::Local ? "local array" : lv.reason);
    }
    case CK_BitCast:
    case CK_NoOp:
    case CK_AddressSpaceConversion:
    case CK_DerivedToBase:
    case CK_UncheckedDerivedToBase:
    case CK_BaseToDerived: {
      if (e->isGLValue()) {
        LValue lv = evalLValue(e);
        return readLValue(lv, e);
      }
      SymbolicValue v = eval(sub);
      if (v.isTrackedPointer() && to->isPointerType()) v.pointee = to->getPointeeType();
      if (v.kind == SymbolicValue::Kind::Int && to->isIntegralOrEnumerationType())
        v.expr = ir::makeCast(v.expr, intTypeOf(to));
      return v;
    }
    case CK_PointerToIntegral: {
      SymbolicValue v = eval(sub);
      if (v.kind == SymbolicValue::Kind::SharedPtr) {
        v.kind = SymbolicValue::Kind::SharedAddr;
        return v;
      }
      if (v.kind == SymbolicValue::Kind::GlobalPtr) return v;  // a cp.async source given as `(size_t)p`
      return SymbolicValue::integer(ir::makeUnknown("address of non-shared memory", intTypeOf(to)));
    }
    case CK_IntegralToPointer: {
      SymbolicValue v = eval(sub);
      if (v.kind == SymbolicValue::Kind::SharedAddr) {
        v.kind = SymbolicValue::Kind::SharedPtr;
        v.pointee = to->getPointeeType();
        v.pieces.whyNot = "the pointer is made from an integer address";
        return v;
      }
      return SymbolicValue::other("pointer made from an integer");
    }
    case CK_FloatingToIntegral:
      eval(sub);
      return SymbolicValue::integer(ir::makeUnknown("computed in floating point", intTypeOf(to)));
    case CK_PointerToBoolean: {
      // `if (mask)`: whether a pointer is null, which the analysis does not know.
      eval(sub);
      const auto* ref = dyn_cast<DeclRefExpr>(sub->IgnoreParenImpCasts());
      return SymbolicValue::integer(ir::makeUnknown(
          ref ? "whether the pointer '" + ref->getDecl()->getNameAsString() + "' is null" : std::string("whether a pointer is null"),
          intTypeOf(to)));
    }
    case CK_ConstructorConversion:
    case CK_UserDefinedConversion:
      return eval(sub);
    case CK_ToVoid:
      eval(sub);
      return SymbolicValue::other("void");
    default:
      eval(sub);
      if (to->isIntegralOrEnumerationType())
        return SymbolicValue::integer(ir::makeUnknown(std::string("conversion ") + e->getCastKindName(), intTypeOf(to)));
      return SymbolicValue::other(std::string("conversion ") + e->getCastKindName());
  }
}

namespace {
std::optional<ir::BinaryOp> irOp(BinaryOperatorKind k) {
  switch (k) {
    case BO_Mul: case BO_MulAssign: return ir::BinaryOp::Mul;
    case BO_Div: case BO_DivAssign: return ir::BinaryOp::Div;
    case BO_Rem: case BO_RemAssign: return ir::BinaryOp::Rem;
    case BO_Add: case BO_AddAssign: return ir::BinaryOp::Add;
    case BO_Sub: case BO_SubAssign: return ir::BinaryOp::Sub;
    case BO_Shl: case BO_ShlAssign: return ir::BinaryOp::Shl;
    case BO_Shr: case BO_ShrAssign: return ir::BinaryOp::Shr;
    case BO_And: case BO_AndAssign: return ir::BinaryOp::And;
    case BO_Xor: case BO_XorAssign: return ir::BinaryOp::Xor;
    case BO_Or: case BO_OrAssign: return ir::BinaryOp::Or;
    case BO_LT: return ir::BinaryOp::LT;
    case BO_GT: return ir::BinaryOp::GT;
    case BO_LE: return ir::BinaryOp::LE;
    case BO_GE: return ir::BinaryOp::GE;
    case BO_EQ: return ir::BinaryOp::EQ;
    case BO_NE: return ir::BinaryOp::NE;
    case BO_LAnd: return ir::BinaryOp::LogicalAnd;
    case BO_LOr: return ir::BinaryOp::LogicalOr;
    default: return std::nullopt;
  }
}
}  // namespace

int KernelWalker::rowStrideSymbol(const SymbolicValue& ptr) const {
  if (ptr.array < 0 || ptr.pointee.isNull()) return -1;
  const ir::SharedArray& a = tu_.array(ptr.array);
  if (a.strideSymbols.empty()) return -1;
  int rank = 0;
  for (QualType t = ptr.pointee; const ArrayType* at = ctx_.getAsArrayType(t); t = at->getElementType()) ++rank;
  const int depth = static_cast<int>(a.dims.size()) - rank;
  if (rank == 0 || depth < 1 || depth >= static_cast<int>(a.dims.size())) return -1;
  const int id = a.strideSymbols[static_cast<size_t>(depth - 1)];
  const ir::Symbol& s = tu_.kernels[static_cast<size_t>(instance_)].symbols[static_cast<size_t>(id)];
  return s.value == ctx_.getTypeSizeInChars(ptr.pointee).getQuantity() ? id : -1;
}

std::vector<std::pair<std::string, int64_t>> KernelWalker::namedConstantsIn(const Expr* e) const {
  std::vector<std::pair<std::string, int64_t>> out;
  std::vector<const Stmt*> work{e};
  while (!work.empty() && out.size() < 16) {
    const Stmt* s = work.back();
    work.pop_back();
    if (!s) continue;
    // In an instance, a template parameter is its argument substituted (`BN + PAD` is `BN + 8`):
    // the name is the parameter's, written where the substitution is.
    if (const auto* subst = dyn_cast<SubstNonTypeTemplateParmExpr>(s)) {
      Expr::EvalResult r;
      const SourceLocation at = subst->getExprLoc();
      const bool written = at.isValid() && (!at.isMacroID() || ctx_.getSourceManager().isMacroArgExpansion(at));
      if (written && !subst->isValueDependent() && subst->EvaluateAsInt(r, ctx_) && r.Val.getInt().getSignificantBits() <= 63) {
        out.emplace_back(subst->getParameter()->getNameAsString(), r.Val.getInt().getExtValue());
        continue;
      }
    }
    const auto* ref = dyn_cast<DeclRefExpr>(s);
    const ValueDecl* d = ref ? ref->getDecl() : nullptr;
    const bool constant = d && (isa<NonTypeTemplateParmDecl>(d) || isa<EnumConstantDecl>(d) ||
                                (isa<VarDecl>(d) && d->getType().isConstQualified()));
    Expr::EvalResult r;
    // A name written in a macro's body is not in the text an edit sees; a macro's argument is.
    const SourceLocation at = ref ? ref->getBeginLoc() : SourceLocation();
    const bool written = at.isValid() && (!at.isMacroID() || ctx_.getSourceManager().isMacroArgExpansion(at));
    if (constant && written && !ref->isValueDependent() && ref->EvaluateAsInt(r, ctx_) &&
        r.Val.getInt().getSignificantBits() <= 63) {
      out.emplace_back(d->getNameAsString(), r.Val.getInt().getExtValue());
      continue;
    }
    for (const Stmt* c : s->children()) work.push_back(c);
  }
  return out;
}

ir::OffsetPiece KernelWalker::writtenTerm(const Expr* written, ExprRef value, int64_t unitBytes) const {
  ir::OffsetPiece piece;
  piece.value = std::move(value);
  piece.unitBytes = unitBytes;
  piece.span = spanOf(written->getSourceRange());
  piece.text = textOf(written->getSourceRange());
  piece.constants = namedConstantsIn(written);
  if (!rewritableIndex(written)) piece.notRewritable = "it is written inside a macro's definition or has side effects";
  return piece;
}

ExprRef KernelWalker::plainAddendValue(const Expr* e) {
  e = e->IgnoreParenImpCasts();
  if (!e->getType()->isIntegerType() || e->isValueDependent()) return nullptr;
  Expr::EvalResult r;
  if (e->EvaluateAsInt(r, ctx_) && r.Val.getInt().getSignificantBits() <= 63)
    return ir::makeConst(r.Val.getInt().getExtValue(), ir::IntType::int64());
  if (const auto* ref = dyn_cast<DeclRefExpr>(e)) {
    const auto* var = dyn_cast<VarDecl>(ref->getDecl());
    SymbolicValue* v = var ? lookup(var) : nullptr;
    if (!v || !v->isInt() || !v->expr || ir::findUnknown(v->expr)) return nullptr;
    return v->asInt(ir::IntType::int64());
  }
  if (const auto* b = dyn_cast<BinaryOperator>(e); b && b->getOpcode() == BO_Mul) {
    ExprRef l = plainAddendValue(b->getLHS()), r2 = l ? plainAddendValue(b->getRHS()) : nullptr;
    if (l && r2 && (ir::isConst(l) || ir::isConst(r2))) return ir::makeBinary(ir::BinaryOp::Mul, l, r2, ir::IntType::int64());
  }
  return nullptr;
}

std::vector<ir::OffsetPiece::Split> KernelWalker::trailingSplits(const Expr* written) {
  std::vector<ir::OffsetPiece::Split> out;
  ExprRef trailing;
  const Expr* e = written->IgnoreParenImpCasts();
  while (const auto* sum = dyn_cast<BinaryOperator>(e)) {
    if (sum->getOpcode() != BO_Add) break;
    const ExprRef addend = plainAddendValue(sum->getRHS());
    if (!addend) break;
    trailing = trailing ? ir::makeBinary(ir::BinaryOp::Add, trailing, addend, ir::IntType::int64()) : addend;
    const Expr* prefix = sum->getLHS();
    if (!rewritableIndex(prefix)) break;
    out.push_back({spanOf(prefix->getSourceRange()), textOf(prefix->getSourceRange()), trailing, addend});
    e = prefix->IgnoreParenImpCasts();
  }
  return out;
}

SymbolicValue KernelWalker::pointerArithmetic(const SymbolicValue& ptr, const SymbolicValue& index,
                                              bool subtract, const Expr* at, const Expr* indexExpr,
                                              const Expr* baseExpr, bool subscript) {
  if (ptr.pointee.isNull() || ptr.pointee->isIncompleteType() || ptr.pointee->isVoidType())
    return SymbolicValue::other("arithmetic on a pointer to an incomplete type");
  const int64_t elem = ctx_.getTypeSizeInChars(ptr.pointee).getQuantity();
  ExprRef delta = ir::mulBytes(index.asInt(ir::IntType::int64()), elem);
  // Stepping over rows of a multi-dimensional shared array: the row size stays a symbol.
  if (const int stride = ptr.kind == SymbolicValue::Kind::SharedPtr ? rowStrideSymbol(ptr) : -1; stride >= 0)
    delta = ir::makeBinary(ir::BinaryOp::Mul, index.asInt(ir::IntType::int64()),
                           ir::makeSymbol(stride, kernel().symbols[static_cast<size_t>(stride)].name, ir::IntType::int64()),
                           ir::IntType::int64());
  if (subtract) delta = ir::makeUnary(ir::UnaryOp::Neg, delta, ir::IntType::int64());
  SymbolicValue out = ptr;
  out.expr = ir::addBytes(ptr.expr, delta);
  // The index as a written term of the offset. One in a device function is rewritable only where
  // it subscripts the array by name: a pointer parameter may be bound to other memory at other
  // calls, which an edit of the function would change too.
  if (!indexExpr) out.pieces.complete = false;  // a term that is not written where an edit can reach it
  if (indexExpr && ptr.kind == SymbolicValue::Kind::SharedPtr) {
    ExprRef value = index.asInt(ir::IntType::int64());
    if (subtract) value = ir::makeUnary(ir::UnaryOp::Neg, value, ir::IntType::int64());
    ir::OffsetPiece piece = writtenTerm(indexExpr, value, elem);
    piece.subtracted = subtract;
    if (!subtract) piece.splits = trailingSplits(indexExpr);
    const auto* named = baseExpr ? dyn_cast<DeclRefExpr>(baseExpr->IgnoreParenImpCasts()) : nullptr;
    const auto* var = named ? dyn_cast<VarDecl>(named->getDecl()) : nullptr;
    const bool ofArray = var && arrays_.count(var);
    piece.pointerSubscript = subscript && !ofArray;
    if (piece.notRewritable.empty() && !inlinedAt_.empty() && !ofArray) {
      piece.notRewritable = inBundledHeaders(locOf(indexExpr->getBeginLoc()))
                                ? "it is computed inside a CUDA library call (as bankcheck's bundled headers define it), which is not "
                                  "rewritten"
                                : "it is written in a device function, whose pointer other calls may bind to other memory";
      if (var) piece.viaPointer = DevicePointerBindings::keyOf(var);
    }
    out.pieces = ptr.pieces.with(std::move(piece));
  }
  return out;
}

namespace {
// Where array `a` starts in the block's shared window, as far as it is known: the root's known
// start (0 when not known) plus the carve-out's offset in it.
ExprRef knownPartOfStart(const ir::SharedArray& a, const ir::SharedArray& root) {
  const ExprRef carve = a.carvedFrom >= 0 && a.carveOffset ? a.carveOffset : ir::makeConst(0, ir::IntType::int64());
  return ir::addBytes(ir::makeConst(std::max<int64_t>(root.knownStart, 0), ir::IntType::int64()), carve);
}

// Why an operation on a shared address that reads bits above the root's known alignment is not followed.
ExprRef aboveKnownStart(const std::string& what, const ir::SharedArray& root, ir::IntType t) {
  return ir::makeUnknown(what + " the " + std::to_string(root.placement) + " bytes that the start of '" + root.name +
                             "' is known to be a multiple of",
                         t);
}
}  // namespace

SymbolicValue KernelWalker::evalBinary(const BinaryOperator* e) {
  if (e->isAssignmentOp()) return evalAssignment(e);
  if (e->getOpcode() == BO_Comma) {
    eval(e->getLHS());
    return eval(e->getRHS());
  }
  if (e->getOpcode() == BO_PtrMemD || e->getOpcode() == BO_PtrMemI) {
    eval(e->getLHS());
    eval(e->getRHS());
    return SymbolicValue::other("pointer to member");
  }
  SymbolicValue l = eval(e->getLHS());
  SymbolicValue r = eval(e->getRHS());
  const BinaryOperatorKind op = e->getOpcode();
  const bool lPtr = l.isTrackedPointer(), rPtr = r.isTrackedPointer();
  if (op == BO_Add && lPtr && !rPtr) return pointerArithmetic(l, r, false, e, e->getRHS(), e->getLHS());
  if (op == BO_Add && rPtr && !lPtr) return pointerArithmetic(r, l, false, e, e->getLHS(), e->getRHS());
  if (op == BO_Sub && lPtr && !rPtr) return pointerArithmetic(l, r, true, e, e->getRHS(), e->getLHS());
  // A shared pointer no longer followed, stepped: still one (its accesses are reported as not
  // computed, with the reason it was lost), not a pointer to unknown memory.
  if ((op == BO_Add || op == BO_Sub) && e->getType()->isPointerType()) {
    if (l.kind == SymbolicValue::Kind::Other && l.array >= 0 && !rPtr) return l;
    if (op == BO_Add && r.kind == SymbolicValue::Kind::Other && r.array >= 0 && !lPtr) return r;
  }
  if (op == BO_Sub && lPtr && rPtr) {
    if (!l.sameObject(r) || l.pointee.isNull() || l.pointee->isIncompleteType())
      return SymbolicValue::integer(ir::makeUnknown("difference of unrelated pointers", intTypeOf(e->getType())));
    const int64_t elem = ctx_.getTypeSizeInChars(l.pointee).getQuantity();
    ExprRef diff = ir::makeBinary(ir::BinaryOp::Sub, l.expr, r.expr, ir::IntType::int64());
    return SymbolicValue::integer(ir::makeBinary(ir::BinaryOp::Div, diff, ir::makeConst(elem, ir::IntType::int64()), ir::IntType::int64()));
  }
  // Integers holding shared addresses (from __cvta_generic_to_shared) stay addresses under + and -.
  if ((op == BO_Add || op == BO_Sub) &&
      (l.kind == SymbolicValue::Kind::SharedAddr) != (r.kind == SymbolicValue::Kind::SharedAddr)) {
    const SymbolicValue& addr = l.kind == SymbolicValue::Kind::SharedAddr ? l : r;
    const SymbolicValue& other = l.kind == SymbolicValue::Kind::SharedAddr ? r : l;
    if (op == BO_Sub && &addr == &r)
      return SymbolicValue::integer(ir::makeUnknown("subtracting a shared address", intTypeOf(e->getType())));
    SymbolicValue out = addr;
    ExprRef delta = other.asInt(ir::IntType::int64());
    if (op == BO_Sub) delta = ir::makeUnary(ir::UnaryOp::Neg, delta, ir::IntType::int64());
    out.expr = ir::addBytes(addr.expr, delta);
    // The bytes added, a written term of the offset (`base + row * 128`) as an index is in bytes.
    ir::OffsetPiece piece = writtenTerm(&addr == &l ? e->getRHS() : e->getLHS(), delta, 1);
    piece.subtracted = op == BO_Sub;
    if (piece.notRewritable.empty() && !inlinedAt_.empty())
      piece.notRewritable = "it is written in a device function, whose address other calls may hold to other memory";
    out.pieces = addr.pieces.with(std::move(piece));
    return out;
  }
  if ((op == BO_Shr || op == BO_Shl || op == BO_Div || op == BO_Rem || op == BO_Mul || op == BO_And || op == BO_Or) &&
      (l.kind == SymbolicValue::Kind::SharedAddr) != (r.kind == SymbolicValue::Kind::SharedAddr)) {
    // Arithmetic on an integer shared address reads the address the hardware sees: its value where
    // the array's start is known, else only its low bits, a mask below or a remainder by a power
    // of two that the start is a multiple of.
    const bool addrLeft = l.kind == SymbolicValue::Kind::SharedAddr;
    const SymbolicValue& addr = addrLeft ? l : r;
    const ir::SharedArray& a = tu_.array(addr.array);
    const ir::SharedArray& root = tu_.rootOf(a);
    int64_t c = 0;
    const bool constant = ir::isConst((addrLeft ? r : l).asInt(ir::IntType::int64()), &c);
    const bool mask = op == BO_And && constant;
    const bool lowBits = mask ? c >= 0 && static_cast<uint64_t>(c) < root.placement
                              : op == BO_Rem && addrLeft && constant && c > 0 && llvm::isPowerOf2_64(static_cast<uint64_t>(c)) &&
                                    static_cast<uint64_t>(c) <= root.placement;
    if ((mask && c < 0) || (root.knownStart < 0 && !lowBits))
      return SymbolicValue::integer(aboveKnownStart(mask ? "a shared address masked with " + std::to_string(c) + ", which keeps bits above"
                                                         : std::string("a shared address used in '") +
                                                               BinaryOperator::getOpcodeStr(op).str() + "', which reads bits above",
                                                    root, intTypeOf(e->getType())));
    const SymbolicValue value = SymbolicValue::integer(ir::addBytes(knownPartOfStart(a, root), addr.expr));
    const ir::IntType lType = intTypeOf(e->getLHS()->getType()), rType = intTypeOf(e->getRHS()->getType());
    return SymbolicValue::integer(ir::makeBinary(*irOp(op), (addrLeft ? value : l).asInt(lType), (addrLeft ? r : value).asInt(rType),
                                                 intTypeOf(e->getType())));
  }
  if (op == BO_Xor && (l.kind == SymbolicValue::Kind::SharedAddr) != (r.kind == SymbolicValue::Kind::SharedAddr))
    return xorSharedAddress(l.kind == SymbolicValue::Kind::SharedAddr ? l : r, l.kind == SymbolicValue::Kind::SharedAddr ? r : l,
                            e->getType());
  std::optional<ir::BinaryOp> irop = irOp(op);
  QualType lt = e->getLHS()->getType();
  // Arithmetic on a pointer that is not followed: not followed for the pointer's own reason.
  if (e->getType()->isPointerType()) {
    const SymbolicValue& pointer = lt->isPointerType() ? l : r;
    return pointer.kind == SymbolicValue::Kind::Other ? pointer : SymbolicValue::other("arithmetic on a pointer that is not followed");
  }
  if (!irop || !e->getType()->isIntegralOrEnumerationType() || lt->isRealFloatingType() ||
      e->getRHS()->getType()->isRealFloatingType()) {
    if (e->getType()->isIntegralOrEnumerationType())
      return SymbolicValue::integer(ir::makeUnknown("computed in floating point", intTypeOf(e->getType())));
    return SymbolicValue::other("floating-point arithmetic");
  }
  if (lPtr || rPtr) {
    // Comparisons of shared pointers (`p < end`): compare the byte offsets.
    if (lPtr && rPtr && l.sameObject(r) && ir::isComparison(*irop))
      return SymbolicValue::integer(ir::makeBinary(*irop, l.expr, r.expr, ir::IntType::boolean()));
    return SymbolicValue::integer(ir::makeUnknown("comparison of pointers", intTypeOf(e->getType())));
  }
  const ir::IntType resultType = intTypeOf(e->getType());
  const ir::IntType lType = intTypeOf(lt);
  const ir::IntType rType = intTypeOf(e->getRHS()->getType());
  return SymbolicValue::integer(ir::makeBinary(*irop, l.asInt(lType), r.asInt(rType), resultType));
}

// `addr ^ 0b10000` on a shared address (a swizzle written on the address, as in the PTX that
// ldmatrix takes): the XOR acts on the address the hardware sees, so on the array's offset plus
// where the array starts in the block's shared memory (ir::SharedArray::placement, knownStart).
// A mask computed from the address itself (`addr ^ ((addr & 0x380) >> 3)`, a swizzle of the
// 16-byte chunks by the row) is followed when its value has a constant bound (ir::upperBound).
SymbolicValue KernelWalker::xorSharedAddress(const SymbolicValue& addr, const SymbolicValue& mask, QualType type) {
  const ExprRef m = mask.asInt(ir::IntType::int64());
  int64_t c = 0;
  if (ir::isConst(m, &c) && c >= 0) return xorSharedAddressWithin(addr, c, ir::makeConst(c, ir::IntType::int64()), type);
  if (const ir::Expr* unknown = ir::findUnknown(m))
    return SymbolicValue::integer(ir::makeUnknown("a shared address XORed with a value that is not computed: " + unknown->text, intTypeOf(type)));
  if (mask.isInt())
    if (const std::optional<int64_t> bound = ir::upperBound(m)) return xorSharedAddressWithin(addr, *bound, m, type);
  return SymbolicValue::integer(ir::makeUnknown("a shared address XORed with a value that is neither a constant nor bounded by one", intTypeOf(type)));
}

SymbolicValue KernelWalker::xorSharedAddressWithin(const SymbolicValue& addr, int64_t c, const ExprRef& mask, QualType type) {
  const ir::SharedArray& a = tu_.array(addr.array);
  const ir::SharedArray& root = tu_.rootOf(a);
  // The XOR changes the bits below `low` (a power of two above c). It acts on the offset as on
  // the address when the array starts on a multiple of `low`, as its declared alignment may say
  // (`__align__(16 * 1024)` for a double buffer switched by `addr ^= 0x2000`); or on the address
  // itself where its start is known.
  const int64_t low = static_cast<int64_t>(llvm::PowerOf2Ceil(static_cast<uint64_t>(c) + 1));
  if (root.knownStart < 0 && static_cast<int64_t>(root.placement) < low)
    return SymbolicValue::integer(aboveKnownStart("a shared address XORed with " + std::to_string(c) + ", which reaches above", root, intTypeOf(type)));
  SymbolicValue out = addr;
  const ExprRef start = knownPartOfStart(a, root);
  // Terms that are whole multiples of `low` bytes (a double buffer's other half, a warp's rows)
  // keep their place: (W + x) ^ c is W + (x ^ c) when W is, since c changes only the bits below.
  std::vector<ExprRef> terms;
  const std::function<void(const ExprRef&)> flatten = [&](const ExprRef& e) {
    if (e->kind == ir::ExprKind::Binary && e->binaryOp == ir::BinaryOp::Add && e->type.bits == 64) {
      flatten(e->a);
      flatten(e->b);
    } else {
      terms.push_back(e);
    }
  };
  flatten(ir::addBytes(start, addr.expr));
  ExprRef whole = ir::makeConst(0, ir::IntType::int64()), part = ir::makeConst(0, ir::IntType::int64());
  for (const ExprRef& t : terms) {
    ExprRef& sum = ir::knownFactor(t) % low == 0 ? whole : part;
    sum = ir::addBytes(sum, t);
  }
  const ExprRef swizzled =
      ir::addBytes(whole, ir::makeBinary(ir::BinaryOp::Xor, part, ir::makeCast(mask, ir::IntType::int64()), ir::IntType::int64()));
  out.expr = ir::makeBinary(ir::BinaryOp::Sub, swizzled, start, ir::IntType::int64());
  out.pieces.complete = false;  // an XOR on the address, not a written term of the array's index
  return out;
}

SymbolicValue KernelWalker::evalAssignment(const BinaryOperator* e) {
  const bool compound = e->isCompoundAssignmentOp();
  // `p = (float*)(s + 64)` on a local pointer: the walk follows `p`, so neither name is a use yet.
  if (const auto* target = dyn_cast<DeclRefExpr>(e->getLHS()->IgnoreParens());
      !compound && target && e->getLHS()->getType()->isPointerType()) {
    const auto* var = dyn_cast<VarDecl>(target->getDecl());
    if (var && var->isLocalVarDeclOrParm() && !var->hasAttr<CUDASharedAttr>()) {
      noteBinding(target);
      noteBinding(e->getRHS());
    }
  }
  SymbolicValue rhs = eval(e->getRHS());  // C++17: the right operand is sequenced first
  LValue lv = evalLValue(e->getLHS());
  if (lv.kind == LValue::Kind::Shared) {
    if (compound) recordAccess(ir::AccessKind::Load, lv, e->getLHS());
    recordAccess(ir::AccessKind::Store, lv, e->getLHS());
    return SymbolicValue::other("value stored to shared memory");
  }
  if (lv.kind != LValue::Kind::Local && lv.kind != LValue::Kind::LocalElement) return SymbolicValue::other("assignment to untracked memory");
  SymbolicValue value = rhs;
  if (compound) {
    const auto* ca = cast<CompoundAssignOperator>(e);
    SymbolicValue cur = readLValue(lv, e->getLHS());
    const BinaryOperatorKind op = e->getOpcode();
    if (cur.isTrackedPointer() && (op == BO_AddAssign || op == BO_SubAssign)) {
      value = pointerArithmetic(cur, rhs, op == BO_SubAssign, e);
    } else if (cur.kind == SymbolicValue::Kind::SharedAddr && (op == BO_AddAssign || op == BO_SubAssign)) {
      value = cur;
      ExprRef delta = rhs.asInt(ir::IntType::int64());
      if (op == BO_SubAssign) delta = ir::makeUnary(ir::UnaryOp::Neg, delta, ir::IntType::int64());
      value.expr = ir::addBytes(cur.expr, delta);
      value.pieces.complete = false;
    } else if (cur.kind == SymbolicValue::Kind::Other && cur.array >= 0 && e->getLHS()->getType()->isPointerType() &&
               (op == BO_AddAssign || op == BO_SubAssign)) {
      value = cur;  // a shared pointer no longer followed, stepped: still one
    } else if (cur.kind == SymbolicValue::Kind::SharedAddr && op == BO_XorAssign) {
      value = xorSharedAddress(cur, rhs, e->getLHS()->getType());
    } else if (std::optional<ir::BinaryOp> irop = irOp(op);
               irop && ca->getComputationResultType()->isIntegralOrEnumerationType() &&
               !e->getRHS()->getType()->isRealFloatingType()) {
      const ir::IntType ct = intTypeOf(ca->getComputationLHSType());
      const ir::IntType rt = intTypeOf(ca->getComputationResultType());
      ExprRef r = ir::makeBinary(*irop, cur.asInt(ct), rhs.asInt(*irop == ir::BinaryOp::Shl || *irop == ir::BinaryOp::Shr
                                                                       ? intTypeOf(e->getRHS()->getType()) : ct), rt);
      value = SymbolicValue::integer(ir::makeCast(r, intTypeOf(e->getLHS()->getType())));
    } else {
      value = e->getLHS()->getType()->isIntegralOrEnumerationType()
                  ? SymbolicValue::integer(ir::makeUnknown("computed in floating point", intTypeOf(e->getLHS()->getType())))
                  : SymbolicValue::other("floating-point value");
    }
  } else if (e->getLHS()->getType()->isIntegralOrEnumerationType() && rhs.kind == SymbolicValue::Kind::SharedAddr &&
             ctx_.getTypeSize(e->getLHS()->getType()) >= 32) {
    value = rhs;  // an integer given a shared address stays one, as when it is initialized with it
  } else if (e->getLHS()->getType()->isIntegralOrEnumerationType()) {
    value = SymbolicValue::integer(rhs.asInt(intTypeOf(e->getLHS()->getType())));
    if (const auto* var = dyn_cast_or_null<VarDecl>(lv.var); var && lv.kind == LValue::Kind::Local)
      value = uniformIfUnknown(var, value, e->getRHS());
  }
  // A shared address put into a field the walk follows (`d.p = s`): the accesses through it are
  // computed, so the store is not reported as one into an object (reportArraysStoredInObjects).
  if (const auto* object = dyn_cast_or_null<VarDecl>(lv.var);
      object && lv.kind == LValue::Kind::Local && !lv.fieldPath.empty() && e->getOpcode() == BO_Assign && followsFields(LValue::local(object)))
    noteFollowedStore(e->getRHS(), value);
  writeLValue(lv, value, e);
  return value;
}

SymbolicValue KernelWalker::evalIncDec(const UnaryOperator* e) {
  LValue lv = evalLValue(e->getSubExpr());
  if (lv.kind == LValue::Kind::Shared) {
    recordAccess(ir::AccessKind::Load, lv, e->getSubExpr());
    recordAccess(ir::AccessKind::Store, lv, e->getSubExpr());
    return SymbolicValue::other("value in shared memory");
  }
  if (lv.kind != LValue::Kind::Local && lv.kind != LValue::Kind::LocalElement) return SymbolicValue::other("untracked memory");
  SymbolicValue cur = readLValue(lv, e);
  SymbolicValue next;
  const bool inc = e->isIncrementOp();
  if (cur.isTrackedPointer()) {
    next = pointerArithmetic(cur, SymbolicValue::integer(ir::makeConst(1, ir::IntType::int64())), !inc, e);
  } else if (e->getType()->isIntegralOrEnumerationType()) {
    const ir::IntType t = intTypeOf(e->getSubExpr()->getType());
    next = SymbolicValue::integer(ir::makeBinary(inc ? ir::BinaryOp::Add : ir::BinaryOp::Sub, cur.asInt(t), ir::makeConst(1, t), t));
  } else if (e->getType()->isPointerType() && cur.array >= 0) {
    next = cur;  // a shared pointer no longer followed stays one: its accesses are reported as not computed
  } else {
    next = SymbolicValue::other("floating-point value");
  }
  writeLValue(lv, next, e);
  return e->isPrefix() ? next : cur;
}

SymbolicValue KernelWalker::evalUnary(const UnaryOperator* e) {
  switch (e->getOpcode()) {
    case UO_PreInc: case UO_PreDec: case UO_PostInc: case UO_PostDec:
      return evalIncDec(e);
    case UO_AddrOf: {
      LValue lv = evalLValue(e->getSubExpr());
      if (lv.kind == LValue::Kind::Shared) return lv.address(lv.type);
      // The address of a local object (or of one of its fields) may be written through: its fields
      // are no longer followed.
      if (lv.kind == LValue::Kind::Local && lv.var)
        if (SymbolicValue* object = lookup(lv.var); object && object->fields)
          *object = SymbolicValue::lost(*object, "the address of '" + lv.var->getNameAsString() + "' is taken at line " +
                                                     std::to_string(locOf(e->getBeginLoc()).line));
      if (lv.kind == LValue::Kind::Local && lv.var) {
        // The address of a local that holds a pointer into a shared array (`float** pp = &p`):
        // accesses through it (`(*pp)[i]`) are not followed, so they are reported, and the
        // array's layout is not changed without them.
        const SymbolicValue held = readLValue(lv, e->getSubExpr());
        if ((held.kind == SymbolicValue::Kind::SharedPtr || held.kind == SymbolicValue::Kind::SharedAddr) && held.array >= 0) {
          const std::string name = lv.var->getNameAsString(), array = tu_.array(held.array).name;
          noteUnanalyzed(e, "accesses to '" + array + "' through the address of '" + name + "'",
                         "the address of a pointer into a shared array is not followed");
          noteUntrackedAccess(held.array, "the address of '" + name + "', a pointer into it, is taken at line " +
                                              std::to_string(locOf(e->getBeginLoc()).line) + ", and the accesses through it are not followed");
        }
      }
      if (!lv.globalBase.empty()) return SymbolicValue::globalPtr(lv.globalBase, lv.globalOffset, e->getSubExpr()->getType());
      return SymbolicValue::other("address of non-shared memory");
    }
    case UO_Deref: {
      LValue lv = evalLValue(e);
      return readLValue(lv, e);
    }
    case UO_Plus: return eval(e->getSubExpr());
    case UO_Extension: return eval(e->getSubExpr());
    case UO_Minus: case UO_Not: case UO_LNot: {
      SymbolicValue v = eval(e->getSubExpr());
      if (!e->getType()->isIntegralOrEnumerationType() || e->getSubExpr()->getType()->isRealFloatingType())
        return SymbolicValue::other("floating-point value");
      const ir::IntType t = intTypeOf(e->getType());
      const ir::UnaryOp op = e->getOpcode() == UO_Minus ? ir::UnaryOp::Neg
                             : e->getOpcode() == UO_Not ? ir::UnaryOp::BitNot : ir::UnaryOp::LogicalNot;
      return SymbolicValue::integer(ir::makeUnary(op, v.asInt(op == ir::UnaryOp::LogicalNot ? intTypeOf(e->getSubExpr()->getType()) : t), t));
    }
    default:
      eval(e->getSubExpr());
      return SymbolicValue::other("unsupported unary operator");
  }
}

SymbolicValue KernelWalker::evalConditional(const AbstractConditionalOperator* e) {
  if (e->isGLValue()) {
    LValue lv = evalLValue(e);
    return readLValue(lv, e);
  }
  ExprRef cond = evalCondition(e->getCond());
  int64_t c = 0;
  if (ir::isConst(cond, &c)) return eval(c ? e->getTrueExpr() : e->getFalseExpr());
  pushPredicate(cond, e->getCond());
  SymbolicValue t = eval(e->getTrueExpr());
  popPredicates(1);
  pushPredicate(ir::makeUnary(ir::UnaryOp::LogicalNot, cond, ir::IntType::boolean()), e->getCond());
  SymbolicValue f = eval(e->getFalseExpr());
  popPredicates(1);
  // A pointer chosen between a null pointer and a followed one (`mask ? base + off : nullptr`) is
  // the followed one wherever it is dereferenced: reading through a null pointer is undefined.
  if (e->getType()->isPointerType()) {
    const auto isNull = [&](const Expr* x) { return x->isNullPointerConstant(ctx_, Expr::NPC_ValueDependentIsNotNull) != Expr::NPCK_NotNull; };
    if (isNull(e->getTrueExpr()) && f.isTrackedPointer()) return f;
    if (isNull(e->getFalseExpr()) && t.isTrackedPointer()) return t;
  }
  if (t.kind == SymbolicValue::Kind::Int && f.kind == SymbolicValue::Kind::Int) {
    const ir::IntType type = e->getType()->isIntegralOrEnumerationType() ? intTypeOf(e->getType()) : t.expr->type;
    return SymbolicValue::integer(ir::makeSelect(cond, t.asInt(type), f.asInt(type), type));
  }
  if (t.sameObject(f) &&
      (t.kind == SymbolicValue::Kind::SharedPtr || t.kind == SymbolicValue::Kind::SharedAddr || t.kind == SymbolicValue::Kind::GlobalPtr)) {
    SymbolicValue out = t;
    out.expr = ir::makeSelect(cond, t.expr, f.expr, ir::IntType::int64());
    out.pieces = t.pieces.merged(cond, f.pieces);
    return out;
  }
  if (std::optional<SymbolicValue> chosen = globalPointerChosen(cond, t, f)) return *chosen;
  if (std::optional<SymbolicValue> chosen = sharedArrayChosen(t, f, e)) return *chosen;
  if (e->getType()->isIntegralOrEnumerationType())
    return SymbolicValue::integer(ir::makeUnknown("conditional of untracked values", intTypeOf(e->getType())));
  return SymbolicValue::other("conditional of untracked values");
}

// A pointer chosen between two shared arrays (`(n > 0 ? a : b)[i]`): an access through it is one
// of either array, which the walk does not split in two. It is recorded, not computed, as an
// access of the first, and the second is listed as reached through it; never dropped.
std::optional<SymbolicValue> KernelWalker::sharedArrayChosen(const SymbolicValue& t, const SymbolicValue& f, const Expr* at) {
  const auto shared = [](const SymbolicValue& v) { return v.kind == SymbolicValue::Kind::SharedPtr || v.kind == SymbolicValue::Kind::SharedAddr; };
  if (!shared(t) || !shared(f) || t.array == f.array) return std::nullopt;
  const std::string first = tu_.array(t.array).name, second = tu_.array(f.array).name;
  const std::string line = std::to_string(locOf(at->getBeginLoc()).line);
  SymbolicValue chosen = t;
  chosen.expr = ir::makeUnknown("the address is chosen between '" + first + "' and '" + second + "' at line " + line, ir::IntType::int64());
  noteUnanalyzed(at, "accesses to shared array '" + second + "' through an address chosen between '" + first + "' and '" + second + "'",
                 "they are reported as accesses of '" + first + "', not computed");
  noteUntrackedAccess(f.array, "an address chosen between it and '" + first + "' at line " + line + " reaches it");
  return chosen;
}

std::optional<std::string> KernelWalker::kernelParameterPath(const Expr* e) {
  if (frames_.empty()) return std::nullopt;
  // Through the copy itself (`fastdiv(n, ne01)` copy-constructs the argument).
  e = e->IgnoreParenImpCasts();
  if (const auto* copy = dyn_cast<CXXConstructExpr>(e); copy && copy->getNumArgs() == 1 && copy->getConstructor()->isCopyOrMoveConstructor())
    e = copy->getArg(0)->IgnoreParenImpCasts();
  if (const auto* mt = dyn_cast<MaterializeTemporaryExpr>(e)) e = mt->getSubExpr()->IgnoreParenImpCasts();
  std::string path;
  for (;;) {
    if (const auto* m = dyn_cast<MemberExpr>(e)) {
      const auto* field = dyn_cast<FieldDecl>(m->getMemberDecl());
      if (!field) return std::nullopt;
      path = "." + field->getNameAsString() + path;
      e = m->getBase()->IgnoreParenImpCasts();
      // `this->size_` in a method called on a kernel parameter (objectFieldsForThis).
      if (m->isArrow()) {
        if (!isa<CXXThisExpr>(e) || frame().thisValue.kernelParameter.empty()) return std::nullopt;
        return frame().thisValue.kernelParameter + path;
      }
      continue;
    }
    // An element of an array member at a constant index (`size_[i]` in `getSize(int i)`).
    if (const auto* sub = dyn_cast<ArraySubscriptExpr>(e)) {
      const Expr* base = sub->getBase()->IgnoreParenImpCasts();
      if (!isa<MemberExpr>(base) || !base->getType()->isConstantArrayType()) return std::nullopt;
      std::optional<int64_t> index;
      Expr::EvalResult r;
      if (!sub->getIdx()->isValueDependent() && sub->getIdx()->EvaluateAsInt(r, ctx_)) {
        index = r.Val.getInt().getExtValue();
      } else if (const auto* ref = dyn_cast<DeclRefExpr>(sub->getIdx()->IgnoreParenImpCasts())) {
        int64_t k = 0;
        if (const SymbolicValue* v = lookup(ref->getDecl()); v && v->isInt() && ir::isConst(v->expr, &k)) index = k;
      }
      if (!index) return std::nullopt;
      path = "[" + std::to_string(*index) + "]" + path;
      e = base;
      continue;
    }
    break;
  }
  const auto* ref = dyn_cast<DeclRefExpr>(e);
  const auto* var = ref ? dyn_cast<VarDecl>(ref->getDecl()) : nullptr;
  if (!var || !var->getType().getNonReferenceType()->isRecordType()) return std::nullopt;
  if (const auto* param = dyn_cast<ParmVarDecl>(var); param && param->getDeclContext() == frames_.front().function)
    return unwrittenKernelParameter(param) ? std::optional<std::string>(param->getNameAsString() + path) : std::nullopt;
  // A copy made earlier, which must still be unchanged: const, or a parameter its function never writes.
  const SymbolicValue* value = lookup(var);
  if (!value || value->kernelParameter.empty()) return std::nullopt;
  const auto* param = dyn_cast<ParmVarDecl>(var);
  const bool unchanged = var->getType().getNonReferenceType().isConstQualified() ||
                         (param && !var->getType()->isReferenceType() && !writesParameter(frame().function, param));
  if (!unchanged) return std::nullopt;
  return value->kernelParameter + path;
}

std::optional<SymbolicValue> KernelWalker::kernelParameterField(const Expr* e) {
  const Expr* field = e->IgnoreParens();
  if (!(isa<MemberExpr>(field) || isa<ArraySubscriptExpr>(field)) || !e->getType()->isIntegralOrEnumerationType() || frames_.empty())
    return std::nullopt;
  const std::optional<std::string> path = kernelParameterPath(field);
  if (!path) return std::nullopt;
  const std::string& name = *path;
  auto it = parameterFields_.find(name);
  if (it == parameterFields_.end()) {
    const ir::IntType t = intTypeOf(e->getType());
    it = parameterFields_.try_emplace(name, SymbolicValue::integer(ir::makeSymbol(newSymbol(ir::SymbolKind::KernelParam, name), name, t))).first;
  }
  return it->second;
}

std::optional<SymbolicValue> KernelWalker::wrappedCountField(const Expr* e) {
  const auto* member = dyn_cast<MemberExpr>(e->IgnoreParens());
  if (!member || member->isArrow() || !e->getType()->isIntegralOrEnumerationType()) return std::nullopt;
  const auto* ref = dyn_cast<DeclRefExpr>(member->getBase()->IgnoreParenImpCasts());
  const auto* param = ref ? dyn_cast<ParmVarDecl>(ref->getDecl()) : nullptr;
  if (!param || !isWrappedCount(param->getType())) return std::nullopt;
  const SymbolicValue* v = lookup(param);
  if (!v || v->kind != SymbolicValue::Kind::Other || !v->expr) return std::nullopt;
  return SymbolicValue::integer(ir::makeCast(v->expr, intTypeOf(e->getType())));
}

}  // namespace bankcheck::frontend
