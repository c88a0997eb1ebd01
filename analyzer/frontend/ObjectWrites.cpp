#include "frontend/ObjectWrites.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace bankcheck::frontend {

using namespace clang;

const Expr* throughMemberArrayElements(const Expr* e) {
  e = e->IgnoreParenImpCasts();
  while (const auto* sub = dyn_cast<ArraySubscriptExpr>(e)) {
    const Expr* base = sub->getBase()->IgnoreParenImpCasts();
    if (!base->getType()->isConstantArrayType()) break;
    e = base;
  }
  return e;
}

namespace {
bool constructorMayWriteArgument(const CXXConstructorDecl* ctor, unsigned index);
// `*this`, which a finder of an object's own writes may not name.
bool namesThisDeref(const Expr* e) {
  const auto* u = dyn_cast<UnaryOperator>(e->IgnoreParenImpCasts());
  return u && u->getOpcode() == UO_Deref && isa<CXXThisExpr>(u->getSubExpr()->IgnoreParenImpCasts());
}
// What a value-category cast (`std::forward<A>(a)`) is handed, or `e` itself.
const Expr* throughForwarding(const Expr* e) {
  const auto* c = dyn_cast<CallExpr>(e->IgnoreParenImpCasts());
  return c && c->getNumArgs() == 1 && isValueCategoryCast(c->getDirectCallee()) ? c->getArg(0) : e;
}
// A value read out of the object (`return n;`, or `return p;` of a pointer field: the caller may
// write where p points, not p): the object itself is not handed out.
bool copiedOut(const Expr* v) {
  const auto* c = dyn_cast<ImplicitCastExpr>(v->IgnoreParens());
  return c && c->getCastKind() == CK_LValueToRValue;
}
bool isNonConstHandle(QualType t) {
  return (t->isReferenceType() || t->isPointerType()) && !t->getPointeeType().isConstQualified();
}

// Writes to the object `names` picks out (an expression naming it or one of its members), in the
// statements traversed; `methodWrites` says whether a method called on it may change it.
// (A CRTP base: RecursiveASTVisitor calls the Visit methods of `Derived`.)
template <class Derived>
class WriteFinderBase : public RecursiveASTVisitor<Derived> {
 public:
  WriteFinderBase(llvm::function_ref<bool(const Expr*)> names, llvm::function_ref<bool(const CXXMethodDecl*)> methodWrites)
      : names_(names), methodWrites_(methodWrites) {}
  bool written = false;

  bool VisitBinaryOperator(BinaryOperator* b) {
    if (b->isAssignmentOp() && names_(b->getLHS())) written = true;
    return !written;
  }
  bool VisitUnaryOperator(UnaryOperator* u) {
    if ((u->isIncrementDecrementOp() || u->getOpcode() == UO_AddrOf) && names_(u->getSubExpr())) written = true;
    return !written;
  }
  bool VisitCallExpr(CallExpr* c) {
    const FunctionDecl* fn = c->getDirectCallee();
    if (isValueCategoryCast(fn)) return true;  // the call it feeds decides
    const bool memberOperator = isa<CXXOperatorCallExpr>(c) && isa_and_nonnull<CXXMethodDecl>(fn);
    // A call through a function pointer: its type gives the parameters.
    QualType calleeType = fn ? QualType() : c->getCallee()->getType();
    if (!calleeType.isNull() && calleeType->isPointerType()) calleeType = calleeType->getPointeeType();
    const auto* proto = calleeType.isNull() ? nullptr : calleeType->getAs<FunctionProtoType>();
    for (unsigned i = 0; i < c->getNumArgs(); ++i) {
      if (!names_(throughForwarding(c->getArg(i)))) continue;
      if (memberOperator && i == 0) {
        if (methodWrites_(cast<CXXMethodDecl>(fn))) written = true;
        continue;
      }
      const unsigned p = memberOperator ? i - 1 : i;
      const QualType pt = fn && p < fn->getNumParams() ? fn->getParamDecl(p)->getType()
                          : proto && p < proto->getNumParams() ? proto->getParamType(p)
                                                               : QualType();
      if (pt.isNull() || (pt->isReferenceType() && !pt.getNonReferenceType().isConstQualified())) written = true;
    }
    if (const auto* m = dyn_cast<CXXMemberCallExpr>(c))
      if (names_(m->getImplicitObjectArgument()) && m->getMethodDecl() && methodWrites_(m->getMethodDecl())) written = true;
    return !written;
  }
  // Handed to a constructor by non-const reference or pointer (`SubTensor(*this, data_)`,
  // `View v(param)`): the object built may keep it and write through it later.
  bool VisitCXXConstructExpr(CXXConstructExpr* c) {
    const CXXConstructorDecl* ctor = c->getConstructor();
    for (unsigned i = 0; i < c->getNumArgs(); ++i) {
      const Expr* arg = c->getArg(i);
      if (!names_(arg) && !namesThisDeref(arg)) continue;
      if (ctor->isCopyOrMoveConstructor() && !isNonConstHandle(ctor->getParamDecl(0)->getType())) continue;  // a copy
      if (i >= ctor->getNumParams() || (isNonConstHandle(ctor->getParamDecl(i)->getType()) && constructorMayWriteArgument(ctor, i)))
        written = true;
    }
    return !written;
  }

