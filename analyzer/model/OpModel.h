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
//  * cpasync.4/.8: four fixed groups of 8 lanes, each as an LDS group (distinct words per
//    bank, at least 1 when it has an active lane). Exact on regular full warps; an upper
//    bound, 1 to 3 too high, for some random-address and partially masked warps.
//  * cpasync.16: what ncu counts, max(1, ceil(active lanes * 16 / 128)): its bank-conflict
//    counter read 0 on every measured pattern, so the real conflicts are not known.
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
};

// How far a kind's rule is backed by the measurements.
enum class OpFit {
  Exact,       // ldsm, stsm, atom: every measured row reproduced
  UpperBound,  // cpasync.4/.8: never below the measurement; equal on regular full warps
  CounterOnly  // cpasync.16: reproduces a counter that saw no bank conflict at all
};

const char* toString(OpFit fit);  // "exact" / "upper-bound" / "counter-only"

struct OpWavefronts {
  int actual = 0;  // the wavefronts this rule predicts (the `wavefronts` column)
  int ideal = 0;   // the conflict-free count: matrices, 1, or max(1, ceil(active * width / 128))
  OpFit fit = OpFit::Exact;
};

// Parses an `op` name of the lanes CSV: ldsm.x1|x2|x4[.trans], stsm.x1|x2|x4[.trans],
// cpasync.4|8|16, atom.4. Returns nullopt for anything else (including plain ld/st).
std::optional<OpRequest> parseOpName(const std::string& name);

// The canonical name, e.g. "ldsm.x4.trans", "cpasync.8".
std::string opName(const OpRequest& request);

// Counts the wavefronts of one warp-instruction of the given kind.
OpWavefronts countOpWavefronts(const OpRequest& request);

}  // namespace bankcheck::model
