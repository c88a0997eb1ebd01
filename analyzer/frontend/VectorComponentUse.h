// Which words of a vector loaded from shared memory the code uses. ptxas loads only those
// (measured in SASS on the H200, docs/hardware-model.md "Vectors of which some words are used"):
// `float4 v = tile[i]; ... v.x` is an LDS.32, `v.x + v.y` an LDS.64, `v.x + v.z` two LDS.32, and
// three or four words an LDS.128.
#pragma once

#include <cstdint>
#include <optional>
#include <unordered_map>

#include "clang/AST/Decl.h"

namespace bankcheck::frontend {

class VectorComponentUse {
 public:
  // The fields of `var` (a local variable or by-value parameter of a record type) that its
  // function reads or writes, as a bit mask of field indices; following a by-value copy into a
  // callee's parameter; a whole assignment `var = ...` defines it and uses nothing (the mask is
  // the union over all its values). nullopt when the variable is used otherwise: whole, by
  // address or by reference, captured, or in a function whose body is not available.
  std::optional<uint32_t> usedFields(const clang::VarDecl* var);

 private:
  std::optional<uint32_t> scan(const clang::VarDecl* var, int depth);
  std::unordered_map<const clang::VarDecl*, std::optional<uint32_t>> memo_;
};

}  // namespace bankcheck::frontend
