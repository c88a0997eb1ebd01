// bankcheck-cp-async-wait-all-in-loop: in a double-buffered (multi-stage) main loop, a
// cp.async.wait_group 0 / wait_all placed after the next stage's copies were committed also waits
// for that prefetch, which the iteration does not read: correct, but the copy no longer overlaps
// the compute. wait_group <stages - 1> completes only the groups the iteration reads.
#include "rules/CpAsyncWaitAllInLoopCheck.h"

#include "rules/SyncAnalysis.h"

namespace bankcheck::rules {

void CpAsyncWaitAllInLoopCheck::run(const CheckContext& ctx, std::vector<report::Diagnostic>& out) const {
  std::set<std::string> emitted;
  for (const SyncFinding& f : analyzeSync(ctx, {SyncFinding::Kind::WaitAllInLoop})) {
    const std::string message = f.wait->spelling + " in the multi-stage loop at " + lineOf(f.loop, ctx.tu.file) +
                                " also waits for the copies into '" + f.arrayName + "'" +
                                (f.otherStageText.empty() ? "" : " (stage " + f.otherStageText + ")") +
                                " committed in this iteration, which the iteration does not read: the prefetch no longer "
                                "overlaps the compute";
    report::Diagnostic d = eventDiagnostic(level(), name(), *f.at, message);
    if (!firstTime(emitted, d)) continue;
    out.push_back(std::move(d));
    out.push_back(eventNote(*f.other, "the prefetch is issued here"));
    out.push_back(note("use cp.async.wait_group " + std::to_string(f.suggestedWait) +
                       " (stages - 1): it completes the group this iteration reads and leaves the prefetch in flight"));
  }
}

}  // namespace bankcheck::rules
