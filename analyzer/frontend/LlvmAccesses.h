// Reads the shared-memory instructions of a kernel lowered to optimized LLVM IR (DeviceCodegen)
// back into bankcheck's IR: for each load, store and inline-PTX shared instruction, the array it
// touches, its byte offset as an expression of the thread index, its width, the loops around it
// and the lane conditions that guard it. Copies that the optimizer unrolled from one source line
// become one access over an "unrolled copy" loop, so they are reported once, worst copy first.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "ir/Module.h"

namespace llvm {
class Function;
class GlobalVariable;
}  // namespace llvm

namespace bankcheck::frontend {

struct LoweredKernelRequest {
  int kernelInstance = -1;
  // The kernel's shared arrays, by IR global.
  std::map<const llvm::GlobalVariable*, int> arrays;
  // Arrays none of whose accesses the AST walker followed: every access found in IR is added.
  std::vector<int> untrackedArrays;
  // Inline-asm sites the walker met but could not resolve (file, line): their accesses are added.
  std::vector<ir::SourceLoc> asmSites;
  // The kernel's parameter names, in order (cp.async sources are named by them).
  std::vector<std::string> parameterNames;
};

struct LoweredKernelResult {
  unsigned accessesAdded = 0;
  // Per untracked array and asm site: accesses found, and instructions whose address could not
  // be read (so the array cannot be called fully computed).
  std::map<int, unsigned> foundPerArray;
  std::map<int, unsigned> unreadPerArray;
  std::vector<ir::SourceLoc> resolvedAsmSites;
  unsigned unknownPointerAccesses = 0;  // memory instructions whose address space is unknown
  std::string firstUnknownPointer;      // the first such one, for the message
};

// Appends the accesses (and the loops and symbols they need) to `tu`.
LoweredKernelResult readLoweredAccesses(llvm::Function& kernel, const LoweredKernelRequest& request,
                                        ir::TranslationUnit& tu);

}  // namespace bankcheck::frontend
