// The width of the instruction nvcc emits for an access. nvcc's load/store vectorizer merges the
// scalar accesses of consecutive unrolled loop iterations into 64- or 128-bit ones when it can
// prove the addresses contiguous and aligned: `As[ty][k]` over an unrolled k becomes LDS.128 when
// the row stride is a multiple of 16 bytes, and stays 32-bit when padding makes it 33 floats.
// Predicted here; `--ptx` reads the truth from nvcc's output (PtxWidths.h).
#pragma once

#include <optional>

#include "ir/Module.h"
#include "mapper/AccessMapper.h"

namespace bankcheck::mapper {

struct WidthPredictionOptions {
  // Loops without a pragma are assumed fully unrolled by nvcc up to this constant trip count.
  int64_t defaultUnrollTrips = 32;
  // Merge an access with the neighbouring accesses of the same array that continue it
  // (`HALF2(s[r][c]) = ...; HALF2(s[r][c + 2]) = ...;`, one STS.64 on the H200). Off where an
  // access is analyzed moved away from its neighbours (a padding tried on it alone).
  bool mergeNeighbours = true;
};

// `shape` is the block shape the access is analyzed with: a loop bounded by blockDim has a
// constant trip count only for a given shape.
WidthPlan predictWidth(const ir::TranslationUnit& tu, const ir::Access& access, const ir::LaunchShape& shape,
                       const WidthPredictionOptions& options = {});

// The innermost enclosing loop whose consecutive iterations touch consecutive elements (the
// only kind nvcc merges), or -1.
int findContiguousLoop(const ir::TranslationUnit& tu, const ir::Access& access);

// The widest instruction ptxas merges copies of `access` into: 16 bytes for 4-byte and wider
// types, less for 1- and 2-byte ones (by type and, for 16-bit loads, by what uses the value).
int64_t mergeLimitBytes(const ir::Access& access);
// The same for accesses of `width` bytes whose type and use are not known (the PTX's): 16 bytes,
// 8 for 16-bit accesses, no merge of 8-bit ones.
int64_t mergeLimitForWidth(unsigned width);

// The widest merge of the first of `run` consecutive `width`-byte accesses: a power of two times
// `width`, at most `limit` bytes, that `alignment` (the first one's) is a multiple of.
int64_t widestMerge(int64_t width, int64_t limit, int64_t alignment, int64_t run);

// The widest shared-memory access: 128 bits.
inline constexpr int64_t kMaxAccessBytes = 16;

// The largest power of two up to kMaxAccessBytes dividing `v` (0 is divisible by all of them).
int64_t powerOfTwoFactor(int64_t v);

// The largest power of two (up to 16) that provably divides `e` for every lane and every value
// of its variables, given the alignment of the array's base.
int64_t knownAlignment(const ir::ExprRef& e);

// The iteration count of `loop` when it is a constant (independent of lanes and of unknowns) of at
// most `maxTrips`.
std::optional<int64_t> constantTripCount(const ir::KernelInstance& k, const ir::LaunchShape& shape, const ir::Loop& loop,
                                         int64_t maxTrips = 4096);

}  // namespace bankcheck::mapper
