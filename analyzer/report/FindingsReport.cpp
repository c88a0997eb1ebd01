#include "report/FindingsReport.h"

#include <cmath>
#include <set>

#include "fmt/format.h"
#include "ir/IRJson.h"
#include "report/BankMapText.h"

namespace bankcheck::report {

using mapper::AccessResult;


namespace {
const char* actionText(ir::AccessKind k) {
  switch (k) {
    case ir::AccessKind::Load: return "load from";
    case ir::AccessKind::Store: return "store to";
    case ir::AccessKind::AsyncCopyDst: return "cp.async into";
  }
  return "access to";
}

std::string blockText(const ir::LaunchShape& s) { return fmt::format("{}x{}x{}", s.x, s.y, s.z); }

std::string fileLine(const ir::SourceLoc& l) { return fmt::format("{}:{}", l.file, l.line); }

Diagnostic note(std::string message) {
  Diagnostic d;
  d.level = Level::Note;
  d.message = std::move(message);
  return d;
}

std::string valuesText(const mapper::WarpCase& w) {
  std::string out;
  for (const auto& [name, value] : w.values) out += fmt::format(", {} = {}", name, value);
  return out;
}

bool isTemplateInstance(const ir::KernelInstance& k) { return k.name != k.function; }

std::string arrayLabel(const ir::TranslationUnit& tu, const ir::Access& a) {
  const ir::SharedArray& arr = tu.array(a.array);
  return "'" + arr.name + "'";
}
}  // namespace

std::vector<Diagnostic> proposalDiagnostics(const advisor::Proposal& p, const std::string& arch) {
  std::vector<Diagnostic> out;
  if (p.kind == advisor::Proposal::Kind::None) {
    if (!p.whyNot.empty()) out.push_back(note("no fix proposed: " + p.whyNot));
  } else {
    std::string occupancy;
    for (const advisor::OccupancyChange& c : p.occupancy) {
      occupancy += fmt::format("; {} blocks per SM on {}: {} -> {}", c.kernel, arch, c.blocksBefore, c.blocksAfter);
      if (c.optInAfter) occupancy += fmt::format(" (needs the >48 KB opt-in: {} bytes per block)", c.smemAfter);
    }
    Diagnostic d;
    d.level = Level::Note;
    d.span = p.edits.empty() ? p.decl : p.edits.front().span;
    if (p.kind == advisor::Proposal::Kind::Swizzle)
      d.message = fmt::format("swizzle '{}': index it as {}{} ({} {} rewritten); no extra shared memory; {} ({})", p.array,
                              p.declarationAfter, p.swizzle.empty() ? "" : " (CuTe " + p.swizzle + " on the element index)",
                              p.edits.size(), p.edits.size() == 1 ? "index" : "indices", p.verification, p.widthSource);
    else
      d.message = fmt::format("pad '{}' to {}: +{} bytes of shared memory per block{}; {} ({})", p.array, p.declarationAfter,
                              p.bytesAddedPerBlock, occupancy, p.verification, p.widthSource);
    for (const advisor::Edit& e : p.edits) d.fixIts.push_back(FixIt{e.span, e.text});
    out.push_back(d);
  }
  for (const std::string& n : p.notes) out.push_back(note(n));
  return out;
}

std::vector<Diagnostic> findingDiagnostics(const ir::TranslationUnit& tu, const mapper::UnitAnalysis& analysis,
                                           const ReportOptions& options, ReportCounts& counts,
                                           const std::vector<advisor::Proposal>* proposals) {
  std::set<std::string> advised;
  std::vector<Diagnostic> out;
  struct Sink {
    std::vector<Diagnostic>& out;
    void emit(Diagnostic d) { out.push_back(std::move(d)); }
  } emitter{out};
  counts = ReportCounts{};
  counts.files = 1;
  for (const ir::KernelInstance& k : tu.kernels) counts.kernels += k.analyzed ? 1 : 0;
  for (const ir::Access& a : tu.accesses) {
    const AccessResult& r = analysis.results[static_cast<size_t>(a.id)];
    const ir::KernelInstance& k = tu.kernel(a.kernelInstance);
    ++counts.accesses;
    const std::string inKernel = isTemplateInstance(k) ? " in '" + k.name + "'" : "";
    if (r.status == AccessResult::Status::Unknown) {
      ++counts.unknown;
      if (!options.showUnknown) continue;
      Diagnostic d;
      d.level = Level::Remark;
      d.span = a.span;
      d.checkName = "bankcheck-unknown";
      d.message = fmt::format("bank conflicts of {} {}{} not computed: {}", actionText(a.kind), arrayLabel(tu, a), inKernel,
                              r.unknownReason);
      emitter.emit(d);
      continue;
    }
    if (r.executions <= 0 || r.worst.ideal <= 0 || r.ways() + 1e-9 < options.minWays) continue;
    ++counts.warnings;
    Diagnostic d;
    d.level = Level::Warning;
    d.span = a.span;
    d.checkName = "bankcheck-bank-conflict";
    d.message = fmt::format("{} bank conflict on {} {}{} ({} wavefronts per warp, ideal {})", mapper::waysText(r.ways()),
                            actionText(a.kind), arrayLabel(tu, a), inKernel, r.worst.wavefronts, r.worst.ideal);
    emitter.emit(d);
    for (const ir::SourceLoc& at : a.inlinedAt) emitter.emit(note(fmt::format("in a device function called at {}", fileLine(at))));
    emitter.emit(note(fmt::format("block {} ({})", blockText(k.launch), k.launch.source)));
    emitter.emit(note(fmt::format("worst case: warp {}{}: {}", r.worst.warp, valuesText(r.worst),
                                  describeWorstBank(r, a.kind))));
    if (std::fabs(r.typicalWavefronts - r.worst.wavefronts) > 1e-9)
      emitter.emit(note(fmt::format("on average {:.3g} wavefronts per warp-instruction (ideal {:.3g}) over {:.6g} executions{}",
                                    r.typicalWavefronts, r.typicalIdeal, r.executions,
                                    r.weightsKnown ? "" : " (some trip counts unknown)")));
    if (r.widthSource != mapper::WidthSource::SourceType || r.instructionWidth != a.widthBytes)
      emitter.emit(note(fmt::format("instruction width {} bytes per lane ({}: {})", r.instructionWidth,
                                    mapper::spelling(r.widthSource), r.widthNote)));
    for (const std::string& n : r.notes) emitter.emit(note(n));
    if (options.explain) out.back().trailingText = bankMapText(r, a.kind);
    const std::string& key = tu.array(a.array).declKey;
    if (proposals && !advised.count(key)) {
      for (const advisor::Proposal& p : *proposals)
        if (p.declKey == key)
          for (Diagnostic& d : proposalDiagnostics(p, options.arch)) out.push_back(std::move(d));
      advised.insert(key);
    }
  }
  return out;
}

std::string summaryLine(const ReportCounts& c) {
  return fmt::format("bankcheck: {} file{}, {} kernel instance{}, {} shared-memory access{} analyzed ({} unknown), {} warning{}",
                     c.files, c.files == 1 ? "" : "s", c.kernels, c.kernels == 1 ? "" : "s", c.accesses,
                     c.accesses == 1 ? "" : "es", c.unknown, c.warnings, c.warnings == 1 ? "" : "s");
}

llvm::json::Value findingsJson(const ir::TranslationUnit& tu, const mapper::UnitAnalysis& analysis, const ReportOptions& options,
                               const std::vector<advisor::Proposal>* proposals) {
  using llvm::json::Array;
  using llvm::json::Object;
  Array kernels, accesses, notAnalyzed;
  // json::Value's move is not noexcept, so a growing Array deep-copies its elements: reserve.
  kernels.reserve(tu.kernels.size());
  accesses.reserve(tu.accesses.size());
  for (const ir::KernelInstance& k : tu.kernels) {
    Object o{{"name", k.name}, {"function", k.function}, {"line", static_cast<int64_t>(k.loc.begin.line)},
             {"analyzed", k.analyzed}, {"launch", ir::toJson(k.launch)},
             {"static_smem_bytes", static_cast<int64_t>(k.staticSmemBytes)}};
    if (!k.analyzed) o["reason"] = k.notAnalyzedReason;
    kernels.push_back(std::move(o));
  }
  for (const ir::Access& a : tu.accesses) {
    const AccessResult& r = analysis.results[static_cast<size_t>(a.id)];
    const ir::KernelInstance& k = tu.kernel(a.kernelInstance);
    Object o{{"file", a.span.begin.file},
             {"line", static_cast<int64_t>(a.span.begin.line)},
             {"column", static_cast<int64_t>(a.span.begin.column)},
             {"end_line", static_cast<int64_t>(a.span.end.line)},
             {"end_column", static_cast<int64_t>(a.span.end.column)},
             {"kernel", k.name},
             {"function", k.function},
             {"array", tu.array(a.array).name},
             {"kind", ir::spelling(a.kind)},
             {"expression", a.spelling},
             {"source_width_bytes", static_cast<int64_t>(a.widthBytes)},
             {"instruction_width_bytes", static_cast<int64_t>(r.instructionWidth)},
             {"width_source", mapper::spelling(r.widthSource)},
             {"vector_factor", static_cast<int64_t>(r.vectorFactor)},
             {"status", r.status == AccessResult::Status::Computed ? "computed" : "unknown"}};
    if (k.launch.known) {
      o["block"] = Array{static_cast<int64_t>(k.launch.x), static_cast<int64_t>(k.launch.y), static_cast<int64_t>(k.launch.z)};
      o["block_source"] = k.launch.source;
    }
    if (r.status == AccessResult::Status::Unknown) {
      o["reason"] = r.unknownReason;
    } else {
      Array lanes;
      for (int64_t addr : r.worst.addresses) lanes.push_back(addr);
      Object values;
      for (const auto& [name, value] : r.worst.values) values[name] = value;
      o["worst_wavefronts"] = static_cast<int64_t>(r.worst.wavefronts);
      o["ideal_wavefronts"] = static_cast<int64_t>(r.worst.ideal);
      o["ways"] = r.ways();
      o["typical_wavefronts"] = r.typicalWavefronts;
      o["typical_ideal"] = r.typicalIdeal;
      o["executions"] = r.executions;
      o["total_wavefronts"] = r.totalWavefronts;
      o["total_ideal"] = r.totalIdeal;
      o["total_ncu_wavefronts"] = r.totalNcuWavefronts;
      o["total_ncu_ideal"] = r.totalNcuIdeal;
      o["ncu_ways"] = r.totalNcuIdeal > 0 ? r.totalNcuWavefronts / r.totalNcuIdeal : 0.0;
      o["weights_known"] = r.weightsKnown;
      o["exhaustive"] = r.exhaustive;
      o["warning"] = r.executions > 0 && r.worst.ideal > 0 && r.ways() + 1e-9 >= options.minWays;
      o["worst_case"] = Object{{"warp", static_cast<int64_t>(r.worst.warp)}, {"lane_byte_addresses", std::move(lanes)},
                               {"values", std::move(values)}};
    }
    Array notes;
    for (const std::string& n : r.notes) notes.push_back(n);
    if (!r.widthNote.empty()) notes.push_back(r.widthNote);
    o["notes"] = std::move(notes);
    accesses.push_back(std::move(o));
  }
  for (const ir::Unanalyzed& u : tu.unanalyzed)
    notAnalyzed.push_back(Object{{"line", static_cast<int64_t>(u.loc.line)}, {"kernel", u.kernel}, {"what", u.what}, {"reason", u.reason}});
  Array fixes;
  for (const advisor::Proposal& p : proposals ? *proposals : std::vector<advisor::Proposal>{}) {
    Object o{{"array", p.array}, {"declared_at", ir::toJson(p.decl.begin)},
             {"kind", p.kind == advisor::Proposal::Kind::Padding ? "padding" : p.kind == advisor::Proposal::Kind::Swizzle ? "swizzle" : "none"},
             {"accesses", static_cast<int64_t>(p.accesses)}, {"wavefronts_before", p.wavefrontsBefore},
             {"worst_ways_before", p.worstWaysBefore}};
    if (p.kind == advisor::Proposal::Kind::None) {
      o["reason"] = p.whyNot;
    } else {
      Array edits, occ;
      for (const advisor::Edit& e : p.edits)
        edits.push_back(Object{{"file", e.span.begin.file}, {"offset", static_cast<int64_t>(e.span.beginOffset)},
                               {"length", static_cast<int64_t>(e.span.endOffset - e.span.beginOffset)},
                               {"line", static_cast<int64_t>(e.span.begin.line)}, {"column", static_cast<int64_t>(e.span.begin.column)},
                               {"original", e.original}, {"replacement", e.text}});
      for (const advisor::OccupancyChange& c : p.occupancy)
        occ.push_back(Object{{"kernel", c.kernel}, {"blocks_per_sm_before", c.blocksBefore}, {"blocks_per_sm_after", c.blocksAfter},
                             {"smem_bytes_before", c.smemBefore}, {"smem_bytes_after", c.smemAfter}, {"needs_opt_in", c.optInAfter}});
      o["declaration_after"] = p.declarationAfter;
      o["dimension"] = p.dimension;
      o["pad_elements"] = p.padElements;
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
    fixes.push_back(std::move(o));
  }
  // Assigned one by one: an initializer list would deep-copy the arrays (its elements are const).
  Object out;
  out["file"] = tu.file;
  out["kernels"] = std::move(kernels);
  out["accesses"] = std::move(accesses);
  out["not_analyzed"] = std::move(notAnalyzed);
  out["proposals"] = std::move(fixes);
  return out;
}

}  // namespace bankcheck::report
