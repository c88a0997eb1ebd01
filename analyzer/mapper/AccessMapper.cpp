#include "mapper/AccessMapper.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <map>
#include <tuple>
#include <unordered_map>

#include <fmt/format.h>

#include "mapper/BoundedQuotients.h"
#include "mapper/LaneEvaluator.h"
#include "mapper/SumTerms.h"
#include "mapper/SwizzleTerms.h"
#include "mapper/UniformAnalysis.h"
#include "mapper/UniformChoices.h"
#include "model/BankModel.h"
#include "model/OpModel.h"

namespace bankcheck::mapper {

namespace {
// A 128-byte line: the unit in which the L1 reads global memory and writes .cg copies.
constexpr int64_t kLineBytes = 128;
}  // namespace

const char* spelling(WidthSource s) {
  switch (s) {
    case WidthSource::SourceType: return "C++ type";
    case WidthSource::PredictedVector: return "predicted vectorization";
    case WidthSource::Ptx: return "PTX";
    case WidthSource::Sass: return "SASS";
  }
  return "?";
}

std::string waysText(double ways) {
  const double rounded = std::round(ways);
  if (std::fabs(ways - rounded) < 1e-9) return std::to_string(static_cast<long long>(rounded)) + "-way";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2g-way", ways);
  return buf;
}

ir::ExprRef absoluteOffset(const ir::TranslationUnit& tu, const ir::Access& access) {
  const ir::SharedArray& a = tu.array(access.array);
  if (a.carvedFrom >= 0 && a.carveOffset) return ir::addBytes(a.carveOffset, access.byteOffset);
  return access.byteOffset;
}

namespace {
// Whether evaluating `e` can fail in some case: a division or shift by a value that is not a
// valid constant (how ir::zeroUnless checks a property of the lanes), or an unknown value.
bool mayFailToEvaluate(const ir::ExprRef& e) {
  if (!e) return false;
  if (e->kind == ir::ExprKind::Unknown) return true;
  if (e->kind == ir::ExprKind::Binary) {
    int64_t k = 0;
    switch (e->binaryOp) {
      case ir::BinaryOp::Div:
      case ir::BinaryOp::Rem:
        if (!ir::isConst(e->b, &k) || k == 0 || k == -1) return true;
        break;
      case ir::BinaryOp::Shl:
      case ir::BinaryOp::Shr:
        if (!ir::isConst(e->b, &k) || k < 0 || k >= e->a->type.bits) return true;
        break;
      default: break;
    }
  }
  return mayFailToEvaluate(e->a) || mayFailToEvaluate(e->b) || mayFailToEvaluate(e->c);
}


// Addresses handed to the model are offset by a multiple of 128 bytes so that accesses at small
// negative offsets (out of bounds, but legal to analyze) stay positive; a whole-line shift
// changes no bank.
constexpr int64_t kAddressBase = int64_t{1} << 24;

// Bounded: a loop whose trip count is unknown and whose iterations change the pattern, on an
// array of known size: a correct run stops before the first iteration that takes some lane past
// the array's end, so the iterations before it are enumerated (the bound found by a probe).
enum class LoopMode { Enumerate, CountOnly, Residue, Bounded };

struct LoopPlan {
  const ir::Loop* loop = nullptr;
  LoopMode mode = LoopMode::Enumerate;
  int64_t residues = 1;
  int64_t step = 1;
  int64_t bound = 0;  // Bounded: the iterations a correct run can reach (set by findBound)
  // CountOnly: conditions the same in every lane that decide which iterations run the access
  // (`if (j * Bc + y >= N) break;`); the iterations that pass them are counted.
  std::vector<ir::ExprRef> filters;
  // Enumerate: the iteration moves the address by whole words only and every loop nested deeper
  // is counted, so within one run of this loop an iteration's wavefronts depend only on which
  // lanes execute: kept per mask (the causal mask of an attention kernel: one mask off the
  // diagonal, 32 on it).
  bool sameCostForSameLanes = false;
  // CountOnly: the count of a run depends only on the values its condition and filters name
  // besides the iteration (`j` in `j * Bc + y >= N`): counted once for each of them.
  bool countsKept = false;
  std::vector<int> countKey;                                          // the symbols those values are of
  std::map<std::vector<int64_t>, std::pair<int64_t, int64_t>> counts;  // -> runs, first iteration run
};

struct UniformPlan {
  std::string name;
  int symbol = -1;              // a kernel symbol, or
  int builtin = -1;             // blockIdx.x..z (3..5) / gridDim.x..z (9..11)
  int64_t residues = 1;
  // The value evaluated when any value gives the same count (residues == 1): 1 for a divisor
  // (`warp / warps_m`), which is never 0 in a run of the program, 0 otherwise.
  int64_t arbitrary = 0;
};

std::string describeSymbol(const ir::KernelInstance& k, int id) {
  const ir::Symbol& s = k.symbols[static_cast<size_t>(id)];
  switch (s.kind) {
    case ir::SymbolKind::KernelParam: return "'" + s.name + "' (kernel parameter)";
    case ir::SymbolKind::LoopIteration: {
      const ir::Loop& l = k.loops[static_cast<size_t>(s.loop)];
      return "the iteration of the loop at line " + std::to_string(l.loc.line);
    }
    case ir::SymbolKind::Uniform: return s.name;  // a description: "'stage' (warp-uniform; ...)", "a value loaded from memory"
    case ir::SymbolKind::ArrayStride: return "the row stride '" + s.name + "'";
  }
  return s.name;
}

// What lets the user supply a value the code does not show: a kernel parameter's (AssumedValues.h).
std::string valueHint(const ir::KernelInstance& k, int id) {
  const ir::Symbol& s = k.symbols[static_cast<size_t>(id)];
  // Not the lowered code's "parameter 4", which names no parameter the user can give.
  const bool named = s.kind == ir::SymbolKind::KernelParam && s.name.find(' ') == std::string::npos;
  return named ? " (give it with --assume " + s.name + "=N)" : "";
}

class Mapper {
 public:
  Mapper(const ir::TranslationUnit& tu, const ir::Access& a, const ir::LaunchShape& shape, const WidthPlan& plan,
         const MapperLimits& limits)
      : tu_(tu), access_(a), kernel_(tu.kernel(a.kernelInstance)), shape_(shape), plan_(plan), limits_(limits) {}

  AccessResult run() {
    result_.access = access_.id;
    result_.instructionWidth = plan_.width;
    result_.widthSource = plan_.source;
    result_.widthNote = plan_.note;
    result_.mergedWithNeighbours = plan_.neighbours;
    result_.vectorFactor = plan_.factor;
    if (!prepare()) return result_;
    result_.status = AccessResult::Status::Computed;
    for (const LoopPlan& p : loops_)
      result_.plan += p.mode == LoopMode::Enumerate ? 'E'
                      : p.mode == LoopMode::Residue ? 'R'
                      : p.mode == LoopMode::Bounded ? 'B'
                      : p.filters.empty()           ? 'C'
                                                    : 'F';
    ctx_.blockDim[0] = shape_.x;
    ctx_.blockDim[1] = shape_.y;
    ctx_.blockDim[2] = shape_.z;
    if (limits_.probeExtent) {
      if (bounded_) findBound();
      return result_;
    }
    forEachWarp();
    result_.enumerated = visits_;
    if (result_.status != AccessResult::Status::Computed) return result_;
    if (result_.executions > 0) {
      result_.typicalWavefronts = result_.totalWavefronts / result_.executions;
      result_.typicalIdeal = result_.totalIdeal / result_.executions;
    }
    if (!result_.exhaustive)
      result_.notes.push_back("enumeration stopped after " + std::to_string(leaves_) +
                              " warp-instructions: the worst case is a lower bound");
    return result_;
  }

 private:
  // Every warp of the block through the uniforms and loops, down to leaf(). A warp whose lanes
  // hold the same values of every thread index the access reads as an earlier warp's (each warp
  // of a 16x64 block, when only threadIdx.x enters) has that warp's leaves: they are counted
  // again, in the same order, without evaluating anything.
  void forEachWarp() {
    const ir::LaunchShape& s = shape_;
    const unsigned threads = s.x * s.y * s.z;
    const unsigned warps = (threads + kWarpSize - 1) / kWarpSize;
    const std::array<bool, 3> read = threadIndicesRead();
    std::vector<WarpLeaves> earlier;
    for (unsigned w = 0; w < warps && !stop_ && !outOfExtent_; ++w) {
      warp_ = static_cast<int>(w);
      LaneMask active = 0;
      for (int l = 0; l < kWarpSize; ++l) {
        const unsigned t = w * kWarpSize + static_cast<unsigned>(l);
        ctx_.threadIdx[0][l] = t % s.x;
        ctx_.threadIdx[1][l] = (t / s.x) % s.y;
        ctx_.threadIdx[2][l] = t / (s.x * s.y);
        if (t < threads) active |= 1u << l;
      }
      // The probe, and a screen that caps the loop steps (which a replay does not take), walk
      // every warp.
      if (probing_ || limits_.maxLoopSteps != std::numeric_limits<uint64_t>::max()) {
        enumerateUniforms(0, active, 1.0);
        continue;
      }
      WarpLeaves key{active, {}, {}};
      for (size_t d = 0; d < 3; ++d)
        if (read[d]) key.threadIdx[d] = ctx_.threadIdx[d];
      const auto same = std::find_if(earlier.begin(), earlier.end(), [&](const WarpLeaves& e) {
        return e.active == key.active && e.threadIdx == key.threadIdx;
      });
      if (same != earlier.end()) {
        replay(same->leaves);
        continue;
      }
      recorded_ = &key.leaves;
      enumerateUniforms(0, active, 1.0);
      recorded_ = nullptr;
      // Only a warp enumerated to its end can stand for another.
      if (!stop_ && key.leaves.size() <= kMaxRecordedLeaves) earlier.push_back(std::move(key));
    }
  }

