// bankcheck-dynamic-shared-opt-in: a block may use more than 48 KB of shared memory only after
// cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, bytes) raised its
// dynamic limit to at least what the launch asks; otherwise the launch fails with
// cudaErrorInvalidValue. A warning, not an error: the call may be in another file.
#include <set>

#include "fmt/format.h"
#include "mapper/BlockShapes.h"
#include "rules/DynamicSharedOptInCheck.h"

namespace bankcheck::rules {

void DynamicSharedOptInCheck::run(const CheckContext& ctx, std::vector<report::Diagnostic>& out) const {
  const uint64_t limit = static_cast<uint64_t>(ctx.profile().sharedMemPerBlockDefault);
  for (const ir::KernelInstance& k : ctx.tu.kernels) {
    // An opt-in whose value is not a constant may cover any launch.
    if (k.dynamicSmemOptIn && !k.dynamicSmemOptInBytes) continue;
    std::set<std::string> reported;
    for (size_t i = 0; i < mapper::blockShapeCount(k); ++i) {
      const ir::LaunchShape& s = mapper::blockShape(k, i);
      if (!s.dynamicSmemBytes) continue;
      const uint64_t dynamic = *s.dynamicSmemBytes;
      if (k.staticSmemBytes + dynamic <= limit) continue;
      if (k.dynamicSmemOptInBytes && *k.dynamicSmemOptInBytes >= dynamic) continue;
      if (!reported.insert(s.source).second) continue;
      const std::string optIn =
          k.dynamicSmemOptInBytes
              ? fmt::format("this file raises the limit of '{}' to only {} bytes", k.name, *k.dynamicSmemOptInBytes)
              : fmt::format("no cudaFuncSetAttribute('{}', cudaFuncAttributeMaxDynamicSharedMemorySize, ...) in this file raises it",
                            k.function);
      out.push_back(findingAt(k, fmt::format("the {} asks for {} bytes of dynamic shared memory ({} per block with the "
                                             "static); over {} bytes a kernel must opt in, and {}: the launch fails with "
                                             "cudaErrorInvalidValue",
                                             s.source, dynamic, k.staticSmemBytes + dynamic, limit, optIn)));
      out.push_back(note(fmt::format("call cudaFuncSetAttribute({}, cudaFuncAttributeMaxDynamicSharedMemorySize, {}) before the "
                                     "launch (or suppress this warning where another file does)",
                                     k.function, dynamic)));
    }
  }
}

}  // namespace bankcheck::rules
