// What a kernel's local arrays of integers and pointers hold, as the walk follows them.
//
// Optimized kernels precompute per-thread shared-memory offsets into small register arrays and
// index them later (`int sh_rd[N]; for (int i = 0; i < N; i++) sh_rd[i] = f(i, threadIdx.x);`
// then `ldsm(&sh[sh_rd[k % N]])`). The walker sees each loop once, with an iteration symbol, so a
// write `a[i] = f(i)` in a loop that runs once per element, unconditionally, is kept as a
// comprehension: element k is f with the iteration replaced by k. Elements written with constant
// indices (`int o[4] = {0, 8, 16, 24};`, `o[1] = x;`) are kept one by one. Anything else (a write
// under a condition, through a pointer the array decayed to, an index that is neither) leaves the
// array not followed, and its reads unknown with the reason.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "frontend/SymbolicValue.h"
#include "ir/Expr.h"

namespace bankcheck::frontend {

// A loop the walk is inside, as a comprehension needs to know it.
struct ActiveLoop {
  int loopId = -1;
  int iterSymbol = -1;
  int64_t tripCount = -1;   // -1: not a constant
  size_t predicateBase = 0;  // predicates pushed before the loop began
  bool leavesEarly = false;  // a break, continue, return or goto may end an iteration early
  int line = 0;
};

class LocalArrayContents {
 public:
  struct Array {
    std::string name;
    std::vector<int64_t> dims;  // outermost first
    size_t loopDepth = 0;       // active loops when it was declared
    size_t predicates = 0;      // predicates pushed when it was declared
    // `element[i0][i1]... = value` with each index an iteration symbol of the loops it is written in.
    std::vector<int> comprehensionSymbols;  // one per dimension
    std::optional<SymbolicValue> comprehension;
    std::map<int64_t, SymbolicValue> elements;  // by flat index
    std::string lostReason;                    // non-empty: not followed any more
    int pointsInto = -1;  // a shared array some element pointed into: an access through a lost element is still one
    int changingInLoops = 0;                   // > 0: inside a loop that writes it
    std::string changingReason;
  };

  // A new local array (declared again when its function is inlined again).
  Array& declare(const void* var, std::string name, std::vector<int64_t> dims, size_t loopDepth, size_t predicates);
  Array* find(const void* var);

  // The value of element `indices` (one per dimension), or nothing, with `why` set.
  std::optional<SymbolicValue> read(const Array& a, const std::vector<ir::ExprRef>& indices, std::string& why) const;
  // Records `value` written to element `indices` at `line`; `loops`: the loops the walk is inside,
  // `predicates`: the predicates now pushed; `variesInLoop(symbol, depth)`: the symbol changes across
  // the iterations of one of those loops from `depth` in. Loops outside the array's scope do not
  // count: each of their iterations declares the array anew.
  void write(Array& a, const std::vector<ir::ExprRef>& indices, const SymbolicValue& value, const std::vector<ActiveLoop>& loops,
             size_t predicates, const std::function<bool(int, size_t)>& variesInLoop, int line);
  // The constant indices of element number `flat` (row-major).
  static std::vector<ir::ExprRef> indicesOf(const Array& a, int64_t flat);
  // No element is followed from here on (the array decayed to a pointer, or was written in a way
  // not followed).
  static void lose(Array& a, std::string why);

 private:
  std::map<const void*, Array> arrays_;
};

}  // namespace bankcheck::frontend
