// `--sass`: the widths of the shared-memory instructions the GPU executes, read from the SASS of
// the cubin nvcc builds for the file (`nvdisasm -g`, whose line info maps each instruction to its
// source line). The PTX is not the hardware's width: ptxas merges scalar `ld.shared` of unrolled
// loops into LDS.64/LDS.128 and splits a PTX `ld.shared.v4.s8` into four LDS.S8, so SASS is the
// ground truth the GPU's counters see (docs/user-guide.md, "Instruction widths").
#pragma once

#include <string>
#include <vector>

#include "llvm/ADT/StringRef.h"
#include "mapper/PtxWidths.h"

namespace bankcheck::mapper {

// Parses `nvdisasm -g -c` output: every LDS/STS/LDGSTS with its function (demangled), file,
// line and width in bytes per lane. Instructions predicated on `!PT` (never executed) are left
// out; ldmatrix, stmatrix and atomics have fixed widths and are not listed. Exposed for tests.
PtxListing parseSass(llvm::StringRef nvdisasmOutput);

// The SASS disassembler: nvdisasm in $CUDA_PATH/bin, /usr/local/cuda/bin or PATH. Empty when absent.
std::string findNvdisasm();

// `nvcc -cubin -lineinfo -arch=<arch> -Xptxas -v` (registers from ptxas's log), then
// `nvdisasm -g -c`. Where nvdisasm is not installed, the PTX listing (compileToPtx) is returned
// instead, with a notice that says so.
PtxListing compileToSass(const std::string& file, const std::vector<std::string>& flags, const std::string& arch);

}  // namespace bankcheck::mapper
