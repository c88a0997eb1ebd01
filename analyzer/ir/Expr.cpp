#include "ir/Expr.h"

#include <algorithm>

#include "ir/IntSemantics.h"
#include "llvm/ADT/DenseMap.h"

namespace bankcheck::ir {

bool isComparison(BinaryOp op) {
  switch (op) {
    case BinaryOp::LT: case BinaryOp::GT: case BinaryOp::LE: case BinaryOp::GE:
    case BinaryOp::EQ: case BinaryOp::NE: return true;
    default: return false;
  }
}

bool isLogical(BinaryOp op) { return op == BinaryOp::LogicalAnd || op == BinaryOp::LogicalOr; }

const char* spelling(BinaryOp op) {
  switch (op) {
    case BinaryOp::Add: return "+";  case BinaryOp::Sub: return "-";
    case BinaryOp::Mul: return "*";  case BinaryOp::Div: return "/";
    case BinaryOp::Rem: return "%";  case BinaryOp::Shl: return "<<";
    case BinaryOp::Shr: return ">>"; case BinaryOp::And: return "&";
    case BinaryOp::Or: return "|";   case BinaryOp::Xor: return "^";
    case BinaryOp::LT: return "<";   case BinaryOp::GT: return ">";
    case BinaryOp::LE: return "<=";  case BinaryOp::GE: return ">=";
    case BinaryOp::EQ: return "==";  case BinaryOp::NE: return "!=";
    case BinaryOp::LogicalAnd: return "&&"; case BinaryOp::LogicalOr: return "||";
    case BinaryOp::Min: return "min"; case BinaryOp::Max: return "max";
  }
  return "?";
}

const char* spelling(BuiltinVar v) {
  static const char* names[] = {"threadIdx.x", "threadIdx.y", "threadIdx.z", "blockIdx.x",
                                "blockIdx.y",  "blockIdx.z",  "blockDim.x",  "blockDim.y",
                                "blockDim.z",  "gridDim.x",   "gridDim.y",   "gridDim.z"};
  return names[static_cast<int>(v)];
}

bool isThreadIndex(BuiltinVar v) {
  return v == BuiltinVar::ThreadIdxX || v == BuiltinVar::ThreadIdxY || v == BuiltinVar::ThreadIdxZ;
}

namespace {
std::shared_ptr<Expr> node(ExprKind k, IntType t) {
  auto e = std::make_shared<Expr>();
  e->kind = k;
  e->type = t;
  return e;
}

uint32_t depthOf(const ExprRef& e) { return e ? e->depth : 0; }

// Sets the depth of a node built from its operands; a node past the bound becomes Unknown.
ExprRef finish(std::shared_ptr<Expr> e) {
  const uint32_t d = 1 + std::max({depthOf(e->a), depthOf(e->b), depthOf(e->c)});
  if (d > kMaxExprDepth)
    return makeUnknown("an expression nested more than " + std::to_string(kMaxExprDepth) + " levels deep", e->type);
  e->depth = d;
  for (const ExprRef* child : {&e->a, &e->b, &e->c})
    if (*child) {
      e->builtinsBelow |= (*child)->builtinsBelow;
      e->symbolsBelow |= (*child)->symbolsBelow;
      e->unknownBelow |= (*child)->unknownBelow;
    }
  return e;
}
}  // namespace

ExprRef makeConst(int64_t v, IntType t) {
  auto e = node(ExprKind::Const, t);
  e->value = wrapToType(v, t);
  return e;
}

ExprRef makeBuiltin(BuiltinVar v) {
  auto e = node(ExprKind::Builtin, IntType::uint32());
  e->builtin = v;
  e->builtinsBelow = static_cast<uint16_t>(1u << static_cast<unsigned>(v));
  return e;
}

ExprRef makeSymbol(int id, std::string name, IntType t) {
  auto e = node(ExprKind::Symbol, t);
  e->symbol = id;
  e->symbolsBelow = true;
  e->text = std::move(name);
  return e;
}

ExprRef makeUnknown(std::string reason, IntType t) {
  auto e = node(ExprKind::Unknown, t);
  e->text = std::move(reason);
  e->unknownBelow = true;  // evaluated lane by lane, where it fails
  return e;
}

bool isConst(const ExprRef& e, int64_t* value) {
  if (!e || e->kind != ExprKind::Const) return false;
  if (value) *value = e->value;
  return true;
}

ExprRef makeCast(ExprRef a, IntType to) {
  if (a->type == to) return a;
  if (a->kind == ExprKind::Const) {
    // Reading the constant in its own type first gives C++'s conversion (zero- or sign-extension).
    return makeConst(wrapToType(a->value, a->type), to);
  }
  // A widening cast of a cast collapses when the inner one already widened.
  auto e = node(ExprKind::Cast, to);
  e->a = std::move(a);
  return finish(std::move(e));
}

ExprRef makeUnary(UnaryOp op, ExprRef a, IntType t) {
  if (a->kind == ExprKind::Const) return makeConst(applyUnary(op, a->value, a->type), t);
  auto e = node(ExprKind::Unary, t);
  e->unaryOp = op;
  e->a = std::move(a);
  return finish(std::move(e));
}

ExprRef makeBinary(BinaryOp op, ExprRef a, ExprRef b, IntType t) {
  int64_t ca = 0, cb = 0;
  const bool aConst = isConst(a, &ca), bConst = isConst(b, &cb);
  if (aConst && bConst) {
    EvalStatus st = EvalStatus::Ok;
    int64_t v = applyBinary(op, ca, cb, a->type, t, st);
    if (st == EvalStatus::Ok) return makeConst(v, t);
  }
  const bool arith = !isComparison(op) && !isLogical(op);
  if (arith) {
    // Identities. The surviving operand is cast to the result type so the type stays exact.
    if (op == BinaryOp::Add && aConst && ca == 0) return makeCast(b, t);
    if ((op == BinaryOp::Add || op == BinaryOp::Sub || op == BinaryOp::Or || op == BinaryOp::Xor ||
         op == BinaryOp::Shl || op == BinaryOp::Shr) && bConst && cb == 0)
      return makeCast(a, t);
    if (op == BinaryOp::Mul && ((aConst && ca == 0) || (bConst && cb == 0))) return makeConst(0, t);
    if (op == BinaryOp::Mul && bConst && cb == 1) return makeCast(a, t);
    if (op == BinaryOp::Mul && aConst && ca == 1) return makeCast(b, t);
    if (op == BinaryOp::Div && bConst && cb == 1) return makeCast(a, t);
    // Keep constants on the right, and merge (x + c1) + c2 and (x * c1) * c2 in 64-bit arithmetic,
    // where no intermediate wrap-around can be lost.
    if ((op == BinaryOp::Add || op == BinaryOp::Mul) && aConst && !bConst) std::swap(a, b), std::swap(ca, cb);
    if (t.bits == 64 && isConst(b, &cb) && a->kind == ExprKind::Binary && a->type == t &&
        a->binaryOp == op && (op == BinaryOp::Add || op == BinaryOp::Mul)) {
      int64_t inner = 0;
      // Only when the merged constant fits: (x * c1) * c2 with c1 * c2 past 64 bits stays as written.
      int64_t merged = 0;
      if (isConst(a->b, &inner) && !(op == BinaryOp::Add ? __builtin_add_overflow(inner, cb, &merged)
                                                         : __builtin_mul_overflow(inner, cb, &merged)))
        return makeBinary(op, a->a, makeConst(merged, t), t);
    }
    if (t.bits == 64 && op == BinaryOp::Sub && isConst(b, &cb) && cb != INT64_MIN)
      return makeBinary(BinaryOp::Add, a, makeConst(-cb, t), t);
  }
  auto e = node(ExprKind::Binary, t);
  e->binaryOp = op;
  e->a = std::move(a);
  e->b = std::move(b);
  return finish(std::move(e));
}

ExprRef makeSelect(ExprRef cond, ExprRef thenE, ExprRef elseE, IntType t) {
  int64_t c = 0;
  if (isConst(cond, &c)) return makeCast(c ? thenE : elseE, t);
  if (thenE == elseE) return makeCast(thenE, t);
  auto e = node(ExprKind::Select, t);
  e->a = std::move(cond);
  e->b = std::move(thenE);
  e->c = std::move(elseE);
  return finish(std::move(e));
}

ExprRef addBytes(ExprRef a, ExprRef b) {
  return makeBinary(BinaryOp::Add, makeCast(std::move(a), IntType::int64()),
                    makeCast(std::move(b), IntType::int64()), IntType::int64());
}

ExprRef mulBytes(ExprRef a, int64_t factor) {
  return makeBinary(BinaryOp::Mul, makeCast(std::move(a), IntType::int64()),
                    makeConst(factor, IntType::int64()), IntType::int64());
}

ExprRef zeroUnless(ExprRef condition) {
  const IntType t = IntType::int64();
  return makeBinary(BinaryOp::Sub, makeBinary(BinaryOp::Div, makeConst(1, t), makeCast(std::move(condition), t), t), makeConst(1, t), t);
}

ExprRef zeroUnlessMultipleOf(const ExprRef& x, int64_t m) {
  const IntType t = IntType::int64();
  return zeroUnless(makeBinary(BinaryOp::EQ, makeBinary(BinaryOp::Rem, makeCast(x, t), makeConst(m, t), t), makeConst(0, t), IntType::boolean()));
}

ExprRef floorRemByConst(const ExprRef& x, int64_t d) {
  const IntType t = IntType::int64();
  const ExprRef dc = makeConst(d, t);
  const ExprRef r = makeBinary(BinaryOp::Rem, makeCast(x, t), dc, t);
  return makeBinary(BinaryOp::Rem, makeBinary(BinaryOp::Add, r, dc, t), dc, t);
}

ExprRef floorDivByConst(const ExprRef& x, int64_t d) {
  const IntType t = IntType::int64();
  const ExprRef whole = makeBinary(BinaryOp::Sub, makeCast(x, t), floorRemByConst(x, d), t);
  return makeBinary(BinaryOp::Div, whole, makeConst(d, t), t);
}

// Whether two expressions compute the same thing node by node (a value written twice in the
// source, `(t * 4) / h` and `(t * 4) % h`, is two equal trees). Unknowns are never equal.
bool sameTree(const ExprRef& x, const ExprRef& y) {
  if (x == y) return !x || x->kind != ExprKind::Unknown;
  if (!x || !y || x->kind != y->kind || x->type != y->type || x->depth != y->depth) return false;
  switch (x->kind) {
    case ExprKind::Const: return x->value == y->value;
    case ExprKind::Builtin: return x->builtin == y->builtin;
    case ExprKind::Symbol: return x->symbol == y->symbol;
    case ExprKind::Unknown: return false;
    case ExprKind::Unary:
      if (x->unaryOp != y->unaryOp) return false;
      break;
    case ExprKind::Binary:
      if (x->binaryOp != y->binaryOp) return false;
      break;
    default: break;
  }
  return sameTree(x->a, y->a) && sameTree(x->b, y->b) && sameTree(x->c, y->c);
}

bool laneIndependent(const ExprRef& e) {
  if (!e) return false;
  const ExprFeatures f = featuresOf(e);
  return !f.unknown && !f.dependsOnLanes();
}

const Expr* findUnknown(const ExprRef& e) {
  if (!e) return nullptr;
  if (e->kind == ExprKind::Unknown) return e.get();
  for (const ExprRef* child : {&e->a, &e->b, &e->c})
    if (const Expr* u = findUnknown(*child)) return u;
  return nullptr;
}

namespace {
// The symbols below `e`, walking only the subtrees that have some.
void collectSymbols(const ExprRef& e, std::vector<int>& symbols) {
  if (!e || !e->symbolsBelow) return;
  if (e->kind == ExprKind::Symbol) {
    if (std::find(symbols.begin(), symbols.end(), e->symbol) == symbols.end()) {
      symbols.push_back(e->symbol);
      std::sort(symbols.begin(), symbols.end());
    }
    return;
  }
  collectSymbols(e->a, symbols);
  collectSymbols(e->b, symbols);
  collectSymbols(e->c, symbols);
}
}  // namespace

void collectFeatures(const ExprRef& e, ExprFeatures& out) {
  if (!e) return;
  // The builtins and Unknowns are summarized on every node; only symbols need a walk.
  const auto has = [&](BuiltinVar v) { return (e->builtinsBelow >> static_cast<unsigned>(v) & 1u) != 0; };
  out.threadIdx[0] |= has(BuiltinVar::ThreadIdxX);
  out.threadIdx[1] |= has(BuiltinVar::ThreadIdxY);
  out.threadIdx[2] |= has(BuiltinVar::ThreadIdxZ);
  out.blockIdx |= has(BuiltinVar::BlockIdxX) || has(BuiltinVar::BlockIdxY) || has(BuiltinVar::BlockIdxZ);
  out.blockDim |= has(BuiltinVar::BlockDimX) || has(BuiltinVar::BlockDimY) || has(BuiltinVar::BlockDimZ);
  out.unknown |= e->unknownBelow;
  collectSymbols(e, out.symbols);
}

ExprFeatures featuresOf(const ExprRef& e) {
  ExprFeatures f;
  collectFeatures(e, f);
  return f;
}

namespace {
int precedence(const Expr& e) {
  if (e.kind == ExprKind::Select) return 16;
  if (e.kind == ExprKind::Unary) return 3;
  if (e.kind != ExprKind::Binary) return 0;
  switch (e.binaryOp) {
    case BinaryOp::Mul: case BinaryOp::Div: case BinaryOp::Rem: return 5;
    case BinaryOp::Add: case BinaryOp::Sub: return 6;
    case BinaryOp::Shl: case BinaryOp::Shr: return 7;
    case BinaryOp::LT: case BinaryOp::GT: case BinaryOp::LE: case BinaryOp::GE: return 9;
    case BinaryOp::EQ: case BinaryOp::NE: return 10;
    case BinaryOp::And: return 11;
    case BinaryOp::Xor: return 12;
    case BinaryOp::Or: return 13;
    case BinaryOp::LogicalAnd: return 14;
    case BinaryOp::LogicalOr: return 15;
    case BinaryOp::Min: case BinaryOp::Max: return 0;  // printed as calls
  }
  return 0;
}

std::string typeName(IntType t) {
  if (t.bits == 1) return "bool";
  std::string base = t.bits == 8 ? "char" : t.bits == 16 ? "short" : t.bits == 32 ? "int" : "long long";
  return t.isSigned ? base : "unsigned " + base;
}

void print(const ExprRef& e, std::string& out, int parentPrec, bool rightOperand);

// Implicit widening casts are invisible in the source; printing them would only add noise.
const ExprRef& skipWidening(const ExprRef& e) {
  const ExprRef* cur = &e;
  while ((*cur)->kind == ExprKind::Cast && (*cur)->a->type.bits <= (*cur)->type.bits &&
         (*cur)->a->type.bits > 1)
    cur = &(*cur)->a;
  return *cur;
}

void print(const ExprRef& eIn, std::string& out, int parentPrec, bool rightOperand) {
  const ExprRef& e = skipWidening(eIn);
  const int prec = precedence(*e);
  const bool paren = prec != 0 && (prec > parentPrec || (prec == parentPrec && rightOperand));
  if (paren) out += '(';
  switch (e->kind) {
    case ExprKind::Const:
      out += e->type.bits == 1 ? (e->value ? "true" : "false") : std::to_string(e->value);
      break;
    case ExprKind::Builtin: out += spelling(e->builtin); break;
    case ExprKind::Symbol: out += e->text; break;
    case ExprKind::Unknown: out += "<unknown: " + e->text + ">"; break;
    case ExprKind::Unary:
      out += e->unaryOp == UnaryOp::Neg ? "-" : e->unaryOp == UnaryOp::BitNot ? "~" : "!";
      print(e->a, out, 3, true);
      break;
    case ExprKind::Binary:
      if (e->binaryOp == BinaryOp::Min || e->binaryOp == BinaryOp::Max) {
        out += spelling(e->binaryOp);
        out += '(';
        print(e->a, out, 17, false);
        out += ", ";
        print(e->b, out, 17, false);
        out += ')';
      } else {
        print(e->a, out, prec, false);
        out += ' ';
        out += spelling(e->binaryOp);
        out += ' ';
        print(e->b, out, prec, true);
      }
      break;
    case ExprKind::Select:
      print(e->a, out, 15, false);
      out += " ? ";
      print(e->b, out, 16, false);
      out += " : ";
      print(e->c, out, 16, true);
      break;
    case ExprKind::Cast:
      out += "(" + typeName(e->type) + ")";
      print(e->a, out, 3, true);
      break;
  }
  if (paren) out += ')';
}
}  // namespace

std::string toString(const ExprRef& e) {
  if (!e) return "<none>";
  std::string s;
  print(e, s, 17, false);
  return s;
}

ExprRef substituteSymbol(const ExprRef& e, int id, const ExprRef& replacement) {
  return substituteSymbols(e, [&](int s) { return s == id ? replacement : nullptr; });
}

namespace {
// Expressions are DAGs (the lowering and the walker share a subexpression wherever a value is
// used twice): each node is rewritten once, or a chain of reuses costs exponential time.
class LeafSubstitution {
 public:
  // `builtins`/`symbols`: which leaves `replacement` may replace; a subtree with none of them below
  // is returned as it is.
  LeafSubstitution(const std::function<ExprRef(const Expr&)>& replacement, uint16_t builtins, bool symbols)
      : replacement_(replacement), builtins_(builtins), symbols_(symbols) {}

