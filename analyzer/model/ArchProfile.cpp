#include "ArchProfile.h"

#include <algorithm>
#include <cctype>
#include <climits>

namespace bankcheck::model {

namespace {

constexpr int64_t KB = 1024;

// Numbers per field; the letters in [] name the source, listed in ArchProfile.h.
//  sharedMemPerSM, sharedMemPerBlockOptIn, maxThreadsPerSM, maxWarpsPerSM, maxBlocksPerSM,
//  registers, 48 KB default per block ............................................ [PG] table
//  maxBlocksPerSM .................................................. also [OCC] cudaOccMaxBlocksPerMultiprocessor
//  reservedSharedMemPerBlock (1 KB from compute capability 8.0 on) ........ [PG] "Shared Memory"
//                                                                     8.x/9.0, [OCC] cudaOccSMemPerBlock
//  unifiedL1SharedPerSM (128/96/192/128/128/256 KB) ................ [PG] "Shared Memory" 7.x/8.x/9.0
//  carveoutKB ..................... [PG], [AT], [HT]; identical steps in [OCC] cudaOccAlignUpShmemSizeVoltaPlus
//  sharedMemAllocationUnit (256 B for 7.x, 128 B for 8.x/9.x) .... [OCC] cudaOccSMemAllocationGranularity
//  registerAllocationUnit (256 per warp), 4 sub-partitions ........ [OCC] cudaOccRegAllocationGranularity,
//                                                                     cudaOccSubPartitionsPerMultiprocessor
std::vector<ArchProfile> makeProfiles() {
  std::vector<ArchProfile> p;
  auto add = [&](const char* name, int cc, const char* family, int64_t smemSM, int64_t optIn, int64_t reserved,
                 int64_t unified, std::vector<int> carveouts, int unit, int threadsSM, int blocksSM) {
    ArchProfile a;
    a.name = name;
    a.computeCapability = cc;
    a.family = family;
    a.sharedMemPerSM = smemSM;
    a.sharedMemPerBlockDefault = 48 * KB;
    a.sharedMemPerBlockOptIn = optIn;
    a.reservedSharedMemPerBlock = reserved;
    a.unifiedL1SharedPerSM = unified;
    a.carveoutKB = std::move(carveouts);
    a.sharedMemAllocationUnit = unit;
    a.maxThreadsPerSM = threadsSM;
    a.maxWarpsPerSM = threadsSM / 32;
    a.maxBlocksPerSM = blocksSM;
    p.push_back(std::move(a));
  };
  add("sm_70", 70, "Volta (V100)", 96 * KB, 96 * KB, 0, 128 * KB, {0, 8, 16, 32, 64, 96}, 256, 2048, 32);
  add("sm_75", 75, "Turing (T4, RTX 20xx)", 64 * KB, 64 * KB, 0, 96 * KB, {32, 64}, 256, 1024, 16);
  add("sm_80", 80, "Ampere (A100)", 164 * KB, 163 * KB, 1 * KB, 192 * KB, {0, 8, 16, 32, 64, 100, 132, 164}, 128,
      2048, 32);
  add("sm_86", 86, "Ampere (RTX 30xx, A40, A10)", 100 * KB, 99 * KB, 1 * KB, 128 * KB, {0, 8, 16, 32, 64, 100}, 128,
      1536, 16);
  add("sm_89", 89, "Ada Lovelace (RTX 40xx, L4, L40)", 100 * KB, 99 * KB, 1 * KB, 128 * KB,
      {0, 8, 16, 32, 64, 100}, 128, 1536, 24);
  add("sm_90", 90, "Hopper (H100, H200)", 228 * KB, 227 * KB, 1 * KB, 256 * KB,
      {0, 8, 16, 32, 64, 100, 132, 164, 196, 228}, 128, 2048, 32);
  return p;
}

int64_t roundUp(int64_t x, int64_t unit) { return (x + unit - 1) / unit * unit; }

// The smallest carveout step holding `bytes` (cudaOccAlignUpShmemSizeVoltaPlus); -1 if none.
int64_t alignUpToCarveout(const ArchProfile& arch, int64_t bytes) {
  for (int kb : arch.carveoutKB)
    if (bytes <= kb * KB) return kb * KB;
  return -1;
}

}  // namespace

const std::vector<ArchProfile>& allArchProfiles() {
  static const std::vector<ArchProfile> profiles = makeProfiles();
  return profiles;
}

std::optional<ArchProfile> findArchProfile(const std::string& name) {
  std::string digits;
  for (char c : name)
    if (std::isdigit(static_cast<unsigned char>(c))) digits += c;
  if (digits.empty()) return std::nullopt;
  const int cc = std::stoi(digits);
  for (const ArchProfile& a : allArchProfiles())
    if (a.computeCapability == cc) return a;
  return std::nullopt;
}

const ArchProfile& defaultArchProfile() { return allArchProfiles().back(); }

const char* toString(OccupancyLimiter limiter) {
  switch (limiter) {
    case OccupancyLimiter::Warps: return "warps per SM";
    case OccupancyLimiter::Blocks: return "blocks per SM";
    case OccupancyLimiter::SharedMemory: return "shared memory";
    case OccupancyLimiter::Registers: return "registers";
    case OccupancyLimiter::DoesNotFit: return "does not fit";
  }
  return "?";
}

Occupancy computeOccupancy(const ArchProfile& arch, const OccupancyQuery& q) {
  Occupancy o;
  const int warpsPerBlock = (q.threadsPerBlock + 31) / 32;

  // Warps (cudaOccMaxBlocksPerSMWarpsLimit).
  if (q.threadsPerBlock <= 0 || q.threadsPerBlock > arch.maxThreadsPerBlock)
    o.byWarps = 0;
  else
    o.byWarps = arch.maxWarpsPerSM / warpsPerBlock;

  o.byBlocks = arch.maxBlocksPerSM;

  // Shared memory (cudaOccMaxBlocksPerSMSmemLimit).
  o.needsOptIn = q.sharedMemBytesPerBlock > arch.sharedMemPerBlockDefault;
  o.allocatedSharedMemPerBlock =
      roundUp(q.sharedMemBytesPerBlock + arch.reservedSharedMemPerBlock, arch.sharedMemAllocationUnit);
  const int64_t perBlockLimit =
      (o.needsOptIn ? arch.sharedMemPerBlockOptIn : arch.sharedMemPerBlockDefault) + arch.reservedSharedMemPerBlock;
  if (q.sharedMemBytesPerBlock < 0 || o.allocatedSharedMemPerBlock > perBlockLimit) {
    o.bySharedMemory = 0;
  } else {
    int64_t perSM = arch.sharedMemPerSM;
    if (q.carveoutKB) {
      const int64_t preferred = alignUpToCarveout(arch, int64_t(*q.carveoutKB) * KB);
      perSM = preferred >= o.allocatedSharedMemPerBlock ? preferred
                                                        : alignUpToCarveout(arch, o.allocatedSharedMemPerBlock);
      if (perSM < 0) perSM = arch.sharedMemPerSM;
    }
    o.bySharedMemory = o.allocatedSharedMemPerBlock > 0 ? int(perSM / o.allocatedSharedMemPerBlock) : INT_MAX;
  }

  // Registers (cudaOccMaxBlocksPerSMRegsLimit).
  if (q.registersPerThread <= 0) {
    o.byRegisters = INT_MAX;
  } else if (q.registersPerThread > arch.maxRegistersPerThread) {
    o.byRegisters = 0;
  } else {
    const int perWarp = int(roundUp(q.registersPerThread * 32, arch.registerAllocationUnit));
    const int perBlock = perWarp * warpsPerBlock;
    const int assumed = perWarp * int(roundUp(warpsPerBlock, arch.warpAllocationSubPartitions));
    if (arch.registersPerBlock < perBlock || arch.registersPerBlock < assumed) {
      o.byRegisters = 0;
    } else {
      const int warpsPerSubPartition = (arch.registersPerSM / arch.warpAllocationSubPartitions) / perWarp;
      o.byRegisters = warpsPerSubPartition * arch.warpAllocationSubPartitions / std::max(warpsPerBlock, 1);
    }
  }

  o.blocksPerSM = std::min({o.byWarps, o.byBlocks, o.bySharedMemory, o.byRegisters});
  if (o.blocksPerSM <= 0) {
    o.blocksPerSM = 0;
    o.limiter = OccupancyLimiter::DoesNotFit;
  } else if (o.bySharedMemory == o.blocksPerSM) {  // ties name the resource a kernel can change most
    o.limiter = OccupancyLimiter::SharedMemory;
  } else if (o.byRegisters == o.blocksPerSM) {
    o.limiter = OccupancyLimiter::Registers;
  } else if (o.byWarps == o.blocksPerSM) {
    o.limiter = OccupancyLimiter::Warps;
  } else {
    o.limiter = OccupancyLimiter::Blocks;
  }
  o.warpsPerSM = o.blocksPerSM * warpsPerBlock;
  o.occupancy = double(o.warpsPerSM) / arch.maxWarpsPerSM;
  return o;
}

}  // namespace bankcheck::model