 protected:
  llvm::function_ref<bool(const Expr*)> names_;
  llvm::function_ref<bool(const CXXMethodDecl*)> methodWrites_;
};

class ObjectWriteFinder : public WriteFinderBase<ObjectWriteFinder> {
 public:
  using WriteFinderBase::WriteFinderBase;
};

// A method's writes to its own object: those above, and `this` kept or passed on as a pointer to
// non-const, or `*this` or a field returned by reference or pointer (the caller may write it).
template <class Derived>
class ThisWriteFinderBase : public WriteFinderBase<Derived> {
 public:
  using WriteFinderBase<Derived>::WriteFinderBase;
  bool VisitVarDecl(VarDecl* v) {
    if (v->getInit() && isThis(v->getInit()) && !v->getType()->getPointeeType().isConstQualified()) this->written = true;
    return !this->written;
  }
  bool VisitCallExpr(CallExpr* c) {
    if (!WriteFinderBase<Derived>::VisitCallExpr(c)) return false;
    if (const FunctionDecl* fn = c->getDirectCallee())
      for (unsigned i = 0; i < c->getNumArgs() && i < fn->getNumParams(); ++i) {
        const QualType t = fn->getParamDecl(i)->getType();
        if (t->isPointerType() && !t->getPointeeType().isConstQualified() && isThis(c->getArg(i))) this->written = true;
      }
    return !this->written;
  }
  // A method called on `this` (`other()` in a method's body) may change the object in turn.
  bool VisitCXXMemberCallExpr(CXXMemberCallExpr* c) {
    if (const Expr* object = c->getImplicitObjectArgument(); object && isThis(object) && this->methodWrites_(c->getMethodDecl()))
      this->written = true;
    return !this->written;
  }
  bool VisitReturnStmt(ReturnStmt* r) {
    const Expr* v = r->getRetValue();
    if (!v || copiedOut(v)) return true;
    const auto* addressOf = dyn_cast<UnaryOperator>(v->IgnoreParenImpCasts());
    if (this->names_(v) || isThis(v) || (addressOf && addressOf->getOpcode() == UO_AddrOf && this->names_(addressOf->getSubExpr())))
      this->written = true;
    return !this->written;
  }

