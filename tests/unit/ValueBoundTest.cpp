// ir::upperBound: the range a mask XORed on a shared address stays in, which decides whether the
// array's placement lets the XOR act on its offset.
#include <gtest/gtest.h>

#include "ir/ValueBound.h"

namespace bankcheck::ir {
namespace {

ExprRef c32(int64_t v) { return makeConst(v, IntType::uint32()); }
ExprRef var(int id) { return makeSymbol(id, "v" + std::to_string(id), IntType::uint32()); }
ExprRef op(BinaryOp o, ExprRef a, ExprRef b) { return makeBinary(o, std::move(a), std::move(b), IntType::uint32()); }

TEST(ValueBound, AMaskedAndShiftedAddressStaysBelowTheMaskShifted) {
  // (x & 0x380) >> 3: at most 0x70, whatever x is (the swizzle of 16-byte chunks by rows of 128 bytes).
  EXPECT_EQ(upperBound(op(BinaryOp::Shr, op(BinaryOp::And, makeCast(makeBuiltin(BuiltinVar::ThreadIdxX), IntType::uint32()), c32(0x380)), c32(3))), 0x70);
}

TEST(ValueBound, UnknownWithoutABoundedOperand) {
  EXPECT_EQ(upperBound(var(0)), std::nullopt);
  EXPECT_EQ(upperBound(op(BinaryOp::Shr, var(0), c32(3))), std::nullopt);
  EXPECT_EQ(upperBound(op(BinaryOp::Xor, var(0), c32(16))), std::nullopt);
  EXPECT_EQ(upperBound(makeConst(-4, IntType::int32())), std::nullopt);
}

TEST(ValueBound, SumsProductsAndXorsOfBoundedValues) {
  const ExprRef row = op(BinaryOp::Rem, var(0), c32(8));  // 0..7
  EXPECT_EQ(upperBound(row), 7);
  EXPECT_EQ(upperBound(op(BinaryOp::Mul, row, c32(16))), 112);
  EXPECT_EQ(upperBound(op(BinaryOp::Shl, row, c32(4))), 112);
  EXPECT_EQ(upperBound(op(BinaryOp::Add, row, c32(1))), 8);
  // XOR and OR can set every bit below the larger operand's highest: 7 ^ 16 is at most 31.
  EXPECT_EQ(upperBound(op(BinaryOp::Xor, row, c32(16))), 31);
  EXPECT_EQ(upperBound(op(BinaryOp::Div, op(BinaryOp::And, var(1), c32(255)), c32(16))), 15);
}

TEST(ValueBound, NoBoundWhereTheTypeWouldWrap) {
  // 0xFFFF << 20 does not fit 32 bits: the value wraps, so no bound holds.
  EXPECT_EQ(upperBound(op(BinaryOp::Shl, op(BinaryOp::And, var(0), c32(0xFFFF)), c32(20))), std::nullopt);
  // A signed 32-bit product past 2^31 - 1 neither.
  const ExprRef big = makeBinary(BinaryOp::And, makeSymbol(0, "v0"), makeConst(0x10000), IntType::int32());
  EXPECT_EQ(upperBound(makeBinary(BinaryOp::Mul, big, makeConst(0x10000), IntType::int32())), std::nullopt);
}

}  // namespace
}  // namespace bankcheck::ir
