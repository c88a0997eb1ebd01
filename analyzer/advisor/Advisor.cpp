#include "advisor/Advisor.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <functional>
#include <limits>
#include <map>
#include <numeric>
#include <optional>
#include <set>
#include <sstream>

#include "advisor/AtomicStores.h"
#include "advisor/CarvedBuffer.h"
#include "advisor/DeclarationEdits.h"
#include "advisor/FlatSwizzle.h"
#include "advisor/FlattenedPadding.h"
#include "advisor/OtherViewPadding.h"
#include "advisor/PaddedUnit.h"
#include "advisor/PaddingRemoval.h"
#include "advisor/PaddingSearch.h"
#include "advisor/SwizzleSearch.h"
#include "advisor/TemplateArgumentPadding.h"
#include "fmt/format.h"
#include "llvm/ADT/StringRef.h"
#include "frontend/CompilerArgs.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "mapper/BlockShapes.h"
#include "mapper/ConflictVerdict.h"
#include "mapper/PtxWidths.h"
#include "mapper/ExtentBounds.h"
#include "mapper/SassWidths.h"
#include "model/ArchProfile.h"

namespace bankcheck::advisor {

namespace {

// More shared memory than any GPU has (1 TiB): byte counts are clamped to it before they are added.
constexpr uint64_t kMaxSmemBytes = uint64_t{1} << 40;

// "line 12" or "lines 12, 40", for a note.
std::string linesText(const std::set<unsigned>& lines) {
  std::string list;
  for (unsigned l : lines) list += (list.empty() ? "" : ", ") + std::to_string(l);
  return std::string(lines.size() > 1 ? "lines " : "line ") + list;
}

// What a tile filled by cp.async.cg copies is read with decides what could keep the copied lines
// whole: an XOR swizzle of 16-byte chunks serves ldmatrix reads (measured: padded rows cost the
// copies 1.8x to 2.6x their time, swizzled rows nothing, docs/hardware-model.md), but a wmma load
// takes a row stride and cannot read a swizzled tile. "" when it is read by neither.
// Reads through any view of the same buffer count (a carved `tile_ptr = &shmem[row][col]`).
std::string copiedTileReaders(const ir::TranslationUnit& tu, const std::vector<int>& arrays) {
  std::set<int> roots;
  for (int id : arrays) roots.insert(tu.rootOf(tu.array(id)).id);
  std::set<unsigned> wmma, ldmatrix;
  for (const ir::Access& x : tu.accesses) {
    if (x.array < 0 || !roots.count(tu.rootOf(tu.array(x.array)).id)) continue;
    if (x.wmmaLdm && readsShared(x.kind)) wmma.insert(x.span.begin.line);
    if (x.kind == ir::AccessKind::MatrixLoad) ldmatrix.insert(x.span.begin.line);
  }
  if (!wmma.empty())
    return "; the tile is read by wmma::load_matrix_sync (" + linesText(wmma) +
           "), which takes a row stride: the XOR swizzle of 16-byte chunks that keeps copied lines whole, where a row padding "
           "splits them, cannot be read by it";
  if (!ldmatrix.empty())
    return "; the tile is read by ldmatrix (" + linesText(ldmatrix) +
           "): where a row padding splits the copied lines, unpadded rows with an XOR swizzle of their 16-byte chunks keep "
           "both the copies and the ldmatrix reads conflict-free (measured to halve the copies' time, docs/hardware-model.md)";
  return "";
}

struct Group {
  std::vector<int> arrays;
  std::vector<int> accesses;
  bool conflicted = false;
};


// What the fix does to the blocks per SM of kernel `kb` (`ka` after the fix) launched with `shape`.
// `dynamicAfter`: the dynamic bytes of the launch after the fix, where it changes them (a padding
// taken out of a template argument that also sizes the launch's byte count).
OccupancyChange occupancyChange(const model::ArchProfile& profile, const ir::KernelInstance& kb, const ir::KernelInstance& ka,
                                const ir::LaunchShape& shape, std::optional<uint64_t> dynamicAfter = std::nullopt) {
  OccupancyChange c;
  c.kernel = kb.name;
  // Sizes from the source are only range-checked by the compiler: a launch may ask for 2^63 bytes.
  // Clamped sums stay far above any GPU's shared memory, so the occupancy is still 0 blocks.
  const auto clamp = [](uint64_t v) { return static_cast<int64_t>(std::min<uint64_t>(v, kMaxSmemBytes)); };
  const int64_t dynamic = shape.dynamicSmemBytes ? clamp(static_cast<uint64_t>(*shape.dynamicSmemBytes)) : 0;
  c.smemBefore = clamp(kb.staticSmemBytes) + dynamic;
  c.smemAfter = clamp(ka.staticSmemBytes) + (dynamicAfter ? clamp(*dynamicAfter) : dynamic);
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

// The launches that size a dynamic shared array, when a padding can be added to each: every
// launch of its kernels passes a byte count written where it can be edited, and nothing else is
// carved out of the same memory (unless `wholeBuffer`: `arrays` are then the buffer's instances,
// padded with their carve-outs). nullopt with `why` otherwise.
std::optional<DynamicExtent> dynamicExtentOf(const ir::TranslationUnit& tu, const std::vector<int>& arrays, std::string& why,
                                             int64_t optInLimit, bool wholeBuffer = false) {
  DynamicExtent out;
  out.wholeBuffer = wholeBuffer;
  out.optInLimit = optInLimit;
  out.elements = std::numeric_limits<int64_t>::max();
  std::set<std::pair<std::string, unsigned>> seen;  // launch sites several instances share
  const std::set<int> group(arrays.begin(), arrays.end());
  for (int id : arrays) {
    const ir::SharedArray& a = tu.array(id);
    // A typed view at offset 0 (`T* sdata = SharedMemory<T>();`) is the buffer itself when it is
    // the only view and the raw buffer is not accessed otherwise.
    const int buffer = tu.rootOf(a).id;
    // The buffer padded alone: nothing else may sit in it (with `wholeBuffer` the carve-outs move
    // with its rows).
    if (!wholeBuffer) {
      int64_t offset = 0;
      if (a.carvedFrom >= 0 && !(ir::isConst(a.carveOffset, &offset) && offset == 0)) {
        why = "'" + a.name + "' is carved out of '" + tu.array(buffer).name +
              "' at an offset: padding its rows would move the buffers carved after it, and bankcheck does not edit carve-outs yet";
        return std::nullopt;
      }
      for (const ir::SharedArray& other : tu.arrays)
        if (other.carvedFrom == buffer && !group.count(other.id)) {
          why = "'" + other.name + "' is carved out of the same memory '" + tu.array(buffer).name + "', and padding the rows of '" + a.name +
                "' would move its rows over it; bankcheck does not edit carve-outs yet";
          return std::nullopt;
        }
      if (buffer != id)
        for (const ir::Access& acc : tu.accesses)
          if (acc.array == buffer) {
            why = "'" + tu.array(buffer).name + "' is also accessed directly (line " + std::to_string(acc.span.begin.line) +
                  "), where a padding of the rows of '" + a.name + "' would not be applied";
            return std::nullopt;
          }
    }
    if (a.kernelInstance < 0) {
      why = "it is declared outside a kernel";
      return std::nullopt;
    }
    const ir::KernelInstance& k = tu.kernel(a.kernelInstance);
    if (k.dynamicSmemArguments.empty() || !k.dynamicSmemComplete) {
      why = "no launch in this file passes the byte count of '" + k.name + "' as a <<<>>> argument that can be edited";
      return std::nullopt;
    }
    for (const ir::DynamicSmemArgument& l : k.dynamicSmemArguments) {
      if (!l.notEditable.empty()) {
        why = "the byte count of a launch of '" + k.name + "' at line " + std::to_string(l.span.begin.line) + " cannot be rewritten: " + l.notEditable;
        return std::nullopt;
      }
      if (l.bytes) out.elements = std::min<int64_t>(out.elements, static_cast<int64_t>(*l.bytes / a.elementSize));
      if (seen.insert({l.span.begin.file, l.span.beginOffset}).second) out.launches.push_back(l);
    }
    // A kernel past 48 KB opts in to a byte limit; the padded launches must stay within it.
    if (k.dynamicSmemOptIn && !k.dynamicSmemOptInComplete) {
      why = "a cudaFuncSetAttribute call whose kernel is not known may set the byte limit of '" + k.name +
            "' (MaxDynamicSharedMemorySize), which its padded launches would exceed";
      return std::nullopt;
    }
    for (const ir::DynamicSmemArgument& l : k.dynamicSmemOptInArguments) {
      if (!l.notEditable.empty()) {
        why = "the byte limit that '" + k.name + "' opts in to at line " + std::to_string(l.span.begin.line) +
              " (cudaFuncSetAttribute) cannot be rewritten: " + l.notEditable;
        return std::nullopt;
      }
      if (seen.insert({l.span.begin.file, l.span.beginOffset}).second) out.optIns.push_back(l);
    }
  }
  if (out.elements == std::numeric_limits<int64_t>::max()) out.elements = 0;
  return out;
}

// The bytes each instance of `arrays` spans, as far as a swizzle may permute them: a declared
// size; dynamic memory's smallest launch byte count; a carve-out's distance to the next carve-out
// (or to the end of the smallest launch's bytes). The greatest common divisor over the instances
// (a swizzle block divides every one); 0 when some instance's is not known.
int64_t flatRegionBytes(const ir::TranslationUnit& tu, const std::vector<int>& arrays) {
  int64_t region = 0;
  const auto launchBytes = [&](const ir::SharedArray& a) -> int64_t {
    if (a.kernelInstance < 0) return 0;
    const ir::KernelInstance& k = tu.kernel(a.kernelInstance);
    if (k.dynamicSmemArguments.empty() || !k.dynamicSmemComplete) return 0;
    int64_t fewest = std::numeric_limits<int64_t>::max();
    for (const ir::DynamicSmemArgument& l : k.dynamicSmemArguments) {
      if (!l.bytes) return 0;
      fewest = std::min<int64_t>(fewest, static_cast<int64_t>(*l.bytes));
    }
    return fewest;
  };
  for (int id : arrays) {
    const ir::SharedArray& a = tu.array(id);
    int64_t bytes = 0;
    if (!a.isDynamic) {
      bytes = static_cast<int64_t>(a.sizeBytes);
    } else if (a.carvedFrom < 0) {
      bool viewed = false;  // the buffer's bytes are also reached through views carved out of it
      for (const ir::SharedArray& v : tu.arrays) viewed |= v.carvedFrom == id;
      bytes = viewed ? 0 : launchBytes(a);
    } else {
      int64_t offset = 0;
      if (!ir::isConst(a.carveOffset, &offset)) return 0;
      int64_t end = launchBytes(tu.array(a.carvedFrom));
      for (const ir::SharedArray& v : tu.arrays) {
        if (v.carvedFrom != a.carvedFrom || v.id == id) continue;
        int64_t other = 0;
        if (!ir::isConst(v.carveOffset, &other)) return 0;  // unknown
        // Another view of the same bytes (`V_tile_smem = Q_tile_smem`, reused after Q is read) is
        // no boundary: the next carve-out, or the buffer's end, still bounds this one's blocks.
        if (other > offset) end = end > 0 ? std::min(end, other) : other;
      }
      for (const ir::Access& acc : tu.accesses)
        if (acc.array == a.carvedFrom) return 0;  // the buffer is also reached by name
      bytes = end > offset ? end - offset : 0;
    }
    if (bytes <= 0) return 0;
    region = std::gcd(region, bytes);
  }
  return region;
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

// The cost of a change that grows the blocks of some kernel instances by some bytes (the rest of
// the unit as it is): `scratch` is restored afterwards.
void estimateCostOfGrowth(ir::TranslationUnit& scratch, const ir::TranslationUnit& tu, const Group& g, const std::string& arch,
                          const std::vector<std::pair<int, int64_t>>& bytesByKernel, Proposal& p) {
  std::vector<std::pair<size_t, uint64_t>> saved;
  for (const auto& [k, bytes] : bytesByKernel) {
    saved.push_back({static_cast<size_t>(k), scratch.kernels[static_cast<size_t>(k)].staticSmemBytes});
    scratch.kernels[static_cast<size_t>(k)].staticSmemBytes += static_cast<uint64_t>(bytes);
  }
  estimateCost(tu, scratch, g, arch, p);
  for (auto it = saved.rbegin(); it != saved.rend(); ++it) scratch.kernels[it->first].staticSmemBytes = it->second;
}

// Where a swizzle writes its XOR on the shared address an instruction takes (FlatSwizzle.h): what
// that relies on. "" when it writes none.
std::string wholeAddressNote(const FlatSwizzleResult& sw, const std::string& array) {
  if (sw.wholeAddresses == 0) return "";
  return fmt::format("{} {} the XOR on the whole shared address an instruction takes, `E ^ (((E >> {}) & {}) << {})`, where the "
                     "offset is written in two places (a row in a local, a step at the instruction): the same swizzle, as '{}' starts "
                     "at a multiple of {} bytes of the block's shared memory (docs/hardware-model.md, \"Where arrays start\"), so the "
                     "address and the offset agree in the bits below {} that the XOR reads and writes",
                     sw.wholeAddresses, sw.wholeAddresses == 1 ? "edit writes" : "edits write", sw.source, (1 << sw.bits) - 1, sw.shift,
                     array, int64_t{1} << std::min(sw.startBits, 20), sw.source + sw.bits);
}

// What the accesses take before the change, which the proof compares against.
void setBefore(const Evaluation& e, Proposal& p) {
  p.accesses = e.accesses;
  p.unknownBefore = e.unknown;
  p.wavefrontsBefore = e.totalWavefronts;
  p.worstWaysBefore = e.worstWays;
  p.stoppedEarlyBefore = e.stoppedEarly;
  p.plansBefore = e.plans;  // where an enumeration stopped, totals compare only over the same cases (judge)
}

// What the search's evaluation on the IR predicts for the proposal (judged again before it is shown).
void setPredicted(const Evaluation& e, Proposal& p) {
  p.wavefrontsAfter = e.totalWavefronts;
  p.worstWaysAfter = e.worstWays;
  p.unknownAfter = e.unknown;
  p.predicted = e;
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

const std::string& editFile(const Edit& e) { return e.span.begin.file; }

uint64_t sourceHash(const std::string& text) {
  uint64_t h = 1469598103934665603ull;  // FNV-1a
  for (unsigned char c : text) h = (h ^ c) * 1099511628211ull;
  return h ^ text.size();
}

bool patchFiles(const std::vector<Edit>& edits, const frontend::FrontendOptions& options, std::map<std::string, std::string>& patched,
                std::string& why) {
  std::map<std::string, std::vector<Edit>> byFile;
  for (const Edit& e : edits) {
    if (editFile(e).empty()) {
      why = "an edit names no file";
      return false;
    }
    byFile[editFile(e)].push_back(e);
  }
  for (auto& [file, list] : byFile) {
    std::string text;
    if (!readSource(file, options, text)) {
      why = "cannot read '" + file + "'";
      return false;
    }
    std::sort(list.begin(), list.end(), [](const Edit& x, const Edit& y) { return x.span.beginOffset < y.span.beginOffset; });
    // The carve-outs of one buffer are offered the same edits: applied together, once.
    list.erase(std::unique(list.begin(), list.end(),
                           [](const Edit& x, const Edit& y) {
                             return x.span.beginOffset == y.span.beginOffset && x.span.endOffset == y.span.endOffset && x.text == y.text;
                           }),
               list.end());
    for (size_t i = 0; i < list.size(); ++i) {
      const Edit& e = list[i];
      if (e.span.beginOffset > e.span.endOffset || e.span.endOffset > text.size() ||
          text.compare(e.span.beginOffset, e.span.endOffset - e.span.beginOffset, e.original) != 0) {
        why = "the text of '" + file + "' at line " + std::to_string(e.span.begin.line) + " is not '" + e.original + "'";
        return false;
      }
      if (i > 0 && e.span.beginOffset < list[i - 1].span.endOffset) {
        why = "two edits of '" + file + "' overlap at line " + std::to_string(e.span.begin.line);
        return false;
      }
    }
    patched[file] = applyEdits(text, list);
  }
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

// Per declaration key, the launch shapes of every kernel instance that accesses the array (kernel
// name -> its shapes as text): a fix that changes them (a block sized by sizeof the padded array)
// is proven on other blocks than it was found on.
using KernelShapes = std::map<std::string, std::string>;
std::map<std::string, KernelShapes> shapesByDecl(const ir::TranslationUnit& tu) {
  std::map<std::string, KernelShapes> out;
  for (const ir::Access& a : tu.accesses) {
    if (a.kernelInstance < 0) continue;
    const ir::KernelInstance& k = tu.kernel(a.kernelInstance);
    std::set<std::string> shapes;
    for (size_t i = 0; i < mapper::blockShapeCount(k); ++i) {
      const ir::LaunchShape& sh = mapper::blockShape(k, i);
      shapes.insert(sh.known ? fmt::format("{}x{}x{}{}", sh.x, sh.y, sh.z, sh.assumed ? " (assumed)" : "") : "not computed");
    }
    std::string text;
    for (const std::string& sh : shapes) text += (text.empty() ? "" : " ") + sh;
    out[tu.array(a.array).declKey][k.name] = text;
  }
  return out;
}

// "k<0>: 32x8x1; k<2>: 32x8x1", or without the kernels' names "32x8x1" (each set of shapes once).
std::string shapesText(const KernelShapes& shapes, bool withKernels) {
  std::set<std::string> parts;
  for (const auto& [kernel, text] : shapes) parts.insert(withKernels ? kernel + ": " + text : text);
  std::string joined;
  for (const std::string& part : parts) joined += (joined.empty() ? "" : "; ") + part;
  return joined;
}

// The whole file re-analyzed with some edits applied to a copy of its source.
struct ReAnalysis {
  ir::TranslationUnit unit;
  mapper::UnitAnalysis analysis;
  std::string widthSource = "widths predicted";
  std::string error;  // the patched source does not parse or compile
  std::map<std::string, std::vector<int>> accessesByDecl;  // access ids per declaration key
  std::map<std::string, KernelShapes> shapes;               // shapesByDecl of the patched unit
};

// Where the declaration at `key` ("file:line:column") is after `edits`: an edit that ends on an
// earlier line and adds or removes line breaks (a padded index repeats an index written over two
// lines) moves it down or up.
std::string keyAfterEdits(const std::string& key, const std::vector<Edit>& edits) {
  const size_t colon = key.rfind(':');
  const size_t lineColon = colon == std::string::npos || colon == 0 ? std::string::npos : key.rfind(':', colon - 1);
  if (lineColon == std::string::npos) return key;
  const std::string file = key.substr(0, lineColon);
  const long line = std::strtol(key.c_str() + lineColon + 1, nullptr, 10);
  long delta = 0;
  for (const Edit& e : edits)
    if (e.span.begin.file == file && static_cast<long>(e.span.end.line) < line)
      delta += static_cast<long>(std::count(e.text.begin(), e.text.end(), '\n')) -
               static_cast<long>(std::count(e.original.begin(), e.original.end(), '\n'));
  return delta == 0 ? key : file + ":" + std::to_string(line + delta) + key.substr(colon);
}

ReAnalysis reanalyze(const ir::TranslationUnit& tu, const AdvisorOptions& options, const std::vector<Edit>& edits) {
  ReAnalysis out;
  frontend::FrontendOptions fe = options.frontend;
  std::map<std::string, std::string> files;
  if (!patchFiles(edits, options.frontend, files, out.error)) return out;
  for (auto& [file, text] : files) fe.overlay[file] = text;
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
  const auto onlyTheFile = [&] { return files.size() == 1 && files.count(tu.file) == 1; };
  if (options.usePtx && onlyTheFile()) {
    // nvcc needs the patched text as a file; includes still resolve from the original folder.
    const std::string& patched = files.begin()->second;
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
      ptx = options.useSass ? mapper::compileToSass(file.str().str(), flags, options.frontend.gpuArch)
                            : mapper::compileToPtx(file.str().str(), flags, options.frontend.gpuArch);
      llvm::sys::fs::remove(file);
      llvm::sys::fs::remove(dir);
      if (ptx.ok) {
        ao.ptx = &ptx;
        out.widthSource = ptx.origin == mapper::WidthSource::Sass ? "widths from the SASS of the patched code"
                                                                  : "widths from nvcc's PTX of the patched code";
      }
    }
  }
  mapper::boundLoopsByExtent(out.unit, ao);
  out.analysis = mapper::analyzeUnit(out.unit, ao);
  for (const ir::Access& a : out.unit.accesses) out.accessesByDecl[out.unit.array(a.array).declKey].push_back(a.id);
  out.shapes = shapesByDecl(out.unit);
  // Keyed as the declarations were before the edits, which is how the proposals name them.
  std::map<std::string, std::string> original;
  for (const ir::SharedArray& a : tu.arrays)
    if (const std::string moved = keyAfterEdits(a.declKey, edits); moved != a.declKey) original[moved] = a.declKey;
  if (!original.empty()) {
    const auto rekey = [&](auto& byKey) {
      std::remove_reference_t<decltype(byKey)> out2;
      for (auto& [key, value] : byKey) {
        const auto it = original.find(key);
        out2[it == original.end() ? key : it->second] = std::move(value);
      }
      byKey = std::move(out2);
    };
    rekey(out.accessesByDecl);
    rekey(out.shapes);
  }
  return out;
}

// Whether the wavefronts after the change (`after`, over `count` accesses of the array) prove the
// proposal: every access found again, the total lower than before, no access worse than the worst
// before, and no fewer computed.
bool judge(const Evaluation& after, Proposal& p) {
  const unsigned count = after.accesses, unknown = after.unknown;
  const double total = after.totalWavefronts, worst = after.worstWays;
  if (count != p.accesses) {
    p.verification = fmt::format("re-analysis found {} accesses of '{}' instead of {}", count, p.array, p.accesses);
    return false;
  }
  // Totals over an enumeration that stopped at its cap are sums over the cases before it: they
  // compare only when the change left the loops covered the same way, so that both runs saw the
  // same cases (a loop counted before and enumerated after would not).
  const bool capped = p.stoppedEarlyBefore || after.stoppedEarly;
  if (capped && p.plansBefore != after.plans) {
    p.verification = fmt::format("re-analysis cannot compare '{}' before and after the change: the enumeration of some access stopped "
                                 "at its cap of warp instructions, and the change makes it cover other cases",
                                 p.array);
    return false;
  }
  if (total >= p.wavefrontsBefore * (1 - 1e-9) || worst > p.worstWaysBefore + 1e-9) {
    p.verification = fmt::format("re-analysis does not confirm an improvement ({:.6g} wavefronts, worst {})", total, mapper::waysText(worst));
    return false;
  }
  const unsigned computed = count - unknown;
  // A proof needs something to prove it on: no access computed after the change (the block grew
  // past 1024 threads, say) or fewer than before is no verification.
  if (computed == 0) {
    p.verification = fmt::format("re-analysis computed none of the {} accesses of '{}' after the change, so nothing is verified", count,
                                 p.array);
    return false;
  }
  if (unknown > p.unknownBefore) {
    p.verification = fmt::format("re-analysis could not compute {} of the accesses of '{}' after the change ({} before)", unknown, p.array,
                                 p.unknownBefore);
    return false;
  }
  p.wavefrontsAfter = total;
  p.worstWaysAfter = worst;
  p.unknownAfter = unknown;
  p.verified = true;
  const unsigned weighed = count - after.unweighed;
  if (worst <= 1 + 1e-9 && unknown == 0)
    p.verification = fmt::format("verified: all {} access{} of '{}' conflict-free after the change", weighed, weighed == 1 ? "" : "es", p.array);
  else if (worst <= 1 + 1e-9)
    p.verification = fmt::format("verified: the {} computed access{} of '{}' conflict-free after the change ({} not computed)",
                                 computed, computed == 1 ? "" : "es", p.array, unknown);
  else
    p.verification = fmt::format("verified: the accesses of '{}' need {:.3g}x fewer wavefronts after the change (worst {})", p.array,
                                 p.wavefrontsBefore / std::max(total, 1e-9), mapper::waysText(worst));
  if (capped) p.verification += ", in the cases enumerated before the cap on warp instructions (the same cases before and after)";
  if (after.unweighed)
    p.verification += fmt::format(" (its {} cp.async.cg cop{} not weighed: the shared-memory counter omits their writes)",
                                  after.unweighed, after.unweighed == 1 ? "y" : "ies");
  return true;
}

// A padding set at the launches leaves fewer instantiations (merged ones count once), so the
// re-parsed file proves it by what remains: every access computed as before and none conflicted.
bool judgePerInstantiation(const Evaluation& after, Proposal& p) {
  if (after.stoppedEarly) {
    p.verification = fmt::format("re-analysis of the instantiations left stopped enumerating some access of '{}' at its cap of warp "
                                 "instructions, so it cannot show them conflict-free",
                                 p.array);
    return false;
  }
  if (after.accesses == 0 || after.unknown > p.unknownBefore || after.worstWays > 1 + 1e-9) {
    p.verification = fmt::format("re-analysis of the instantiations left found {} accesses of '{}', {} not computed, worst {}",
                                 after.accesses, p.array, after.unknown, mapper::waysText(after.worstWays));
    return false;
  }
  p.verified = true;
  p.verification = fmt::format("verified: all {} access{} of '{}' in the instantiations left conflict-free after the change", after.accesses,
                               after.accesses == 1 ? "" : "es", p.array);
  return true;
}

// Whether the re-analysis of the patched source confirms the proposal: it compiles, the kernels
// keep their block shapes, and judge() accepts what it computed for the array.
bool confirm(const ReAnalysis& re, const std::map<std::string, KernelShapes>& shapesBefore, Proposal& p) {
  p.widthSource = "re-parsed, " + re.widthSource;
  if (!re.error.empty()) {
    p.verification = re.error;
    return false;
  }
  const auto before = shapesBefore.find(p.declKey);
  const auto after = re.shapes.find(p.declKey);
  // Set at the launches, the padding merges instantiations (PAD 0 and 1 both become PAD 1):
  // the kernels are other instances, launched with the same shapes.
  const bool withKernels = !p.perInstantiation && p.unpadding.empty();  // the instances are renamed (`k<8>` -> `k<0>`)
  const std::string shapesB = before == shapesBefore.end() ? "" : shapesText(before->second, withKernels);
  const std::string shapesA = after == re.shapes.end() ? "" : shapesText(after->second, withKernels);
  if (shapesB != shapesA) {
    p.verification = "the change also changes the block shapes of the kernels that access '" + p.array + "' (" + shapesB + " -> " +
                     (shapesA.empty() ? "none" : shapesA) + ")";
    return false;
  }
  Evaluation evaluation;
  if (auto it = re.accessesByDecl.find(p.declKey); it != re.accessesByDecl.end())
    for (int id : it->second) accumulate(evaluation, re.analysis.results[static_cast<size_t>(id)], p.weighsCopies);
  if (p.perInstantiation) {
    for (const auto& [key, worstBefore] : p.alsoPaddedWorst) {
      Evaluation other;
      if (auto it = re.accessesByDecl.find(key); it != re.accessesByDecl.end())
        for (int id : it->second) accumulate(other, re.analysis.results[static_cast<size_t>(id)]);
      if (other.worstWays > worstBefore + 1e-9 || other.stoppedEarly) {
        p.verification = fmt::format("re-analysis found another array the template parameter sizes worse after the change ({} -> {})",
                                     mapper::waysText(worstBefore), mapper::waysText(other.worstWays));
        return false;
      }
    }
    return judgePerInstantiation(evaluation, p);
  }
  return judge(evaluation, p);
}

// When no padding serves every instantiation of a template's tile together, the padding each
// would take alone (`tile[64][64 + PAD]` with PAD 0 in one and 4 in another): a padding written
// as a template parameter, set at each instantiation, is the fix. "" when none helps alone.
std::string paddingsPerInstance(ir::TranslationUnit& scratch, const ir::TranslationUnit& tu, const Group& g, int64_t maxStatic,
                                const std::function<bool()>& expired) {
  if (g.arrays.size() < 2) return "";
  std::vector<std::string> parts;
  bool anyHelps = false;
  for (int id : g.arrays) {
    const ir::SharedArray& x = tu.array(id);
    if (x.kernelInstance < 0) return "";
    std::vector<int> mine;
    for (int acc : g.accesses)
      if (tu.accesses[static_cast<size_t>(acc)].array == id) mine.push_back(acc);
    const Evaluation base = evaluateAccesses(tu, mine);
    const SearchResult alone = searchPadding(scratch, tu, {id}, mine, base, maxStatic, expired);
    if (alone.timedOut) return "";
    std::string dims;
    for (uint64_t d : x.dims) dims += "[" + std::to_string(d) + "]";
    if (alone.best) {
      anyHelps = true;
      parts.push_back(fmt::format("'{}' ({}) + {} on dimension {}", tu.kernel(x.kernelInstance).name, dims, alone.best->pad, alone.best->dim));
    } else {
      parts.push_back(fmt::format("'{}' ({}) none", tu.kernel(x.kernelInstance).name, dims));
    }
  }
  if (!anyHelps) return "";
  std::string list;
  for (const std::string& part : parts) list += (list.empty() ? "" : ", ") + part;
  return "alone, the instantiations would take different paddings: " + list +
         " (write the padding as a template parameter that only shared-memory declarations use, and launch each instantiation with "
         "its value written as a number: bankcheck then sets it at each launch)";
}

void dropUnproven(Proposal& p) {
  p.whyNot = std::string(p.kind == Proposal::Kind::Padding ? "padding " : p.kind == Proposal::Kind::Swizzle ? "the swizzle " : "the store ") +
             p.declarationAfter +
             " was not confirmed by re-analysis: " + p.verification;
  p.kind = Proposal::Kind::None;
  p.edits.clear();
}

// Padded rows filled by copies (PaddingRemoval.h): the padding set to 0 where its value is written
// and the file analyzed again (the parameter also sizes the tiles and where they are carved, which
// only the front end evaluates); where the accesses then conflict, a swizzle of their offsets is
// searched on that unit, the copies weighed with the reads. Proposed when the copies get cheaper,
// no access of the array worse than its worst before, and no other array of the file worse (one
// the parameter also pads gets its own swizzle, or the removal is not proposed). `reparsed` keeps
// each re-analysis for the other arrays the same parameter pads. False with `why` otherwise.
using ReparseCache = std::map<std::string, ReAnalysis>;
bool proposeUnpadded(const ir::TranslationUnit& tu, const mapper::UnitAnalysis& analysis, const AdvisorOptions& options,
                     const std::map<std::string, Group>& groups, const std::string& key, ReparseCache& reparsed,
                     const std::function<bool()>& expired, Proposal& p, std::string& why) {
  const Group& g = groups.at(key);
  // A wmma load takes a row stride and cannot read swizzled rows: the padding stays (no re-analysis spent).
  for (int id : g.accesses)
    if (tu.accesses[static_cast<size_t>(id)].wmmaLdm) {
      why.clear();  // the reason's reader clause says why (copiedTileReaders)
      return false;
    }
  const PaddingRemoval removal = findPaddingParameter(tu, g.accesses);
  if (!removal.whyNot.empty()) {
    why = removal.whyNot;
    return false;
  }
  std::string cacheKey;
  for (const Edit& e : removal.edits) cacheKey += fmt::format("{}:{}:{};", e.span.begin.file, e.span.beginOffset, e.span.endOffset);
  auto found = reparsed.find(cacheKey);
  if (found == reparsed.end()) {
    if (expired()) {
      why = "the fix search ran past its time budget before the file could be analyzed without the padding";
      return false;
    }
    found = reparsed.emplace(cacheKey, reanalyze(tu, options, removal.edits)).first;
  }
  const ReAnalysis& re = found->second;
  const std::string removed = fmt::format("'{}' = 0 instead of {} ({})", removal.param, removal.value, removal.where);
  if (!re.error.empty()) {
    why = "with " + removed + ", " + re.error;
    return false;
  }
  const auto weighed = [](const mapper::UnitAnalysis& a, const std::vector<int>& ids) {
    Evaluation e;
    for (int id : ids) accumulate(e, a.results[static_cast<size_t>(id)], true);
    return e;
  };
  const auto idsIn = [&](const std::string& k) {
    const auto it = re.accessesByDecl.find(k);
    return it == re.accessesByDecl.end() ? std::vector<int>{} : it->second;
  };
  // A swizzle for the unpadded accesses `ids` of `name` when they conflict, its edits where they
  // are in the text before the removal; `after` is what they take then.
  const auto swizzleUnpadded = [&](const std::vector<int>& ids, const std::string& name, Evaluation& after, FlatSwizzleResult& sw) {
    if (after.worstWays <= 1 + 1e-9) return true;
    std::set<int> arrays;
    for (int id : ids) arrays.insert(re.unit.accesses[static_cast<size_t>(id)].array);
    for (int id : arrays) {
      const ir::SharedArray& x = re.unit.array(id);
      const std::string& untracked = !x.untrackedAccess.empty() ? x.untrackedAccess
                                     : x.carvedFrom >= 0        ? re.unit.array(x.carvedFrom).untrackedAccess
                                                                : x.untrackedAccess;
      if (!untracked.empty()) {
        why = fmt::format("with {}, the accesses of '{}' conflict ({}), and {}, so a swizzle cannot be checked for it", removed, name,
                          mapper::waysText(after.worstWays), untracked);
        return false;
      }
    }
    sw = searchFlatSwizzle(re.unit, ids, flatRegionBytes(re.unit, std::vector<int>(arrays.begin(), arrays.end())), after, expired, true);
    if (sw.edits.empty()) {
      why = fmt::format("with {}, the accesses of '{}' conflict ({} at worst), and no swizzle of their offsets fixes them: {}", removed, name,
                        mapper::waysText(after.worstWays), sw.whyNot.empty() ? std::string("none lowers the wavefronts") : sw.whyNot);
      return false;
    }
    for (Edit& e : sw.edits)
      if (!spanBeforeEdits(e.span, removal.edits)) {
        why = "a swizzle edit of '" + name + "' overlaps the padding's value";
        return false;
      }
    after = sw.evaluation;
    return true;
  };
  const std::vector<int> ids = idsIn(key);
  if (ids.size() != g.accesses.size()) {
    why = fmt::format("with {}, re-analysis found {} accesses of '{}' instead of {}", removed, ids.size(), p.array, g.accesses.size());
    return false;
  }
  const Evaluation before = weighed(analysis, g.accesses);
  Evaluation after = weighed(re.analysis, ids);
  FlatSwizzleResult sw;
  if (!swizzleUnpadded(ids, p.array, after, sw)) return false;
  std::vector<Edit> edits = removal.edits;
  edits.insert(edits.end(), sw.edits.begin(), sw.edits.end());
  // The rest of the file: nothing the parameter also pads may get worse, unless a swizzle of its
  // own fixes it (then its edits are part of this change).
  const auto worse = [](const Evaluation& a, const Evaluation& b) {
    return a.unknown > b.unknown || a.worstWays > std::max(1.0, b.worstWays) + 1e-9 || a.totalWavefronts > b.totalWavefronts * (1 + 1e-9);
  };
  std::vector<std::string> sideNotes;
  for (const auto& [other, og] : groups) {
    const std::vector<int>& otherIds = og.accesses;
    if (other == key || otherIds.empty()) continue;
    const std::vector<int> now = idsIn(other);
    const Evaluation b = weighed(analysis, otherIds);
    Evaluation a = weighed(re.analysis, now);
    const ir::SharedArray& was = tu.array(tu.accesses[static_cast<size_t>(otherIds.front())].array);
    const std::string& name = was.name;
    if (now.size() != otherIds.size()) {
      why = fmt::format("with {}, re-analysis found {} accesses of '{}' instead of {}", removed, now.size(), name, otherIds.size());
      return false;
    }
    if (!worse(a, b)) {
      // Padded by the same parameter, and no worse without it: said, as its layout changes too.
      const ir::SharedArray& is = re.unit.array(re.unit.accesses[static_cast<size_t>(now.front())].array);
      if (was.dims != is.dims || std::abs(a.totalWavefronts - b.totalWavefronts) > 1e-9 * std::max(1.0, b.totalWavefronts))
        sideNotes.push_back(fmt::format("'{}' pads '{}' too, which is no worse without it ({:.6g} wavefronts, {:.6g} before; worst {})",
                                        removal.param, name, a.totalWavefronts, b.totalWavefronts,
                                        a.worstWays <= 1 + 1e-9 ? std::string("conflict-free") : mapper::waysText(a.worstWays)));
      continue;
    }
    FlatSwizzleResult theirs;
    if (!swizzleUnpadded(now, name, a, theirs)) {
      why = "'" + removal.param + "' pads '" + name + "' too: " + why;
      return false;
    }
    if (worse(a, b)) {
      why = fmt::format("with {}, '{}' (which '{}' pads too) takes {:.6g} wavefronts even swizzled ({} at worst, copies included), "
                        "against {:.6g} padded ({} at worst)",
                        removed, name, removal.param, a.totalWavefronts, mapper::waysText(a.worstWays), b.totalWavefronts,
                        mapper::waysText(b.worstWays));
      return false;
    }
    edits.insert(edits.end(), theirs.edits.begin(), theirs.edits.end());
    sideNotes.push_back(fmt::format("'{}' pads '{}' too: it is swizzled as well, every offset becoming {} ({} terms)", removal.param, name,
                                  theirs.formula, theirs.edits.size()));
    if (const std::string whole = wholeAddressNote(theirs, name); !whole.empty()) sideNotes.push_back(whole);
  }
  if (after.totalWavefronts >= before.totalWavefronts * (1 - 1e-9) || after.worstWays > before.worstWays + 1e-9 ||
      after.unknown > before.unknown) {
    why = fmt::format("with {}{}, the accesses of '{}' take {:.6g} wavefronts ({} at worst, copies included), not fewer than the {:.6g} "
                      "they take padded ({} at worst)",
                      removed, sw.edits.empty() ? std::string() : " and the best swizzle, " + sw.formula, p.array, after.totalWavefronts,
                      mapper::waysText(after.worstWays), before.totalWavefronts, mapper::waysText(before.worstWays));
    return false;
  }
  if (after.copyWavefronts >= before.copyWavefronts * (1 - 1e-9)) {
    why = fmt::format("with {}, its cp.async.cg copies take {:.6g} wavefronts, no fewer than {:.6g}", removed, after.copyWavefronts,
                      before.copyWavefronts);
    return false;
  }
  p.kind = sw.edits.empty() ? Proposal::Kind::Padding : Proposal::Kind::Swizzle;
  p.unpadding = removed;
  p.weighsCopies = true;
  p.padElements = -removal.value;
  if (!sw.edits.empty()) {
    p.onByteOffset = true;
    p.swizzle = fmt::format("Swizzle<{},{},{}>", sw.bits, sw.shift, sw.source - sw.shift);
    p.declarationAfter = sw.formula;
  } else {
    p.declarationAfter = "rows without '" + removal.param + "'";
  }
  p.edits = edits;
  setBefore(before, p);
  setPredicted(after, p);
  p.notes.push_back(fmt::format(
      "the padding splits each 128-byte line the cp.async.cg copies read over two shared lines ({:.6g} wavefronts, Nsight Compute's "
      "count); without it {:.6g}{} (measured on the H200: copies into padded rows took 1.8x to 2.6x as long as into plain or "
      "swizzled ones, docs/hardware-model.md); the copies are weighed with the other accesses",
      before.copyWavefronts, after.copyWavefronts,
      sw.edits.empty() ? std::string(", and the other accesses stay conflict-free without it")
                       : std::string(", and the swizzle keeps the reads conflict-free where the padding did")));
  if (const std::string whole = wholeAddressNote(sw, p.array); !whole.empty()) p.notes.push_back(whole);
  p.notes.insert(p.notes.end(), sideNotes.begin(), sideNotes.end());
  // What the blocks take after: the same kernels in the same order, renamed by the new argument.
  if (const std::optional<model::ArchProfile> profile = model::findArchProfile(options.arch);
      re.unit.kernels.size() == tu.kernels.size()) {
    std::set<int> kernels;
    for (int id : g.arrays)
      if (tu.array(id).kernelInstance >= 0) kernels.insert(tu.array(id).kernelInstance);
    int64_t freed = 0;
    for (int k : kernels) {
      const ir::KernelInstance& kb = tu.kernel(k);
      const ir::KernelInstance& ka = re.unit.kernel(k);
      if (kb.function != ka.function || mapper::blockShapeCount(kb) != mapper::blockShapeCount(ka)) continue;
      std::optional<OccupancyChange> worst;
      for (size_t i = 0; i < mapper::blockShapeCount(kb); ++i) {
        const ir::LaunchShape& sb = mapper::blockShape(kb, i);
        const ir::LaunchShape& sa = mapper::blockShape(ka, i);
        if (!sb.known || !sa.known) continue;
        const auto bytes = [](const ir::KernelInstance& k, const ir::LaunchShape& s) {
          return static_cast<int64_t>(k.staticSmemBytes) + static_cast<int64_t>(s.dynamicSmemBytes.value_or(0));
        };
        freed = std::max(freed, bytes(kb, sb) - bytes(ka, sa));
        if (!profile) continue;
        OccupancyChange c = occupancyChange(*profile, kb, ka, sb, sa.dynamicSmemBytes);
        if (!worst || c.blocksAfter - c.blocksBefore > worst->blocksAfter - worst->blocksBefore) worst = c;
      }
      if (worst && worst->blocksAfter != worst->blocksBefore) p.occupancy.push_back(*worst);
    }
    p.bytesAddedPerBlock = -freed;
  }
  return true;
}

// Proves the proposals by re-parsing: all edits applied together and the file re-analyzed once; a
// proposal the joint run does not confirm is re-checked alone, and dropped if that fails too.
void proveByReparsing(const ir::TranslationUnit& tu, const AdvisorOptions& options, std::vector<Proposal>& proposals) {
  std::vector<Edit> all;
  for (const Proposal& p : proposals)
    if (p.kind != Proposal::Kind::None) all.insert(all.end(), p.edits.begin(), p.edits.end());
  if (all.empty()) return;
  const ReAnalysis joint = reanalyze(tu, options, all);
  const std::map<std::string, KernelShapes> shapesBefore = shapesByDecl(tu);
  // Each re-check alone re-analyzes the whole file: a few are allowed, not one per proposal of a
  // file with thousands (that would be quadratic).
  constexpr unsigned kMaxSeparateProofs = 8;
  unsigned separate = 0;
  for (Proposal& p : proposals) {
    if (p.kind == Proposal::Kind::None) continue;
    if (confirm(joint, shapesBefore, p)) continue;
    const bool retry = separate < kMaxSeparateProofs && std::chrono::steady_clock::now() < options.deadline;
    if (retry) ++separate;
    if (!retry || !confirm(reanalyze(tu, options, p.edits), shapesBefore, p)) dropUnproven(p);
  }
}

// Proves the proposals on the IR, where the search evaluated them: the padded strides substituted
// in every access's offset (or the indices rewritten), the instruction widths predicted again.
// What a re-parse adds (the edited text compiles, no block is sized by the array) is checked when
// --fix or --export-fixes writes the edits; here the edits must apply to the text as it is, all
// together, and the evaluation must pass the same judge().
void proveOnIr(const AdvisorOptions& options, std::vector<Proposal>& proposals) {
  std::vector<Edit> all;
  for (const Proposal& p : proposals)
    if (p.kind != Proposal::Kind::None) all.insert(all.end(), p.edits.begin(), p.edits.end());
  std::map<std::string, std::string> patched;
  std::string why;
  const bool jointApplies = all.empty() || patchFiles(all, options.frontend, patched, why);
  for (Proposal& p : proposals) {
    if (p.kind == Proposal::Kind::None) continue;
    p.widthSource = "on the IR, widths predicted";
    if (!jointApplies && !patchFiles(p.edits, options.frontend, patched, why)) {
      p.verification = why;
      dropUnproven(p);
      continue;
    }
    Evaluation after = p.predicted;
    after.accesses = p.accesses;  // the search's count of a group's accesses is the proposal's
    if (!judge(after, p)) dropUnproven(p);
  }
}

}  // namespace

std::vector<Proposal> advise(const ir::TranslationUnit& tu, const mapper::UnitAnalysis& analysis, const AdvisorOptions& options) {
  std::vector<Proposal> proposals;
  // The accesses as they are: the main analysis computed them, with the same widths unless --ptx
  // (then they are mapped again with predicted ones, as every candidate is).
  const auto resultsAsTheyAre = [&](const std::vector<int>& ids) {
    if (options.usePtx) return mapAccesses(tu, ids);
    std::vector<mapper::AccessResult> results;
    for (int id : ids) results.push_back(analysis.results[static_cast<size_t>(id)]);
    return results;
  };
  const mapper::FamilyPolicy familyPolicy = mapper::parseFamilyPolicy(options.frontend.blockFamily).value_or(mapper::FamilyPolicy::All);
  std::map<std::string, Group> groups;
  std::vector<std::string> order;
  for (const ir::SharedArray& a : tu.arrays) {
    if (!groups.count(a.declKey)) order.push_back(a.declKey);
    groups[a.declKey].arrays.push_back(a.id);
  }
  for (const ir::Access& a : tu.accesses) {
    auto it = groups.find(tu.array(a.array).declKey);
    if (it == groups.end()) continue;
    it->second.accesses.push_back(a.id);
    // Only what the report warns about is fixed (not a conflict of some members of an assumed
    // family of shapes, under the policy "all").
    const mapper::ConflictVerdict verdict = mapper::judgeAccess(tu, a, analysis.results[static_cast<size_t>(a.id)], options.minWays,
                                                                familyPolicy);
    if (verdict.kind == mapper::ConflictVerdict::Kind::Warning) it->second.conflicted = true;
  }
  const auto expired = [&] { return std::chrono::steady_clock::now() >= options.deadline; };
  const auto outOfTime = [&](const std::string& what) {
    return fmt::format("the fix search for {} stopped: {} ran past its time budget for fixes ({:.3g} s of --time-limit)", what, tu.file,
                       options.budgetSeconds);
  };
  ir::TranslationUnit scratch;
  bool haveScratch = false;
  // A buffer with carve-outs is searched once, for the first of its conflicted carve-outs.
  struct BufferFix {
    std::vector<int> accesses;
    FlattenedResult result;
    DynamicExtent extent;
  };
  std::map<std::string, BufferFix> bufferFixes;
  ReparseCache reparsed;  // the file with a padding parameter set to 0, per parameter (proposeUnpadded)
  std::set<std::string> unpadTried;  // the arrays proposeUnpadded was tried for
  for (const std::string& key : order) {
    const Group& g = groups[key];
    if (!g.conflicted) continue;
    if (!haveScratch) {
      scratch = scratchUnit(tu);  // once per file: each candidate padding changes it and restores it
      haveScratch = true;
    }
    const ir::SharedArray& a = tu.array(g.arrays.front());
    Proposal p;
    p.array = a.name;
    p.declKey = key;
    p.decl = a.decl;
    p.storage = tu.rootOf(a).name;
    p.storageDecl = tu.rootOf(a).decl;
    if (expired()) {
      p.whyNot = outOfTime("'" + p.array + "'");
      proposals.push_back(p);
      continue;
    }
    const std::vector<mapper::AccessResult> asTheyAre = resultsAsTheyAre(g.accesses);
    Evaluation baseline;
    for (const mapper::AccessResult& r : asTheyAre) accumulate(baseline, r);
    setBefore(baseline, p);
    // Exchanges whose old value is unused, as the stores they are (AtomicStores.h): proposed for a
    // single word, which no layout can spread, and for an array when no conflict is left.
    bool singleWord = true;  // every lane reaches it at one word
    for (int id : g.arrays) singleWord &= !tu.array(id).isDynamic && tu.array(id).sizeBytes <= tu.array(id).elementSize;
    const ExchangeStores exchanges = exchangesAsStores(tu, g.accesses);
    if (!exchanges.edits.empty() && exchanges.evaluation.totalWavefronts < baseline.totalWavefronts * (1 - 1e-9) &&
        (singleWord || exchanges.evaluation.worstWays < options.minWays)) {
      p.kind = Proposal::Kind::AtomicStore;
      p.edits = exchanges.edits;
      p.declarationAfter = exchanges.edits.front().text;
      setPredicted(exchanges.evaluation, p);
      p.notes.push_back(fmt::format("a volatile store is a relaxed store in the PTX memory model, as atomic as the exchange whose "
                                    "result was discarded: the program keeps its meaning ({} access{} of '{}' rewritten, every "
                                    "instance and inlined copy)",
                                    exchanges.rewritten, exchanges.rewritten == 1 ? "" : "es", a.name));
      if (!exchanges.leftAsAtomic.empty()) p.notes.push_back(exchanges.leftAsAtomic);
      estimateCost(tu, tu, g, options.arch, p);
      proposals.push_back(p);
      continue;
    }
    if (singleWord && !exchanges.whyNot.empty()) p.notes.push_back(exchanges.whyNot);
    if (baseline.unweighed > 0 && baseline.worstWays <= 1 + 1e-9) {
      // Conflicts only in the copies: a row padding that splits their lines is taken out.
      std::string whyKept;
      unpadTried.insert(key);
      if (proposeUnpadded(tu, analysis, options, groups, key, reparsed, expired, p, whyKept)) {
        proposals.push_back(p);
        continue;
      }
      p.whyNot = "'" + a.name + "': its conflicts are in cp.async.cg copies, which the fix search weighs only where it takes out a row "
                 "padding that splits their lines (their count is not the launch's shared-memory counter)" +
                 (whyKept.empty() ? std::string() : ": " + whyKept) + copiedTileReaders(tu, g.arrays);
      proposals.push_back(p);
      continue;
    }
    const std::optional<model::ArchProfile> profile = model::findArchProfile(options.arch);
    const int64_t maxStatic = profile ? profile->sharedMemPerBlockDefault : 48 * 1024;
    const int64_t optInLimit = profile ? profile->sharedMemPerBlockOptIn : 0;  // 0: unknown target
    // A one-dimensional padding found (on this array, or on the whole buffer it is carved out of),
    // as this array's proposal: `evaluation` is what it does to this array's accesses.
    const auto proposeFlattened = [&](const FlattenedResult& flat, const DynamicExtent* dynamic, const Evaluation& evaluation,
                                      const std::string& buffer) {
      p.kind = Proposal::Kind::Padding;
      p.dimension = 0;
      p.padElements = flat.pad;
      p.edits = flat.edits;
      p.declarationAfter = flat.declarationAfter;
      setPredicted(evaluation, p);
      const size_t indices = flat.indexEdits;
      const std::string padded = buffer.empty() ? "'" + a.name + "'" : "the buffer '" + buffer + "' that '" + a.name + "' is carved out of";
      if (flat.declaredRow)
        p.notes.push_back(fmt::format("the declared row of {} ({} elements) gets {} more: every index that counts its rows moves with "
                                      "them as written{}", buffer == a.name ? "'" + a.name + "'" : padded, flat.rowElements, flat.pad,
                                      indices == 0 ? "" : fmt::format(", and {} wmma ldm argument{} grow{} with the row", indices,
                                                                      indices == 1 ? "" : "s", indices == 1 ? "s" : "")));
      else
        p.notes.push_back(flat.stride.empty()
                              ? fmt::format("each row of {} elements of {} gets {} more: every index i becomes i + i / {}{} ({} {}{}){}; "
                                            "that adds a shift and an add to each access, which in an inner loop can cost more "
                                            "than the conflict: time it",
                                            flat.rowElements, padded, flat.pad, flat.rowElements,
                                            flat.pad == 1 ? "" : " * " + std::to_string(flat.pad), indices,
                                            buffer.empty() ? (indices == 1 ? "index" : "indices") : (indices == 1 ? "term" : "terms"),
                                            buffer.empty() ? "" : ", the carve-out offsets among them, so every carve-out moves with its rows",
                                            flat.prefixQuotients == 0
                                                ? ""
                                                : fmt::format("; the rows of {} of them (P + k, k a constant or a loop's iteration that "
                                                              "stays within a row) are counted on P alone: the same rows, and nvcc keeps "
                                                              "the accesses of successive k one register apart, which it merges",
                                                              flat.prefixQuotients))
                              : fmt::format("the row stride {} changes in {}every index of '{}' ({} {})", flat.stride,
                                            dynamic ? "" : "the declaration and in ",  // dynamic memory declares no size
                                            a.name, indices, indices == 1 ? "index" : "indices"));
      if (!flat.viewsNote.empty()) p.notes.push_back(flat.viewsNote);
      if (!flat.otherViewNote.empty()) p.notes.push_back(flat.otherViewNote);
      if (!flat.constraint.empty()) p.notes.push_back("only paddings that keep the alignment were considered: " + flat.constraint);
      if (dynamic)
        for (const ir::DynamicSmemArgument& l : dynamic->launches)
          if (!l.bytes) {
            p.notes.push_back(fmt::format("the byte count '{}' at line {} is computed at run time: it grows by the same fraction, "
                                          "written out; the bytes and occupancy shown are for {}",
                                          l.text, l.span.begin.line,
                                          dynamic->elements > 0 ? "the smallest constant byte count of the other launches"
                                                                : "an assumed 8192-byte buffer"));
            break;
          }
      std::vector<std::pair<int, int64_t>> growth;
      for (int id : g.arrays)
        if (const int k = tu.array(id).kernelInstance; k >= 0) growth.push_back({k, flat.bytesAdded});
      estimateCostOfGrowth(scratch, tu, g, options.arch, growth, p);
    };
    // A swizzle of the whole offset (FlatSwizzle.h) where no padding can be written, or (with
    // `paddingFound`) where the padding found leaves a conflict and the swizzle leaves none: true
    // when it is the proposal. Otherwise `whyNoSwizzle` says why none lowers the wavefronts, when
    // candidates were tried (why the accesses admit none adds nothing to the padding's reason).
    std::string whyNoSwizzle;
    const auto proposeFlatSwizzle = [&](bool paddingFound = false) {
      if (singleWord) return false;  // a variable that every lane reaches at one word: nothing to permute
      // An access the walker could not record, of the array or of the buffer it is carved out
      // of, would not be swizzled with the others.
      for (int id : g.arrays) {
        const ir::SharedArray& x = tu.array(id);
        if (!x.untrackedAccess.empty() || (x.carvedFrom >= 0 && !tu.array(x.carvedFrom).untrackedAccess.empty())) return false;
      }
      const FlatSwizzleResult sw = searchFlatSwizzle(tu, g.accesses, flatRegionBytes(tu, g.arrays), baseline, expired);
      if (sw.edits.empty() || (paddingFound && sw.evaluation.worstWays > 1 + 1e-9)) {
        whyNoSwizzle = sw.edits.empty() && sw.evaluated ? sw.whyNot : "";
        return false;
      }
      p.whyNot.clear();
      p.notes.clear();
      p.kind = Proposal::Kind::Swizzle;
      p.onByteOffset = true;
      p.swizzle = fmt::format("Swizzle<{},{},{}>", sw.bits, sw.shift, sw.source - sw.shift);
      p.declarationAfter = sw.formula;
      p.edits = sw.edits;
      setPredicted(sw.evaluation, p);
      p.notes.push_back(fmt::format("the XOR permutes the {}-byte chunks of each aligned {} bytes of '{}' by the bits of the offset "
                                    "from bit {} up, in every access's offset as written ({} {}); no padding, so no byte count "
                                    "changes",
                                    1 << sw.shift, 1 << (sw.shift + sw.bits), a.name, sw.source, sw.edits.size(),
                                    sw.edits.size() == 1 ? "term" : "terms"));
      if (const std::string whole = wholeAddressNote(sw, a.name); !whole.empty()) p.notes.push_back(whole);
      estimateCost(tu, tu, g, options.arch, p);
      return true;
    };
    // Dynamic shared memory has no size in its declaration: the bytes come from each launch, and
    // the buffers carved from it sit at offsets computed in the kernel.
    std::optional<DynamicExtent> dynamic;
    if (a.carvedFrom >= 0 || a.isDynamic) {
      if (const std::optional<CarvedBuffer> buffer = carvedBufferOf(tu, g.arrays)) {
        // Carve-outs: the whole buffer's rows are padded, searched once for all its carve-outs.
        auto found = bufferFixes.find(buffer->key);
        if (found == bufferFixes.end()) {
          BufferFix fix;
          fix.accesses = buffer->accesses;
          std::string why = buffer->whyNot;
          std::optional<DynamicExtent> extent;
          if (why.empty()) extent = dynamicExtentOf(tu, buffer->roots, why, optInLimit, true);
          if (extent) {
            Evaluation whole;
            for (const mapper::AccessResult& r : resultsAsTheyAre(buffer->accesses)) accumulate(whole, r);
            fix.result = searchFlattenedPadding(tu, buffer->roots, buffer->accesses, whole, maxStatic, expired, &*extent);
            padOtherView(tu, buffer->roots, buffer->accesses, *extent, maxStatic, expired, fix.result);
            fix.extent = *extent;
          } else {
            fix.result.whyNot = why;
          }
          found = bufferFixes.emplace(buffer->key, std::move(fix)).first;
        }
        const BufferFix& fix = found->second;
        const std::string carved = "'" + a.name + "' " + (a.carvedFrom >= 0 ? "is carved out of" : "is") + " the dynamic shared memory '" +
                                   buffer->name + "', which other buffers are carved out of, so its rows are padded as a whole: ";
        Evaluation mine;
        const std::set<int> own(g.arrays.begin(), g.arrays.end());
        for (size_t i = 0; i < fix.accesses.size() && i < fix.result.results.size(); ++i)
          if (own.count(tu.accesses[static_cast<size_t>(fix.accesses[i])].array)) accumulate(mine, fix.result.results[i]);
        if (fix.result.timedOut && fix.result.edits.empty())
          p.whyNot = outOfTime("'" + buffer->name + "'");
        else if (fix.result.edits.empty())
          p.whyNot = carved + fix.result.whyNot;
        else if (mine.accesses != baseline.accesses || mine.totalWavefronts >= baseline.totalWavefronts * (1 - 1e-9))
          p.whyNot = carved + "the padding that lowers the wavefronts of the other carve-outs (" + fix.result.declarationAfter +
                     ") does not lower those of '" + a.name + "'" + (fix.result.otherViewNote.empty() ? "" : "; " + fix.result.otherViewNote);
        else
          proposeFlattened(fix.result, &fix.extent, mine, buffer->name);
        // The carve-out alone, swizzled, where the whole buffer's rows cannot be padded.
        if (p.kind == Proposal::Kind::None && !(fix.result.timedOut && fix.result.edits.empty()) && !proposeFlatSwizzle() &&
            !whyNoSwizzle.empty())
          p.whyNot += "; no swizzle of its offsets either: " + whyNoSwizzle;
        proposals.push_back(p);
        continue;
      }
      dynamic = dynamicExtentOf(tu, g.arrays, p.whyNot, optInLimit);
      if (!dynamic)
        p.whyNot = "'" + a.name + "' is dynamic shared memory (extern __shared__" +
                   (a.carvedFrom >= 0 ? ", through '" + tu.array(a.carvedFrom).name + "'" : std::string()) +
                   "), whose size is the byte count each launch passes: " + p.whyNot;
    }
    // An access the walker could not record would not move with a layout change: none is proven.
    bool untracked = false;
    for (int id : g.arrays)
      if (p.whyNot.empty() && !tu.array(id).untrackedAccess.empty()) {
        p.whyNot = tu.array(id).untrackedAccess + ", so a change of the layout of '" + a.name + "' cannot be checked for it";
        untracked = true;
      }
    if (!p.whyNot.empty()) {
      // Dynamic memory whose launches cannot grow: a swizzle needs no more bytes.
      if (!untracked && !dynamic && a.dims.size() < 2 && !proposeFlatSwizzle() && !whyNoSwizzle.empty())
        p.whyNot += "; no swizzle of its offsets either: " + whyNoSwizzle;
      proposals.push_back(p);
      continue;
    }
    if (baseline.unknown)
      p.notes.push_back(fmt::format("{} of the {} accesses of '{}' could not be computed; the padding is chosen from the others",
                                    baseline.unknown, baseline.accesses, a.name));
    if (a.dims.size() < 2) {
      const FlattenedResult flat = searchFlattenedPadding(tu, g.arrays, g.accesses, baseline, maxStatic, expired, dynamic ? &*dynamic : nullptr);
      const bool paddingIdeal = !flat.edits.empty() && flat.evaluation.worstWays <= 1 + 1e-9;
      if (!flat.timedOut && !paddingIdeal && proposeFlatSwizzle(!flat.edits.empty())) {
        // no padding can be written, or the swizzle leaves no conflict where the padding does
      } else if (flat.timedOut && flat.edits.empty()) {
        p.whyNot = outOfTime("'" + a.name + "'");
      } else if (flat.edits.empty()) {
        p.whyNot = flat.whyNot + (whyNoSwizzle.empty() ? "" : "; no swizzle of its offsets either: " + whyNoSwizzle);
      } else {
        proposeFlattened(flat, dynamic ? &*dynamic : nullptr, flat.evaluation, "");
      }
      proposals.push_back(p);
      continue;
    }
    // wmma calls take their row stride from `ldm`: a padding of the rows must pad `ldm` with them,
    // which needs `ldm` to be the row length, written where it can be edited.
    std::vector<const ir::Access*> wmma;
    for (int id : g.accesses) {
      const ir::Access& acc = tu.accesses[static_cast<size_t>(id)];
      if (!acc.wmmaLdm) continue;
      wmma.push_back(&acc);
      if (!p.whyNot.empty()) continue;
      if (!acc.wmmaLdm->followsRowStride)
        p.whyNot = fmt::format("the wmma call at line {} passes ldm = {}, which is not the row length of '{}' ({}): its rows do not "
                               "move with a padding of the declaration",
                               acc.span.begin.line, acc.wmmaLdm->text, a.name, a.dims.back());
      else if (!acc.wmmaLdm->notEditable.empty())
        p.whyNot = fmt::format("the ldm argument '{}' of the wmma call at line {} cannot be rewritten with the rows: {}", acc.wmmaLdm->text,
                               acc.span.begin.line, acc.wmmaLdm->notEditable);
    }
    if (!p.whyNot.empty()) {
      proposals.push_back(p);
      continue;
    }
    const SearchResult search = searchPadding(scratch, tu, g.arrays, g.accesses, baseline, maxStatic, expired);
    if (search.timedOut) {
      p.whyNot = outOfTime("'" + a.name + "'");
      proposals.push_back(p);
      continue;
    }
    // A swizzle when padding cannot reach the ideal (or is not allowed): it costs no memory.
    const bool paddingIdeal = search.best && search.best->evaluation.worstWays <= 1 + 1e-9;
    // Instantiations that need different paddings, set at each launch when the padding is a
    // template parameter.
    PerInstantiationPadding perInstance;
    if (!paddingIdeal && g.arrays.size() > 1) {
      perInstance = searchPerInstantiation(scratch, tu, g.arrays, g.accesses, maxStatic, expired);
      if (perInstance.found && perInstance.evaluation.worstWays <= 1 + 1e-9) {
        p.kind = Proposal::Kind::Padding;
        p.perInstantiation = true;
        p.alsoPaddedWorst = perInstance.alsoPaddedWorst;
        p.dimension = perInstance.dim;
        p.edits = perInstance.edits;
        p.declarationAfter = perInstance.description;
        setPredicted(perInstance.evaluation, p);
        if (perInstance.alsoPadded.empty()) {
          p.notes.push_back(fmt::format("'{}' sizes only '{}', so each instantiation gets its own padding at its launches; the template "
                                        "stays as written",
                                        perInstance.param, a.name));
        } else {
          std::string others;
          for (const std::string& name : perInstance.alsoPadded) others += (others.empty() ? "'" : ", '") + name + "'";
          p.notes.push_back(fmt::format("'{}' sizes only shared-memory declarations, so each instantiation gets its own padding at its "
                                        "launches; the template stays as written. It pads {} alike, which is checked to get no worse",
                                        perInstance.param, others));
        }
        estimateCostOfGrowth(scratch, tu, g, options.arch, perInstance.bytesAdded, p);
        proposals.push_back(p);
        continue;
      }
    }
    if (!paddingIdeal) {
      const SwizzleSearchResult swizzle = searchSwizzle(tu, g.arrays, g.accesses, asTheyAre, baseline, expired);
      const double paddingTotal = search.best ? search.best->evaluation.totalWavefronts : baseline.totalWavefronts;
      if (swizzle.best && swizzle.best->evaluation.totalWavefronts < paddingTotal * (1 - 1e-9)) {
        p.kind = Proposal::Kind::Swizzle;
        p.swizzle = swizzle.best->cute;
        p.edits = swizzleEdits(tu, g.accesses, *swizzle.best);
        p.declarationAfter = a.name + swizzledIndexText(*swizzle.best);
        // Which accesses were written on their aligned column (SwizzleSearch's MergedColumn): those
        // of an unrolled loop (offset `n`, `n % 4`) and neighbours with a constant offset (`+ 2`).
        std::set<unsigned> loopLines, neighbourLines;
        std::string loopOffset;
        for (const auto& [id, offset] : swizzle.best->offsetAfterXor) {
          const unsigned line = tu.accesses[static_cast<size_t>(id)].span.begin.line;
          const bool constant = offset.find_first_not_of("0123456789") == std::string::npos;
          (constant ? neighbourLines : loopLines).insert(line);
          if (!constant) loopOffset = offset;
        }
        if (!loopLines.empty())
          p.notes.push_back(fmt::format("the unrolled loop's accesses at {} are swizzled on their aligned column, the loop's "
                                        "offset added after the XOR ('{}'), so that nvcc still merges them into one wide access",
                                        linesText(loopLines), loopOffset));
        if (!neighbourLines.empty())
          p.notes.push_back(fmt::format("the neighbouring accesses at {} are swizzled on their aligned column, their constant "
                                        "offsets added after the XOR, so that nvcc still merges them into one wide access",
                                        linesText(neighbourLines)));
        setPredicted(swizzle.best->evaluation, p);
        if (search.limitedByStaticSize)
          p.notes.push_back(fmt::format("padding '{}' would take a block's static shared memory past {} bytes, which nvcc rejects",
                                        a.name, maxStatic));
        estimateCost(tu, tu, g, options.arch, p);
        proposals.push_back(p);
        continue;
      }
      if (!search.best) {
        if (!p.whyNot.empty()) {
          proposals.push_back(p);
          continue;
        }
        p.whyNot = "no padding of any dimension lowers the wavefronts of '" + a.name + "'" +
                   (search.constraint.empty() ? "" : " while " + search.constraint) +
                   (search.limitedByStaticSize ? " and stays within " + std::to_string(maxStatic) + " bytes of static shared memory" : "") +
                   (search.offElement.empty() ? "" : " and keeps every access on its element (" + search.offElement + ")") +
                   (swizzle.whyNot.empty() ? "" : "; no swizzle either: " + swizzle.whyNot);
        const std::string alone = paddingsPerInstance(scratch, tu, g, maxStatic, expired);
        if (!alone.empty()) p.whyNot += "; " + alone + (perInstance.whyNot.empty() ? "" : " (not set at the launches: " + perInstance.whyNot + ")");
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
    // The rows of the wmma calls move with the row length only if their ldm grows with it.
    if (!wmma.empty() && static_cast<size_t>(p.dimension) + 1 == a.dims.size()) {
      std::map<std::pair<std::string, unsigned>, Edit> ldms;  // instantiations share their source
      for (const ir::Access* acc : wmma) {
        Edit e;
        e.span = acc->wmmaLdm->span;
        e.original = acc->wmmaLdm->text;
        e.text = paddedDimensionText(acc->wmmaLdm->text, p.padElements);
        ldms[{e.span.begin.file, e.span.beginOffset}] = e;
      }
      for (auto& [where, e] : ldms) p.edits.push_back(e);
      p.notes.push_back(fmt::format("the ldm argument of the wmma calls on '{}' grows with the rows ({} call{})", a.name, ldms.size(),
                                    ldms.size() == 1 ? "" : "s"));
    }
    p.declarationAfter = declarationText(a, p.dimension, p.padElements);
    setPredicted(search.best->evaluation, p);
    if (!search.constraint.empty()) p.notes.push_back("only paddings that keep the alignment were considered: " + search.constraint);
    if (perInstance.blockedAtLaunches)
      p.notes.push_back("a padding chosen for each instantiation would leave none conflicted, but it cannot be set at the launches: " +
                        perInstance.whyNot);
    {
      const PaddedGroup padded(scratch, tu, g.arrays, {}, p.dimension, p.padElements);
      estimateCost(tu, padded.unit, g, options.arch, p);
    }
    proposals.push_back(p);
  }
  // Arrays left without a fix whose accesses include copies (cp.async of any kind, their other
  // conflicts too): a row padding taken out may still be the fix, where it is a parameter.
  for (Proposal& p : proposals) {
    if (p.kind != Proposal::Kind::None || p.whyNot.empty() || unpadTried.count(p.declKey)) continue;
    if (expired()) break;
    const Group& g = groups.at(p.declKey);
    if (!g.conflicted) continue;
    bool copies = false;
    for (int id : g.accesses) copies |= tu.accesses[static_cast<size_t>(id)].kind == ir::AccessKind::AsyncCopyDst;
    if (!copies) continue;
    Proposal unpadded;
    unpadded.array = p.array;
    unpadded.declKey = p.declKey;
    unpadded.decl = p.decl;
    unpadded.storage = p.storage;
    unpadded.storageDecl = p.storageDecl;
    std::string why;
    if (proposeUnpadded(tu, analysis, options, groups, p.declKey, reparsed, expired, unpadded, why)) p = std::move(unpadded);
  }
  // --ptx needs nvcc's widths for the patched code, which only a re-parse gives.
  if (options.reparseProof || options.usePtx) proveByReparsing(tu, options, proposals);
  else proveOnIr(options, proposals);
  // Each edit remembers the text it was proven on; --fix refuses a file that changed since.
  std::map<std::string, uint64_t> hashes;
  for (Proposal& p : proposals)
    for (Edit& e : p.edits) {
      auto it = hashes.find(editFile(e));
      if (it == hashes.end()) {
        std::string text;
        it = hashes.emplace(editFile(e), readSource(editFile(e), options.frontend, text) ? sourceHash(text) : 0).first;
      }
      e.sourceHash = it->second;
    }
  return proposals;
}

}  // namespace bankcheck::advisor
