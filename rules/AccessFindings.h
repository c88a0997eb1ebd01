// What the checks on shared-memory accesses (bankcheck-bank-conflict, bankcheck-shape-dependent,
// bankcheck-unknown) share: the mapper's verdict under the context's options, how an access is
// named in a message, and the notes every conflict carries.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "mapper/ConflictVerdict.h"
#include "rules/Check.h"

namespace bankcheck::rules {

// The verdict on access `a` for --min-ways and the kernel's (or --block-family's) family policy.
mapper::ConflictVerdict verdictOf(const CheckContext& ctx, const ir::Access& a);

// "load from 'tile' in 'transpose<32>'" (the kernel only for a template instance).
std::string accessDescription(const ir::TranslationUnit& tu, const ir::Access& a);

// "in a device function called at f.cu:12", one per inlined call.
void appendInlinedNotes(const ir::Access& a, std::vector<report::Diagnostic>& out);

// The kernel's launches whose block shape is not computed, as notes under one of its findings.
void appendUnresolvedLaunchNotes(const ir::KernelInstance& k, std::vector<report::Diagnostic>& out);

// The notes after a conflict's shape notes: the worst case, the average, the instruction width
// when it is not the source type's, the mapper's notes, and with --explain the bank map.
void appendConflictNotes(const CheckContext& ctx, const ir::Access& a, const mapper::AccessResult& r,
                         std::vector<report::Diagnostic>& out);

// The kernel instances with a finding of the access checks on some access (one pass over them).
std::set<int> kernelsWithAccessFindings(const CheckContext& ctx);

}  // namespace bankcheck::rules
