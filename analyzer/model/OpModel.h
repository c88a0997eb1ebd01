// Wavefronts of the shared-memory instructions that are not plain LDS/STS: ldmatrix (LDSM),
// stmatrix (STSM), the shared destination of cp.async (LDGSTS) and shared atomics (ATOMS).
//
// Fitted to the 290 single-instruction H200 measurements of h200-op-patterns.csv; the rules,
// their fit and what the data leaves open are in docs/hardware-model.md ("Other instructions").
// In short (byte addresses into shared memory, bank = (addr / 4) mod 32):
//
//  * ldsm/stsm .xN[.trans]: each 8x8 matrix m (its 8 rows of 16 bytes come from lanes 8m..8m+7)
//    is one group; a group takes the largest number of distinct 4-byte words in one bank, at
//    least 1. Lanes from 8N up give no address. `.trans` changes nothing. Ideal: N.
//  * atom.4: lanes on the same word are NOT merged (each atomic is its own update): the
//    largest number of active lanes whose address falls in one bank. Ideal: 1.
//  * cp.async.ca (4, 8 and 16 bytes; LDGSTS.E, .E.64, .E.128): the lanes are grouped by the
//    128-byte GLOBAL line they read; each group is written in as many wavefronts as the most
//    distinct 4-byte words one bank receives from it (at least 1); the instruction takes the
//    sum. Measured on 388 patterns that vary the source layout as well as the destination
//    (docs/hardware-model.md): exact wherever each line's lanes read it contiguously in lane
//    order (every tile copy real code writes), within a few wavefronts otherwise. Timing on the
//    H200 follows the same count. The ideal is one wavefront per source line. Except: where a
//    group that conflicts reads only part of its line, the H200 overlaps its writes with other
//    lines' (measured on 185 such layouts, 2026-12-02): the sum is then the most, flagged
//    approximate, unless it equals the fewest possible (one per line, or the most words one bank
//    receives from the warp).
//  * cp.async.cg 16 bytes (LDGSTS.E.BYPASS.128): the launch's shared-wavefront counter includes
//    none of its writes. Without sources the rule returns max(1, ceil(active lanes * 16 / 128)),
//    what that counter shows, flagged counter-only. With sources it predicts what Nsight
//    Compute's source view shows for the instruction (the only per-line count there is): lanes
//    grouped by (global line, shared line); in a group one wavefront moves whole 32-byte sectors,
//    or one same 16-byte half of several sectors, under one XOR in bits 0-1 of their chunk
//    positions (790 of 791 measured patterns; approximate where a chunk is read twice into one
//    destination half). The time of a copy also depends on the shared banks, which this count
//    does not weigh (docs/hardware-model.md).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>

#include "BankModel.h"

namespace bankcheck::model {

enum class OpKind { Ldsm, Stsm, CpAsync, Atom };

struct OpRequest {
  OpKind kind = OpKind::Ldsm;
  int matrices = 1;     // ldsm/stsm: 1, 2 or 4 (the .xN)
  bool trans = false;   // ldsm/stsm: .trans
  int widthBytes = 16;  // bytes per lane: 16 for ldsm/stsm rows, 4/8/16 for cp.async, 4 for atom
  // Byte address per lane; negative: the lane gives no address (inactive, or for ldsm/stsm a
  // lane at or above 8 * matrices, whose address the instruction ignores anyway).
  std::array<int64_t, kWarpSize> addr{};
  // cp.async: .cg (L1-bypassing, 16 bytes only) rather than .ca, and the global byte address
  // each lane reads (lines are 128-byte aligned in this address space). Without sources the
  // probe's layout is assumed: lane i reads 16 * i.
  bool bypassL1 = false;
  bool hasSource = false;
  std::array<int64_t, kWarpSize> source{};
};

// How far a kind's rule is backed by the measurements.
enum class OpFit {
  Exact,       // ldsm, stsm, atom: every measured row reproduced
  Approximate, // cp.async.ca whose lanes read some source line out of lane order or with gaps:
               // the measured rule is exact for contiguous sources, within a few wavefronts here;
               // cp.async.ca whose conflicting lines, read in part, may overlap (the count is the most);
               // cp.async.cg where a group reads a chunk twice into one destination half
  CounterOnly  // cp.async.cg 16 without sources: reproduces a counter that saw no bank conflict at all
};

const char* toString(OpFit fit);  // "exact" / "approximate" / "counter-only"

struct OpWavefronts {
  int actual = 0;  // the wavefronts this rule predicts (the `wavefronts` column)
  int ideal = 0;   // the conflict-free count: matrices, 1, the source lines (cp.async.ca), or
                   // max(1, ceil(active * 16 / 128)) (cp.async.cg)
  OpFit fit = OpFit::Exact;
  // cp.async.ca: the fewest wavefronts the copy can take (one per source line, or the most
  // distinct words one bank receives from the warp); `linesOverlap` when the count is
  // approximate because conflicting lines read in part overlap their writes on the H200 and
  // the lanes read each line in lane order: the count given is then the most, `fewest` the
  // least (both measured bounds).
  int fewest = 0;
  bool linesOverlap = false;
};

// Parses an `op` name of the lanes CSV: ldsm.x1|x2|x4[.trans], stsm.x1|x2|x4[.trans],
// cpasync.ca.4|8|16, cpasync.cg.16, atom.4; and the names of the shared ground truth, where
// cpasync.4|8 are .ca and cpasync.16 is .cg. Returns nullopt for anything else (ld/st too).
std::optional<OpRequest> parseOpName(const std::string& name);

// The canonical name, e.g. "ldsm.x4.trans", "cpasync.ca.8".
std::string opName(const OpRequest& request);

// Counts the wavefronts of one warp-instruction of the given kind.
OpWavefronts countOpWavefronts(const OpRequest& request);

// Whether lane `lane` of a cp.async copies what an earlier lane of `lanes` copies (same shared
// address, same source): a warp tile's partial last round of cooperative_groups::memcpy_async.
// Measured on the H100 (measurements/cgcopy/README.md): a .cg copy makes such a chunk once; a .ca
// copy writes it again, one wavefront per repeating lane.
bool repeatsEarlierCopy(const OpRequest& request, uint32_t lanes, int lane);

// cp.async with sources: the group of lanes that costs the most, for the worst-case note.
// .ca: the lanes of one global line and the bank they write most distinct words of; .cg: the
// lanes of one (global line, shared line) pair that take the most wavefronts.
struct CpAsyncWorstGroup {
  uint32_t lanes = 0;  // bit l: lane l
  int words = 0;       // .ca: distinct words of `bank` the group writes
  int bank = -1;       // .ca
  int wavefronts = 0;  // .cg: what the group takes
  int groups = 0;      // global lines (.ca) or line pairs (.cg) the warp touches
};
CpAsyncWorstGroup explainCpAsync(const OpRequest& request);

}  // namespace bankcheck::model
