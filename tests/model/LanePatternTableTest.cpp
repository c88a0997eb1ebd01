// `bankcheck lanes`: output, match summary, exit codes and clang-style errors.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <fstream>
#include <sstream>

#include "TestData.h"
#include "model/LanePatternTable.h"

namespace bankcheck::model {
namespace {

std::string header(bool measured = true) {
  std::string h = "pattern,op,width_bytes";
  for (int l = 0; l < kWarpSize; ++l) h += fmt::format(",lane{}", l);
  return h + (measured ? ",wavefronts" : "");
}

// A row whose lane l has address `addr(l)`.
template <class F>
std::string row(const std::string& name, const std::string& op, int width, F addr, const std::string& tail = "") {
  std::string r = fmt::format("{},{},{}", name, op, width);
  for (int l = 0; l < kWarpSize; ++l) r += fmt::format(",{}", addr(l));
  return r + tail;
}

struct Result {
  int status;
  std::string out, err;
};

Result run(const std::string& csv, const std::string& name = "t.csv") {
  std::istringstream in(csv);
  std::ostringstream out, err;
  const int status = runLanesCommand(in, name, out, err);
  return {status, out.str(), err.str()};
}

TEST(LanesCommand, AppendsPredictionAndCountsMatches) {
  const std::string csv = header() + "\n" + row("column", "ld", 4, [](int l) { return l * 128; }, ",32") + "\n" +
                          row("bcast", "st", 16, [](int) { return 64; }, ",4") + "\n";
  const Result r = run(csv);
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err, "");
  std::istringstream lines(r.out);
  std::string line;
  std::getline(lines, line);
  EXPECT_EQ(line, header() + ",predicted,ideal");
  std::getline(lines, line);
  EXPECT_EQ(line, row("column", "ld", 4, [](int l) { return l * 128; }, ",32,32,1"));
  std::getline(lines, line);
  EXPECT_EQ(line, row("bcast", "st", 16, [](int) { return 64; }, ",4,4,4"));
  std::getline(lines, line);
  EXPECT_EQ(line, "2/2 rows match");
  EXPECT_FALSE(std::getline(lines, line));
}

TEST(LanesCommand, MismatchIsExitOneWithAWarning) {
  const std::string csv =
      header() + "\n" + row("column", "ld", 4, [](int l) { return l * 128; }, ",31") + "\n";
  const Result r = run(csv, "m.csv");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find("0/1 rows match"), std::string::npos) << r.out;
  // The measured cell is the last field of line 2.
  const std::string rowText = row("column", "ld", 4, [](int l) { return l * 128; }, ",31");
  const size_t cell = rowText.rfind(',') + 2;
  EXPECT_EQ(r.err, fmt::format("m.csv:2:{}: warning: wavefronts measured 31, predicted 32 (pattern 'column', "
                               "4-byte load)\n",
                               cell));
}

TEST(LanesCommand, NoMeasuredColumnNoSummary) {
  const Result r = run(header(false) + "\n" + row("x", "st", 8, [](int l) { return l < 16 ? l * 8 : -1; }) + "\n");
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out.find("rows match"), std::string::npos);
  EXPECT_NE(r.out.find(",1,1\n"), std::string::npos) << r.out;  // 16 lanes x 8 bytes: 1 wavefront
}

