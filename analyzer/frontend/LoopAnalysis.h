// Syntactic facts about loops: the induction variable and how it steps, the variables a loop
// body modifies, and the loop-carried updates that have a closed form (`p += 4`, `buf ^= 1`).
#pragma once

#include <optional>
#include <vector>

#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace bankcheck::frontend {

enum class StepKind { Add, Sub, Mul, Shl, Shr, Div };

struct InductionStep {
  const clang::VarDecl* var = nullptr;
  StepKind kind = StepKind::Add;
  const clang::Expr* amount = nullptr;  // null means 1 (`++i`, `i--`)
};

// The variable a for-loop's increment steps, and how: `++i`, `i += 4`, `i = i + s`, `s >>= 1`.
std::optional<InductionStep> findInductionStep(const clang::Expr* inc);
// Every variable an increment steps: `a += aStep, b += bStep` gives two (empty when some part of
// it is not a step).
std::vector<InductionStep> findInductionSteps(const clang::Expr* inc);

// Local variables (and parameters) written anywhere inside `s`: assigned, incremented, or
// passed by non-const reference / address.
void collectModifiedVars(const clang::Stmt* s, llvm::SmallPtrSetImpl<const clang::VarDecl*>& out);


// A loop-carried variable updated exactly once per iteration, unconditionally, at the top level
// of the loop body, in a form with a closed expression in the iteration number.
struct CarriedUpdate {
  // XorAmount: `stage ^= 1`, `offset ^= STAGE_BYTES` (a loop-invariant amount);
  // ShlAmount / ShrAmount: `offset <<= 1`; MulAmount / DivAmount: `stride *= 2` (closed only for a
  // power of two); ModAdd: `stage = (stage + 1) % STAGES`.
  enum Kind { AddAmount, SubAmount, XorAmount, OneMinus, ShlAmount, ShrAmount, MulAmount, DivAmount, ModAdd } kind = AddAmount;
  const clang::Expr* amount = nullptr;  // null means 1
  const clang::Expr* modulus = nullptr;  // ModAdd
  // A pointer stepped through a cast, `p = (int4*)((half*)p + n)`: the type `amount` counts in.
  clang::QualType stepPointee = clang::QualType();
};
std::optional<CarriedUpdate> findCarriedUpdate(const clang::Stmt* body, const clang::VarDecl* var);
// Every write of `var` in `body` (a loop's body or increment), when each one adds or subtracts an
// amount (`p += n`, `p = p + SIZE * dir`), under any condition (none: an empty list); nothing when
// another kind of write is among them.
std::optional<std::vector<CarriedUpdate>> findSteps(const clang::Stmt* body, const clang::VarDecl* var);
// Every write of `var` in `body` when each one XORs it with an amount (`addr ^= 0x2000`, a double
// buffer switched on the address), under any condition; nothing when another write changes it.
std::optional<std::vector<CarriedUpdate>> findToggles(const clang::Stmt* body, const clang::VarDecl* var);
// The variables of `candidates` that take only one another's values in `body` and `inc`: each of
// their writes is `v = w`, with `w` in the set or a local declared in `body` from one of them and
// not written again (`float* t = a; a = b; b = t;`: two buffers swapped on their pointers).
llvm::SmallPtrSet<const clang::VarDecl*, 4> findExchangedVariables(const clang::Stmt* body, const clang::Stmt* inc,
                                                                  llvm::ArrayRef<const clang::VarDecl*> candidates);
// Whether `s` reads `var` only as an operand of a call or of inline asm, or to update it: its value
// reaches no condition and no other variable (an address handed to load and store helpers).
bool readOnlyAsOperand(const clang::Stmt* s, const clang::VarDecl* var);
// The local arrays `s` writes an element of, or uses other than through a subscript (their address
// escapes, so anything may write them).
void collectLocalArrayWrites(const clang::Stmt* s, llvm::SmallPtrSetImpl<const clang::VarDecl*>& out);

// Whether evaluating `e` reads memory or calls a function (so evaluating it again, out of its
// place, could record an access).
bool readsMemoryOrCalls(const clang::Expr* e);

// Whether `s` reads any of `vars`.
bool readsAnyOf(const clang::Stmt* s, const llvm::SmallPtrSetImpl<const clang::VarDecl*>& vars);

// Strips parentheses and no-op / integral implicit casts.
const clang::Expr* stripCasts(const clang::Expr* e);
// The variable an expression names directly (after stripping casts), or null.
const clang::VarDecl* referencedVar(const clang::Expr* e);

}  // namespace bankcheck::frontend
