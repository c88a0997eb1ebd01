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
// Every use of a non-type template parameter in a pattern's body, where it is written.
class ParameterUseFinder : public RecursiveASTVisitor<ParameterUseFinder> {
 public:
  explicit ParameterUseFinder(TemplateParameterUses::PerParameter& out, const SourceManager& sm) : out_(out), sm_(sm) {}
  bool VisitDeclRefExpr(DeclRefExpr* e) {
    if (const auto* param = dyn_cast<NonTypeTemplateParmDecl>(e->getDecl())) out_[param].push_back(sm_.getFileLoc(e->getLocation()));
    return true;
  }

 private:
  TemplateParameterUses::PerParameter& out_;
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
  auto [it, fresh] = byPattern_.try_emplace(pattern);
  if (fresh) ParameterUseFinder(it->second, sm).TraverseStmt(const_cast<Stmt*>(pattern->getBody()));
  static const std::vector<SourceLocation> none;
  const auto uses = it->second.find(param);
  return uses == it->second.end() ? none : uses->second;
}

void describeTemplateParameter(ASTContext& ctx, TemplateParameterUses& uses, const Expr* size, const FunctionDecl* kernel,
                               const VarDecl* array, ir::DimensionSpelling& d) {
  if (!size || !kernel) return;
  const FunctionTemplateDecl* primary = kernel->getPrimaryTemplate();
  const TemplateArgumentList* args = kernel->getTemplateSpecializationArgs();
  const FunctionDecl* pattern = kernel->getTemplateInstantiationPattern();
  if (!primary || !args || !pattern || !pattern->getBody()) return;
  // The extent itself, or one operand of a top-level sum.
  const SubstNonTypeTemplateParmExpr* subst = substitutedParameter(size);
  if (const auto* sum = dyn_cast<BinaryOperator>(stripped(size)); !subst && sum && sum->getOpcode() == BO_Add) {
    const SubstNonTypeTemplateParmExpr* l = substitutedParameter(sum->getLHS());
    const SubstNonTypeTemplateParmExpr* r = substitutedParameter(sum->getRHS());
    subst = l && !r ? l : (r && !l ? r : nullptr);
  }
  if (!subst) return;
  const NonTypeTemplateParmDecl* param = subst->getParameter();
  const TemplateParameterList* params = primary->getTemplateParameters();
  int index = -1;
  for (unsigned i = 0; i < params->size(); ++i)
    if (params->getParam(i) == param) index = static_cast<int>(i);
  if (index < 0 || static_cast<unsigned>(index) >= args->size() || args->get(static_cast<unsigned>(index)).getKind() != TemplateArgument::Integral)
    return;
  // Changing the argument must change nothing but this declaration.
  const SourceManager& sm = ctx.getSourceManager();
  const std::vector<SourceLocation>& all = uses.of(pattern, param, sm);
  const SourceLocation from = sm.getFileLoc(array->getBeginLoc()), to = sm.getFileLoc(array->getEndLoc());
  const auto inside = [&](SourceLocation l) { return !sm.isBeforeInTranslationUnit(l, from) && !sm.isBeforeInTranslationUnit(to, l); };
  if (all.empty() || !std::all_of(all.begin(), all.end(), inside)) return;
  d.templateParam = param->getNameAsString();
  d.templateParamIndex = index;
  d.templateParamValue = args->get(static_cast<unsigned>(index)).getAsIntegral().getExtValue();
}

void recordTemplateArgumentSites(ASTContext& ctx, const std::vector<const HostLaunch*>& launches,
                                 ir::KernelInstance& k) {
  const SourceManager& sm = ctx.getSourceManager();
  for (const HostLaunch* l : launches) {
    ++k.templateArgumentLaunches;
    const auto* call = dyn_cast<CUDAKernelCallExpr>(l->site);
    const auto* callee = call ? dyn_cast<DeclRefExpr>(call->getCallee()->IgnoreParenImpCasts()) : nullptr;
    if (!callee) continue;
    for (unsigned i = 0; i < callee->getNumTemplateArgs(); ++i) {
      const TemplateArgumentLoc& arg = callee->getTemplateArgs()[i];
      if (arg.getArgument().getKind() != TemplateArgument::Expression) continue;
      const Expr* e = arg.getSourceExpression();
      if (!e || !isa<IntegerLiteral>(e->IgnoreParenImpCasts())) continue;
      ir::TemplateArgumentSite site;
      site.index = static_cast<int>(i);
      if (editableSpanOf(sm, ctx.getLangOpts(), e->getSourceRange(), site.span, site.text)) k.templateArgumentSites.push_back(std::move(site));
    }
  }
}

}  // namespace bankcheck::frontend
