// bankcheck-cp-async-commit: cp.async copies form a group only when cp.async.commit_group (or
// __pipeline_commit, pipeline.producer_commit) closes it; cp.async.wait_group N counts committed
// groups, so copies still pending at a wait are not waited for (copies issued in a loop's body
// after its commit slip into the next iteration's group, and the next wait miscounts).
#include "rules/CpAsyncCommitCheck.h"

#include "rules/SyncAnalysis.h"

namespace bankcheck::rules {

void CpAsyncCommitCheck::run(const CheckContext& ctx, std::vector<report::Diagnostic>& out) const {
  std::set<std::string> emitted;
  for (const SyncFinding& f : analyzeSync(ctx, {SyncFinding::Kind::CopiesNotCommitted})) {
    std::string message = "cp.async into '" + f.arrayName + "' is not committed ";
    if (f.wait)
      message += "before the " + f.wait->spelling + " at " + lineOf(*f.wait, ctx.tu.file) +
                 ": wait_group counts committed groups only, so this copy is not waited for";
    else
      message += "before the end of the loop body at " + lineOf(f.loop, ctx.tu.file) +
                 ": it joins the group the next iteration commits, and the waits count one group too few";
    report::Diagnostic d = eventDiagnostic(level(), name(), *f.at, message);
    if (!firstTime(emitted, d)) continue;
    out.push_back(std::move(d));
    if (f.wait) out.push_back(eventNote(*f.wait, "the wait is here"));
    out.push_back(note("call cp.async.commit_group (__pipeline_commit()) after the last copy of the tile"));
  }
}

}  // namespace bankcheck::rules
