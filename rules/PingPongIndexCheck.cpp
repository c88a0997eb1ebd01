// bankcheck-ping-pong-index: a double-buffered loop computes on one stage while it fills the
// other. When the stage an iteration reads is the stage that iteration fills (`stage` for both
// instead of `stage` and `stage ^ 1`, `k % 2` and `k % 2` instead of `(k + 1) % 2`), the reads and
// the copies race: the fill lands while the stage is read, or is read before it lands. The stage
// indices are compared per iteration, evaluated for each iteration the simulation runs.
#include "rules/PingPongIndexCheck.h"

#include "rules/SyncAnalysis.h"

namespace bankcheck::rules {

void PingPongIndexCheck::run(const CheckContext& ctx, std::vector<report::Diagnostic>& out) const {
  std::set<std::string> emitted;
  for (const SyncFinding& f : analyzeSync(ctx, {SyncFinding::Kind::PingPong})) {
    const bool atRead = f.at->kind == ir::SyncEventKind::SharedRead;
    const ir::SyncEvent& readEv = atRead ? *f.at : *f.other;
    const ir::SyncEvent& fillEv = atRead ? *f.other : *f.at;
    const std::string stage = f.stage >= 0 ? " (" + std::to_string(f.stage) + " in the iteration analyzed)" : "";
    const std::string message = "the loop at " + lineOf(f.loop, ctx.tu.file) + " reads stage '" + readEv.stageText + "' of '" +
                                f.arrayName + "' in the same iteration that fills that stage with '" + fillEv.stageText +
                                "'" + stage + (atRead ? ", before the fill is complete" : ", while it is still being read") +
                                ": the double buffer's index does not alternate";
    report::Diagnostic d = eventDiagnostic(level(), name(), *f.at, message);
    if (!firstTime(emitted, d)) continue;
    out.push_back(std::move(d));
    out.push_back(eventNote(*f.other, atRead ? "the same stage is filled here" : "the same stage is read here"));
    out.push_back(note("fill the other stage (e.g. 'stage ^ 1' or '(k + 1) % 2') while computing on the current one"));
  }
}

}  // namespace bankcheck::rules
