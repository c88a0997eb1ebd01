// Replays every measured row: the shared H200 ground truth (451 rows, hardware counters) and
// the project's own measurements (measurements: hardware counters per launch,
// ncu's per-instruction SourceCounters, and whole-kernel hardware totals).
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <fstream>
#include <map>
#include <sstream>

#include "TestData.h"
#include "model/BankModel.h"

namespace bankcheck::model::test {
namespace {

std::string describe(const LanePatternRow& row) {
  return fmt::format("line {}: {} {}-byte {}", row.line, row.pattern, row.request.widthBytes, toString(row.request.op));
}

// Hardware wavefronts of every row that has them; returns the number of rows checked.
int replayHardware(const LanePatternTable& table, const std::string& name) {
  int checked = 0;
  for (const LanePatternRow& row : table.rows) {
    if (!row.wavefronts) continue;
    ++checked;
    EXPECT_EQ(countWavefronts(row.request).actual, *row.wavefronts) << name << " " << describe(row);
  }
  return checked;
}

// ncu's SourceCounters values (L1 Wavefronts Shared, ... Ideal); returns rows checked.
int replaySourceCounters(const LanePatternTable& table, const std::string& name) {
  int checked = 0;
  for (const LanePatternRow& row : table.rows) {
    if (!row.ncuWavefronts && !row.ncuIdeal) continue;
    ++checked;
    const Wavefronts wf = countWavefronts(row.request);
    if (row.ncuWavefronts) {
      EXPECT_EQ(wf.reported, *row.ncuWavefronts) << name << " ncu_wavefronts " << describe(row);
    }
    if (row.ncuIdeal) {
      EXPECT_EQ(wf.ideal, *row.ncuIdeal) << name << " ncu_ideal " << describe(row);
    }
  }
  return checked;
}

TEST(GroundTruth, LanePatterns) {
  const auto table = loadTable(std::string(kGroundTruth) + "/h200-lane-patterns.csv");
  EXPECT_EQ(replayHardware(table, "h200-lane-patterns.csv"), 280);
}

TEST(GroundTruth, WideDuplicates) {
  const auto table = loadTable(std::string(kGroundTruth) + "/h200-wide-duplicates.csv");
  EXPECT_EQ(replayHardware(table, "h200-wide-duplicates.csv"), 120);
}

// h200-strided.csv: lane i accesses element i*stride + offset of the given width.
TEST(GroundTruth, Strided) {
  std::ifstream in(sourcePath(std::string(kGroundTruth) + "/h200-strided.csv"));
  ASSERT_TRUE(in);
  std::string line;
  auto next = [&] {
    if (!std::getline(in, line)) return false;
    if (!line.empty() && line.back() == '\r') line.pop_back();  // the shared CSVs end lines with CRLF
    return true;
  };
  next();
  ASSERT_EQ(line, "op,type,width_bytes,stride_elems,offset_elems,instructions,wavefronts,bank_conflicts_counter");
  int rows = 0;
  while (next()) {
    std::stringstream ss(line);
    std::string op, type, cell;
    std::getline(ss, op, ',');
    std::getline(ss, type, ',');
    int v[6];
    for (int& x : v) {
      std::getline(ss, cell, ',');
      x = std::stoi(cell);
    }
    const int width = v[0], stride = v[1], offset = v[2], wavefronts = v[4];
    WarpRequest r;
    r.widthBytes = width;
    r.op = op == "ld" ? MemOp::Load : MemOp::Store;
    for (int l = 0; l < kWarpSize; ++l) r.addr[l] = int64_t(l * stride + offset) * width;
    EXPECT_EQ(countWavefronts(r).actual, wavefronts) << line;
    ++rows;
  }
  EXPECT_EQ(rows, 51);
}

// The project's table: 371 patterns measured per launch (hardware) and as single instructions
// under SourceCounters (ncu's wavefronts and ideal).
TEST(Measured, ModelPatterns) {
  const auto table = loadTable(std::string(kMeasurements) + "/h200-model-patterns.csv");
  EXPECT_EQ(replayHardware(table, "h200-model-patterns.csv"), 371);
  EXPECT_EQ(replaySourceCounters(table, "h200-model-patterns.csv"), 371);
}

// The 451 ground-truth patterns re-run as single instructions under SourceCounters.
TEST(Measured, SourceCountersOfGroundTruth) {
  const auto table = loadTable(std::string(kMeasurements) + "/h200-source-counters-gt.csv");
  EXPECT_EQ(replayHardware(table, "h200-source-counters-gt.csv"), 451);
  EXPECT_EQ(replaySourceCounters(table, "h200-source-counters-gt.csv"), 451);
}

TEST(Measured, IdealProbes) {
  const auto table = loadTable(std::string(kMeasurements) + "/h200-ideal-probes.csv");
  EXPECT_EQ(replaySourceCounters(table, "h200-ideal-probes.csv"), 160);
}

// Whole-kernel hardware counters: each multi-instruction kernel executed all patterns of one
// op/width once (inactive lanes predicated off, not exited), so its wavefronts are the sum of
// the patterns' hardware counts. This also covers the 160 ideal probes.
TEST(Measured, KernelTotals) {
  std::map<std::pair<int, std::string>, int> predicted, count;
  auto kernelOf = [](const LanePatternRow& row) {
    bool any = false;
    for (int64_t a : row.request.addr) any |= a >= 0;
    if (!any) return std::string("multi_all_inactive");
    return fmt::format("multi_{}{}", row.request.op == MemOp::Load ? "ld" : "st", row.request.widthBytes);
  };
  auto add = [&](const LanePatternTable& table, int round, int roundColumn) {
    for (const LanePatternRow& row : table.rows) {
      const int r = roundColumn >= 0 ? std::stoi(row.fields[roundColumn]) : round;
      predicted[{r, kernelOf(row)}] += countWavefronts(row.request).actual;
      count[{r, kernelOf(row)}] += 1;
    }
  };
  const auto model = loadTable(std::string(kMeasurements) + "/h200-model-patterns.csv");
  add(model, 0, model.columnIndex("round"));
  add(loadTable(std::string(kMeasurements) + "/h200-ideal-probes.csv"), 1, -1);
  add(loadTable(std::string(kMeasurements) + "/h200-source-counters-gt.csv"), 1, -1);

  std::ifstream in(sourcePath(std::string(kMeasurements) + "/h200-kernel-totals.csv"));
  ASSERT_TRUE(in);
  std::string line;
  std::getline(in, line);
  ASSERT_EQ(line, "round,kernel,patterns,ld_wavefronts,st_wavefronts,ld_instructions,st_instructions,pattern_wavefronts");
  int kernels = 0;
  while (std::getline(in, line)) {
    std::vector<std::string> f;
    std::stringstream ss(line);
    for (std::string cell; std::getline(ss, cell, ',');) f.push_back(cell);
    ASSERT_EQ(f.size(), 8u) << line;
    const std::pair<int, std::string> key{std::stoi(f[0]), f[1]};
    EXPECT_EQ(count[key], std::stoi(f[2])) << line;
    EXPECT_EQ(predicted[key], std::stoi(f[7])) << line;
    ++kernels;
  }
  EXPECT_EQ(kernels, 13);
}

}  // namespace
}  // namespace bankcheck::model::test
