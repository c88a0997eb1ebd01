// bankcheck-occupancy-cliff: a launch whose resident blocks per SM are limited by shared memory
// alone (warps and the block limit would allow more), and just past a high step: freeing at most
// an eighth of its shared memory would fit one more block, which adds at least an eighth more
// resident warps. Padding that pushes a kernel over such a
// step costs more than its conflicts did; a tile a little smaller can be worth a whole block.
#include <algorithm>
#include <climits>
#include <optional>
#include <set>

#include "fmt/format.h"
#include "mapper/BlockShapes.h"
#include "mapper/PtxWidths.h"
#include "rules/OccupancyCliffCheck.h"

namespace bankcheck::rules {

namespace {
// A step is worth a finding when it is near (the bytes to free are at most an eighth of the
// block's shared memory) and high (one more block adds at least an eighth more resident warps:
// 8 blocks per SM or fewer).
constexpr int64_t kCliffFractionDenominator = 8;
constexpr int kMaxBlocksForCliff = 8;

model::Occupancy occupancyWith(const model::ArchProfile& arch, int threads, int64_t bytes, int registers) {
  model::OccupancyQuery q;
  q.threadsPerBlock = threads;
  q.sharedMemBytesPerBlock = bytes;
  q.registersPerThread = registers;
  return model::computeOccupancy(arch, q);
}
}  // namespace

void OccupancyCliffCheck::run(const CheckContext& ctx, std::vector<report::Diagnostic>& out) const {
  const model::ArchProfile arch = ctx.profile();
  for (const ir::KernelInstance& k : ctx.tu.kernels) {
    if (!k.analyzed) continue;
    bool usesDynamic = false;
    for (const ir::SharedArray& a : ctx.tu.arrays) usesDynamic |= a.kernelInstance == k.id && a.isDynamic && a.carvedFrom < 0;
    // One finding per kernel instance and size: the first launch shape past a step, with the
    // number of others (a launcher that tries several block sizes would repeat it).
    struct Cliff {
      const ir::LaunchShape* shape;
      model::Occupancy now, more;
      int64_t bytes, toFree;
      int others = 0;
    };
    std::vector<Cliff> cliffs;
    // Registers per thread from ptxas (--ptx), else not counted (0).
    const std::optional<int> counted = ctx.ptx ? mapper::registersOf(*ctx.ptx, k.name) : std::nullopt;
    const int registers = counted.value_or(0);
    std::set<std::pair<int, int64_t>> seen;
    for (size_t i = 0; i < mapper::blockShapeCount(k); ++i) {
      const ir::LaunchShape& s = mapper::blockShape(k, i);
      if (!s.known || s.assumed) continue;
      // A kernel with `extern __shared__` is judged only where the launch gives its size.
      if (usesDynamic && !s.dynamicSmemBytes) continue;
      const int threads = static_cast<int>(s.x * s.y * s.z);
      const int64_t bytes = static_cast<int64_t>(k.staticSmemBytes + s.dynamicSmemBytes.value_or(0));
      if (bytes <= 0 || !seen.insert({threads, bytes}).second) continue;
      const model::Occupancy now = occupancyWith(arch, threads, bytes, registers);
      if (now.blocksPerSM <= 0 || now.blocksPerSM > kMaxBlocksForCliff ||
          now.bySharedMemory >= std::min({now.byWarps, now.byBlocks, now.byRegisters}))
        continue;
      // The most shared memory that fits one more block: blocks fall as bytes grow.
      int64_t lo = 0, hi = bytes;  // occupancyWith(lo) fits more; occupancyWith(hi) does not
      if (occupancyWith(arch, threads, lo, registers).bySharedMemory <= now.bySharedMemory) continue;
      while (hi - lo > 1) {
        const int64_t mid = lo + (hi - lo) / 2;
        (occupancyWith(arch, threads, mid, registers).bySharedMemory > now.bySharedMemory ? lo : hi) = mid;
      }
      const int64_t toFree = bytes - lo;
      if (toFree * kCliffFractionDenominator > bytes) continue;
      bool repeated = false;
      for (Cliff& c : cliffs)
        if (c.bytes == bytes) {
          ++c.others;
          repeated = true;
        }
      if (!repeated) cliffs.push_back({&s, now, occupancyWith(arch, threads, lo, registers), bytes, toFree});
    }
    for (const Cliff& c : cliffs) {
      report::Diagnostic finding = findingAt(
          k, fmt::format("kernel '{}' fits {} blocks per SM on {}, limited by its {} bytes of shared memory per block ({}); "
                         "{} bytes less would fit {} (occupancy {:.0f}% -> {:.0f}%)",
                         k.name, c.now.blocksPerSM, ctx.arch, c.bytes, c.shape->source, c.toFree, c.more.blocksPerSM,
                         100 * c.now.occupancy, 100 * c.more.occupancy));
      // Without the register count the step may not be the limit at all (a GEMM with 128
      // registers per thread is held to fewer blocks by its registers): only a remark then.
      if (!counted) finding.level = report::Level::Remark;
      out.push_back(std::move(finding));
      for (const ir::SharedArray& a : ctx.tu.arrays)
        if (a.kernelInstance == k.id && !a.isDynamic && a.sizeBytes > 0)
          out.push_back(note(fmt::format("'{}': {} bytes", a.name, a.sizeBytes), a.decl));
      if (c.shape->dynamicSmemBytes && *c.shape->dynamicSmemBytes > 0)
        out.push_back(note(fmt::format("{} bytes of dynamic shared memory from the launch", *c.shape->dynamicSmemBytes)));
      if (c.others > 0)
        out.push_back(note(fmt::format("the same holds for {} other block shape{} of its launches", c.others, c.others == 1 ? "" : "s")));
      out.push_back(note(counted ? fmt::format("each block also takes {} reserved bytes, and allocations are rounded up to {} bytes; "
                                               "{} registers per thread (ptxas) allow {} blocks",
                                               arch.reservedSharedMemPerBlock, arch.sharedMemAllocationUnit, registers,
                                               c.more.byRegisters == INT_MAX ? std::string("any number of") : std::to_string(c.more.byRegisters))
                                 : fmt::format("each block also takes {} reserved bytes, and allocations are rounded up to {} bytes; "
                                               "registers are not counted and may limit the blocks first (--ptx counts them with ptxas: "
                                               "then this is a warning, or nothing)",
                                               arch.reservedSharedMemPerBlock, arch.sharedMemAllocationUnit)));
    }
  }
}

}  // namespace bankcheck::rules
