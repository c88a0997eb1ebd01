#include "rules/SyncAnalysis.h"

#include <algorithm>
#include <map>
#include <memory>
#include <set>

#include "ir/IntSemantics.h"
#include "mapper/BlockShapes.h"
#include "mapper/LaneEvaluator.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/Parallel.h"

namespace bankcheck::rules {

namespace {
using Kind = SyncFinding::Kind;
using Env = std::vector<std::optional<int64_t>>;  // symbol id -> value in the iteration simulated
using EnvRef = std::shared_ptr<const Env>;

constexpr size_t kMaxStates = 16;
constexpr int64_t kDefaultIterations = 4;
constexpr int64_t kMaxIterations = 10;
constexpr int64_t kMaxInnerIterations = 64;
constexpr int64_t kEvaluationBudget = 6'000'000;

// ---- scalar evaluation of an expression for one thread ----
struct Thread {
  int64_t idx[3] = {0, 0, 0};
  int64_t dim[3] = {1, 1, 1};
};

std::optional<int64_t> evaluate(const ir::Expr& e, const Thread& t, const Env& env) {
  switch (e.kind) {
    case ir::ExprKind::Const: return e.value;
    case ir::ExprKind::Builtin: {
      const int b = static_cast<int>(e.builtin);
      if (b <= 2) return t.idx[b];
      if (b <= 5) return 0;  // blockIdx: the same in both accesses compared; block 0
      if (b <= 8) return t.dim[b - 6];
      return std::nullopt;   // gridDim
    }
    case ir::ExprKind::Symbol: {
      const size_t id = static_cast<size_t>(e.symbol);
      if (id >= env.size() || !env[id]) return std::nullopt;
      return ir::wrapToType(*env[id], e.type);
    }
    case ir::ExprKind::Unknown: return std::nullopt;
    case ir::ExprKind::Unary: {
      auto a = evaluate(*e.a, t, env);
      if (!a) return std::nullopt;
      return ir::applyUnary(e.unaryOp, *a, e.type);
    }
    case ir::ExprKind::Cast: {
      auto a = evaluate(*e.a, t, env);
      if (!a) return std::nullopt;
      return ir::wrapToType(*a, e.type);
    }
    case ir::ExprKind::Select: {
      auto c = evaluate(*e.a, t, env);
      if (!c) return std::nullopt;
      auto v = evaluate(*c != 0 ? *e.b : *e.c, t, env);
      if (!v) return std::nullopt;
      return ir::wrapToType(*v, e.type);
    }
    case ir::ExprKind::Binary: {
      auto a = evaluate(*e.a, t, env);
      if (!a) return std::nullopt;
      if (e.binaryOp == ir::BinaryOp::LogicalAnd || e.binaryOp == ir::BinaryOp::LogicalOr) {
        if ((*a != 0) != (e.binaryOp == ir::BinaryOp::LogicalAnd)) return int64_t(*a != 0);
        auto b = evaluate(*e.b, t, env);
        if (!b) return std::nullopt;
        return int64_t(*b != 0);
      }
      auto b = evaluate(*e.b, t, env);
      if (!b) return std::nullopt;
      ir::EvalStatus st = ir::EvalStatus::Ok;
      const int64_t v = ir::applyBinary(e.binaryOp, *a, *b, e.a->type, e.type, st);
      if (st != ir::EvalStatus::Ok) return std::nullopt;
      return v;
    }
  }
  return std::nullopt;
}

bool mentionsGridDim(const ir::Expr& e) {
  if (e.kind == ir::ExprKind::Builtin)
    return e.builtin == ir::BuiltinVar::GridDimX || e.builtin == ir::BuiltinVar::GridDimY || e.builtin == ir::BuiltinVar::GridDimZ;
  return (e.a && mentionsGridDim(*e.a)) || (e.b && mentionsGridDim(*e.b)) || (e.c && mentionsGridDim(*e.c));
}

bool containsSync(const ir::SyncNode& n) {
  bool found = false;
  ir::forEachEvent(n, [&](const ir::SyncEvent& e) {
    found |= e.kind == ir::SyncEventKind::Commit || e.kind == ir::SyncEventKind::Wait || e.kind == ir::SyncEventKind::Barrier;
  });
  return found;
}
bool containsKind(const ir::SyncNode& n, ir::SyncEventKind k) {
  bool found = false;
  ir::forEachEvent(n, [&](const ir::SyncEvent& e) { found |= e.kind == k; });
  return found;
}

// Where a fill or a read goes: an array and, for a staged array, the stage. `known` is false when
// the analysis cannot tell which part of the array (a buffer selected by a byte offset that
// changes with the pipelined loop, a destination not resolved).
struct Region {
  int array = -1;
  bool known = false;
  bool staged = false;
  std::string stage;  // "#3" evaluated, or the expression's text after substitution
  int64_t stageValue = -1;
  bool operator==(const Region& o) const { return array == o.array && stage == o.stage; }
};
bool mustAlias(const Region& a, const Region& b) { return a.known && b.known && a.array == b.array && a.stage == b.stage; }

struct Touch {
  const ir::SyncEvent* ev = nullptr;
  Region region;
  EnvRef env;
  int mainSerial = -1;                 // the iteration of the tiled main loop it happened in
  const ir::SyncNode* mainLoop = nullptr;
  std::vector<int> serials;            // the iterations of the simulated loops around it
  const ir::SyncEvent* completedBy = nullptr;  // a fill: the wait that completed it
};

struct Group {
  std::vector<Touch> fills;
  const ir::SyncEvent* commit = nullptr;
  int mainSerial = -1;
  const ir::SyncEvent* leftPendingBy = nullptr;  // the last wait that left it in flight
};

struct WaitCandidate {
  const ir::SyncEvent* wait = nullptr;
  std::vector<Group> groups;  // in flight at the wait, oldest first
  int mainSerial = -1;
  const ir::SyncNode* mainLoop = nullptr;
  std::set<std::string> readAfter;  // "array/stage" read after the wait in the iteration
  std::set<int> arraysRead;
};

struct State {
  std::vector<Touch> uncommitted;
  std::vector<Group> inflight;   // oldest first
  std::vector<Touch> completed;  // completed by a wait, not yet published by a barrier
  std::vector<Touch> writes;     // since the last barrier (plain stores and copies)
  std::vector<Touch> reads;      // since the last barrier
  std::vector<WaitCandidate> candidates;
  std::map<std::string, bool> decisions;
  std::string pathNote;

