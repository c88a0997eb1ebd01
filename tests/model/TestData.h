// Paths and loaders for the measured tables the model tests replay.
#pragma once

#include <fstream>
#include <string>

#include "model/LanePatternTable.h"

namespace bankcheck::model::test {

inline std::string sourcePath(const std::string& relative) { return std::string(BANKCHECK_SOURCE_DIR) + "/" + relative; }

// Loads a CSV in the `bankcheck lanes` format; fails the calling test on bad input.
inline LanePatternTable loadTable(const std::string& relative) {
  LanePatternTable table;
  LanePatternError error;
  std::ifstream in(sourcePath(relative));
  if (!in) throw std::runtime_error("cannot open " + sourcePath(relative));
  if (!parseLanePatternTable(in, table, error))
    throw std::runtime_error(relative + ":" + std::to_string(error.line) + ":" + std::to_string(error.column) + ": " +
                             error.message);
  return table;
}

inline const char* kGroundTruth = "tests/data/ground-truth";
inline const char* kMeasurements = "measurements";

}  // namespace bankcheck::model::test