  // Which of threadIdx.x, .y, .z some expression the enumeration evaluates lane by lane reads.
  std::array<bool, 3> threadIndicesRead() const {
    ir::ExprFeatures f;
    auto add = [&](const ir::ExprRef& e) {
      if (e) ir::collectFeatures(e, f);
    };
    add(offset_);
    add(source_);
    for (const std::vector<ir::ExprRef>& atDepth : predicatesAtDepth_)
      for (const ir::ExprRef& p : atDepth) add(p);
    for (const LoopPlan& p : loops_) {
      add(p.loop->condition);
      for (const ir::ExprRef& filter : p.filters) add(filter);
    }
    return {f.threadIdx[0], f.threadIdx[1], f.threadIdx[2]};
  }

  // What leaf() did for one warp-instruction, to be done again for a warp that repeats it.
  struct Leaf {
    model::Wavefronts wf;
    double weight = 0;
  };
  static constexpr size_t kMaxRecordedLeaves = size_t{1} << 18;
  struct WarpLeaves {
    LaneMask active = 0;
    std::array<Lanes, 3> threadIdx{};
    std::vector<Leaf> leaves;
  };
  void replay(const std::vector<Leaf>& leaves) {
    for (const Leaf& leaf : leaves) {
      if (stop_) return;
      ++visits_;
      if (limits_.sharedVisits && limits_.sharedVisits->fetch_add(1, std::memory_order_relaxed) >= limits_.sharedBudget) {
        stopEarly(true);
        return;
      }
      ++result_.replayed;
      count(leaf.wf, leaf.weight);
    }
  }

  // MapperLimits::probeExtent: the bound of the Bounded loop, the first iteration in which some
  // lane that executes the access reaches outside its array (undefined, so a correct run ends
  // before it; every iteration before it is one a run may reach). None when no iteration up to
  // kMaxBoundedTrips does, or the probe could not tell (AccessResult::extentLoop stays -1).
  void findBound() {
    constexpr int64_t kMaxBoundedTrips = 256;
    probing_ = true;
    int64_t t = 0;
    for (; t < kMaxBoundedTrips && !stop_; ++t) {
      bounded_->bound = t;  // enumerateLoops sets this one iteration while probing
      forEachWarp();
      if (outOfExtent_) break;
    }
    probing_ = false;
    if (stop_ || !outOfExtent_ || t == 0) return;
    result_.extentLoop = bounded_->loop->id;
    result_.extentTrips = t;
    result_.extentEvidence = fmt::format("the access at line {} ({}) would reach byte {} of '{}', past its {} bytes, in lane {} of warp {}",
                                         access_.span.begin.line, access_.spelling, extentByte_, extentName_, extentBytes_,
                                         extentLane_, extentWarp_);
  }

  // The bound the probe found for loop `L` with this block shape, if any.
  const ir::Loop::ExtentBound* extentBoundOf(const ir::Loop& L) const {
    for (const ir::Loop::ExtentBound& b : L.extentBounds)
      if (b.x == shape_.x && b.y == shape_.y && b.z == shape_.z) return &b;
    return nullptr;
  }

  // While probing: whether an active lane's element lies outside the array; records the first.
  void probeExtent(LaneMask active) {
    EvalResult r;
    evaluateLanes(*extentOffset_, ctx_, active, r);
    if (r.missingSymbol || r.failed) {
      fail("the address could not be evaluated: " + std::string(r.problem));
      return;
    }
    for (int l = 0; l < addressLanes(); ++l) {
      if (!(active >> l & 1)) continue;
      const int64_t at = r.values[l];
      if (at >= 0 && at + static_cast<int64_t>(access_.widthBytes) <= extentBytes_) continue;
      outOfExtent_ = true;
      extentByte_ = at;
      extentWarp_ = warp_;
      extentLane_ = l;
      return;
    }
  }

  bool fail(std::string why) {
    result_.status = AccessResult::Status::Unknown;
    result_.unknownReason = std::move(why);
    stop_ = true;
    return false;
  }

  // The shape's blockDim as constants, so that `i += blockDim.y * 256` is a known step.
  ir::ExprRef withBlockDims(const ir::ExprRef& e) const {
    return ir::substituteBuiltins(e, ir::kBlockDimBuiltins, [&](ir::BuiltinVar v) -> ir::ExprRef {
      switch (v) {
        case ir::BuiltinVar::BlockDimX: return ir::makeConst(shape_.x, ir::IntType::uint32());
        case ir::BuiltinVar::BlockDimY: return ir::makeConst(shape_.y, ir::IntType::uint32());
        case ir::BuiltinVar::BlockDimZ: return ir::makeConst(shape_.z, ir::IntType::uint32());
        default: return nullptr;
      }
    });
  }

  // Which thread indices differ between the lanes of one warp with this shape (threadIdx.y does
  // not when rows are a whole number of warps), and which symbols cannot be negative.
  WarpFacts warpFacts() const {
    WarpFacts f;
    f.threadIdxVaries[0] = shape_.x > 1;
    f.threadIdxVaries[1] = shape_.y > 1 && shape_.x % kWarpSize != 0;
    f.threadIdxVaries[2] = shape_.z > 1 && (shape_.x * shape_.y) % kWarpSize != 0;
    f.symbolNonNegative = loopIterationsNonNegative(kernel_);
    return f;
  }

  // Whether the access's element can be checked against the end of a declared array (the
  // buffer it is carved from, for a carve-out): sets extentOffset_ and extentBytes_. The offset is
  // the source's, as the unit holds it (a fix's candidate moves the access, not the loop's bound).
  bool extentKnown() {
    if (access_.id < 0 || static_cast<size_t>(access_.id) >= tu_.accesses.size()) return false;
    const ir::Access& written = tu_.accesses[static_cast<size_t>(access_.id)];
    if (!written.byteOffset || written.array != access_.array) return false;
    const ir::SharedArray& a = tu_.array(written.array);
    const ir::SharedArray& buffer = a.carvedFrom >= 0 ? tu_.array(a.carvedFrom) : a;
    if (buffer.isDynamic || buffer.sizeBytes == 0 || (a.carvedFrom >= 0 && !a.carveOffset)) return false;
    extentOffset_ = withBlockDims(absoluteOffset(tu_, written));
    if (ir::findUnknown(extentOffset_)) return false;
    extentBytes_ = static_cast<int64_t>(buffer.sizeBytes);
    extentName_ = buffer.name;
    return true;
  }

  bool isEnclosingLoopSymbol(int symbol) const {
    const ir::Symbol& s = kernel_.symbols[static_cast<size_t>(symbol)];
    return s.kind == ir::SymbolKind::LoopIteration &&
           std::find(access_.loops.begin(), access_.loops.end(), s.loop) != access_.loops.end();
  }

  // A symbol or blockIdx/gridDim whose value the analysis cannot know.
  bool hasUnknownUniform(const ir::ExprFeatures& f, std::string* which, int* symbol = nullptr) const {
    for (int s : f.symbols)
      if (!isEnclosingLoopSymbol(s)) {
        if (which) *which = describeSymbol(kernel_, s);
        if (symbol) *symbol = s;
        return true;
      }
    if (f.blockIdx) {
      if (which) *which = "blockIdx";
      return true;
    }
    return false;
  }