  std::string signature() const {
    std::string s;
    auto add = [&](const std::vector<Touch>& v) {
      for (const Touch& t : v) s += std::to_string(reinterpret_cast<uintptr_t>(t.ev)) + t.region.stage + ",";
      s += ";";
    };
    add(uncommitted);
    for (const Group& g : inflight) add(g.fills);
    s += "|";
    add(completed);
    s += std::to_string(candidates.size());
    return s;
  }
};

template <class T>
void appendUnique(std::vector<T>& into, const std::vector<T>& from) {
  for (const T& t : from) {
    bool dup = false;
    for (const T& u : into) dup |= u.ev == t.ev && u.region == t.region && u.env == t.env;
    if (!dup) into.push_back(t);
  }
}

class Simulator {
 public:
  Simulator(const ir::TranslationUnit& tu, const ir::KernelInstance& k, const std::set<Kind>& wanted)
      : tu_(tu), k_(k), wanted_(wanted) {
    env_ = std::make_shared<Env>(k.symbols.size());
    Env& e = const_cast<Env&>(*env_);
    for (const ir::Symbol& s : k.symbols)
      if (s.kind == ir::SymbolKind::ArrayStride) e[static_cast<size_t>(s.id)] = s.value;
    for (size_t i = 0; i < mapper::blockShapeCount(k); ++i) {
      const ir::LaunchShape& s = mapper::blockShape(k, i);
      if (s.known && !s.assumed && s.threads() > 0 && s.threads() <= 1024) shapes_.push_back(s);
    }
    markUnknownRegions();
  }

  void run(std::vector<SyncFinding>& out) {
    states_.assign(1, State{});
    runNode(k_.syncEvents->root);
    if (lost_) return;
    for (SyncFinding& f : findings_) out.push_back(std::move(f));
  }

 private:
  struct Frame {
    const ir::SyncNode* node = nullptr;
    int serial = -1;
    bool pipelined = false;  // holds a commit and a wait
    int64_t iteration = -1;  // of `node`'s loop, while it is simulated iteration by iteration
  };

  bool wants(Kind k) const { return wanted_.count(k) > 0; }

  // Arrays that are not staged and whose accesses move with a loop that synchronizes (a flat
  // buffer selected by offset), or whose offsets are not known: their regions are unknown.
  void markUnknownRegions() {
    std::set<int> syncLoops;
    collectSyncLoops(k_.syncEvents->root, syncLoops);
    ir::forEachEvent(k_.syncEvents->root, [&](const ir::SyncEvent& e) {
      if (e.array < 0 || e.stage) return;
      if (e.access < 0) {
        unknownArrays_.insert(e.array);
        return;
      }
      const ir::Access& a = tu_.accesses[static_cast<size_t>(e.access)];
      ir::ExprRef off = a.byteOffset;
      for (int arr = a.array; arr >= 0 && off; arr = tu_.array(arr).carvedFrom)
        if (tu_.array(arr).carveOffset) off = ir::addBytes(off, tu_.array(arr).carveOffset);
      if (!off || ir::findUnknown(off)) {
        unknownArrays_.insert(e.array);
        return;
      }
      for (int sym : ir::featuresOf(off).symbols) {
        const ir::Symbol& s = k_.symbols[static_cast<size_t>(sym)];
        // A warp-uniform value that changes across the iterations (a pipeline offset) moves too.
        if ((s.kind == ir::SymbolKind::LoopIteration || s.kind == ir::SymbolKind::Uniform) && s.loop >= 0 && syncLoops.count(s.loop))
          unknownArrays_.insert(e.array);
      }
    });
  }
  void collectSyncLoops(const ir::SyncNode& n, std::set<int>& out) {
    if (n.kind == ir::SyncNode::Kind::Loop && n.loop >= 0 && containsSync(n)) out.insert(n.loop);
    for (const ir::SyncNode& c : n.children) collectSyncLoops(c, out);
  }

