// The IR as it would be after padding one dimension of some arrays: dimensions, sizes, row-stride
// symbols and the affected accesses' byte offsets are recomputed from the symbolic offsets the
// front end kept (ir::SymbolKind::ArrayStride), so a padding is evaluated without re-parsing.
//
// The padding is applied in place to a scratch copy of the unit made once per file (without its
// accesses) and undone when the PaddedGroup goes away, so one candidate costs the size of its
// group, not of the file: the search stays linear in the number of arrays and kernels.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "ir/Module.h"

namespace bankcheck::advisor {

// The unit without its accesses, for PaddedGroup to change and restore.
ir::TranslationUnit scratchUnit(const ir::TranslationUnit& tu);

class PaddedGroup {
 public:
  // Dimension `dim` of each array in `arrays` gets `pad` more elements (negative removes some) in
  // `scratch` (from scratchUnit(tu)) while this object lives; `dim` < 0 changes nothing.
  PaddedGroup(ir::TranslationUnit& scratch, const ir::TranslationUnit& tu, const std::vector<int>& arrays,
              const std::vector<int>& accesses, int dim, int64_t pad);
  ~PaddedGroup();
  PaddedGroup(const PaddedGroup&) = delete;
  PaddedGroup& operator=(const PaddedGroup&) = delete;

  ir::TranslationUnit& unit;         // arrays and kernels as padded; no accesses (they are below)
  std::vector<ir::Access> accesses;  // the group's accesses with their new byte offsets

 private:
  struct SavedArray {
    int id;
    std::vector<uint64_t> dims;
    uint64_t sizeBytes;
  };
  struct SavedKernel {
    int id;
    uint64_t staticSmemBytes;
    std::vector<std::pair<int, int64_t>> symbols;  // (symbol, value before)
  };
  std::vector<SavedArray> arrays_;
  std::vector<SavedKernel> kernels_;
};

// Of `accessIds`, the index of the first that a padding of dimension `dim` of `arrays` would
// move away from the element it reaches (an index that crosses into the next row as written,
// `s[0][tx * 32]`; a flat index through a pointer, `p[tx * 32]` for `&s[0][0]`; an address
// computed in bytes), with why, or index -1 when every access follows its element. Checked lane by lane in every
// case the mapper enumerates; an access through a pointer must be enumerated in full.
struct OffElement {
  int index = -1;   // into accessIds
  std::string why;  // what about it
};
OffElement accessOffItsElement(ir::TranslationUnit& scratch, const ir::TranslationUnit& tu, const std::vector<int>& arrays,
                               const std::vector<int>& accessIds, int dim);

// Bytes of shared memory the padding adds per block of `kernel`.
int64_t addedBytes(const ir::TranslationUnit& before, const ir::TranslationUnit& after, int kernel);

}  // namespace bankcheck::advisor