 protected:
  static bool isThis(const Expr* e) { return isa<CXXThisExpr>(e->IgnoreParenImpCasts()); }
};

class ThisWriteFinder : public ThisWriteFinderBase<ThisWriteFinder> {
 public:
  using ThisWriteFinderBase::ThisWriteFinderBase;
};

// The field of `*this` that `e` names or is inside of (`f` for `this->f`, `f.g`, `(*this).f[2]`),
// or null when `e` names no part of a field.
const FieldDecl* topFieldOfThis(const Expr* e) {
  e = throughMemberArrayElements(e);
  while (const auto* m = dyn_cast<MemberExpr>(e)) {
    const Expr* base = m->getBase()->IgnoreParenImpCasts();
    if (isa<CXXThisExpr>(base)) return m->isArrow() ? dyn_cast<FieldDecl>(m->getMemberDecl()) : nullptr;
    if (namesThisDeref(base)) return dyn_cast<FieldDecl>(m->getMemberDecl());
    if (m->isArrow()) return nullptr;
    e = throughMemberArrayElements(base);
  }
  return nullptr;
}

// A method's writes field by field: `written` when it may change its object as a whole, else
// `fields` holds every field it may write (a field named where a write could be counts, which
// errs on the side of more fields). Methods called on `*this` add theirs.
class FieldWriteFinder : public ThisWriteFinderBase<FieldWriteFinder> {
 public:
  FieldWriteFinder(llvm::function_ref<bool(const Expr*)> names, llvm::function_ref<bool(const CXXMethodDecl*)> methodWrites,
                   QualType returnType, FieldSet& fields)
      : ThisWriteFinderBase(names, methodWrites), returnType_(returnType), fields_(fields) {}
  bool VisitCXXMemberCallExpr(CXXMemberCallExpr* c) {
    const Expr* object = c->getImplicitObjectArgument();
    if (!object || !(isThis(object) || namesThisDeref(object))) return true;
    const std::optional<FieldSet> called = fieldsMethodMayWrite(c->getMethodDecl());
    if (!called) written = true;
    else fields_.insert(called->begin(), called->end());
    return !written;
  }
  // A field returned by non-const reference or pointer may be written by the caller, later.
  bool VisitReturnStmt(ReturnStmt* r) {
    if (!ThisWriteFinderBase::VisitReturnStmt(r)) return false;
    const Expr* v = r->getRetValue();
    if (!v || copiedOut(v) || returnType_.isNull() || !isNonConstHandle(returnType_)) return true;  // null: a statement, not a method
    const auto* addressOf = dyn_cast<UnaryOperator>(v->IgnoreParenImpCasts());
    if (topFieldOfThis(v) || (addressOf && addressOf->getOpcode() == UO_AddrOf && topFieldOfThis(addressOf->getSubExpr()))) written = true;
    return !written;
  }

 private:
  QualType returnType_;
  FieldSet& fields_;
};

// `e` names `*this` or a field of it (`x`, `this->x`, `(*this).x.y`).
bool namesThisObject(const Expr* e) {
  e = throughMemberArrayElements(e);
  while (const auto* m = dyn_cast<MemberExpr>(e)) {
    const Expr* base = m->getBase()->IgnoreParenImpCasts();
    if (isa<CXXThisExpr>(base)) return m->isArrow();
    if (m->isArrow()) return false;
    e = throughMemberArrayElements(base);
  }
  if (const auto* u = dyn_cast<UnaryOperator>(e); u && u->getOpcode() == UO_Deref) return isa<CXXThisExpr>(u->getSubExpr()->IgnoreParenImpCasts());
  return false;
}
}  // namespace

bool writesParameter(const FunctionDecl* function, const ParmVarDecl* param) {
  if (!function->getBody()) return true;
  const auto rootsAtParam = [param](const Expr* e) {
    while (e) {
      e = throughMemberArrayElements(e);
      if (const auto* ref = dyn_cast<DeclRefExpr>(e)) return ref->getDecl() == param;
      const auto* m = dyn_cast<MemberExpr>(e);
      if (!m || m->isArrow()) return false;
      e = m->getBase();
    }
    return false;
  };
  ObjectWriteFinder finder(rootsAtParam, methodMayChangeObject);
  finder.TraverseStmt(const_cast<Stmt*>(function->getBody()));
  return finder.written;
}