  Region regionOf(const ir::SyncEvent& e) const {
    Region r;
    r.array = e.array;
    if (e.array < 0 || unknownArrays_.count(e.array)) return r;
    if (!e.stage) {
      r.known = true;
      return r;
    }
    r.staged = true;
    // Loop iterations not simulated one by one: their first iteration stands for all (a copy
    // loop's rows stay inside one stage).
    Env env = *env_;
    for (const ir::Symbol& s : k_.symbols)
      if (s.kind == ir::SymbolKind::LoopIteration && !env[static_cast<size_t>(s.id)]) env[static_cast<size_t>(s.id)] = 0;
    if (auto v = evaluate(*e.stage, Thread{}, env)) {
      r.known = true;
      r.stage = "#" + std::to_string(*v);
      r.stageValue = *v;
      return r;
    }
    // Not a number (a parameter in it): the expression itself, iterations substituted.
    ir::ExprRef sub = ir::substituteSymbols(e.stage, [&](int id) -> ir::ExprRef {
      const auto& v = env[static_cast<size_t>(id)];
      return v ? ir::makeConst(*v, ir::IntType::int64()) : nullptr;
    });
    if (ir::findUnknown(sub)) return r;
    r.known = true;
    r.stage = ir::toString(sub);
    return r;
  }

  Touch touch(const ir::SyncEvent& e) {
    Touch t;
    t.ev = &e;
    t.region = regionOf(e);
    t.env = env_;
    for (const Frame& f : frames_) {
      t.serials.push_back(f.serial);
      if (f.node->mainLoop) {
        t.mainSerial = f.serial;
        t.mainLoop = f.node;
      }
    }
    return t;
  }

  // ---- footprints: which threads touch which 4-byte words ----

  // The loops around `a` whose iterations the simulation did not fix, with the most iterations
  // any thread of the block runs (each thread's own count is checked per iteration).
  bool freeLoops(const ir::Access& a, const Env& env, const ir::LaunchShape& shape, std::vector<const ir::Loop*>& loops,
                 std::vector<int64_t>& counts) {
    for (int id : a.loops) {
      const ir::Loop& l = k_.loops[static_cast<size_t>(id)];
      if (env[static_cast<size_t>(l.iterSymbol)]) continue;
      if (!l.condition) return false;
      Env e = env;
      int64_t most = 0;
      const int threads = l.condition->lanesVary() ? static_cast<int>(shape.threads()) : 1;
      for (int tid = 0; tid < threads; ++tid) {
        Thread th = threadOf(tid, shape);
        int64_t n = 0;
        for (; n < kMaxInnerIterations; ++n) {
          e[static_cast<size_t>(l.iterSymbol)] = n;
          auto c = evaluate(*l.condition, th, e);
          if (!c) return false;
          if (!*c) break;
        }
        most = std::max(most, n);
        budget_ -= n;
      }
      loops.push_back(&l);
      counts.push_back(most);
    }
    return true;
  }
  static Thread threadOf(int tid, const ir::LaunchShape& shape) {
    Thread th;
    th.dim[0] = shape.x, th.dim[1] = shape.y, th.dim[2] = shape.z;
    th.idx[0] = tid % shape.x, th.idx[1] = tid / shape.x % shape.y, th.idx[2] = tid / (shape.x * shape.y);
    return th;
  }

