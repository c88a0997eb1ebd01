#include "advisor/PaddingRemoval.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>
#include <regex>
#include <set>

#include "fmt/format.h"
#include "llvm/Support/Path.h"

namespace bankcheck::advisor {

namespace {
// Whether `name` (of value `value`) pads a stride in `text`: an addend of a parenthesized sum that
// is multiplied (`row * (BN + B_PAD)`, `(kHeadDim + kPad) * rows`), smaller than the other addends
// together (the row it pads), whose values are known (`constants`, or numbers).
bool addedIn(const std::string& text, const std::string& name, int64_t value,
             const std::vector<std::pair<std::string, int64_t>>& constants) {
  static const std::regex group("\\(([^()]*)\\)");
  const auto trimmed = [](std::string t) {
    t.erase(0, t.find_first_not_of(" \t\n"));
    t.erase(t.find_last_not_of(" \t\n") + 1);
    return t;
  };
  // A number or a named constant, or a product of them (`kMmaAtomN * 2`).
  const auto valueOf = [&](const std::string& addend) -> std::optional<int64_t> {
    int64_t product = 1;
    size_t from = 0;
    while (from <= addend.size()) {
      const size_t star = std::min(addend.find('*', from), addend.size());
      const std::string factor = trimmed(addend.substr(from, star - from));
      int64_t v = 0;
      if (!factor.empty() && factor.size() < 13 &&
          std::all_of(factor.begin(), factor.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); })) {
        v = std::stoll(factor);
      } else {
        const auto known = std::find_if(constants.begin(), constants.end(), [&](const auto& c) { return c.first == factor; });
        if (known == constants.end()) return std::nullopt;
        v = known->second;
      }
      constexpr int64_t kLargest = int64_t{1} << 40;  // far past any row; keeps the products in range
      if (v < 0 || v > kLargest || (v > 0 && product > kLargest / v)) return std::nullopt;
      product *= v;
      from = star + 1;
    }
    return product;
  };
  const auto padsTheRest = [&](const std::string& inner) {
    if (inner.find_first_of("-/%<>&|^?") != std::string::npos) return false;  // a sum of products only
    int64_t rest = 0;
    bool self = false;
    size_t from = 0;
    while (from <= inner.size()) {
      const size_t plus = std::min(inner.find('+', from), inner.size());
      const std::string addend = trimmed(inner.substr(from, plus - from));
      if (addend == name && !self) {
        self = true;
      } else if (const std::optional<int64_t> v = valueOf(addend); v && rest <= (int64_t{1} << 50)) {
        rest += *v;
      } else {
        return false;
      }
      from = plus + 1;
    }
    return self && value < rest;
  };
  for (auto it = std::sregex_iterator(text.begin(), text.end(), group); it != std::sregex_iterator(); ++it) {
    const std::smatch& m = *it;
    if (!padsTheRest(m[1].str())) continue;
    const size_t begin = static_cast<size_t>(m.position(0)), end = begin + static_cast<size_t>(m.length(0));
    size_t before = begin;
    while (before > 0 && std::isspace(static_cast<unsigned char>(text[before - 1]))) --before;
    size_t after = end;
    while (after < text.size() && std::isspace(static_cast<unsigned char>(text[after]))) ++after;
    if ((before > 0 && text[before - 1] == '*') || (after < text.size() && text[after] == '*')) return true;
  }
  return false;
}

std::string placeOf(const ir::TemplateArgumentSite& s) {
  return fmt::format("{}:{}{}", llvm::sys::path::filename(s.span.begin.file).str(), s.span.begin.line,
                     s.variable.empty() ? " (the launch's argument)" : " ('" + s.variable + "')");
}
}  // namespace