  bool prepare() {
    if (!shape_.known) return fail("block shape unknown: " + shape_.unknownReason);
    if (!access_.byteOffset) return fail(access_.unknownReason);
    if (access_.kind == ir::AccessKind::AsyncCopyDst && !prepareSource()) return false;
    if (access_.kind == ir::AccessKind::Atomic && access_.widthBytes != 4)
      return fail("only 4-byte shared atomics are measured (docs/hardware-model.md); this one updates " +
                  std::to_string(access_.widthBytes) + " bytes");
    offset_ = withBlockDims(absoluteOffset(tu_, plan_.mergedWith >= 0 ? tu_.accesses[static_cast<size_t>(plan_.mergedWith)] : access_));
    if (plan_.mergedOffset != 0) offset_ = ir::addBytes(offset_, ir::makeConst(plan_.mergedOffset, ir::IntType::int64()));
    offset_ = hoistUniformTermsOutOfSwizzles(offset_);
    offset_ = simplifySums(offset_);
    if (const ir::Expr* u = ir::findUnknown(offset_)) return fail(u->text);
    facts_ = warpFacts();
    ctx_.symbols.assign(kernel_.symbols.size(), 0);
    ctx_.symbolSet.assign(kernel_.symbols.size(), 0);
    if (hasConstantDivision(offset_)) offset_ = dropBoundedTermsFromQuotients(offset_, leafRanges());
    for (const std::string& a : access_.assumptions) result_.notes.push_back(a);
    if (!access_.widthNote.empty()) result_.notes.push_back(access_.widthNote);

    const ir::ExprFeatures offsetFeatures = ir::featuresOf(offset_);

    // Predicates on values the analysis cannot know are assumed true (all lanes take them).
    ir::ExprFeatures predicateFeatures;
    for (const ir::Predicate& p : access_.predicates) {
      ir::ExprFeatures f = ir::featuresOf(p.condition);
      std::string which;
      if (hasUnknownUniform(f, &which)) {
        result_.conditionAssumed = true;
        result_.notes.push_back("condition at line " + std::to_string(p.loc.line) +
                                " assumed true for every lane: it depends on " + which + ", whose value is unknown");
        continue;
      }
      predicates_.push_back(withBlockDims(p.condition));
      predicateLines_.push_back(p.loc.line);
      ir::collectFeatures(p.condition, predicateFeatures);
    }

    // Uniform values of unknown range in the address: a shift (a few residues) or unknown.
    // A value of unknown range can still be covered exactly when the address depends on it
    // through a shift plus a periodic part (`stage = iter & 1`): enumerate one period.
    // An address that is one address for the whole warp (`s[len - first]` of run-time values)
    // costs the same wherever it is: any value of what it depends on gives the count.
    // (Not a cp.async destination, whose count also depends on the lines its source reads.)
    const bool oneAddressPerWarp = access_.kind != ir::AccessKind::AsyncCopyDst && warpUniform(offset_, facts_) &&
                                   !mayFailToEvaluate(offset_);
    for (int s : offsetFeatures.symbols) {
      if (isEnclosingLoopSymbol(s)) continue;
      const Periodicity p = periodicity(offset_, s, facts_, shiftUnit());
      if (!p.ok && !oneAddressPerWarp)
        return fail("the address depends on " + describeSymbol(kernel_, s) + " in a way that changes the pattern, and its value is unknown" +
                    valueHint(kernel_, s));
      UniformPlan u;
      u.symbol = s;
      u.name = kernel_.symbols[static_cast<size_t>(s)].name;
      u.residues = p.ok ? p.enumerationCount() : 1;
      if (u.residues == 1 && divides(offset_, s)) u.arbitrary = 1;
      uniforms_.push_back(u);
      anyPlaceForTheWarp_ |= !p.ok;
      if (!p.ok)
        result_.notes.push_back(describeSymbol(kernel_, s) + " is in an address that is the same in every lane of the warp: "
                                "its value cannot change the bank pattern");
      else
        result_.notes.push_back(describeSymbol(kernel_, s) + (p.period == 1 ? " shifts every lane's address by the same amount" : " changes the addresses periodically") +
                                (u.residues == 1 ? std::string(": it cannot change the bank pattern")
                                                 : ": evaluated for " + std::to_string(u.residues) + " values, which give every pattern it can"));
    }
    for (int b : {3, 4, 5, 9, 10, 11}) {
      const auto builtin = static_cast<ir::BuiltinVar>(b);
      if (builtinEffect(offset_, builtin).use == UniformUse::Absent) continue;
      const Periodicity p = builtinPeriodicity(offset_, builtin, facts_, shiftUnit());
      if (!p.ok && !oneAddressPerWarp) return fail(std::string("the address depends on ") + ir::spelling(builtin) + " in a way that changes the pattern");
      UniformPlan u;
      u.builtin = b;
      u.name = ir::spelling(builtin);
      u.residues = p.ok ? p.enumerationCount() : 1;
      if (u.residues == 1 && builtinDivides(offset_, builtin)) u.arbitrary = 1;
      uniforms_.push_back(u);
      anyPlaceForTheWarp_ |= !p.ok;
    }

    // Loops: enumerate the ones that shape the pattern, count the others.
    loops_.reserve(access_.loops.size());
    for (size_t i = 0; i < access_.loops.size(); ++i) {
      const ir::Loop& L = kernel_.loops[static_cast<size_t>(access_.loops[i])];
      LoopPlan p;
      p.loop = &L;
      if (plan_.vectorLoop == L.id) p.step = plan_.factor;
      bool relevant = std::find(offsetFeatures.symbols.begin(), offsetFeatures.symbols.end(), L.iterSymbol) != offsetFeatures.symbols.end() ||
                      std::find(predicateFeatures.symbols.begin(), predicateFeatures.symbols.end(), L.iterSymbol) != predicateFeatures.symbols.end();
      bool usedByInner = false;
      for (size_t j = i + 1; j < access_.loops.size(); ++j) {
        const ir::Loop& inner = kernel_.loops[static_cast<size_t>(access_.loops[j])];
        if (!inner.condition) continue;
        ir::ExprFeatures f = ir::featuresOf(inner.condition);
        usedByInner |= std::find(f.symbols.begin(), f.symbols.end(), L.iterSymbol) != f.symbols.end();
      }
      relevant |= usedByInner;
      const bool sourceNeedsIteration = source_ && sourceDependsOnIteration(L.iterSymbol, p.step);
      relevant |= sourceNeedsIteration;
      std::string which;
      int unknownSymbol = -1;
      const bool domainKnown = L.condition && !hasUnknownUniform(ir::featuresOf(L.condition), &which, &unknownSymbol);
      if (L.condition && ir::featuresOf(L.condition).dependsOnLanes()) relevant = true;
      const std::string where = "the loop at line " + std::to_string(L.loc.line);
      const auto whyTripUnknown = [&] { return L.condition ? "it depends on " + which : L.conditionProblem; };  // when !domainKnown
      const bool laneDependentCondition = L.condition && ir::featuresOf(L.condition).dependsOnLanes();
      const bool inPredicates = std::find(predicateFeatures.symbols.begin(), predicateFeatures.symbols.end(), L.iterSymbol) !=
                                predicateFeatures.symbols.end();
      // An iteration that only moves every lane by the same whole number of words rotates the
      // banks and changes nothing: count the iterations, evaluate one (`x + x / 32`, a padded
      // row's index, included).
      const bool shiftsAddress = domainKnown && relevant && !usedByInner && !laneDependentCondition && !sourceNeedsIteration &&
                                 shiftsByWholeWords(L.iterSymbol, p.step);
      const bool shiftOnly = shiftsAddress && !inPredicates;
      // An iteration that shifts the address by whole words and otherwise only decides, the same
      // for every lane, whether the access runs: count the iterations that run it.
      if (shiftsAddress && inPredicates) p.filters = laneUniformFilters(i);
      if (domainKnown) {
        p.mode = relevant && !shiftOnly && p.filters.empty() ? LoopMode::Enumerate : LoopMode::CountOnly;
      } else if (!relevant) {
        p.mode = LoopMode::CountOnly;
        result_.weightsKnown = false;
        result_.notes.push_back("trip count of " + where + " is unknown (" +
                                whyTripUnknown() + "): counted once");
      } else {
        // Unknown trip count: exact when the iteration only shifts the addresses or enters them
        // periodically (a double-buffer stage), by enumerating one period.
        Periodicity per = periodicity(offset_, L.iterSymbol, facts_, shiftUnit());
        if (sourceNeedsIteration) per = combine(per, periodicity(source_, L.iterSymbol, facts_, kLineBytes));
        for (const ir::ExprRef& pred : predicates_) per = combine(per, conditionPeriodicity(pred, L.iterSymbol, facts_));
        for (size_t j = i + 1; j < access_.loops.size(); ++j) {
          const ir::Loop& inner = kernel_.loops[static_cast<size_t>(access_.loops[j])];
          if (inner.condition) per = combine(per, conditionPeriodicity(withBlockDims(inner.condition), L.iterSymbol, facts_));
        }
        // Only a condition on the lanes needs the iteration (`if (i * Br + tx >= N) break;`): it is
        // assumed true for every lane, as a condition on an unknown value is, and the loop counted.
        const bool onlyPredicates = !per.ok && std::find(offsetFeatures.symbols.begin(), offsetFeatures.symbols.end(), L.iterSymbol) ==
                                                   offsetFeatures.symbols.end() &&
                                    !usedByInner && !sourceNeedsIteration && !laneDependentCondition;
        if (onlyPredicates) {
          for (size_t k = predicates_.size(); k-- > 0;) {
            const ir::ExprFeatures f = ir::featuresOf(predicates_[k]);
            if (std::find(f.symbols.begin(), f.symbols.end(), L.iterSymbol) == f.symbols.end()) continue;
            result_.conditionAssumed = true;
            result_.notes.push_back("condition at line " + std::to_string(predicateLines_[k]) + " assumed true for every lane: it depends on the iteration of " +
                                    where + ", whose trip count is unknown (" + whyTripUnknown() + ")");
            predicates_.erase(predicates_.begin() + static_cast<std::ptrdiff_t>(k));
            predicateLines_.erase(predicateLines_.begin() + static_cast<std::ptrdiff_t>(k));
          }
          p.mode = LoopMode::CountOnly;
          result_.weightsKnown = false;
          result_.notes.push_back("trip count of " + where + " is unknown (" + whyTripUnknown() +
                                  "): counted once");
          loops_.push_back(p);
          continue;
        }
        if (!per.ok) {
          const std::string why = "the address depends on the iteration of " + where + ", whose trip count is unknown (" +
                                  whyTripUnknown() + ")" + (unknownSymbol >= 0 ? valueHint(kernel_, unknownSymbol) : "");
          if (const ir::Loop::ExtentBound* b = extentBoundOf(L)) {  // found by the probe (ExtentBounds.h)
            p.mode = LoopMode::Bounded;
            p.bound = b->trips;
            result_.weightsKnown = false;
            result_.notes.push_back(fmt::format(
                "{} has an unknown trip count ({}); in its iteration {}, {}: undefined, so a correct run stops before it; "
                "iterations 0 to {} evaluated",
                where, whyTripUnknown(), b->trips, b->evidence, b->trips - 1));
            loops_.push_back(p);
            continue;
          }
          if (!limits_.probeExtent || bounded_ || laneDependentCondition || !extentKnown()) return fail(why);
          p.mode = LoopMode::Bounded;
          boundedWhy_ = why;
          loops_.push_back(p);
          bounded_ = &loops_.back();  // loops_ is reserved: the pointer stays valid
          continue;
        }
        p.mode = LoopMode::Residue;
        p.residues = per.enumerationCount();
        result_.weightsKnown = false;
        result_.notes.push_back(where + " has an unknown trip count (" + whyTripUnknown() +
                                "); its iterations repeat the same " + std::to_string(p.residues) + " address pattern" +
                                (p.residues == 1 ? "" : "s") + ", each evaluated");
      }
      loops_.push_back(p);
    }
    // A bound from the array's extent holds for the whole loop only where every case the probe
    // sees is one a run reaches when it reaches the loop's iteration: no value stands for a class
    // of values (a residue), no condition was assumed true (`if (flag)` may skip the access while
    // the rest of the loop runs on), and the walk assumed nothing on the way (a `break` it could
    // not decide, the cases of a switch).
    if (bounded_) {
      bool exact = uniforms_.empty() && !result_.conditionAssumed && access_.assumptions.empty();
      for (const LoopPlan& p : loops_) exact &= p.mode != LoopMode::Residue;
      if (!exact) return fail(boundedWhy_);
    }
    for (LoopPlan& p : loops_) {
      if (p.mode != LoopMode::CountOnly || !p.loop->condition) continue;
      ir::ExprFeatures f = ir::featuresOf(withBlockDims(p.loop->condition));
      for (const ir::ExprRef& filter : p.filters) ir::collectFeatures(filter, f);
      p.countsKept = !f.dependsOnLanes() && !f.blockIdx && !f.unknown;
      for (int id : f.symbols)
        if (id != p.loop->iterSymbol) p.countKey.push_back(id);
    }
    for (size_t d = 0; d < loops_.size(); ++d) {
      LoopPlan& p = loops_[d];
      if (p.mode != LoopMode::Enumerate || access_.kind == ir::AccessKind::AsyncCopyDst) continue;
      bool deeperCounted = true;
      for (size_t e = d + 1; e < loops_.size(); ++e) deeperCounted &= loops_[e].mode == LoopMode::CountOnly;
      p.sameCostForSameLanes = deeperCounted && shiftsByWholeWords(p.loop->iterSymbol, p.step);
    }
    // Each predicate is decided as soon as the loops it names have their iteration set, so that
    // a condition on an outer loop (`if (i * Br + tx >= N) break;`) masks its lanes once for all
    // the iterations nested inside, not once per innermost case.
    // A loop's filters are decided by the loop itself (it sets an iteration that passes them).
    predicatesAtDepth_.assign(loops_.size() + 1, {});
    for (const ir::ExprRef& pred : predicates_) {
      const size_t depth = loopDepthOf(ir::featuresOf(pred));
      const std::vector<ir::ExprRef>* filters = depth > 0 ? &loops_[depth - 1].filters : nullptr;
      if (filters && std::find(filters->begin(), filters->end(), pred) != filters->end()) continue;
      predicatesAtDepth_[depth].push_back(pred);
    }
    return true;
  }

