#include "advisor/ProposalJson.h"

#include "ir/IRJson.h"

namespace bankcheck::advisor {

namespace {
const char* kindSpelling(Proposal::Kind k) {
  switch (k) {
    case Proposal::Kind::Padding: return "padding";
    case Proposal::Kind::Swizzle: return "swizzle";
    case Proposal::Kind::AtomicStore: return "atomic-store";
    case Proposal::Kind::None: return "none";
  }
  return "?";
}
}  // namespace

llvm::json::Array proposalsJson(const std::vector<Proposal>& proposals) {
  using llvm::json::Array;
  using llvm::json::Object;
  Array out;
  for (const Proposal& p : proposals) {
    Object o{{"array", p.array}, {"declared_at", ir::toJson(p.decl.begin)}, {"kind", kindSpelling(p.kind)},
             {"accesses", static_cast<int64_t>(p.accesses)}, {"wavefronts_before", p.wavefrontsBefore},
             {"worst_ways_before", p.worstWaysBefore},
             {"storage", Object{{"array", p.storage}, {"declared_at", ir::toJson(p.storageDecl.begin)}}}};
    if (p.kind == Proposal::Kind::None) {
      o["reason"] = p.whyNot;
    } else {
      Array edits, occ;
      for (const Edit& e : p.edits)
        edits.push_back(Object{{"file", e.span.begin.file}, {"offset", static_cast<int64_t>(e.span.beginOffset)},
                               {"length", static_cast<int64_t>(e.span.endOffset - e.span.beginOffset)},
                               {"line", static_cast<int64_t>(e.span.begin.line)}, {"column", static_cast<int64_t>(e.span.begin.column)},
                               {"original", e.original}, {"replacement", e.text}});
      for (const OccupancyChange& c : p.occupancy)
        occ.push_back(Object{{"kernel", c.kernel}, {"blocks_per_sm_before", c.blocksBefore}, {"blocks_per_sm_after", c.blocksAfter},
                             {"smem_bytes_before", c.smemBefore}, {"smem_bytes_after", c.smemAfter}, {"needs_opt_in", c.optInAfter}});
      o["declaration_after"] = p.declarationAfter;
      o["dimension"] = p.dimension;
      o["per_instantiation"] = p.perInstantiation;
      o["pad_elements"] = p.padElements;
      if (!p.unpadding.empty()) o["padding_removed"] = p.unpadding;
      o["copies_weighed"] = p.weighsCopies;
      o["bytes_added_per_block"] = p.bytesAddedPerBlock;
      o["wavefronts_after"] = p.wavefrontsAfter;
      o["worst_ways_after"] = p.worstWaysAfter;
      o["verification"] = p.verification;
      o["width_source"] = p.widthSource;
      o["edits"] = std::move(edits);
      o["occupancy"] = std::move(occ);
    }
    Array notes;
    for (const std::string& n : p.notes) notes.push_back(n);
    o["notes"] = std::move(notes);
    out.push_back(std::move(o));
  }
  return out;
}

}  // namespace bankcheck::advisor
