// What the advisor proposes for one shared array: the edits, what they cost, and the proof.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "advisor/Evaluation.h"
#include "ir/Module.h"

namespace bankcheck::advisor {

// A replacement of [span.beginOffset, span.endOffset) in span.begin.file: the file that holds
// the text (a header when the array is declared in one), never just the file analyzed.
struct Edit {
  ir::SourceSpan span;
  std::string text;
  std::string original;
  uint64_t sourceHash = 0;  // hash of the whole text of span.begin.file the edit was proven on
};

struct OccupancyChange {
  std::string kernel;
  int blocksBefore = 0, blocksAfter = 0;
  std::string limiterAfter;
  bool optInAfter = false;     // the change crosses the 48 KB default limit
  int64_t smemBefore = 0, smemAfter = 0;
};

struct Proposal {
  // AtomicStore: exchanges whose old value is unused written as stores (AtomicStores.h); the
  // layout stays as it is.
  enum class Kind { Padding, Swizzle, AtomicStore, None } kind = Kind::None;
  std::string array;             // name as declared
  std::string declKey;
  // A padding set at the launches that pads other declarations too (one template parameter sizes
  // them): their keys and worst ways before, which re-analysis must not exceed.
  std::map<std::string, double> alsoPaddedWorst;
  ir::SourceSpan decl;
  // The shared-memory object the array is: itself, or the dynamic buffer it is carved out of
  // (several carved views share one object, and one padding of it).
  std::string storage;
  ir::SourceSpan storageDecl;
  std::string declarationAfter;  // e.g. "tile[32][32 + 1]"
  int dimension = -1;            // padded dimension (0 = outermost)
  // The padding is set at each instantiation's launches (a template parameter), not in the
  // template: `declarationAfter` then says which value each instantiation gets.
  bool perInstantiation = false;
  int64_t padElements = 0;
  std::string swizzle;           // e.g. "Swizzle<3,2,5>", and the rewritten index in `edits`
  // The swizzle is written on each access's whole offset, counted in bytes (FlatSwizzle.h):
  // `declarationAfter` is its formula and `swizzle` CuTe's equivalent on the byte offset.
  bool onByteOffset = false;
  // The rows' padding taken out first where its value is written ("'B_PAD' = 0 instead of 8
  // (hgemm.cu:644 ('B_PAD'))"), for tiles filled by cp.async.cg copies (PaddingRemoval.h); the
  // swizzle, if any, is then the one for the unpadded rows.
  std::string unpadding;
  // The copies are weighed with the other accesses (wavefronts before and after include them):
  // the fix is their layout.
  bool weighsCopies = false;
  std::vector<Edit> edits;

  // Cost.
  int64_t bytesAddedPerBlock = 0;
  std::vector<OccupancyChange> occupancy;

  // Effect, weighted by how often each access runs (loop trip counts), over all accesses of the
  // array in every kernel instance.
  unsigned accesses = 0;
  unsigned unknownBefore = 0;    // of `accesses`, those not computed before the change
  double wavefrontsBefore = 0, wavefrontsAfter = 0;
  double worstWaysBefore = 0, worstWaysAfter = 0;
  unsigned unknownAfter = 0;     // accesses not computed after the change
  bool stoppedEarlyBefore = false;  // the enumeration of some access stopped at its cap before the change
  std::string plansBefore;          // how each access's loops were covered before (Evaluation::plans)
  Evaluation predicted;             // what the search's evaluation on the IR predicts after the change

  // Proof: the evaluation on the IR, or (--fix) the edits applied to a copy of the source and the
  // whole file re-analyzed.
  bool verified = false;
  std::string verification;      // "verified: all 3 accesses of 'tile' conflict-free after the change"
  std::string widthSource;       // how it was proven: "on the IR, widths predicted", "re-parsed, widths predicted", PTX

  std::string whyNot;            // Kind::None: why nothing is proposed
  std::vector<std::string> notes;  // e.g. existing padding that changes nothing
};

}  // namespace bankcheck::advisor
