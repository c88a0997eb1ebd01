// A padding written as a kernel template parameter (`__shared__ float tile[64][64 + PAD]`): which
// dimension the parameter sizes, and where each launch writes its argument (`k<0><<<...>>>`), so
// the advisor can set the padding at each instantiation instead of editing the template.
#pragma once

#include <vector>

#include "frontend/HostLaunches.h"
#include "ir/Module.h"

namespace clang {
class ASTContext;
class Expr;
class FunctionDecl;
class VarDecl;
}  // namespace clang

namespace bankcheck::frontend {

// Fills d.templateParam* when the instantiated extent `size` of `array`'s dimension is a
// non-type template parameter of `kernel` or adds one (`64 + PAD`), and the kernel's pattern uses
// that parameter nowhere but in this declaration.
void describeTemplateParameter(clang::ASTContext& ctx, const clang::Expr* size, const clang::FunctionDecl* kernel,
                               const clang::VarDecl* array, ir::DimensionSpelling& d);

// Records, for every launch of `fn`, the integer literals it writes as explicit template arguments.
void recordTemplateArgumentSites(clang::ASTContext& ctx, const clang::FunctionDecl* fn, const std::vector<HostLaunch>& launches,
                                 ir::KernelInstance& k);

}  // namespace bankcheck::frontend
