// bankcheck-static-shared-over-48k: a kernel whose static shared memory (__shared__ arrays with
// a size) is over what static allocations may use per block, 48 KB on every architecture bankcheck
// knows. ptxas rejects such a kernel; the tiled design needs dynamic shared memory and the opt-in.
#include "fmt/format.h"
#include "rules/StaticSharedOver48kCheck.h"

namespace bankcheck::rules {

void StaticSharedOver48kCheck::run(const CheckContext& ctx, std::vector<report::Diagnostic>& out) const {
  const uint64_t limit = static_cast<uint64_t>(ctx.profile().sharedMemPerBlockDefault);
  for (const ir::KernelInstance& k : ctx.tu.kernels) {
    if (k.staticSmemBytes <= limit) continue;
    out.push_back(findingAt(k, fmt::format("kernel '{}' declares {} bytes of static shared memory; static allocations are "
                                           "limited to {} bytes per block ({})",
                                           k.name, k.staticSmemBytes, limit, ctx.arch)));
    for (const ir::SharedArray& a : ctx.tu.arrays)
      if (a.kernelInstance == k.id && !a.isDynamic && a.sizeBytes > 0)
        out.push_back(note(fmt::format("'{}': {} bytes", a.name, a.sizeBytes), a.decl));
    out.push_back(note("declare the tiles `extern __shared__` and size them at the launch, after "
                       "cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, bytes)"));
  }
}

}  // namespace bankcheck::rules
