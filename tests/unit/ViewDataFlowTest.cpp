// The data-flow check that lets a padding move one view of a buffer and leave the other's bytes
// (advisor/ViewDataFlow.h): each read's nearest earlier write must be of its own view, and no
// loop around the read but not around that write may hold a write of the other view.
#include <gtest/gtest.h>

#include "advisor/ViewDataFlow.h"

namespace bankcheck::advisor {
namespace {

ir::Access access(ir::AccessKind kind, unsigned line, std::vector<int> loops = {}) {
  ir::Access a;
  a.kind = kind;
  a.kernelInstance = 0;
  a.span.begin.file = "k.cu";
  a.span.begin.line = line;
  a.span.begin.column = 5;
  a.spelling = "s[i]";
  a.loops = std::move(loops);
  return a;
}

TEST(ViewDataFlow, EachViewReadsWhatItWrote) {
  // A tile written then read (view 1), then a C tile written then read (view 0), all in a loop.
  const std::vector<ir::Access> accesses = {
      access(ir::AccessKind::Store, 10, {0}), access(ir::AccessKind::MatrixLoad, 12, {0, 1}),
      access(ir::AccessKind::Store, 20, {0}), access(ir::AccessKind::Load, 22, {0})};
  EXPECT_EQ(viewsExchangeData(accesses, {1, 1, 0, 0}), "");
}

TEST(ViewDataFlow, AReadAfterTheOtherViewsWriteIsRefused) {
  const std::vector<ir::Access> accesses = {access(ir::AccessKind::Store, 10), access(ir::AccessKind::Load, 12)};
  EXPECT_EQ(viewsExchangeData(accesses, {1, 0}), "the read at line 12 (s[i]) may return what the other view wrote at line 10");
}

TEST(ViewDataFlow, AWriteLaterInTheReadsLoopReachesItThroughTheBackEdge) {
  // The read (line 12) follows its own view's write made before the loop, but the other view
  // writes later in the same loop: the next iteration reads that.
  const std::vector<ir::Access> accesses = {
      access(ir::AccessKind::Store, 5), access(ir::AccessKind::Load, 12, {3}), access(ir::AccessKind::Store, 14, {3})};
  EXPECT_EQ(viewsExchangeData(accesses, {1, 1, 0}),
            "the read at line 12 (s[i]) may return, in the next iteration of its loop, what the other view wrote at line 14");
  // The same with its own view's write inside the loop, before the read: that write comes first.
  const std::vector<ir::Access> inside = {
      access(ir::AccessKind::Store, 10, {3}), access(ir::AccessKind::Load, 12, {3}), access(ir::AccessKind::Store, 14, {3})};
  EXPECT_EQ(viewsExchangeData(inside, {1, 1, 0}), "");
}

TEST(ViewDataFlow, OneLineOfBothViewsIsNotOrdered) {
  const std::vector<ir::Access> accesses = {access(ir::AccessKind::Store, 10), access(ir::AccessKind::Load, 10)};
  EXPECT_NE(viewsExchangeData(accesses, {1, 0}).find("are on one line"), std::string::npos);
}

}  // namespace
}  // namespace bankcheck::advisor
