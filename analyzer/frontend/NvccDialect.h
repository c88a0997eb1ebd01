// Constructs nvcc's front end accepts and Clang rejects, recognized from Clang's errors so that the
// kernel around them is judged as nvcc compiles it, not as code that does not compile.
#pragma once

#include <optional>
#include <string>

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "frontend/DiagnosticCollector.h"

namespace bankcheck::frontend {

// A class whose only default constructor is an empty `__host__` one
// (`union SMem { T a[N]; TempStorage r; SMem() {} }; __shared__ SMem tmp;`, the usual way to put
// a CUB TempStorage in a union). nvcc runs no constructor for a `__shared__` variable and accepts
// an empty one; Clang finds no constructor it may call from device code and rejects the variable.
// Such a constructor is made `__host__ __device__`, as if written so: calling an empty
// constructor from device code changes nothing, and code nvcc compiles calls it there only for
// a `__shared__` variable. Called when the class's definition is complete, before any variable
// of it is declared.
void acceptEmptyHostConstructors(clang::CXXRecordDecl* record);

// A member template of a dependent class named without `template`
// (`Sums<P, 4>::dispatch<N>(smem, x)`): nvcc calls it, Clang parses comparisons and then finds an
// overloaded function where a value was expected. Returns the reason the kernel is not analyzed,
// naming the fix, when `d` is that error.
std::optional<std::string> memberTemplateWithoutTemplateKeyword(clang::ASTContext& ctx, const CollectedDiagnostic& d);

}  // namespace bankcheck::frontend
