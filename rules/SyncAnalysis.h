// What the cp.async and barrier checks share: a simulation of one kernel instance's
// synchronization events (ir/SyncEvents.h) in the order one thread runs them.
//
// Loops that hold a commit, a wait or a barrier run iteration by iteration (their trip count, or
// a few iterations when it is not a constant), with the stage indices evaluated for each
// iteration; the other loops once. Branches that hold a commit, a wait or a barrier split the
// state (a branch whose condition text was already decided in this iteration follows that
// decision); the others join. The state is the per-thread cp.async bookkeeping of PTX (copies
// not committed, the committed groups in flight, the groups a wait completed and no barrier has
// published yet) and the shared writes and reads since the last barrier. Each check reads the
// findings of its kind. Where the simulation cannot tell (an unknown region, too many paths,
// an incomplete event program) it reports nothing: false negatives, never guesses.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "ir/Module.h"
#include "ir/SyncEvents.h"
#include "report/ClangStyleEmitter.h"
#include "rules/Check.h"

namespace bankcheck::rules {

struct SyncFinding {
  enum class Kind {
    CopiesNotCommitted,  // cp-async-commit: copies pending at a wait_group, or at the end of a pipelined loop's body
    ReadInFlight,        // cp-async-wait: a read of data whose copy group may be in flight
    ReadUncommitted,     // cp-async-wait: a read of data whose copies were never committed and waited for
    ReadNotPublished,    // cp-async-barrier: a wait completed the copies, no __syncthreads() before another thread reads them
    WaitAllInLoop,       // cp-async-wait-all-in-loop: wait_group 0 also waits for the prefetch
    PingPong,            // ping-pong-index: the iteration reads the stage it fills
    ReadAfterWrite,      // missing-syncthreads: another warp wrote it, no barrier between
    WriteAfterRead,      // missing-syncthreads: another warp still reads it, no barrier between
  };
  Kind kind;
  const ir::SyncEvent* at = nullptr;     // where the finding is reported
  const ir::SyncEvent* other = nullptr;  // the copy, the commit, the write ... it is about
  const ir::SyncEvent* wait = nullptr;   // the wait involved, when one is
  const ir::SyncEvent* commit = nullptr; // ReadInFlight: the commit of the group in flight
  std::string arrayName;
  std::string stageText;                 // the stage, as written (or evaluated) at `at`
  std::string otherStageText;
  int64_t stage = -1;                    // evaluated, when known
  int suggestedWait = -1;                // WaitAllInLoop: the N of wait_group N that keeps the overlap
  int groupsInFlight = -1;               // ReadInFlight: groups the wait left pending
  ir::SourceLoc loop;                    // the loop the finding happens in (line 0 when none)
  bool nextIteration = false;            // the two events are in different iterations of `loop`
  std::string pathNote;                  // "when the condition at line 12 is false", when a branch decides it
};

// Findings of the kinds in `wanted` for every analyzed kernel instance of `tu`, each once per
// pair of source events.
std::vector<SyncFinding> analyzeSync(const ir::TranslationUnit& tu, const std::vector<SyncFinding::Kind>& wanted);

// The same, for a check: the unit is simulated once for every kind (the first check to ask pays),
// and each check takes its kinds from that run.
struct SyncCache {
  std::vector<SyncFinding> all;
};
std::vector<SyncFinding> analyzeSync(const CheckContext& ctx, const std::vector<SyncFinding::Kind>& wanted);

// "line 12" (with the file's name when it is not `file`, the translation unit's).
std::string lineOf(const ir::SyncEvent& e, const std::string& file);
std::string lineOf(const ir::SourceLoc& l, const std::string& file);

// A diagnostic at an event, and notes. `emitted` keeps each (place, message) once: kernel
// template instances share their source.
report::Diagnostic eventDiagnostic(report::Level level, const std::string& check, const ir::SyncEvent& e, std::string message);
report::Diagnostic eventNote(const ir::SyncEvent& e, std::string message);
bool firstTime(std::set<std::string>& emitted, const report::Diagnostic& d);

}  // namespace bankcheck::rules
