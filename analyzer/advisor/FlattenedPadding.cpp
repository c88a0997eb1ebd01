#include "advisor/FlattenedPadding.h"

#include <regex>

#include "advisor/DeclarationEdits.h"
#include "advisor/PaddingSearch.h"
#include "mapper/UnitAnalysis.h"

namespace bankcheck::advisor {

namespace {
// Splits `BM * BK` at its last top-level `*`: rows `BM`, stride `BK`.
bool splitProduct(const std::string& text, std::string& rows, std::string& stride) {
  int depth = 0;
  size_t star = std::string::npos;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '(') ++depth;
    else if (text[i] == ')') --depth;
    else if (text[i] == '*' && depth == 0) star = i;
    else if (depth == 0 && (text[i] == '+' || text[i] == '-' || text[i] == '/' || text[i] == '%')) return false;
  }
  if (star == std::string::npos) return false;
  auto trim = [](std::string s) {
    s.erase(0, s.find_first_not_of(" \t"));
    s.erase(s.find_last_not_of(" \t") + 1);
    return s;
  };
  rows = trim(text.substr(0, star));
  stride = trim(text.substr(star + 1));
  return !rows.empty() && std::regex_match(stride, std::regex("[A-Za-z_][A-Za-z0-9_]*|[0-9]+"));
}

// Replaces every whole-token occurrence of `token` in `text`; returns how many.
int replaceToken(std::string& text, const std::string& token, const std::string& with) {
  const std::regex re("(^|[^A-Za-z0-9_])" + token + "(?![A-Za-z0-9_])");
  int count = 0;
  std::string out;
  auto begin = std::sregex_iterator(text.begin(), text.end(), re);
  size_t last = 0;
  for (auto it = begin; it != std::sregex_iterator(); ++it) {
    const size_t pos = static_cast<size_t>(it->position()) + (*it)[1].length();
    out += text.substr(last, pos - last) + with;
    last = pos + token.size();
    ++count;
  }
  out += text.substr(last);
  text = out;
  return count;
}
}  // namespace

FlattenedResult searchFlattenedPadding(const ir::TranslationUnit& tu, const std::vector<int>& arrays,
                                       const std::vector<int>& accesses, double wavefrontsBefore,
                                       const AdvisorOptions& options) {
  FlattenedResult out;
  const ir::SharedArray& a = tu.array(arrays.front());
  if (a.dimSpellings.size() != 1 || a.dimSpellings[0].fromMacro) {
    out.whyNot = "the size of '" + a.name + "' is not written in its declaration";
    return out;
  }
  std::string rows, stride;
  if (!splitProduct(a.dimSpellings[0].text, rows, stride)) {
    out.whyNot = "'" + a.name + "' is a one-dimensional array whose size [" + a.dimSpellings[0].text +
                 "] is not written as ROWS * STRIDE, so its row stride is unknown";
    return out;
  }
  const bool literal = std::isdigit(static_cast<unsigned char>(stride[0])) != 0;
  std::map<std::pair<std::string, unsigned>, std::pair<ir::SourceSpan, std::string>> indexTexts;  // one per source place
  for (int id : accesses) {
    const ir::Access& acc = tu.accesses[static_cast<size_t>(id)];
    if (!acc.indexing || !acc.indexing->editable) {
      out.whyNot = "the access at line " + std::to_string(acc.span.begin.line) + " (" + acc.spelling + ") does not index '" + a.name +
                   "' directly";
      return out;
    }
    std::string text = acc.indexing->texts.front();
    const int uses = replaceToken(text, stride, stride);
    if (uses == 0 || (literal && uses != 1)) {
      out.whyNot = "the access at line " + std::to_string(acc.span.begin.line) + " (" + acc.spelling + ") does not use the row stride " +
                   stride + ", so padding the rows would change what it reads; index it as row * " + stride + " + col first";
      return out;
    }
    indexTexts[{acc.indexing->spans.front().begin.file, acc.indexing->spans.front().beginOffset}] = {acc.indexing->spans.front(), acc.indexing->texts.front()};
  }
  const int64_t maxPad = std::max<int64_t>(1, 128 / std::max(1u, a.elementSize));
  for (int64_t pad = 1; pad <= maxPad; ++pad) {
    const std::string padded = "(" + stride + " + " + std::to_string(pad) + ")";
    std::vector<Edit> edits;
    Edit decl;
    decl.span = a.dimSpellings[0].span;
    decl.original = a.dimSpellings[0].text;
    decl.text = rows + " * " + padded;
    edits.push_back(decl);
    for (const auto& [offset, place] : indexTexts) {
      Edit e;
      e.span = place.first;
      e.original = place.second;
      e.text = place.second;
      replaceToken(e.text, stride, padded);
      edits.push_back(e);
    }
    frontend::FrontendOptions fe = options.frontend;
    std::map<std::string, std::string> files;
    std::string why;
    if (!patchFiles(edits, options.frontend, files, why)) continue;
    for (auto& [file, text] : files) fe.overlay[file] = text;
    const ir::TranslationUnit after = frontend::analyzeFile(tu.file, fe);
    if (!after.parsed || !newKernelError(tu, after).empty()) continue;
    const mapper::UnitAnalysis ua = mapper::analyzeUnit(after, {});
    Evaluation evaluation;
    for (const ir::Access& x : after.accesses)
      if (after.array(x.array).declKey == a.declKey) accumulate(evaluation, ua.results[static_cast<size_t>(x.id)]);
    const bool unknown = evaluation.unknown > 0;
    const double total = evaluation.totalWavefronts, worst = evaluation.worstWays;
    if (unknown || total >= wavefrontsBefore * (1 - 1e-9)) continue;
    if (out.edits.empty() || total < out.wavefrontsAfter * (1 - 1e-9)) {
      out.edits = edits;
      out.pad = pad;
      out.declarationAfter = a.name + "[" + decl.text + "]";
      out.wavefrontsAfter = total;
      out.worstWaysAfter = worst;
      out.bytesAdded = 0;
      for (const ir::SharedArray& x : after.arrays)
        if (x.declKey == a.declKey) out.bytesAdded = static_cast<int64_t>(x.sizeBytes) - static_cast<int64_t>(a.sizeBytes);
    }
    if (worst <= 1 + 1e-9) break;  // conflict-free at the smallest padding: more only costs memory
  }
  if (out.edits.empty()) out.whyNot = "no padding of the row stride " + stride + " lowers the wavefronts of '" + a.name + "'";
  return out;
}

}  // namespace bankcheck::advisor
