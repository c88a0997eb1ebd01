// ir::knownFactor: the factor every value of an expression provably has, the alignment the width
// prediction reads and the whole rows the advisor's padded indices need.
#include <gtest/gtest.h>

#include "ir/KnownFactor.h"

namespace bankcheck::ir {
namespace {

ExprRef c64(int64_t v) { return makeConst(v, IntType::int64()); }
ExprRef var(int id) { return makeSymbol(id, "v" + std::to_string(id)); }
ExprRef op(BinaryOp o, ExprRef a, ExprRef b) { return makeBinary(o, std::move(a), std::move(b), IntType::int64()); }

TEST(KnownFactor, ProductsAndSumsOfMultiples) {
  // (v0 * 96 + v1 * 64) * 2: every value is a multiple of gcd(96, 64) * 2 = 64.
  EXPECT_EQ(knownFactor(op(BinaryOp::Mul, op(BinaryOp::Add, op(BinaryOp::Mul, var(0), c64(96)), op(BinaryOp::Mul, var(1), c64(64))), c64(2))), 64);
  EXPECT_EQ(knownFactor(op(BinaryOp::Shl, var(0), c64(4))), 16);
  EXPECT_EQ(knownFactor(var(0)), 1);
  EXPECT_EQ(knownFactor(op(BinaryOp::Add, var(0), c64(3))), 1);
}

TEST(KnownFactor, AMaskClearsLowBits) {
  // (v0 + 127) & ~127 rounds up to a multiple of 128; v0 * 8 & 0xFF keeps v0 * 8's factor 8.
  EXPECT_EQ(knownFactor(op(BinaryOp::And, op(BinaryOp::Add, var(0), c64(127)), c64(~int64_t{127}))), 128);
  EXPECT_EQ(knownFactor(op(BinaryOp::And, op(BinaryOp::Mul, var(0), c64(8)), c64(0xFF))), 8);
  EXPECT_EQ(knownFactor(op(BinaryOp::And, var(0), var(1))), 1);
}

TEST(KnownFactor, AnXorOrAnOrKeepsTheLowZeroBitsOfBoth) {
  // An XOR swizzle of 16-byte chunks on a column of 8 floats per lane: v0 * 8 ^ ((v1 & 1) << 2)
  // is a multiple of 4, so four floats from it are one aligned 16-byte access.
  EXPECT_EQ(knownFactor(op(BinaryOp::Xor, op(BinaryOp::Mul, var(0), c64(8)), op(BinaryOp::Shl, op(BinaryOp::And, var(1), c64(1)), c64(2)))), 4);
  EXPECT_EQ(knownFactor(op(BinaryOp::Or, op(BinaryOp::Mul, var(0), c64(24)), c64(16))), 8);
  EXPECT_EQ(knownFactor(op(BinaryOp::Xor, var(0), c64(4))), 1);
}

TEST(KnownFactor, ACappedFactorStillDivides) {
  // 5e9 = 2^9 * 9765625 is past the cap of 2^30: the cap itself does not divide it, its
  // power-of-two part does.
  const int64_t big = 5'000'000'000;
  EXPECT_EQ(knownFactor(c64(big)), 512);
  EXPECT_EQ(big % knownFactor(op(BinaryOp::Mul, var(0), c64(big))), 0);
  EXPECT_EQ(knownFactor(c64(-96)), 96);
  EXPECT_EQ(knownFactor(c64(0)), int64_t{1} << 30);
}

}  // namespace
}  // namespace bankcheck::ir
