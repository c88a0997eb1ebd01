// `--sass`: real `nvdisasm -g -c` listings of this repository's own test kernels (CUDA 13,
// sm_90; tests/data/sass/README.md says how they were made) read into per-line widths, and those
// widths applied to the accesses the front end finds. Where ptxas changed what the PTX said, the
// SASS width is the one bankcheck must use.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "frontend/Frontend.h"
#include "mapper/BlockShapes.h"
#include "mapper/CudaTools.h"
#include "mapper/SassWidths.h"
#include "mapper/UnitAnalysis.h"
#include "mapper/WidthPrediction.h"

namespace bankcheck::mapper {
namespace {

std::string source(const std::string& relative) { return std::string(BANKCHECK_SOURCE_DIR) + "/" + relative; }

PtxListing listing(const std::string& name) {
  std::ifstream in(source("tests/data/sass/" + name + ".nvdisasm.txt"));
  std::stringstream text;
  text << in.rdbuf();
  return parseSass(text.str());
}

// The width `sass` gives the access of `tu` at `line` of `kind`, and its note.
WidthPlan widthAt(const ir::TranslationUnit& tu, const PtxListing& sass, unsigned line, ir::AccessKind kind) {
  for (const ir::Access& a : tu.accesses)
    if (a.span.begin.line == line && a.kind == kind)
      return widthFromPtx(sass, tu, a, predictWidth(tu, a, mapper::blockShape(tu.kernel(a.kernelInstance), 0)));
  ADD_FAILURE() << "no access at line " << line;
  return {};
}

TEST(SassWidths, ReadsOpcodesFunctionsAndLines) {
  const PtxListing sass = listing("hgemm_cpasync.bad");
  ASSERT_TRUE(sass.ok);
  EXPECT_EQ(sass.origin, WidthSource::Sass);
  unsigned copies = 0, wide = 0, deadLoads = 0;
  for (const PtxAccess& a : sass.accesses) {
    EXPECT_EQ(a.function, "bad::hgemm_cpasync(int, int, int, __half const*, __half const*, float*)");
    EXPECT_EQ(a.file, "/work/main/reference-kernels/kernels/hgemm_cpasync.bad.cu");
    if (a.kind == PtxAccess::Kind::AsyncCopy) {
      ++copies;
      EXPECT_EQ(a.mergedWidth, 16u) << a.text;  // LDGSTS.E.BYPASS.128
    }
    if (a.kind == PtxAccess::Kind::Load && a.mergedWidth == 16) ++wide;
    if (a.line == 68 && a.kind == PtxAccess::Kind::Load) ++deadLoads;
  }
  // The eight cp.async of lines 68-71 and 79-82, one LDGSTS each (the measured SASS of
  // docs/verification/h200.md); the `@!PT LDS` ptxas leaves on line 68 never execute and are not read.
  EXPECT_EQ(copies, 8u);
  EXPECT_GT(wide, 0u);
  EXPECT_EQ(deadLoads, 0u);
}

TEST(SassWidths, RegistersComeFromTheSameCompile) {
  std::ifstream in(source("tests/data/sass/hgemm_cpasync.bad.ptxas.txt"));
  std::stringstream log;
  log << in.rdbuf();
  PtxListing sass = listing("hgemm_cpasync.bad");
  sass.registers = parsePtxasRegisters(log.str());
  EXPECT_EQ(registersOf(sass, "bad::hgemm_cpasync"), 160);
}

TEST(SassWidths, UnusedLanesOfAVectorLoadAreNotLoaded) {
  // `float4 a = *reinterpret_cast<const float4*>(...)` of which only a.x and a.w are used: the
  // PTX loads 16 bytes, the SASS two 32-bit LDS (offsets 0 and 12).
  frontend::FrontendOptions options;
  const ir::TranslationUnit tu = frontend::analyzeFile(source("tests/cases/advisor_double_buffer.cu"), options);
  ASSERT_TRUE(tu.parsed);
  const WidthPlan plan = widthAt(tu, listing("advisor_double_buffer"), 26, ir::AccessKind::Load);
  EXPECT_EQ(plan.source, WidthSource::Sass);
  EXPECT_EQ(plan.width, 4u);
  EXPECT_EQ(plan.note, "the SASS has 32-bit accesses for this line");
}

TEST(SassWidths, LoadsOfNeighbouringLinesMergedIntoOne) {
  // tile[tx][0..3] on four consecutive lines: ptxas made one LDS.128, attributed to the second
  // line; the PTX has four scalar loads. The other three lines have no instruction of their own.
  frontend::FrontendOptions options;
  const ir::TranslationUnit tu = frontend::analyzeFile(source("tests/rules/bankcheck-nolint.cu"), options);
  ASSERT_TRUE(tu.parsed);
  const PtxListing sass = listing("bankcheck-nolint");
  const WidthPlan merged = widthAt(tu, sass, 12, ir::AccessKind::Load);
  EXPECT_EQ(merged.source, WidthSource::Sass);
  EXPECT_EQ(merged.width, 16u);
  const WidthPlan absent = widthAt(tu, sass, 13, ir::AccessKind::Load);
  EXPECT_NE(absent.source, WidthSource::Sass);
  EXPECT_NE(absent.note.find("no matching instruction in nvcc's SASS"), std::string::npos) << absent.note;
}

TEST(SassWidths, AgreesWithThePtxWhereNothingWasMerged) {
  frontend::FrontendOptions options;
  const ir::TranslationUnit tu = frontend::analyzeFile(source("tests/cases/int8_columns.cu"), options);
  ASSERT_TRUE(tu.parsed);
  const WidthPlan plan = widthAt(tu, listing("int8_columns"), 10, ir::AccessKind::Load);
  EXPECT_EQ(plan.source, WidthSource::Sass);
  EXPECT_EQ(plan.width, 1u);  // LDS.S8
}

TEST(SassWidths, WithoutNvdisasmFallsBackToThePtxAndSaysSo) {
  if (!findNvdisasm().empty()) GTEST_SKIP() << "nvdisasm is installed here; the fallback is not taken";
  if (findNvcc().empty()) GTEST_SKIP() << "nvcc not found: neither SASS nor PTX can be made here";
  const PtxListing listing = compileToSass(source("tests/cases/int8_columns.cu"), {}, "sm_90");
  ASSERT_TRUE(listing.ok) << listing.error;
  EXPECT_EQ(listing.origin, WidthSource::Ptx);
  EXPECT_NE(listing.notice.find("nvdisasm not found"), std::string::npos) << listing.notice;
}

TEST(SassWidths, FromTheCubinWhenNvdisasmIsInstalled) {
  if (findNvdisasm().empty()) GTEST_SKIP() << "nvdisasm not found in $CUDA_PATH/bin, /usr/local/cuda/bin or PATH";
  const PtxListing listing = compileToSass(source("tests/cases/advisor_double_buffer.cu"), {}, "sm_90");
  ASSERT_TRUE(listing.ok) << listing.error;
  EXPECT_EQ(listing.origin, WidthSource::Sass);
  bool line26 = false;
  for (const PtxAccess& a : listing.accesses)
    if (a.line == 26 && a.kind == PtxAccess::Kind::Load) {
      line26 = true;
      EXPECT_EQ(a.mergedWidth, 4u) << a.text;
    }
  EXPECT_TRUE(line26);
}

}  // namespace
}  // namespace bankcheck::mapper
