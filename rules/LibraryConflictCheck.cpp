#include "rules/LibraryConflictCheck.h"

#include <map>
#include <set>
#include <tuple>

#include "fmt/format.h"
#include "rules/AccessFindings.h"
#include "rules/BlockShapeText.h"

namespace bankcheck::rules {

void LibraryConflictCheck::run(const CheckContext& ctx, std::vector<report::Diagnostic>& out) const {
  // One remark per call, kind and storage: a template kernel instantiated 27 times, each storing
  // a 12-byte struct as three words, makes 81 conflicting stores at one call of CUB's, and the user
  // can change none of them. The worst is shown, with how many more there are.
  using Key = std::tuple<std::string, unsigned, unsigned, int, std::string, std::string>;
  std::map<Key, std::vector<const ir::Access*>> groups;
  std::vector<Key> order;
  for (const ir::Access& a : ctx.tu.accesses) {
    if (verdictOf(ctx, a).kind != mapper::ConflictVerdict::Kind::InLibrary) continue;
    const Key key{a.span.begin.file, a.span.begin.line, a.span.begin.column, static_cast<int>(a.kind), a.libraryCall,
                  ctx.tu.array(a.array).declKey};
    auto [it, fresh] = groups.try_emplace(key);
    if (fresh) order.push_back(key);
    it->second.push_back(&a);
  }
  for (const Key& key : order) {
    const std::vector<const ir::Access*>& group = groups[key];
    const ir::Access* worst = group.front();
    const auto ways = [&](const ir::Access* a) { return ctx.analysis.results[static_cast<size_t>(a->id)].ways(); };
    for (const ir::Access* a : group)
      if (ways(a) > ways(worst)) worst = a;
    const ir::Access& a = *worst;
    const mapper::AccessResult& r = ctx.analysis.results[static_cast<size_t>(a.id)];
    const ir::KernelInstance& k = ctx.tu.kernel(a.kernelInstance);
    out.push_back(findingAt(a.span, fmt::format("{} bank conflict on {} inside '{}' ({} wavefronts per warp, ideal {}): the "
                                                "library's own layout of it, which no edit of this code changes",
                                                mapper::waysText(r.ways()), accessDescription(ctx.tu, a), a.libraryCall,
                                                r.worst.wavefronts, r.worst.ideal)));
    appendInlinedNotes(a, out);
    out.push_back(note(launchedShapesNote(k, r)));
    appendConflictNotes(ctx, a, r, out);
    if (group.size() > 1) {
      std::set<int> instances;
      for (const ir::Access* g : group) instances.insert(g->kernelInstance);
      out.push_back(note(fmt::format("the worst of {} conflicting accesses of this call, in {} kernel instance{}", group.size(),
                                     instances.size(), instances.size() == 1 ? "" : "s")));
    }
  }
}

}  // namespace bankcheck::rules