  // The ranges the leaves of an address take: thread indices within the block, and the iteration
  // of each enclosing loop whose trip count is a constant (its condition names no other value).
  LeafRanges leafRanges() {
    LeafRanges r;
    r.blockDim[0] = shape_.x;
    r.blockDim[1] = shape_.y;
    r.blockDim[2] = shape_.z;
    std::vector<std::pair<int, ValueRange>> iterations;
    for (const int id : access_.loops) {
      const ir::Loop& L = kernel_.loops[static_cast<size_t>(id)];
      if (!L.condition) continue;
      const ir::ExprRef condition = withBlockDims(L.condition);
      const ir::ExprFeatures f = ir::featuresOf(condition);
      if (f.dependsOnLanes() || f.blockIdx || f.unknown || f.symbols != std::vector<int>{L.iterSymbol}) continue;
      int64_t trips = 0;
      for (; static_cast<uint64_t>(trips) < limits_.maxLoopIterations; ++trips) {
        setSymbol(L.iterSymbol, trips);
        int64_t v = 0;
        std::string_view problem;
        bool missing = false;
        if (!evaluateUniform(*condition, ctx_, v, problem, missing) || missing) break;
        if (v == 0) break;
      }
      ctx_.symbolSet[static_cast<size_t>(L.iterSymbol)] = 0;
      if (trips > 0 && static_cast<uint64_t>(trips) < limits_.maxLoopIterations) iterations.push_back({L.iterSymbol, ValueRange{0, trips - 1}});
    }
    r.symbol = [iterations](int symbol) -> std::optional<ValueRange> {
      for (const auto& [s, range] : iterations)
        if (s == symbol) return range;
      return std::nullopt;
    };
    return r;
  }

  // Whether the iteration of a loop moves every lane's address by the same whole number of words
  // (of shift units) or not at all: then it cannot change the bank pattern.
  bool shiftsByWholeWords(int iterSymbol, int64_t step) const {
    const ir::ExprFeatures f = ir::featuresOf(offset_);
    if (std::find(f.symbols.begin(), f.symbols.end(), iterSymbol) == f.symbols.end()) return true;
    // Every lane at one address (a broadcast, `Vj[y * d + x]`) costs the same wherever it is;
    // an offset that can fail to evaluate (the advisor's check that an element stays in its row)
    // still needs each iteration.
    if (warpUniform(offset_, facts_) && !mayFailToEvaluate(offset_)) return true;
    const UniformEffect eff = uniformEffect(offset_, iterSymbol);
    const int64_t unit = shiftUnit();
    if (eff.use == UniformUse::Additive) return (eff.coefficient * step) % unit == 0;
    if (eff.use != UniformUse::Other) return false;
    const Periodicity per = periodicity(offset_, iterSymbol, facts_, unit);
    return per.ok && per.period == 1 && (per.coefficient * step) % unit == 0 && per.opaqueShift % unit == 0;
  }

  // The shift of every lane's address that cannot change the count: a whole bank word, or for a
  // .cg copy (which the L1 writes per pair of global and shared 128-byte line) a whole line.
  int64_t shiftUnit() const {
    return access_.kind == ir::AccessKind::AsyncCopyDst && access_.bypassL1 && !access_.bulkCopy ? kLineBytes : 4;
  }

  // The predicates that name the iteration of the loop at `depth` in access_.loops, when every one
  // of them is the same in every lane and names no loop nested deeper (so that it can be decided
  // once the loop's iteration is set). Empty when some predicate on the iteration is not.
  std::vector<ir::ExprRef> laneUniformFilters(size_t depth) const {
    const int iterSymbol = kernel_.loops[static_cast<size_t>(access_.loops[depth])].iterSymbol;
    std::vector<ir::ExprRef> filters;
    for (const ir::ExprRef& pred : predicates_) {
      const ir::ExprFeatures f = ir::featuresOf(pred);
      if (std::find(f.symbols.begin(), f.symbols.end(), iterSymbol) == f.symbols.end()) continue;
      if (f.dependsOnLanes() || loopDepthOf(f) > depth + 1) return {};
      filters.push_back(pred);
    }
    return filters;
  }

  // 1 + the position in access_.loops of the innermost loop whose iteration `f` names; 0 when it
  // names none: the depth of enumerateLoops from which it can be decided.
  size_t loopDepthOf(const ir::ExprFeatures& f) const {
    size_t depth = 0;
    for (size_t d = 0; d < access_.loops.size(); ++d) {
      const int iter = kernel_.loops[static_cast<size_t>(access_.loops[d])].iterSymbol;
      if (std::find(f.symbols.begin(), f.symbols.end(), iter) != f.symbols.end()) depth = d + 1;
    }
    return depth;
  }

  bool evalMask(const ir::ExprRef& cond, LaneMask active, LaneMask& out) {
    if (!cond->lanesVary()) {  // the same in every lane: evaluated once
      int64_t v = 0;
      std::string_view problem;
      bool missing = false;
      const bool ok = evaluateUniform(*cond, ctx_, v, problem, missing);
      if (missing) return fail("internal: unassigned value '" + std::string(problem) + "'");
      if (!ok && active) return fail("a condition could not be evaluated: " + std::string(problem));
      out = v != 0 ? active : 0;
      return true;
    }
    EvalResult r;
    evaluateLanes(*cond, ctx_, active, r);
    if (r.missingSymbol) return fail("internal: unassigned value '" + std::string(r.problem) + "'");
    if (r.failed) return fail("a condition could not be evaluated: " + std::string(r.problem));
    out = 0;
    for (int l = 0; l < kWarpSize; ++l)
      if ((active >> l & 1) && r.values[l] != 0) out |= 1u << l;
    return true;
  }

  void setSymbol(int id, int64_t v) {
    ctx_.symbols[static_cast<size_t>(id)] = v;
    ctx_.symbolSet[static_cast<size_t>(id)] = 1;
  }

