// bankcheck-shared-over-capacity: static plus dynamic shared memory of a launch over the most a
// block can have on the architecture with cudaFuncAttributeMaxDynamicSharedMemorySize (227 KB on
// sm_90). Such a launch fails at run time with cudaErrorInvalidValue, whatever the opt-in.
#include <set>

#include "fmt/format.h"
#include "mapper/BlockShapes.h"
#include "rules/SharedOverCapacityCheck.h"

namespace bankcheck::rules {

void SharedOverCapacityCheck::run(const CheckContext& ctx, std::vector<report::Diagnostic>& out) const {
  const uint64_t capacity = static_cast<uint64_t>(ctx.profile().sharedMemPerBlockOptIn);
  for (const ir::KernelInstance& k : ctx.tu.kernels) {
    std::set<std::string> reported;
    for (size_t i = 0; i < mapper::blockShapeCount(k); ++i) {
      const ir::LaunchShape& s = mapper::blockShape(k, i);
      const uint64_t dynamic = s.dynamicSmemBytes.value_or(0);
      // Sums past the capacity by far (a launch asking 2^63 bytes) are still over it.
      const uint64_t total = dynamic > capacity ? dynamic : k.staticSmemBytes + dynamic;
      if (total <= capacity || !reported.insert(s.source).second) continue;
      out.push_back(findingAt(k, fmt::format("kernel '{}' needs {} bytes of shared memory per block ({} static + {} dynamic, "
                                             "{}); {} has at most {} per block, with the opt-in",
                                             k.name, total, k.staticSmemBytes, dynamic, s.source, ctx.arch, capacity)));
    }
  }
}

}  // namespace bankcheck::rules
