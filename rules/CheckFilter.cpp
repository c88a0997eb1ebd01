#include "rules/CheckFilter.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"

namespace bankcheck::rules {

bool globMatches(const std::string& pattern, const std::string& text) {
  // Iterative wildcard match with backtracking to the last `*`.
  size_t p = 0, t = 0, star = std::string::npos, mark = 0;
  while (t < text.size()) {
    if (p < pattern.size() && pattern[p] == '*') {
      star = p++;
      mark = t;
    } else if (p < pattern.size() && pattern[p] == text[t]) {
      ++p;
      ++t;
    } else if (star != std::string::npos) {
      p = star + 1;
      t = ++mark;
    } else {
      return false;
    }
  }
  while (p < pattern.size() && pattern[p] == '*') ++p;
  return p == pattern.size();
}

std::optional<CheckFilter> CheckFilter::parse(const std::string& globs, std::string& error) {
  CheckFilter f;
  llvm::SmallVector<llvm::StringRef, 8> parts;
  llvm::StringRef(globs).split(parts, ',');
  for (llvm::StringRef part : parts) {
    part = part.trim();
    if (part.empty()) continue;  // "a,,b" and a trailing comma, as clang-tidy accepts them
    Glob g;
    if (part.consume_front("-")) g.positive = false;
    part = part.trim();
    for (char c : part)
      if (!(llvm::isAlnum(c) || c == '-' || c == '_' || c == '.' || c == '*')) {
        error = "'" + part.str() + "' is not a check name or glob (letters, digits, '-', '_', '.', '*')";
        return std::nullopt;
      }
    if (part.empty()) {
      error = "'-' must be followed by a check name or glob";
      return std::nullopt;
    }
    g.pattern = part.str();
    f.globs_.push_back(g);
  }
  return f;
}

void CheckFilter::append(const CheckFilter& more) { globs_.insert(globs_.end(), more.globs_.begin(), more.globs_.end()); }

bool CheckFilter::matches(const std::string& checkName) const {
  bool on = false;
  for (const Glob& g : globs_)
    if (globMatches(g.pattern, checkName)) on = g.positive;
  return on;
}

}  // namespace bankcheck::rules
