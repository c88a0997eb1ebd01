#include "advisor/TemplateArgumentPadding.h"

#include <map>
#include <tuple>

#include <memory>

#include "advisor/PaddedUnit.h"
#include "fmt/format.h"
#include "mapper/AccessResult.h"
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

std::vector<int> accessesOf(const ir::TranslationUnit& tu, int array) {
  std::vector<int> out;
  for (size_t i = 0; i < tu.accesses.size(); ++i)
    if (tu.accesses[i].array == array) out.push_back(static_cast<int>(i));
  return out;
}

// The other shared arrays of `x`'s kernel instance that the template parameter at `paramIndex`
// sizes, each with the dimension it adds to.
std::vector<std::pair<int, int>> siblingsSizedBy(const ir::TranslationUnit& tu, int x, int paramIndex) {
  std::vector<std::pair<int, int>> out;
  const int kernel = tu.array(x).kernelInstance;
  for (size_t id = 0; id < tu.arrays.size(); ++id) {
    const ir::SharedArray& y = tu.arrays[id];
    if (static_cast<int>(id) == x || y.kernelInstance != kernel) continue;
    for (size_t d = 0; d < y.dimSpellings.size(); ++d)
      if (y.dimSpellings[d].templateParamIndex == paramIndex) out.emplace_back(static_cast<int>(id), static_cast<int>(d));
  }
  return out;
}

// Paddings applied one after another to one scratch unit, undone in reverse order (each restores
// what the one before it left).
struct PaddedStack {
  std::vector<std::unique_ptr<PaddedGroup>> groups;
  void undo() {
    while (!groups.empty()) groups.pop_back();
  }
  ~PaddedStack() { undo(); }
};

// Whether the rows of `array` padded by `pad` on `dim` stay a multiple of its widest access.
bool keepsVectorRows(const ir::TranslationUnit& tu, const ir::SharedArray& a, const std::vector<int>& accesses, int dim, int64_t pad) {
  const int64_t stride = paddedStrideBytes(a, dim, pad);
  for (int id : accesses)
    if (stride % ir::paddingGranuleBytes(tu.accesses[static_cast<size_t>(id)]) != 0) return false;
  return true;
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
      out.whyNot = fmt::format("no dimension of '{}' is sized by a template parameter of '{}' that only shared-memory declarations use", x.name,
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
      out.whyNot = fmt::format("dimension {} of '{}' is not sized by a template parameter of '{}' that only shared-memory declarations use", dim,
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
      if (s.index == paramIndex && s.variable.empty()) sites.push_back(&s);  // a host constant may serve other launches too
    if (sites.empty() || static_cast<int>(sites.size()) != k.templateArgumentLaunches) {
      out.blockedAtLaunches = true;
      out.whyNot = fmt::format("not every launch of '{}' in this file writes its '{}' as a number", k.name, out.param);
      return out;
    }
    // The parameter may size other shared arrays of the kernel too (`s_b[BK][BN + OFFSET]`): each
    // is padded alike, and must stay on its elements, within its vector widths and no worse.
    const std::vector<std::pair<int, int>> siblings = siblingsSizedBy(tu, id, paramIndex);
    if (static_cast<int>(siblings.size()) + 1 != spelled->templateParamDeclarations) {
      out.blockedAtLaunches = true;
      out.whyNot = fmt::format("'{}' also sizes a shared declaration of '{}' other than as an added extent", out.param, k.function);
      return out;
    }
    int64_t bytes = paddedBytes(x, dim, alone.best->pad);
    PaddedStack padded;  // every sibling padded at once, for the static size
    for (const auto& [sibling, sdim] : siblings) {
      const ir::SharedArray& y = tu.array(sibling);
      const std::vector<int> theirs = accessesOf(tu, sibling);
      const std::string what = fmt::format("'{}' (which '{}' sizes too) in '{}'", y.name, out.param, k.name);
      if (!keepsVectorRows(tu, y, theirs, sdim, alone.best->pad)) {
        out.blockedAtLaunches = true;
        out.whyNot = fmt::format("{} would lose the alignment of its vector accesses", what);
        return out;
      }
      if (const OffElement off = accessOffItsElement(scratch, tu, {sibling}, theirs, sdim); off.index >= 0) {
        out.blockedAtLaunches = true;
        out.whyNot = fmt::format("padding {} would move an access away from its element: {}", what, off.why);
        return out;
      }
      const Evaluation before = evaluateAccesses(tu, theirs);
      padded.groups.push_back(std::make_unique<PaddedGroup>(scratch, tu, std::vector<int>{sibling}, theirs, sdim, alone.best->pad));
      const Evaluation after = evaluateAccesses(padded.groups.back()->unit, padded.groups.back()->accesses);
      const double eps = 1e-9 * std::max(1.0, before.totalWavefronts);
      if (after.unknown > before.unknown || after.worstWays > before.worstWays + 1e-9 || after.totalWavefronts > before.totalWavefronts + eps) {
        out.blockedAtLaunches = true;
        const auto ways = [](double w) { return w <= 1 + 1e-9 ? std::string("conflict-free") : mapper::waysText(w); };
        out.whyNot = fmt::format("padding {} would make it worse ({} -> {})", what, ways(before.worstWays), ways(after.worstWays));
        return out;
      }
      bytes += paddedBytes(y, sdim, alone.best->pad);
      out.alsoPadded.insert(y.name);
      double& worst = out.alsoPaddedWorst[y.declKey];
      worst = std::max(worst, before.worstWays);
    }
    if (!siblings.empty()) {
      const PaddedGroup self(scratch, tu, {id}, mine, dim, alone.best->pad);
      if (static_cast<int64_t>(self.unit.kernel(x.kernelInstance).staticSmemBytes) > maxStaticBytes) {
        out.blockedAtLaunches = true;
        out.whyNot = fmt::format("padding '{}' and the arrays '{}' sizes too would take '{}' past {} bytes of static shared memory",
                                 x.name, out.param, k.name, maxStaticBytes);
        return out;
      }
    }
    padded.undo();
    const int64_t value = spelled->templateParamValue + alone.best->pad;
    std::string where;
    for (const ir::TemplateArgumentSite* s : sites) {
      Edit e;
      e.span = s->span;
      e.original = s->text;
      e.text = s->appended ? s->text + ", " + std::to_string(value) : std::to_string(value);
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
    out.bytesAdded.push_back({x.kernelInstance, bytes});
    add(out.evaluation, alone.best->evaluation);
  }
  if (edits.empty()) return out;
  for (auto& [where, e] : edits) out.edits.push_back(e);
  out.description = description;
  out.found = true;
  return out;
}

}  // namespace bankcheck::advisor
