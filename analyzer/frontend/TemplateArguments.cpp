#include "frontend/TemplateArguments.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"
#include "frontend/SourceLocations.h"

using namespace clang;

namespace bankcheck::frontend {

namespace {
// The uses of one template parameter in a function's pattern, and how many lie in a range.
class ParameterUses : public RecursiveASTVisitor<ParameterUses> {
 public:
  ParameterUses(const NonTypeTemplateParmDecl* param, SourceRange inside, const SourceManager& sm)
      : param_(param), inside_(inside), sm_(sm) {}
  bool VisitDeclRefExpr(DeclRefExpr* e) {
    if (e->getDecl() != param_) return true;
    ++all;
    const SourceLocation l = sm_.getFileLoc(e->getLocation());
    if (!sm_.isBeforeInTranslationUnit(l, sm_.getFileLoc(inside_.getBegin())) &&
        !sm_.isBeforeInTranslationUnit(sm_.getFileLoc(inside_.getEnd()), l))
      ++within;
    return true;
  }
  unsigned all = 0, within = 0;

 private:
  const NonTypeTemplateParmDecl* param_;
  SourceRange inside_;
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

void describeTemplateParameter(ASTContext& ctx, const Expr* size, const FunctionDecl* kernel, const VarDecl* array,
                               ir::DimensionSpelling& d) {
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
  ParameterUses uses(param, array->getSourceRange(), ctx.getSourceManager());
  uses.TraverseStmt(const_cast<Stmt*>(pattern->getBody()));
  if (uses.all == 0 || uses.all != uses.within) return;
  d.templateParam = param->getNameAsString();
  d.templateParamIndex = index;
  d.templateParamValue = args->get(static_cast<unsigned>(index)).getAsIntegral().getExtValue();
}

void recordTemplateArgumentSites(ASTContext& ctx, const FunctionDecl* fn, const std::vector<HostLaunch>& launches,
                                 ir::KernelInstance& k) {
  const SourceManager& sm = ctx.getSourceManager();
  for (const HostLaunch* l : launchesOf(fn, launches)) {
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
