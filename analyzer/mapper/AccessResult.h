// What the mapper computed for one access: the wavefronts a warp-instruction needs, in the
// units Nsight Compute reports, over every warp of the block and every relevant value of the
// warp-uniform variables, with the case that produced the worst.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace bankcheck::mapper {

enum class WidthSource {
  SourceType,         // the C++ type of the access
  PredictedVector,    // nvcc is predicted to merge unrolled iterations into one wider access
  Ptx,                // read from nvcc's PTX for this line
  Sass,               // read from the SASS of nvcc's cubin (nvdisasm) for this line
};
const char* spelling(WidthSource s);

struct WarpCase {
  int warp = 0;
  std::array<int64_t, 32> addresses{};        // byte addresses, -1 for inactive lanes
  std::vector<std::pair<std::string, int64_t>> values;  // uniform values (loop variables ...)
  int wavefronts = 0;     // what the hardware takes
  int ideal = 0;          // the fewest any layout of the same data could take (model::Wavefronts::best)
  int ncuWavefronts = 0;  // what ncu's source view reports for the instruction
  int ncuIdeal = 0;       // ncu's `L1 Wavefronts Shared Ideal`
  int fewest = 0;         // > 0 when `wavefronts` is the most the hardware takes and this the least
  // cp.async: the global byte address each lane reads (-1 inactive), which groups the lanes.
  bool hasSources = false;
  std::array<int64_t, 32> sources{};
};

// "32-way", "1.5-way": how a conflict multiplier is printed everywhere.
std::string waysText(double ways);

// What one block shape of the kernel gives for an access (the report says it for every shape;
// the advisor proves its fixes over all of them).
struct ShapeOutcome {
  bool computed = false;
  std::string unknownReason;
  int wavefronts = 0;                // the worst warp-instruction with this shape
  int ideal = 0;
  double executions = 0;             // 0: no lane of this shape performs the access
  double totalWavefronts = 0;
  double totalIdeal = 0;

  bool executed() const { return computed && executions > 0 && ideal > 0; }
  double ways() const { return ideal > 0 ? static_cast<double>(wavefronts) / ideal : 0; }
};

struct AccessResult {
  int access = -1;
  // MapperLimits::probeExtent: the loop whose iterations this access bounds (-1: none), the
  // first iteration that takes one of its lanes past its array's end, and where.
  int extentLoop = -1;
  int64_t extentTrips = 0;
  std::string extentEvidence;
  enum class Status { Computed, Unknown } status = Status::Unknown;
  std::string unknownReason;

  unsigned instructionWidth = 0;     // bytes per lane of the instruction the mapper evaluated
  WidthSource widthSource = WidthSource::SourceType;
  std::string widthNote;             // e.g. "4 iterations of the loop at line 20 merged"
  bool mergedWithNeighbours = false; // one instruction with neighbouring accesses (WidthPlan::neighbours)
  unsigned vectorFactor = 1;         // C++ accesses per instruction
  // Other widths its instructions take in some iterations of an unrolled loop (IterationMerge.h).
  std::vector<unsigned> otherWidths;

  WarpCase worst;                    // highest wavefronts (ties: first found)
  double typicalWavefronts = 0;      // mean per executed warp-instruction, weighted by executions
  double typicalIdeal = 0;
  // Totals the way ncu aggregates a source line: sums over every executed warp-instruction.
  double executions = 0;
  double totalWavefronts = 0;
  double totalIdeal = 0;
  // The same sums in Nsight Compute's source-view units (`L1 Wavefronts Shared` and
  // `L1 Wavefronts Shared Ideal`), which differ from the hardware's for some 8/16-byte loads;
  // the GPU verification compares against these.
  double totalNcuWavefronts = 0;
  double totalNcuIdeal = 0;
  bool weightsKnown = true;          // false when some loop's trip count is unknown (counted once)
  bool exhaustive = true;            // false when the enumeration was capped
  // The cap on warp instructions stopped the enumeration, in some block shape: the totals cover
  // only the cases before it, which another layout (a padding) may enumerate differently. A cap
  // on one loop's trip count is not this: it counts the same iterations under any layout.
  bool stoppedEarly = false;
  // Stopped by MapperLimits::sharedBudget or maxTotalWavefronts: the totals are partial.
  bool overBudget = false;
  // How the loops were covered, per block shape: one letter a loop (E enumerated, C counted,
  // F counted through its conditions, R residues). Two runs with the same plan stopped by the cap
  // cover the same cases.
  std::string plan;
  // Whether the advisor weighs this access's wavefronts. Not for cp.async.cg: its count is what
  // Nsight Compute's source view shows, but the launch's shared-memory counter omits those writes
  // and their time does not follow the count (docs/hardware-model.md), so no layout is chosen by it.
  bool weighedByAdvisor = true;
  // The rule of an instruction kind gave an approximate count for some case (OpFit::Approximate:
  // a cp.async whose lanes do not keep one layout between their source and destination lines).
  bool approximate = false;
  // A condition on the access was assumed true for every lane (a value the analysis cannot know):
  // the executions counted are those of the assumption, not of any particular run.
  bool conditionAssumed = false;
  uint64_t enumerated = 0;           // warp-instruction cases visited, over every shape (the work it took)
  // Of those, the cases of warps whose lanes hold the same thread indices, of those the access
  // reads, as an earlier warp's: counted again from that warp's, not evaluated.
  uint64_t replayed = 0;
  std::vector<std::string> notes;    // assumptions made (shift-invariant uniforms, predicates)

  // Everything above is for the kernel's block shape `shape` (an index, see BlockShapes.h): the
  // worst of its shapes. `shapes` has what each shape gives, in the kernel's order.
  int shape = 0;
  std::vector<ShapeOutcome> shapes;

  int worstWays() const { return worst.ideal > 0 ? worst.wavefronts / worst.ideal : 0; }
  double ways() const { return worst.ideal > 0 ? static_cast<double>(worst.wavefronts) / worst.ideal : 0; }
};

}  // namespace bankcheck::mapper
