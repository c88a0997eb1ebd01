#include "advisor/FlatSwizzle.h"

#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <set>

#include "advisor/CandidateBatches.h"
#include "advisor/DeclarationEdits.h"
#include "advisor/TrailingSplits.h"
#include "fmt/format.h"
#include "ir/KnownFactor.h"
#include "llvm/ADT/bit.h"
#include "mapper/BoundedQuotients.h"
#include "mapper/SumTerms.h"
#include "mapper/SwizzleTerms.h"
#include "mapper/WidthPrediction.h"
#include "mapper/UnitAnalysis.h"

namespace bankcheck::advisor {

namespace {
struct Candidate {
  int shift = 0, bits = 0, source = 0;  // bytes
};

// The byte offset swizzled as the edit writes it (`o ^ (((o >> s) & m) << h)`); the mapper moves
// the uniform terms that a whole period divides out of the XOR (mapper/SwizzleTerms.h), as it
// does for the re-parsed text.
ir::ExprRef swizzledOffset(const ir::ExprRef& offset, const Candidate& c) { return mapper::swizzleExpr(offset, c.shift, c.bits, c.source); }

// The term `text`, counted in units of 2^unitBits bytes, swizzled as `c` swizzles bytes.
std::string swizzledTermText(const std::string& text, int unitBits, const Candidate& c) {
  const std::string x = asOperand(text), copy = asOperand(onOneLine(text));
  const int source = c.source - unitBits, shift = c.shift - unitBits;
  const std::string row = source ? "(" + copy + " >> " + std::to_string(source) + ")" : copy;
  const std::string masked = row + " & " + std::to_string((1 << c.bits) - 1);
  return "(" + x + " ^ " + (shift ? "((" + masked + ") << " + std::to_string(shift) + ")" : "(" + masked + ")") + ")";
}

// How far the start of `a`'s array in the block's shared memory is known to be aligned (log2 of
// bytes, at most 30), where `a` takes its shared address as an integer written whole at the
// instruction (ir::Access::addressOperand): the XOR may then be written on that address, `E ^
// (((E >> s) & m) << h)`, which equals the swizzle of the offset when the start is a multiple of
// the period 2^(s + bits) (the offset and the address then agree in every bit the XOR reads or
// writes). That is the form for an offset written in two places (`load_smem_Q_ptr + i * 2`: the
// row in a local, the 16-byte step at the copy), where no one term can carry the XOR. The mapper
// follows such an XOR where those bits of the address are known (the start measured at 0x400, or
// declared aligned). 0 where the XOR cannot go on the address.
int wholeAddressAlignment(const ir::TranslationUnit& tu, const ir::Access& a) {
  if (!a.addressOperand || a.span.endOffset < a.span.beginOffset || a.span.endOffset - a.span.beginOffset != a.spelling.size()) return 0;
  const ir::SharedArray& array = tu.array(a.array);
  const ir::SharedArray& root = tu.rootOf(array);
  int64_t offset = 0;
  if (array.carvedFrom >= 0 && !ir::isConst(array.carveOffset, &offset)) return 0;
  const auto zeros = [](int64_t v) { return v == 0 ? 30 : std::min(30, llvm::countr_zero(static_cast<uint64_t>(v))); };
  if (root.knownStart >= 0) return zeros(root.knownStart + offset);
  return std::min(root.placement > 1 ? zeros(root.placement) : 0, zeros(offset));
}

// Whether split `s` of `piece` leaves a prefix P of whole 2^shift-byte chunks and trailing addends
// between 0 and the chunk in every iteration and lane: then P's swizzle plus the addends is the
// whole term's swizzle (the XOR reads and writes only bits the addends never reach).
bool splitKeepsSwizzle(const ir::TranslationUnit& tu, const ir::Access& a, const ir::OffsetPiece& piece,
                       const ir::OffsetPiece::Split& s, int shift) {
  const int64_t chunk = int64_t{1} << shift;
  const std::optional<SplitFacts> facts = splitFacts(tu, a, piece, s);
  return facts && (facts->trailing.hi + 1) * piece.unitBytes <= chunk && (facts->prefixFactor * piece.unitBytes) % chunk == 0;
}

}  // namespace

FlatSwizzleResult searchFlatSwizzle(const ir::TranslationUnit& tu, const std::vector<int>& accesses, int64_t regionBytes,
                                    const Evaluation& baseline, const std::function<bool()>& expired, bool weighCopies) {
  FlatSwizzleResult out;
  if (accesses.empty()) return out;
  const std::string name = tu.array(tu.accesses[static_cast<size_t>(accesses.front())].array).name;
  // Every access's offset is one written term, in a power-of-two unit, plus terms that are whole
  // multiples of a power of two (a stage `As + BM * BK` passed to a device function): the XOR is
  // written on the one term, and the others pass through it unchanged when they are multiples of
  // its period, 2^(source + bits) bytes (adding such a multiple changes no bit the XOR reads or
  // writes). `periodBits` is the smallest of those bounds over the accesses.
  int minShift = 2, periodBits = 30;
  std::vector<size_t> swizzledPiece(accesses.size(), 0);
  // Per access: the least known low zero bits of its other terms (the period they keep whole),
  // whether its own term can carry the XOR, and whether the XOR may go on its whole address
  // instead (wholeAddressBits: how far the array's start is known to be aligned, 0 if not).
  std::vector<int> otherBits(accesses.size(), 30), wholeAddressBits(accesses.size(), 0);
  std::vector<char> termRewritable(accesses.size(), 1);
  for (size_t k = 0; k < accesses.size(); ++k) {
    const ir::Access& a = tu.accesses[static_cast<size_t>(accesses[k])];
    const std::string where = fmt::format("the access at line {} ({})", a.span.begin.line, a.spelling);
    if (!a.byteOffset) {
      out.whyNot = where + " is not computed, so a swizzle of it cannot be checked";
      return out;
    }
    if (a.wmmaLdm) {
      out.whyNot = where + " is a wmma call, whose rows step by its ldm argument";
      return out;
    }
    if (!a.piecesComplete || a.pieces.empty() || !a.piecesWhyNot.empty()) {
      // Only its whole address can take the XOR.
      wholeAddressBits[k] = wholeAddressAlignment(tu, a);
      const int widthBits = ir::log2Exact(std::max<int64_t>(1, a.widthBytes));
      if (wholeAddressBits[k] == 0 || widthBits < 0) {
        out.whyNot = where + " does not write its whole offset in terms" +
                     (a.piecesWhyNot.empty() ? std::string() : " (" + a.piecesWhyNot + ")") + ", where a swizzle of the offset would be written";
        return out;
      }
      termRewritable[k] = 0;
      otherBits[k] = 0;
      minShift = std::max(minShift, widthBits);
      continue;
    }
    // The term with the fewest known low zero bits (in bytes, at most 30) carries the bits the
    // XOR reads.
    std::vector<int> zeroBits;
    for (const ir::OffsetPiece& p : a.pieces)
      zeroBits.push_back(std::min(30, llvm::countr_zero(static_cast<uint64_t>(ir::knownFactor(p.value) * std::max<int64_t>(1, p.unitBytes)))));
    const size_t fine = static_cast<size_t>(std::min_element(zeroBits.begin(), zeroBits.end()) - zeroBits.begin());
    for (size_t i = 0; i < a.pieces.size(); ++i)
      if (i != fine) otherBits[k] = std::min(otherBits[k], zeroBits[i]);
    swizzledPiece[k] = fine;
    wholeAddressBits[k] = wholeAddressAlignment(tu, a);
    const ir::OffsetPiece& p = a.pieces[fine];
    const int unitBits = ir::log2Exact(p.unitBytes);
    const int widthBits = ir::log2Exact(std::max<int64_t>(1, a.widthBytes));
    if (!p.notRewritable.empty() || p.subtracted || p.step != 0 || unitBits < 0) {
      termRewritable[k] = 0;
      if (wholeAddressBits[k] == 0) {
        out.whyNot = unitBits < 0 ? where + " counts its offset in units of " + std::to_string(p.unitBytes) + " bytes, not a power of two"
                                   : where + ": its offset '" + p.text + "' cannot be rewritten" +
                                         (p.notRewritable.empty() ? "" : ": " + p.notRewritable);
        return out;
      }
    }
    if (widthBits < 0) {
      out.whyNot = where + " is " + std::to_string(a.widthBytes) + " bytes wide, not a power of two";
      return out;
    }
    minShift = std::max({minShift, widthBits, termRewritable[k] ? unitBits : 0});
    // Where the XOR cannot go on the address whole, the other terms bound the period.
    if (wholeAddressBits[k] == 0) periodBits = std::min(periodBits, otherBits[k]);
  }
  // A written term also used by an access of another array (an offset computed once for two
  // tiles) would swizzle that one too.
  const std::set<int> mine(accesses.begin(), accesses.end());
  std::set<std::pair<std::string, unsigned>> foreign;
  for (const ir::Access& other : tu.accesses) {
    if (mine.count(other.id)) continue;
    for (const ir::OffsetPiece& p : other.pieces) foreign.insert({p.span.begin.file, p.span.beginOffset});
    if (other.indexing)
      for (const ir::SourceSpan& sp : other.indexing->spans) foreign.insert({sp.begin.file, sp.beginOffset});
  }
  for (size_t k = 0; k < accesses.size(); ++k) {
    if (!termRewritable[k]) continue;
    const ir::Access& a = tu.accesses[static_cast<size_t>(accesses[k])];
    const ir::OffsetPiece& p = a.pieces[swizzledPiece[k]];
    if (foreign.count({p.span.begin.file, p.span.beginOffset})) {
      out.whyNot = fmt::format("the offset '{}' of the access at line {} is also the offset of an access of another array, which the "
                               "swizzle would move too",
                               p.text, a.span.begin.line);
      return out;
    }
  }
  if (regionBytes <= 0) {
    out.whyNot = "the size of '" + name + "' is not known, so a swizzle cannot be checked to stay inside it";
    return out;
  }
  // Each access takes the XOR on its own term where its other terms are whole periods, else on its
  // whole address where that may be (wholeAddressAlignment); a candidate must find one for every
  // access, and no term an access keeps as written may be one another access rewrites.
  const auto onWholeAddress = [&](size_t k, const Candidate& c) {
    return !termRewritable[k] || otherBits[k] < c.source + c.bits;
  };
  bool anyWhole = false;
  for (size_t k = 0; k < accesses.size(); ++k) anyWhole |= wholeAddressBits[k] > 0;
  std::string fitsWhyNot;  // why the first candidate that failed for the alignment of a start did
  const auto fits = [&](const Candidate& c) {
    std::vector<const ir::SourceSpan*> rewritten;  // the terms other accesses rewrite
    std::vector<size_t> whole;
    for (size_t k = 0; k < accesses.size(); ++k) {
      if (!onWholeAddress(k, c)) {
        if (anyWhole) rewritten.push_back(&tu.accesses[static_cast<size_t>(accesses[k])].pieces[swizzledPiece[k]].span);
        continue;
      }
      if (wholeAddressBits[k] < c.source + c.bits) {
        if (fitsWhyNot.empty()) {
          const ir::Access& a = tu.accesses[static_cast<size_t>(accesses[k])];
          const ir::SharedArray& array = tu.array(a.array);
          fitsWhyNot = fmt::format(
              "the access at line {} ({}) writes its offset in more than one term, not all of them multiples of {} bytes, so the XOR "
              "would go on the shared address it takes, which is the same swizzle only where '{}' starts at a multiple of {} bytes{}",
              a.span.begin.line, a.spelling, int64_t{1} << (c.source + c.bits), array.name, int64_t{1} << (c.source + c.bits),
              !a.addressOperand ? std::string(": its address is not an integer written whole at the instruction")
              : wholeAddressBits[k] > 0
                  ? fmt::format(", and its start is known only to be a multiple of {} bytes (dynamic memory after static arrays starts on "
                                "16 bytes; an `__align__` on the declaration would say more)",
                                int64_t{1} << wholeAddressBits[k])
                  : std::string(", and where it starts is not known"));
        }
        return false;
      }
      whole.push_back(k);
    }
    const auto overlaps = [&](const ir::SourceSpan& sp) {
      return std::any_of(rewritten.begin(), rewritten.end(), [&](const ir::SourceSpan* r) {
        return r->begin.file == sp.begin.file && sp.beginOffset < r->endOffset && r->beginOffset < sp.endOffset;
      });
    };
    for (size_t k : whole) {
      const ir::Access& a = tu.accesses[static_cast<size_t>(accesses[k])];
      if (overlaps(a.span)) return false;
      for (const ir::OffsetPiece& p : a.pieces)
        if (overlaps(p.span)) return false;  // it would be swizzled twice
    }
    return true;
  };
  // The XOR must move chunks between banks (bits below 7) and stay inside the array.
  std::vector<Candidate> candidates;
  for (int shift = minShift; shift < 7; ++shift)
    for (int bits = 1; shift + bits <= 7; ++bits) {
      if (regionBytes % (int64_t{1} << (shift + bits)) != 0) continue;
      for (int source = shift + bits; source <= 16 && source + bits <= periodBits && (int64_t{1} << source) < regionBytes; ++source)
        if (const Candidate c{shift, bits, source}; fits(c)) candidates.push_back(c);
    }
  if (candidates.empty() && !fitsWhyNot.empty()) {
    out.whyNot = fitsWhyNot;
    return out;
  }
  if (candidates.empty()) {
    out.whyNot = periodBits < 30
                     ? fmt::format("no swizzle of {}-byte chunks fits the {} bytes of '{}' with a period that its offsets' other terms "
                                   "(multiples of {} bytes) keep whole",
                                   int64_t{1} << minShift, regionBytes, name, int64_t{1} << periodBits)
                     : fmt::format("no swizzle of {}-byte chunks fits the {} bytes of '{}'", int64_t{1} << minShift, regionBytes, name);
    return out;
  }
  out.evaluated = true;
  // For chunks of 2^shift bytes: the split each written term takes (index into its splits), the
  // longest that qualifies in every access (instantiation) written there; terms with none are left
  // out (the XOR goes on the whole term).
  using TermKey = std::pair<std::string, unsigned>;
  const auto chosenSplits = [&](int shift) {
    CommonSplits<TermKey> common;
    for (size_t k = 0; k < accesses.size(); ++k) {
      if (!termRewritable[k]) continue;
      const ir::Access& a = tu.accesses[static_cast<size_t>(accesses[k])];
      const ir::OffsetPiece& p = a.pieces[swizzledPiece[k]];
      std::set<size_t> ok;
      for (size_t j = 0; j < p.splits.size(); ++j)
        if (splitKeepsSwizzle(tu, a, p, p.splits[j], shift)) ok.insert(j);
      common.add(TermKey{p.span.begin.file, p.span.beginOffset}, std::move(ok));
    }
    return common.longest();
  };
  // The same swizzles written on a prefix of the terms, `(P ^ f(P)) + i`, where some term has
  // trailing addends that stay inside a chunk: the form in which nvcc still merges an unrolled `i`.
  // Tried after the others, and chosen only when it maps to fewer wavefronts.
  const size_t unsplit = candidates.size();
  std::vector<std::map<TermKey, size_t>> splitsOf(unsplit);  // empty: every term swizzled whole
  std::map<int, std::map<TermKey, size_t>> byShift;
  for (size_t i = 0; i < unsplit; ++i) {
    auto [it, fresh] = byShift.try_emplace(candidates[i].shift);
    if (fresh) it->second = chosenSplits(candidates[i].shift);
    if (it->second.empty()) continue;
    candidates.push_back(candidates[i]);
    splitsOf.push_back(it->second);
  }
  const auto splitOf = [&](size_t candidate, size_t k) -> const ir::OffsetPiece::Split* {
    if (onWholeAddress(k, candidates[candidate])) return nullptr;
    const ir::OffsetPiece& p = tu.accesses[static_cast<size_t>(accesses[k])].pieces[swizzledPiece[k]];
    const auto& m = splitsOf[candidate];
    const auto it = m.find({p.span.begin.file, p.span.beginOffset});
    return it == m.end() ? nullptr : &p.splits[it->second];
  };
  const auto swizzledAccess = [&](size_t k, size_t candidate) {
    const Candidate& c = candidates[candidate];
    ir::Access a = tu.accesses[static_cast<size_t>(accesses[k])];
    if (const ir::OffsetPiece::Split* s = splitOf(candidate, k)) {
      // o = (o - t) + t, the XOR on the first part: the same value, the addends outside it.
      const ir::ExprRef t = ir::mulBytes(s->trailing, a.pieces[swizzledPiece[k]].unitBytes);
      const ir::ExprRef rest = mapper::simplifySums(ir::makeBinary(ir::BinaryOp::Sub, a.byteOffset, t, ir::IntType::int64()));
      a.byteOffset = ir::makeBinary(ir::BinaryOp::Add, swizzledOffset(rest, c), t, ir::IntType::int64());
    } else {
      a.byteOffset = swizzledOffset(a.byteOffset, c);
    }
    return a;
  };
  const CandidatePick pick = pickCandidate(
      candidates.size(), baseline,
      [&](size_t i, double budget) -> std::optional<Evaluation> {
        Evaluation e;
        for (size_t k = 0; k < accesses.size(); ++k) {
          mapper::AnalysisOptions o;
          o.limits.maxTotalWavefronts = budget - e.totalWavefronts;
          const mapper::AccessResult r = mapper::analyzeAccess(tu, swizzledAccess(k, i), o);
          if (r.overBudget) return std::nullopt;
          accumulate(e, r, weighCopies);
          if (e.unknown > baseline.unknown || e.totalWavefronts >= budget) return std::nullopt;
        }
        return e;
      },
      expired);
  out.timedOut = pick.timedOut;
  if (!pick.index) {
    if (out.whyNot.empty()) out.whyNot = "no swizzle of the offset lowers the wavefronts";
    return out;
  }
  const Candidate& c = candidates[*pick.index];
  out.shift = c.shift;
  out.bits = c.bits;
  out.source = c.source;
  out.evaluation = pick.evaluation;
  out.formula = fmt::format("o ^ (((o >> {}) & {}) << {}), o the byte offset in '{}'", c.source, (1 << c.bits) - 1, c.shift, name);
  std::map<std::pair<std::string, unsigned>, Edit> byOffset;  // instantiations and accesses share their source
  for (size_t k = 0; k < accesses.size(); ++k) {
    const ir::Access& a = tu.accesses[static_cast<size_t>(accesses[k])];
    Edit e;
    if (onWholeAddress(k, c)) {  // the address itself, as the instruction takes it
      e.span = a.span;
      e.original = a.spelling;
      e.text = swizzledTermText(a.spelling, 0, c);
      if (byOffset.emplace(std::make_pair(e.span.begin.file, e.span.beginOffset), e).second) ++out.wholeAddresses;
      out.startBits = out.startBits == 0 ? wholeAddressBits[k] : std::min(out.startBits, wholeAddressBits[k]);
      continue;
    }
    const ir::OffsetPiece& p = a.pieces[swizzledPiece[k]];
    const ir::OffsetPiece::Split* s = splitOf(*pick.index, k);
    e.span = s ? s->prefixSpan : p.span;
    e.original = s ? s->prefixText : p.text;
    e.text = swizzledTermText(e.original, ir::log2Exact(p.unitBytes), c);
    byOffset[{e.span.begin.file, e.span.beginOffset}] = e;
  }
  for (auto& [where, e] : byOffset) out.edits.push_back(e);
  return out;
}

}  // namespace bankcheck::advisor
