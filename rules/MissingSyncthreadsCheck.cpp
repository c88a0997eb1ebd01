// bankcheck-missing-syncthreads: a shared write by one warp and a read of the same bytes by
// another warp need a __syncthreads() between them, in both orders: read after write (the reader
// may run first) and write after read (the writer may overwrite what the other warp has not read
// yet, typically at the top of the next iteration of a tiled loop that lacks its trailing
// barrier). Only pairs whose addresses are computed for a launch's block shape, and that touch the
// same bytes from different warps, are reported: a pair inside one warp, or one that cannot be
// computed, is not.
#include "rules/MissingSyncthreadsCheck.h"

#include "rules/SyncAnalysis.h"

namespace bankcheck::rules {

void MissingSyncthreadsCheck::run(const CheckContext& ctx, std::vector<report::Diagnostic>& out) const {
  std::set<std::string> emitted;
  for (const SyncFinding& f : analyzeSync(ctx, {SyncFinding::Kind::ReadAfterWrite, SyncFinding::Kind::WriteAfterRead})) {
    const std::string across = f.nextIteration ? " in the previous iteration of the loop at " + lineOf(f.loop, ctx.tu.file) : "";
    std::string message;
    if (f.kind == SyncFinding::Kind::ReadAfterWrite)
      message = "read of '" + f.arrayName + "' may run before another warp's write at " + lineOf(*f.other, ctx.tu.file) + across +
                ": no __syncthreads() between the write and this read";
    else
      message = "write to '" + f.arrayName + "' may overwrite data another warp still reads at " + lineOf(*f.other, ctx.tu.file) +
                across + ": no __syncthreads() between that read and this write";
    report::Diagnostic d = eventDiagnostic(level(), name(), *f.at, message);
    if (!firstTime(emitted, d)) continue;
    out.push_back(std::move(d));
    out.push_back(eventNote(*f.other, f.kind == SyncFinding::Kind::ReadAfterWrite ? "written here" : "read here"));
    out.push_back(note(f.nextIteration && f.kind == SyncFinding::Kind::WriteAfterRead
                           ? "add __syncthreads() at the end of the loop body, after the last read of the tile"
                           : "add __syncthreads() between the write and the read"));
  }
}

}  // namespace bankcheck::rules
