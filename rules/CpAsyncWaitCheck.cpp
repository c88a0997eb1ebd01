// bankcheck-cp-async-wait: a shared read of a buffer that cp.async fills must come after a
// cp.async.wait_group that completes the group holding those copies: wait_group N leaves the
// newest N committed groups in flight. Reads that follow no wait at all, or a wait whose N leaves
// the buffer's group pending, read what the copy has not written yet. (A read of the stage the
// same iteration fills is bankcheck-ping-pong-index's finding.)
#include "rules/CpAsyncWaitCheck.h"

#include "rules/SyncAnalysis.h"

namespace bankcheck::rules {

void CpAsyncWaitCheck::run(const CheckContext& ctx, std::vector<report::Diagnostic>& out) const {
  std::set<std::string> emitted;
  for (const SyncFinding& f : analyzeSync(ctx, {SyncFinding::Kind::ReadInFlight, SyncFinding::Kind::ReadUncommitted})) {
    const std::string what = "read of '" + f.arrayName + "'" + (f.stageText.empty() ? "" : " (stage " + f.stageText + ")");
    std::string message;
    if (f.kind == SyncFinding::Kind::ReadUncommitted) {
      message = what + " before the cp.async that fills it (" + lineOf(*f.other, ctx.tu.file) +
                ") is committed and waited for: it may read the buffer before the copy lands";
    } else if (f.wait) {
      message = what + " while the cp.async group that fills it may still be in flight: the " + f.wait->spelling + " at " +
                lineOf(*f.wait, ctx.tu.file) + " leaves the newest " + std::to_string(f.wait->waitGroups) +
                " group" + (f.wait->waitGroups == 1 ? "" : "s") + " pending, and this buffer's group is " +
                (f.groupsInFlight == 1 ? "the newest" : "among them");
    } else {
      message = what + " while the cp.async group that fills it may still be in flight: no cp.async.wait_group between its commit" +
                (f.commit ? " at " + lineOf(*f.commit, ctx.tu.file) : std::string()) + " and this read";
    }
    if (!f.pathNote.empty()) message += " (" + f.pathNote + ")";
    report::Diagnostic d = eventDiagnostic(level(), name(), *f.at, message);
    if (!firstTime(emitted, d)) continue;
    out.push_back(std::move(d));
    out.push_back(eventNote(*f.other, "the buffer is filled here"));
    if (f.kind == SyncFinding::Kind::ReadInFlight && f.wait && f.groupsInFlight > 0)
      out.push_back(note("wait with cp.async.wait_group " + std::to_string(std::max(0, f.wait->waitGroups - f.groupsInFlight)) +
                         " at that point, or commit the next stage's copies before the wait"));
    else
      out.push_back(note("commit the copies, then cp.async.wait_group (and __syncthreads()) before reading the buffer"));
  }
}

}  // namespace bankcheck::rules
