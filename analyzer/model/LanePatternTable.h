// `bankcheck lanes FILE.csv`: the bank model applied to explicit per-lane address patterns.
//
// Input: CSV with a header. Required columns (by name, anywhere): pattern, op (ld|st, also
// load|store, or one of the OpModel kinds: ldsm.x1|x2|x4[.trans], stsm.x1|x2|x4[.trans],
// cpasync.ca.4|8|16, cpasync.cg.16, or cpasync.4|8|16 as the ground truth names them, atom.4), width_bytes (1, 2, 4, 8, 16; for an OpModel kind the width it
// implies: 16 for ldsm/stsm rows), lane0 ... lane31 (byte offsets; -1 = inactive lane; for
// ldsm/stsm .xN the lanes from 8N up are ignored). Optional measured columns, compared with the prediction when present:
//   wavefronts      the hardware count (l1tex__data_pipe_lsu_wavefronts_mem_shared_op_*)
//   ncu_wavefronts  ncu's SourceCounters `L1 Wavefronts Shared`
//   ncu_ideal       ncu's SourceCounters `L1 Wavefronts Shared Ideal`
// cp.async rows may give their global sources in src0 ... src31 (byte addresses; all 32 or
// none); without them the probe's layout (lane i reads 16 * i) is assumed.
// Other columns are carried through untouched. This is the format of the shared ground truth
// (tests/data/ground-truth/h200-lane-patterns.csv) and of the project's own measured table
// (measurements/h200-model-patterns.csv), and of the op table
// (tests/data/ground-truth/h200-op-patterns.csv). For op rows only `wavefronts` is compared;
// ncu's per-instruction columns are not modelled for them.
//
// Output: the same lines with `predicted,ideal` appended (header included); when a measured
// column is present, a last line `N/M rows match` (and a clang-style warning on `err` for each
// row that does not). Exit status: 0 when every row matches (or nothing was measured), 1 on a
// mismatch, 2 on bad input, reported as `FILE:LINE:COL: error: ...`.
#pragma once

#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "BankModel.h"
#include "OpModel.h"

namespace bankcheck::model {

struct LanePatternRow {
  int line = 0;          // 1-based line number in the file
  std::string text;      // the line as read (without the line ending)
  std::string pattern;   // the `pattern` field
  std::vector<std::string> fields;  // every field of the line, unquoted, in header order
  WarpRequest request;  // LDS/STS rows; for op rows the same addresses, width, op Load
  std::optional<OpRequest> opRequest;  // set for ldsm/stsm/cpasync/atom rows
  // Measured values, when the file has the column and the cell is not empty; with the
  // 1-based column of the cell (for diagnostics).
  std::optional<int> wavefronts, ncuWavefronts, ncuIdeal;
  int wavefrontsColumn = 0, ncuWavefrontsColumn = 0, ncuIdealColumn = 0;
};

struct LanePatternTable {
  std::string headerText;
  std::vector<std::string> columns;  // the header's column names
  // Index of `name` in columns, or -1.
  int columnIndex(const std::string& name) const;
  bool hasWavefronts = false, hasNcuWavefronts = false, hasNcuIdeal = false;
  std::vector<LanePatternRow> rows;
};

// What the model predicts for one row, whichever kind of instruction it is.
struct RowPrediction {
  int wavefronts = 0, ideal = 0;
  int ncuWavefronts = 0;          // ncu's `L1 Wavefronts Shared` (LDS/STS rows only)
  std::optional<OpFit> opFit;     // set for op rows
};

RowPrediction predictRow(const LanePatternRow& row);

// "4-byte load", "ldsm.x4.trans": how diagnostics name the row's instruction.
std::string describeInstruction(const LanePatternRow& row);

struct LanePatternError {
  int line = 0, column = 0;
  std::string message;
};

// Parses the whole table; on bad input returns false and fills `error`.
bool parseLanePatternTable(std::istream& in, LanePatternTable& table, LanePatternError& error);

// The `bankcheck lanes` subcommand: reads `in` (named `fileName` in diagnostics), writes the
// table to `out` and diagnostics to `err`, returns the exit status (0, 1 or 2).
int runLanesCommand(std::istream& in, const std::string& fileName, std::ostream& out, std::ostream& err);

}  // namespace bankcheck::model
