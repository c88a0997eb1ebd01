#include "rules/BankConflictCheck.h"

#include <algorithm>
#include <set>

#include "fmt/format.h"
#include "rules/AccessFindings.h"
#include "rules/BlockShapeText.h"

namespace bankcheck::rules {

namespace {
// The advisor's proposal as notes (with fix-its) for `arch`.
void appendProposal(const advisor::Proposal& p, const std::string& arch, std::vector<report::Diagnostic>& out) {
  if (p.kind == advisor::Proposal::Kind::None) {
    if (!p.whyNot.empty()) out.push_back(note("no fix proposed: " + p.whyNot));
  } else {
    std::string occupancy;
    for (const advisor::OccupancyChange& c : p.occupancy) {
      occupancy += fmt::format("; {} blocks per SM on {}: {} -> {}", c.kernel, arch, c.blocksBefore, c.blocksAfter);
      if (c.optInAfter) occupancy += fmt::format(" (needs the >48 KB opt-in: {} bytes per block)", c.smemAfter);
    }
    report::Diagnostic d = note("", p.edits.empty() ? p.decl : p.edits.front().span);
    if (p.kind == advisor::Proposal::Kind::AtomicStore)
      d.message = fmt::format("store to '{}' instead of exchanging it: {} ({} {} rewritten); the old value is not used, so each "
                              "exchange is an atomic store, and lanes that store to one word merge where atomics serialize; no extra "
                              "shared memory; {} ({})",
                              p.array, p.declarationAfter, p.edits.size(), p.edits.size() == 1 ? "call" : "calls", p.verification,
                              p.widthSource);
    else if (!p.unpadding.empty()) {
      const std::string bytes = p.bytesAddedPerBlock < 0 ? fmt::format("{} bytes less shared memory per block", -p.bytesAddedPerBlock)
                                                         : std::string("the launches' byte counts stay as written");
      d.message = p.kind == advisor::Proposal::Kind::Swizzle
                      ? fmt::format("remove the padding of '{}' and swizzle it: {}; then every offset becomes {} (CuTe {} on the byte "
                                    "offset; {} edits); {}{}; {} ({})",
                                    p.array, p.unpadding, p.declarationAfter, p.swizzle, p.edits.size(), bytes, occupancy, p.verification,
                                    p.widthSource)
                      : fmt::format("remove the padding of '{}': {}; {}{}; {} ({})", p.array, p.unpadding, bytes, occupancy,
                                    p.verification, p.widthSource);
    } else if (p.kind == advisor::Proposal::Kind::Swizzle && p.onByteOffset)
      d.message = fmt::format("swizzle '{}': every offset becomes {} (CuTe {} on the byte offset; {} {} rewritten); no extra shared "
                              "memory; {} ({})",
                              p.array, p.declarationAfter, p.swizzle, p.edits.size(), p.edits.size() == 1 ? "term" : "terms",
                              p.verification, p.widthSource);
    else if (p.kind == advisor::Proposal::Kind::Swizzle)
      d.message = fmt::format("swizzle '{}': index it as {}{} ({} {} rewritten); no extra shared memory; {} ({})", p.array,
                              p.declarationAfter, p.swizzle.empty() ? "" : " (CuTe " + p.swizzle + " on the element index)",
                              p.edits.size(), p.edits.size() == 1 ? "index" : "indices", p.verification, p.widthSource);
    else if (p.perInstantiation)
      d.message = fmt::format("pad '{}' at each instantiation: {}: up to +{} bytes of shared memory per block{}; {} ({})", p.array,
                              p.declarationAfter, p.bytesAddedPerBlock, occupancy, p.verification, p.widthSource);
    else
      d.message = fmt::format("pad '{}' to {}: +{} bytes of shared memory per block{}; {} ({})", p.array, p.declarationAfter,
                              p.bytesAddedPerBlock, occupancy, p.verification, p.widthSource);
    for (const advisor::Edit& e : p.edits) d.fixIts.push_back(report::FixIt{e.span, e.text});
    out.push_back(d);
  }
  for (const std::string& n : p.notes) out.push_back(note(n));
}
}  // namespace

void BankConflictCheck::run(const CheckContext& ctx, std::vector<report::Diagnostic>& out) const {
  // In source order, so that an array's proposal follows the first of its warnings the user reads
  // (the runner prints findings by location).
  std::vector<const ir::Access*> accesses;
  for (const ir::Access& a : ctx.tu.accesses) accesses.push_back(&a);
  std::stable_sort(accesses.begin(), accesses.end(),
                   [](const ir::Access* x, const ir::Access* y) { return ir::sourceOrder(x->span.begin, y->span.begin); });
  std::set<std::string> advised;  // arrays whose proposal is already shown
  for (const ir::Access* access : accesses) {
    const ir::Access& a = *access;
    const mapper::ConflictVerdict verdict = verdictOf(ctx, a);
    if (verdict.kind != mapper::ConflictVerdict::Kind::Warning) continue;
    const mapper::AccessResult& r = ctx.analysis.results[static_cast<size_t>(a.id)];
    const ir::KernelInstance& k = ctx.tu.kernel(a.kernelInstance);
    // A measured bound (cp.async.ca lines that overlap their writes) is said as one.
    if (r.worst.fewest > 0)
      out.push_back(findingAt(a.span, fmt::format("up to {} bank conflict on {} (at most {} wavefronts per warp, at least {}, ideal {})",
                                                  mapper::waysText(r.ways()), accessDescription(ctx.tu, a), r.worst.wavefronts,
                                                  r.worst.fewest, r.worst.ideal)));
    else
      out.push_back(findingAt(a.span, fmt::format("{} bank conflict on {} ({} wavefronts per warp, ideal {})", mapper::waysText(r.ways()),
                                                  accessDescription(ctx.tu, a), r.worst.wavefronts, r.worst.ideal)));
    appendInlinedNotes(a, out);
    if (verdict.family)
      for (std::string& n : familyNotes(k, r, verdict)) out.push_back(note(std::move(n)));
    else
      out.push_back(note(launchedShapesNote(k, r)));
    appendUnresolvedLaunchNotes(k, out);
    appendConflictNotes(ctx, a, r, out);
    const std::string& key = ctx.tu.array(a.array).declKey;
    if (ctx.proposals && advised.insert(key).second)
      for (const advisor::Proposal& p : *ctx.proposals)
        if (p.declKey == key) appendProposal(p, ctx.arch, out);
  }
}

}  // namespace bankcheck::rules
