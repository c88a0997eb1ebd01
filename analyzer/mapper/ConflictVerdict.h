// Whether an access's conflict is a warning, given every block shape of its kernel. Shapes that
// launches use all count: the worst one warns. Shapes of an assumed family (no launch fixes the
// block) follow the family policy: "all" warns for a conflict every member has and reports one
// that only some members have as shape-dependent; "any" warns when any member conflicts; "off"
// does not use the family, so the access is not computed. The report and the advisor share this.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "ir/Module.h"
#include "mapper/AccessResult.h"

namespace bankcheck::mapper {

enum class FamilyPolicy { All, Any, Off };

// "all", "any" or "off"; nullopt for anything else.
std::optional<FamilyPolicy> parseFamilyPolicy(const std::string& text);
const char* spelling(FamilyPolicy p);

// The kernel's own policy (its `bankcheck: block-family(...)` comment, filled by the front end)
// or else `fallback` (--block-family).
FamilyPolicy familyPolicyOf(const ir::KernelInstance& k, FamilyPolicy fallback);

struct ConflictVerdict {
  enum class Kind {
    NoConflict,      // below the threshold with every computed shape
    Warning,
    ShapeDependent,  // policy "all": only some members of the family conflict
    InLibrary,       // a conflict in a library's own layout of its storage (judgeAccess)
    NotComputed,
  } kind = Kind::NoConflict;
  std::string unknownReason;       // for NotComputed
  bool family = false;             // the shapes are an assumed family
  FamilyPolicy policy = FamilyPolicy::All;
  // Shape indices (BlockShapes.h): at or above the threshold, computed below it (or where the
  // access does not run), and not computed.
  std::vector<int> conflicting, clean, unknown;
};

ConflictVerdict judgeConflict(const ir::KernelInstance& k, const AccessResult& r, double minWays, FamilyPolicy fallback);

// Whether access `a` is made by a library in its own layout: inside a function of the bundled
// headers, on a single object of a class type (CUB's BlockScan on its TempStorage), so that
// nothing the user writes moves it. An array the user indexes (`z[threadIdx.x].real()` on an
// array of thrust::complex) or one a library copies into (cooperative_groups::memcpy_async's
// destination) is the user's layout.
bool inLibraryLayout(const ir::TranslationUnit& tu, const ir::Access& a);

// The verdict on access `a` (judgeConflict), where a conflict in a library's own layout is
// InLibrary: said, and counted as computed, but not a warning the user could act on. The report,
// the checks and the advisor share it.
ConflictVerdict judgeAccess(const ir::TranslationUnit& tu, const ir::Access& a, const AccessResult& r, double minWays,
                            FamilyPolicy fallback);

}  // namespace bankcheck::mapper