  // Calls f(thread, word) for every 4-byte word thread `t` touches; false when not computable.
  // The 32 threads of a warp are evaluated together (mapper::evaluateLanes walks an expression
  // once for the warp, and once in all for its parts no thread index reaches); where that cannot
  // give what the thread-by-thread evaluation gives (gridDim, which is not known here, or a value
  // not assigned), the warp's threads are evaluated one by one.
  template <class F>
  bool forEachWord(const Touch& t, const ir::LaunchShape& shape, const F& f) {
    if (!t.ev || t.ev->access < 0) return false;
    const ir::Access& a = tu_.accesses[static_cast<size_t>(t.ev->access)];
    ir::ExprRef off = a.byteOffset;
    for (int arr = a.array; arr >= 0 && off; arr = tu_.array(arr).carvedFrom)
      if (tu_.array(arr).carveOffset) off = ir::addBytes(off, tu_.array(arr).carveOffset);
    if (!off || ir::findUnknown(off)) return false;
    const bool matrix = a.kind == ir::AccessKind::MatrixLoad || a.kind == ir::AccessKind::MatrixStore;
    const unsigned width = matrix ? 16 : std::max(1u, a.widthBytes);
    Env env = *t.env;
    std::vector<const ir::Loop*> loops;
    std::vector<int64_t> counts;
    if (!freeLoops(a, env, shape, loops, counts)) return false;
    int64_t combos = 1;
    for (int64_t n : counts) combos *= std::max<int64_t>(n, 1);
    if (combos > 4096) return false;
    // Which of the enumerated loops an expression reads: one that reads none of the loops that
    // changed since the previous combination keeps its value, and is not evaluated again.
    auto loopsRead = [&](const ir::ExprRef& e) {
      if (loops.size() > 64) return ~uint64_t{0};
      uint64_t mask = 0;
      const std::vector<int> symbols = ir::featuresOf(e).symbols;
      for (size_t i = 0; i < loops.size(); ++i)
        if (std::binary_search(symbols.begin(), symbols.end(), loops[i]->iterSymbol)) mask |= uint64_t{1} << i;
      return mask;
    };
    std::vector<Evaluated> conditions;
    for (int id : a.loops)
      if (const ir::ExprRef& c = k_.loops[static_cast<size_t>(id)].condition)
        conditions.push_back({c.get(), !mentionsGridDim(*c), loopsRead(c)});
    std::vector<Evaluated> predicates;
    for (const ir::Predicate& p : a.predicates)
      if (p.condition) predicates.push_back({p.condition.get(), !mentionsGridDim(*p.condition), loopsRead(p.condition)});
    const Evaluated offset{off.get(), !mentionsGridDim(*off), loopsRead(off)};

    mapper::LaneContext ctx;
    ctx.blockDim[0] = shape.x, ctx.blockDim[1] = shape.y, ctx.blockDim[2] = shape.z;
    ctx.symbols.assign(env.size(), 0);
    ctx.symbolSet.assign(env.size(), 0);
    for (size_t id = 0; id < env.size(); ++id)
      if (env[id]) ctx.symbols[id] = *env[id], ctx.symbolSet[id] = 1;
    const int threads = static_cast<int>(shape.threads());
    // Per warp, the lanes each condition and predicate is false in, as last evaluated (for the
    // whole warp: a lane's value does not depend on the other lanes evaluated), and the loops
    // that changed since then.
    struct Cached {
      mapper::LaneMask falseLanes = 0;
      uint64_t stale = 0;
      bool valid = false;
    };
    std::vector<Cached> conditionFalse(conditions.size()), predicateFalse(predicates.size());
    std::vector<int64_t> previous(loops.size());
    for (int warp = 0; warp * mapper::kWarpSize < threads; ++warp) {
      mapper::LaneMask lanes = 0;
      for (int l = 0; l < mapper::kWarpSize; ++l) {
        const int tid = warp * mapper::kWarpSize + l;
        if (tid >= threads || (matrix && l >= static_cast<int>(8 * std::max(1u, a.matrices)))) continue;
        lanes |= 1u << l;
        const Thread th = threadOf(tid, shape);
        for (int d = 0; d < 3; ++d) ctx.threadIdx[d][static_cast<size_t>(l)] = th.idx[d];
      }
      for (Cached& k : conditionFalse) k = Cached{};
      for (Cached& k : predicateFalse) k = Cached{};
      auto falseLanes = [&](const Evaluated& e, Cached& k) {
        if (!k.valid || (e.loopsRead & k.stale)) {
          k.falseLanes = evaluateWarp(e, warp, lanes, ctx, env, shape).falseLanes();
          k.valid = true;
          k.stale = 0;
        }
        return k.falseLanes;
      };
      mapper::LaneMask offsetActive = 0;  // the lanes the offset was last applied for
      uint64_t offsetStale = 0;          // the loops that changed since
      for (int64_t c = 0; c < combos; ++c) {
        int64_t rest = c;
        mapper::LaneMask running = lanes;
        uint64_t changed = 0;
        for (size_t i = 0; i < loops.size(); ++i) {
          const int64_t n = std::max<int64_t>(counts[i], 1);
          const size_t id = static_cast<size_t>(loops[i]->iterSymbol);
          if (c == 0 || previous[i] != rest % n) changed |= i < 64 ? uint64_t{1} << i : ~uint64_t{0};
          previous[i] = rest % n;
          env[id] = rest % n;
          ctx.symbols[id] = rest % n, ctx.symbolSet[id] = 1;
          rest /= n;
          if (counts[i] == 0) running = 0;
        }
        for (Cached& k : conditionFalse) k.stale |= changed;
        for (Cached& k : predicateFalse) k.stale |= changed;
        offsetStale |= changed;
        // Each thread's own loop conditions: a thread whose loop has ended does not access.
        for (size_t i = 0; i < conditions.size(); ++i) {
          if (!running) break;
          running &= ~falseLanes(conditions[i], conditionFalse[i]);
        }
        if (!running) continue;
        for (int n = __builtin_popcount(running); n > 0; --n) {
          if (budget_ <= 0) return false;
          budget_ -= 4;
        }
        mapper::LaneMask active = running;
        for (size_t i = 0; i < predicates.size(); ++i) {  // a predicate not computable is assumed true
          if (!active) break;
          active &= ~falseLanes(predicates[i], predicateFalse[i]);
        }
        if (!active) continue;
        // The same words for the same threads again: f would add nothing.
        if (offsetActive == active && !(offset.loopsRead & offsetStale)) continue;
        const WarpValues v = evaluateWarp(offset, warp, active, ctx, env, shape);
        if ((v.known & active) != active) return false;
        offsetActive = active;
        offsetStale = 0;
        for (int l = 0; l < mapper::kWarpSize; ++l) {
          if (!(active >> l & 1)) continue;
          const int64_t at = v.values[static_cast<size_t>(l)];
          for (int64_t w = at / 4; w <= (at + width - 1) / 4; ++w) f(warp * mapper::kWarpSize + l, w);
        }
      }
    }
    return true;
  }

