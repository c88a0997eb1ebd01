// An XOR swizzle written on the whole offset, for tiles addressed by one flat expression: a
// one-dimensional array indexed `s[row * 64 + col]`, or the byte address of ldmatrix and cp.async
// code (`base + (row * 32 + col) * sizeof(half)`), where no padding can be written (the launch's
// byte count cannot be edited, or the rows must stay whole lines). The offset o (in bytes) of
// every access becomes `o ^ (((o >> source) & mask) << shift)`: 2^shift-byte chunks (16 for
// ldmatrix rows and 16-byte copies) are permuted inside each aligned block of 2^(shift + bits)
// bytes, by the bits of o at `source` and above (the row). It costs no shared memory.
//
// Where an access's other terms are not whole periods but it takes its shared address as an
// integer operand (inline PTX), the XOR is written on that whole address at the instruction
// instead, when the array's start is known to be a multiple of the period (FlatSwizzle.cpp,
// wholeAddressAlignment).
// It applies where each access's offset is written as terms (OffsetPiece) that hold all of it:
// the edit rewrites the finest term `T` as `(T ^ (((T >> s) & m) << h))`, in the term's own
// unit, and the others (a stage passed to a device function) must be multiples of the period
// 2^(s + bits) bytes, which the XOR leaves alone. The block must stay inside the array (its size a multiple of the block).
// Where the term is a sum whose last addends stay inside one chunk (`dot * BM + row * 8 + i`, i an
// unrolled iteration below 8 floats), the XOR may be written on the rest, `(P ^ f(P)) + i`: the same
// offsets, but the copies of `i` stay a constant apart, which nvcc merges into LDS.128 where a
// whole-term XOR leaves eight scalar loads. That form is tried after the whole-term ones and taken
// only when it maps to fewer wavefronts.
// Candidates are evaluated on the IR, each access's offset swizzled, widths predicted again.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "advisor/PaddingSearch.h"
#include "advisor/Proposal.h"

namespace bankcheck::advisor {

struct FlatSwizzleResult {
  int shift = 0, bits = 0, source = 0;  // in bytes: chunks of 2^shift, mask 2^bits - 1, row bits from `source`
  Evaluation evaluation;
  std::vector<Edit> edits;  // one per distinct term (instantiations share their source)
  std::string formula;      // "o ^ (((o >> 7) & 1) << 4), o the byte offset in 's_a'"
  bool timedOut = false;
  bool evaluated = false;   // some candidate was mapped (the accesses and the size admit one)
  // Edits written on an instruction's whole shared address (wholeAddressAlignment in the .cpp),
  // and the least alignment (log2 bytes) of the starts they rely on.
  size_t wholeAddresses = 0;
  int startBits = 0;
  std::string whyNot;
};

// `regionBytes`: the bytes the accesses' array spans (a declared size, or a carve-out's distance
// to the next one); 0 when unknown, which admits no swizzle.
// `weighCopies`: cp.async.cg copies are weighed too (accumulate), where the layout is chosen for them.
FlatSwizzleResult searchFlatSwizzle(const ir::TranslationUnit& tu, const std::vector<int>& accesses, int64_t regionBytes,
                                    const Evaluation& baseline, const std::function<bool()>& expired = {}, bool weighCopies = false);

}  // namespace bankcheck::advisor
