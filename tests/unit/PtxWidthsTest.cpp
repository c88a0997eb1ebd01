// `--ptx`: ptxas's merges read from nvcc's PTX (tests/data/ptx/narrow_merges.ptx, CUDA 13, from
// narrow_merges.cu beside it). The expected widths are the ones the SASS of the same patterns has
// (tests/verification/widths/narrow_merge_probe.cu, docs/verification/raw/widths/probe).
#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>

#include "mapper/PtxWidths.h"

namespace bankcheck::mapper {
namespace {

PtxListing narrowMerges() {
  std::ifstream in(std::string(BANKCHECK_SOURCE_DIR) + "/tests/data/ptx/narrow_merges.ptx");
  std::stringstream text;
  text << in.rdbuf();
  return parsePtx(text.str());
}

std::set<unsigned> mergedWidths(const PtxListing& ptx, const std::string& function) {
  std::set<unsigned> widths;
  for (const PtxAccess& a : ptx.accesses)
    if (a.function.rfind(function, 0) == 0 && a.kind == PtxAccess::Kind::Load) widths.insert(a.mergedWidth);
  return widths;
}

TEST(PtxWidths, ThreadIndexGivesNoAlignment) {
  // `mad.lo.s32 %r3, %r1, 264, tile` with %r1 = %tid.x: rows of 264 bytes are 8-byte aligned, so
  // eight floats become four LDS.64 (the SASS of loadRow<float, 8, 0, 66>), not LDS.128.
  const PtxListing ptx = narrowMerges();
  ASSERT_TRUE(ptx.ok) << ptx.error;
  EXPECT_EQ(mergedWidths(ptx, "rows66"), std::set<unsigned>{8});
}

TEST(PtxWidths, SixteenBitLoadsMergeIntoAtMost64BitsThroughAnXor) {
  // `(tid << 7) ^ 128` keeps the 128-byte alignment; eight halves are two LDS.64 in SASS.
  EXPECT_EQ(mergedWidths(narrowMerges(), "halves"), std::set<unsigned>{8});
}

TEST(PtxWidths, EightBitLoadsNeverMerge) {
  EXPECT_EQ(mergedWidths(narrowMerges(), "bytes"), std::set<unsigned>{1});
}

}  // namespace
}  // namespace bankcheck::mapper