  // An expression, and whether the lane evaluator gives what this rule's own evaluation gives
  // (not when it names gridDim, which is unknown here and which the lane evaluator cannot express).
  struct Evaluated {
    const ir::Expr* expr;
    bool byLanes;
    uint64_t loopsRead = ~uint64_t{0};  // bit i: reads the iteration of the i-th loop enumerated
  };
  struct WarpValues {
    mapper::Lanes values{};
    mapper::LaneMask known = 0;  // the lanes whose value was computed
    // The lanes where a condition is known to be false (one not computable is assumed true).
    mapper::LaneMask falseLanes() const {
      mapper::LaneMask out = 0;
      for (int l = 0; l < mapper::kWarpSize; ++l)
        if ((known >> l & 1) && values[static_cast<size_t>(l)] == 0) out |= 1u << l;
      return out;
    }
  };
  WarpValues evaluateWarp(const Evaluated& e, int warp, mapper::LaneMask lanes, const mapper::LaneContext& ctx, const Env& env,
                          const ir::LaunchShape& shape) {
    WarpValues out;
    if (e.byLanes) {
      mapper::EvalResult r;
      mapper::evaluateLanes(*e.expr, ctx, lanes, r);
      if (!r.missingSymbol) {
        out.values = r.values;
        out.known = lanes & ~r.failed;
        return out;
      }
    }
    for (int l = 0; l < mapper::kWarpSize; ++l)
      if (lanes >> l & 1)
        if (auto v = evaluate(*e.expr, threadOf(warp * mapper::kWarpSize + l, shape), env)) {
          out.values[static_cast<size_t>(l)] = *v;
          out.known |= 1u << l;
        }
    return out;
  }
  // The words a touch reaches under one shape, each with a thread that touches it and whether
  // another thread (1) or another warp (2) does too; null when not computable. A touch is checked
  // against many others, so this is kept per (event, environment, shape); the entry holds the
  // environment, so its address is not reused while it is a key.
  // (An open-addressing map: a footprint is built from up to millions of (thread, word) pairs.)
  using WordOwners = llvm::DenseMap<int64_t, std::pair<int, uint8_t>>;
  const WordOwners* touchWords(const Touch& touch, size_t shapeIndex) {
    const auto key = std::make_tuple(touch.ev, touch.env.get(), shapeIndex);
    auto it = touchWords_.find(key);
    if (it == touchWords_.end()) {
      auto words = std::make_shared<WordOwners>();
      const bool ok = forEachWord(touch, shapes_[shapeIndex], [&](int tid, int64_t w) {
        auto [at, inserted] = words->try_emplace(w, tid, uint8_t(0));
        if (!inserted && at->second.first != tid) {
          at->second.second |= 1;
          if (at->second.first / 32 != tid / 32) at->second.second |= 2;
        }
      });
      it = touchWords_.emplace(key, std::make_pair(touch.env, ok ? words : nullptr)).first;
    }
    return it->second.second.get();
  }

  // Whether a thread touching `reader`'s words meets a write of `writer` by another thread
  // (another warp when `crossWarpOnly`) under some block shape of a launch. nullopt: not known.
  std::optional<bool> otherThreadOverlap(const Touch& writer, const Touch& reader, bool crossWarpOnly) {
    if (shapes_.empty()) return std::nullopt;
    bool any = false;
    for (size_t shapeIndex = 0; shapeIndex < shapes_.size(); ++shapeIndex) {
      const WordOwners* written = touchWords(writer, shapeIndex);
      if (!written) return std::nullopt;
      const WordOwners* read = touchWords(reader, shapeIndex);
      if (!read) return std::nullopt;
      // A word both touch, by two threads (two warps): some pair of its writers and readers
      // differs unless each side has one thread (warp) and it is the same.
      const bool readSmaller = read->size() < written->size();
      const WordOwners& small = readSmaller ? *read : *written;
      const WordOwners& large = readSmaller ? *written : *read;
      for (const auto& [word, owner] : small) {
        auto other = large.find(word);
        if (other == large.end()) continue;
        const uint8_t flag = crossWarpOnly ? 2 : 1;
        const bool differ = crossWarpOnly ? owner.first / 32 != other->second.first / 32 : owner.first != other->second.first;
        if (differ || (owner.second & flag) || (other->second.second & flag)) {
          any = true;  // the other shapes must still be computable, as before
          break;
        }
      }
    }
    return any;
  }

  // ---- findings ----
  void report(SyncFinding f, const State& s) {
    if (!wants(f.kind)) return;
    const auto key = std::make_tuple(static_cast<int>(f.kind), f.at, f.other);
    if (!seen_.insert(key).second) return;
    if (f.pathNote.empty()) f.pathNote = s.pathNote;
    findings_.push_back(std::move(f));
  }
  std::string arrayName(int id) const { return id >= 0 ? tu_.array(id).name : std::string("?"); }
  SyncFinding finding(Kind k, const Touch& at, const Touch* other) const {
    SyncFinding f;
    f.kind = k;
    f.at = at.ev;
    f.other = other ? other->ev : nullptr;
    f.arrayName = arrayName(at.region.array >= 0 ? at.region.array : other ? other->region.array : -1);
    f.stageText = at.ev->stageText;
    f.stage = at.region.stageValue;
    if (other) f.otherStageText = other->ev->stageText;
    if (at.mainLoop) f.loop = at.mainLoop->loc;
    else if (!frames_.empty()) f.loop = frames_.back().node->loc;
    if (other) f.nextIteration = other->serials != at.serials;
    return f;
  }

  // A stage index that changes with a loop's iteration: the array is used as a ring of buffers
  // (`shared_vals[2][32]` indexed 0 and 1 for two different values is not).
  bool stageVaries(const ir::SyncEvent& e) const {
    if (!e.stage) return false;
    for (int sym : ir::featuresOf(e.stage).symbols)
      if (k_.symbols[static_cast<size_t>(sym)].kind == ir::SymbolKind::LoopIteration) return true;
    return false;
  }
  bool pingPong(const Touch& a, const Touch& b) const {
    return a.region.staged && a.mainSerial >= 0 && a.mainSerial == b.mainSerial && (stageVaries(*a.ev) || stageVaries(*b.ev));
  }

  // ---- the events ----
  void fill(State& s, const Touch& t) {
    for (const Touch& r : s.reads) {
      if (!mustAlias(r.region, t.region)) continue;
      if (pingPong(r, t)) {
        report(finding(Kind::PingPong, t, &r), s);
        continue;
      }
      if (!wants(Kind::WriteAfterRead)) continue;
      if (otherThreadOverlap(t, r, true).value_or(false)) report(finding(Kind::WriteAfterRead, t, &r), s);
    }
    s.writes.push_back(t);
  }