  ExprRef operator()(const ExprRef& e) {
    if (!e) return e;
    if (e->kind == ExprKind::Const || e->kind == ExprKind::Unknown) return e;
    if (!(e->builtinsBelow & builtins_) && !(symbols_ && e->symbolsBelow)) return e;
    if (auto it = done_.find(e.get()); it != done_.end()) return it->second;
    ExprRef out = rewrite(e);
    done_[e.get()] = out;
    return out;
  }

 private:
  ExprRef rewrite(const ExprRef& e) {
    switch (e->kind) {
      case ExprKind::Symbol: case ExprKind::Builtin: {
        ExprRef r = replacement_(*e);
        return r ? makeCast(r, e->type) : e;
      }
      case ExprKind::Const: case ExprKind::Unknown: return e;
      case ExprKind::Unary: {
        auto a = (*this)(e->a);
        return a == e->a ? e : makeUnary(e->unaryOp, a, e->type);
      }
      case ExprKind::Binary: {
        auto a = (*this)(e->a), b = (*this)(e->b);
        return a == e->a && b == e->b ? e : makeBinary(e->binaryOp, a, b, e->type);
      }
      case ExprKind::Select: {
        auto a = (*this)(e->a), b = (*this)(e->b), c = (*this)(e->c);
        return a == e->a && b == e->b && c == e->c ? e : makeSelect(a, b, c, e->type);
      }
      case ExprKind::Cast: {
        auto a = (*this)(e->a);
        return a == e->a ? e : makeCast(a, e->type);
      }
    }
    return e;
  }

