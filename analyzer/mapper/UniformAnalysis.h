// How a warp-uniform value enters an address. When it only adds `c * u` to every lane's
// address, it shifts the whole pattern: bank counts are unchanged by a shift of whole 4-byte
// words, so only `c * u mod 4` matters and a few residues of `u` cover every case. Anything
// else (XOR, modulo, a factor of a lane index) changes the pattern itself and must be enumerated.
#pragma once

#include <cstdint>
#include <functional>

#include "ir/Expr.h"
#include "ir/Module.h"

namespace bankcheck::mapper {

enum class UniformUse {
  Absent,    // the value does not occur
  Additive,  // expr == rest + coefficient * value, `rest` free of it
  Other,     // anything else
};

struct UniformEffect {
  UniformUse use = UniformUse::Absent;
  int64_t coefficient = 0;  // for Additive
};

// `symbol` >= 0 names a kernel Symbol; builtin != nullptr names blockIdx/gridDim components.
UniformEffect uniformEffect(const ir::ExprRef& e, int symbol);
UniformEffect builtinEffect(const ir::ExprRef& e, ir::BuiltinVar builtin);

// Values of an additive uniform with coefficient `c` (in bytes) that realise every distinct
// pattern: u in [0, unit / gcd(c, unit)), where a shift by a whole `unit` of bytes changes nothing
// (4, a bank word, for loads, stores and .ca copies; 128, a shared line, for .cg copies, which
// the L1 writes per pair of global and shared line: docs/hardware-model.md).
int64_t residuesNeeded(int64_t coefficient, int64_t unit = 4);

// What is known about the lanes of one warp, for one block shape: which thread indices differ
// between them (threadIdx.y does not when blockDim.x is a multiple of 32), and which symbols are
// never negative (loop iterations count from 0).
struct WarpFacts {
  bool threadIdxVaries[3] = {true, true, true};
  std::function<bool(int symbol)> symbolNonNegative;  // null: none is known to be
};

// How `e` depends on a uniform value u of unknown range: a part periodic in u (through `& (2^k-1)`
// or `% 2^k`, e.g. a double-buffer stage `iter & 1`) plus `coefficient * u`. Then every bank
// pattern appears for some u in [0, enumerationCount()). `ok` is false when the dependence is
// neither (u multiplies a lane index, or enters a division), and the pattern is unknown.
//
// A division by a constant that divides u's coefficient keeps the dependence linear when the
// dividend cannot be negative (`(lane * 8 + u * 2048) / 8`), and a right shift always does. A
// part of the address that is the same in every lane of a warp (`(C + 255) / 256 * 256`,
// `(2 + threadIdx.y) * C / 8` with 32-wide rows) only shifts the warp's addresses, by a value
// that has no relation to u's residues: it is harmless when each such shift is a whole number of
// 4-byte words (`opaqueShift` is the gcd of their byte multipliers), and unknown otherwise.
struct Periodicity {
  bool ok = true;
  int64_t period = 1;
  int64_t coefficient = 0;
  int64_t opaqueShift = 0;  // 0: no warp-uniform part of unknown value
  int64_t unit = 4;         // the shift that changes nothing (residuesNeeded)
  int64_t enumerationCount() const;
};
Periodicity periodicity(const ir::ExprRef& e, int symbol, const WarpFacts& facts = {}, int64_t unit = 4);
Periodicity builtinPeriodicity(const ir::ExprRef& e, ir::BuiltinVar builtin, const WarpFacts& facts = {}, int64_t unit = 4);
// The same for a condition (a predicate, a loop bound): no part of it is a harmless shift.
Periodicity conditionPeriodicity(const ir::ExprRef& e, int symbol, const WarpFacts& facts = {});
Periodicity combine(const Periodicity& a, const Periodicity& b);

// Whether `e` is never negative, as far as its structure shows (loop iterations and thread
// indices count from 0; overflow ignored: these are indices into shared memory).
bool provablyNonNegative(const ir::ExprRef& e, const WarpFacts& facts);

// Whether `e` has one value in all the lanes of a warp (no thread index that varies in it).
bool warpUniform(const ir::ExprRef& e, const WarpFacts& facts);

// Whether a division or remainder in `e` divides by an expression that holds the symbol (the
// builtin): a value no run of the program has 0 for.
bool divides(const ir::ExprRef& e, int symbol);
bool builtinDivides(const ir::ExprRef& e, ir::BuiltinVar builtin);

// WarpFacts::symbolNonNegative for `kernel` (which must outlive it): its loop iterations count
// from 0.
std::function<bool(int)> loopIterationsNonNegative(const ir::KernelInstance& kernel);

}  // namespace bankcheck::mapper
