#include "mapper/ReusedLoads.h"

namespace bankcheck::mapper {

namespace {
constexpr int kWindow = 16;  // accesses looked back over: a value kept in a register nearby

// Whether `earlier` runs whenever `later` does: its conditions are the first of `later`'s.
bool conditionsPrefix(const ir::Access& earlier, const ir::Access& later) {
  if (earlier.predicates.size() > later.predicates.size()) return false;
  for (size_t i = 0; i < earlier.predicates.size(); ++i)
    // One condition object (the same `if`), or two equal trees.
    if (earlier.predicates[i].condition != later.predicates[i].condition &&
        !ir::sameTree(earlier.predicates[i].condition, later.predicates[i].condition))
      return false;
  return true;
}
}  // namespace

int reusedLoad(const ir::TranslationUnit& tu, const ir::Access& candidate) {
  // Decided on the unit's own access: a candidate layout (a swizzle the advisor maps outside the
  // unit) rewrites both loads of one address alike, so one stays the other's reuse.
  if (candidate.id < 0 || static_cast<size_t>(candidate.id) >= tu.accesses.size()) return -1;
  const ir::Access& access = tu.accesses[static_cast<size_t>(candidate.id)];
  if (access.kernelInstance != candidate.kernelInstance || access.array != candidate.array || access.kind != candidate.kind)
    return -1;
  if (access.kind != ir::AccessKind::Load || access.isVolatile || access.fromLowering || !access.byteOffset) return -1;
  for (int id = access.id - 1; id >= 0 && access.id - id <= kWindow; --id) {
    const ir::Access& b = tu.accesses[static_cast<size_t>(id)];
    if (b.kernelInstance != access.kernelInstance || b.barrierEpoch != access.barrierEpoch || b.fromLowering) return -1;
    // Anything but a plain load may write shared memory (a store, an atomic, a copy into it),
    // unless both are distinct static arrays, which nvcc knows do not overlap.
    if (b.kind != ir::AccessKind::Load) {
      const ir::SharedArray &x = tu.rootOf(tu.array(b.array)), &y = tu.rootOf(tu.array(access.array));
      if (&x == &y || x.isDynamic || y.isDynamic) return -1;
      continue;
    }
    if (b.array != access.array || b.isVolatile || b.widthBytes != access.widthBytes || !b.byteOffset || b.loops != access.loops ||
        !conditionsPrefix(b, access))
      continue;
    if (ir::sameTree(b.byteOffset, access.byteOffset)) return id;  // the same array: the same address
  }
  return -1;
}

AccessResult reusedLoadResult(const ir::TranslationUnit& tu, const ir::Access& access, int reused) {
  AccessResult r;
  r.access = access.id;
  r.status = AccessResult::Status::Computed;
  r.instructionWidth = access.widthBytes;
  const ir::Access& first = tu.accesses[static_cast<size_t>(reused)];
  r.notes.push_back("not loaded again: the value of '" + first.spelling + "' loaded at line " + std::to_string(first.span.begin.line) +
                    " is reused (nvcc keeps one load where no store to shared memory, barrier or call comes between)");
  return r;
}

}  // namespace bankcheck::mapper
