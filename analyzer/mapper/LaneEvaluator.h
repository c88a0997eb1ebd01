// Evaluates an IR expression for all 32 lanes of a warp at once, with C++ integer semantics.
// Warp-uniform values (loop iterations, parameters, blockIdx) come from the context.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ir/Expr.h"

namespace bankcheck::mapper {

constexpr int kWarpSize = 32;
using Lanes = std::array<int64_t, kWarpSize>;
using LaneMask = uint32_t;

struct LaneContext {
  Lanes threadIdx[3] = {};
  int64_t blockDim[3] = {1, 1, 1};
  int64_t blockIdx[3] = {0, 0, 0};
  int64_t gridDim[3] = {1, 1, 1};
  std::vector<int64_t> symbols;     // value of each kernel symbol, by id
  std::vector<uint8_t> symbolSet;   // whether `symbols[id]` was assigned
};

struct EvalResult {
  Lanes values{};
  LaneMask failed = 0;       // lanes where evaluation failed (division by zero, bad shift)
  std::string_view problem;  // why, for the first failure (text owned by the Expr or static)
  bool missingSymbol = false;
};

// Sets the block's dimensions and the thread indices of warp `warp`'s lanes; lanes past the block's
// last thread repeat it (a partial warp keeps 32 lanes of real indices).
void setWarpLanes(LaneContext& ctx, unsigned x, unsigned y, unsigned z, unsigned warp);

// Evaluates `e` for the lanes in `active` (others may hold anything).
void evaluateLanes(const ir::Expr& e, const LaneContext& ctx, LaneMask active, EvalResult& out);

// Evaluates `e`, which no thread index reaches (!e.lanesVary()), once for the whole warp. False when
// the evaluation fails (`problem` says why); `missingSymbol` is set when a value is not assigned.
bool evaluateUniform(const ir::Expr& e, const LaneContext& ctx, int64_t& value, std::string_view& problem, bool& missingSymbol);

}  // namespace bankcheck::mapper