PaddingRemoval findPaddingParameter(const ir::TranslationUnit& tu, const std::vector<int>& accesses) {
  PaddingRemoval out;
  // Names with a positive value added in some written term of the accesses (or of the carve-out
  // offsets they are counted from), each with its value and whether it pads the accesses' own
  // rows (a name added only in a carve offset pads the tiles before it); and the kernel
  // instances that make the accesses.
  std::map<std::string, std::pair<int64_t, bool>> added;
  std::set<int> kernels;
  const auto note = [&](const std::string& name, int64_t value, bool own) {
    auto [it, fresh] = added.try_emplace(name, value, own);
    it->second.second |= own;
  };
  const auto scan = [&](const std::vector<ir::OffsetPiece>& pieces, bool own) {
    for (const ir::OffsetPiece& p : pieces)
      for (const auto& [name, value] : p.constants)
        if (value > 0 && addedIn(p.text, name, value, p.constants)) note(name, value, own);
  };
  for (int id : accesses) {
    const ir::Access& a = tu.accesses[static_cast<size_t>(id)];
    scan(a.pieces, true);
    const ir::SharedArray& array = tu.array(a.array);
    if (array.carvedFrom >= 0) scan(array.carvePieces, false);
    // A declared extent that adds a template parameter (`s_b[BK][BN + PAD]`).
    for (const ir::DimensionSpelling& d : array.dimSpellings)
      if (!d.templateParam.empty() && d.templateParamValue > 0) note(d.templateParam, d.templateParamValue, true);
    if (a.kernelInstance >= 0) kernels.insert(a.kernelInstance);
  }
  if (added.empty()) {
    out.whyNot = "no written term of its accesses adds a padding to a row stride";
    return out;
  }
  std::vector<std::pair<std::string, std::pair<int64_t, bool>>> candidates(added.begin(), added.end());
  std::stable_sort(candidates.begin(), candidates.end(), [](const auto& x, const auto& y) {
    return std::make_pair(!x.second.second, x.second.first) < std::make_pair(!y.second.second, y.second.first);
  });
  std::string lastWhy;
  for (const auto& [name, valueAndOwn] : candidates) {
    const int64_t value = valueAndOwn.first;
    // Every launch of every instance writes it, as a literal of the same value.
    std::map<std::tuple<std::string, unsigned, unsigned>, const ir::TemplateArgumentSite*> sites;
    std::string why;
    for (int k : kernels) {
      const ir::KernelInstance& kernel = tu.kernel(k);
      int writes = 0;
      for (const ir::TemplateArgumentSite& s : kernel.templateArgumentSites) {
        if (s.param != name) continue;
        if (s.appended) {
          why = fmt::format("a launch of '{}' leaves '{}' to its default", kernel.name, name);
          break;
        }
        if (s.text != std::to_string(value)) {
          why = fmt::format("'{}' is written as '{}' at {}, not as the number {}", name, s.text, placeOf(s), value);
          break;
        }
        ++writes;
        sites.emplace(std::make_tuple(s.span.begin.file, s.span.beginOffset, s.span.endOffset), &s);
      }
      if (why.empty() && (kernel.templateArgumentLaunches == 0 || writes != kernel.templateArgumentLaunches))
        why = fmt::format("not every launch of '{}' in this file passes its '{}' as a number or as a host constant initialized by one",
                          kernel.name, name);
      if (!why.empty()) break;
    }
    if (!why.empty()) {
      if (lastWhy.empty()) lastWhy = why;
      continue;
    }
    out.param = name;
    out.value = value;
    for (const auto& [key, s] : sites) {
      Edit e;
      e.span = s->span;
      e.original = s->text;
      e.text = "0";
      out.edits.push_back(e);
      out.where += (out.where.empty() ? "" : ", ") + placeOf(*s);
    }
    return out;
  }
  out.whyNot = "the padding added to its rows is not a template parameter whose value the launches write where it can be set to 0 (" +
               lastWhy + ")";
  return out;
}

bool spanBeforeEdits(ir::SourceSpan& span, const std::vector<Edit>& edits) {
  // The edits in the order they sit in the text after them.
  std::vector<const Edit*> mine;
  for (const Edit& e : edits)
    if (e.span.begin.file == span.begin.file) mine.push_back(&e);
  std::sort(mine.begin(), mine.end(), [](const Edit* x, const Edit* y) { return x->span.beginOffset < y->span.beginOffset; });
  long shift = 0;  // bytes the edits before the span added (after minus before)
  long columnShift = 0;
  long after = 0;  // the running difference, to place each edit in the text after the edits
  for (const Edit* e : mine) {
    const long begin = static_cast<long>(e->span.beginOffset) + after;
    const long end = begin + static_cast<long>(e->text.size());
    const long delta = static_cast<long>(e->text.size()) - static_cast<long>(e->original.size());
    if (end <= static_cast<long>(span.beginOffset)) {
      shift += delta;
      if (e->span.end.line == span.begin.line) columnShift += delta;
    } else if (begin < static_cast<long>(span.endOffset)) {
      return false;
    }
    after += delta;
  }
  span.beginOffset = static_cast<unsigned>(static_cast<long>(span.beginOffset) - shift);
  span.endOffset = static_cast<unsigned>(static_cast<long>(span.endOffset) - shift);
  span.begin.column = static_cast<unsigned>(static_cast<long>(span.begin.column) - columnShift);
  if (span.end.line == span.begin.line) span.end.column = static_cast<unsigned>(static_cast<long>(span.end.column) - columnShift);
  return true;
}

}  // namespace bankcheck::advisor
