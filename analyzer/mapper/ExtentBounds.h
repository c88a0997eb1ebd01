// Loops whose trip count the code does not give (`for (size = 2; size < arrayLength; size <<= 1)`)
// but whose iterations change the pattern of an access can still be enumerated when the access
// runs past the end of its array in some iteration: that iteration is undefined behaviour, so a
// correct run ends before it, and the iterations before it are all a run can reach. This pass
// probes every such access with every block shape of its kernel, and records in each loop the
// smallest bound any access in it gives (ir::Loop::extentBounds), so that every access of the
// loop, and every candidate layout the advisor maps, enumerates those iterations.
#pragma once

#include "ir/Module.h"
#include "mapper/UnitAnalysis.h"

namespace bankcheck::mapper {

void boundLoopsByExtent(ir::TranslationUnit& tu, const AnalysisOptions& options);

}  // namespace bankcheck::mapper
