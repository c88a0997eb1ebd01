// Values of scalar kernel parameters (and of members of by-value struct parameters, named
// `params.dim`): the constant every launch in the file passes (LaunchArguments.h), or one the user
// states (AssumedValues.h). A value replaces the parameter in the kernel's addresses, loop bounds,
// predicates and carve-out offsets, and every access it reaches says so in a note.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "ir/Module.h"

namespace bankcheck::frontend {

// Binds each parameter of `values` (by its symbol's name) in kernel instance `k`. The note on an
// affected access is "'dim' = 64, 'pitch' = 33: " + `origin`. Returns the names it bound (a name
// with no symbol in the kernel is one no address, bound or condition depends on).
std::vector<std::string> bindParameterValues(ir::TranslationUnit& tu, ir::KernelInstance& k,
                                             const std::map<std::string, int64_t>& values, const std::string& origin);

}  // namespace bankcheck::frontend