bool methodMayChangeObject(const CXXMethodDecl* method) {
  if (!method || method->isStatic() || method->isConst()) return false;
  const FunctionDecl* def = nullptr;
  if (!method->hasBody(def) || !def || !def->getBody() || isa<CXXConstructorDecl>(def) || isa<CXXDestructorDecl>(def)) return true;
  // A method called on `*this` may change it in turn; one already being looked at (recursion)
  // counts as a write.
  static thread_local llvm::SmallPtrSet<const FunctionDecl*, 8> inProgress;
  if (!inProgress.insert(def).second) return true;
  ThisWriteFinder finder(namesThisObject, methodMayChangeObject);
  finder.TraverseStmt(const_cast<Stmt*>(def->getBody()));
  inProgress.erase(def);
  return finder.written;
}

namespace {
// The fields of `*this` that `s` may write (a field named where a write could be is recorded; only
// `*this` itself is a whole write, nullopt); `returnType` is the method's, null for a statement.
std::optional<FieldSet> thisFieldWrites(const Stmt* s, QualType returnType) {
  FieldSet fields;
  if (!s) return fields;
  const auto names = [&](const Expr* e) {
    if (const FieldDecl* f = topFieldOfThis(e)) {
      fields.insert(f);
      return false;
    }
    return namesThisDeref(e);
  };
  FieldWriteFinder finder(names, methodMayChangeObject, returnType, fields);
  finder.TraverseStmt(const_cast<Stmt*>(s));
  if (finder.written) return std::nullopt;
  return fields;
}
}  // namespace

std::optional<FieldSet> fieldsMethodMayWrite(const CXXMethodDecl* method) {
  if (!method || method->isStatic() || method->isConst()) return FieldSet();
  const FunctionDecl* def = nullptr;
  if (!method->hasBody(def) || !def || !def->getBody() || isa<CXXConstructorDecl>(def) || isa<CXXDestructorDecl>(def))
    return std::nullopt;
  static thread_local llvm::SmallPtrSet<const FunctionDecl*, 8> inProgress;
  if (!inProgress.insert(def).second) return std::nullopt;  // recursion: the whole object
  const auto done = llvm::make_scope_exit([&] { inProgress.erase(def); });
  return thisFieldWrites(def->getBody(), method->getReturnType());
}

std::optional<FieldSet> thisFieldsWrittenIn(const Stmt* s) { return thisFieldWrites(s, QualType()); }

namespace {
bool returnsIn(const Stmt* s) {
  if (!s) return false;
  if (isa<ReturnStmt>(s)) return true;
  if (isa<LambdaExpr>(s)) return false;  // a lambda's return is its own
  for (const Stmt* child : s->children())
    if (returnsIn(child)) return true;
  return false;
}
}  // namespace

bool lambdaCapturesThis(const Stmt* s) {
  if (!s) return false;
  if (const auto* lambda = dyn_cast<LambdaExpr>(s))
    for (const LambdaCapture& c : lambda->captures())
      if (c.capturesThis()) return true;
  for (const Stmt* child : s->children())
    if (lambdaCapturesThis(child)) return true;
  return false;
}

namespace {
// Whether every return of `s` (outside lambdas) is `return *this;`, and there is one.
bool everyReturnIsThis(const Stmt* s, bool& any) {
  if (!s || isa<LambdaExpr>(s)) return true;
  if (const auto* r = dyn_cast<ReturnStmt>(s)) {
    any = true;
    return r->getRetValue() && namesThisDeref(r->getRetValue());
  }
  for (const Stmt* child : s->children())
    if (!everyReturnIsThis(child, any)) return false;
  return true;
}
}  // namespace

