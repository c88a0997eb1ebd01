#include "advisor/SwizzleSearch.h"

#include <algorithm>
#include <map>
#include <set>

#include "advisor/CandidateBatches.h"
#include "advisor/DeclarationEdits.h"
#include "advisor/ElementBounds.h"
#include "advisor/MergedColumns.h"
#include "ir/KnownFactor.h"
#include "mapper/UnitAnalysis.h"
#include "llvm/Support/Parallel.h"

namespace bankcheck::advisor {

namespace {

// `col ^ (((source >> sourceShift) & mask) << shift)` as an IR expression in 64-bit arithmetic,
// the source being the row index, or the column itself (bits above the ones the XOR changes).
ir::ExprRef swizzled(const ir::ExprRef& row, const ir::ExprRef& col, int bits, int shift, int sourceShift, bool fromColumn) {
  const ir::IntType t = ir::IntType::int64();
  ir::ExprRef r = ir::makeCast(fromColumn ? col : row, t);
  if (sourceShift) r = ir::makeBinary(ir::BinaryOp::Shr, r, ir::makeConst(sourceShift, t), t);
  ir::ExprRef m = ir::makeBinary(ir::BinaryOp::And, r, ir::makeConst((int64_t{1} << bits) - 1, t), t);
  if (shift) m = ir::makeBinary(ir::BinaryOp::Shl, m, ir::makeConst(shift, t), t);
  return ir::makeBinary(ir::BinaryOp::Xor, ir::makeCast(col, t), m, t);
}

// The column index `col` of row `row` as the swizzle rewrites it, in source text.
std::string swizzledColumnText(const std::string& row, const std::string& col, const SwizzleChoice& choice) {
  const std::string mask = std::to_string((1 << choice.bits) - 1);
  const std::string& source = choice.fromColumn ? col : row;
  const std::string r =
      choice.sourceShift ? "(" + asOperand(source) + " >> " + std::to_string(choice.sourceShift) + ")" : asOperand(source);
  const std::string m = r + " & " + mask;
  return asOperand(col) + " ^ " + (choice.shift ? "((" + m + ") << " + std::to_string(choice.shift) + ")" : "(" + m + ")");
}
// The candidates worth evaluating in full, in their order of preference. Each is first mapped
// on the accesses that conflict now, with the block shape where each conflicts most now and the
// enumeration capped (as the padding search screens):
// a conflict among those cases is a conflict of the whole, so every candidate that could be
// conflict-free is kept; of the others, those whose mean cost per execution is within
// kScreenMargin of the best screened, at most kExactAfterScreening. A candidate that turns a
// computed access unknown is dropped.
std::vector<SwizzleChoice> screened(const ir::TranslationUnit& tu, const std::vector<SwizzleChoice>& candidates,
                                    const std::vector<int>& screen, unsigned screenUnknown, const std::map<int, int>& worstShape,
                                    const std::function<mapper::AccessResult(const SwizzleChoice&, int, const mapper::AnalysisOptions&)>& mapSwizzled) {
  if (candidates.size() <= kExactAfterScreening || screen.empty()) return candidates;
  struct Screen {
    ScreenScore score;
    bool dropped = false;
  };
  std::vector<Screen> result(candidates.size());
  llvm::parallelFor(0, candidates.size(), [&](size_t i) {
    mapper::AnalysisOptions quick;
    quick.limits.maxWarpInstructions = kScreenedWarpInstructions;
    quick.limits.maxLoopSteps = kScreenedLoopSteps;
    Screen& s = result[i];
    unsigned unknown = 0;
    for (int id : screen) {
      quick.onlyShape = worstShape.at(id);  // of an assumed family, the member where it conflicts most now
      const mapper::AccessResult r = mapSwizzled(candidates[i], id, quick);
      if (r.status != mapper::AccessResult::Status::Computed) ++unknown;
      else addToScreen(s.score, r);
    }
    s.dropped = unknown > screenUnknown;
  });
  std::vector<size_t> rest;
  std::vector<char> kept(candidates.size(), 0);
  for (size_t i = 0; i < candidates.size(); ++i) {
    if (result[i].dropped) continue;
    const ScreenScore& score = result[i].score;
    if (score.worst <= 1 + 1e-9 || score.blind) kept[i] = 1;  // may be conflict-free: the full evaluation decides
    else rest.push_back(i);
  }
  const auto mean = [&](size_t i) { return result[i].score.meanCost; };
  std::stable_sort(rest.begin(), rest.end(), [&](size_t x, size_t y) { return mean(x) < mean(y); });
  for (size_t k = 0; k < rest.size() && k < kExactAfterScreening; ++k) {
    if (k > 0 && mean(rest[k]) > mean(rest.front()) * (1 + kScreenMargin)) break;
    kept[rest[k]] = 1;
  }
  std::vector<SwizzleChoice> out;
  for (size_t i = 0; i < candidates.size(); ++i)
    if (kept[i]) out.push_back(candidates[i]);
  return out;
}
}  // namespace

std::string swizzledIndexText(const SwizzleChoice& choice) { return "[r][" + swizzledColumnText("r", "c", choice) + "]"; }

SwizzleSearchResult searchSwizzle(const ir::TranslationUnit& tu, const std::vector<int>& arrays,
                                  const std::vector<int>& accesses, const std::vector<mapper::AccessResult>& asTheyAre,
                                  const Evaluation& baseline,
                                  const std::function<bool()>& expired) {
  SwizzleSearchResult out;
  const ir::SharedArray& first = tu.array(arrays.front());
  if (first.dims.size() < 2) {
    out.whyNot = "a swizzle needs a two-dimensional array";
    return out;
  }
  // The XOR stays inside every instantiation's rows, so one spelling serves them all.
  int64_t cols = static_cast<int64_t>(first.dims.back());
  int64_t rows = static_cast<int64_t>(first.dims[first.dims.size() - 2]);
  bool sameRows = true;
  for (int id : arrays) {
    const ir::SharedArray& x = tu.array(id);
    sameRows &= x.dims.back() == first.dims.back();
    cols = std::min<int64_t>(cols, static_cast<int64_t>(x.dims.back()));
    rows = std::max<int64_t>(rows, static_cast<int64_t>(x.dims[x.dims.size() - 2]));
  }
  int minShift = 0;
  for (int id : accesses) {
    const ir::Access& a = tu.accesses[static_cast<size_t>(id)];
    if (!a.indexing) {
      out.whyNot = "the access at line " + std::to_string(a.span.begin.line) + " (" + a.spelling +
                   ") does not index '" + first.name + "' directly, so its index cannot be rewritten";
      return out;
    }
    if (!a.indexing->editable) {
      out.whyNot = "an index of the access at line " + std::to_string(a.span.begin.line) + " comes from a macro expansion";
      return out;
    }
    if (writtenIndicesNameTheElement(tu, a) == IndicesCheck::CrossRows) {
      out.whyNot = "the access at line " + std::to_string(a.span.begin.line) + " (" + a.spelling + ") reaches '" + first.name +
                   "' with an index past the end of its dimension, so a swizzle of its written indices would not move its element";
      return out;
    }
    const int64_t vec = std::max<int64_t>(1, ir::sourceBytes(a) / std::max(1u, first.elementSize));
    const int v = ir::log2Exact(vec);
    if (v < 0) {
      out.whyNot = "an access reads a number of elements that is not a power of two";
      return out;
    }
    // The chunks the XOR moves must hold the whole vector, and any element past the indexed one.
    int need = v;
    while ((int64_t{1} << need) <= a.indexing->extraElements + vec - 1 && (int64_t{1} << need) < cols) ++need;
    minShift = std::max(minShift, need);
  }
  // A candidate is screened on the accesses that conflict now: the others are at their ideal and
  // cannot get cheaper, so unless the conflicted ones improve enough, the whole cannot either.
  std::vector<int> screen;
  double restTotal = 0;
  unsigned screenUnknown = 0;  // of the screened accesses, those not computed as they are
  std::map<int, int> worstShape;  // of each screened access as it is (AccessResult::shape)
  for (size_t i = 0; i < accesses.size(); ++i) {
    const int id = accesses[i];
    const mapper::AccessResult& r = asTheyAre[i];
    Evaluation one;
    accumulate(one, r);
    if (r.status == mapper::AccessResult::Status::Computed && one.worstWays <= 1 + 1e-9) restTotal += one.totalWavefronts;
    else screen.push_back(id);
    screenUnknown += r.status != mapper::AccessResult::Status::Computed;
    worstShape[id] = r.shape;
  }
  const std::map<int, MergedColumn> merged = mergedColumns(tu, accesses, asTheyAre);
  const auto swizzledAccess = [&](int id, const SwizzleChoice& c) {
    ir::Access a = tu.accesses[static_cast<size_t>(id)];
    const auto& idx = a.indexing->indices;
    const ir::ExprRef row = idx[idx.size() - 2], col = idx.back();
    const ir::IntType t = ir::IntType::int64();
    ir::ExprRef after = swizzled(row, col, c.bits, c.shift, c.sourceShift, c.fromColumn);
    if (c.offsetAfterXor.count(id)) {
      const MergedColumn& m = merged.at(id);
      after = ir::makeBinary(ir::BinaryOp::Add, swizzled(row, m.base, c.bits, c.shift, c.sourceShift, c.fromColumn),
                             ir::makeCast(m.offset, t), t);
    }
    const ir::ExprRef delta = ir::makeBinary(ir::BinaryOp::Sub, after, ir::makeCast(col, t), t);
    a.byteOffset = ir::addBytes(a.byteOffset, ir::mulBytes(delta, tu.array(a.array).elementSize));
    return a;
  };
  // An access merged with its neighbours (`HALF2(s[k][c + 0])`, `+ 2`: one STS.64) is mapped in a
  // copy of the unit where the whole group is swizzled, so that its neighbours are too; otherwise
  // alone, against the unit as it is.
  bool neighboursMerged = false;
  for (const mapper::AccessResult& r : asTheyAre) neighboursMerged |= r.mergedWithNeighbours;
  const auto withUnit = [&](SwizzleChoice& c) {
    if (!neighboursMerged) return;
    auto unit = std::make_shared<ir::TranslationUnit>(tu);
    for (int other : accesses) unit->accesses[static_cast<size_t>(other)] = swizzledAccess(other, c);
    c.unit = std::move(unit);
  };
  const auto mapSwizzled = [&](const SwizzleChoice& c, int id, const mapper::AnalysisOptions& o) {
    return c.unit ? mapper::analyzeAccess(*c.unit, c.unit->accesses[static_cast<size_t>(id)], o)
                  : mapper::analyzeAccess(tu, swizzledAccess(id, c), o);
  };
  // The bits that pick the XOR: the row's, lowest first (`r & 7`), then higher ones (`(r >> 3) &
  // 1`, for rows that conflict 8 apart); then the column's own bits above the chunks it moves
  // (`c ^ (((c >> 3) & 1) << 2)`, for lanes of one row that conflict a bank line apart). The
  // candidates in the order they are preferred: smallest chunk, fewest mask bits, row bits first.
  // The XOR permutes aligned blocks of 2^(bits+shift) columns, so it stays inside a row when the
  // row is a whole number of blocks, or when no access reaches the last, partial block: a row
  // padded past a power of two (`[BM + 8]`) whose accesses use only the first BM columns.
  std::map<std::pair<int, int64_t>, bool> usedBelow;  // (array, limit) -> no access reaches it
  const auto blocksFit = [&](int64_t block) {
    for (int id : arrays) {
      const int64_t rowLength = static_cast<int64_t>(tu.array(id).dims.back());
      if (rowLength % block == 0) continue;
      const int64_t limit = rowLength / block * block;
      if (limit == 0) return false;
      auto [it, fresh] = usedBelow.try_emplace({id, limit}, true);
      if (fresh)
        for (int a : accesses) {
          const ir::Access& acc = tu.accesses[static_cast<size_t>(a)];
          if (acc.array == id && !accessStaysBelow(tu, acc, tu.array(id).dims.size() - 1, limit)) {
            it->second = false;
            break;
          }
        }
      if (!it->second) return false;
    }
    return true;
  };
  std::vector<SwizzleChoice> candidates;
  bool anyFits = false;  // some candidate stays inside every row
  for (int shift = minShift; (int64_t{1} << shift) < cols; ++shift) {
    for (int bits = 1; (int64_t{1} << (bits + shift)) <= cols; ++bits) {
      if (!blocksFit(int64_t{1} << (bits + shift))) continue;  // in every instantiation's rows
      anyFits = true;
      SwizzleChoice c;
      c.bits = bits;
      c.shift = shift;
      for (const auto& [id, m] : merged)
        if ((int64_t{1} << shift) >= m.minChunk && (int64_t{1} << shift) <= m.maxChunk) c.offsetAfterXor.emplace(id, m.offsetText);
      for (int r = 0; r == 0 || (int64_t{1} << (r + bits)) <= rows; ++r) {
        c.sourceShift = r;
        c.fromColumn = false;
        candidates.push_back(c);
      }
      for (int k = shift + bits; (int64_t{1} << (k + bits)) <= cols; ++k) {
        c.sourceShift = k;
        c.fromColumn = true;
        candidates.push_back(c);
      }
    }
  }
  // Candidates that keep every merged access merged (their chunks hold it: MergedColumn) go first:
  // the first conflict-free one wins, and a smaller chunk that splits an LDS.128 into four LDS may
  // be conflict-free at twice the wavefronts.
  std::stable_partition(candidates.begin(), candidates.end(),
                        [&](const SwizzleChoice& c) { return c.offsetAfterXor.size() == merged.size(); });
  for (SwizzleChoice& c : candidates) withUnit(c);
  candidates = screened(tu, candidates, screen, screenUnknown, worstShape,
                        mapSwizzled);
  // A candidate is only of use if it costs less than the current layout and than the best so far
  // (CandidateBatches.h): its accesses are mapped with what is left of that budget, the
  // conflicted ones first, the rest counted as they are now, as the cheapest they can be.
  std::vector<SwizzleChoice> evaluated(candidates.size());  // each filled by its own thread
  const CandidatePick pick = pickCandidate(
      candidates.size(), baseline,
      [&](size_t i, double budget) -> std::optional<Evaluation> {
        SwizzleChoice c = candidates[i];
        std::map<int, mapper::AccessResult> screenedResults;
        Evaluation partial;
        const auto within = [](double left) {
          mapper::AnalysisOptions o;
          o.limits.maxTotalWavefronts = left;
          return o;
        };
        for (int id : screen) {
          mapper::AccessResult r = mapSwizzled(c, id, within(budget - restTotal - partial.totalWavefronts));
          if (r.overBudget) return std::nullopt;
          accumulate(partial, r);
          if (partial.unknown > baseline.unknown || partial.totalWavefronts + restTotal >= budget) return std::nullopt;
          screenedResults.emplace(id, std::move(r));
        }
        double spent = partial.totalWavefronts;  // the screened ones, and the others mapped so far
        for (int id : accesses) {
          const auto found = screenedResults.find(id);
          if (found != screenedResults.end()) {
            accumulate(c.evaluation, found->second);
            continue;
          }
          const mapper::AccessResult r = mapSwizzled(c, id, within(budget - spent));
          if (r.overBudget) return std::nullopt;
          spent += r.totalWavefronts;
          accumulate(c.evaluation, r);
        }
        if (c.evaluation.unknown > baseline.unknown || c.evaluation.totalWavefronts >= budget) return std::nullopt;
        evaluated[i] = c;
        return c.evaluation;
      },
      expired);
  std::optional<SwizzleChoice> best;
  if (pick.index) {
    best = evaluated[*pick.index];
    // CuTe's Swizzle<B, M, S> on the element index XORs bits [M, M+B) with bits [M+S, M+S+B):
    // the row's bit k is bit log2(cols) + k of the index, the column's bit k is bit k.
    const int rowBits = ir::log2Exact(cols);
    const int sourceBit = best->fromColumn ? best->sourceShift : rowBits + best->sourceShift;
    if (rowBits >= 0 && sameRows)
      best->cute = "Swizzle<" + std::to_string(best->bits) + "," + std::to_string(best->shift) + "," + std::to_string(sourceBit - best->shift) + ">";
  }
  if (!best && anyFits) {
    out.whyNot = "no swizzle lowers the wavefronts";
    return out;
  }
  if (!best) {
    std::set<uint64_t> lengths;
    for (int id : arrays) lengths.insert(tu.array(id).dims.back());
    std::string list;
    for (uint64_t n : lengths) list += (list.empty() ? "" : n == *lengths.rbegin() ? " and " : ", ") + std::to_string(n);
    out.whyNot = "no swizzle fits rows of " + list + " elements" + (lengths.size() > 1 ? " (the instantiations differ)" : "") +
                 ", nor the columns the accesses use";
    return out;
  }
  if (best->evaluation.totalWavefronts < baseline.totalWavefronts * (1 - 1e-9)) out.best = best;
  else out.whyNot = "no swizzle lowers the wavefronts";
  return out;
}

std::vector<Edit> swizzleEdits(const ir::TranslationUnit& tu, const std::vector<int>& accesses, const SwizzleChoice& choice) {
  std::map<std::pair<std::string, unsigned>, Edit> byOffset;  // template instantiations share their source
  for (int id : accesses) {
    const ir::DirectIndexing& ix = *tu.accesses[static_cast<size_t>(id)].indexing;
    Edit e;
    e.span = ix.spans.back();
    e.original = ix.texts.back();
    const auto after = choice.offsetAfterXor.find(id);
    if (after == choice.offsetAfterXor.end()) {
      e.text = swizzledColumnText(ix.texts[ix.texts.size() - 2], ix.texts.back(), choice);
    } else {  // on the aligned base, the offset added after the XOR (MergedColumn)
      const std::string base = columnLess(ix.texts.back(), after->second);
      e.text = "(" + swizzledColumnText(ix.texts[ix.texts.size() - 2], base, choice) + ") + " + after->second;
    }
    byOffset[{e.span.begin.file, e.span.beginOffset}] = e;
  }
  std::vector<Edit> edits;
  for (auto& [offset, e] : byOffset) edits.push_back(e);
  return edits;
}

}  // namespace bankcheck::advisor
