// Symbolic integer expressions: the byte offsets, loop bounds and lane predicates the front end
// extracts from CUDA source, in a form the mapper can evaluate for every lane of a warp.
//
// Every node carries its C++ integer type (width and signedness) so that evaluation follows the
// language's semantics exactly: `threadIdx.x - 1` wraps around as an unsigned int, `-7 / 2` is -3.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace bankcheck::ir {

struct IntType {
  uint8_t bits = 32;
  bool isSigned = true;

  static IntType int32() { return {32, true}; }
  static IntType uint32() { return {32, false}; }
  static IntType int64() { return {64, true}; }
  static IntType uint64() { return {64, false}; }
  static IntType boolean() { return {1, false}; }
  bool operator==(const IntType& o) const { return bits == o.bits && isSigned == o.isSigned; }
  bool operator!=(const IntType& o) const { return !(*this == o); }
};

enum class ExprKind : uint8_t {
  Const,    // an integer constant
  Builtin,  // threadIdx.x, blockIdx.y, blockDim.x ...
  Symbol,   // a warp-uniform value: loop iteration number, kernel parameter
  Unknown,  // a value the front end could not determine; `reason` says why
  Unary,
  Binary,
  Select,   // c ? a : b
  Cast,     // conversion to `type` from the operand's type
};

enum class BuiltinVar : uint8_t {
  ThreadIdxX, ThreadIdxY, ThreadIdxZ,
  BlockIdxX, BlockIdxY, BlockIdxZ,
  BlockDimX, BlockDimY, BlockDimZ,
  GridDimX, GridDimY, GridDimZ,
};

enum class UnaryOp : uint8_t { Neg, BitNot, LogicalNot };

enum class BinaryOp : uint8_t {
  Add, Sub, Mul, Div, Rem, Shl, Shr, And, Or, Xor,
  LT, GT, LE, GE, EQ, NE, LogicalAnd, LogicalOr,
  Min, Max,
};

bool isComparison(BinaryOp op);
bool isLogical(BinaryOp op);
const char* spelling(BinaryOp op);
const char* spelling(BuiltinVar v);
bool isThreadIndex(BuiltinVar v);  // varies between the lanes of a warp

struct Expr;
using ExprRef = std::shared_ptr<const Expr>;

struct Expr {
  ExprKind kind = ExprKind::Const;
  IntType type;            // result type
  int64_t value = 0;       // Const: the value, already wrapped to `type`
  BuiltinVar builtin = BuiltinVar::ThreadIdxX;
  int symbol = -1;         // Symbol: index into the kernel instance's symbol table
  UnaryOp unaryOp = UnaryOp::Neg;
  BinaryOp binaryOp = BinaryOp::Add;
  ExprRef a, b, c;         // operands (Select: c ? a : b uses a=cond, b=then, c=else)
  std::string text;        // Symbol: its name; Unknown: the reason
  uint32_t depth = 1;      // nodes on the longest path to a leaf (at most kMaxExprDepth)
  // Which leaves are below (bit i: BuiltinVar i; symbolsBelow: some Symbol), set by the
  // constructors: a substitution leaves a subtree without the leaves it replaces as it is.
  uint16_t builtinsBelow = 0;
  bool symbolsBelow = false;
  bool unknownBelow = false;
  // A thread index (or an Unknown, evaluated lane by lane) is below: lanes may differ.
  bool lanesVary() const { return (builtinsBelow & kThreadIndexBuiltins) != 0 || unknownBelow; }
  static constexpr uint16_t kThreadIndexBuiltins = (1u << static_cast<unsigned>(BuiltinVar::ThreadIdxX)) |
                                                   (1u << static_cast<unsigned>(BuiltinVar::ThreadIdxY)) |
                                                   (1u << static_cast<unsigned>(BuiltinVar::ThreadIdxZ));
};

// The deepest expression the constructors build. Deeper ones (a sum of thousands of terms) become
// Unknown with a reason, so every recursive walk over an expression stays within a bounded stack.
inline constexpr uint32_t kMaxExprDepth = 1000;

// Wraps `v` to the given integer type (truncation and sign extension as C++ does).
// Inline: the lane evaluator calls it for every lane of every node.
inline int64_t wrapToType(int64_t v, IntType t) {
  if (t.bits >= 64) return v;
  if (t.bits == 1) return v != 0;
  const uint64_t mask = (uint64_t{1} << t.bits) - 1;
  uint64_t u = static_cast<uint64_t>(v) & mask;
  if (t.isSigned && (u >> (t.bits - 1)) & 1) u |= ~mask;
  return static_cast<int64_t>(u);
}

