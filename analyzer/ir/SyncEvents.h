// The order of a kernel's synchronization events, as a structured program: cp.async issues,
// commit_group, wait_group / wait_all, barriers, and the shared reads and writes between them,
// inside sequences, loops and if/else branches. The checks of cp.async and barrier placement
// (rules/CpAsync*Check.cpp, rules/PingPongIndexCheck.cpp, rules/MissingSyncthreadsCheck.cpp)
// read it; the front end builds it (frontend/SyncEventExtractor.cpp). No Clang types.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ir/Module.h"

namespace bankcheck::ir {

enum class SyncEventKind : uint8_t {
  AsyncCopy,    // a cp.async issue: inline PTX cp.async.{ca,cg}.shared.global, __pipeline_memcpy_async,
                // cuda::memcpy_async (per thread, with a pipeline), cooperative_groups::memcpy_async
  Commit,       // cp.async.commit_group, __pipeline_commit(), pipeline.producer_commit()
  Wait,         // cp.async.wait_group N, cp.async.wait_all, __pipeline_wait_prior(N),
                // pipeline.consumer_wait(), cooperative_groups::wait / wait_prior<N>
  Barrier,      // __syncthreads(), bar.sync / barrier.sync, __syncwarp(), a block group's sync()
  SharedRead,   // a load from shared memory (ld.shared, ldmatrix, a C++ read)
  SharedWrite,  // a store to shared memory (st.shared, stmatrix, a C++ write)
};
const char* spelling(SyncEventKind k);

enum class BarrierKind : uint8_t {
  Block,  // every thread of the block: __syncthreads(), bar.sync 0, barrier.sync 0, this_thread_block().sync()
  Warp,   // __syncwarp(), a tile's sync()
  Named,  // bar.sync with a barrier id other than 0 or a thread count: a subset of the block
};

struct SyncEvent {
  SyncEventKind kind = SyncEventKind::SharedRead;
  SourceSpan span;                  // the access, the call or the asm statement
  std::vector<SourceLoc> inlinedAt; // call sites, innermost first, when inside a device function
  std::string spelling;             // "cp.async.wait_group 1", "__syncthreads()", "As[stage][ty][k]"
  // AsyncCopy, SharedRead, SharedWrite: the ir::Access the walker recorded for it (-1 when none:
  // the destination was not resolved), and its shared array (the root buffer of a carved view).
  int access = -1;
  int array = -1;
  // The stage (buffer) index when `array` is staged: its outermost dimension has 2..8 entries and
  // no access indexes it with a value that differs between the lanes of a warp. The expression
  // is over the instance's symbols (loop iterations, parameters); `stageText` is its source text.
  ExprRef stage;
  std::string stageText;
  // AsyncCopy: committed as its own group (cooperative_groups::memcpy_async batches its copies).
  bool commitsItself = false;
  // Wait: the N of wait_group N (-1 when not a constant); `all` for wait_all (which commits the
  // pending copies first, as PTX defines it) and cooperative_groups::wait; `oldest` for
  // cuda::pipeline's consumer_wait (the oldest committed stage); `synchronizes` when the wait is
  // also a barrier of the block (cooperative_groups::wait on a thread block).
  int waitGroups = -1;
  bool all = false;
  bool oldest = false;
  bool synchronizes = false;
  // The copies it completes are then visible to every thread, without a barrier: the
  // consumer_wait of a block-scope cuda::pipeline waits on the stage's barrier, which every
  // producer's copies arrive on.
  bool completesForAll = false;
  BarrierKind barrier = BarrierKind::Block;
};

struct SyncNode {
  enum class Kind : uint8_t {
    Event,     // `event`
    Sequence,  // `children` in program order
    Loop,      // `children[0]` is the body (a Sequence), run `tripCount` times when known
    Branch,    // `children[0]` the then side, `children[1]` the else side (possibly empty)
  };
  Kind kind = Kind::Sequence;
  SyncEvent event;
  std::vector<SyncNode> children;
  SourceLoc loc;                    // Loop, Branch: the statement
  // Loop
  int loop = -1;                    // the walker's ir::Loop for this statement (-1 when none)
  std::string loopVar;              // "" when none was recognised
  std::optional<int64_t> tripCount; // when constant (template arguments, constexpr bounds)
  bool mainLoop = false;            // the outermost loop that issues cp.async copies or shared
                                    // writes and reads shared memory: the tiled k-loop
  // Branch
  std::string conditionText;
  bool laneDependent = false;       // the condition may differ between the threads of a block
  // A condition on the iteration of the enclosing Loop `iterationLoop` (its statement) and
  // constants only: its value in each iteration, in order (`if (j < ncols - 1) __syncthreads()`).
  SourceLoc iterationLoop;
  std::vector<bool> perIteration;
};

// One kernel instance's events.
struct SyncProgram {
  SyncNode root;                    // a Sequence
  // The extraction stopped early (recursion, too deep) or met something it does not follow (a
  // goto, a switch with a barrier inside): checks that need the whole order report nothing.
  bool complete = true;
  std::string incompleteReason;
  size_t eventCount = 0;
};

// Visits every event of `n` in program order (both sides of branches, each loop body once).
template <class F>
void forEachEvent(const SyncNode& n, const F& f) {
  if (n.kind == SyncNode::Kind::Event) {
    f(n.event);
    return;
  }
  for (const SyncNode& c : n.children) forEachEvent(c, f);
}

}  // namespace bankcheck::ir
