// Runs the mapper over every access of a translation unit and every block shape of its kernel,
// choosing each access's instruction width (from PTX when given, else predicted for the shape),
// and keeps the worst shape per access (WorstShape.h).
#pragma once

#include <vector>

#include "ir/Module.h"
#include "mapper/AccessMapper.h"
#include "mapper/PtxWidths.h"
#include "mapper/WidthPrediction.h"

namespace bankcheck::mapper {

struct AnalysisOptions {
  WidthPredictionOptions width;
  MapperLimits limits;
  const PtxListing* ptx = nullptr;  // widths read from nvcc's PTX, when --ptx
  // >= 0: only this block shape of the kernel is mapped (a search's screen: a conflict with one
  // shape is a conflict of the access). analyzeAccess and analyzeMovedAccess only.
  int onlyShape = -1;
};

struct UnitAnalysis {
  std::vector<AccessResult> results;  // indexed by access id
};

UnitAnalysis analyzeUnit(const ir::TranslationUnit& tu, const AnalysisOptions& options);

// One access with every block shape of its kernel, the worst kept (what analyzeUnit computes for
// it, without the parallelism).
AccessResult analyzeAccess(const ir::TranslationUnit& tu, const ir::Access& access, const AnalysisOptions& options = {});

// `moved` is `original` after a layout change (the advisor's padding) that moves every offset by
// a multiple of `keptAlignment` bytes, in ways the width predictor cannot follow (a division by
// the row length). Where nvcc merged the original into an instruction whose width divides
// `keptAlignment`, it merges the moved access the same way (the source keeps its affine form, as
// `row * (BK + 4) + k` does); elsewhere the width is predicted for `moved`.
AccessResult analyzeMovedAccess(const ir::TranslationUnit& tu, const ir::Access& moved, const ir::Access& original,
                                unsigned keptAlignment, const AnalysisOptions& options = {});

}  // namespace bankcheck::mapper