  void enumerateUniforms(size_t i, LaneMask active, double weight) {
    if (stop_) return;
    if (i == uniforms_.size()) {
      enumerateLoops(0, active, weight);
      return;
    }
    const UniformPlan& u = uniforms_[i];
    for (int64_t r = 0; r < u.residues && !stop_; ++r) {
      const int64_t v = u.residues == 1 ? u.arbitrary : r;
      if (u.symbol >= 0) setSymbol(u.symbol, v);
      else if (u.builtin <= 5) ctx_.blockIdx[u.builtin - 3] = v;
      else ctx_.gridDim[u.builtin - 9] = v;
      enumerateUniforms(i + 1, active, weight / static_cast<double>(u.residues));
    }
  }

  void enumerateLoops(size_t depth, LaneMask active, double weight) {
    if (stop_ || outOfExtent_) return;
    for (const ir::ExprRef& p : predicatesAtDepth_[depth]) {
      LaneMask next = 0;
      if (!evalMask(p, active, next)) return;
      active = next;
      if (!active) return;  // no lane of this warp executes the access in these iterations
    }
    if (depth == loops_.size()) {
      leaf(active, weight);
      return;
    }
    LoopPlan& p = loops_[depth];
    const ir::Loop& L = *p.loop;
    switch (p.mode) {
      case LoopMode::Enumerate:
        costByLanes_.clear();
        keepCostByLanes_ = p.sameCostForSameLanes;
        forEachIteration(L, p.step, active, [&](LaneMask m) { enumerateLoops(depth + 1, m, weight); });
        keepCostByLanes_ = false;
        return;
      case LoopMode::CountOnly: {
        std::vector<int64_t> key;
        const std::pair<int64_t, int64_t>* kept = nullptr;
        if (p.countsKept) {
          for (int id : p.countKey) key.push_back(ctx_.symbols[static_cast<size_t>(id)]);
          if (const auto it = p.counts.find(key); it != p.counts.end()) kept = &it->second;
        }
        if (!p.filters.empty()) {
          int64_t runs = 0, first = 0;
          if (kept) {
            std::tie(runs, first) = *kept;
          } else {
            const bool finished = forEachIteration(L, p.step, active, [&](LaneMask) {
              for (const ir::ExprRef& f : p.filters) {
                LaneMask pass = 0;
                if (!evalMask(f, active, pass)) return;
                if (!pass) return;
              }
              if (runs++ == 0) first = ctx_.symbols[static_cast<size_t>(L.iterSymbol)];
            });
            if (!finished || stop_) return;
            if (p.countsKept && result_.exhaustive) p.counts.emplace(key, std::make_pair(runs, first));
          }
          if (runs == 0) return;
          setSymbol(L.iterSymbol, first);
          enumerateLoops(depth + 1, active, weight * static_cast<double>(runs));
          return;
        }
        int64_t trips = 1;
        if (kept) {
          trips = kept->first;
        } else if (L.condition && !ir::findUnknown(L.condition) && domainKnownFor(L)) {
          trips = 0;
          if (!forEachIteration(L, 1, active, [&](LaneMask) { ++trips; })) return;
          trips = (trips + p.step - 1) / p.step;
          if (p.countsKept && result_.exhaustive) p.counts.emplace(key, std::make_pair(trips, int64_t{0}));
        }
        if (trips == 0) return;
        setSymbol(L.iterSymbol, 0);
        enumerateLoops(depth + 1, active, weight * static_cast<double>(trips));
        return;
      }
      case LoopMode::Bounded:
        if (probing_) {
          setSymbol(L.iterSymbol, p.bound);
          enumerateLoops(depth + 1, active, weight);
          return;
        }
        for (int64_t t = 0; t < p.bound && !stop_; t += p.step) {
          setSymbol(L.iterSymbol, t);
          enumerateLoops(depth + 1, active, weight);
        }
        return;
      case LoopMode::Residue:
        for (int64_t r = 0; r < p.residues && !stop_; ++r) {
          setSymbol(L.iterSymbol, r);
          enumerateLoops(depth + 1, active, weight / static_cast<double>(p.residues));
        }
        return;
    }
  }

  // Warps and iterations often repeat one pattern shifted by whole words (ty * row stride), and a
  // shift of whole 4-byte words only rotates the banks: count each distinct shape once.
  struct PatternKey {
    std::array<int64_t, kWarpSize> addr;
    bool operator==(const PatternKey& o) const { return addr == o.addr; }
  };
  struct PatternHash {
    size_t operator()(const PatternKey& k) const {
      uint64_t h = 1469598103934665603ull;
      for (int64_t a : k.addr) h = (h ^ static_cast<uint64_t>(a)) * 1099511628211ull;
      return static_cast<size_t>(h);
    }
  };
  model::Wavefronts wavefrontsOf(const model::WarpRequest& req, LaneMask active) {
    PatternKey key;
    int64_t base = -1;
    for (int l = 0; l < kWarpSize; ++l)
      if (active >> l & 1) {
        base = req.addr[static_cast<size_t>(l)] & ~int64_t{3};
        break;
      }
    for (int l = 0; l < kWarpSize; ++l)
      key.addr[static_cast<size_t>(l)] = (active >> l & 1) ? req.addr[static_cast<size_t>(l)] - base : -1;
    auto it = patterns_.find(key);
    if (it != patterns_.end()) return it->second;
    const model::Wavefronts wf = model::countWavefronts(req);
    if (patterns_.size() < 4096) patterns_.emplace(key, wf);
    return wf;
  }

  // The additive terms of `e` (through casts that do not narrow), each with whether it is subtracted.
  static void splitTerms(const ir::ExprRef& e, bool negated, std::vector<std::pair<ir::ExprRef, bool>>& out) {
    const ir::Expr& x = *e;
    if (x.kind == ir::ExprKind::Cast && x.a && x.type.bits >= x.a->type.bits) return splitTerms(x.a, negated, out);
    if (x.kind == ir::ExprKind::Binary && (x.binaryOp == ir::BinaryOp::Add || x.binaryOp == ir::BinaryOp::Sub) && x.type.bits == 64) {
      splitTerms(x.a, negated, out);
      splitTerms(x.b, x.binaryOp == ir::BinaryOp::Sub ? !negated : negated, out);
      return;
    }
    out.emplace_back(e, negated);
  }

  // The first division, remainder, shift or bit operation of `e` that lane indices enter and a
  // value the mapper would assume (`assumed(symbol)`) enters too: there, a value taken as a
  // multiple of 128 bytes would decide which lanes share a line rather than move them together
  // (ggml's `fastmodulo(j0 + j, ne01)`); null when there is none. A part no lane enters
  // (`nb11 / sizeof(half2)`) is one value per warp, taken as whole lines as before; so is a
  // comparison with such a value or a clamp (`min(k + 2, tiles - 1)`).
  template <class Assumed>
  static const ir::Expr* decidingOperation(const ir::ExprRef& e, const Assumed& assumed) {
    const ir::Expr& x = *e;
    if (!x.lanesVary()) return nullptr;
    if (x.kind == ir::ExprKind::Binary) {
      switch (x.binaryOp) {
        case ir::BinaryOp::Div: case ir::BinaryOp::Rem: case ir::BinaryOp::Shl: case ir::BinaryOp::Shr:
        case ir::BinaryOp::And: case ir::BinaryOp::Or: case ir::BinaryOp::Xor: {
          const ir::ExprFeatures f = ir::featuresOf(e);
          // Nothing assumed below: neither here nor in any operation inside.
          return std::any_of(f.symbols.begin(), f.symbols.end(), assumed) ? &x : nullptr;
        }
        default: break;
      }
    }
    for (const ir::ExprRef& child : {x.a, x.b, x.c})
      if (const ir::Expr* d = child ? decidingOperation(child, assumed) : nullptr) return d;
    return nullptr;
  }

