// Dynamic shared memory that buffers are carved out of at offsets (`float* Kj = &sram[tile_size]`,
// `float* dweight = shared + C`): padding the rows of one carve-out would move it over the next,
// so the rows of the whole buffer are padded together - every index and every carve offset
// rewritten alike (FlattenedPadding's wholeBuffer form) - and each conflicted carve-out is
// offered the same edits.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "ir/Module.h"

namespace bankcheck::advisor {

struct CarvedBuffer {
  std::string key;            // the buffer's declaration key (shared by its instances)
  std::string name;
  std::vector<int> roots;     // the buffer's instances, one per kernel instance
  std::vector<int> accesses;  // every access of the buffer and of what is carved out of it
  std::string whyNot;         // why the buffer cannot be padded as a whole; "" when it can be tried
};

// The buffer `arrays` (the instances of one declaration) are carved out of, or are: nullopt when
// they are not dynamic memory with carve-outs (a declared array, or dynamic memory used whole or
// through a single view at offset 0, which the plain dynamic padding handles).
std::optional<CarvedBuffer> carvedBufferOf(const ir::TranslationUnit& tu, const std::vector<int>& arrays);

}  // namespace bankcheck::advisor
