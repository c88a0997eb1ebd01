#include "frontend/TemplateArguments.h"

#include <algorithm>

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"
#include "frontend/SourceLocations.h"

using namespace clang;

namespace bankcheck::frontend {

namespace {
// Every use of a non-type template parameter in a pattern's body, where it is written, and the
// pattern's `__shared__` declarations.
class ParameterUseFinder : public RecursiveASTVisitor<ParameterUseFinder> {
 public:
  ParameterUseFinder(TemplateParameterUses::PerParameter& out, std::vector<SourceRange>& shared, const SourceManager& sm)
      : out_(out), shared_(shared), sm_(sm) {}
  bool VisitDeclRefExpr(DeclRefExpr* e) {
    if (const auto* param = dyn_cast<NonTypeTemplateParmDecl>(e->getDecl())) out_[param].push_back(sm_.getFileLoc(e->getLocation()));
    return true;
  }
  bool VisitVarDecl(VarDecl* vd) {
    if (vd->hasAttr<CUDASharedAttr>()) shared_.emplace_back(sm_.getFileLoc(vd->getBeginLoc()), sm_.getFileLoc(vd->getEndLoc()));
    return true;
  }

 private:
  TemplateParameterUses::PerParameter& out_;
  std::vector<SourceRange>& shared_;
  const SourceManager& sm_;
};

// Parentheses and implicit casts only: IgnoreParenImpCasts would look through the substitution too.
const Expr* stripped(const Expr* e) {
  while (true) {
    if (const auto* p = dyn_cast<ParenExpr>(e)) e = p->getSubExpr();
    else if (const auto* c = dyn_cast<ImplicitCastExpr>(e)) e = c->getSubExpr();
    else return e;
  }
}

const SubstNonTypeTemplateParmExpr* substitutedParameter(const Expr* e) { return dyn_cast<SubstNonTypeTemplateParmExpr>(stripped(e)); }
}  // namespace

const std::vector<SourceLocation>& TemplateParameterUses::of(const FunctionDecl* pattern, const NonTypeTemplateParmDecl* param,
                                                            const SourceManager& sm) {
  find(pattern, sm);
  static const std::vector<SourceLocation> none;
  const PerParameter& all = byPattern_.find(pattern)->second.uses;
  const auto uses = all.find(param);
  return uses == all.end() ? none : uses->second;
}

const std::vector<SourceRange>& TemplateParameterUses::sharedDeclarations(const FunctionDecl* pattern, const SourceManager& sm) {
  find(pattern, sm);
  return byPattern_.find(pattern)->second.shared;
}

void TemplateParameterUses::find(const FunctionDecl* pattern, const SourceManager& sm) {
  auto [it, fresh] = byPattern_.try_emplace(pattern);
  if (fresh) ParameterUseFinder(it->second.uses, it->second.shared, sm).TraverseStmt(const_cast<Stmt*>(pattern->getBody()));
}

void describeTemplateParameter(ASTContext& ctx, TemplateParameterUses& uses, const Expr* size, const FunctionDecl* kernel,
                               const VarDecl* array, ir::DimensionSpelling& d) {
  if (!size || !kernel) return;
  const FunctionTemplateDecl* primary = kernel->getPrimaryTemplate();
  const TemplateArgumentList* args = kernel->getTemplateSpecializationArgs();
  const FunctionDecl* pattern = kernel->getTemplateInstantiationPattern();
  if (!primary || !args || !pattern || !pattern->getBody()) return;
  // The extent itself, or one operand of a top-level sum (the right one first: `BM + OFFSET`).
  std::vector<const SubstNonTypeTemplateParmExpr*> candidates;
  if (const SubstNonTypeTemplateParmExpr* whole = substitutedParameter(size)) candidates.push_back(whole);
  else if (const auto* sum = dyn_cast<BinaryOperator>(stripped(size)); sum && sum->getOpcode() == BO_Add)
    for (const Expr* operand : {sum->getRHS(), sum->getLHS()})
      if (const SubstNonTypeTemplateParmExpr* p = substitutedParameter(operand)) candidates.push_back(p);
  const SourceManager& sm = ctx.getSourceManager();
  const std::vector<SourceRange>& shared = uses.sharedDeclarations(pattern, sm);
  const SourceLocation from = sm.getFileLoc(array->getBeginLoc()), to = sm.getFileLoc(array->getEndLoc());
  const auto inside = [&](SourceLocation l, SourceRange r) {
    return !sm.isBeforeInTranslationUnit(l, r.getBegin()) && !sm.isBeforeInTranslationUnit(r.getEnd(), l);
  };
  const TemplateParameterList* params = primary->getTemplateParameters();
  for (const SubstNonTypeTemplateParmExpr* subst : candidates) {
    const NonTypeTemplateParmDecl* param = subst->getParameter();
    int index = -1;
    for (unsigned i = 0; i < params->size(); ++i)
      if (params->getParam(i) == param) index = static_cast<int>(i);
    if (index < 0 || static_cast<unsigned>(index) >= args->size() || args->get(static_cast<unsigned>(index)).getKind() != TemplateArgument::Integral)
      continue;
    // Changing the argument must change nothing but shared-memory declarations: this one, and
    // any other the advisor then proves too.
    const std::vector<SourceLocation>& all = uses.of(pattern, param, sm);
    if (all.empty() || !std::any_of(all.begin(), all.end(), [&](SourceLocation l) { return inside(l, SourceRange(from, to)); })) continue;
    const bool onlyShared = std::all_of(all.begin(), all.end(), [&](SourceLocation l) {
      return std::any_of(shared.begin(), shared.end(), [&](SourceRange r) { return inside(l, r); });
    });
    if (!onlyShared) continue;
    int declarations = 0;
    for (SourceRange r : shared) declarations += std::any_of(all.begin(), all.end(), [&](SourceLocation l) { return inside(l, r); });
    d.templateParam = param->getNameAsString();
    d.templateParamDeclarations = declarations;
    d.templateParamIndex = index;
    d.templateParamValue = args->get(static_cast<unsigned>(index)).getAsIntegral().getExtValue();
    return;
  }
}

void recordTemplateArgumentSites(ASTContext& ctx, const std::vector<const HostLaunch*>& launches,
                                 ir::KernelInstance& k) {
  const SourceManager& sm = ctx.getSourceManager();
  for (const HostLaunch* l : launches) {
    ++k.templateArgumentLaunches;
    const auto* call = dyn_cast<CUDAKernelCallExpr>(l->site);
    const auto* callee = call ? dyn_cast<DeclRefExpr>(call->getCallee()->IgnoreParenImpCasts()) : nullptr;
    if (!callee) continue;
    // The first parameter the launch leaves to its default, appended after the last argument it
    // writes.
    const FunctionDecl* kernel = dyn_cast<FunctionDecl>(callee->getDecl());
    const FunctionTemplateDecl* primary = kernel ? kernel->getPrimaryTemplate() : nullptr;
    const unsigned written = callee->getNumTemplateArgs();
    const auto paramName = [&](unsigned i) {
      const TemplateParameterList* params = primary ? primary->getTemplateParameters() : nullptr;
      return params && i < params->size() ? params->getParam(i)->getNameAsString() : std::string();
    };
    if (primary && written > 0 && written < primary->getTemplateParameters()->size()) {
      ir::TemplateArgumentSite site;
      site.index = static_cast<int>(written);
      site.param = paramName(written);
      site.appended = true;
      if (editableSpanOf(sm, ctx.getLangOpts(), callee->getTemplateArgs()[written - 1].getSourceRange(), site.span, site.text))
        k.templateArgumentSites.push_back(std::move(site));
    }
    for (unsigned i = 0; i < written; ++i) {
      const TemplateArgumentLoc& arg = callee->getTemplateArgs()[i];
      if (arg.getArgument().getKind() != TemplateArgument::Expression) continue;
      const Expr* e = arg.getSourceExpression();
      if (!e) continue;
      ir::TemplateArgumentSite site;
      site.index = static_cast<int>(i);
      site.param = paramName(i);
      // A host constant of the launching function, initialized by a literal: its literal is
      // where the argument is written (it may serve several launches, and the byte count).
      if (const auto* ref = dyn_cast<DeclRefExpr>(e->IgnoreParenImpCasts())) {
        const auto* var = dyn_cast<VarDecl>(ref->getDecl());
        const Expr* init = var ? var->getInit() : nullptr;
        if (!var || !init || !var->isLocalVarDecl() || !var->getType().isConstQualified() ||
            !isa<IntegerLiteral>(init->IgnoreParenImpCasts()))
          continue;
        site.variable = var->getNameAsString();
        e = init->IgnoreParenImpCasts();
      } else if (!isa<IntegerLiteral>(e->IgnoreParenImpCasts())) {
        continue;
      }
      if (editableSpanOf(sm, ctx.getLangOpts(), e->getSourceRange(), site.span, site.text)) k.templateArgumentSites.push_back(std::move(site));
    }
  }
}

}  // namespace bankcheck::frontend
