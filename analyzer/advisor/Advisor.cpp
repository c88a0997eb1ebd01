#include "advisor/Advisor.h"

#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "advisor/DeclarationEdits.h"
#include "advisor/FlattenedPadding.h"
#include "advisor/PaddedUnit.h"
#include "advisor/PaddingSearch.h"
#include "advisor/SwizzleSearch.h"
#include "fmt/format.h"
#include "frontend/CompilerArgs.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "mapper/BlockShapes.h"
#include "mapper/ConflictVerdict.h"
#include "mapper/PtxWidths.h"
#include "model/ArchProfile.h"

namespace bankcheck::advisor {

namespace {

struct Group {
  std::vector<int> arrays;
  std::vector<int> accesses;
  bool conflicted = false;
};


// What the fix does to the blocks per SM of kernel `kb` (`ka` after the fix) launched with `shape`.
OccupancyChange occupancyChange(const model::ArchProfile& profile, const ir::KernelInstance& kb, const ir::KernelInstance& ka,
                                const ir::LaunchShape& shape) {
  OccupancyChange c;
  c.kernel = kb.name;
  const int64_t dynamic = shape.dynamicSmemBytes ? static_cast<int64_t>(*shape.dynamicSmemBytes) : 0;
  c.smemBefore = static_cast<int64_t>(kb.staticSmemBytes) + dynamic;
  c.smemAfter = static_cast<int64_t>(ka.staticSmemBytes) + dynamic;
  model::OccupancyQuery q;
  q.threadsPerBlock = static_cast<int>(shape.threads());
  q.sharedMemBytesPerBlock = c.smemBefore;
  const model::Occupancy ob = model::computeOccupancy(profile, q);
  q.sharedMemBytesPerBlock = c.smemAfter;
  const model::Occupancy oa = model::computeOccupancy(profile, q);
  c.blocksBefore = ob.blocksPerSM;
  c.blocksAfter = oa.blocksPerSM;
  c.limiterAfter = model::toString(oa.limiter);
  c.optInAfter = oa.needsOptIn && !ob.needsOptIn;
  return c;
}

void estimateCost(const ir::TranslationUnit& before, const ir::TranslationUnit& after, const Group& g, const std::string& arch,
                  Proposal& p) {
  const std::optional<model::ArchProfile> profile = model::findArchProfile(arch);
  std::set<int> kernels;
  for (int id : g.arrays)
    if (before.array(id).kernelInstance >= 0) kernels.insert(before.array(id).kernelInstance);
  for (int k : kernels) {
    const ir::KernelInstance& kb = before.kernel(k);
    const ir::KernelInstance& ka = after.kernel(k);
    p.bytesAddedPerBlock = std::max(p.bytesAddedPerBlock, addedBytes(before, after, k));
    if (!profile) continue;
    // The fix applies to every shape the kernel runs with: show the shape it costs most (the
    // most blocks per SM lost, then the fewest left).
    std::optional<OccupancyChange> worst;
    for (size_t i = 0; i < mapper::blockShapeCount(kb); ++i) {
      const ir::LaunchShape& shape = mapper::blockShape(kb, i);
      if (!shape.known) continue;
      const OccupancyChange c = occupancyChange(*profile, kb, ka, shape);
      const auto cost = [](const OccupancyChange& o) { return std::make_pair(o.blocksBefore - o.blocksAfter, -o.blocksAfter); };
      if (!worst || cost(c) > cost(*worst)) worst = c;
    }
    if (worst) p.occupancy.push_back(*worst);
  }
}

}  // namespace

bool readSource(const std::string& path, const frontend::FrontendOptions& fe, std::string& out) {
  if (auto it = fe.overlay.find(path); it != fe.overlay.end()) {
    out = it->second;
    return true;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::stringstream ss;
  ss << in.rdbuf();
  out = ss.str();
  return true;
}

std::string newKernelError(const ir::TranslationUnit& before, const ir::TranslationUnit& after) {
  // A padding edit stays on its line, so errors the file already had keep their line and text.
  std::set<std::pair<unsigned, std::string>> existing;
  for (const ir::CompilerMessage& m : before.compilerMessages)
    if (m.level == ir::CompilerMessage::Error) existing.insert({m.loc.line, m.message});
  for (const ir::CompilerMessage& m : after.compilerMessages)
    if (m.level == ir::CompilerMessage::Error && m.insideKernel && !existing.count({m.loc.line, m.message}))
      return "line " + std::to_string(m.loc.line) + ": " + m.message;
  return "";
}

namespace {

// The whole file re-analyzed with some edits applied to a copy of its source.
struct ReAnalysis {
  ir::TranslationUnit unit;
  mapper::UnitAnalysis analysis;
  std::string widthSource = "widths predicted";
  std::string error;  // the patched source does not parse or compile
};

ReAnalysis reanalyze(const ir::TranslationUnit& tu, const std::string& source, const AdvisorOptions& options,
                     const std::vector<Edit>& edits) {
  ReAnalysis out;
  frontend::FrontendOptions fe = options.frontend;
  const std::string patched = applyEdits(source, edits);
  fe.overlay[tu.file] = patched;
  out.unit = frontend::analyzeFile(tu.file, fe);
  if (!out.unit.parsed) {
    out.error = "the patched source does not parse";
    return out;
  }
  if (const std::string error = newKernelError(tu, out.unit); !error.empty()) {
    out.error = "the patched source does not compile: " + error;
    return out;
  }
  mapper::AnalysisOptions ao;
  mapper::PtxListing ptx;
  if (options.usePtx) {
    // nvcc needs the patched text as a file; includes still resolve from the original folder.
    llvm::SmallString<128> dir;
    if (!llvm::sys::fs::createUniqueDirectory("bankcheck-fix", dir)) {
      llvm::SmallString<256> file(dir);
      llvm::sys::path::append(file, llvm::sys::path::filename(tu.file));
      {
        std::ofstream f(file.str().str(), std::ios::binary);
        f << patched;
      }
      std::string note;
      std::vector<std::string> flags = frontend::userFlagsFor(tu.file, options.frontend, note);
      llvm::SmallString<256> origDir(tu.file);
      llvm::sys::fs::make_absolute(origDir);
      llvm::sys::path::remove_filename(origDir);
      flags.push_back("-I" + origDir.str().str());
      ptx = mapper::compileToPtx(file.str().str(), flags, options.frontend.gpuArch);
      llvm::sys::fs::remove(file);
      llvm::sys::fs::remove(dir);
      if (ptx.ok) {
        ao.ptx = &ptx;
        out.widthSource = "widths from nvcc's PTX of the patched code";
      }
    }
  }
  out.analysis = mapper::analyzeUnit(out.unit, ao);
  return out;
}

// Whether the re-analysis confirms the proposal: every access of the array found again and the
// wavefronts lower than before (without any access getting worse than the worst before).
bool confirm(const ReAnalysis& re, Proposal& p) {
  p.widthSource = re.widthSource;
  if (!re.error.empty()) {
    p.verification = re.error;
    return false;
  }
  Evaluation after;
  for (const ir::Access& a : re.unit.accesses)
    if (re.unit.array(a.array).declKey == p.declKey) accumulate(after, re.analysis.results[static_cast<size_t>(a.id)]);
  const unsigned count = after.accesses, unknown = after.unknown;
  const double total = after.totalWavefronts, worst = after.worstWays;
  if (count != p.accesses) {
    p.verification = fmt::format("re-analysis found {} accesses of '{}' instead of {}", count, p.array, p.accesses);
    return false;
  }
  if (total >= p.wavefrontsBefore * (1 - 1e-9) || worst > p.worstWaysBefore + 1e-9) {
    p.verification = fmt::format("re-analysis does not confirm an improvement ({:.6g} wavefronts, worst {})", total, mapper::waysText(worst));
    return false;
  }
  p.wavefrontsAfter = total;
  p.worstWaysAfter = worst;
  p.verified = true;
  const unsigned computed = count - unknown;
  if (worst <= 1 + 1e-9 && unknown == 0)
    p.verification = fmt::format("verified: all {} access{} of '{}' conflict-free after the change", count, count == 1 ? "" : "es", p.array);
  else if (worst <= 1 + 1e-9)
    p.verification = fmt::format("verified: the {} computed access{} of '{}' conflict-free after the change ({} not computed)",
                                 computed, computed == 1 ? "" : "es", p.array, unknown);
  else
    p.verification = fmt::format("verified: the accesses of '{}' need {:.3g}x fewer wavefronts after the change (worst {})", p.array,
                                 p.wavefrontsBefore / std::max(total, 1e-9), mapper::waysText(worst));
  return true;
}

// Padding already written into a dimension that changes no wavefront: on the outermost dimension
// it never can; on another it may be too small or in the wrong place.
void noteIneffectivePadding(const ir::TranslationUnit& tu, const Group& g, const Evaluation& baseline, Proposal& p) {
  const ir::SharedArray& a = tu.array(g.arrays.front());
  for (size_t d = 0; d < a.dimSpellings.size(); ++d) {
    const int64_t k = writtenPadding(a.dimSpellings[d].text);
    if (k <= 0) continue;
    const PaddedGroup unpadded = padGroup(tu, g.arrays, g.accesses, static_cast<int>(d), -k);
    const Evaluation without = evaluateAccesses(unpadded.unit, unpadded.accesses);
    if (std::fabs(without.totalWavefronts - baseline.totalWavefronts) > 1e-9 * std::max(1.0, baseline.totalWavefronts)) continue;
    p.notes.push_back(fmt::format("the padding '+ {}' in dimension {} of '{}' ([{}]) changes no wavefront{}", k, d, a.name,
                                  a.dimSpellings[d].text,
                                  d == 0 ? ": padding the outermost dimension never moves an element to another bank" : ""));
  }
}

// Proves the proposals: all edits applied together and the file re-analyzed once; a proposal the
// joint run does not confirm is re-checked alone, and dropped if that fails too.
void proveAll(const ir::TranslationUnit& tu, const std::string& source, const AdvisorOptions& options,
              std::vector<Proposal>& proposals) {
  std::vector<Edit> all;
  for (const Proposal& p : proposals)
    if (p.kind != Proposal::Kind::None) all.insert(all.end(), p.edits.begin(), p.edits.end());
  if (all.empty()) return;
  const ReAnalysis joint = reanalyze(tu, source, options, all);
  for (Proposal& p : proposals) {
    if (p.kind == Proposal::Kind::None) continue;
    if (!confirm(joint, p) && !confirm(reanalyze(tu, source, options, p.edits), p)) {
      p.whyNot = std::string(p.kind == Proposal::Kind::Padding ? "padding " : "the swizzle ") + p.declarationAfter +
                 " was not confirmed by re-analysis: " + p.verification;
      p.kind = Proposal::Kind::None;
      p.edits.clear();
    }
  }
}

}  // namespace

std::vector<Proposal> advise(const ir::TranslationUnit& tu, const mapper::UnitAnalysis& analysis, const AdvisorOptions& options) {
  std::vector<Proposal> proposals;
  const mapper::FamilyPolicy familyPolicy = mapper::parseFamilyPolicy(options.frontend.blockFamily).value_or(mapper::FamilyPolicy::All);
  std::map<std::string, Group> groups;
  std::vector<std::string> order;
  for (const ir::SharedArray& a : tu.arrays) {
    if (a.carvedFrom >= 0 || a.isDynamic) continue;
    if (!groups.count(a.declKey)) order.push_back(a.declKey);
    groups[a.declKey].arrays.push_back(a.id);
  }
  for (const ir::Access& a : tu.accesses) {
    auto it = groups.find(tu.array(a.array).declKey);
    if (it == groups.end() || tu.array(a.array).carvedFrom >= 0) continue;
    it->second.accesses.push_back(a.id);
    // Only what the report warns about is fixed (not a conflict of some members of an assumed
    // family of shapes, under the policy "all").
    const mapper::ConflictVerdict verdict = mapper::judgeConflict(tu.kernel(a.kernelInstance), analysis.results[static_cast<size_t>(a.id)],
                                                                  options.minWays, familyPolicy);
    if (verdict.kind == mapper::ConflictVerdict::Kind::Warning) it->second.conflicted = true;
  }
  std::string source;
  for (const std::string& key : order) {
    const Group& g = groups[key];
    if (!g.conflicted) continue;
    if (source.empty()) readSource(tu.file, options.frontend, source);
    const ir::SharedArray& a = tu.array(g.arrays.front());
    Proposal p;
    p.array = a.name;
    p.declKey = key;
    p.decl = a.decl;
    const Evaluation baseline = evaluateAccesses(tu, g.accesses);
    p.accesses = baseline.accesses;
    p.wavefrontsBefore = baseline.totalWavefronts;
    p.worstWaysBefore = baseline.worstWays;
    noteIneffectivePadding(tu, g, baseline, p);
    if (baseline.unknown)
      p.notes.push_back(fmt::format("{} of the {} accesses of '{}' could not be computed; the padding is chosen from the others",
                                    baseline.unknown, baseline.accesses, a.name));
    if (a.dims.size() < 2) {
      const FlattenedResult flat = searchFlattenedPadding(tu, g.arrays, g.accesses, baseline.totalWavefronts, source, options);
      if (flat.edits.empty()) {
        p.whyNot = flat.whyNot;
      } else {
        p.kind = Proposal::Kind::Padding;
        p.dimension = 0;
        p.padElements = flat.pad;
        p.edits = flat.edits;
        p.declarationAfter = flat.declarationAfter;
        p.wavefrontsAfter = flat.wavefrontsAfter;
        p.worstWaysAfter = flat.worstWaysAfter;
        p.notes.push_back("the row stride changes in the declaration and in every index of '" + a.name + "' (" +
                          std::to_string(flat.edits.size() - 1) + (flat.edits.size() == 2 ? " index)" : " indices)"));
        // The same unit with each block of the array's kernels grown by the padding's bytes.
        ir::TranslationUnit grown = padGroup(tu, g.arrays, {}, -1, 0).unit;
        for (int id : g.arrays)
          if (const int k = tu.array(id).kernelInstance; k >= 0)
            grown.kernels[static_cast<size_t>(k)].staticSmemBytes += static_cast<uint64_t>(flat.bytesAdded);
        estimateCost(tu, grown, g, options.arch, p);
      }
      proposals.push_back(p);
      continue;
    }
    const std::optional<model::ArchProfile> profile = model::findArchProfile(options.arch);
    const int64_t maxStatic = profile ? profile->sharedMemPerBlockDefault : 48 * 1024;
    const SearchResult search = searchPadding(tu, g.arrays, g.accesses, baseline, maxStatic);
    // A swizzle when padding cannot reach the ideal (or is not allowed): it costs no memory.
    const bool paddingIdeal = search.best && search.best->evaluation.worstWays <= 1 + 1e-9;
    if (!paddingIdeal) {
      const SwizzleSearchResult swizzle = searchSwizzle(tu, g.arrays, g.accesses, baseline);
      const double paddingTotal = search.best ? search.best->evaluation.totalWavefronts : baseline.totalWavefronts;
      if (swizzle.best && swizzle.best->evaluation.totalWavefronts < paddingTotal * (1 - 1e-9)) {
        p.kind = Proposal::Kind::Swizzle;
        p.swizzle = swizzle.best->cute;
        p.edits = swizzleEdits(tu, g.accesses, *swizzle.best);
        p.declarationAfter = a.name + swizzledIndexText(swizzle.best->bits, swizzle.best->shift);
        p.wavefrontsAfter = swizzle.best->evaluation.totalWavefronts;
        p.worstWaysAfter = swizzle.best->evaluation.worstWays;
        if (search.limitedByStaticSize)
          p.notes.push_back(fmt::format("padding '{}' would take a block's static shared memory past {} bytes, which nvcc rejects",
                                        a.name, maxStatic));
        estimateCost(tu, tu, g, options.arch, p);
        proposals.push_back(p);
        continue;
      }
      if (!search.best) {
        p.whyNot = "no padding of any dimension lowers the wavefronts of '" + a.name + "'" +
                   (search.constraint.empty() ? "" : " while " + search.constraint) +
                   (search.limitedByStaticSize ? " and stays within " + std::to_string(maxStatic) + " bytes of static shared memory" : "") +
                   (swizzle.whyNot.empty() ? "" : "; no swizzle either: " + swizzle.whyNot);
        proposals.push_back(p);
        continue;
      }
    }
    std::string why;
    std::optional<Edit> edit = dimensionEdit(a, search.best->dim, search.best->pad, why);
    if (!edit) {
      p.whyNot = why;
      proposals.push_back(p);
      continue;
    }
    p.kind = Proposal::Kind::Padding;
    p.dimension = search.best->dim;
    p.padElements = search.best->pad;
    p.edits.push_back(*edit);
    p.declarationAfter = declarationText(a, p.dimension, p.padElements);
    p.wavefrontsAfter = search.best->evaluation.totalWavefronts;
    p.worstWaysAfter = search.best->evaluation.worstWays;
    if (!search.constraint.empty()) p.notes.push_back("only paddings that keep the alignment were considered: " + search.constraint);
    estimateCost(tu, padGroup(tu, g.arrays, {}, p.dimension, p.padElements).unit, g, options.arch, p);
    proposals.push_back(p);
  }
  proveAll(tu, source, options, proposals);
  return proposals;
}

}  // namespace bankcheck::advisor
