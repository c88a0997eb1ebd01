// IR expressions: C++ integer semantics in constant folding and printing.
#include <gtest/gtest.h>

#include "ir/Expr.h"
#include "ir/IntSemantics.h"

namespace bankcheck::ir {
namespace {

TEST(IntSemantics, UnsignedWrapsAround) {
  EvalStatus st = EvalStatus::Ok;
  // threadIdx.x - 1 for threadIdx.x == 0 is 4294967295 as an unsigned int.
  EXPECT_EQ(applyBinary(BinaryOp::Sub, 0, 1, IntType::uint32(), IntType::uint32(), st), 4294967295LL);
  EXPECT_EQ(applyBinary(BinaryOp::Sub, 0, 1, IntType::int32(), IntType::int32(), st), -1);
}

TEST(IntSemantics, DivisionTruncatesTowardZero) {
  EvalStatus st = EvalStatus::Ok;
  EXPECT_EQ(applyBinary(BinaryOp::Div, -7, 2, IntType::int32(), IntType::int32(), st), -3);
  EXPECT_EQ(applyBinary(BinaryOp::Rem, -7, 2, IntType::int32(), IntType::int32(), st), -1);
  EXPECT_EQ(applyBinary(BinaryOp::Div, 4294967289LL, 2, IntType::uint32(), IntType::uint32(), st), 2147483644LL);
  EXPECT_EQ(st, EvalStatus::Ok);
  applyBinary(BinaryOp::Div, 1, 0, IntType::int32(), IntType::int32(), st);
  EXPECT_EQ(st, EvalStatus::DivByZero);
}

TEST(IntSemantics, ShiftsFollowSignedness) {
  EvalStatus st = EvalStatus::Ok;
  EXPECT_EQ(applyBinary(BinaryOp::Shr, -8, 1, IntType::int32(), IntType::int32(), st), -4);
  EXPECT_EQ(applyBinary(BinaryOp::Shr, 4294967288LL, 1, IntType::uint32(), IntType::uint32(), st), 2147483644LL);
  applyBinary(BinaryOp::Shl, 1, 32, IntType::int32(), IntType::int32(), st);
  EXPECT_EQ(st, EvalStatus::BadShift);
}

TEST(IntSemantics, ComparisonsUseOperandType) {
  EvalStatus st = EvalStatus::Ok;
  // (unsigned)-1 < 1 is false; (int)-1 < 1 is true.
  EXPECT_EQ(applyBinary(BinaryOp::LT, 4294967295LL, 1, IntType::uint32(), IntType::boolean(), st), 0);
  EXPECT_EQ(applyBinary(BinaryOp::LT, -1, 1, IntType::int32(), IntType::boolean(), st), 1);
}

TEST(WrapToType, TruncatesAndExtends) {
  EXPECT_EQ(wrapToType(0x1ff, IntType{8, true}), -1);
  EXPECT_EQ(wrapToType(0x1ff, IntType{8, false}), 255);
  EXPECT_EQ(wrapToType(-1, IntType::uint32()), 4294967295LL);
  EXPECT_EQ(wrapToType(5, IntType::boolean()), 1);
}

TEST(ExprBuild, FoldsConstantsWithTheirTypes) {
  ExprRef e = makeBinary(BinaryOp::Sub, makeConst(0, IntType::uint32()), makeConst(1, IntType::uint32()), IntType::uint32());
  int64_t v = 0;
  ASSERT_TRUE(isConst(e, &v));
  EXPECT_EQ(v, 4294967295LL);
}

TEST(ExprBuild, MergesByteOffsetConstants) {
  ExprRef tx = makeBuiltin(BuiltinVar::ThreadIdxX);
  ExprRef e = addBytes(addBytes(mulBytes(tx, 4), makeConst(8, IntType::int64())), makeConst(4, IntType::int64()));
  EXPECT_EQ(toString(e), "threadIdx.x * 4 + 12");
}

TEST(ExprBuild, MergesConstantsOnlyWhenTheyFit) {
  // (x * INT64_MAX) * 8: the product of the constants does not fit 64 bits; kept as two products
  // (signed overflow in the merge before, reported by UBSan), and the value is unchanged.
  const ExprRef x = makeCast(makeBuiltin(BuiltinVar::ThreadIdxX), IntType::int64());
  const ExprRef e = mulBytes(makeBinary(BinaryOp::Mul, x, makeConst(INT64_MAX, IntType::int64()), IntType::int64()), 8);
  ASSERT_EQ(e->kind, ExprKind::Binary);
  EXPECT_EQ(e->binaryOp, BinaryOp::Mul);
  int64_t c = 0;
  EXPECT_TRUE(isConst(e->b, &c));
  EXPECT_EQ(c, 8);
  EXPECT_EQ(e->a->kind, ExprKind::Binary);
  // (x + INT64_MAX) + 1 likewise; (x + 3) + 4 still merges.
  const ExprRef sum = addBytes(makeBinary(BinaryOp::Add, x, makeConst(INT64_MAX, IntType::int64()), IntType::int64()), makeConst(1, IntType::int64()));
  EXPECT_EQ(sum->a->kind, ExprKind::Binary);
  const ExprRef small = addBytes(makeBinary(BinaryOp::Add, x, makeConst(3, IntType::int64()), IntType::int64()), makeConst(4, IntType::int64()));
  ASSERT_TRUE(isConst(small->b, &c));
  EXPECT_EQ(c, 7);
}

TEST(ExprBuild, DepthIsBounded) {
  // A sum of more terms than kMaxExprDepth becomes Unknown with the reason; every walk over an
  // expression then recurses at most kMaxExprDepth deep.
  ExprRef e = makeBuiltin(BuiltinVar::ThreadIdxX);
  for (uint32_t i = 0; i < kMaxExprDepth + 10; ++i) e = makeBinary(BinaryOp::Add, e, makeBuiltin(BuiltinVar::ThreadIdxY), IntType::uint32());
  EXPECT_LE(e->depth, kMaxExprDepth);
  const Expr* u = findUnknown(e);
  ASSERT_NE(u, nullptr);
  EXPECT_NE(u->text.find("nested more than"), std::string::npos);
  // Below the bound nothing changes.
  ExprRef f = makeBuiltin(BuiltinVar::ThreadIdxX);
  for (int i = 0; i < 100; ++i) f = makeBinary(BinaryOp::Xor, f, makeBuiltin(BuiltinVar::ThreadIdxY), IntType::uint32());
  EXPECT_EQ(f->depth, 101u);
  EXPECT_EQ(findUnknown(f), nullptr);
}

TEST(ExprBuild, PrintsWithMinimalParentheses) {
  ExprRef tx = makeBuiltin(BuiltinVar::ThreadIdxX), ty = makeBuiltin(BuiltinVar::ThreadIdxY);
  ExprRef row = makeBinary(BinaryOp::Add, makeBinary(BinaryOp::Mul, ty, makeConst(33, IntType::uint32()), IntType::uint32()),
                           tx, IntType::uint32());
  EXPECT_EQ(toString(mulBytes(row, 4)), "(threadIdx.y * 33 + threadIdx.x) * 4");
  ExprRef x = makeBinary(BinaryOp::Xor, tx, makeBinary(BinaryOp::And, ty, makeConst(7, IntType::uint32()), IntType::uint32()), IntType::uint32());
  EXPECT_EQ(toString(x), "threadIdx.x ^ threadIdx.y & 7");
}

TEST(ExprBuild, SubstituteReplacesSymbols) {
  ExprRef k = makeSymbol(0, "k");
  ExprRef e = makeBinary(BinaryOp::Add, makeBinary(BinaryOp::Mul, k, makeConst(4), IntType::int32()), makeConst(1), IntType::int32());
  int64_t v = 0;
  ASSERT_TRUE(isConst(substituteSymbol(e, 0, makeConst(3)), &v));
  EXPECT_EQ(v, 13);
}

TEST(ExprFeatures, FindsLaneDependenceAndUnknowns) {
  ExprRef e = makeBinary(BinaryOp::Add, makeBuiltin(BuiltinVar::ThreadIdxY), makeSymbol(2, "n"), IntType::int32());
  ExprFeatures f = featuresOf(e);
  EXPECT_TRUE(f.dependsOnLanes());
  EXPECT_TRUE(f.threadIdx[1]);
  EXPECT_EQ(f.symbols, std::vector<int>{2});
  EXPECT_FALSE(f.unknown);
  EXPECT_NE(findUnknown(makeBinary(BinaryOp::Add, e, makeUnknown("loaded"), IntType::int32())), nullptr);
}

// Every node summarizes the leaves below it; the substitutions leave a subtree without the
// leaves they replace as it is (the same node), and featuresOf reads the summaries.
TEST(ExprBuild, SubstitutionKeepsSubtreesWithoutTheReplacedLeaves) {
  ExprRef tid = makeBuiltin(BuiltinVar::ThreadIdxX), bdim = makeBuiltin(BuiltinVar::BlockDimX);
  ExprRef lanes = makeBinary(BinaryOp::Mul, tid, makeSymbol(1, "ld"), IntType::uint32());
  ExprRef e = makeBinary(BinaryOp::Add, lanes, makeBinary(BinaryOp::Mul, bdim, makeConst(4, IntType::uint32()), IntType::uint32()),
                         IntType::uint32());
  EXPECT_EQ(e->builtinsBelow, (1u << static_cast<unsigned>(BuiltinVar::ThreadIdxX)) | (1u << static_cast<unsigned>(BuiltinVar::BlockDimX)));
  EXPECT_TRUE(e->symbolsBelow);
  EXPECT_FALSE(e->unknownBelow);
  const auto blockDim64 = [](BuiltinVar) { return makeConst(64, IntType::uint32()); };
  ExprRef sized = substituteBuiltins(e, kBlockDimBuiltins, blockDim64);
  EXPECT_EQ(toString(sized), "threadIdx.x * ld + 256");
  EXPECT_EQ(sized->a, lanes);  // not rebuilt
  EXPECT_EQ(substituteBuiltins(lanes, kBlockDimBuiltins, blockDim64), lanes);
  // Only the builtins asked for are replaced, even where the callback would replace others.
  EXPECT_EQ(toString(substituteBuiltins(e, kBlockDimBuiltins, [](BuiltinVar) { return makeConst(2, IntType::uint32()); })),
            "threadIdx.x * ld + 8");
  EXPECT_EQ(substituteSymbols(makeBinary(BinaryOp::Add, tid, bdim, IntType::uint32()), [](int) { return makeConst(0); })->kind,
            ExprKind::Binary);
  ExprFeatures f = featuresOf(e);
  EXPECT_TRUE(f.threadIdx[0]);
  EXPECT_FALSE(f.threadIdx[1]);
  EXPECT_TRUE(f.blockDim);
  EXPECT_FALSE(f.blockIdx);
  EXPECT_EQ(f.symbols, std::vector<int>{1});
  EXPECT_TRUE(featuresOf(makeBinary(BinaryOp::Add, e, makeUnknown("loaded"), IntType::int32())).unknown);
  EXPECT_TRUE(featuresOf(makeConst(3)).symbols.empty());
}

}  // namespace
}  // namespace bankcheck::ir
