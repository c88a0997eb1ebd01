#include "advisor/DeclarationEdits.h"

#include <algorithm>
#include <regex>

namespace bankcheck::advisor {

namespace {
// `E + k` with a decimal literal k at the end.
bool splitTrailingAddend(const std::string& text, std::string& head, int64_t& k) {
  static const std::regex re(R"(^(.*\S)\s*\+\s*([0-9]+)\s*$)");
  std::smatch m;
  if (!std::regex_match(text, m, re)) return false;
  // A literal of more than 9 digits is no padding anyone writes (and would not fit the arithmetic).
  if (m[2].length() > 9) return false;
  head = m[1];
  k = std::strtoll(m[2].str().c_str(), nullptr, 10);
  return true;
}

bool needsParens(const std::string& text) {
  return text.find_first_of("?<>&|^,=") != std::string::npos;
}
}  // namespace

int64_t writtenPadding(const std::string& text) {
  std::string head;
  int64_t k = 0;
  return splitTrailingAddend(text, head, k) ? k : 0;
}

// The padding is always appended as its own term: an existing `+ 2` may be a halo, not padding,
// and folding it (`BX + 32`) would hide what the author wrote.
std::string paddedDimensionText(const std::string& text, int64_t pad) {
  return (needsParens(text) ? "(" + text + ")" : text) + " + " + std::to_string(pad);
}

std::optional<Edit> dimensionEdit(const ir::SharedArray& a, int dim, int64_t pad, std::string& why) {
  if (dim < 0 || static_cast<size_t>(dim) >= a.dimSpellings.size() || a.dimSpellings.size() != a.dims.size()) {
    why = "the dimensions of '" + a.name + "' are not written as array bounds in its declaration";
    return std::nullopt;
  }
  const ir::DimensionSpelling& d = a.dimSpellings[static_cast<size_t>(dim)];
  if (d.fromMacro || d.text.empty() || d.span.endOffset <= d.span.beginOffset) {
    why = "the declaration of '" + a.name + "' comes from a macro expansion";
    return std::nullopt;
  }
  Edit e;
  e.span = d.span;
  e.original = d.text;
  e.text = paddedDimensionText(d.text, pad);
  return e;
}

std::string declarationText(const ir::SharedArray& a, int dim, int64_t pad) {
  std::string out = a.name;
  for (size_t i = 0; i < a.dims.size(); ++i) {
    std::string t = i < a.dimSpellings.size() ? a.dimSpellings[i].text : std::to_string(a.dims[i]);
    if (static_cast<int>(i) == dim) t = paddedDimensionText(t, pad);
    out += "[" + t + "]";
  }
  return out;
}

std::string applyEdits(const std::string& source, std::vector<Edit> edits) {
  std::sort(edits.begin(), edits.end(), [](const Edit& x, const Edit& y) { return x.span.beginOffset > y.span.beginOffset; });
  std::string out = source;
  for (const Edit& e : edits) {
    if (e.span.endOffset > out.size() || e.span.beginOffset > e.span.endOffset) continue;
    out.replace(e.span.beginOffset, e.span.endOffset - e.span.beginOffset, e.text);
  }
  return out;
}

namespace {
// Whether `text` is one parenthesized expression, `(...)`, its first parenthesis closed last.
bool wholeInParentheses(const std::string& text) {
  if (text.size() < 2 || text.front() != '(' || text.back() != ')') return false;
  int depth = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    depth += text[i] == '(' ? 1 : text[i] == ')' ? -1 : 0;
    if (depth == 0) return i + 1 == text.size();
  }
  return false;
}
}  // namespace

std::string asOperand(const std::string& text) {
  const bool simple = text.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.") == std::string::npos;
  return simple || wholeInParentheses(text) ? text : "(" + text + ")";
}

std::string onOneLine(const std::string& text) {
  if (text.find("//") != std::string::npos) return text;
  std::string out;
  for (size_t i = 0; i < text.size();) {
    size_t j = i;
    bool breaks = false;
    while (j < text.size() && (text[j] == ' ' || text[j] == '\t' || text[j] == '\n' || text[j] == '\r')) breaks |= text[j++] == '\n';
    if (breaks) {
      out += ' ';
      i = j;
    } else {
      out += text[i++];
    }
  }
  return out;
}

}  // namespace bankcheck::advisor
