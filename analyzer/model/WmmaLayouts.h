// The shared-memory instructions each wmma::load_matrix_sync / store_matrix_sync becomes on the
// H200, and each lane's address in them: a table measured fragment kind by fragment kind
// (measurements/wmma/, docs/hardware-model.md "wmma fragments").
//
// Addresses are in the tile's memory coordinates: a memory row is `ldm` elements long (a row of a
// row-major tile, a column of a column-major one) and a byte is the offset inside that row. For
// instruction n of a call, lane l:
//  * LDS/STS (and the generic loads bf16 becomes): memory row = origin(n).row + laneRowHi * (l/4)
//    + laneRowLo * (l%4), byte = origin(n).byte + laneByteHi * (l/4) + laneByteLo * (l%4);
//  * LDSM: lane l gives row l%8 of matrix g = n * matrices + l/8, whose first row is origin(g).
// origin(i) sums the bit steps of i's set bits (bit b of i adds bitSteps[b]). Where ptxas exchanges
// elements between lanes (the transposed 2-byte layouts), the table gives the words the
// instruction touches in lane order, which decides its wavefronts all the same.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

namespace bankcheck::model {

enum class WmmaOp { Load, Store, MatrixLoad };

struct WmmaLayout {
  std::string_view use;      // "matrix_a", "matrix_b", "accumulator"
  int m, n, k;
  std::string_view element;  // "half", "bf16", "tf32", "u8", "s8", "double", "float", "int"
  bool rowMajor;             // a/b: the fragment's layout; accumulators: the memory layout of the call
  bool store;                // accumulators only
  WmmaOp op;
  unsigned width;            // bytes per lane (16 for LDSM)
  int instructions;
  int matrices;              // LDSM: 8x8 matrices per instruction (1, 2 or 4)
  bool transposed;           // LDSM.T
  int laneRowHi, laneRowLo, laneByteHi, laneByteLo;
  struct Step { int rows, bytes; };
  std::vector<Step> bitSteps;

  Step origin(int index) const;
  int64_t elementBytes() const;
  // The memory rows one call spans (its row term steps this many times).
  int rowsSpanned() const;
};

// The measured layout of a fragment kind, or nullptr when that kind was not measured. `element`
// is the fragment's type as written ("__half", "__nv_bfloat16", "precision::tf32" -> "tf32",
// "unsigned char", ...).
const WmmaLayout* findWmmaLayout(std::string_view use, int m, int n, int k, std::string_view element, bool rowMajor,
                                 bool store);

// Every measured kind, for listing in reasons and docs.
const std::vector<WmmaLayout>& wmmaLayouts();

// The element's short name as the table spells it, or "" when it is not a wmma element type.
std::string_view wmmaElementName(std::string_view typeName);

}  // namespace bankcheck::model