  // cp.async: the L1 writes shared memory per 128-byte global line the warp reads, so the
  // source is part of the pattern (model/OpModel.h). Values the analysis cannot know in the
  // source address (a row length, blockIdx, the pointer itself) are taken as multiples of 128
  // bytes: rows of the global matrix start on a line, as cudaMalloc'd rows of 32 floats or more do.
  bool prepareSource() {
    if (access_.bulkCopy) return true;  // its source does not matter: no bank pattern (asyncCopyWavefronts)
    if (!access_.sourceOffset)
      return fail("the global source of this cp.async is not followed (" +
                  (access_.sourceUnknownReason.empty() ? std::string("no source operand") : access_.sourceUnknownReason) +
                  "): the L1 writes shared memory per 128-byte line it reads, so the banks depend on the source");
    constexpr int64_t kLineMultiple = int64_t{1} << 20;
    std::vector<std::string> assumed;
    const auto assume = [&](const std::string& name, ir::IntType type) {
      if (std::find(assumed.begin(), assumed.end(), name) == assumed.end()) assumed.push_back(name);
      return ir::makeConst(kLineMultiple, type);
    };
    // A term of the source that no lane index enters and that holds a value the analysis cannot
    // know (a row length, blockIdx, a warp-uniform value) is the same for the whole warp: a shift
    // of the copy's base, taken as whole lines like the pointer itself. It is set aside before any
    // value is assumed, so that one computed with divisions by unknown sizes (ggml's
    // `kbc / (iter_k*iter_j*...)`) needs no value at all (assumed values overflow there).
    std::vector<std::pair<ir::ExprRef, bool>> terms;  // (term, subtracted)
    splitTerms(withBlockDims(access_.sourceOffset), false, terms);
    ir::ExprRef kept = ir::makeConst(0, ir::IntType::int64());
    for (const auto& [term, subtracted] : terms) {
      const ir::ExprFeatures f = ir::featuresOf(term);
      const bool assumedValue = f.blockIdx || std::any_of(f.symbols.begin(), f.symbols.end(), [&](int id) { return !isEnclosingLoopSymbol(id); });
      if (!f.dependsOnLanes() && !f.unknown && assumedValue) {
        for (int id : f.symbols)
          if (!isEnclosingLoopSymbol(id)) assume(describeSymbol(kernel_, id), ir::IntType::int64());
        ir::substituteBuiltins(term, [&](ir::BuiltinVar v) -> ir::ExprRef {
          if (!ir::isThreadIndex(v)) assume(ir::spelling(v), ir::IntType::uint32());
          return nullptr;
        });
        continue;
      }
      const ir::ExprRef t = ir::makeCast(term, ir::IntType::int64());
      kept = subtracted ? ir::makeBinary(ir::BinaryOp::Sub, kept, t, ir::IntType::int64()) : ir::addBytes(kept, t);
    }
    // An assumed value must only scale or shift the address (`row * ld`): one that it divides,
    // shifts or masks by (ggml's `fastmodulo(j, ne01)`) decides which lanes share a line. The
    // reason names the divisor, shift or mask where the value is one, else the dividend's.
    const auto assumedSymbol = [&](int id) { return !isEnclosingLoopSymbol(id); };
    if (const ir::Expr* deciding = decidingOperation(kept, assumedSymbol)) {
      int named = -1;
      for (const ir::ExprRef& operand : {deciding->b, deciding->a})
        for (int id : ir::featuresOf(operand).symbols)
          if (named < 0 && assumedSymbol(id)) named = id;
      return fail("the global source of this cp.async depends on " + describeSymbol(kernel_, named) +
                  " in a way that changes which lanes read one line, and its value is unknown: the L1 writes shared memory per "
                  "128-byte line it reads, so the banks depend on the source");
    }
    ir::ExprRef src = ir::substituteSymbols(kept, [&](int id) -> ir::ExprRef {
      return isEnclosingLoopSymbol(id) ? nullptr : assume(describeSymbol(kernel_, id), ir::IntType::int64());
    });
    src = ir::substituteBuiltins(src, [&](ir::BuiltinVar v) -> ir::ExprRef {
      return ir::isThreadIndex(v) ? nullptr : assume(ir::spelling(v), ir::IntType::uint32());
    });
    if (const ir::Expr* u = ir::findUnknown(src)) return fail("the cp.async source address is not known: " + u->text);
    source_ = src;
    result_.weighedByAdvisor = !access_.bypassL1;
    if (access_.bypassL1)
      result_.notes.push_back("cp.async.cg (LDGSTS.BYPASS): counted as Nsight Compute's source view counts it, one wavefront for each "
                              "global line and shared line a group of lanes joins, and for each XOR of their 16-byte positions in "
                              "the two lines; the launch's shared-memory counter omits these writes, and their time also depends "
                              "on the shared banks (docs/hardware-model.md)");
    std::string values;
    for (const std::string& a : assumed) values += (values.empty() ? "" : ", ") + a;
    result_.notes.push_back("cp.async source: '" + access_.sourceBase + "' taken as 128-byte aligned" +
                            (values.empty() ? std::string() : ", and " + values + " as multiples of 128 bytes in the source address") +
                            " (the L1 writes shared memory per 128-byte global line)");
    return true;
  }

  // Whether the iterations of a loop can regroup the lanes of a cp.async by source line: its
  // iteration moves the source by other than whole 128-byte lines.
  bool sourceDependsOnIteration(int iterSymbol, int64_t step) const {
    const ir::ExprFeatures f = ir::featuresOf(source_);
    if (std::find(f.symbols.begin(), f.symbols.end(), iterSymbol) == f.symbols.end()) return false;
    const UniformEffect eff = uniformEffect(source_, iterSymbol);
    if (eff.use == UniformUse::Additive && (eff.coefficient * step) % 128 == 0) return false;
    return !movesByWholeLines(source_, iterSymbol);
  }

  // Whether `e` depends on symbol `s` only through terms that are multiples of 128 bytes
  // (`min(k + 2, n - 1) * 64 * 2`: a clamped tile index times a tile of whole lines), so that no
  // value of `s` regroups the lanes by global line. `factor` is the constant the term is
  // multiplied by, modulo 128 (0: a multiple of 128).
  static bool movesByWholeLines(const ir::ExprRef& e, int s, int64_t factor = 1) {
    if (!e || factor == 0) return true;
    const ir::ExprFeatures f = ir::featuresOf(e);
    if (std::find(f.symbols.begin(), f.symbols.end(), s) == f.symbols.end()) return true;
    const auto times = [&](int64_t c) { return ((factor * (c % 128)) % 128 + 128) % 128; };
    int64_t c = 0;
    switch (e->kind) {
      case ir::ExprKind::Cast: return movesByWholeLines(e->a, s, factor);  // wrapping keeps multiples of 128
      case ir::ExprKind::Select: {  // a choice that does not depend on `s` (one unrolled copy or another)
        const ir::ExprFeatures cf = ir::featuresOf(e->a);
        return std::find(cf.symbols.begin(), cf.symbols.end(), s) == cf.symbols.end() && movesByWholeLines(e->b, s, factor) &&
               movesByWholeLines(e->c, s, factor);
      }
      case ir::ExprKind::Binary:
        switch (e->binaryOp) {
          case ir::BinaryOp::Add:
          case ir::BinaryOp::Sub: return movesByWholeLines(e->a, s, factor) && movesByWholeLines(e->b, s, factor);
          case ir::BinaryOp::Mul:
            if (ir::isConst(e->a, &c)) return movesByWholeLines(e->b, s, times(c));
            if (ir::isConst(e->b, &c)) return movesByWholeLines(e->a, s, times(c));
            return false;
          case ir::BinaryOp::Shl:
            if (ir::isConst(e->b, &c) && c >= 0 && c < 63) return movesByWholeLines(e->a, s, c >= 7 ? 0 : times(int64_t{1} << c));
            return false;
          default: return false;
        }
      default: return false;
    }
  }

  model::Wavefronts asyncCopyWavefronts(const Lanes& dst, const Lanes& src, LaneMask active) {
    if (access_.bulkCopy) {
      if (!copyRuleNoted_) {
        copyRuleNoted_ = true;
        result_.notes.push_back("a 16-byte cuda::memcpy_async with a cuda::barrier is a bulk copy on sm_90 (cp.async.bulk, UBLKCP: "
                                "one elected lane moves the data): its shared writes bypass the banks' LSU path, and on the H200 "
                                "neither Nsight Compute's shared wavefronts (none) nor its time depended on where they land "
                                "(docs/hardware-model.md); counted as one wavefront, its ideal");
      }
      model::Wavefronts wf;
      wf.actual = wf.reported = wf.best = wf.ideal = active ? 1 : 0;
      return wf;
    }
    model::OpRequest op;
    op.kind = model::OpKind::CpAsync;
    op.widthBytes = static_cast<int>(access_.widthBytes);
    op.hasSource = true;
    op.bypassL1 = access_.bypassL1;
    for (int l = 0; l < kWarpSize; ++l) {
      const bool on = active >> l & 1;
      op.addr[static_cast<size_t>(l)] = on ? dst[l] + kAddressBase : -1;
      op.source[static_cast<size_t>(l)] = on ? src[l] : 0;
    }
    // Nsight Compute's ideal counts the lanes' copies; a .cg copy a lane repeats is made once
    // (model::repeatsEarlierCopy).
    int n = 0;
    for (int l = 0; l < kWarpSize; ++l)
      n += (active >> l & 1) && !(access_.bypassL1 && model::repeatsEarlierCopy(op, active, l));
    const model::OpWavefronts ow = model::countOpWavefronts(op);
    if (ow.fit == model::OpFit::Approximate) result_.approximate = true;
    if (ow.fit == model::OpFit::Approximate && !copyRuleNoted_) {
      copyRuleNoted_ = true;
      if (access_.bypassL1)
        result_.notes.push_back("some lanes that read one global line and write one shared line read a 16-byte chunk twice into "
                                "one half of a destination sector: the measured count is within one wavefront there "
                                "(docs/hardware-model.md)");
      else if (ow.linesOverlap)
        result_.notes.push_back(fmt::format(
            "the lanes that read one source line write some bank more than once, and they read only part of the line: the H200 "
            "overlaps such lines' writes where their banks differ, so {} wavefronts is the most this copy takes and {} the fewest "
            "(measured on layouts like this: 17 to 27 where the most is 32 with one warp alone, 11 in SGEMM_CUDA's kernel 12; "
            "docs/hardware-model.md)",
            ow.actual, ow.fewest));
      else
        result_.notes.push_back("some lanes read their 128-byte source line out of lane order or with gaps: the measured rule "
                                "is exact for contiguous sources and approximate otherwise, within a few wavefronts on the "
                                "probe's patterns");
    }
    model::Wavefronts wf;
    wf.actual = wf.reported = ow.actual;
    if (ow.linesOverlap) wf.fewest = ow.fewest;
    wf.best = ow.ideal;  // one wavefront per source line: what no destination layout can beat
    wf.ideal = std::max(1, (n * op.widthBytes + 127) / 128);  // Nsight Compute's ideal
    return wf;
  }

