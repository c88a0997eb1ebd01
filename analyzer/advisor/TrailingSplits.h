// The splits of a written term `P + t1 + ... + tk` into a prefix P and trailing addends
// (ir::OffsetPiece::splits), with what an edit needs to know to write a function of the term on P
// alone: P's value and known factor, and the range of the addends. Two edits use it: the XOR
// swizzle `(P ^ f(P)) + i` (FlatSwizzle) and the padding `t + P / S * Q` (FlattenedPadding). Both
// keep an unrolled `i`'s accesses a constant apart, a register plus immediates, which nvcc merges
// into LDS.64/LDS.128 without having to prove anything about `i`.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <utility>

#include "ir/Module.h"
#include "mapper/BoundedQuotients.h"

namespace bankcheck::advisor {

struct SplitFacts {
  ir::ExprRef prefix;         // P's value, in the term's units
  int64_t prefixFactor = 1;   // a known factor of P
  mapper::ValueRange trailing;  // the addends' values over every iteration, never negative
};

// Facts of split `s` of `piece` (a term of access `a`), or nothing where the addends depend on
// the lane or the block, are not bounded by constant trip counts, may be negative, or where P's
// value is not the written sum less the addends.
std::optional<SplitFacts> splitFacts(const ir::TranslationUnit& tu, const ir::Access& a, const ir::OffsetPiece& piece,
                                     const ir::OffsetPiece::Split& s);

// P's value for split `s`: the term's value with the split's addends taken off the right of its
// sum, as the front end built it; null where the value is not that sum (folded).
ir::ExprRef splitPrefixValue(const ir::OffsetPiece& piece, const ir::OffsetPiece::Split& s);

// The split each written term takes where every access written at its place (each instantiation)
// must agree on one: add each occurrence's qualifying splits (indices into its splits), then
// `longest()` gives, for each term, the longest split that qualified at all its occurrences;
// terms with none are left out.
template <typename Key>
class CommonSplits {
 public:
  void add(const Key& key, std::set<size_t> qualifying) {
    const auto it = valid_.find(key);
    if (it == valid_.end()) {
      valid_.emplace(key, std::move(qualifying));
      return;
    }
    std::set<size_t> both;
    for (const size_t j : it->second)
      if (qualifying.count(j)) both.insert(j);
    it->second = std::move(both);
  }
  std::map<Key, size_t> longest() const {
    std::map<Key, size_t> out;
    for (const auto& [key, ok] : valid_)
      if (!ok.empty()) out[key] = *ok.rbegin();
    return out;
  }

 private:
  std::map<Key, std::set<size_t>> valid_;
};

}  // namespace bankcheck::advisor