  void read(State& s, const Touch& t) {
    for (const Touch& f : s.uncommitted)
      if (mustAlias(f.region, t.region)) {
        if (pingPong(f, t)) report(finding(Kind::PingPong, t, &f), s);
        else report(finding(Kind::ReadUncommitted, t, &f), s);
      }
    for (size_t g = 0; g < s.inflight.size(); ++g)
      for (const Touch& f : s.inflight[g].fills)
        if (mustAlias(f.region, t.region)) {
          if (pingPong(f, t)) {
            report(finding(Kind::PingPong, t, &f), s);
            continue;
          }
          SyncFinding x = finding(Kind::ReadInFlight, t, &f);
          x.wait = s.inflight[g].leftPendingBy;
          x.commit = s.inflight[g].commit;
          x.groupsInFlight = static_cast<int>(s.inflight.size() - g);
          report(std::move(x), s);
        }
    for (const Touch& f : s.completed)
      if (mustAlias(f.region, t.region) && wants(Kind::ReadNotPublished) && otherThreadOverlap(f, t, false).value_or(false)) {
        SyncFinding x = finding(Kind::ReadNotPublished, t, &f);
        x.wait = f.completedBy;
        report(std::move(x), s);
      }
    for (const Touch& w : s.writes)
      if (w.ev->kind == ir::SyncEventKind::SharedWrite && mustAlias(w.region, t.region) && wants(Kind::ReadAfterWrite) &&
          otherThreadOverlap(w, t, true).value_or(false))
        report(finding(Kind::ReadAfterWrite, t, &w), s);
    s.reads.push_back(t);
    for (WaitCandidate& c : s.candidates)
      if (c.mainSerial == t.mainSerial && t.region.known) {
        c.readAfter.insert(std::to_string(t.region.array) + "/" + t.region.stage);
        c.arraysRead.insert(t.region.array);
      }
  }

  void commit(State& s, const ir::SyncEvent* at, int mainSerial) {
    Group g;
    g.fills = std::move(s.uncommitted);
    g.commit = at;
    g.mainSerial = mainSerial;
    s.uncommitted.clear();
    s.inflight.push_back(std::move(g));
  }

  void wait(State& s, const ir::SyncEvent& e, const Touch& here) {
    if (e.all) commit(s, &e, here.mainSerial);
    for (const Touch& f : s.uncommitted) {
      SyncFinding x = finding(Kind::CopiesNotCommitted, f, nullptr);
      x.wait = &e;
      report(std::move(x), s);
    }
    const size_t keep = e.oldest ? (s.inflight.empty() ? 0 : s.inflight.size() - 1)
                        : e.waitGroups < 0 ? 0 : static_cast<size_t>(e.waitGroups);
    if (e.waitGroups == 0 && !e.oldest && here.mainLoop) {
      WaitCandidate c;
      c.wait = &e;
      c.groups = s.inflight;
      c.mainSerial = here.mainSerial;
      c.mainLoop = here.mainLoop;
      if (!c.groups.empty() && c.groups.back().mainSerial == here.mainSerial) s.candidates.push_back(std::move(c));
    }
    while (s.inflight.size() > keep) {
      for (Touch& f : s.inflight.front().fills) {
        f.completedBy = &e;
        if (!e.completesForAll) s.completed.push_back(std::move(f));
      }
      s.inflight.erase(s.inflight.begin());
    }
    for (Group& g : s.inflight) g.leftPendingBy = &e;
    lastWait_ = &e;
    if (e.synchronizes) barrier(s);
  }

  void barrier(State& s) {
    s.completed.clear();
    s.writes.clear();
    s.reads.clear();
  }

  void endIteration(State& s, const Frame& f) {
    // Copies still uncommitted at the end of an iteration are not reported here: a loop may
    // commit them at the top of its next iteration. The wait that cannot count them reports them.
    if (!f.node->mainLoop) return;
    for (auto it = s.candidates.begin(); it != s.candidates.end();) {
      if (it->mainSerial != f.serial) {
        ++it;
        continue;
      }
      // The newest groups at the wait none of whose fills the rest of the iteration read.
      int unneeded = 0;
      bool staged = true;
      for (auto g = it->groups.rbegin(); g != it->groups.rend(); ++g) {
        bool read = g->fills.empty();
        for (const Touch& t : g->fills) {
          staged &= t.region.known && t.region.staged;
          read |= it->readAfter.count(std::to_string(t.region.array) + "/" + t.region.stage) > 0;
        }
        if (read) break;
        ++unneeded;
      }
      // Reported when the prefetch's array is read in another stage after the wait: the loop
      // computes on one stage while the other is filled.
      bool otherStageRead = false;
      if (!it->groups.empty())
        for (const Touch& t : it->groups.back().fills) otherStageRead |= it->arraysRead.count(t.region.array) > 0;
      bool varies = false;
      for (const Touch& t : it->groups.back().fills) varies |= stageVaries(*t.ev);
      if (unneeded > 0 && staged && varies && otherStageRead && !it->groups.back().fills.empty()) {
        const Touch& prefetch = it->groups.back().fills.front();
        SyncFinding x = finding(Kind::WaitAllInLoop, prefetch, nullptr);
        x.at = it->wait;
        x.other = prefetch.ev;
        x.wait = it->wait;
        x.suggestedWait = unneeded;
        x.otherStageText = prefetch.ev->stageText;
        x.arrayName = arrayName(prefetch.region.array);
        report(std::move(x), s);
      }
      it = s.candidates.erase(it);
    }
  }

