// What a 1- or 2-byte shared-memory load is, and what its value becomes. ptxas merges the narrow
// loads of consecutive unrolled iterations into LDS/LDS.64 depending on both (measured in SASS,
// docs/hardware-model.md "Merged narrow accesses"): `__half` loads always merge, `__nv_bfloat16`
// loads merge unless the value is converted to float, 16-bit integers merge when converted to
// floating point.
#pragma once

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "ir/Module.h"

namespace bankcheck::frontend {

// The scalar class of an accessed type (`__half`, `__nv_bfloat16`, an integer, ...).
ir::NarrowScalar narrowScalarOf(clang::QualType type);

// How the value loaded through `at` (the shared lvalue, or the expression copied from it) is used
// by the expression around it: converted to a floating-point type (a cast, a conversion operator,
// or a call to a one-argument function returning one, such as `__bfloat162float`), or otherwise.
// Looks only at the parents of `at`, so it is asked only for the narrow loads whose merge
// depends on it.
ir::NarrowValueUse narrowValueUse(const clang::Expr* at, clang::ASTContext& ctx);

}  // namespace bankcheck::frontend
