// `--ptx`: the widths of the shared-memory instructions nvcc actually generates, per source line.
//
// Measured on CUDA 13: nvcc's PTX keeps an unrolled `As[ty][k]` as scalar `ld.shared.f32`
// at consecutive offsets from one base register; ptxas then merges them into LDS.64/LDS.128 when
// it can prove the base aligned. So the width is read in two steps: the PTX instructions (with
// their explicit .v2/.v4 vectors, line, array and base register), then ptxas's merge of
// contiguous same-base accesses, decided by the alignment of the base register traced through
// the PTX that computes it.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "ir/Module.h"
#include "llvm/ADT/StringRef.h"
#include "mapper/AccessMapper.h"

namespace bankcheck::mapper {

struct PtxAccess {
  std::string function;            // demangled, e.g. "void transpose<8>(float const*, float*, int)"
  std::string array;               // the shared variable's source name ("As"), "" if unknown
  std::string file;
  unsigned line = 0;
  enum class Kind { Load, Store, AsyncCopy } kind = Kind::Load;
  unsigned ptxWidth = 0;           // bytes per lane of the PTX instruction
  unsigned mergedWidth = 0;        // after ptxas's merge of contiguous accesses
  std::string base;                // base register or symbol
  int64_t immediate = 0;
  int64_t baseAlignment = 1;       // proven alignment of the base register (bytes, up to 16)
  std::string text;
};

// The shared-memory instructions nvcc generated for a file: from its PTX (--ptx) or from the SASS
// of its cubin (--sass, SassWidths.h), which is what the GPU executes.
struct PtxListing {
  WidthSource origin = WidthSource::Ptx;
  bool ok = false;
  std::string error;
  std::string command;
  std::vector<PtxAccess> accesses;
  // Registers per thread of each entry function (demangled), from `ptxas -v` on the same PTX;
  // empty with `registersError` set when ptxas did not run.
  std::map<std::string, int> registers;
  std::string registersError;
  // Said to the user even when `ok`: e.g. that --sass fell back to the PTX, and why.
  std::string notice;
};

// Runs `nvcc -ptx -lineinfo -arch=<arch>` on `file` with the given -I/-D/-std flags.
PtxListing compileToPtx(const std::string& file, const std::vector<std::string>& flags, const std::string& arch);

// Parses PTX text (exposed for tests).
PtxListing parsePtx(llvm::StringRef ptx);

// The access's plan with the width nvcc generates, when the PTX has instructions for it.
WidthPlan widthFromPtx(const PtxListing& ptx, const ir::TranslationUnit& tu, const ir::Access& access,
                       const WidthPlan& predicted);


// Parses `ptxas -v` output: registers per thread by entry function, demangled (exposed for tests).
std::map<std::string, int> parsePtxasRegisters(llvm::StringRef log);

// The registers per thread ptxas gave kernel instance `instance` ("transpose<8>"), if it ran.
std::optional<int> registersOf(const PtxListing& ptx, const std::string& instance);

}  // namespace bankcheck::mapper
