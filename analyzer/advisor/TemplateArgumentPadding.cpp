#include "advisor/TemplateArgumentPadding.h"

#include <map>
#include <tuple>

#include "fmt/format.h"
#include "llvm/Support/Path.h"

namespace bankcheck::advisor {

namespace {
void add(Evaluation& total, const Evaluation& e) {
  total.totalWavefronts += e.totalWavefronts;
  total.worstWays = std::max(total.worstWays, e.worstWays);
  total.accesses += e.accesses;
  total.unknown += e.unknown;
  total.unweighed += e.unweighed;
  total.stoppedEarly |= e.stoppedEarly;
  total.plans += e.plans;
}

int64_t paddedBytes(const ir::SharedArray& a, int dim, int64_t pad) {
  int64_t bytes = pad * a.elementSize;
  for (size_t i = 0; i < a.dims.size(); ++i)
    if (static_cast<int>(i) != dim) bytes *= static_cast<int64_t>(a.dims[i]);
  return bytes;
}
}  // namespace

PerInstantiationPadding searchPerInstantiation(ir::TranslationUnit& scratch, const ir::TranslationUnit& tu, const std::vector<int>& arrays,
                                               const std::vector<int>& accesses, int64_t maxStaticBytes,
                                               const std::function<bool()>& expired) {
  PerInstantiationPadding out;
  if (arrays.size() < 2) return out;
  int paramIndex = -1;
  std::map<std::tuple<std::string, unsigned, unsigned>, Edit> edits;  // a launch site may serve several instances
  std::string description;
  for (int id : arrays) {
    const ir::SharedArray& x = tu.array(id);
    if (x.kernelInstance < 0) return out;
    const ir::KernelInstance& k = tu.kernel(x.kernelInstance);
    std::vector<int> mine;
    for (int acc : accesses)
      if (tu.accesses[static_cast<size_t>(acc)].array == id) mine.push_back(acc);
    const Evaluation base = evaluateAccesses(tu, mine);
    if (base.worstWays <= 1 + 1e-9) {  // this instantiation is already conflict-free
      add(out.evaluation, base);
      continue;
    }
    // What a per-instantiation padding needs, checked before the search it would cost: a
    // dimension sized by a template parameter, and every launch writing that parameter.
    bool sizedByParameter = false;
    for (const ir::DimensionSpelling& d : x.dimSpellings) sizedByParameter |= !d.templateParam.empty();
    if (!sizedByParameter) {
      out.blockedAtLaunches = true;
      out.whyNot = fmt::format("no dimension of '{}' is sized by a template parameter of '{}' that only this declaration uses", x.name,
                               k.function);
      return out;
    }
    const SearchResult alone = searchPadding(scratch, tu, {id}, mine, base, maxStaticBytes, expired);
    if (alone.timedOut || !alone.best || alone.best->evaluation.worstWays > 1 + 1e-9) {
      out.whyNot = fmt::format("no padding alone makes '{}' in '{}' conflict-free", x.name, k.name);
      return out;
    }
    const int dim = alone.best->dim;
    const ir::DimensionSpelling* spelled =
        static_cast<size_t>(dim) < x.dimSpellings.size() ? &x.dimSpellings[static_cast<size_t>(dim)] : nullptr;
    if (!spelled || spelled->templateParam.empty()) {
      out.blockedAtLaunches = true;
      out.whyNot = fmt::format("dimension {} of '{}' is not sized by a template parameter of '{}' that only this declaration uses", dim,
                               x.name, k.function);
      return out;
    }
    if ((paramIndex >= 0 && paramIndex != spelled->templateParamIndex) || (out.dim >= 0 && out.dim != dim)) {
      out.blockedAtLaunches = true;
      out.whyNot = "the instantiations would pad different dimensions of '" + x.name + "'";
      return out;
    }
    paramIndex = spelled->templateParamIndex;
    out.dim = dim;
    out.param = spelled->templateParam;
    std::vector<const ir::TemplateArgumentSite*> sites;
    for (const ir::TemplateArgumentSite& s : k.templateArgumentSites)
      if (s.index == paramIndex) sites.push_back(&s);
    if (sites.empty() || static_cast<int>(sites.size()) != k.templateArgumentLaunches) {
      out.blockedAtLaunches = true;
      out.whyNot = fmt::format("not every launch of '{}' in this file writes its '{}' as a number", k.name, out.param);
      return out;
    }
    const int64_t value = spelled->templateParamValue + alone.best->pad;
    std::string where;
    for (const ir::TemplateArgumentSite* s : sites) {
      Edit e;
      e.span = s->span;
      e.original = s->text;
      e.text = std::to_string(value);
      auto [it, fresh] = edits.try_emplace({s->span.begin.file, s->span.beginOffset, s->span.endOffset}, e);
      if (!fresh && it->second.text != e.text) {
        out.blockedAtLaunches = true;
        out.whyNot = fmt::format("one launch at line {} serves instantiations that need different values of '{}'", s->span.begin.line,
                                 out.param);
        return out;
      }
      where += (where.empty() ? "" : ", ") + std::string(llvm::sys::path::filename(s->span.begin.file)) + ":" +
               std::to_string(s->span.begin.line);
    }
    description += fmt::format("{}{} = {} instead of {} for '{}' ({})", description.empty() ? "" : "; ", out.param, value,
                               spelled->templateParamValue, k.name, where);
    out.bytesAdded.push_back({x.kernelInstance, paddedBytes(x, dim, alone.best->pad)});
    add(out.evaluation, alone.best->evaluation);
  }
  if (edits.empty()) return out;
  for (auto& [where, e] : edits) out.edits.push_back(e);
  out.description = description;
  out.found = true;
  return out;
}

}  // namespace bankcheck::advisor
