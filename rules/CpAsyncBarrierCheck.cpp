// bankcheck-cp-async-barrier: cp.async.wait_group (and __pipeline_wait_prior) only wait for the
// calling thread's own copies. Before a thread reads bytes that other threads copied, a
// __syncthreads() after the wait must make sure they finished their waits too.
#include "rules/CpAsyncBarrierCheck.h"

#include "rules/SyncAnalysis.h"

namespace bankcheck::rules {

void CpAsyncBarrierCheck::run(const CheckContext& ctx, std::vector<report::Diagnostic>& out) const {
  std::set<std::string> emitted;
  for (const SyncFinding& f : analyzeSync(ctx, {SyncFinding::Kind::ReadNotPublished})) {
    std::string message = "read of '" + f.arrayName + "' copied by other threads with cp.async, with no __syncthreads() after the " +
                          (f.wait ? f.wait->spelling + " at " + lineOf(*f.wait, ctx.tu.file) : std::string("wait")) +
                          ": a wait covers only the calling thread's own copies";
    if (!f.pathNote.empty()) message += " (" + f.pathNote + ")";
    report::Diagnostic d = eventDiagnostic(level(), name(), *f.at, message);
    if (!firstTime(emitted, d)) continue;
    out.push_back(std::move(d));
    out.push_back(eventNote(*f.other, "copied here, by other threads than the one reading"));
    out.push_back(note("add __syncthreads() between the wait and the first read of the buffer"));
  }
}

}  // namespace bankcheck::rules
