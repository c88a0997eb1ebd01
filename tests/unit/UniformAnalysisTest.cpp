// How a warp-uniform value enters an address (mapper/UniformAnalysis): the rules that decide
// whether a few of its values cover every bank pattern, or the pattern is unknown.
#include <gtest/gtest.h>

#include "mapper/UniformAnalysis.h"

namespace bankcheck::mapper {
namespace {

using ir::BinaryOp;
using ir::IntType;

const IntType i32 = IntType::int32();
constexpr int kU = 0;  // the uniform under study (symbol 0)

ir::ExprRef u() { return ir::makeSymbol(kU, "u"); }
ir::ExprRef c(int64_t v, IntType t = IntType::int32()) { return ir::makeConst(v, t); }
ir::ExprRef tid(ir::BuiltinVar v = ir::BuiltinVar::ThreadIdxX) { return ir::makeCast(ir::makeBuiltin(v), i32); }
ir::ExprRef bin(BinaryOp op, ir::ExprRef a, ir::ExprRef b, IntType t = IntType::int32()) { return ir::makeBinary(op, a, b, t); }

// Facts for rows of 32 threads (threadIdx.y is the same in every lane) and u an iteration count.
WarpFacts rows32() {
  WarpFacts f;
  f.threadIdxVaries[1] = false;
  f.symbolNonNegative = [](int id) { return id == kU; };
  return f;
}

TEST(Periodicity, LinearShiftNeedsOnlyItsResidues) {
  // (tid + u * 4) * 4: 16 bytes per step, whole words, so one value covers every pattern.
  Periodicity p = periodicity(bin(BinaryOp::Mul, bin(BinaryOp::Add, tid(), bin(BinaryOp::Mul, u(), c(4))), c(4)), kU);
  ASSERT_TRUE(p.ok);
  EXPECT_EQ(p.coefficient, 16);
  EXPECT_EQ(p.enumerationCount(), 1);
}

TEST(Periodicity, DivisionByADivisorOfTheStepStaysLinearForNonNegativeDividends) {
  // (tid * 8 + u * 2048) / 8 * 16 == tid * 16 + u * 4096 when the dividend cannot be negative.
  ir::ExprRef dividend = bin(BinaryOp::Add, bin(BinaryOp::Mul, tid(), c(8)), bin(BinaryOp::Mul, u(), c(2048)));
  ir::ExprRef e = bin(BinaryOp::Mul, bin(BinaryOp::Div, dividend, c(8)), c(16));
  Periodicity p = periodicity(e, kU, rows32());
  ASSERT_TRUE(p.ok);
  EXPECT_EQ(p.coefficient, 4096);
  // Without knowing that u is never negative, truncation toward zero could split the pattern.
  EXPECT_FALSE(periodicity(e, kU).ok);
  // Nor when the step is not a multiple of the divisor.
  ir::ExprRef odd = bin(BinaryOp::Add, bin(BinaryOp::Mul, tid(), c(8)), bin(BinaryOp::Mul, u(), c(12)));
  EXPECT_FALSE(periodicity(bin(BinaryOp::Div, odd, c(8)), kU, rows32()).ok);
  // A subtraction may make the dividend negative.
  ir::ExprRef shifted = bin(BinaryOp::Sub, dividend, c(40));
  EXPECT_FALSE(periodicity(bin(BinaryOp::Div, shifted, c(8)), kU, rows32()).ok);
}

TEST(Periodicity, DivisionThatSplitsOffTheLanesLeavesAWarpUniformShift) {
  // A padded row's index: e + e / 32 * 3 in floats, e = tid * 32 + u. The lane part of the
  // dividend is a multiple of 32, so (tid * 32 + u) / 32 == tid + u / 32: u only shifts the warp,
  // by whole words, for every value of u.
  ir::ExprRef e = bin(BinaryOp::Add, bin(BinaryOp::Mul, tid(), c(32)), u());
  ir::ExprRef padded = bin(BinaryOp::Mul, bin(BinaryOp::Add, e, bin(BinaryOp::Mul, bin(BinaryOp::Div, e, c(32)), c(3))), c(4));
  Periodicity p = periodicity(padded, kU, rows32());
  ASSERT_TRUE(p.ok);
  EXPECT_EQ(p.enumerationCount(), 1);
  EXPECT_EQ(p.opaqueShift % 4, 0);
  // A right shift rounds down whatever the sign.
  ir::ExprRef shifted = bin(BinaryOp::Mul, bin(BinaryOp::Add, e, bin(BinaryOp::Mul, bin(BinaryOp::Shr, e, c(5)), c(3))), c(4));
  EXPECT_TRUE(periodicity(shifted, kU).ok);
  // A division by 32 of a dividend that may be negative truncates toward zero: unknown.
  EXPECT_FALSE(periodicity(padded, kU).ok);
  // Lanes 16 elements apart do not divide by 32 exactly: u decides which lanes share a row.
  ir::ExprRef half = bin(BinaryOp::Add, bin(BinaryOp::Mul, tid(), c(16)), u());
  EXPECT_FALSE(periodicity(bin(BinaryOp::Mul, bin(BinaryOp::Div, half, c(32)), c(4)), kU, rows32()).ok);
  // In a condition the uniform part decides whether the access runs: no split.
  EXPECT_FALSE(conditionPeriodicity(bin(BinaryOp::LT, bin(BinaryOp::Div, e, c(32)), c(5)), kU, rows32()).ok);
}

TEST(Periodicity, RightShiftRoundsDownSoItNeedsNoSign) {
  ir::ExprRef dividend = bin(BinaryOp::Add, bin(BinaryOp::Sub, tid(), c(40)), bin(BinaryOp::Mul, u(), c(64)));
  Periodicity p = periodicity(bin(BinaryOp::Shl, bin(BinaryOp::Shr, dividend, c(3)), c(2)), kU);
  ASSERT_TRUE(p.ok);
  EXPECT_EQ(p.coefficient, 32);
}

TEST(Periodicity, WarpUniformPartIsAWholeWordShiftOrUnknown) {
  // (u + 255) / 256 * 256 * 4: a base rounded up from u; the same in every lane.
  ir::ExprRef rounded = bin(BinaryOp::Mul, bin(BinaryOp::Div, bin(BinaryOp::Add, u(), c(255)), c(256)), c(256));
  ir::ExprRef base = bin(BinaryOp::Mul, rounded, c(4));
  Periodicity p = periodicity(bin(BinaryOp::Add, base, bin(BinaryOp::Mul, tid(), c(4))), kU);
  ASSERT_TRUE(p.ok);
  EXPECT_EQ(p.opaqueShift % 4, 0);
  EXPECT_EQ(p.enumerationCount(), 1);
  // In bytes of a char array, the same base can move lanes by part of a word: unknown.
  EXPECT_FALSE(periodicity(bin(BinaryOp::Add, bin(BinaryOp::Div, u(), c(3)), tid()), kU).ok);
  // In a condition it is no shift at all: it decides whether the access runs.
  EXPECT_FALSE(conditionPeriodicity(bin(BinaryOp::LT, tid(), bin(BinaryOp::Div, u(), c(3))), kU).ok);
}

TEST(Periodicity, ThreadIdxYIsUniformOnlyInWarpWideRows) {
  // (2 + threadIdx.y) * u / 4 * 16
  ir::ExprRef row = bin(BinaryOp::Mul, bin(BinaryOp::Div, bin(BinaryOp::Mul, bin(BinaryOp::Add, c(2), tid(ir::BuiltinVar::ThreadIdxY)), u()), c(4)), c(16));
  ir::ExprRef e = bin(BinaryOp::Add, row, bin(BinaryOp::Mul, tid(), c(16)));
  EXPECT_TRUE(periodicity(e, kU, rows32()).ok);
  EXPECT_FALSE(periodicity(e, kU).ok);  // rows narrower than a warp: threadIdx.y varies
}

TEST(Periodicity, NarrowingTo32BitsKeepsAnAddressLinear) {
  // (int)(lane * 8UL + u * 256): the index computed in 64 bits and stored in an int.
  ir::ExprRef wide = bin(BinaryOp::Add, bin(BinaryOp::Mul, ir::makeCast(tid(), IntType::uint64()), c(8, IntType::uint64()), IntType::uint64()),
                         ir::makeCast(bin(BinaryOp::Mul, u(), c(256)), IntType::uint64()), IntType::uint64());
  ir::ExprRef e = bin(BinaryOp::Mul, ir::makeCast(wide, i32), c(4));
  Periodicity p = periodicity(e, kU);
  ASSERT_TRUE(p.ok);
  EXPECT_EQ(p.coefficient, 1024);
  // Not to 16 bits, and not in a condition.
  EXPECT_FALSE(periodicity(bin(BinaryOp::Mul, ir::makeCast(wide, IntType{16, true}), c(4)), kU).ok);
  EXPECT_FALSE(conditionPeriodicity(bin(BinaryOp::LT, ir::makeCast(wide, i32), c(100)), kU).ok);
}

TEST(UniformEffect, AValueThatCancelsInsideAnXorIsAbsentFromIt) {
  // ((tid * 8 + u - u) ^ 4) + u: the XOR's operand does not depend on u, so the address moves by
  // exactly u (the advisor's swizzle written on the aligned column, `swz(col - n) + n`).
  const ir::ExprRef aligned = bin(BinaryOp::Sub, bin(BinaryOp::Add, bin(BinaryOp::Mul, tid(), c(8)), u()), u());
  const UniformEffect e = uniformEffect(bin(BinaryOp::Add, bin(BinaryOp::Xor, aligned, c(4)), u()), kU);
  EXPECT_EQ(e.use, UniformUse::Additive);
  EXPECT_EQ(e.coefficient, 1);
  // Where it does not cancel, the XOR is no linear function of u.
  EXPECT_EQ(uniformEffect(bin(BinaryOp::Xor, bin(BinaryOp::Add, tid(), u()), c(4)), kU).use, UniformUse::Other);
}

}  // namespace
}  // namespace bankcheck::mapper
