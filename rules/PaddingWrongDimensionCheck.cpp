// bankcheck-padding-wrong-dimension: a padding written on a dimension other than the last (the
// row) where it changes no bank (the outermost one never can: it only adds rows at the end) while
// the array still conflicts.
// The seed skill's rule: padding must be applied to the dimension that causes the conflict.
#include "rules/PaddingWrongDimensionCheck.h"

#include "fmt/format.h"
#include "mapper/AccessResult.h"
#include "rules/IdlePadding.h"

namespace bankcheck::rules {

void PaddingWrongDimensionCheck::run(const CheckContext& ctx, std::vector<report::Diagnostic>& out) const {
  for (const IdlePadding& p : idlePaddings(ctx)) {
    const ir::SharedArray& a = ctx.tu.array(p.array);
    if (p.conflictedAccess < 0 || static_cast<size_t>(p.dim) + 1 >= a.dims.size()) continue;
    const ir::DimensionSpelling& dim = a.dimSpellings[static_cast<size_t>(p.dim)];
    const ir::Access& worst = ctx.tu.accesses[static_cast<size_t>(p.conflictedAccess)];
    out.push_back(findingAt(dim.span.begin.valid() ? dim.span : a.decl,
                            fmt::format("'{}' is padded in dimension {} ([{}]), where the padding moves no element to another bank, "
                                        "while its {} {} at line {} conflicts",
                                        a.name, p.dim, dim.text, mapper::waysText(p.worstWays), ir::spelling(worst.kind),
                                        worst.span.begin.line)));
    out.push_back(note(p.dim == 0 ? "padding the outermost dimension only adds rows at the end; a padding changes banks on the row "
                                    "stride, the last dimension (see the fix proposed on the conflict)"
                                  : "at this size, on this dimension, the padding shifts no row to other banks; the fix proposed "
                                    "on the conflict says which dimension and size do",
                       worst.span));
    out.push_back(note(fmt::format("the padding costs {} bytes per block and no access reaches the padded elements", p.bytesPerBlock)));
  }
}

}  // namespace bankcheck::rules
