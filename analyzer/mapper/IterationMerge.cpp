#include "mapper/IterationMerge.h"

#include <algorithm>
#include <climits>

#include "mapper/LaneEvaluator.h"
#include "mapper/NeighbourMerge.h"
#include "mapper/WidthPrediction.h"
#include "mapper/WorstShape.h"

namespace bankcheck::mapper {

namespace {
constexpr int64_t kMaxTrips = 32;   // copies of the body looked at: beyond, nvcc rarely unrolls whole

// The offsets of the accesses of its array, kind and width recorded next to `access`.
std::vector<ir::ExprRef> neighbourOffsets(const ir::TranslationUnit& tu, const ir::Access& access) {
  std::vector<ir::ExprRef> out;
  for (int dir : {-1, 1})
    for (int step = 1; step <= kNeighbourWindow; ++step) {
      const int id = access.id + dir * step;
      if (id < 0 || id >= static_cast<int>(tu.accesses.size())) break;
      const ir::Access& b = tu.accesses[static_cast<size_t>(id)];
      if (b.kernelInstance != access.kernelInstance) break;
      if (b.array == access.array && b.kind == access.kind && b.widthBytes == access.widthBytes && b.byteOffset && !b.isVolatile)
        out.push_back(b.byteOffset);
    }
  return out;
}

// A quick screen before the full test: the iterations of the loop of `symbol` (0 .. trips - 1) in
// which some neighbour whose distance from `access` changes with the iteration sits a small
// constant (below 16 bytes, one instruction's reach) from it, in the first two lanes of warp 0 with
// the kernel's other values set alike. A neighbour at the same distance in every iteration is the
// constant-distance merge's (NeighbourMerge.h), which this access did not make.
std::vector<bool> copiesInReach(const ir::KernelInstance& k, const ir::LaunchShape& shape, const ir::Access& access,
                                const std::vector<ir::ExprRef>& neighbours, int symbol, int64_t trips) {
  std::vector<bool> out(static_cast<size_t>(trips), false);
  LaneContext ctx;
  setWarpLanes(ctx, shape.x, shape.y, shape.z, 0);
  ctx.symbols.assign(k.symbols.size(), 0);
  ctx.symbolSet.assign(k.symbols.size(), 1);
  for (size_t i = 0; i < ctx.symbols.size(); ++i) ctx.symbols[i] = static_cast<int64_t>((i * 2654435761u) % 4096);
  constexpr LaneMask kTwoLanes = 0x3;
  constexpr int64_t kNone = INT64_MIN;  // not one constant in this iteration
  // distance[n][t]
  std::vector<std::vector<int64_t>> distance(neighbours.size(), std::vector<int64_t>(static_cast<size_t>(trips), kNone));
  for (int64_t t = 0; t < trips; ++t) {
    ctx.symbols[static_cast<size_t>(symbol)] = t;
    EvalResult mine;
    evaluateLanes(*access.byteOffset, ctx, kTwoLanes, mine);
    if (mine.failed || mine.missingSymbol) continue;
    for (size_t n = 0; n < neighbours.size(); ++n) {
      EvalResult theirs;
      evaluateLanes(*neighbours[n], ctx, kTwoLanes, theirs);
      const int64_t d0 = theirs.values[0] - mine.values[0], d1 = theirs.values[1] - mine.values[1];
      if (!theirs.failed && !theirs.missingSymbol && d0 == d1) distance[n][static_cast<size_t>(t)] = d0;
    }
  }
  for (const std::vector<int64_t>& d : distance) {
    if (std::all_of(d.begin(), d.end(), [&](int64_t x) { return x == d.front(); })) continue;  // the same in every copy
    for (size_t t = 0; t < d.size(); ++t)
      if (d[t] != kNone && d[t] != 0 && d[t] > -16 && d[t] < 16) out[t] = true;
  }
  return out;
}

bool mentions(const ir::ExprRef& e, int symbol) {
  if (!e) return false;
  const ir::ExprFeatures f = ir::featuresOf(e);
  return std::find(f.symbols.begin(), f.symbols.end(), symbol) != f.symbols.end();
}

ir::ExprRef atIteration(const ir::ExprRef& e, int symbol, int64_t t) {
  return e ? ir::substituteSymbol(e, symbol, ir::makeConst(t, ir::IntType::int32())) : e;
}

// The loop variable's value in iteration `t`, when it has one.
std::optional<int64_t> inductionAt(const ir::Loop& loop, int64_t t) {
  int64_t value = 0;
  if (loop.inductionVar.empty() || !ir::isConst(atIteration(loop.inductionValue, loop.iterSymbol, t), &value)) return std::nullopt;
  return value;
}

// "iteration 5 of 5 of the unrolled loop at line 171 (stride = 1)".
std::string iterationText(const ir::Loop& loop, int64_t t, size_t trips) {
  std::string text = "iteration " + std::to_string(t + 1) + " of " + std::to_string(trips) + " of the unrolled loop at line " +
                     std::to_string(loop.loc.line);
  if (const std::optional<int64_t> value = inductionAt(loop, t)) text += " (" + loop.inductionVar + " = " + std::to_string(*value) + ")";
  return text;
}

// Adds one copy's result to the access's: Nsight Compute sums a line's instructions.
void accumulate(AccessResult& total, AccessResult part, bool first) {
  if (first) {
    total = std::move(part);
    return;
  }
  if (part.executions > 0 && worseOutcome(outcomeOf(part), outcomeOf(total))) total.worst = part.worst;
  total.executions += part.executions;
  total.totalWavefronts += part.totalWavefronts;
  total.totalIdeal += part.totalIdeal;
  total.totalNcuWavefronts += part.totalNcuWavefronts;
  total.totalNcuIdeal += part.totalNcuIdeal;
  total.weightsKnown &= part.weightsKnown;
  total.exhaustive &= part.exhaustive;
  total.stoppedEarly |= part.stoppedEarly;
  total.overBudget |= part.overBudget;
  total.weighedByAdvisor &= part.weighedByAdvisor;
  total.approximate |= part.approximate;
  total.conditionAssumed |= part.conditionAssumed;
  total.enumerated += part.enumerated;
  total.replayed += part.replayed;
  total.plan += "+" + part.plan;
  for (std::string& n : part.notes)
    if (std::find(total.notes.begin(), total.notes.end(), n) == total.notes.end()) total.notes.push_back(std::move(n));
  for (unsigned w : part.otherWidths)
    if (w != total.instructionWidth && std::find(total.otherWidths.begin(), total.otherWidths.end(), w) == total.otherWidths.end())
      total.otherWidths.push_back(w);
  if (part.instructionWidth != total.instructionWidth &&
      std::find(total.otherWidths.begin(), total.otherWidths.end(), part.instructionWidth) == total.otherWidths.end())
    total.otherWidths.push_back(part.instructionWidth);
}
}  // namespace

std::optional<IterationSplit> splitByIteration(const ir::TranslationUnit& tu, const ir::Access& access, const ir::LaunchShape& shape,
                                               const WidthPlan& plan) {
  if (!shape.known || !access.byteOffset || plan.width != access.widthBytes || plan.vectorLoop >= 0 || plan.neighbours ||
      (access.kind != ir::AccessKind::Load && access.kind != ir::AccessKind::Store) || access.loops.empty())
    return std::nullopt;
  if (access.isVolatile) return std::nullopt;
  const std::vector<ir::ExprRef> neighbours = neighbourOffsets(tu, access);
  if (neighbours.empty()) return std::nullopt;
  const ir::KernelInstance& k = tu.kernel(access.kernelInstance);
  for (size_t i = access.loops.size(); i-- > 0;) {  // innermost first
    const ir::Loop& loop = k.loops[static_cast<size_t>(access.loops[i])];
    if (loop.unrollDisabled || !loop.compileTimeTrips) continue;
    bool follows = mentions(access.byteOffset, loop.iterSymbol);  // some offset depends on this loop's iteration
    for (const ir::ExprRef& n : neighbours) follows = follows || mentions(n, loop.iterSymbol);
    if (!follows) continue;
    const std::optional<int64_t> trips = constantTripCount(k, shape, loop, kMaxTrips);
    if (!trips || *trips < 2) continue;
    // A loop inside it whose trip count follows its iteration is not mapped one copy at a time.
    bool innerFollows = false;
    for (size_t j = i + 1; j < access.loops.size(); ++j)
      innerFollows |= mentions(k.loops[static_cast<size_t>(access.loops[j])].condition, loop.iterSymbol);
    if (innerFollows) continue;
    const std::vector<bool> inReach = copiesInReach(k, shape, access, neighbours, loop.iterSymbol, *trips);
    if (std::none_of(inReach.begin(), inReach.end(), [](bool b) { return b; })) continue;
    IterationSplit split;
    split.loop = loop.id;
    bool merged = false;
    for (int64_t t = 0; t < *trips; ++t) {
      WidthPlan p = plan;
      const FixedIteration fixed{loop.iterSymbol, t};
      // The full test (alignment, runs, what lies between) only where a neighbour is in reach.
      if (inReach[static_cast<size_t>(t)]) mergeWithNeighbours(tu, access, shape, p, &fixed);
      int holder = -1;
      if (p.neighbours && !p.mergedMembers.empty()) {
        merged = true;
        // The merged load sits where the first load was written, the merged store where the last
        // store was (the H200's SASS for faiss's bitonic steps).
        const auto [lo, hi] = std::minmax_element(p.mergedMembers.begin(), p.mergedMembers.end());
        holder = access.kind == ir::AccessKind::Load ? *lo : *hi;
        p.note = iterationText(loop, t, static_cast<size_t>(*trips)) + ": " + p.note;
      }
      split.plans.push_back(std::move(p));
      split.holders.push_back(holder);
    }
    if (merged) return split;
  }
  return std::nullopt;
}

AccessResult mapByIteration(const ir::TranslationUnit& tu, const ir::Access& access, const ir::LaunchShape& shape,
                            const IterationSplit& split, const MapperLimits& limits) {
  const ir::KernelInstance& k = tu.kernel(access.kernelInstance);
  const ir::Loop& loop = k.loops[static_cast<size_t>(split.loop)];
  AccessResult total;
  bool first = true;
  std::vector<std::string> mergedNotes;
  for (size_t t = 0; t < split.plans.size(); ++t) {
    WidthPlan plan = split.plans[t];
    const int64_t iteration = static_cast<int64_t>(t);
    if (split.holders[t] >= 0 && split.holders[t] != access.id) {  // no instruction of its own in this copy
      const ir::Access& holder = tu.accesses[static_cast<size_t>(split.holders[t])];
      mergedNotes.push_back(iterationText(loop, iteration, split.plans.size()) + ": merged into the " +
                            std::to_string(plan.width * 8) + "-bit " + (access.kind == ir::AccessKind::Load ? "load" : "store") +
                            " of line " + std::to_string(holder.span.begin.line) + ", counted there");
      continue;
    }
    // This copy of the body: the loop's iteration fixed, the loop no longer around the access.
    ir::Access copy = access;
    copy.byteOffset = atIteration(access.byteOffset, loop.iterSymbol, iteration);
    for (ir::Predicate& p : copy.predicates) p.condition = atIteration(p.condition, loop.iterSymbol, iteration);
    copy.loops.erase(std::remove(copy.loops.begin(), copy.loops.end(), split.loop), copy.loops.end());
    if (plan.mergedWith >= 0) {  // the merged instruction's address is that access's, in this copy
      copy.byteOffset = atIteration(tu.accesses[static_cast<size_t>(plan.mergedWith)].byteOffset, loop.iterSymbol, iteration);
      plan.mergedWith = -1;
    }
    if (plan.neighbours) mergedNotes.push_back(plan.note);
    AccessResult part = mapAccess(tu, copy, shape, plan, limits);
    if (part.status != AccessResult::Status::Computed) return part;
    // The worst case names the copy it is in, as the loop's own enumeration would.
    const std::optional<int64_t> value = inductionAt(loop, iteration);
    part.worst.values.insert(part.worst.values.begin(),
                             {value ? loop.inductionVar : "iteration of the loop at line " + std::to_string(loop.loc.line), value.value_or(iteration)});
    // The width reported is the access's own; the merged copies' widths are listed beside it.
    if (plan.neighbours) {
      part.otherWidths.push_back(part.instructionWidth);
      part.instructionWidth = access.widthBytes;
      part.widthSource = WidthSource::SourceType;
      part.widthNote.clear();
    }
    accumulate(total, std::move(part), first);
    first = false;
  }
  if (first) {  // every copy merged into another access's instruction: none of its own
    total.access = access.id;
    total.status = AccessResult::Status::Computed;
    total.instructionWidth = access.widthBytes;
  }
  total.mergedWithNeighbours = true;  // in some copies (the advisor keeps such merges whole)
  // The width reported is the access's own; the copies that merge say so in a note.
  total.widthNote.clear();
  for (std::string& n : mergedNotes) total.notes.push_back(std::move(n));
  total.typicalWavefronts = total.executions > 0 ? total.totalWavefronts / total.executions : 0;
  total.typicalIdeal = total.executions > 0 ? total.totalIdeal / total.executions : 0;
  return total;
}

}  // namespace bankcheck::mapper
