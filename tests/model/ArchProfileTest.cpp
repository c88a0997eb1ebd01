// Architecture profiles and the occupancy estimate. Expected values are worked out from the
// CUDA occupancy calculator's rules (cuda_occupancy.h) by hand in each comment.
#include <gtest/gtest.h>

#include "model/ArchProfile.h"

namespace bankcheck::model {
namespace {

ArchProfile arch(const char* name) {
  auto a = findArchProfile(name);
  if (!a) throw std::runtime_error(std::string("no profile ") + name);
  return *a;
}

TEST(ArchProfile, AllSixProfiles) {
  std::vector<std::string> names;
  for (const ArchProfile& a : allArchProfiles()) names.push_back(a.name);
  EXPECT_EQ(names, (std::vector<std::string>{"sm_70", "sm_75", "sm_80", "sm_86", "sm_89", "sm_90"}));
  EXPECT_EQ(defaultArchProfile().name, "sm_90");
  for (const ArchProfile& a : allArchProfiles()) {
    EXPECT_EQ(a.numBanks, 32);
    EXPECT_EQ(a.bankWidthBytes, 4);
    EXPECT_EQ(a.sharedMemPerBlockDefault, 48 * 1024) << a.name;
    EXPECT_LE(a.sharedMemPerBlockOptIn + a.reservedSharedMemPerBlock, a.sharedMemPerSM) << a.name;
    EXPECT_EQ(a.carveoutKB.back() * 1024, a.sharedMemPerSM) << a.name;
    EXPECT_EQ(a.maxWarpsPerSM * 32, a.maxThreadsPerSM) << a.name;
  }
}

TEST(ArchProfile, Numbers) {
  const ArchProfile h = arch("sm_90");
  EXPECT_EQ(h.sharedMemPerSM, 233472);          // 228 KB
  EXPECT_EQ(h.sharedMemPerBlockOptIn, 232448);  // 227 KB
  EXPECT_EQ(h.reservedSharedMemPerBlock, 1024);
  EXPECT_EQ(h.maxBlocksPerSM, 32);
  const ArchProfile a100 = arch("sm_80");
  EXPECT_EQ(a100.sharedMemPerSM, 164 * 1024);
  EXPECT_EQ(a100.sharedMemPerBlockOptIn, 163 * 1024);
  EXPECT_EQ(arch("sm_86").maxThreadsPerSM, 1536);
  EXPECT_EQ(arch("sm_86").maxBlocksPerSM, 16);
  EXPECT_EQ(arch("sm_89").maxBlocksPerSM, 24);
  EXPECT_EQ(arch("sm_75").maxThreadsPerSM, 1024);
  EXPECT_EQ(arch("sm_75").sharedMemPerBlockOptIn, 64 * 1024);
  EXPECT_EQ(arch("sm_70").reservedSharedMemPerBlock, 0);
  EXPECT_EQ(arch("sm_70").sharedMemAllocationUnit, 256);
  EXPECT_EQ(arch("sm_75").carveoutKB, (std::vector<int>{32, 64}));
}

TEST(ArchProfile, Lookup) {
  EXPECT_EQ(findArchProfile("9.0")->name, "sm_90");
  EXPECT_EQ(findArchProfile("compute_86")->name, "sm_86");
  EXPECT_EQ(findArchProfile("sm_90a")->name, "sm_90");
  EXPECT_EQ(findArchProfile("75")->name, "sm_75");
  EXPECT_FALSE(findArchProfile("sm_60"));
  EXPECT_FALSE(findArchProfile("hopper"));
}

TEST(Occupancy, WarpLimited) {
  // 256 threads = 8 warps; 64 warps per SM -> 8 blocks, 100%.
  const Occupancy o = computeOccupancy(arch("sm_80"), {256, 0, 0, {}});
  EXPECT_EQ(o.blocksPerSM, 8);
  EXPECT_EQ(o.limiter, OccupancyLimiter::Warps);
  EXPECT_DOUBLE_EQ(o.occupancy, 1.0);
  // 1024 threads on sm_86 (48 warps per SM): 1 block, 32/48 warps.
  const Occupancy g = computeOccupancy(arch("sm_86"), {1024, 0, 0, {}});
  EXPECT_EQ(g.blocksPerSM, 1);
  EXPECT_NEAR(g.occupancy, 32.0 / 48.0, 1e-12);
  EXPECT_EQ(computeOccupancy(arch("sm_86"), {768, 0, 0, {}}).blocksPerSM, 2);
}

TEST(Occupancy, BlockLimited) {
  // 32 threads: 1 warp per block; sm_89 holds at most 24 blocks.
  const Occupancy o = computeOccupancy(arch("sm_89"), {32, 0, 0, {}});
  EXPECT_EQ(o.blocksPerSM, 24);
  EXPECT_EQ(o.limiter, OccupancyLimiter::Blocks);
  EXPECT_EQ(o.warpsPerSM, 24);
}

TEST(Occupancy, SharedMemoryLimited) {
  // sm_89, 100 KB per SM, 1 KB reserved per block: 4 blocks need <= 24576 bytes each
  // (25600 - 1024).
  const Occupancy four = computeOccupancy(arch("sm_89"), {128, 24576, 0, {}});
  EXPECT_EQ(four.blocksPerSM, 4);
  EXPECT_EQ(four.limiter, OccupancyLimiter::SharedMemory);
  EXPECT_EQ(four.allocatedSharedMemPerBlock, 25600);
  EXPECT_EQ(computeOccupancy(arch("sm_89"), {128, 24577, 0, {}}).blocksPerSM, 3);  // 25601 -> 25728 bytes
  // sm_90, 48 KB static: (49152 + 1024) = 50176 bytes; 233472 / 50176 = 4.
  const Occupancy h = computeOccupancy(arch("sm_90"), {128, 48 * 1024, 0, {}});
  EXPECT_EQ(h.blocksPerSM, 4);
  EXPECT_FALSE(h.needsOptIn);
  EXPECT_TRUE(computeOccupancy(arch("sm_90"), {128, 48 * 1024 + 1, 0, {}}).needsOptIn);
  // Padding that costs a block: 32x32 float tile (4096 B) vs a 64x65 float tile (16640 B) with
  // 1024 threads is warp-limited either way; with 128 threads on sm_80: 167936/(16640+1024) = 9.
  EXPECT_EQ(computeOccupancy(arch("sm_80"), {128, 16640, 0, {}}).blocksPerSM, 9);
  EXPECT_EQ(computeOccupancy(arch("sm_80"), {128, 16384, 0, {}}).blocksPerSM, 9);
  EXPECT_EQ(computeOccupancy(arch("sm_80"), {128, 20480, 0, {}}).blocksPerSM, 7);
  // Ties name shared memory: 1024 threads (2 blocks by warps) and 100 KB (2 blocks by smem).
  const Occupancy tie = computeOccupancy(arch("sm_90"), {1024, 100 * 1024, 0, {}});
  EXPECT_EQ(tie.blocksPerSM, 2);
  EXPECT_EQ(tie.limiter, OccupancyLimiter::SharedMemory);
}

TEST(Occupancy, OptInLimits) {
  EXPECT_EQ(computeOccupancy(arch("sm_90"), {256, 227 * 1024, 0, {}}).blocksPerSM, 1);
  const Occupancy no = computeOccupancy(arch("sm_90"), {256, 227 * 1024 + 1, 0, {}});
  EXPECT_EQ(no.blocksPerSM, 0);
  EXPECT_EQ(no.limiter, OccupancyLimiter::DoesNotFit);
  EXPECT_EQ(computeOccupancy(arch("sm_75"), {256, 64 * 1024, 0, {}}).blocksPerSM, 1);  // no reservation
  EXPECT_EQ(computeOccupancy(arch("sm_75"), {256, 64 * 1024 + 1, 0, {}}).blocksPerSM, 0);
  EXPECT_EQ(computeOccupancy(arch("sm_70"), {256, 96 * 1024, 0, {}}).blocksPerSM, 1);
  EXPECT_EQ(computeOccupancy(arch("sm_80"), {2048, 0, 0, {}}).limiter, OccupancyLimiter::DoesNotFit);
}

TEST(Occupancy, Registers) {
  // 64 registers per thread: 2048 per warp; 16384 per sub-partition -> 8 warps each, 32 per SM;
  // 256-thread blocks (8 warps) -> 4 blocks, 50%.
  const Occupancy o = computeOccupancy(arch("sm_90"), {256, 0, 64, {}});
  EXPECT_EQ(o.blocksPerSM, 4);
  EXPECT_EQ(o.limiter, OccupancyLimiter::Registers);
  EXPECT_DOUBLE_EQ(o.occupancy, 0.5);
  // 255 registers: 8160 -> 8192 per warp, 2 warps per sub-partition: one 256-thread block does
  // not fit (8 warps need 65536 registers... exactly 65536: fits), 1024 threads do not.
  EXPECT_EQ(computeOccupancy(arch("sm_90"), {256, 0, 255, {}}).blocksPerSM, 1);
  EXPECT_EQ(computeOccupancy(arch("sm_90"), {1024, 0, 255, {}}).limiter, OccupancyLimiter::DoesNotFit);
  EXPECT_EQ(computeOccupancy(arch("sm_90"), {256, 0, 256, {}}).limiter, OccupancyLimiter::DoesNotFit);
}

TEST(Occupancy, Carveout) {
  // A preferred carveout of 64 KB on sm_80 with 40 KB blocks: 41984 bytes allocated, one block.
  EXPECT_EQ(computeOccupancy(arch("sm_80"), {128, 40 * 1024, 0, 64}).blocksPerSM, 1);
  // Without a preference the driver uses the largest carveout (164 KB): 4 blocks.
  EXPECT_EQ(computeOccupancy(arch("sm_80"), {128, 40 * 1024, 0, {}}).blocksPerSM, 4);
  // A carveout smaller than one block is raised to the next step that holds it (100 KB).
  EXPECT_EQ(computeOccupancy(arch("sm_80"), {128, 70 * 1024, 0, 8}).blocksPerSM, 1);
}

}  // namespace
}  // namespace bankcheck::model
