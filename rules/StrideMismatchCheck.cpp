// bankcheck-stride-mismatch: the seed skill's "padding array sizing" requirement. An array
// declared with padded rows (`As[BM * (BK + 4)]`, `Bs[BK][BN + PAD]`) must be indexed with the
// padded stride everywhere; an index written by hand that steps rows by the unpadded name
// (`row * BK + k`, also through a pointer to the array) reaches the wrong elements.
#include "rules/StrideMismatchCheck.h"

#include <optional>
#include <regex>
#include <set>
#include <tuple>

#include "fmt/format.h"

namespace bankcheck::rules {

namespace {
// A row stride as declared: `NAME + PAD` (PAD a number or a name), the whole of a dimension or a
// factor of a flattened size, parentheses allowed.
struct PaddedStride {
  std::string name, pad, declared;
};

std::optional<PaddedStride> paddedStride(const std::string& text) {
  static const std::regex re(R"(^\s*\(?\s*([A-Za-z_]\w*)\s*\+\s*([A-Za-z_]\w*|\d+)\s*\)?\s*$)");
  std::smatch m;
  if (!std::regex_match(text, m, re)) return std::nullopt;
  return PaddedStride{m[1], m[2], m[1].str() + " + " + m[2].str()};
}

// Whether `text` multiplies by `s.name` somewhere without its padding (`r * BK`, `BK*r`), not as
// `(BK + PAD)`.
bool stepsByUnpadded(const std::string& text, const PaddedStride& s) {
  const std::regex name("(^|[^A-Za-z0-9_.])" + s.name + "(?![A-Za-z0-9_])");
  for (auto it = std::sregex_iterator(text.begin(), text.end(), name); it != std::sregex_iterator(); ++it) {
    const size_t begin = static_cast<size_t>(it->position()) + static_cast<size_t>((*it)[1].length());
    const size_t end = begin + s.name.size();
    size_t before = begin;
    while (before > 0 && text[before - 1] == ' ') --before;
    size_t after = end;
    while (after < text.size() && text[after] == ' ') ++after;
    const bool padded = std::regex_search(text.substr(after), std::regex("^\\+\\s*" + s.pad + "(?![A-Za-z0-9_])"));
    // `x * BK`, or `BK * x` unless BK is a divisor there (`i / BK * (BK + 4)` multiplies the quotient).
    const char left = before > 0 ? text[before - 1] : ' ';
    const bool multiplied = left == '*' || (after < text.size() && text[after] == '*' && left != '/' && left != '%');
    if (multiplied && !padded) return true;
  }
  return false;
}
}  // namespace

void StrideMismatchCheck::run(const CheckContext& ctx, std::vector<report::Diagnostic>& out) const {
  std::set<std::tuple<std::string, unsigned, unsigned>> reported;
  std::set<std::string> declarations;
  for (const ir::SharedArray& a : ctx.tu.arrays) {
    if (a.dims.empty() || a.dimSpellings.size() != a.dims.size() || !declarations.insert(a.declKey).second) continue;
    std::optional<PaddedStride> stride;
    if (a.dims.size() == 1 && a.dimSpellings[0].factors.size() == 2) {
      for (const auto& [text, value] : a.dimSpellings[0].factors)
        if (!stride) stride = paddedStride(text);
    } else if (a.dims.size() >= 2) {
      stride = paddedStride(a.dimSpellings.back().text);
    }
    if (!stride) continue;
    for (const ir::Access& acc : ctx.tu.accesses) {
      if (ctx.tu.array(acc.array).declKey != a.declKey) continue;
      std::vector<std::pair<ir::SourceSpan, std::string>> terms;
      if (acc.indexing)
        for (size_t i = 0; i < acc.indexing->texts.size(); ++i) terms.push_back({acc.indexing->spans[i], acc.indexing->texts[i]});
      for (const ir::OffsetPiece& p : acc.pieces) terms.push_back({p.span, p.text});
      for (const auto& [span, text] : terms) {
        if (text.empty() || !stepsByUnpadded(text, *stride)) continue;
        if (!reported.insert({span.begin.file, span.beginOffset, span.endOffset}).second) continue;
        out.push_back(findingAt(span, fmt::format("'{}' has rows of {} elements, but the index '{}' steps rows by {}: it reaches "
                                                  "the wrong elements",
                                                  a.name, stride->declared, text, stride->name)));
        out.push_back(note(fmt::format("'{}' is declared here; index it with {} as the row stride", a.name, stride->declared), a.decl));
      }
    }
  }
}

}  // namespace bankcheck::rules
