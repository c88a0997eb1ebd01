// The findings (rules/) and the report over several block shapes and over what was not computed: the worst launched shape
// with what the others give, shape-dependent remarks of assumed families, remarks for kernels not
// analyzed and code not walked, unresolved launches, the summary line and the JSON fields.
#include <gtest/gtest.h>

#include "common/HandBuiltUnit.h"
#include "report/FindingsReport.h"
#include "rules/CheckRunner.h"

namespace bankcheck::report {
namespace {

using namespace bankcheck::testing;

struct Findings {
  std::vector<Diagnostic> diagnostics;
  ReportCounts counts;
  mapper::UnitAnalysis analysis;
};

Findings report(const ir::TranslationUnit& tu, const ReportOptions& options = {}) {
  Findings f;
  f.analysis = mapper::analyzeUnit(tu, {});
  // Every check on, as the CLI runs them by default; the report renders what they find.
  rules::CheckContext ctx{tu, f.analysis, options.arch};
  ctx.minWays = options.minWays;
  ctx.familyPolicy = options.familyPolicy;
  rules::CheckSelection everything;
  std::string error;
  everything.enabled = *rules::CheckFilter::parse("*", error);
  rules::NolintIndex nolint;
  f.diagnostics = rules::runSelectedChecks(ctx, everything, nolint);
  f.counts = countFile(tu, f.analysis, options, f.diagnostics);
  return f;
}

// The diagnostics of one level whose message contains `text`.
std::vector<const Diagnostic*> find(const Findings& f, Level level, const std::string& text) {
  std::vector<const Diagnostic*> out;
  for (const Diagnostic& d : f.diagnostics)
    if (d.level == level && d.message.find(text) != std::string::npos) out.push_back(&d);
  return out;
}

std::string all(const Findings& f) {
  std::string out;
  for (const Diagnostic& d : f.diagnostics) out += d.message + " [" + d.checkName + "]\n";
  return out;
}

TEST(ReportShapes, WarningNamesTheWorstLaunchAndWhatTheOthersGive) {
  ir::TranslationUnit tu = unitWithShapes({shape(32, 32, "launch at k.cu:40"), shape(1, 32, "launch at k.cu:52"),
                                           shape(16, 2, "launch at k.cu:60")});
  addAccess(tu, ir::AccessKind::Store, tileOffset(ty(), tx()), 7);
  const Findings f = report(tu);
  ASSERT_EQ(find(f, Level::Warning, "32-way bank conflict on store to 's'").size(), 1u) << all(f);
  EXPECT_EQ(find(f, Level::Note,
                 "block 1x32x1 (launch at k.cu:52); also launched with 32x32x1 at k.cu:40: no conflict there; "
                 "also launched with 16x2x1 at k.cu:60: 2-way there")
                .size(),
            1u)
      << all(f);
  EXPECT_EQ(f.counts.warnings, 1u);
}

TEST(ReportShapes, ShapeDependentConflictOfAFamilyIsARemark) {
  ir::TranslationUnit tu = unitWithShapes({shape(32, 1, "assumed: no launch of 'k' in this file", true),
                                           shape(16, 2, "assumed: no launch of 'k' in this file", true),
                                           shape(8, 4, "assumed: no launch of 'k' in this file", true)});
  tu.kernels[0].familyDescription = "2-D blocks 32x1, 16x2, 8x4: test family";
  addAccess(tu, ir::AccessKind::Store, tileOffset(ty(), tx()), 7);
  addAccess(tu, ir::AccessKind::Load, tileOffset(tx(), ty()), 9);
  Findings f = report(tu);
  const auto remarks = find(f, Level::Remark, "bank conflict on store to 's' depends on the block shape: with 16x2x1 (2-way), 8x4x1 (4-way); not with 32x1x1");
  ASSERT_EQ(remarks.size(), 1u) << all(f);
  EXPECT_EQ(remarks[0]->checkName, "bankcheck-shape-dependent");
  EXPECT_EQ(remarks[0]->span.begin.line, 7u);
  // The column conflicts with every member: a warning, with the family in a note.
  ASSERT_EQ(find(f, Level::Warning, "32-way bank conflict on load from 's'").size(), 1u) << all(f);
  EXPECT_FALSE(find(f, Level::Note, "assumed family: 2-D blocks 32x1, 16x2, 8x4: test family; every member conflicts").empty()) << all(f);
  EXPECT_EQ(f.counts.warnings, 1u);
  EXPECT_EQ(f.counts.shapeDependent, 1u);
  EXPECT_NE(summaryLine(f.counts).find("1 warning, 1 shape-dependent conflict"), std::string::npos) << summaryLine(f.counts);

  ReportOptions any;
  any.familyPolicy = "any";
  f = report(tu, any);
  EXPECT_EQ(f.counts.warnings, 2u) << all(f);
  EXPECT_EQ(find(f, Level::Warning, "4-way bank conflict on store to 's'").size(), 1u) << all(f);
  EXPECT_FALSE(find(f, Level::Note, "conflicts with 16x2x1 (2-way), 8x4x1 (4-way); not with 32x1x1 (block-family any)").empty()) << all(f);

  ReportOptions off;
  off.familyPolicy = "off";
  f = report(tu, off);
  EXPECT_EQ(f.counts.warnings, 0u);
  EXPECT_EQ(f.counts.unknown, 2u);
  EXPECT_EQ(find(f, Level::Remark, "not computed: block shape unknown").size(), 2u) << all(f);
}

TEST(ReportShapes, KernelsNotAnalyzedAndCodeNotWalkedAreRemarks) {
  ir::TranslationUnit tu = unitWithShapes({shape(32, 8)});
  addAccess(tu, ir::AccessKind::Store, tileOffset(ty(), tx()), 7);
  // Built field by field: GCC 12 warns (wrongly) that a braced nested SourceLoc may be uninitialized.
  const auto unanalyzed = [](unsigned line, unsigned column, const char* kernel, const char* what, const char* reason) {
    ir::Unanalyzed u;
    u.loc.file = "k.cu";
    u.loc.line = line;
    u.loc.column = column;
    u.kernel = kernel;
    u.what = what;
    u.reason = reason;
    return u;
  };
  tu.unanalyzed.push_back(unanalyzed(9, 12, "k", "call to 'f'", "recursive call"));
  tu.unanalyzed.push_back(unanalyzed(20, 1, "tiled", "template kernel 'tiled'", "never instantiated in this file, so not analyzed"));
  ir::KernelInstance broken;
  broken.id = 1;
  broken.name = broken.function = "broken";
  broken.analyzed = false;
  broken.notAnalyzedReason = "it does not compile";
  tu.kernels.push_back(broken);
  const Findings f = report(tu);
  const auto walked = find(f, Level::Remark, "call to 'f' not analyzed: recursive call");
  ASSERT_EQ(walked.size(), 1u) << all(f);
  EXPECT_EQ(walked[0]->checkName, "bankcheck-not-walked");
  EXPECT_EQ(walked[0]->span.begin.line, 9u);
  const auto kernel = find(f, Level::Remark, "template kernel 'tiled': never instantiated");
  ASSERT_EQ(kernel.size(), 1u) << all(f);
  EXPECT_EQ(kernel[0]->checkName, "bankcheck-not-analyzed");
  EXPECT_EQ(f.counts.kernels, 3u);
  EXPECT_EQ(f.counts.kernelsNotAnalyzed, 2u);
  EXPECT_EQ(f.counts.notWalked, 1u);
  EXPECT_TRUE(f.counts.incomplete());
  EXPECT_EQ(summaryLine(f.counts),
            "bankcheck: 1 file, 3 kernel instances (2 not analyzed), 1 shared-memory access (1 computed, 0 unknown), "
            "1 code region not walked, 0 warnings");
}

TEST(ReportShapes, UnresolvedLaunchesAreNotesUnderFindingsElseRemarks) {
  ir::TranslationUnit tu = unitWithShapes({shape(1, 32)});
  tu.kernels[0].unresolvedLaunches = {"the launch at k.cu:70 has a block shape that is not computed: 'n' is a parameter"};
  addAccess(tu, ir::AccessKind::Store, tileOffset(ty(), tx()), 7);
  Findings f = report(tu);
  EXPECT_EQ(find(f, Level::Note, "the launch at k.cu:70 has a block shape that is not computed").size(), 1u) << all(f);
  EXPECT_TRUE(find(f, Level::Remark, "k.cu:70").empty()) << all(f);
  EXPECT_EQ(f.counts.unresolvedLaunches, 1u);

  // A clean kernel has no finding to hang the note on: a remark.
  tu.kernels[0].launch = shape(32, 1);
  f = report(tu);
  const auto remarks = find(f, Level::Remark, "kernel 'k': the launch at k.cu:70 has a block shape that is not computed");
  ASSERT_EQ(remarks.size(), 1u) << all(f);
  EXPECT_EQ(remarks[0]->checkName, "bankcheck-unresolved-launch");
  EXPECT_NE(summaryLine(f.counts).find("1 launch shape not computed"), std::string::npos) << summaryLine(f.counts);
}

TEST(ReportShapes, JsonHasEveryShapeAndTheNewCounts) {
  ir::TranslationUnit tu = unitWithShapes({shape(32, 32, "launch at k.cu:40"), shape(1, 32, "launch at k.cu:52")});
  tu.kernels[0].unresolvedLaunches = {"the launch at k.cu:70 has a block shape that is not computed"};
  addAccess(tu, ir::AccessKind::Store, tileOffset(ty(), tx()), 7);
  const Findings f = report(tu);
  const llvm::json::Value v = llvm::json::Value(findingsJson(tu, f.analysis, {}));
  const llvm::json::Object& file = *v.getAsObject();
  const llvm::json::Object& kernel = *file.getArray("kernels")->front().getAsObject();
  EXPECT_EQ(kernel.getArray("launches")->size(), 2u);
  EXPECT_EQ(kernel.getArray("unresolved_launches")->size(), 1u);
  EXPECT_EQ(kernel.get("family")->kind(), llvm::json::Value::Null);
  const llvm::json::Object& access = *file.getArray("accesses")->front().getAsObject();
  EXPECT_EQ(access.getString("block_source"), "launch at k.cu:52");
  EXPECT_EQ(access.getString("verdict"), "warning");
  EXPECT_EQ(access.getBoolean("warning"), true);
  const llvm::json::Array& shapes = *access.getArray("shapes");
  ASSERT_EQ(shapes.size(), 2u);
  EXPECT_EQ(shapes[0].getAsObject()->getNumber("ways"), 1.0);
  EXPECT_EQ(shapes[1].getAsObject()->getNumber("ways"), 32.0);
  EXPECT_EQ(shapes[1].getAsObject()->getBoolean("assumed"), false);
  const llvm::json::Value summary = summaryJson(f.counts);
  EXPECT_EQ(summary.getAsObject()->getInteger("unresolved_launches"), 1);
  EXPECT_EQ(summary.getAsObject()->getInteger("computed"), 1);
}

}  // namespace
}  // namespace bankcheck::report
