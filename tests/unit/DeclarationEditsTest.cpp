// The text helpers of the advisor's edits (advisor/DeclarationEdits.h).
#include "advisor/DeclarationEdits.h"

#include <gtest/gtest.h>

namespace bankcheck::advisor {
namespace {

TEST(AsOperand, NamesNumbersAndMembersStayBare) {
  EXPECT_EQ(asOperand("tile_size"), "tile_size");
  EXPECT_EQ(asOperand("32"), "32");
  EXPECT_EQ(asOperand("threadIdx.x"), "threadIdx.x");
}

TEST(AsOperand, OneParenthesizedExpressionIsNotWrappedAgain) {
  EXPECT_EQ(asOperand("(Bc * tx)"), "(Bc * tx)");
  EXPECT_EQ(asOperand("((a + b) * c)"), "((a + b) * c)");
}

TEST(AsOperand, AnythingElseIsParenthesized) {
  EXPECT_EQ(asOperand("a + b"), "(a + b)");
  EXPECT_EQ(asOperand("(a) + (b)"), "((a) + (b))");  // two operands, not one
  EXPECT_EQ(asOperand("(a + b) * c"), "((a + b) * c)");
  EXPECT_EQ(asOperand("f(x)"), "(f(x))");
}

TEST(OnOneLine, LineBreaksBecomeOneSpaceUnlessACommentWouldSwallowTheRest) {
  EXPECT_EQ(onOneLine("a +\n      b"), "a + b");
  EXPECT_EQ(onOneLine("a + // note\n b"), "a + // note\n b");
}

}  // namespace
}  // namespace bankcheck::advisor
