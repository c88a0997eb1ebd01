// Recognizes the shared-memory instructions in an inline-PTX string: cp.async destinations,
// ld/st.shared and ldmatrix/stmatrix. Shared by the AST walker (operands `%N`) and the LLVM IR
// reader (which sees clang's `$N` spelling and converts it first). No Clang types.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace bankcheck::frontend {

struct SharedPtxOp {
  enum class Kind {
    AsyncCopy,          // cp.async.{ca,cg}.shared.global [dst], [src], size
    LoadStore,          // ld/st.shared{.vN}.type [addr + offset]
    Matrix,             // ldmatrix/stmatrix .m8n8 .x1/.x2/.x4 {.trans} .b16
    UnmodelledMatrix,   // another ldmatrix/stmatrix form
  };
  Kind kind = Kind::LoadStore;
  std::string opcode;           // "cp.async", "ld", "st", "ldmatrix", "stmatrix"
  std::string spelling;         // what the access is called in reports: "cp.async 16B", "ld.shared.v4.f32"
  unsigned addressOperand = 0;  // the N of the address operand
  bool store = false;
  // cp.async: the copy size, either a literal or the operand that holds it; the operand that
  // holds the global source address (-1 when not a plain `[%N]`) plus a literal offset; .cg.
  int64_t copyBytes = -1;
  int sizeOperand = -1;
  int sourceOperand = -1;
  int64_t sourceOffset = 0;
  bool bypassL1 = false;
  // ld/st: bytes per lane and a literal offset `[%N + 16]`.
  unsigned widthBytes = 0;
  int64_t addressOffset = 0;
  // ldmatrix/stmatrix
  unsigned matrices = 0;
  bool transposed = false;
};

// One entry per recognized instruction, in order. `dollarOperands`: operands are written `$N`
// (LLVM's inline-asm spelling) instead of `%N`.
std::vector<SharedPtxOp> recognizeSharedPtx(const std::string& asmText, bool dollarOperands = false);

// The opcode (`cp.async.bulk.tensor.2d.shared::cluster.global...`) of the first instruction of an
// asm string that names operand %N, without a predicate guard; "" when none does.
std::string opcodeUsingOperand(const std::string& asmText, unsigned operand);

// The synchronization instructions in an inline-PTX string, in order: cp.async issues (the
// shared destination is what recognizeSharedPtx gives), cp.async.commit_group,
// cp.async.wait_group N / wait_all, and the block barriers bar.sync / barrier.sync (bar.arrive
// and bar.red are not barriers every thread waits at, and are not listed).
struct SyncPtxOp {
  enum class Kind { AsyncCopy, Commit, WaitGroup, WaitAll, Barrier };
  Kind kind = Kind::Commit;
  std::string spelling;     // "cp.async.wait_group 1"
  int64_t value = -1;       // WaitGroup: N; Barrier: the barrier id (-1 when an operand)
  int operand = -1;         // the operand that holds N or the barrier id, when not a literal
  bool threadCount = false; // Barrier: a thread count follows (`bar.sync 1, 128`): a subset of the block
};
std::vector<SyncPtxOp> recognizeSyncPtx(const std::string& asmText);

// An asm string that only copies a special register into operand %0 (`mov.u32 %0, %laneid;`, as
// helpers read the lane without threadIdx): the register's name (`laneid`, `tid.x`,
// `lanemask_lt` ...), or "" when the string is anything else.
std::string specialRegisterRead(const std::string& asmText);

}  // namespace bankcheck::frontend