// Constructors. They fold constants and drop identities (x+0, x*1) so printed expressions stay
// readable; they never change the value an expression evaluates to. An expression that would be
// deeper than kMaxExprDepth is Unknown instead.
ExprRef makeConst(int64_t v, IntType t = IntType::int32());
ExprRef makeBuiltin(BuiltinVar v);
ExprRef makeSymbol(int id, std::string name, IntType t = IntType::int32());
ExprRef makeUnknown(std::string reason, IntType t = IntType::int32());
ExprRef makeUnary(UnaryOp op, ExprRef a, IntType t);
ExprRef makeBinary(BinaryOp op, ExprRef a, ExprRef b, IntType t);
ExprRef makeSelect(ExprRef cond, ExprRef thenE, ExprRef elseE, IntType t);
ExprRef makeCast(ExprRef a, IntType to);

// Shorthands used throughout the front end: 64-bit signed arithmetic on byte offsets.
ExprRef addBytes(ExprRef a, ExprRef b);
ExprRef mulBytes(ExprRef a, int64_t factor);

// 0 where `condition` holds; where it does not, evaluating it fails (a division by zero). Added to
// an access's offset, it makes the mapper, which evaluates every lane of every case it
// enumerates, turn the access unknown wherever the condition is false: how a property of the
// lanes (an element kept in its row, an aligned base) is checked on the IR.
ExprRef zeroUnless(ExprRef condition);

// zeroUnless(`x` is a multiple of the positive constant `m`): a base that must stay aligned (a
// wmma fragment's 32 bytes).
ExprRef zeroUnlessMultipleOf(const ExprRef& x, int64_t m);

// `x` divided by the positive constant `d` rounded down, and the remainder in [0, d): the row and
// column of an offset that may be negative (a row before the array's start).
ExprRef floorDivByConst(const ExprRef& x, int64_t d);
ExprRef floorRemByConst(const ExprRef& x, int64_t d);

bool isConst(const ExprRef& e, int64_t* value = nullptr);

// The first Unknown node inside `e`, or nullptr: an expression containing one cannot be evaluated.
const Expr* findUnknown(const ExprRef& e);
// Whether two expressions compute the same thing node by node (a value written twice in the
// source is two equal trees). Unknowns are never equal.
bool sameTree(const ExprRef& x, const ExprRef& y);

struct ExprFeatures {
  bool threadIdx[3] = {false, false, false};
  bool blockIdx = false;
  bool blockDim = false;
  std::vector<int> symbols;  // distinct, sorted
  bool unknown = false;
  bool dependsOnLanes() const { return threadIdx[0] || threadIdx[1] || threadIdx[2]; }
};
ExprFeatures featuresOf(const ExprRef& e);
// Computable (no Unknown) and the same in every lane of a warp (no threadIdx); false for null.
bool laneIndependent(const ExprRef& e);
void collectFeatures(const ExprRef& e, ExprFeatures& out);

// `e` without its added constant terms, which are summed into `constant` (null when nothing else):
// `(x + 2) * 4 + 1` is `x * 4` and 9.
ExprRef withoutConstantTerms(const ExprRef& e, int64_t& constant);

// Readable C-like text, e.g. `(threadIdx.y * 33 + threadIdx.x) * 4`.
std::string toString(const ExprRef& e);

// Replaces every Symbol `id` by `replacement`.
ExprRef substituteSymbol(const ExprRef& e, int id, const ExprRef& replacement);
// Replaces each Symbol for which `replacement(id)` returns non-null.
ExprRef substituteSymbols(const ExprRef& e, const std::function<ExprRef(int)>& replacement);
// Replaces each builtin (threadIdx.x, blockDim.y, ...) for which `replacement` returns non-null.
ExprRef substituteBuiltins(const ExprRef& e, const std::function<ExprRef(BuiltinVar)>& replacement);
// The same, for the builtins of `which` only (bit i: BuiltinVar i), the others kept as they are.
ExprRef substituteBuiltins(const ExprRef& e, uint16_t which, const std::function<ExprRef(BuiltinVar)>& replacement);
inline constexpr uint16_t kBlockDimBuiltins = (1u << static_cast<unsigned>(BuiltinVar::BlockDimX)) |
                                              (1u << static_cast<unsigned>(BuiltinVar::BlockDimY)) |
                                              (1u << static_cast<unsigned>(BuiltinVar::BlockDimZ));
// Replaces each leaf (Symbol or Builtin) for which `replacement` returns non-null, casting the
// replacement to the leaf's type; the rest is rebuilt with the folding constructors.
ExprRef substituteLeaves(const ExprRef& e, const std::function<ExprRef(const Expr&)>& replacement);

}  // namespace bankcheck::ir
