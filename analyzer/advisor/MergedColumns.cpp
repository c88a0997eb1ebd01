#include "advisor/MergedColumns.h"

#include <algorithm>
#include <optional>

#include "ir/KnownFactor.h"
#include "mapper/BlockShapes.h"
#include "mapper/UniformAnalysis.h"
#include "mapper/WidthPrediction.h"

namespace bankcheck::advisor {

// `col - offset` in source text: `tx * 8` for `tx * 8 + n` less `n`, where what precedes ` + n` has
// no operator that binds looser than `+` (so it is the sum's other term); else `col - n % 4`.
std::string columnLess(const std::string& col, const std::string& offset) {
  const std::string tail = " + " + offset;
  if (col.size() > tail.size() && col.compare(col.size() - tail.size(), tail.size(), tail) == 0) {
    const std::string rest = col.substr(0, col.size() - tail.size());
    int depth = 0;
    bool plainSum = true;
    for (size_t i = 0; i < rest.size() && plainSum; ++i) {
      const char ch = rest[i];
      if (ch == '(' || ch == '[') ++depth;
      else if (ch == ')' || ch == ']') --depth;
      else if (depth == 0 && std::string("<>&|^?=!,:").find(ch) != std::string::npos && !(ch == '>' && i > 0 && rest[i - 1] == '-'))
        plainSum = false;
    }
    if (plainSum && depth == 0) return rest;
  }
  return col + " - " + offset;
}

namespace {
// `modulo` spells the offset `n % group` even where the loop runs only one group (to match
// another instantiation's spelling).
std::optional<MergedColumn> loopMergedColumn(const ir::TranslationUnit& tu, const ir::Access& a, const mapper::AccessResult& r,
                                             bool modulo) {
  if (r.widthSource != mapper::WidthSource::PredictedVector || r.vectorFactor < 2) return std::nullopt;
  if (!a.indexing || a.indexing->indices.size() < 2 || !a.inlinedAt.empty()) return std::nullopt;
  if (ir::sourceBytes(a) != tu.array(a.array).elementSize) return std::nullopt;
  // The loop whose iterations the mapper merged (across inner loops `#pragma unroll` unrolls whole).
  const ir::KernelInstance& k = tu.kernel(a.kernelInstance);
  if (static_cast<size_t>(r.shape) >= mapper::blockShapeCount(k)) return std::nullopt;
  const int loopId = mapper::predictWidth(tu, a, mapper::blockShape(k, static_cast<size_t>(r.shape))).vectorLoop;
  if (loopId < 0) return std::nullopt;
  const ir::Loop& loop = k.loops[static_cast<size_t>(loopId)];
  // The loop's variable is its iteration number (`for (int n = 0; ...; ++n)`), written around the access.
  const ir::ExprRef& iter = loop.inductionValue;
  if (loop.inductionVar.empty() || !iter || iter->kind != ir::ExprKind::Symbol || iter->symbol != loop.iterSymbol) return std::nullopt;
  if (loop.loc.file != a.span.begin.file || loop.loc.line > a.span.begin.line) return std::nullopt;
  const auto& idx = a.indexing->indices;
  for (size_t d = 0; d + 1 < idx.size(); ++d)
    if (mapper::uniformEffect(idx[d], loop.iterSymbol).use != mapper::UniformUse::Absent) return std::nullopt;
  const mapper::UniformEffect step = mapper::uniformEffect(idx.back(), loop.iterSymbol);
  if (step.use != mapper::UniformUse::Additive || step.coefficient != 1) return std::nullopt;
  MergedColumn out;
  out.group = r.vectorFactor;
  out.minChunk = out.group;
  const std::optional<int64_t> trips = mapper::constantTripCount(k, ir::LaunchShape{}, loop);
  const bool pastGroup = modulo || !trips || *trips > out.group;
  if (pastGroup && loop.unroll != 1) return std::nullopt;  // `n % 4` folds only in a loop unrolled whole (holdRowQuotients)
  const ir::ExprRef size = ir::makeConst(out.group, iter->type);
  const ir::ExprRef groupStart =
      pastGroup ? ir::makeBinary(ir::BinaryOp::Mul, ir::makeBinary(ir::BinaryOp::Div, iter, size, iter->type), size, iter->type)
                : ir::makeConst(0, iter->type);
  // The identity swz(col - off) + off == swz(col) needs the group to start on a multiple of its size.
  if (ir::knownFactor(ir::substituteSymbol(idx.back(), loop.iterSymbol, groupStart)) % out.group != 0) return std::nullopt;
  // As the edit writes them, so that what is evaluated is what a re-analysis of the file reads.
  out.offset = pastGroup ? ir::makeBinary(ir::BinaryOp::Rem, iter, size, iter->type) : iter;
  out.base = ir::makeBinary(ir::BinaryOp::Sub, idx.back(), out.offset, idx.back()->type);
  out.offsetText = pastGroup ? loop.inductionVar + " % " + std::to_string(out.group) : loop.inductionVar;
  out.variable = loop.inductionVar;
  out.modulo = pastGroup;
  return out;
}

// A column written `c + 2` of an access ptxas merges with its neighbours (`HALF2(s[k][c + 0])`,
// `HALF2(s[k][c + 2])`: one STS.64), spelled `swz(c) + 2` so that both keep one register.
std::optional<MergedColumn> constantMergedColumn(const ir::TranslationUnit& tu, const ir::Access& a, const mapper::AccessResult& r) {
  if (!a.indexing || a.indexing->indices.size() < 2 || r.instructionWidth <= ir::sourceBytes(a)) return std::nullopt;
  const ir::ExprRef& col = a.indexing->indices.back();
  MergedColumn out;
  int64_t c = 0;
  const ir::ExprRef rest = ir::withoutConstantTerms(col, c);
  if (!rest || c < 0 || columnLess(a.indexing->texts.back(), std::to_string(c)) == a.indexing->texts.back() + " - " + std::to_string(c))
    return std::nullopt;  // no `+ c` written at the end of the column
  out.offsetText = std::to_string(c);
  out.base = ir::makeCast(rest, col->type);
  out.offset = ir::makeConst(c, col->type);
  while (out.minChunk <= c) out.minChunk *= 2;
  const int64_t factor = ir::knownFactor(rest);
  out.maxChunk = factor & -factor;  // its power-of-two part
  if (out.minChunk > out.maxChunk) return std::nullopt;
  return out;
}

}  // namespace

// One edit serves every access written at one place, so they take one spelling (`n % 4` for all
// when one loop runs past a group), and the chunks that keep the identity are those that keep it
// for all.
std::map<int, MergedColumn> mergedColumns(const ir::TranslationUnit& tu, const std::vector<int>& accesses,
                                          const std::vector<mapper::AccessResult>& asTheyAre) {
  std::map<std::pair<std::string, unsigned>, std::vector<std::pair<size_t, std::optional<MergedColumn>>>> byPlace;
  for (size_t i = 0; i < accesses.size(); ++i) {
    const ir::Access& a = tu.accesses[static_cast<size_t>(accesses[i])];
    if (!a.indexing) continue;
    const ir::SourceSpan& span = a.indexing->spans.back();
    std::optional<MergedColumn> m = loopMergedColumn(tu, a, asTheyAre[i], false);
    if (!m) m = constantMergedColumn(tu, a, asTheyAre[i]);
    byPlace[{span.begin.file, span.beginOffset}].emplace_back(i, std::move(m));
  }
  std::map<int, MergedColumn> out;
  for (auto& [place, found] : byPlace) {
    const std::optional<MergedColumn>& first = found.front().second;
    bool same = first.has_value(), modulo = false;
    for (const auto& [i, m] : found) {
      same = same && m && m->variable == first->variable && m->group == first->group &&
             (!m->variable.empty() || m->offsetText == first->offsetText);
      modulo |= m && m->modulo;
    }
    if (!same) continue;
    for (auto& [i, m] : found)
      if (modulo && m && !m->modulo) m = loopMergedColumn(tu, tu.accesses[static_cast<size_t>(accesses[i])], asTheyAre[i], true);
    if (!std::all_of(found.begin(), found.end(), [](const auto& f) { return f.second.has_value(); })) continue;
    int64_t minChunk = 1, maxChunk = int64_t{1} << 30;
    for (const auto& [i, m] : found) minChunk = std::max(minChunk, m->minChunk), maxChunk = std::min(maxChunk, m->maxChunk);
    for (auto& [i, m] : found) {
      m->minChunk = minChunk;
      m->maxChunk = maxChunk;
      out.emplace(accesses[i], std::move(*m));
    }
  }
  return out;
}

}  // namespace bankcheck::advisor