  // Shared atomics: lanes on one word are not merged, every update is its own (measured,
  // model/OpModel.h): the most active lanes in one bank.
  model::Wavefronts atomicWavefronts(const Lanes& values, LaneMask active) const {
    if (access_.atomicForm == ir::Access::AtomicForm::AggregatedIncrement) {
      // ATOMS.POPC.INC: lanes on one word are one update, as for a 4-byte load.
      model::WarpRequest req;
      for (int l = 0; l < kWarpSize; ++l) req.addr[static_cast<size_t>(l)] = (active >> l & 1) ? values[l] + kAddressBase : -1;
      req.widthBytes = 4;
      req.op = model::MemOp::Load;
      model::Wavefronts wf = model::countWavefronts(req);
      wf.reported = wf.actual;
      wf.best = wf.ideal = 1;
      return wf;
    }
    model::OpRequest op;
    op.kind = model::OpKind::Atom;
    op.widthBytes = 4;
    for (int l = 0; l < kWarpSize; ++l) op.addr[static_cast<size_t>(l)] = (active >> l & 1) ? values[l] + kAddressBase : -1;
    const model::OpWavefronts ow = model::countOpWavefronts(op);
    // ATOMS.CAS moves compare value and new value: two passes of the same pattern (measured).
    const int passes = access_.atomicForm == ir::Access::AtomicForm::CompareAndSwap ? 2 : 1;
    model::Wavefronts wf;
    wf.actual = wf.reported = passes * ow.actual;
    wf.best = wf.ideal = passes * ow.ideal;
    return wf;
  }

  // ldmatrix/stmatrix: the op model's rule (each 8x8 matrix one group; measured, model/OpModel.h).
  // Nsight Compute's source-view units were not measured for these instructions: the hardware
  // count stands for both.
  // The lanes that give an address: for ldmatrix/stmatrix only lanes 0 .. 8N-1 give a row.
  int addressLanes() const { return access_.matrices ? 8 * static_cast<int>(access_.matrices) : kWarpSize; }

  model::Wavefronts matrixWavefronts(const Lanes& values, LaneMask active) const {
    model::OpRequest op;
    op.kind = access_.kind == ir::AccessKind::MatrixLoad ? model::OpKind::Ldsm : model::OpKind::Stsm;
    op.matrices = static_cast<int>(access_.matrices);
    op.trans = access_.transposed;
    op.widthBytes = 16;
    for (int l = 0; l < kWarpSize; ++l)
      op.addr[static_cast<size_t>(l)] = (active >> l & 1) && l < addressLanes() ? values[l] + kAddressBase : -1;
    const model::OpWavefronts ow = model::countOpWavefronts(op);
    model::Wavefronts wf;
    wf.actual = wf.reported = ow.actual;
    wf.best = wf.ideal = ow.ideal;
    return wf;
  }

  // Runs `body(lanes)` for iterations 0, step, 2 step ... of `L` while some active lane's
  // condition holds (capped at limits_.maxLoopIterations). False when the mapper had to stop.
  template <class Body>
  bool forEachIteration(const ir::Loop& L, int64_t step, LaneMask active, Body body) {
    for (int64_t n = 0;; n += step) {
      if (probing_ && (static_cast<uint64_t>(n) >= limits_.maxLoopIterations || ++steps_ >= kMaxProbeSteps)) {
        fail(boundedWhy_);  // the bound is not found within the probe's budget
        return false;
      }
      if (probing_) {
        // the probe's steps are its own (kMaxProbeSteps), not the enumeration's
      } else if (static_cast<uint64_t>(n) >= limits_.maxLoopIterations) {
        result_.exhaustive = false;
        return true;
      } else if (++steps_ >= limits_.maxLoopSteps) {
        stopEarly(false);
        return false;
      }
      setSymbol(L.iterSymbol, n);
      LaneMask m = 0;
      if (!evalMask(L.condition, active, m)) return false;
      if (!m) return true;
      body(m);
      if (stop_) return false;
    }
  }

  bool domainKnownFor(const ir::Loop& L) const { return L.condition && !hasUnknownUniform(ir::featuresOf(L.condition), nullptr); }

  // A uniform value of unknown range, evaluated at a residue that moves the lanes off the access
  // width's alignment (a 4-byte access at byte 2), is a case no run of the program has: the access
  // would fault. The case is evaluated at residue 0 instead, where the shift moves no bank (a shift
  // by whole words), when the lanes are aligned there.
  void realignShiftedLanes(LaneMask m, EvalResult& r) {
    const int64_t width = static_cast<int64_t>(plan_.width);
    // Only a case with such a value at a nonzero residue can be realigned: checked before the
    // lanes, since this runs for every warp-instruction evaluated.
    const auto shifted = [&](const UniformPlan& u) {
      return u.residues > 1 && u.symbol >= 0 && ctx_.symbols[static_cast<size_t>(u.symbol)] != 0;
    };
    if (width <= 1 || std::none_of(uniforms_.begin(), uniforms_.end(), shifted)) return;
    const auto misaligned = [&](const EvalResult& e) {
      for (int l = 0; l < kWarpSize; ++l)
        if ((m >> l & 1) && (e.values[l] + kAddressBase) % width != 0) return true;
      return false;
    };
    if (!misaligned(r)) return;
    std::vector<std::pair<int, int64_t>> saved;
    for (const UniformPlan& u : uniforms_)
      if (shifted(u)) {
        saved.emplace_back(u.symbol, ctx_.symbols[static_cast<size_t>(u.symbol)]);
        ctx_.symbols[static_cast<size_t>(u.symbol)] = 0;
      }
    EvalResult aligned;
    evaluateLanes(*offset_, ctx_, m, aligned);
    for (const auto& [symbol, value] : saved) ctx_.symbols[static_cast<size_t>(symbol)] = value;
    if (aligned.failed || aligned.missingSymbol || misaligned(aligned)) return;
    r = aligned;
    if (!realigned_) {
      realigned_ = true;
      result_.notes.push_back("values of " + describeSymbol(kernel_, saved.front().first) + " that would put a lane off the access's " +
                              std::to_string(width) + "-byte alignment (the access would fault) are counted as whole-word shifts");
    }
  }

  void leaf(LaneMask active, double weight) {
    if (probing_) {
      probeExtent(active);
      return;
    }
    ++visits_;
    if (limits_.sharedVisits && limits_.sharedVisits->fetch_add(1, std::memory_order_relaxed) >= limits_.sharedBudget) {
      stopEarly(true);
      return;
    }
    const LaneMask m = active;  // the predicates are applied (enumerateLoops)
    if (keepCostByLanes_) {
      auto known = std::find_if(costByLanes_.begin(), costByLanes_.end(), [&](const auto& c) { return c.first == m; });
      // The same cost as an earlier iteration: it cannot be worse than the worst case so far.
      if (known != costByLanes_.end()) {
        count(known->second, weight);
        return;
      }
    }
    EvalResult r;
    evaluateLanes(*offset_, ctx_, m, r);
    if (r.missingSymbol) {
      fail("internal: unassigned value '" + std::string(r.problem) + "'");
      return;
    }
    if (r.failed) {
      fail("the address could not be evaluated: " + std::string(r.problem));
      return;
    }
    // One address for the warp, taken at an arbitrary value of what it is made of: placed on the
    // access's own alignment, as every run of the program has it (the count is the same anywhere).
    if (const int64_t w = static_cast<int64_t>(plan_.width); anyPlaceForTheWarp_ && w > 1)
      for (int l = 0; l < kWarpSize; ++l)
        if (m >> l & 1) r.values[l] -= ((r.values[l] + kAddressBase) % w + w) % w;
    model::Wavefronts wf;
    EvalResult src;  // cp.async: the global source of each lane
    if (access_.kind == ir::AccessKind::MatrixLoad || access_.kind == ir::AccessKind::MatrixStore) {
      wf = matrixWavefronts(r.values, m);
    } else if (access_.kind == ir::AccessKind::Atomic) {
      wf = atomicWavefronts(r.values, m);
    } else if (access_.kind == ir::AccessKind::AsyncCopyDst && access_.bulkCopy) {
      wf = asyncCopyWavefronts(r.values, src.values, m);
    } else if (access_.kind == ir::AccessKind::AsyncCopyDst) {
      evaluateLanes(*source_, ctx_, m, src);
      if (src.missingSymbol || src.failed) {
        fail("the cp.async source address could not be evaluated: " + std::string(src.problem));
        return;
      }
      wf = asyncCopyWavefronts(r.values, src.values, m);
    } else {
      realignShiftedLanes(m, r);
      model::WarpRequest req;
      for (int l = 0; l < kWarpSize; ++l) req.addr[l] = (m >> l & 1) ? r.values[l] + kAddressBase : -1;
      req.widthBytes = static_cast<int>(plan_.width);
      req.op = access_.kind == ir::AccessKind::Load ? model::MemOp::Load : model::MemOp::Store;
      wf = wavefrontsOf(req, m);
    }
    if (keepCostByLanes_ && costByLanes_.size() < 64) costByLanes_.emplace_back(m, wf);
    count(wf, weight);
    const bool worse = !haveWorst_ || static_cast<int64_t>(wf.actual) * result_.worst.ideal >
                                          static_cast<int64_t>(result_.worst.wavefronts) * wf.best ||
                       (static_cast<int64_t>(wf.actual) * result_.worst.ideal ==
                            static_cast<int64_t>(result_.worst.wavefronts) * wf.best &&
                        wf.actual > result_.worst.wavefronts);
    if (worse) {
      haveWorst_ = true;
      WarpCase& w = result_.worst;
      w.warp = warp_;
      w.wavefronts = wf.actual;
      w.ideal = wf.best;
      w.ncuWavefronts = wf.reported;
      w.ncuIdeal = wf.ideal;
      w.fewest = wf.fewest;
      w.hasSources = access_.kind == ir::AccessKind::AsyncCopyDst && !access_.bulkCopy;
      for (int l = 0; l < kWarpSize; ++l) w.sources[static_cast<size_t>(l)] = w.hasSources && (m >> l & 1) ? src.values[l] : -1;
      const int lanesWithAddress = addressLanes();
      // -1 marks an inactive lane, so an address below the array's start (a base moved by a
      // runtime value evaluated at one of its residues) is moved up by whole 128-byte lines,
      // which changes no bank.
      int64_t lowest = 0;
      for (int l = 0; l < kWarpSize; ++l)
        if ((m >> l & 1) && l < lanesWithAddress) lowest = std::min(lowest, r.values[l]);
      const int64_t lift = lowest < 0 ? (-lowest + 127) / 128 * 128 : 0;
      for (int l = 0; l < kWarpSize; ++l)
        w.addresses[static_cast<size_t>(l)] = (m >> l & 1) && l < lanesWithAddress ? r.values[l] + lift : -1;
      w.values.clear();
      for (const LoopPlan& p : loops_) recordLoopValue(*p.loop, m, w);
      for (const UniformPlan& u : uniforms_) {
        if (u.residues <= 1) continue;
        w.values.emplace_back(u.name, u.symbol >= 0 ? ctx_.symbols[static_cast<size_t>(u.symbol)]
                                                    : (u.builtin <= 5 ? ctx_.blockIdx[u.builtin - 3] : ctx_.gridDim[u.builtin - 9]));
      }
    }
  }

