#include "mapper/NeighbourMerge.h"

#include <algorithm>
#include <optional>

#include "mapper/LaneEvaluator.h"
#include "mapper/WidthPrediction.h"

namespace bankcheck::mapper {

namespace {
bool sameLocations(const std::vector<ir::SourceLoc>& a, const std::vector<ir::SourceLoc>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (a[i].file != b[i].file || a[i].line != b[i].line || a[i].column != b[i].column) return false;
  return true;
}

constexpr unsigned kMaxLines = 8;

unsigned linesApart(const ir::SourceLoc& a, const ir::SourceLoc& b) { return a.line > b.line ? a.line - b.line : b.line - a.line; }

// A loop that runs once (`for (int i = 0; i < nbytes/8; ++i)` in a copy helper called with 8):
// its iteration is always 0, so it separates nothing.
bool runsOnce(const ir::KernelInstance& k, const ir::LaunchShape& shape, int loopId) {
  if (loopId < 0 || static_cast<size_t>(loopId) >= k.loops.size()) return false;
  const std::optional<int64_t> trips = constantTripCount(k, shape, k.loops[static_cast<size_t>(loopId)], 1);
  return trips && *trips == 1;
}

std::vector<int> loopsThatRepeat(const ir::KernelInstance& k, const ir::LaunchShape& shape, const std::vector<int>& loops) {
  std::vector<int> out;
  for (int l : loops)
    if (!runsOnce(k, shape, l)) out.push_back(l);
  return out;
}

// The access's absolute offset with the iteration of every loop around it that runs once set to 0
// (and the iteration `fixed` sets).
ir::ExprRef settledOffset(const ir::TranslationUnit& tu, const ir::Access& a, const ir::LaunchShape& shape,
                          const FixedIteration* fixed) {
  ir::ExprRef offset = absoluteOffset(tu, a);
  if (fixed) offset = ir::substituteSymbol(offset, fixed->symbol, ir::makeConst(fixed->value, ir::IntType::int32()));
  const ir::KernelInstance& k = tu.kernel(a.kernelInstance);
  for (int l : a.loops)
    if (runsOnce(k, shape, l))
      offset = ir::substituteSymbol(offset, k.loops[static_cast<size_t>(l)].iterSymbol, ir::makeConst(0, ir::IntType::int32()));
  return offset;
}

// Accesses of one function, or of calls to helpers a few lines apart (inlined, ptxas sees one
// sequence: two `copy<8>(dst + 2*i, ...)`, `copy<8>(dst + 2*i + 1, ...)` calls are one STS.128,
// measured on the H200, docs/hardware-model.md).
bool nearbyCallSites(const ir::Access& a, const ir::Access& b) {
  if (sameLocations(a.inlinedAt, b.inlinedAt)) return true;
  if (a.inlinedAt.size() != b.inlinedAt.size()) return false;
  for (size_t i = 0; i < a.inlinedAt.size(); ++i)
    if (a.inlinedAt[i].file != b.inlinedAt[i].file || linesApart(a.inlinedAt[i], b.inlinedAt[i]) > kMaxLines) return false;
  return true;
}

// Whether `b` is an access ptxas may merge with `a` into one instruction: the same kind of plain
// load or store of the same array and width, under the same loops (but those that run once) and
// conditions, in the same or nearby calls.
bool mergeableNeighbour(const ir::TranslationUnit& tu, const ir::Access& a, const ir::Access& b, const ir::LaunchShape& shape) {
  // Volatile accesses are made one by one, as written (ld.volatile / st.volatile).
  if (b.kernelInstance != a.kernelInstance || b.array != a.array || b.kind != a.kind || b.widthBytes != a.widthBytes ||
      a.isVolatile || b.isVolatile || !b.byteOffset || !nearbyCallSites(a, b) || b.predicates.size() != a.predicates.size())
    return false;
  if (b.loops != a.loops) {
    const ir::KernelInstance& k = tu.kernel(a.kernelInstance);
    if (loopsThatRepeat(k, shape, a.loops) != loopsThatRepeat(k, shape, b.loops)) return false;
  }
  if (b.narrowScalar != a.narrowScalar || b.narrowUse != a.narrowUse || b.barrierEpoch != a.barrierEpoch) return false;
  for (size_t i = 0; i < a.predicates.size(); ++i)
    if (ir::toString(a.predicates[i].condition) != ir::toString(b.predicates[i].condition)) return false;
  return true;
}

// The XORs in an offset, as text, sorted. ptxas merges neighbours only when their addresses are
// one register plus constants: an XOR applied to each one's own column (`swz(c)`, `swz(c + 1)`)
// leaves two registers even where the results are a constant apart (four LDS in the H200's SASS,
// where `swz(c) + 1` kept the LDS.128: docs/hardware-model.md, "A swizzled column keeps the merge
// only if the XOR is on the aligned base").
void collectXors(const ir::ExprRef& e, std::vector<std::string>& out) {
  if (!e) return;
  if (e->kind == ir::ExprKind::Binary && e->binaryOp == ir::BinaryOp::Xor) {
    out.push_back(ir::toString(e));
    return;
  }
  collectXors(e->a, out);
  collectXors(e->b, out);
  collectXors(e->c, out);
}

bool sameXors(const ir::ExprRef& a, const ir::ExprRef& b) {
  std::vector<std::string> xa, xb;
  collectXors(a, xa);
  collectXors(b, xb);
  std::sort(xa.begin(), xa.end());
  std::sort(xb.begin(), xb.end());
  return xa == xb;
}

// offset(b) - offset(a) when it is one constant for every lane and every value of the kernel's
// symbols: compared on the warps of `shape` under three pseudo-random assignments of the symbols.
std::optional<int64_t> constantDifference(const ir::TranslationUnit& tu, const ir::Access& a, const ir::Access& b,
                                          const ir::LaunchShape& shape, const FixedIteration* fixed) {
  const ir::KernelInstance& k = tu.kernel(a.kernelInstance);
  const ir::ExprRef oa = settledOffset(tu, a, shape, fixed), ob = settledOffset(tu, b, shape, fixed);
  std::optional<int64_t> diff;
  uint64_t seed = 0x9e3779b97f4a7c15ull;
  const unsigned threads = std::max(1u, shape.threads());
  for (int trial = 0; trial < 3; ++trial) {
    LaneContext ctx;
    setWarpLanes(ctx, shape.x, shape.y, shape.z, static_cast<unsigned>(trial) % std::max(1u, (threads + 31) / 32));
    ctx.symbols.resize(k.symbols.size());
    ctx.symbolSet.assign(k.symbols.size(), 1);
    for (int64_t& v : ctx.symbols) {
      seed = seed * 6364136223846793005ull + 1442695040888963407ull;
      v = static_cast<int64_t>((seed >> 33) % 4096);
    }
    EvalResult ra, rb;
    evaluateLanes(*oa, ctx, ~0u, ra);
    evaluateLanes(*ob, ctx, ~0u, rb);
    if (ra.failed || rb.failed || ra.missingSymbol || rb.missingSymbol) return std::nullopt;
    for (unsigned l = 0; l < 32; ++l) {
      const int64_t d = rb.values[l] - ra.values[l];
      if (diff && *diff != d) return std::nullopt;
      diff = d;
    }
  }
  return diff;
}

}  // namespace

// The merge of `access` with its neighbours: the accesses recorded next to it (a few statements
// apart, nothing else touching the array in between) whose addresses continue its own. ptxas
// merges a run of them that starts aligned into one wider access, as it does for the iterations
// of an unrolled loop (measured: LeetCUDA's `HALF2(s_b[k][n + 0]) = ...; HALF2(s_b[k][n + 2]) = ...;`
// is one STS.64, docs/verification/public-code-h200.md).
void mergeWithNeighbours(const ir::TranslationUnit& tu, const ir::Access& access, const ir::LaunchShape& shape, WidthPlan& plan,
                         const FixedIteration* fixed) {
  if (!shape.known || access.widthBytes >= kMaxAccessBytes) return;
  const int64_t limit = mergeLimitBytes(access);
  if (limit <= static_cast<int64_t>(access.widthBytes)) return;
  std::vector<std::pair<int64_t, int>> members = {{0, access.id}};  // (offset from `access`, id)
  for (int dir : {-1, 1}) {
    for (int step = 1; step <= kNeighbourWindow; ++step) {
      const int id = access.id + dir * step;
      if (id < 0 || id >= static_cast<int>(tu.accesses.size())) break;
      const ir::Access& b = tu.accesses[static_cast<size_t>(id)];
      if (b.kernelInstance != access.kernelInstance) break;
      if (b.array != access.array) continue;
      const unsigned lines = linesApart(b.span.begin, access.span.begin);
      if (!mergeableNeighbour(tu, access, b, shape) || b.span.begin.file != access.span.begin.file || lines > kMaxLines) break;
      const std::optional<int64_t> d = constantDifference(tu, access, b, shape, fixed);
      if (!d || !sameXors(settledOffset(tu, access, shape, fixed), settledOffset(tu, b, shape, fixed))) break;
      members.push_back({*d, id});
    }
  }
  if (members.size() < 2) return;
  std::sort(members.begin(), members.end());
  // The same address twice: for stores, not a run. Loads of it again, with nothing written to the
  // array in between (the scan above stops at any other access of it), reuse the first load's
  // value: one instruction covers them (mmcv's `devIoU` reads b[0..3] at two lines, one LDS.128
  // in the H100's SASS, docs/hardware-model.md). This access stays in the run; its copies go.
  if (access.kind == ir::AccessKind::Load) {
    std::vector<std::pair<int64_t, int>> unique;
    for (size_t i = 0; i < members.size(); ++i) {
      if (!unique.empty() && unique.back().first == members[i].first) {
        if (members[i].second == access.id) unique.back() = members[i];
        continue;
      }
      unique.push_back(members[i]);
    }
    members = std::move(unique);
  } else {
    for (size_t i = 1; i < members.size(); ++i)
      if (members[i].first == members[i - 1].first) return;
  }
  if (members.size() < 2) return;
  const ir::SharedArray& array = tu.array(access.array);
  const int64_t w = access.widthBytes;
  // The aligned windows ptxas can prove: a member's address is a part known to be a multiple of W
  // plus a constant, so the window origin sits that constant below it (`tile[r][1]`, `[2]`, `[3]`
  // with 128-byte rows are in the 16-byte window of `tile[r][0]`). The member whose part has the
  // largest alignment sets W.
  int64_t window = w, anchor = 0;
  for (const auto& [offset, id] : members) {
    int64_t constant = 0;
    const ir::ExprRef rest = ir::withoutConstantTerms(settledOffset(tu, tu.accesses[static_cast<size_t>(id)], shape, fixed), constant);
    int64_t align = std::min<int64_t>(limit, rest ? knownAlignment(rest) : kMaxAccessBytes);
    if (array.isDynamic) align = std::min<int64_t>(align, tu.rootOf(array).placement);  // as in WidthPrediction.cpp
    if (align > window) window = align, anchor = offset - constant;
  }
  if (window <= w) return;
  const auto windowOf = [&](int64_t offset) { return (offset - anchor) >= 0 ? (offset - anchor) / window : -((anchor - offset + window - 1) / window); };
  const int64_t mine = windowOf(0);
  std::vector<std::pair<int64_t, int>> inWindow;
  for (const auto& m : members)
    if (windowOf(m.first) == mine) inWindow.push_back(m);
  if (inWindow.size() < 2) return;
  const int64_t windowStart = anchor + mine * window;
  int64_t blockStart = 0, bytes = 0;
  std::vector<std::pair<int64_t, int>> merged;
  if (access.kind == ir::AccessKind::Load) {
    // Loads: one instruction over the narrowest aligned block that holds every load of the
    // window, bytes no load asked for included (the H200's SASS for tests/rules/bankcheck-nolint.cu:
    // `tile[r][1]`, `[2]`, `[3]` are one LDS.128 of `tile[r][0..3]`).
    const int64_t lo = inWindow.front().first - windowStart, hi = inWindow.back().first + w - windowStart;
    bytes = w;
    while ((lo / bytes) != ((hi - 1) / bytes)) bytes *= 2;
    blockStart = windowStart + lo / bytes * bytes;
    merged = inWindow;
    // Two words of a 16-byte block that are not one aligned pair (words 0 and 2, 1 and 2, 0 and
    // 3) stay two 32-bit loads; three of its words are loaded whole (measured in the H200's SASS
    // for the used words of a float4 and for scalar neighbours: call_and_component_probe.cu,
    // tests/cases/vector_words_used.cu).
    if (w == 4 && bytes == 16 && merged.size() == 2) return;
  } else {
    // Stores write every byte they cover: a run of consecutive stores, split into aligned blocks.
    size_t i = 0;
    while (i < inWindow.size()) {
      size_t run = 1;
      while (i + run < inWindow.size() && inWindow[i + run].first == inWindow[i].first + static_cast<int64_t>(run) * w) ++run;
      const int64_t b = widestMerge(w, window, powerOfTwoFactor(inWindow[i].first - windowStart), static_cast<int64_t>(run));
      const size_t n = static_cast<size_t>(b / w);
      const bool hasMine = std::any_of(inWindow.begin() + static_cast<long>(i), inWindow.begin() + static_cast<long>(i + n),
                                       [&](const auto& m) { return m.second == access.id; });
      if (hasMine) {
        bytes = b;
        blockStart = inWindow[i].first;
        merged.assign(inWindow.begin() + static_cast<long>(i), inWindow.begin() + static_cast<long>(i + n));
        break;
      }
      i += n;
    }
  }
  if (merged.size() < 2 || bytes <= w) return;
  const auto& leader = merged.front();
  plan.width = static_cast<unsigned>(bytes);
  plan.source = WidthSource::PredictedVector;
  plan.mergedWith = leader.second == access.id && blockStart == leader.first ? -1 : leader.second;
  plan.neighbours = true;
  plan.mergedOffset = blockStart - leader.first;
  plan.mergedMembers.clear();
  for (const auto& m : merged) plan.mergedMembers.push_back(m.second);
  std::string lines;
  for (const auto& m : merged)
    if (m.second != access.id) {
      const ir::Access& other = tu.accesses[static_cast<size_t>(m.second)];
      std::string text = std::to_string(other.span.begin.line);
      if (!other.inlinedAt.empty() && !sameLocations(other.inlinedAt, access.inlinedAt))
        text += " (called at line " + std::to_string(other.inlinedAt.front().line) + ")";
      if (lines.find(text) == std::string::npos) lines += (lines.empty() ? "" : ", ") + text;
    }
  plan.note = "merged with the access" + std::string(merged.size() > 2 ? "es" : "") + " at line " + lines + " into one " +
              std::to_string(bytes * 8) + "-bit " + (access.kind == ir::AccessKind::Load ? "load" : "store") +
              // In one copy of a loop, the instruction is counted at one line only (IterationMerge.h).
              (merged.size() > 1 && !fixed ? " (counted at each of their lines)" : "");
}

}  // namespace bankcheck::mapper