TEST(LanesCommand, ExtraAndQuotedColumnsPassThrough) {
  const std::string h = header() + ",sass";
  const std::string line =
      row("q", "ld", 8, [](int l) { return (l / 2) * 8; }, ",1,\"@P0   LDS.64 R2, [R0+UR4]\"");
  const Result r = run(h + "\r\n\n# a comment\n" + line + "\r\n");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find(line + ",1,1\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("1/1 rows match"), std::string::npos);
}

TEST(LanesCommand, BadInput) {
  auto errorOf = [](const std::string& csv) {
    const Result r = run(csv, "bad.csv");
    EXPECT_EQ(r.status, 2) << csv;
    EXPECT_EQ(r.out, "");
    return r.err;
  };
  EXPECT_EQ(errorOf(""),
            "bad.csv:1:1: error: empty input; expected a header line "
            "'pattern,op,width_bytes,lane0,...,lane31[,wavefronts]'\n");
  EXPECT_NE(errorOf(row("x", "ld", 4, [](int l) { return l * 4; }) + "\n").find("bad.csv:1:1: error: missing header"),
            std::string::npos);
  std::string noLane7 = "pattern,op,width_bytes";
  for (int l = 0; l < kWarpSize; ++l)
    if (l != 7) noLane7 += fmt::format(",lane{}", l);
  EXPECT_NE(errorOf(noLane7 + "\n").find("bad.csv:1:1: error: header has no column 'lane7'"), std::string::npos);
  // op in column 3 of row 2 ("x,xx,...": the op field starts at character 3).
  EXPECT_EQ(errorOf(header(false) + "\n" + row("x", "xx", 4, [](int l) { return l * 4; }) + "\n"),
            "bad.csv:2:3: error: op must be 'ld', 'st', ldsm.x1|x2|x4[.trans], stsm.x1|x2|x4[.trans], "
            "cpasync.ca.4|8|16, cpasync.cg.16 (or cpasync.4|8|16) or atom.4, found 'xx'\n");
  EXPECT_EQ(errorOf(header(false) + "\n" + row("x", "ld", 3, [](int l) { return l * 4; }) + "\n"),
            "bad.csv:2:6: error: width_bytes must be 1, 2, 4, 8 or 16, found '3'\n");
  EXPECT_EQ(errorOf(header(false) + "\n" + row("x", "ld", 4, [](int l) { return l == 0 ? 2 : l * 4; }) + "\n"),
            "bad.csv:2:8: error: lane0 address 2 is not aligned to the 4-byte access width\n");
  EXPECT_EQ(errorOf(header(false) + "\n" + row("x", "ld", 4, [](int l) { return l == 0 ? -2 : l * 4; }) + "\n"),
            "bad.csv:2:8: error: lane0 is -2; use -1 for an inactive lane\n");
  const std::string text = row("x", "ld", 4, [](int l) { return l * 4; });
  EXPECT_NE(errorOf(header(false) + "\n" + text.substr(0, text.rfind(',')) + "\n")
                .find("bad.csv:2:" + std::to_string(text.rfind(',') + 1) + ": error: expected 35 fields as in the "
                                                                            "header, found 34"),
            std::string::npos);
  EXPECT_NE(errorOf(header(false) + "\n" + row("x", "ld", 4, [](int l) { return l == 5 ? std::string("1e3") : std::to_string(l * 4); }) + "\n")
                .find("error: lane5 must be a byte offset or -1, found '1e3'"),
            std::string::npos);
  EXPECT_NE(errorOf(header() + "\n" + row("x", "ld", 4, [](int l) { return l * 4; }, ",many") + "\n")
                .find("error: wavefronts must be a non-negative integer, found 'many'"),
            std::string::npos);
}

// The whole shared table through the command, as a user would run it.
TEST(LanesCommand, GroundTruthFile) {
  std::ifstream in(test::sourcePath("tests/data/ground-truth/h200-lane-patterns.csv"));
  ASSERT_TRUE(in);
  std::ostringstream out, err;
  EXPECT_EQ(runLanesCommand(in, "h200-lane-patterns.csv", out, err), 0) << err.str();
  EXPECT_NE(out.str().find("\n280/280 rows match\n"), std::string::npos);
}

TEST(LanesCommand, ProjectTableFile) {
  std::ifstream in(test::sourcePath("measurements/h200-model-patterns.csv"));
  ASSERT_TRUE(in);
  std::ostringstream out, err;
  EXPECT_EQ(runLanesCommand(in, "h200-model-patterns.csv", out, err), 0) << err.str();
  EXPECT_NE(out.str().find("\n371/371 rows match\n"), std::string::npos);
}

}  // namespace
}  // namespace bankcheck::model
