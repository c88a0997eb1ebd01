#include "frontend/LocalArrays.h"

#include <algorithm>

namespace bankcheck::frontend {

namespace {

const ir::Expr* withoutCasts(const ir::ExprRef& e) {
  const ir::Expr* x = e.get();
  while (x && x->kind == ir::ExprKind::Cast) x = x->a.get();
  return x;
}

// The element count below one index of each dimension (row-major).
std::vector<int64_t> stridesOf(const std::vector<int64_t>& dims) {
  std::vector<int64_t> strides(dims.size(), 1);
  for (size_t d = dims.size(); d-- > 1;) strides[d - 1] = strides[d] * dims[d];
  return strides;
}

// The row-major element number of constant `indices`: nothing when one is not a constant;
// `inBounds` false when one is outside its dimension.
std::optional<int64_t> flatIndex(const std::vector<int64_t>& dims, const std::vector<ir::ExprRef>& indices, bool& inBounds) {
  const std::vector<int64_t> strides = stridesOf(dims);
  int64_t flat = 0;
  inBounds = true;
  for (size_t d = 0; d < indices.size(); ++d) {
    int64_t i = 0;
    if (!ir::isConst(indices[d], &i)) return std::nullopt;
    if (i < 0 || i >= dims[d]) inBounds = false;
    flat += i * strides[d];
  }
  return flat;
}

int64_t countOf(const std::vector<int64_t>& dims) {
  int64_t n = 1;
  for (int64_t d : dims) n *= d;
  return n;
}

// `value` with each symbol of `symbols` replaced by the matching index.
SymbolicValue substituted(const SymbolicValue& value, const std::vector<int>& symbols, const std::vector<ir::ExprRef>& indices) {
  SymbolicValue out = value;
  if (!out.expr) return out;
  out.expr = ir::substituteSymbols(out.expr, [&](int id) -> ir::ExprRef {
    for (size_t d = 0; d < symbols.size(); ++d)
      if (symbols[d] == id) return ir::makeCast(indices[d], ir::IntType::int32());
    return nullptr;
  });
  out.pieces.complete = false;  // an element of a local array, not a term written at the access
  return out;
}

}  // namespace

LocalArrayContents::Array& LocalArrayContents::declare(const void* var, std::string name, std::vector<int64_t> dims, size_t loopDepth,
                                                     size_t predicates) {
  Array& a = arrays_[var];
  a = Array();
  a.name = std::move(name);
  a.dims = std::move(dims);
  a.loopDepth = loopDepth;
  a.predicates = predicates;
  return a;
}

LocalArrayContents::Array* LocalArrayContents::find(const void* var) {
  auto it = arrays_.find(var);
  return it == arrays_.end() ? nullptr : &it->second;
}

std::vector<ir::ExprRef> LocalArrayContents::indicesOf(const Array& a, int64_t flat) {
  const std::vector<int64_t> strides = stridesOf(a.dims);
  std::vector<ir::ExprRef> indices;
  for (size_t d = 0; d < a.dims.size(); ++d) indices.push_back(ir::makeConst((flat / strides[d]) % a.dims[d], ir::IntType::int64()));
  return indices;
}

void LocalArrayContents::lose(Array& a, std::string why) {
  if (a.lostReason.empty()) a.lostReason = std::move(why);
  a.comprehension.reset();
  a.elements.clear();
}

std::optional<SymbolicValue> LocalArrayContents::read(const Array& a, const std::vector<ir::ExprRef>& indices, std::string& why) const {
  if (!a.lostReason.empty()) {
    why = a.lostReason;
    return std::nullopt;
  }
  if (a.changingInLoops > 0) {
    why = a.changingReason;
    return std::nullopt;
  }
  bool inBounds = true;
  const std::optional<int64_t> flat = flatIndex(a.dims, indices, inBounds);
  if (!inBounds) {
    why = "an index of local array '" + a.name + "' out of its bounds";
    return std::nullopt;
  }
  if (flat) {
    if (auto it = a.elements.find(*flat); it != a.elements.end()) return it->second;
    if (a.comprehension) return substituted(*a.comprehension, a.comprehensionSymbols, indices);
    why = "an element of local array '" + a.name + "' that was not written";
    return std::nullopt;
  }
  if (a.comprehension && a.elements.empty()) return substituted(*a.comprehension, a.comprehensionSymbols, indices);
  // Every element known, one by one: a choice among them by the index.
  const int64_t count = countOf(a.dims);
  if (!a.comprehension && static_cast<int64_t>(a.elements.size()) == count && count <= 64) {
    const SymbolicValue& first = a.elements.begin()->second;
    const bool sameKind = std::all_of(a.elements.begin(), a.elements.end(), [&](const auto& e) {
      return e.second.kind == first.kind && e.second.expr && (first.kind == SymbolicValue::Kind::Int || e.second.sameObject(first));
    });
    if (sameKind && (first.kind == SymbolicValue::Kind::Int || first.kind == SymbolicValue::Kind::SharedPtr ||
                     first.kind == SymbolicValue::Kind::SharedAddr || first.kind == SymbolicValue::Kind::GlobalPtr)) {
      const std::vector<int64_t> strides = stridesOf(a.dims);
      ir::ExprRef index = ir::makeConst(0, ir::IntType::int64());
      for (size_t d = 0; d < indices.size(); ++d)
        index = ir::addBytes(index, ir::mulBytes(ir::makeCast(indices[d], ir::IntType::int64()), strides[d]));
      SymbolicValue out = a.elements.rbegin()->second;
      for (auto it = std::next(a.elements.rbegin()); it != a.elements.rend(); ++it)
        out.expr = ir::makeSelect(ir::makeBinary(ir::BinaryOp::EQ, index, ir::makeConst(it->first, ir::IntType::int64()), ir::IntType::boolean()),
                                  it->second.expr, out.expr, out.expr->type);
      out.pieces.complete = false;
      return out;
    }
  }
  why = "local array '" + a.name + "' indexed by a value that is not a constant, where its elements were written one by one";
  return std::nullopt;
}

void LocalArrayContents::write(Array& a, const std::vector<ir::ExprRef>& indices, const SymbolicValue& value,
                               const std::vector<ActiveLoop>& loops, size_t predicates, const std::function<bool(int, size_t)>& variesInLoop,
                               int line) {
  if ((value.kind == SymbolicValue::Kind::SharedPtr || value.kind == SymbolicValue::Kind::SharedAddr ||
       (value.kind == SymbolicValue::Kind::Other && value.array >= 0)) &&
      a.pointsInto < 0)
    a.pointsInto = value.array;
  if (!a.lostReason.empty()) return;
  const std::string at = "local array '" + a.name + "' is written at line " + std::to_string(line);
  // Written under a condition, or in an iteration a lane may leave early: which elements hold
  // what is not one answer.
  const size_t base = a.loopDepth < loops.size() ? loops[a.loopDepth].predicateBase : predicates;
  if (predicates != a.predicates || base != a.predicates) return lose(a, at + " under a condition");
  for (size_t l = a.loopDepth; l < loops.size(); ++l)
    if (loops[l].leavesEarly) return lose(a, at + " in a loop whose iterations may end early (line " + std::to_string(loops[l].line) + ")");
  bool inBounds = true;
  const std::optional<int64_t> flat = flatIndex(a.dims, indices, inBounds);
  if (!inBounds) return lose(a, at + " out of its bounds");
  ir::ExprFeatures features;
  if (value.expr) features = ir::featuresOf(value.expr);
  if (flat) {
    // Inside a loop, the element takes the value of the last iteration: kept only when it is the
    // same in every iteration.
    for (int s : features.symbols)
      if (variesInLoop(s, a.loopDepth)) return lose(a, at + " with a value that changes across the iterations of a loop");
    a.elements[*flat] = value;
    return;
  }
  // A comprehension: each index is the counter of one of the loops inside the array's scope, every
  // one of them, each running once per element.
  const size_t inside = loops.size() - a.loopDepth;
  if (inside != indices.size()) return lose(a, at + " with an index that is neither a constant nor the counter of its loop");
  std::vector<int> symbols;
  for (size_t d = 0; d < indices.size(); ++d) {
    const ir::Expr* x = withoutCasts(indices[d]);
    const auto loop = std::find_if(loops.begin() + static_cast<std::ptrdiff_t>(a.loopDepth), loops.end(),
                                   [&](const ActiveLoop& l) { return x && x->kind == ir::ExprKind::Symbol && x->symbol == l.iterSymbol; });
    if (loop == loops.end() || std::count(symbols.begin(), symbols.end(), loop->iterSymbol))
      return lose(a, at + " with an index that is neither a constant nor the counter of its loop");
    if (loop->tripCount != a.dims[d])
      return lose(a, at + " in a loop that does not run once per element (line " + std::to_string(loop->line) + ")");
    symbols.push_back(loop->iterSymbol);
  }
  for (int s : features.symbols)
    if (variesInLoop(s, a.loopDepth) && !std::count(symbols.begin(), symbols.end(), s))
      return lose(a, at + " with a value that changes across the iterations of a loop other than its index");
  a.elements.clear();
  a.comprehension = value;
  a.comprehensionSymbols = std::move(symbols);
}

}  // namespace bankcheck::frontend
