// The shared-memory bank model: how many wavefronts one warp-instruction needs.
//
// Measured on an H200 (sm_90); the rules, the evidence and how to re-measure are in
// docs/hardware-model.md. In short (all addresses are byte offsets into shared memory):
//
//  * 32 banks of 4 bytes; a lane's access covers the 4-byte words [addr/4, (addr+width-1)/4].
//  * The lanes are split into groups; a group needs as many wavefronts as the largest number
//    of DISTINCT words any one bank holds among the group's active lanes (several lanes on one
//    word cost nothing extra, loads and stores alike). The instruction needs the sum over its
//    groups; a warp with no active lane needs 0.
//  * 1-, 2-, 4-byte accesses: one group of 32 lanes.
//  * 8-byte: two groups of 16 lanes; 16-byte: four groups of 8 lanes. A LOAD whose lanes pair
//    up over the whole warp (for k = 1 or for k = 2: every two active lanes n and n^k read the
//    same address) is served in bigger groups: one group of 32 (8-byte) or the two half-warps
//    (16-byte). Stores never are.
//
// Besides the hardware count, countWavefronts() gives the two numbers Nsight Compute's
// SourceCounters section reports per SASS instruction, which the GPU verification compares
// against: `L1 Wavefronts Shared Ideal` and `L1 Wavefronts Shared`. The latter is ncu's own
// per-instruction estimate; it equals the hardware count except for some 8/16-byte loads with
// repeated addresses (see Wavefronts::reported).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace bankcheck::model {

inline constexpr int kWarpSize = 32;
inline constexpr int kNumBanks = 32;
inline constexpr int kBankWidthBytes = 4;

enum class MemOp { Load, Store };

const char* toString(MemOp op);  // "load" / "store"

// One warp-instruction: the byte address of each lane (negative: the lane is inactive, i.e.
// predicated off, exited, or outside the block), the access width of the SASS instruction
// (LDS.U8/LDS.U16/LDS/LDS.64/LDS.128 -> 1/2/4/8/16 bytes) and load or store.
struct WarpRequest {
  std::array<int64_t, kWarpSize> addr{};
  int widthBytes = 4;
  MemOp op = MemOp::Load;
};

// True for the widths a shared-memory instruction can have: 1, 2, 4, 8, 16.
bool isValidWidth(int widthBytes);

struct Wavefronts {
  // What the hardware does: l1tex__data_pipe_lsu_wavefronts_mem_shared_op_{ld,st}.sum for this
  // one instruction. This is the number bankcheck reports as "wavefronts".
  int actual = 0;
  // Nsight Compute's `L1 Wavefronts Shared Ideal` (SourceCounters, per SASS instruction).
  // Stores and 1/2/4-byte loads: ceil(active lanes * width / 128). 8/16-byte loads: the same
  // with each pair of lanes that shares an address counted once, when ncu treats the group as
  // merged (see docs/hardware-model.md). 0 when no lane is active.
  int ideal = 0;
  // Nsight Compute's `L1 Wavefronts Shared` (SourceCounters), ncu's own per-instruction
  // estimate. Equal to `actual` for stores and 1/2/4-byte loads. For 8/16-byte loads ncu merges
  // lane pairs only where the merged group needs a single wavefront (8-byte: the warp;
  // 16-byte: each half-warp on its own, with its own k), and it does not merge the second
  // half-warp of a 16-byte load when the first has an inactive lane and lane 31 is active.
  // So it can exceed `actual` (conflicting pairs) or fall below it (pairs in one half only).
  int reported = 0;
  // The fewest wavefronts any layout of the same data could take: one per 128 bytes requested in
  // each of the hardware's lane groups with an active lane (the warp, its half-warps or its
  // quarter-warps, by width), an 8/16-byte load whose lanes pair up over the warp counting each
  // pair once (the hardware serves it merged when nothing conflicts). ncu's `ideal` differs both
  // ways: it assumes the unmerged count when the merged warp would conflict, so a pairing load
  // that conflicts looks "ideal" to ncu (4 of 4 wavefronts) while the same loads in a padded
  // layout take 2; and it sums requests over the warp, so an 8-byte access by lanes 0 and 16 has
  // ncu ideal 1 where every layout takes 2. This is what bankcheck's "N-way" is measured against
  // (docs/hardware-model.md).
  int best = 0;
  // When `actual` is a measured bound rather than the count (cp.async.ca lines that overlap
  // their writes, model/OpModel.h): the fewest the hardware can take. 0 when `actual` is exact.
  int fewest = 0;

  // "N-way": actual / ideal, as ncu's source view computes it.
  double ways() const;
  // reported / ideal: what ncu's source view shows for the same instruction.
  double reportedWays() const;
};

// Counts the wavefronts of one warp-instruction. No heap allocation; safe to call millions of
// times. Throws std::invalid_argument for a width that isValidWidth() rejects.
Wavefronts countWavefronts(const WarpRequest& request);

// ---- --explain: the groups the hardware forms and what each bank serves -------------------

struct BankUse {
  uint32_t lanes = 0;          // bit l set: lane l touches this bank
  std::vector<int64_t> words;  // the distinct 4-byte word indices (byte address / 4), sorted
};

struct LaneGroup {
  uint32_t lanes = 0;  // bit l set: lane l belongs to the group (active or not)
  int wavefronts = 0;  // max over banks of words.size()
  std::array<BankUse, kNumBanks> banks{};
};

struct BankMap {
  int widthBytes = 4;
  MemOp op = MemOp::Load;
  uint32_t activeLanes = 0;  // bit l set: lane l is active
  int pairing = 0;           // 1 or 2 when the lanes pair up over the warp (n and n^k), else 0
  bool merged = false;       // an 8/16-byte load served in bigger groups because of the pairing
  std::vector<LaneGroup> groups;  // in lane order; the hardware's groups
  Wavefronts wavefronts;
};

BankMap explainRequest(const WarpRequest& request);

// A plain-text rendering of a BankMap for `bankcheck --explain`: one header line saying how the
// lanes were grouped and why, then per group the banks that hold more than one distinct word
// (the conflicting ones) first, then the others, e.g.
//   bank  0: 2 words  lanes 0,16       words 0 (byte 0), 32 (byte 128)
std::string formatBankMap(const BankMap& map);

}  // namespace bankcheck::model