const Expr* objectReturnedByCall(const Expr* e) {
  const auto* call = dyn_cast<CallExpr>(e->IgnoreParens());
  const auto* method = call ? dyn_cast_or_null<CXXMethodDecl>(call->getDirectCallee()) : nullptr;
  if (!method || method->isStatic() || !method->getReturnType()->isLValueReferenceType()) return nullptr;
  const Expr* object = nullptr;
  if (const auto* member = dyn_cast<CXXMemberCallExpr>(call)) object = member->getImplicitObjectArgument();
  else if (isa<CXXOperatorCallExpr>(call) && call->getNumArgs() > 0) object = call->getArg(0);
  if (!object || object->getType()->isPointerType()) return nullptr;
  const FunctionDecl* def = nullptr;
  if (!method->hasBody(def) || !def || !def->getBody()) return nullptr;
  bool any = false;
  return everyReturnIsThis(def->getBody(), any) && any ? object : nullptr;
}

bool returnsBeforeEnd(const FunctionDecl* function) {
  const auto* body = function ? dyn_cast_or_null<CompoundStmt>(function->getBody()) : nullptr;
  if (!body) return true;
  for (const Stmt* child : body->body())
    if (child != body->body_back() && returnsIn(child)) return true;
  return !body->body_empty() && !isa<ReturnStmt>(body->body_back()) && returnsIn(body->body_back());
}

std::optional<FieldSet> fieldsWrittenIn(const Stmt* s, const VarDecl* var) {
  FieldSet fields;
  if (!s) return fields;
  bool whole = false;
  // `var` itself (a write of the whole), or a field of it, recorded (`var.f`, `var.f.g[1]`).
  const auto names = [&](const Expr* e) {
    const FieldDecl* top = nullptr;
    for (e = throughMemberArrayElements(e);;) {
      const auto* m = dyn_cast<MemberExpr>(e);
      if (!m) break;
      if (m->isArrow()) return false;
      top = dyn_cast<FieldDecl>(m->getMemberDecl());
      if (!top) return false;
      e = throughMemberArrayElements(m->getBase());
    }
    const auto* ref = dyn_cast<DeclRefExpr>(e);
    // A structured binding of `var` (`auto [r, c] = f();` then `c = ...`) names the field it binds.
    if (const auto* binding = ref ? dyn_cast<BindingDecl>(ref->getDecl()) : nullptr; binding && binding->getDecomposedDecl() == var) {
      const auto* member = binding->getBinding() ? dyn_cast<MemberExpr>(binding->getBinding()->IgnoreImplicit()) : nullptr;
      const auto* field = member ? dyn_cast<FieldDecl>(member->getMemberDecl()) : nullptr;
      if (!field) return true;
      fields.insert(field);  // the binding's own field, whatever part of it is written
      return false;
    }
    if (!ref || ref->getDecl() != var) return false;
    if (!top) return true;
    fields.insert(top);
    return false;
  };
  // A method called on `var` as a whole writes the fields it writes of its object.
  const auto methodWrites = [&](const CXXMethodDecl* m) {
    const std::optional<FieldSet> written = fieldsMethodMayWrite(m);
    if (!written) return whole = true;
    fields.insert(written->begin(), written->end());
    return false;
  };
  ObjectWriteFinder finder(names, methodWrites);
  finder.TraverseStmt(const_cast<Stmt*>(s));
  if (finder.written || whole) return std::nullopt;
  return fields;
}

bool isValueCategoryCast(const FunctionDecl* fn) {
  if (!fn || !fn->isInStdNamespace() || !fn->getIdentifier()) return false;
  const llvm::StringRef name = fn->getName();
  return name == "forward" || name == "move" || name == "move_if_noexcept" || name == "as_const";
}

