#include "rules/Nolint.h"
#include <algorithm>

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MemoryBuffer.h"
#include "rules/Check.h"
#include "rules/CheckFilter.h"

namespace bankcheck::rules {

namespace {
// The check list after a NOLINT marker: "(a, b*)" gives {"a", "b*"}; no parenthesis gives {}
// (every check). `rest` starts right after the marker.
std::vector<std::string> checkList(llvm::StringRef rest, std::string* spelling) {
  std::vector<std::string> globs;
  if (!rest.starts_with("(")) return globs;
  const size_t close = rest.find(')');
  if (close == llvm::StringRef::npos) return globs;
  llvm::StringRef inside = rest.substr(1, close - 1);
  if (spelling) *spelling = inside.trim().str();
  llvm::SmallVector<llvm::StringRef, 4> parts;
  inside.split(parts, ',');
  for (llvm::StringRef p : parts)
    if (!p.trim().empty()) globs.push_back(p.trim().str());
  return globs;
}

bool covers(const std::vector<std::string>& globs, const std::string& check) {
  if (globs.empty()) return true;
  for (const std::string& g : globs)
    if (globMatches(g, check)) return true;
  return false;
}

report::Diagnostic unmatched(const std::string& file, unsigned line, const std::string& message) {
  report::Diagnostic d;
  d.level = report::Level::Error;
  d.span.begin = {file, line, 1};
  d.span.end = d.span.begin;
  d.message = message;
  d.checkName = "bankcheck-nolint";
  return d;
}
}  // namespace

const NolintIndex::FileIndex& NolintIndex::index(const std::string& file) {
  auto [it, inserted] = files_.try_emplace(file);
  if (!inserted) return it->second;
  FileIndex& idx = it->second;
  auto buffer = llvm::MemoryBuffer::getFile(file, /*IsText=*/true);
  if (!buffer) return idx;
  llvm::SmallVector<llvm::StringRef, 0> lines;
  (*buffer)->getBuffer().split(lines, '\n');
  idx.lines.resize(lines.size() + 1);
  struct Open {
    std::string spelling;
    std::vector<std::string> globs;
    unsigned line;
  };
  std::vector<Open> open;
  for (size_t i = 0; i < lines.size(); ++i) {
    llvm::StringRef text = lines[i];
    // Every marker on the line, the longest spelling first at each position.
    for (size_t at = text.find("NOLINT"); at != llvm::StringRef::npos; at = text.find("NOLINT", at + 1)) {
      llvm::StringRef tail = text.substr(at);
      std::string spelling;
      if (tail.consume_front("NOLINTNEXTLINE")) {
        if (i + 1 < idx.lines.size()) idx.lines[i + 1].push_back({checkList(tail, nullptr)});
      } else if (tail.consume_front("NOLINTBEGIN")) {
        open.push_back({"", checkList(tail, &spelling), static_cast<unsigned>(i + 1)});
        open.back().spelling = spelling;
      } else if (tail.consume_front("NOLINTEND")) {
        std::vector<std::string> globs = checkList(tail, &spelling);
        auto match = std::find_if(open.rbegin(), open.rend(), [&](const Open& o) { return o.spelling == spelling; });
        if (match == open.rend()) {
          problems_.push_back(unmatched(file, static_cast<unsigned>(i + 1),
                                        "unmatched 'NOLINTEND' comment without a previous 'NOLINTBEGIN' comment"));
          continue;
        }
        for (size_t l = match->line - 1; l <= i; ++l) idx.lines[l].push_back({match->globs});
        open.erase(std::next(match).base());
      } else if (tail.consume_front("NOLINT")) {
        idx.lines[i].push_back({checkList(tail, nullptr)});
      }
    }
  }
  for (const Open& o : open)
    problems_.push_back(unmatched(file, o.line, "unmatched 'NOLINTBEGIN' comment without a subsequent 'NOLINTEND' comment"));
  return idx;
}

bool NolintIndex::suppresses(const std::string& file, unsigned line, const std::string& check) {
  const FileIndex& idx = index(file);
  if (line == 0 || line > idx.lines.size()) return false;
  for (const Suppression& s : idx.lines[line - 1])
    if (covers(s.globs, check)) return true;
  return false;
}

std::vector<report::Diagnostic> NolintIndex::takeProblems() {
  std::vector<report::Diagnostic> out;
  out.swap(problems_);
  return out;
}

std::vector<report::Diagnostic> dropSuppressed(std::vector<report::Diagnostic> diags, NolintIndex& nolint) {
  return dropFindings(std::move(diags), [&](const report::Diagnostic& d) {
    return !d.checkName.empty() && d.span.begin.valid() && nolint.suppresses(d.span.begin.file, d.span.begin.line, d.checkName);
  });
}

}  // namespace bankcheck::rules
