// A padding written as a kernel template parameter (`__shared__ float tile[64][64 + PAD]`): which
// dimension the parameter sizes, and where each launch writes its argument (`k<0><<<...>>>`), so
// the advisor can set the padding at each instantiation instead of editing the template.
#pragma once

#include <vector>

#include "clang/AST/Decl.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Basic/SourceLocation.h"
#include "frontend/HostLaunches.h"
#include "llvm/ADT/DenseMap.h"
#include "ir/Module.h"


namespace bankcheck::frontend {

// Where each non-type template parameter is used in a kernel template's pattern, found once per
// pattern and shared by all of its instances (a translation unit's walks share one).
class TemplateParameterUses {
 public:
  using PerParameter = llvm::DenseMap<const clang::NonTypeTemplateParmDecl*, std::vector<clang::SourceLocation>>;
  const std::vector<clang::SourceLocation>& of(const clang::FunctionDecl* pattern, const clang::NonTypeTemplateParmDecl* param,
                                              const clang::SourceManager& sm);
  // The `__shared__` declarations of the pattern, as source ranges in file locations.
  const std::vector<clang::SourceRange>& sharedDeclarations(const clang::FunctionDecl* pattern, const clang::SourceManager& sm);

 private:
  void find(const clang::FunctionDecl* pattern, const clang::SourceManager& sm);
  struct Found {
    PerParameter uses;
    std::vector<clang::SourceRange> shared;
  };
  llvm::DenseMap<const clang::FunctionDecl*, Found> byPattern_;
};

// Fills d.templateParam* when the instantiated extent `size` of `array`'s dimension is a
// non-type template parameter of `kernel` or adds one (`64 + PAD`), and the kernel's pattern uses
// that parameter nowhere but in `__shared__` declarations (this one, and d.templateParamDeclarations
// in all: LeetCUDA's `s_a[BK][BM + OFFSET]` and `s_b[BK][BN + OFFSET]`).
void describeTemplateParameter(clang::ASTContext& ctx, TemplateParameterUses& uses, const clang::Expr* size,
                               const clang::FunctionDecl* kernel, const clang::VarDecl* array, ir::DimensionSpelling& d);

// Records, for every launch of kernel instance `k` (launchesOf), the integer literals it writes as
// explicit template arguments, and the first parameter it leaves to its default.
void recordTemplateArgumentSites(clang::ASTContext& ctx, const std::vector<const HostLaunch*>& launches, ir::KernelInstance& k);

}  // namespace bankcheck::frontend