namespace {
// Whether a return statement in `s` returns what `names` picks out, or its address.
bool returnsNamed(const Stmt* s, llvm::function_ref<bool(const Expr*)> names) {
  if (!s) return false;
  if (const auto* r = dyn_cast<ReturnStmt>(s); r && r->getRetValue()) {
    const Expr* v = r->getRetValue()->IgnoreParenImpCasts();
    if (const auto* u = dyn_cast<UnaryOperator>(v); u && u->getOpcode() == UO_AddrOf) v = u->getSubExpr();
    if (names(v)) return true;
  }
  for (const Stmt* child : s->children())
    if (returnsNamed(child, names)) return true;
  return false;
}

// Whether a constructor may write the object handed to its parameter `index` (a non-const
// reference or pointer), then or later: it writes it itself, or keeps it in a field of
// reference or pointer type that some method of its class writes through (or hands on to a
// constructor that may). A field holding a copy keeps nothing.
bool constructorMayWriteArgument(const CXXConstructorDecl* ctor, unsigned index) {
  const FunctionDecl* def = nullptr;
  if (!ctor->hasBody(def) || !def) return true;
  const auto* definition = cast<CXXConstructorDecl>(def);
  if (index >= definition->getNumParams()) return true;
  static thread_local llvm::SmallPtrSet<const ParmVarDecl*, 8> inProgress;
  const ParmVarDecl* param = definition->getParamDecl(index);
  if (!inProgress.insert(param).second) return true;  // recursion: assume the worst
  const auto done = llvm::make_scope_exit([&] { inProgress.erase(param); });
  const auto namesParam = [param](const Expr* e) {
    for (e = throughMemberArrayElements(e);; e = throughMemberArrayElements(e)) {
      if (const auto* ref = dyn_cast<DeclRefExpr>(e)) return ref->getDecl() == param;
      if (const auto* u = dyn_cast<UnaryOperator>(e); u && u->getOpcode() == UO_Deref && param->getType()->isPointerType()) {
        e = u->getSubExpr()->IgnoreParenImpCasts();
        continue;
      }
      const auto* m = dyn_cast<MemberExpr>(e);
      if (!m || (m->isArrow() && !param->getType()->isPointerType())) return false;
      e = m->getBase()->IgnoreParenImpCasts();
    }
  };
  ObjectWriteFinder inBody(namesParam, methodMayChangeObject);
  inBody.TraverseStmt(const_cast<Stmt*>(definition->getBody()));
  if (inBody.written) return true;
  const CXXRecordDecl* record = definition->getParent();
  for (const CXXCtorInitializer* init : definition->inits()) {
    if (!init->isWritten() || !init->getInit()) continue;
    const Expr* value = init->getInit()->IgnoreImplicit();
    if (const auto* paren = dyn_cast<ParenListExpr>(value); paren && paren->getNumExprs() == 1) value = paren->getExpr(0);
    ObjectWriteFinder inInit(namesParam, methodMayChangeObject);
    inInit.TraverseStmt(const_cast<Expr*>(init->getInit()));
    if (inInit.written) return true;
    if (!namesParam(value)) continue;
    const FieldDecl* field = init->getMember();
    if (!field) return true;  // a base or a delegated constructor given the object
    if (!isNonConstHandle(field->getType())) continue;  // a copy, or a const view
    // Kept in `field`: every method of the class must leave what it points to alone.
    const auto namesField = [field](const Expr* e) {
      for (e = throughMemberArrayElements(e);; e = throughMemberArrayElements(e)) {
        const auto* m = dyn_cast<MemberExpr>(e);
        if (const auto* u = dyn_cast<UnaryOperator>(e); u && u->getOpcode() == UO_Deref) {
          e = u->getSubExpr()->IgnoreParenImpCasts();
          continue;
        }
        if (!m) return false;
        if (m->getMemberDecl() == field) return isa<CXXThisExpr>(m->getBase()->IgnoreParenImpCasts());
        e = m->getBase()->IgnoreParenImpCasts();
      }
    };
    for (const CXXMethodDecl* method : record->methods()) {
      const FunctionDecl* body = nullptr;
      if (!method->hasBody(body) || !body) continue;  // never instantiated, never called
      ObjectWriteFinder through(namesField, methodMayChangeObject);
      through.TraverseStmt(const_cast<Stmt*>(body->getBody()));
      if (through.written) return true;
      // A method that returns what the field points to by reference or pointer lets the caller
      // write it.
      if (isNonConstHandle(method->getReturnType()) && returnsNamed(body->getBody(), namesField)) return true;
    }
  }
  return false;
}
}  // namespace

}  // namespace bankcheck::frontend
