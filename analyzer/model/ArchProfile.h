// Per-architecture shared-memory and occupancy limits, sm_70 ... sm_90, and an occupancy
// estimate (resident blocks per SM) that follows the CUDA occupancy calculator.
//
// Sources (cited per field in ArchProfile.cpp):
//  [PG]  CUDA C++ Programming Guide, "Features and Technical Specifications", table
//        "Technical Specifications per Compute Capability", and the sections "Shared Memory"
//        for compute capability 7.x, 8.x and 9.0 (carveout sizes, 1 KB per-block reservation).
//        https://docs.nvidia.com/cuda/cuda-c-programming-guide/#features-and-technical-specifications
//  [AT]  Tuning CUDA Applications for NVIDIA Ampere GPU Architecture, "Shared Memory":
//        "The NVIDIA A100 GPU supports shared memory capacity of 0, 8, 16, 32, 64, 100, 132 or
//        164 KB per SM. GPUs with compute capability 8.6 support shared memory capacity of 0, 8,
//        16, 32, 64 or 100 KB per SM." https://docs.nvidia.com/cuda/ampere-tuning-guide
//  [HT]  Tuning CUDA Applications for Hopper GPU Architecture, "Increased Shared Memory
//        Capacity" (228 KB per SM, 227 KB per block). https://docs.nvidia.com/cuda/hopper-tuning-guide
//  [OCC] cuda_occupancy.h of the CUDA 13.0 toolkit (the occupancy calculator's own code):
//        cudaOccMaxBlocksPerMultiprocessor, cudaOccSMemAllocationGranularity,
//        cudaOccRegAllocationGranularity, cudaOccAlignUpShmemSizeVoltaPlus (carveout steps),
//        cudaOccMaxBlocksPerSMSmemLimit (static + reserved + dynamic, rounded up).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace bankcheck::model {

struct ArchProfile {
  std::string name;       // "sm_90"
  int computeCapability;  // 90
  std::string family;     // "Hopper (H100, H200)"
  // Bank geometry (the same on every profile here; measured on sm_90, see docs/hardware-model.md).
  int numBanks = 32;
  int bankWidthBytes = 4;
  // Shared memory.
  int64_t sharedMemPerSM;            // largest carveout, bytes
  int64_t sharedMemPerBlockDefault;  // without opt-in: 48 KB (static shared memory is capped here)
  int64_t sharedMemPerBlockOptIn;    // with cudaFuncSetAttribute(MaxDynamicSharedMemorySize)
  int64_t reservedSharedMemPerBlock; // taken by the driver from every block (1 KB on sm_80+)
  int64_t unifiedL1SharedPerSM;      // L1 + shared memory capacity the carveout splits
  std::vector<int> carveoutKB;       // the shared-memory sizes the carveout can select
  int sharedMemAllocationUnit;       // per-block allocations are rounded up to this, bytes
  // Threads, warps, blocks.
  int maxThreadsPerBlock = 1024;
  int maxThreadsPerSM;
  int maxWarpsPerSM;
  int maxBlocksPerSM;
  // Registers.
  int registersPerSM = 65536;
  int registersPerBlock = 65536;
  int maxRegistersPerThread = 255;
  int registerAllocationUnit = 256;  // registers per warp are rounded up to this
  int warpAllocationSubPartitions = 4;
};

// The profiles, sm_70, sm_75, sm_80, sm_86, sm_89, sm_90, in that order.
const std::vector<ArchProfile>& allArchProfiles();
// Looks a profile up by "sm_90", "sm90", "90", "9.0" or "compute_90"; nullopt when unknown.
std::optional<ArchProfile> findArchProfile(const std::string& name);
// The profile of the GPU the bank model was measured on (sm_90).
const ArchProfile& defaultArchProfile();

enum class OccupancyLimiter {
  Warps,         // max resident warps / threads per SM
  Blocks,        // max resident blocks per SM
  SharedMemory,  // shared memory per SM
  Registers,     // register file
  DoesNotFit,    // a single block cannot launch (too many threads, shared memory or registers)
};
const char* toString(OccupancyLimiter limiter);

struct OccupancyQuery {
  int threadsPerBlock = 0;
  int64_t sharedMemBytesPerBlock = 0;  // static + dynamic, as the kernel asks for it
  int registersPerThread = 0;          // 0: registers not considered
  // The shared-memory carveout the driver may pick: nullopt = the largest (the driver picks a
  // carveout large enough for the launch); otherwise the preferred size in KB.
  std::optional<int> carveoutKB;
};

struct Occupancy {
  int blocksPerSM = 0;
  int warpsPerSM = 0;
  double occupancy = 0;  // warpsPerSM / maxWarpsPerSM
  OccupancyLimiter limiter = OccupancyLimiter::Warps;
  int64_t allocatedSharedMemPerBlock = 0;  // with the reservation, rounded to the allocation unit
  bool needsOptIn = false;  // more than sharedMemPerBlockDefault: needs cudaFuncSetAttribute
  // The per-limit block counts (INT32_MAX when a resource does not limit).
  int byWarps = 0, byBlocks = 0, bySharedMemory = 0, byRegisters = 0;
};

// Resident blocks per SM for one kernel on `arch`, following cuda_occupancy.h.
Occupancy computeOccupancy(const ArchProfile& arch, const OccupancyQuery& query);

}  // namespace bankcheck::model
