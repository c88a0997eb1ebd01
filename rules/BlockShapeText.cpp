#include "rules/BlockShapeText.h"

#include "fmt/format.h"
#include "llvm/ADT/StringRef.h"
#include "mapper/BlockShapes.h"

namespace bankcheck::rules {

std::string blockText(const ir::LaunchShape& s) { return fmt::format("{}x{}x{}", s.x, s.y, s.z); }

namespace {
const ir::LaunchShape& shapeAt(const ir::KernelInstance& k, int index) { return mapper::blockShape(k, static_cast<size_t>(index)); }

// What one shape gives for the access, said after naming the shape.
std::string outcomeText(const mapper::ShapeOutcome& o) {
  if (!o.computed) return "not computed there: " + o.unknownReason;
  if (!o.executed()) return "the access does not run there";
  if (o.ways() <= 1 + 1e-9) return "no conflict there";
  return mapper::waysText(o.ways()) + " there";
}

// "also launched with 32x8x1 at f.cu:52" for a launch, "also analyzed with 32x8x1 (--block k)"
// for the other sources.
std::string otherShapeText(const ir::LaunchShape& s) {
  llvm::StringRef source(s.source);
  if (source.consume_front("launch ")) return fmt::format("also launched with {} {}", blockText(s), source.str());
  return fmt::format("also analyzed with {} ({})", blockText(s), s.source);
}

std::string howToStateTheShape(const ir::KernelInstance& k, const ir::LaunchShape& s) {
  return fmt::format("give the real shape with --block {}={}x{} or a `// bankcheck: block({}, {})` comment above the kernel",
                     k.function, s.x, s.y, s.x, s.y);
}
}  // namespace

std::string launchedShapesNote(const ir::KernelInstance& k, const mapper::AccessResult& r) {
  std::string out = fmt::format("block {} ({})", blockText(shapeAt(k, r.shape)), shapeAt(k, r.shape).source);
  for (size_t i = 0; i < r.shapes.size(); ++i) {
    if (static_cast<int>(i) == r.shape) continue;
    out += fmt::format("; {}: {}", otherShapeText(mapper::blockShape(k, i)), outcomeText(r.shapes[i]));
  }
  return out;
}

std::string shapeList(const ir::KernelInstance& k, const mapper::AccessResult& r, const std::vector<int>& shapes, bool withWays) {
  std::string out;
  for (int i : shapes) {
    if (!out.empty()) out += ", ";
    out += blockText(shapeAt(k, i));
    const mapper::ShapeOutcome& o = r.shapes[static_cast<size_t>(i)];
    if (withWays && o.executed()) out += " (" + mapper::waysText(o.ways()) + ")";
  }
  return out;
}

namespace {
// "; not computed with 64x1x1: reason", for the members the mapper could not compute.
std::string unknownShapesText(const ir::KernelInstance& k, const mapper::AccessResult& r, const mapper::ConflictVerdict& v) {
  if (v.unknown.empty()) return "";
  return fmt::format("; not computed with {}: {}", shapeList(k, r, v.unknown, false),
                     r.shapes[static_cast<size_t>(v.unknown.front())].unknownReason);
}
}  // namespace

std::string shapeDependentMessage(const std::string& what, const ir::KernelInstance& k, const mapper::AccessResult& r,
                                  const mapper::ConflictVerdict& v) {
  return fmt::format("bank conflict on {} depends on the block shape: with {}; not with {}{}", what,
                     shapeList(k, r, v.conflicting, true), v.clean.empty() ? "any other" : shapeList(k, r, v.clean, false),
                     unknownShapesText(k, r, v));
}

std::vector<std::string> familyNotes(const ir::KernelInstance& k, const mapper::AccessResult& r, const mapper::ConflictVerdict& v) {
  std::vector<std::string> notes;
  const ir::LaunchShape& worst = shapeAt(k, r.shape);
  notes.push_back(fmt::format("block {}, the worst of the assumed family of shapes ({})", blockText(worst), worst.source));
  const std::string family = k.familyDescription.empty() ? "no launch gives the shape" : k.familyDescription;
  if (v.kind == mapper::ConflictVerdict::Kind::ShapeDependent) {
    // The members are named in the remark itself.
    notes.push_back(fmt::format("assumed family: {} (block-family {}: a `// bankcheck: block-family(any)` comment above the "
                                "kernel or --block-family=any warns for any member)",
                                family, mapper::spelling(v.policy)));
  } else {
    const bool everyShape = v.clean.empty() && v.unknown.empty();
    const std::string members = everyShape ? "every member conflicts: " + shapeList(k, r, v.conflicting, true)
                                           : "conflicts with " + shapeList(k, r, v.conflicting, true) +
                                                 (v.clean.empty() ? "" : "; not with " + shapeList(k, r, v.clean, false)) +
                                                 unknownShapesText(k, r, v);
    notes.push_back(fmt::format("assumed family: {}; {} (block-family {})", family, members, mapper::spelling(v.policy)));
  }
  notes.push_back(howToStateTheShape(k, worst));
  return notes;
}

}  // namespace bankcheck::rules