  // ---- walking the program ----
  void runNode(const ir::SyncNode& n) {
    if (lost_) return;
    switch (n.kind) {
      case ir::SyncNode::Kind::Event: return runEvent(n.event);
      case ir::SyncNode::Kind::Sequence:
        for (const ir::SyncNode& c : n.children) runNode(c);
        return;
      case ir::SyncNode::Kind::Branch: return runBranch(n);
      case ir::SyncNode::Kind::Loop: return runLoop(n);
    }
  }

  void runEvent(const ir::SyncEvent& e) {
    const Touch here = touch(e);
    for (State& s : states_) {
      switch (e.kind) {
        case ir::SyncEventKind::AsyncCopy:
          if (e.commitsItself) {
            s.uncommitted.push_back(here);
            commit(s, &e, here.mainSerial);
          } else {
            s.uncommitted.push_back(here);
          }
          fill(s, here);
          break;
        case ir::SyncEventKind::SharedWrite: fill(s, here); break;
        case ir::SyncEventKind::SharedRead: read(s, here); break;
        case ir::SyncEventKind::Commit: commit(s, &e, here.mainSerial); break;
        case ir::SyncEventKind::Wait: wait(s, e, here); break;
        case ir::SyncEventKind::Barrier:
          if (e.barrier != ir::BarrierKind::Warp) barrier(s);
          break;
      }
    }
  }

  void merge(State& into, const State& from) {
    appendUnique(into.uncommitted, from.uncommitted);
    appendUnique(into.completed, from.completed);
    appendUnique(into.writes, from.writes);
    appendUnique(into.reads, from.reads);
    for (size_t g = 0; g < into.inflight.size() && g < from.inflight.size(); ++g) appendUnique(into.inflight[g].fills, from.inflight[g].fills);
  }

  void runBranch(const ir::SyncNode& n) {
    // A condition on a loop's iteration, in an iteration being simulated: that side only.
    if (!n.perIteration.empty())
      for (auto f = frames_.rbegin(); f != frames_.rend(); ++f) {
        const ir::SourceLoc& l = f->node->loc;
        if (f->iteration < 0 || l.line != n.iterationLoop.line || l.column != n.iterationLoop.column || l.file != n.iterationLoop.file)
          continue;
        if (static_cast<size_t>(f->iteration) < n.perIteration.size())
          return runNode(n.children[n.perIteration[static_cast<size_t>(f->iteration)] ? 0 : 1]);
        break;
      }
    if (!syncInside(n)) {
      // No commit, wait or barrier inside: both sides join (what either side did may have happened).
      std::vector<State> elseStates = states_;
      runNode(n.children[0]);
      std::vector<State> thenStates = std::move(states_);
      states_ = std::move(elseStates);
      runNode(n.children[1]);
      if (thenStates.size() != states_.size()) {
        lost_ = true;
        return;
      }
      for (size_t i = 0; i < states_.size(); ++i) merge(states_[i], thenStates[i]);
      return;
    }
    const std::vector<State> before = std::move(states_);
    const std::string key = n.conditionText + "@" + (frames_.empty() ? std::string("-") : std::to_string(frames_.back().serial));
    std::vector<State> result;
    for (int side = 0; side < 2; ++side) {
      states_.clear();
      for (const State& s : before) {
        auto d = s.decisions.find(key);
        if (d != s.decisions.end() && d->second != (side == 0)) continue;
        State c = s;
        c.decisions[key] = side == 0;
        if (side == 1 && !n.conditionText.empty())
          c.pathNote = "when the condition '" + n.conditionText + "' at line " + std::to_string(n.loc.line) + " is false";
        states_.push_back(std::move(c));
      }
      runNode(n.children[static_cast<size_t>(side)]);
      for (State& s : states_) result.push_back(std::move(s));
    }
    // The same bookkeeping reached on several paths is one state.
    std::vector<State> unique;
    for (State& s : result) {
      bool dup = false;
      for (State& u : unique)
        if (u.signature() == s.signature()) {
          merge(u, s);
          dup = true;
          break;
        }
      if (!dup) unique.push_back(std::move(s));
    }
    if (unique.size() > kMaxStates) lost_ = true;
    states_ = std::move(unique);
  }

  void setIteration(const ir::SyncNode& n, std::optional<int64_t> value) {
    if (n.loop < 0) return;
    const int sym = k_.loops[static_cast<size_t>(n.loop)].iterSymbol;
    auto env = std::make_shared<Env>(*env_);
    (*env)[static_cast<size_t>(sym)] = value;
    env_ = env;
  }

  void runLoop(const ir::SyncNode& n) {
    if (n.tripCount && *n.tripCount <= 0) return;
    const ir::SyncNode& body = n.children[0];
    if (!syncInside(n)) {
      // Nothing in it orders the others: one pass, its iterations left free.
      Frame f{&n, nextSerial_++, false};
      frames_.push_back(f);
      runNode(body);
      frames_.pop_back();
      return;
    }
    const int64_t iterations = n.tripCount ? std::min(*n.tripCount, kMaxIterations) : kDefaultIterations;
    const bool pipelined = kindInside(n, ir::SyncEventKind::Commit) && kindInside(n, ir::SyncEventKind::Wait);
    for (int64_t i = 0; i < iterations && !lost_; ++i) {
      setIteration(n, i);
      Frame f{&n, nextSerial_++, pipelined, i};
      frames_.push_back(f);
      runNode(body);
      for (State& s : states_) endIteration(s, f);
      frames_.pop_back();
    }
    setIteration(n, std::nullopt);
  }

