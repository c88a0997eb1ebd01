// bankcheck-static-shared-over-48k: a kernel whose static shared memory (__shared__ arrays with
// a size) is over what static allocations may use per block, 48 KB on every architecture bankcheck
// knows. ptxas rejects such a kernel; the tiled design needs dynamic shared memory and the opt-in.
#include "fmt/format.h"
#include "model/ArchProfile.h"
#include "rules/StaticSharedOver48kCheck.h"

namespace bankcheck::rules {

void StaticSharedOver48kCheck::run(const CheckContext& ctx, std::vector<report::Diagnostic>& out) const {
  const std::optional<model::ArchProfile> profile = model::findArchProfile(ctx.arch);
  const uint64_t limit = static_cast<uint64_t>(profile ? profile->sharedMemPerBlockDefault : 48 * 1024);
  for (const ir::KernelInstance& k : ctx.tu.kernels) {
    if (k.staticSmemBytes <= limit) continue;
    report::Diagnostic d;
    d.level = level();
    d.span.begin = d.span.end = k.loc.begin;  // the kernel's name, not its whole body
    d.checkName = name();
    d.message = fmt::format("kernel '{}' declares {} bytes of static shared memory; static allocations are limited to {} bytes "
                            "per block ({})",
                            k.name, k.staticSmemBytes, limit, ctx.arch);
    out.push_back(d);
    for (const ir::SharedArray& a : ctx.tu.arrays)
      if (a.kernelInstance == k.id && !a.isDynamic && a.sizeBytes > 0) {
        report::Diagnostic n;
        n.level = report::Level::Note;
        n.span = a.decl;
        n.message = fmt::format("'{}': {} bytes", a.name, a.sizeBytes);
        out.push_back(n);
      }
    report::Diagnostic fix;
    fix.level = report::Level::Note;
    fix.message =
        "declare the tiles `extern __shared__` and size them at the launch, after "
        "cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, bytes)";
    out.push_back(fix);
  }
}

}  // namespace bankcheck::rules
