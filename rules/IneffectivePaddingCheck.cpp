// bankcheck-ineffective-padding: a padding written into a shared array that lowers no access's
// wavefronts (removing it leaves every access as it is) and that no access reaches: the bytes buy
// nothing, and they may cost occupancy. A padding on an outer dimension of an array that still
// conflicts is bankcheck-padding-wrong-dimension's instead; one on the row that is too small or
// a multiple of the bank line is reported here, with the conflict it leaves.
#include "rules/IneffectivePaddingCheck.h"

#include "fmt/format.h"
#include "mapper/AccessResult.h"
#include "rules/IdlePadding.h"

namespace bankcheck::rules {

void IneffectivePaddingCheck::run(const CheckContext& ctx, std::vector<report::Diagnostic>& out) const {
  for (const IdlePadding& p : idlePaddings(ctx)) {
    const ir::SharedArray& a = ctx.tu.array(p.array);
    const bool outer = static_cast<size_t>(p.dim) + 1 < a.dims.size();
    if (p.conflictedAccess >= 0 && outer) continue;
    const ir::DimensionSpelling& dim = a.dimSpellings[static_cast<size_t>(p.dim)];
    out.push_back(findingAt(dim.span.begin.valid() ? dim.span : a.decl,
                            fmt::format("the padding '+ {}' in dimension {} of '{}' ([{}]) costs {} bytes per block and lowers no "
                                        "access's wavefronts",
                                        p.pad, p.dim, a.name, dim.text, p.bytesPerBlock)));
    if (p.conflictedAccess >= 0) {
      const ir::Access& worst = ctx.tu.accesses[static_cast<size_t>(p.conflictedAccess)];
      out.push_back(note(fmt::format("the {} {} at line {} still conflicts: at this size the padding shifts no row to other banks "
                                     "(see the fix proposed on the conflict)",
                                     mapper::waysText(p.worstWays), ir::spelling(worst.kind), worst.span.begin.line),
                         worst.span));
    } else {
      out.push_back(note(p.dim == 0 && outer ? "padding the outermost dimension never moves an element to another bank, and no "
                                               "access reaches the padded elements"
                                             : "every access is as fast without it, and no access reaches the padded elements"));
    }
  }
}

}  // namespace bankcheck::rules