  // containsSync / containsKind of a node, computed once: loops and branches are entered again in
  // every simulated iteration of the loops around them.
  bool syncInside(const ir::SyncNode& n) {
    auto [it, inserted] = syncInside_.try_emplace(&n, false);
    if (inserted) it->second = containsSync(n);
    return it->second;
  }
  bool kindInside(const ir::SyncNode& n, ir::SyncEventKind k) {
    auto [it, inserted] = kindInside_.try_emplace({&n, static_cast<int>(k)}, false);
    if (inserted) it->second = containsKind(n, k);
    return it->second;
  }
  std::map<const ir::SyncNode*, bool> syncInside_;
  std::map<std::pair<const ir::SyncNode*, int>, bool> kindInside_;

  const ir::TranslationUnit& tu_;
  const ir::KernelInstance& k_;
  const std::set<Kind>& wanted_;
  EnvRef env_;
  std::vector<ir::LaunchShape> shapes_;
  std::set<int> unknownArrays_;
  std::vector<State> states_;
  std::vector<Frame> frames_;
  int nextSerial_ = 0;
  bool lost_ = false;
  int64_t budget_ = kEvaluationBudget;
  std::map<std::tuple<const ir::SyncEvent*, const Env*, size_t>, std::pair<EnvRef, std::shared_ptr<const WordOwners>>> touchWords_;
  const ir::SyncEvent* lastWait_ = nullptr;
  std::set<std::tuple<int, const ir::SyncEvent*, const ir::SyncEvent*>> seen_;
  std::vector<SyncFinding> findings_;
};
}  // namespace

std::string lineOf(const ir::SourceLoc& l, const std::string& file) {
  if (l.file == file || l.file.empty()) return "line " + std::to_string(l.line);
  const size_t slash = l.file.find_last_of('/');
  return (slash == std::string::npos ? l.file : l.file.substr(slash + 1)) + ":" + std::to_string(l.line);
}
// Where an event shows: inside a device function, the kernel's call that leads to it.
ir::SourceSpan placeOf(const ir::SyncEvent& e) {
  if (e.inlinedAt.empty()) return e.span;
  ir::SourceSpan s;
  s.begin = s.end = e.inlinedAt.back();
  return s;
}

std::string lineOf(const ir::SyncEvent& e, const std::string& file) { return lineOf(placeOf(e).begin, file); }

report::Diagnostic eventDiagnostic(report::Level level, const std::string& check, const ir::SyncEvent& e, std::string message) {
  report::Diagnostic d;
  d.level = level;
  d.span = placeOf(e);
  if (d.span.end.line == 0) d.span.end = d.span.begin;
  d.checkName = check;
  d.message = std::move(message);
  return d;
}

report::Diagnostic eventNote(const ir::SyncEvent& e, std::string message) {
  report::Diagnostic d;
  d.level = report::Level::Note;
  d.span = placeOf(e);
  if (d.span.end.line == 0) d.span.end = d.span.begin;
  d.message = std::move(message);
  return d;
}

bool firstTime(std::set<std::string>& emitted, const report::Diagnostic& d) {
  return emitted.insert(d.span.begin.file + ":" + std::to_string(d.span.begin.line) + ":" + std::to_string(d.span.begin.column) + ":" + d.message).second;
}

std::vector<SyncFinding> analyzeSync(const CheckContext& ctx, const std::vector<SyncFinding::Kind>& wanted) {
  if (!ctx.syncCache) {
    ctx.syncCache = std::make_shared<SyncCache>();
    ctx.syncCache->all = analyzeSync(ctx.tu, {Kind::CopiesNotCommitted, Kind::ReadInFlight, Kind::ReadUncommitted, Kind::ReadNotPublished,
                                              Kind::WaitAllInLoop, Kind::PingPong, Kind::ReadAfterWrite, Kind::WriteAfterRead});
  }
  std::vector<SyncFinding> out;
  for (const SyncFinding& f : ctx.syncCache->all)
    if (std::find(wanted.begin(), wanted.end(), f.kind) != wanted.end()) out.push_back(f);
  return out;
}

std::vector<SyncFinding> analyzeSync(const ir::TranslationUnit& tu, const std::vector<SyncFinding::Kind>& wanted) {
  const std::set<Kind> want(wanted.begin(), wanted.end());
  // Kernel instances are simulated independently, spread over the cores like the mapper's
  // accesses (llvm::parallelFor); their findings are joined in kernel order.
  std::vector<std::vector<SyncFinding>> perKernel(tu.kernels.size());
  llvm::parallelFor(0, tu.kernels.size(), [&](size_t i) {
    const ir::KernelInstance& k = tu.kernels[i];
    if (!k.analyzed || !k.syncEvents || !k.syncEvents->complete) return;
    Simulator sim(tu, k, want);
    sim.run(perKernel[i]);
  });
  std::vector<SyncFinding> out;
  for (std::vector<SyncFinding>& findings : perKernel)
    for (SyncFinding& f : findings) out.push_back(std::move(f));
  return out;
}

}  // namespace bankcheck::rules