  const std::function<ExprRef(const Expr&)>& replacement_;
  const uint16_t builtins_;
  const bool symbols_;
  llvm::SmallDenseMap<const Expr*, ExprRef, 32> done_;
};
}  // namespace

ExprRef substituteLeaves(const ExprRef& e, const std::function<ExprRef(const Expr&)>& replacement) {
  return LeafSubstitution(replacement, 0xFFFF, true)(e);
}

ExprRef substituteSymbols(const ExprRef& e, const std::function<ExprRef(int)>& replacement) {
  const std::function<ExprRef(const Expr&)> leaf = [&](const Expr& x) { return x.kind == ExprKind::Symbol ? replacement(x.symbol) : nullptr; };
  return LeafSubstitution(leaf, 0, true)(e);
}

ExprRef substituteBuiltins(const ExprRef& e, const std::function<ExprRef(BuiltinVar)>& replacement) {
  return substituteBuiltins(e, 0xFFFF, replacement);
}

ExprRef substituteBuiltins(const ExprRef& e, uint16_t which, const std::function<ExprRef(BuiltinVar)>& replacement) {
  const std::function<ExprRef(const Expr&)> leaf = [&](const Expr& x) {
    return x.kind == ExprKind::Builtin && (which >> static_cast<unsigned>(x.builtin) & 1u) ? replacement(x.builtin) : nullptr;
  };
  return LeafSubstitution(leaf, which, false)(e);
}

// `e` without its added constant terms, which are summed into `constant` (null when nothing else).
ExprRef withoutConstantTerms(const ExprRef& e, int64_t& constant) {
  int64_t c = 0;
  if (isConst(e, &c)) {
    constant += c;
    return nullptr;
  }
  if (e->kind == ExprKind::Binary && (e->binaryOp == BinaryOp::Add || e->binaryOp == BinaryOp::Sub)) {
    int64_t cb = 0;
    if (e->binaryOp == BinaryOp::Sub && !isConst(e->b, &cb)) return e;
    const ExprRef a = withoutConstantTerms(e->a, constant);
    if (e->binaryOp == BinaryOp::Sub) {
      constant -= cb;
      return a;
    }
    const ExprRef b = withoutConstantTerms(e->b, constant);
    if (!a) return b;
    if (!b) return a;
    return makeBinary(BinaryOp::Add, a, b, e->type);
  }
  // (x + c) * k is x * k + c * k.
  int64_t k = 0;
  if (e->kind == ExprKind::Binary && e->binaryOp == BinaryOp::Mul && isConst(e->b, &k)) {
    int64_t inner = 0;
    const ExprRef a = withoutConstantTerms(e->a, inner);
    constant += inner * k;
    return a ? makeBinary(BinaryOp::Mul, a, e->b, e->type) : nullptr;
  }
  if (e->kind == ExprKind::Cast && e->type.bits >= e->a->type.bits) {
    int64_t inner = 0;
    const ExprRef a = withoutConstantTerms(e->a, inner);
    constant += inner;
    return a ? makeCast(a, e->type) : nullptr;
  }
  return e;
}


}  // namespace bankcheck::ir
