// Exchanges whose old value is not used, written as the stores they are. Lanes that update one
// word with an atomic serialize: one wavefront per lane, measured on the H200 for every atomic
// form but the unused `atomicAdd(p, 1)` (docs/hardware-model.md). Lanes that store to one word
// merge: one wavefront per word. An `atomicExch(p, v)` whose result is discarded is an atomic
// store of v, so it is rewritten as a volatile store (`*(volatile T *)p = v`), which the PTX
// memory model treats as a relaxed store: the program keeps its meaning and gains no data race,
// whatever the lanes store and whatever else runs. It costs no shared memory.
#pragma once

#include <string>
#include <vector>

#include "advisor/Evaluation.h"
#include "advisor/Proposal.h"
#include "ir/Module.h"

namespace bankcheck::advisor {

struct ExchangeStores {
  std::vector<Edit> edits;  // one per call site (kernel instances and inlined copies share it)
  Evaluation evaluation;    // all of the accesses, those exchanges mapped as stores
  unsigned rewritten = 0;   // accesses rewritten, copies included
  std::string whyNot;       // no edit: why (empty when the accesses hold no exchange to rewrite)
  std::string leftAsAtomic; // an exchange that stays one (its old value is used, ...), and why
};

// The exchanges among `accesses` (one array's, every instance) that a store can replace.
ExchangeStores exchangesAsStores(const ir::TranslationUnit& tu, const std::vector<int>& accesses);

}  // namespace bankcheck::advisor
