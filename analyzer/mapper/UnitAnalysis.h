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
};

struct UnitAnalysis {
  std::vector<AccessResult> results;  // indexed by access id
};

UnitAnalysis analyzeUnit(const ir::TranslationUnit& tu, const AnalysisOptions& options);

// One access with every block shape of its kernel, the worst kept (what analyzeUnit computes for
// it, without the parallelism).
AccessResult analyzeAccess(const ir::TranslationUnit& tu, const ir::Access& access, const AnalysisOptions& options = {});

}  // namespace bankcheck::mapper
