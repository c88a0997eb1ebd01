// Values the user states for kernel parameters whose run-time value decides a bank pattern
// (`s[tid * pitch]`, a loop to `params.dim`): from the command line (`--assume pitch=33`, or
// `--assume kernel:pitch=33` for one kernel) or from a comment above the kernel
// (`// bankcheck: assume(pitch = 33, params.dim = 64)`). The command line wins over a comment,
// and both over the constant the launches pass. Each value is bound like a launch's constant
// (ParameterValues.h), and every access it reaches names it and where it came from.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "clang/AST/ASTContext.h"
#include "frontend/Frontend.h"
#include "frontend/LaunchShapes.h"
#include "ir/Module.h"

namespace bankcheck::frontend {

// `NAME=VALUE` (a parameter, or a member path `params.dim`; VALUE a decimal or 0x integer, or
// true / false);
// nullopt when malformed.
std::optional<std::pair<std::string, int64_t>> parseAssignment(llvm::StringRef text);

// `[kernel:]name=value`, as --assume takes it. False when malformed.
bool parseAssumption(const std::string& spec, ValueAssumption& out);

// The values of a `bankcheck: assume(a = 1, b.c = 2)` annotation in `text`: nullopt when there is
// none; a malformed one sets `error`.
std::optional<std::vector<std::pair<std::string, int64_t>>> parseAssumeAnnotation(llvm::StringRef text, std::string* error);

void bindAssumedValues(clang::ASTContext& ctx, ir::TranslationUnit& tu, const std::vector<KernelDecl>& kernels,
                       const FrontendOptions& options);

}  // namespace bankcheck::frontend