  // Ends the enumeration at a cap (MapperLimits): the totals cover the cases before it only.
  // `overBudget`: a search's budget, past which the totals say nothing.
  void stopEarly(bool overBudget) {
    result_.overBudget |= overBudget;
    result_.exhaustive = false;
    result_.stoppedEarly = true;
    stop_ = true;
  }

  // Adds one warp instruction's cost, `weight` times, to the totals.
  void count(const model::Wavefronts& wf, double weight) {
    if (recorded_) recorded_->push_back(Leaf{wf, weight});
    ++leaves_;
    if (leaves_ >= limits_.maxWarpInstructions) stopEarly(false);
    result_.executions += weight;
    result_.totalWavefronts += weight * wf.actual;
    if (result_.totalWavefronts >= limits_.maxTotalWavefronts) stopEarly(true);
    result_.totalIdeal += weight * wf.best;
    result_.totalNcuWavefronts += weight * wf.reported;
    result_.totalNcuIdeal += weight * wf.ideal;
  }

  // The loop variable's value for the worst case: uniform ones by name, lane-dependent ones as
  // the iteration number.
  void recordLoopValue(const ir::Loop& L, LaneMask m, WarpCase& w) {
    const int64_t iter = ctx_.symbols[static_cast<size_t>(L.iterSymbol)];
    if (L.inductionValue && !ir::findUnknown(L.inductionValue) && !ir::featuresOf(L.inductionValue).dependsOnLanes()) {
      EvalResult r;
      evaluateLanes(*L.inductionValue, ctx_, m, r);
      if (!r.failed && !r.missingSymbol) {
        for (int l = 0; l < kWarpSize; ++l)
          if (m >> l & 1) {
            w.values.emplace_back(L.inductionVar, r.values[l]);
            return;
          }
      }
    }
    w.values.emplace_back("iteration of loop at line " + std::to_string(L.loc.line), iter);
  }

  const ir::TranslationUnit& tu_;
  const ir::Access& access_;
  const ir::KernelInstance& kernel_;
  const ir::LaunchShape& shape_;
  const WidthPlan& plan_;
  const MapperLimits& limits_;
  AccessResult result_;
  LaneContext ctx_;
  ir::ExprRef offset_;
  ir::ExprRef source_;  // cp.async: the global source, with unknown values fixed (prepareSource)
  bool copyRuleNoted_ = false;  // the one note on how a copy was counted (a bulk copy, or an approximate rule)
  WarpFacts facts_;
  std::vector<ir::ExprRef> predicates_;
  std::vector<unsigned> predicateLines_;  // the source line of each predicate
  std::vector<std::vector<ir::ExprRef>> predicatesAtDepth_;  // [k]: those naming loops up to the k-th
  std::vector<UniformPlan> uniforms_;
  std::vector<LoopPlan> loops_;
  // The Bounded loop, if any, and what its probe needs and found.
  LoopPlan* bounded_ = nullptr;
  std::string boundedWhy_;       // the reason the access is not computed without the bound
  ir::ExprRef extentOffset_;
  int64_t extentBytes_ = 0;
  std::string extentName_;
  static constexpr uint64_t kMaxProbeSteps = uint64_t{1} << 20;
  bool probing_ = false;
  bool outOfExtent_ = false;
  int64_t extentByte_ = 0;
  int extentWarp_ = 0, extentLane_ = 0;
  std::unordered_map<PatternKey, model::Wavefronts, PatternHash> patterns_;
  bool keepCostByLanes_ = false;  // in a loop with sameCostForSameLanes
  std::vector<std::pair<LaneMask, model::Wavefronts>> costByLanes_;
  int warp_ = 0;
  std::vector<Leaf>* recorded_ = nullptr;  // the current warp's leaves, while forEachWarp records them
  uint64_t leaves_ = 0;
  uint64_t steps_ = 0;  // loop iterations stepped through (MapperLimits::maxLoopSteps)
  uint64_t visits_ = 0;  // calls of leaf(): cases some lane executes (the work the enumeration took)
  bool stop_ = false;
  bool realigned_ = false;  // realignShiftedLanes noted once
  // A value was admitted only because the address is one for the whole warp (prepare).
  bool anyPlaceForTheWarp_ = false;
  bool haveWorst_ = false;
};

}  // namespace

namespace {
// At most this many uniform choices are split (2^N mappings of one access).
constexpr int kMaxUniformChoices = 3;

AccessResult mapWithChoices(const ir::TranslationUnit& tu, const ir::Access& access, const ir::LaunchShape& shape, const WidthPlan& plan,
                            const MapperLimits& limits, int choicesLeft) {
  Mapper m(tu, access, shape, plan, limits);
  AccessResult r = m.run();
  // A choice every lane makes alike on values the analysis cannot know (UniformChoices.h): each
  // side mapped on its own, the worse reported. Only where the access was not computed as it is.
  if (r.status != AccessResult::Status::Unknown || choicesLeft == 0 || limits.probeExtent) return r;
  // Merged with a neighbour, the instruction has that access's address: the choice is made there.
  ir::Access addressed = access;
  WidthPlan own = plan;
  if (plan.mergedWith >= 0) {
    const ir::Access& first = tu.accesses[static_cast<size_t>(plan.mergedWith)];
    addressed.array = first.array;
    addressed.byteOffset = first.byteOffset;
    own.mergedWith = -1;
  }
  if (!addressed.byteOffset) return r;
  const std::optional<UniformChoice> choice = uniformChoiceIn(addressed.byteOffset, tu.kernel(access.kernelInstance), access.loops);
  if (!choice) return r;
  ir::Access whenTrue = addressed, whenFalse = addressed;
  whenTrue.byteOffset = choice->ifTrue;
  whenFalse.byteOffset = choice->ifFalse;
  AccessResult t = mapWithChoices(tu, whenTrue, shape, own, limits, choicesLeft - 1);
  AccessResult f = mapWithChoices(tu, whenFalse, shape, own, limits, choicesLeft - 1);
  // A side that is not computed leaves the access unknown, for that side's reason when it has its own.
  for (AccessResult* side : {&t, &f})
    if (side->status != AccessResult::Status::Computed) {
      if (side->unknownReason != r.unknownReason)
        r.unknownReason = "where " + ir::toString(choice->condition) + " is " + (side == &t ? "true" : "false") + ", " + side->unknownReason;
      return r;
    }
  const double waysTrue = t.ways(), waysFalse = f.ways();
  const bool trueWorse = waysTrue > waysFalse + 1e-9 || (waysTrue > waysFalse - 1e-9 && t.totalWavefronts >= f.totalWavefronts);
  const uint64_t work = r.enumerated + t.enumerated + f.enumerated;
  AccessResult worse = trueWorse ? std::move(t) : std::move(f);
  worse.notes.push_back("the address chooses on " + ir::toString(choice->condition) +
                        ", the same in every lane of a warp and unknown to the analysis: both sides computed (" + waysText(waysTrue) +
                        " when true, " + waysText(waysFalse) + " when false), the worse reported");
  worse.enumerated = work;
  return worse;
}
}  // namespace

AccessResult mapAccess(const ir::TranslationUnit& tu, const ir::Access& access, const ir::LaunchShape& shape,
                       const WidthPlan& plan, const MapperLimits& limits) {
  AccessResult r = mapWithChoices(tu, access, shape, plan, limits, kMaxUniformChoices);
  // One note per fact: an assumption met in every inlined or unrolled copy of a loop (`break at
  // line 393` under four nested calls) is said once, where it was first said.
  std::vector<std::string> unique;
  for (std::string& n : r.notes)
    if (std::find(unique.begin(), unique.end(), n) == unique.end()) unique.push_back(std::move(n));
  r.notes = std::move(unique);
  return r;
}

}  // namespace bankcheck::mapper
