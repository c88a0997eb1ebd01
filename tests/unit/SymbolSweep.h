// Two expressions compared in every lane of one warp (threadIdx.x = lane, blockDim.x = 32) for
// each value of symbol 0 in [from, to): the check that a rewrite of an address keeps its values.
#pragma once

#include <gtest/gtest.h>

#include "ir/Expr.h"
#include "mapper/LaneEvaluator.h"

namespace bankcheck::mapper {

inline void expectSameValuesOverSymbol0(const ir::ExprRef& a, const ir::ExprRef& b, int64_t from, int64_t to) {
  LaneContext ctx;
  for (int l = 0; l < kWarpSize; ++l) ctx.threadIdx[0][static_cast<size_t>(l)] = l;
  ctx.blockDim[0] = 32;
  ctx.symbols = {0};
  ctx.symbolSet = {1};
  for (int64_t v = from; v < to; ++v) {
    ctx.symbols[0] = v;
    EvalResult ra, rb;
    evaluateLanes(*a, ctx, ~LaneMask{0}, ra);
    evaluateLanes(*b, ctx, ~LaneMask{0}, rb);
    ASSERT_EQ(ra.failed, 0u);
    ASSERT_EQ(rb.failed, 0u);
    EXPECT_EQ(ra.values, rb.values) << "symbol 0 = " << v;
  }
}

}  // namespace bankcheck::mapper
