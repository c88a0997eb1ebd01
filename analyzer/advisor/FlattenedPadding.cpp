#include "advisor/FlattenedPadding.h"

#include <algorithm>
#include <atomic>
#include <limits>
#include <map>
#include <numeric>
#include <regex>
#include <set>
#include <tuple>

#include "advisor/DeclarationEdits.h"
#include "advisor/TrailingSplits.h"
#include "advisor/ViewDataFlow.h"
#include "ir/ValueBound.h"
#include "ir/KnownFactor.h"
#include "fmt/format.h"
#include "llvm/Support/Parallel.h"
#include "mapper/UniformAnalysis.h"
#include "mapper/UnitAnalysis.h"
#include "mapper/WidthPrediction.h"

namespace bankcheck::advisor {

namespace {
// Bank mappings repeat once a row grows by a whole bank line, so larger paddings only cost memory.
constexpr int64_t kBankLineBytes = 128;

bool isToken(const std::string& s) { return std::regex_match(s, std::regex("[A-Za-z_][A-Za-z0-9_]*|[0-9]+")); }

// `s` as the left operand of `+`: only operators that bind at least as tightly may stay bare.
std::string leftOfPlus(const std::string& s) {
  return s.find_first_of("?:<>=&|^,!~") == std::string::npos ? s : "(" + s + ")";
}

// Replaces every whole-token occurrence of `token` in `text`; returns how many.
int replaceToken(std::string& text, const std::string& token, const std::string& with) {
  const std::regex re("(^|[^A-Za-z0-9_])" + token + "(?![A-Za-z0-9_])");
  int count = 0;
  std::string out;
  size_t last = 0;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), re); it != std::sregex_iterator(); ++it) {
    const size_t pos = static_cast<size_t>(it->position()) + static_cast<size_t>((*it)[1].length());
    out += text.substr(last, pos - last) + with;
    last = pos + token.size();
    ++count;
  }
  out += text.substr(last);
  text = out;
  return count;
}

// One way to spell the padding: the declaration's stride token (`BK`), or "" for i + i / S * P.
struct Form {
  std::string stride;
  int64_t rowElements = 0;
  int strideFactor = -1;  // which factor of `ROWS * STRIDE` is the stride (0 or 1)
  // The row the declaration writes (`extern __shared__ half shmem[][CHUNK_K * K + SKEW]`): the
  // declaration's row grows, terms that count its rows move with it unwritten, wmma `ldm`
  // arguments grow, and an access that no edit moves is of another view and keeps its bytes.
  bool declaredRow = false;
};

// S for one instance of the array: a stride token has the instance's value (BM is 64 in one
// instantiation and 128 in another); 0 when the instance has no such factor.
int64_t rowElementsOf(const ir::SharedArray& x, const Form& f) {
  if (f.strideFactor < 0) return f.rowElements;
  if (x.dimSpellings.size() != 1 || x.dimSpellings[0].factors.size() != 2) return 0;
  return x.dimSpellings[0].factors[static_cast<size_t>(f.strideFactor)].second;
}

std::string plus(const std::string& text, int64_t pad) { return "(" + text + " + " + std::to_string(pad) + ")"; }

std::string pastRows(const std::string& index, int64_t rowElements, int64_t pad) {
  return asOperand(onOneLine(index)) + " / " + std::to_string(rowElements) + (pad == 1 ? "" : " * " + std::to_string(pad));
}

std::string declarationSize(const ir::DimensionSpelling& d, const Form& f, int64_t pad) {
  if (f.strideFactor == 1) return d.factors[0].first + " * " + plus(f.stride, pad);
  if (f.strideFactor == 0) return plus(f.stride, pad) + " * " + d.factors[1].first;
  return leftOfPlus(d.text) + " + " + pastRows(d.text, f.rowElements, pad);
}

std::string indexText(const std::string& index, const Form& f, int64_t pad) {
  std::string out = index;
  if (!f.stride.empty()) replaceToken(out, f.stride, plus(f.stride, pad));
  else out = leftOfPlus(index) + " + " + pastRows(index, f.rowElements, pad);
  return out;
}

using SpanKey = std::tuple<std::string, unsigned, unsigned>;
SpanKey keyOf(const ir::SourceSpan& s) { return {s.begin.file, s.beginOffset, s.endOffset}; }

// The written terms of an access's offset: its index when it subscripts the array by name,
// else the terms followed through the pointers derived from it.
std::vector<ir::OffsetPiece> termsOf(const ir::Access& acc, const ir::SharedArray& a) {
  if (!acc.indexing) return acc.pieces;
  ir::OffsetPiece t;
  t.value = acc.indexing->indices.front();
  t.unitBytes = a.elementSize;
  t.span = acc.indexing->spans.front();
  t.text = acc.indexing->texts.front();
  if (!acc.indexing->editable) t.notRewritable = "it is written inside a macro's definition or has side effects";
  for (const ir::OffsetPiece& p : acc.pieces)  // the same index as a term of the offset: its splits
    if (keyOf(p.span) == keyOf(t.span)) t.splits = p.splits;
  return {t};
}

// The lines of `which` accesses, as a note lists them ("244, 261").
std::string linesOf(const std::vector<ir::Access>& accesses, const std::vector<size_t>& which) {
  std::string out;
  for (size_t i : which) out += (out.empty() ? "" : ", ") + std::to_string(accesses[i].span.begin.line);
  return out;
}

// Whether an access reaches the array only through its own index (no term to check).
bool movesWithItsIndex(const ir::Access& acc) { return acc.indexing && acc.indexing->extraElements == 0; }

// An access of a buffer carved out of dynamic memory, counted from the start of the memory: its
// offset adds the carve offset, and its written terms are the carve offset's, then its own.
ir::Access fromBufferStart(const ir::TranslationUnit& tu, const ir::Access& acc) {
  const ir::SharedArray& view = tu.array(acc.array);
  if (view.carvedFrom < 0) return acc;
  ir::Access out = acc;
  out.array = view.carvedFrom;
  out.byteOffset = view.carveOffset && acc.byteOffset ? ir::addBytes(view.carveOffset, acc.byteOffset) : nullptr;
  out.symbolicOffset = nullptr;
  if (out.wmmaLdm && out.wmmaLdm->base)
    out.wmmaLdm->base = view.carveOffset ? ir::addBytes(view.carveOffset, out.wmmaLdm->base) : nullptr;
  if (!view.carveOffset && out.unknownReason.empty()) out.unknownReason = "the offset of '" + view.name + "' in its buffer is not computed";
  out.pieces = view.carvePieces;
  for (const ir::OffsetPiece& p : termsOf(acc, view)) out.pieces.push_back(p);
  out.piecesWhyNot = !view.carvePiecesWhyNot.empty()
                         ? "the offset of '" + view.name + "' in its buffer is not followed: " + view.carvePiecesWhyNot
                         : (acc.indexing ? std::string() : acc.piecesWhyNot);
  out.piecesComplete = view.carvePiecesComplete && (acc.indexing ? acc.indexing->extraElements == 0 : acc.piecesComplete);
  out.indexing.reset();
  return out;
}

// Whether padding the step of a stepped term (`ldm`: S -> S + S / R * P for rows of R) moves
// each k * S by the rows it counts, (k * S) / R * P: true when no k * (S % R) reaches a row.
bool stepsWholeRows(const ir::OffsetPiece& p, int64_t rowBytes) {
  if (p.steps == 0) return true;
  const int64_t row = rowBytes / p.unitBytes;
  return p.step > 0 && row > 0 && (p.steps - 1) * (p.step % row) < row;
}

// The rewritten terms `P + i` whose rows the edit counts on P alone, `t + P / S * Q`: the index
// of the split (ir::OffsetPiece::splits) for each. Chosen only where P / S is t / S in every
// access (below), so the layout is the same; nvcc then keeps an unrolled `i`'s accesses one
// register plus immediates apart and merges them, where from `(P + i) / S` it may not: the fixed
// SGEMM_CUDA kernel 12 read `x + i + (x + i) / 512 * 4` as eight LDS with one address register
// each (2.00 ways on an H100, docs/findings.md), and `x + i + x / 512 * 4` is one register.
using QuotientSplits = std::map<SpanKey, size_t>;

// The split whose prefix a rewritten term's rows are counted on, or null.
const ir::OffsetPiece::Split* quotientSplitOf(const ir::OffsetPiece& p, const QuotientSplits& splits) {
  const auto it = splits.find(keyOf(p.span));
  return it == splits.end() || it->second >= p.splits.size() ? nullptr : &p.splits[it->second];
}

// The value whose rows a rewritten term counts: the term's, or its prefix's where the edit divides
// the prefix.
ir::ExprRef rowValue(const ir::OffsetPiece& p, const QuotientSplits& splits) {
  const ir::OffsetPiece::Split* s = quotientSplitOf(p, splits);
  const ir::ExprRef prefix = s ? splitPrefixValue(p, *s) : nullptr;
  return prefix ? prefix : p.value;
}

// The text a padding writes for a term: t + t / R * P in the term's units (t + P / R * P where the
// rows are counted on a prefix), or for a stepped term its step padded (`ldm + P` where the step
// is one row).
std::string paddedTermText(const ir::OffsetPiece& p, int64_t rowUnits, int64_t padUnits, const QuotientSplits& splits) {
  if (p.steps > 0 && p.step % rowUnits == 0) return leftOfPlus(p.text) + " + " + std::to_string(p.step / rowUnits * padUnits);
  const ir::OffsetPiece::Split* s = quotientSplitOf(p, splits);
  return leftOfPlus(p.text) + " + " + pastRows(s ? s->prefixText : p.text, rowUnits, padUnits);
}

// The rows of `rowBytes` a written term counts: t / (S * es / U), divided in the term's own type
// as the edit's C does (an unsigned index divides unsigned, which the width prediction tells
// apart: mapper/WidthPrediction.cpp, nvccHolds).
ir::ExprRef rowsOf(const ir::OffsetPiece& p, int64_t rowBytes, const QuotientSplits& splits) {
  const ir::IntType t = ir::IntType::int64();
  ir::ExprRef value = rowValue(p, splits);
  ir::IntType own = t;
  if (value && value->kind == ir::ExprKind::Cast && value->a && !value->a->type.isSigned && value->a->type.bits >= 32 &&
      value->a->type.bits <= 64) {
    value = value->a;
    own = value->type;
  }
  return ir::makeCast(ir::makeBinary(ir::BinaryOp::Div, value, ir::makeConst(rowBytes / p.unitBytes, own), own), t);
}

// Whether a term provably counts whole rows of `rowBytes` (a constant or a run-time multiple).
bool countsWholeRows(const ir::OffsetPiece& p, int64_t rowBytes) {
  return p.unitBytes > 0 && rowBytes % p.unitBytes == 0 && ir::knownFactor(p.value) % (rowBytes / p.unitBytes) == 0;
}

// Whether an access lands on its element under rows of `rowBytes` without a lane-by-lane check:
// its offset is exactly its written terms, and all of them but one are constant whole rows (a
// carve-out at a multiple of the rows, `&sram[tile_size]`), so the rows the rewritten terms count
// add up to the row of the element. A term left as written must count no row.
// Terms left as written may also be values the IR bounds (`laneLoadElem`, `(laneId % 8) * 8`):
// with every rewritten term whole rows, they land when all of them together stay below one row.
bool landsOnItsRow(const ir::Access& acc, const std::vector<ir::OffsetPiece>& terms, const std::set<SpanKey>& chosen, int64_t rowBytes) {
  if (!acc.piecesComplete || !acc.piecesWhyNot.empty()) return false;
  int partial = 0;               // terms that may hold part of a row
  bool rewrittenPartial = false;  // one of them is a rewritten term
  bool bounded = false;          // some term left as written is a bounded value, not a constant
  int64_t leftBytes = 0;         // the most the terms left as written add
  for (const ir::OffsetPiece& p : terms) {
    int64_t c = 0;
    const bool constant = ir::isConst(p.value, &c) && p.unitBytes > 0;
    if (chosen.count(keyOf(p.span))) {  // whole rows, also subtracted or symbolic (`shared + 2 * rounded_C - 128`)
      if (countsWholeRows(p, rowBytes)) continue;
      rewrittenPartial = true;
      if (++partial > 1) return false;
    } else if (constant) {
      if (c < 0 || c * p.unitBytes >= rowBytes || (c != 0 && ++partial > 1)) return false;
      leftBytes += c * p.unitBytes;
    } else {
      const std::optional<int64_t> bound = ir::upperBound(p.value);
      if (!bound || p.unitBytes <= 0 || p.subtracted || *bound >= rowBytes) return false;
      bounded = true;
      leftBytes += *bound * p.unitBytes;
    }
  }
  // With a bounded term, every rewritten one must be whole rows.
  return !bounded || (!rewrittenPartial && leftBytes < rowBytes);
}

// A wmma fragment's first element after the padding, which must stay as aligned as it was (32
// bytes, as wmma requires, where the program has it so): its base moves by the rows of the chosen
// terms that are not the fragment's own rows, which must be whole 32-byte steps; a failed
// evaluation (the access then turns unknown and the candidate is dropped) where they are not.
ir::ExprRef alignedFragmentCheck(const ir::Access& acc, const std::vector<ir::OffsetPiece>& terms, const std::set<SpanKey>& chosen,
                                 const QuotientSplits& splits, int64_t rowBytes, int64_t padBytes) {
  const ir::IntType t = ir::IntType::int64();
  if (!acc.wmmaLdm) return ir::makeConst(0, t);
  if (!acc.wmmaLdm->base) return ir::zeroUnless(ir::makeConst(0, ir::IntType::boolean()));  // where it sits is not known
  ir::ExprRef rows = ir::makeConst(0, t);
  for (const ir::OffsetPiece& p : terms)
    if (p.steps == 0 && chosen.count(keyOf(p.span))) rows = ir::makeBinary(ir::BinaryOp::Add, rows, rowsOf(p, rowBytes, splits), t);
  return ir::zeroUnlessMultipleOf(ir::mulBytes(rows, padBytes), 32);
}

// Moving rows of `rowBytes` by `padBytes`: element e goes to e + (e / S) * P. The edit rewrites
// the chosen written terms t (in units of U bytes) to t + t / (S*es/U) * (P*es/U); an access
// lands where the layout puts its element only when the rewritten terms carry exactly its row
// count, which the moved offset checks lane by lane: it fails (and the access turns unknown, so
// the candidate is dropped) wherever they do not.
ir::ExprRef movedOffset(const ir::Access& acc, const std::vector<ir::OffsetPiece>& terms, const std::set<SpanKey>& chosen,
                        const QuotientSplits& splits, int64_t rowBytes, int64_t padBytes, bool landsOnItsElement,
                        const mapper::WarpFacts& facts) {
  const ir::IntType t = ir::IntType::int64();
  ir::ExprRef rows = ir::makeConst(0, t);
  for (const ir::OffsetPiece& p : terms)
    if (chosen.count(keyOf(p.span))) rows = ir::makeBinary(ir::BinaryOp::Add, rows, rowsOf(p, rowBytes, splits), t);
  ir::ExprRef moved = ir::addBytes(acc.byteOffset, ir::mulBytes(rows, padBytes));
  if (landsOnItsElement) return moved;
  // Terms of whole rows, all rewritten, count their rows exactly: only the others are checked,
  // which keeps a size known only at run time (`2 * rounded_C`) out of the check.
  ir::ExprRef checkedRows = rows, checkedOffset = acc.byteOffset, nonNegative;
  if (acc.piecesComplete && acc.piecesWhyNot.empty()) {
    bool wholeRewritten = true;
    std::vector<const ir::OffsetPiece*> partial;  // the terms that are not whole rows
    ir::ExprRef restRows = ir::makeConst(0, t), restBytes = ir::makeConst(0, t);
    for (const ir::OffsetPiece& p : terms) {
      int64_t c = 0;
      if (countsWholeRows(p, rowBytes)) {
        wholeRewritten &= chosen.count(keyOf(p.span)) > 0 || (ir::isConst(p.value, &c) && c == 0);
        continue;
      }
      partial.push_back(&p);
      restBytes = ir::makeBinary(ir::BinaryOp::Add, restBytes, ir::mulBytes(ir::makeCast(p.value, t), p.unitBytes), t);
      if (chosen.count(keyOf(p.span))) restRows = ir::makeBinary(ir::BinaryOp::Add, restRows, rowsOf(p, rowBytes, splits), t);
    }
    if (wholeRewritten) {
      // One rewritten term of part of a row, v: the rows it adds, v / (S / U), are the rows of
      // its element, v * U / S, wherever v is not negative; where that is evident, nothing needs
      // checking lane by lane.
      if (partial.size() == 1 && chosen.count(keyOf(partial.front()->span)) && rowBytes % partial.front()->unitBytes == 0 &&
          mapper::provablyNonNegative(partial.front()->value, facts))
        return moved;
      checkedRows = restRows;
      checkedOffset = restBytes;  // its rows add to the whole rows' only when it is not negative
      nonNegative = ir::makeBinary(ir::BinaryOp::GE, restBytes, ir::makeConst(0, t), ir::IntType::boolean());
    }
  }
  const ir::ExprRef elementRow = ir::makeBinary(ir::BinaryOp::Div, ir::makeCast(checkedOffset, t), ir::makeConst(rowBytes, t), t);
  ir::ExprRef lands = ir::makeBinary(ir::BinaryOp::EQ, checkedRows, elementRow, ir::IntType::boolean());
  if (nonNegative) lands = ir::makeBinary(ir::BinaryOp::LogicalAnd, lands, nonNegative, ir::IntType::boolean());
  return ir::makeBinary(ir::BinaryOp::Add, moved, ir::zeroUnless(lands), t);
}

// The top-level terms of a sum (through widening casts), `value` = t1 + t2 + ...
void additiveTerms(const ir::ExprRef& value, std::vector<ir::ExprRef>& out) {
  const ir::Expr& e = *value;
  if (e.kind == ir::ExprKind::Cast && e.type.bits >= e.a->type.bits) return additiveTerms(e.a, out);
  if (e.kind == ir::ExprKind::Binary && e.binaryOp == ir::BinaryOp::Add) {
    additiveTerms(e.a, out);
    additiveTerms(e.b, out);
    return;
  }
  out.push_back(value);
}

// X when exactly one top-level term of `value` is X * stride (the row of `row * ROW + col`).
ir::ExprRef rowFactorOf(const ir::ExprRef& value, int64_t stride) {
  std::vector<ir::ExprRef> terms;
  additiveTerms(value, terms);
  ir::ExprRef row;
  for (const ir::ExprRef& t : terms) {
    int64_t k = 0;
    if (t->kind != ir::ExprKind::Binary || t->binaryOp != ir::BinaryOp::Mul) continue;
    ir::ExprRef x = ir::isConst(t->b, &k) && k == stride ? t->a : ir::isConst(t->a, &k) && k == stride ? t->b : nullptr;
    if (!x) continue;
    if (row) return nullptr;  // two products by the stride: which one the text's token is, is not known
    row = x;
  }
  return row;
}

// Whether `token` is a factor of a product that is a whole top-level added term of `text`
// (`(r + 1) * ROW + c`, `c + ROW * r`), so that `(ROW + P)` in its place pads that product only.
bool tokenIsAddedProductFactor(const std::string& text, const std::string& token) {
  std::vector<std::pair<std::string, char>> terms;  // each top-level term and the sign before it
  int depth = 0;
  std::string current;
  char sign = '+';
  for (char ch : text) {
    if (ch == '(' || ch == '[') ++depth;
    if (ch == ')' || ch == ']') --depth;
    if (depth == 0 && (ch == '+' || ch == '-') && !current.empty() && current.find_first_not_of(" ") != std::string::npos) {
      terms.emplace_back(current, sign);
      current.clear();
      sign = ch;
      continue;
    }
    current += ch;
  }
  terms.emplace_back(current, sign);
  const std::regex atEnd("^[\\s\\S]*\\*\\s*" + token + "\\s*$"), atStart("^\\s*" + token + "\\s*\\*[\\s\\S]*$");
  for (const auto& [term, before] : terms) {
    std::string copy = term;
    if (replaceToken(copy, token, token) == 0) continue;
    if (before != '+') return false;
    const bool end = std::regex_match(term, atEnd), start = std::regex_match(term, atStart);
    if (!end && !start) return false;
    // The `*` before (or after) the token must be at the product's top level: `a * (b * ROW)` is not.
    int d = 0;
    const size_t star = end ? term.rfind('*') : term.find('*');
    for (size_t i = 0; i < star; ++i) d += term[i] == '(' ? 1 : term[i] == ')' ? -1 : 0;
    return d == 0;
  }
  return false;
}

// A stride the accesses themselves spell: every access's one index is `row * T + col` with T a
// name of the same compile-time value, which becomes the row length (dynamic memory has no
// declaration to take it from).
std::optional<Form> strideFromAccesses(const std::vector<ir::Access>& subject, const ir::SharedArray& a) {
  std::optional<Form> found;
  for (size_t i = 0; i < subject.size(); ++i) {
    const ir::Access& acc = subject[i];
    if (acc.indexing || !acc.piecesComplete || !acc.piecesWhyNot.empty() || acc.pieces.size() != 1) return std::nullopt;
    const ir::OffsetPiece& p = acc.pieces.front();
    if (p.pointerSubscript || p.subtracted || p.unitBytes != a.elementSize || !p.notRewritable.empty()) return std::nullopt;
    if (i == 0) {
      for (const auto& [name, value] : p.constants)
        if (value > 1 && tokenIsAddedProductFactor(p.text, name) && rowFactorOf(p.value, value)) {
          found = Form{name, value, -1};
          break;
        }
      if (!found) return std::nullopt;
      continue;
    }
    const bool same = std::any_of(p.constants.begin(), p.constants.end(), [&](const auto& c) {
      return c.first == found->stride && c.second == found->rowElements;
    });
    if (!same || !tokenIsAddedProductFactor(p.text, found->stride) || !rowFactorOf(p.value, found->rowElements)) return std::nullopt;
  }
  return found;
}
}  // namespace

FlattenedResult searchFlattenedPadding(const ir::TranslationUnit& tu, const std::vector<int>& arrays,
                                       const std::vector<int>& accesses, const Evaluation& baseline, int64_t maxStaticBytes,
                                       const std::function<bool()>& expired, const DynamicExtent* dynamic) {
  FlattenedResult out;
  const ir::SharedArray& a = tu.array(arrays.front());
  if (a.dims.empty() && !dynamic && a.elementSize > 4) {
    // A struct or union (`union { float shm[256]; TempStorage reduce; } tmp;`): the lanes touch
    // its members, whose layout is the type's.
    out.whyNot = "'" + a.name + "' is a single variable of type '" + a.elementType + "' (" + std::to_string(a.elementSize) +
                 " bytes): the conflicting accesses are to its members, laid out by the type's definition, which the fix "
                 "search does not rewrite (pad or swizzle the member array there)";
    return out;
  }
  if (a.dims.empty() && !dynamic) {
    out.whyNot = "'" + a.name + "' is a single variable: the lanes that access it all touch one word, which no padding or swizzle " +
                 "can spread (combine the lanes' values in registers or with warp shuffles before the shared access)";
    return out;
  }
  if (!dynamic && (a.dimSpellings.size() != 1 || a.dimSpellings[0].fromMacro || a.dimSpellings[0].text.empty())) {
    out.whyNot = "the size of '" + a.name + "' is not written in its declaration";
    return out;
  }
  const ir::DimensionSpelling size = dynamic ? ir::DimensionSpelling{} : a.dimSpellings[0];
  const bool wholeBuffer = dynamic && dynamic->wholeBuffer;
  // The accesses as the padding sees them: of the whole buffer when carve-outs move with it.
  std::vector<ir::Access> subject;
  subject.reserve(accesses.size());
  for (int id : accesses) {
    const ir::Access& acc = tu.accesses[static_cast<size_t>(id)];
    subject.push_back(wholeBuffer ? fromBufferStart(tu, acc) : acc);
  }
  constexpr int64_t kUnknownDynamicBytes = 8192;  // an assumed size when no launch gives a constant one
  const auto elementsOf = [&](const ir::SharedArray& x) {
    if (!dynamic) return static_cast<int64_t>(x.dims[0]);
    return dynamic->elements > 0 ? dynamic->elements : kUnknownDynamicBytes / std::max<int64_t>(1, x.elementSize);
  };
  unsigned vectorBytes = a.elementSize;
  unsigned vectorLine = 0;
  std::string vectorType;
  for (const ir::Access& acc : subject) {
    const std::string where = "the access at line " + std::to_string(acc.span.begin.line) + " (" + acc.spelling + ")";
    if (!acc.indexing && !acc.piecesWhyNot.empty()) {
      out.whyNot = where + " reaches '" + a.name + "' through a pointer whose derivation is not followed: " + acc.piecesWhyNot;
      return out;
    }
    // An access at an unknown offset moves with its element only when its one written term is
    // the element's index.
    const bool oneIndex = acc.piecesComplete && acc.pieces.size() == 1 && !acc.pieces.front().pointerSubscript &&
                          acc.pieces.front().unitBytes == a.elementSize;
    if (!acc.indexing && !acc.byteOffset && !oneIndex) {
      out.whyNot = where + " reaches '" + a.name + "' through a pointer at an offset that is not computed (" + acc.unknownReason +
                   "), so moving its rows cannot be checked";
      return out;
    }
    if (acc.indexing && !acc.indexing->editable) {
      out.whyNot = "the index of the access at line " + std::to_string(acc.span.begin.line) + " (" + acc.spelling +
                   ") is written inside a macro's definition or has side effects, so it cannot be rewritten";
      return out;
    }
    const unsigned accessBytes = ir::paddingGranuleBytes(acc);
    if (accessBytes > vectorBytes) {
      vectorBytes = accessBytes;
      vectorLine = acc.span.begin.line;
      vectorType = acc.valueType;
    }
  }
  if (vectorLine)
    out.constraint = fmt::format("rows and paddings must stay a multiple of {} bytes ({} access at line {})", vectorBytes, vectorType,
                                 vectorLine);

  // The forms to try: the declaration's stride tokens that every index uses, then rows of every
  // power-of-two length from 32 bytes to half the array.
  std::vector<Form> forms;
  const bool allDirect = std::all_of(subject.begin(), subject.end(), [](const ir::Access& acc) { return acc.indexing.has_value(); });
  for (int f = 1; f >= 0 && size.factors.size() == 2 && allDirect; --f) {
    const auto& [token, value] = size.factors[static_cast<size_t>(f)];
    if (!isToken(token) || value <= 0) continue;
    const bool literal = std::isdigit(static_cast<unsigned char>(token[0])) != 0;
    bool everyIndex = true;
    for (const ir::Access& acc : subject) {
      std::string text = acc.indexing->texts.front();
      const int uses = replaceToken(text, token, token);
      if (uses == 0 || (literal && uses != 1)) everyIndex = false;
    }
    if (everyIndex) forms.push_back(Form{token, value, f});
  }
  // A buffer declared with rows (`shmem[][ROW]`) and carved into views: its declared row. Every
  // `extern __shared__` declaration of one name in the file is one array: another kernel's
  // declaration would have to change with this one (and its accesses move), so none may exist.
  std::string otherDeclaration;
  const std::set<int> padded(arrays.begin(), arrays.end());
  for (const ir::SharedArray& x : tu.arrays)
    if (x.isDynamic && x.carvedFrom < 0 && x.name == a.name && !padded.count(x.id) && otherDeclaration.empty())
      otherDeclaration = fmt::format("'{}' is also declared extern at line {}{}, which names the same array: its declared row "
                                     "cannot change in one declaration only", a.name, x.decl.begin.line,
                                     x.kernel.empty() ? "" : " (in '" + x.kernel + "')");
  const bool rowsWritten = std::all_of(arrays.begin(), arrays.end(), [&](int id) {
    const ir::SharedArray& x = tu.array(id);
    return x.dims == a.dims && x.dimSpellings.size() == 1 && !x.dimSpellings[0].fromMacro && !x.dimSpellings[0].text.empty();
  });
  if (dynamic && !dynamic->otherView && a.dims.size() == 1 && a.dims[0] > 0 && rowsWritten) {
    if (otherDeclaration.empty()) forms.push_back(Form{"", static_cast<int64_t>(a.dims[0]), -1, true});
  } else {
    otherDeclaration.clear();
  }
  // Dynamic memory indexed `row * ROW + col` everywhere: the stride itself is padded
  // (`row * (ROW + P) + col`), which adds nothing to an address, where i + i / S * P adds a
  // division to each (the H200 measured 46.7% of cuBLAS against 53.7% for the tensor-core GEMM
  // reference, hgemm_mma).
  if (dynamic && !wholeBuffer && arrays.size() == 1)
    if (std::optional<Form> f = strideFromAccesses(subject, a)) forms.push_back(*f);
  int64_t smallest = std::numeric_limits<int64_t>::max();
  for (int id : arrays) smallest = std::min<int64_t>(smallest, elementsOf(tu.array(id)));
  // Dynamic memory of unknown size: rows of one bank line (128 bytes), the period of the banks.
  const bool unknownSize = dynamic && dynamic->elements == 0;
  for (int64_t rowBytes = unknownSize ? kBankLineBytes : 32; rowBytes * 2 <= smallest * a.elementSize; rowBytes *= 2) {
    if (rowBytes % a.elementSize == 0) forms.push_back(Form{"", rowBytes / a.elementSize, -1});
    if (unknownSize) break;
  }
  if (forms.empty()) {
    out.whyNot = dynamic ? "'" + a.name + "' has fewer than two rows of 32 bytes at its smallest launch"
                         : "'" + a.name + "' has fewer than two rows of 32 bytes, and its size [" + size.text + "] names no row stride";
    return out;
  }

  // The candidates, cheapest first (bytes added, then the stride-token spelling, then the smaller
  // padding): the first conflict-free one is the answer. Paddings up to a bank line, in the steps
  // a bank mapping distinguishes (1-4 words, then multiples of 4).
  struct Candidate {
    const Form* form;
    int64_t pad;
    int64_t bytes;
    bool tooBig;
    bool pastOptIn;  // tooBig because the block would pass the most a kernel can opt in to
  };
  std::vector<Candidate> candidates;
  const int64_t maxPad = std::max<int64_t>(1, kBankLineBytes / a.elementSize);
  for (const Form& form : forms) {
    bool usable = true;
    for (int id : arrays) {
      const int64_t rows = rowElementsOf(tu.array(id), form);
      if (rows <= 0 || (rows * tu.array(id).elementSize) % vectorBytes != 0) usable = false;
    }
    if (!usable) continue;
    for (int64_t pad = 1; pad <= maxPad; ++pad) {
      const int64_t padBytes = pad * a.elementSize;
      if (padBytes % vectorBytes != 0 || (padBytes > 16 && padBytes % 16 != 0)) continue;
      // Dynamic memory of unknown size: the paddings of up to 16 bytes only (a search as wide as
      // for a declared array cost 0.5 s on cuda-samples' reduction, for kernels no padding fixes).
      if (unknownSize && padBytes > 16) continue;
      Candidate c{&form, pad, 0, false, false};
      for (int id : arrays) {
        const ir::SharedArray& x = tu.array(id);
        const int64_t bytes = elementsOf(x) / rowElementsOf(x, form) * pad * x.elementSize;
        c.bytes = std::max(c.bytes, bytes);
        if (x.kernelInstance < 0) continue;
        // A block must not cross the 48 KB that needs an opt-in (one past it already has it), unless
        // its kernel opts in with a limit the padding edits: then up to the target's most.
        const int64_t before = static_cast<int64_t>(tu.kernel(x.kernelInstance).staticSmemBytes) + (dynamic ? elementsOf(x) * x.elementSize : 0);
        const bool optsIn = dynamic && !dynamic->optIns.empty();
        if (optsIn ? dynamic->optInLimit > 0 && before + bytes > dynamic->optInLimit
                   : before + bytes > maxStaticBytes && (!dynamic || before <= maxStaticBytes)) {
          c.tooBig = true;
          c.pastOptIn = optsIn;
        }
      }
      candidates.push_back(c);
    }
  }
  // The stride-token spelling first: it only changes a constant, while i + i / S * P adds a shift
  // and an add to every access, which in an inner loop can cost more than the conflict did (the
  // H200 measured the SGEMM tutorial's kernel 5 0.75x as fast with it, docs/findings.md). Within
  // a spelling, the fewest bytes first.
  std::stable_sort(candidates.begin(), candidates.end(), [](const Candidate& x, const Candidate& y) {
    return std::make_tuple(x.form->stride.empty(), x.bytes, x.pad) < std::make_tuple(y.form->stride.empty(), y.bytes, y.pad);
  });

  // Written terms also used by accesses of other arrays (an index in a device function called for
  // two arrays): an edit there would move those too.
  std::set<SpanKey> foreign;
  const std::set<int> mine(accesses.begin(), accesses.end());
  for (const ir::Access& other : tu.accesses) {
    if (mine.count(other.id)) continue;
    for (const ir::OffsetPiece& p : other.pieces) foreign.insert(keyOf(p.span));
    if (other.indexing)
      for (const ir::SourceSpan& sp : other.indexing->spans) foreign.insert(keyOf(sp));
  }
  std::vector<std::vector<ir::OffsetPiece>> terms;
  for (const ir::Access& acc : subject) terms.push_back(termsOf(acc, tu.array(acc.array)));

  // Which written terms an i + i / S * P edit rewrites: every one it can (`subscriptsToo`), or only
  // the derivations of pointers, leaving `p[i]` within the row it points into as written.
  const auto chooseTerms = [&](int64_t rowBytes, int64_t padBytes, bool subscriptsToo, bool declaredRow) {
    std::map<SpanKey, std::pair<bool, bool>> status;  // rewritable everywhere, moves some row
    for (const auto& list : terms)
      for (const ir::OffsetPiece& p : list) {
        auto& [ok, moves] = status.try_emplace(keyOf(p.span), true, false).first->second;
        // The declared row: a term counting its rows moves with it unwritten; an ldm of whole rows
        // is rewritten; any other term is left as written.
        if (declaredRow && (p.steps > 0 ? p.step <= 0 || p.step % (rowBytes / std::max<int64_t>(1, p.unitBytes)) != 0
                                        : p.unitBytes != rowBytes)) {
          ok = false;
          continue;
        }
        const bool rowUnit = declaredRow && p.steps == 0;
        const bool fits = p.unitBytes > 0 && rowBytes % p.unitBytes == 0 && (rowUnit || padBytes % p.unitBytes == 0) && stepsWholeRows(p, rowBytes);
        if ((!rowUnit && !p.notRewritable.empty()) || !fits || (p.pointerSubscript && !subscriptsToo) || (!rowUnit && foreign.count(keyOf(p.span))))
          ok = false;
        // A term that never reaches a row (a constant, or a value bounded below it: `laneId` in a
        // row of 32 int4) adds nothing when rewritten (t / S * P is 0): it is left as written.
        const auto belowOneRow = [&] {
          int64_t c = 0;
          if (ir::isConst(p.value, &c)) return c / (rowBytes / p.unitBytes) == 0;
          const std::optional<int64_t> bound = ir::upperBound(p.value);
          return bound && *bound < rowBytes / p.unitBytes;
        };
        if (p.steps > 0 ? fits && (p.steps - 1) * p.step >= rowBytes / p.unitBytes : !(fits && belowOneRow()))
          moves = true;
      }
    std::set<SpanKey> chosen;
    for (const auto& [key, st] : status)
      if (st.first && st.second) chosen.insert(key);
    return chosen;
  };
  // Why an access cannot move with its row under `chosen`: the first written term left alone.
  const auto whyStays = [&](size_t i, const std::set<SpanKey>& chosen, int64_t rowBytes, int64_t padBytes) {
    const ir::Access& acc = subject[i];
    std::string why = acc.piecesComplete ? "its written terms do not count the rows its element is in (a term of less than a row crosses into the next)"
                                         : "its offset has a term not written as an index (a pointer stepped in a loop, a member)";
    for (const ir::OffsetPiece& p : terms[i]) {
      if (chosen.count(keyOf(p.span))) continue;
      const std::string term = "the index '" + p.text + "'";
      if (!p.notRewritable.empty()) why = term + " cannot be rewritten: " + p.notRewritable;
      else if (foreign.count(keyOf(p.span))) why = term + " also indexes other memory";
      else if (rowBytes % p.unitBytes != 0 || padBytes % p.unitBytes != 0)
        why = fmt::format("{} counts {}-byte elements, which rows of {} bytes padded by {} do not hold whole", term, p.unitBytes, rowBytes, padBytes);
      else if (!stepsWholeRows(p, rowBytes))
        why = fmt::format("its ldm '{}' ({} elements) is not a whole number of rows of {} elements, nor short enough that its 16 rows stay "
                          "within one", p.text, p.step, rowBytes / p.unitBytes);
      else continue;
      break;
    }
    return "moving the rows of '" + a.name + "' would move the access at line " + std::to_string(acc.span.begin.line) + " (" +
           acc.spelling + ") away from its element: " + why;
  };

  std::optional<FlattenedResult> best;
  std::vector<std::optional<mapper::AccessResult>> before(accesses.size());  // as analyzed, where needed
  std::string stays;  // why the last candidate that failed to keep every access on its element did
  bool declaredRowEvaluated = false;  // a padding of the declared rows was evaluated: then no other form's failure is the reason
  std::string declaredRowStays;       // why a padding of the declared rows failed: the reason that names the construct
  std::string copyWorse;              // why a padding was refused for what it costs the .cg copies
  // Where one exact evaluation of the accesses is slow (loops enumerated over thousands of warp
  // instructions: llm.c's flash attention took 72 s for 220 candidates; counted in cases visited,
  // so the choice does not depend on the machine), the candidates are first
  // screened with a capped enumeration, and only the most promising few are evaluated exactly (and
  // proven). The exact evaluation decides; the screen only orders.
  // The screen ranks by ScreenScore (Evaluation.h): a candidate whose screen stopped before some
  // access ran once ranks after every one screened in full.
  struct Screened {
    size_t candidate;
    ScreenScore score;
  };
  constexpr uint64_t kSlowEvaluation = 50'000;  // warp-instruction cases of one candidate's accesses (about 0.1 s of CPU)
  mapper::AnalysisOptions exact, quick;
  quick.limits.maxWarpInstructions = kScreenedWarpInstructions;
  quick.limits.maxLoopSteps = kScreenedLoopSteps;
  // The first candidate is evaluated exactly only as far as the budget of a slow evaluation: past
  // it, its partial evaluation is dropped and every candidate is screened (the first took 70% of
  // the fix search of llm.c's attention_forward.cu when it ran to the end). Where the accesses as
  // they are already took that many cases, the candidates are screened from the start.
  std::atomic<uint64_t> firstVisits{0};
  mapper::AnalysisOptions probe = exact;
  probe.limits.sharedVisits = &firstVisits;
  probe.limits.sharedBudget = kSlowEvaluation;
  // What the sign reasoning of the landing check knows of each access's kernel.
  std::vector<mapper::WarpFacts> factsOf(subject.size());
  for (size_t i = 0; i < subject.size(); ++i) factsOf[i].symbolNonNegative = mapper::loopIterationsNonNegative(tu.kernel(subject[i].kernelInstance));
  // The rewritten terms whose rows are counted on a prefix (QuotientSplits): a split P + i where,
  // in every access written there, P is not negative and a multiple of some g dividing the row's S
  // units, and 0 <= i < g in every iteration, so (P + i) / S is P / S. The longest such split.
  const auto quotientSplits = [&](const std::set<SpanKey>& chosen, const Form& form) {
    CommonSplits<SpanKey> common;
    for (size_t i = 0; i < subject.size(); ++i) {
      const ir::SharedArray& x = tu.array(subject[i].array);
      const int64_t instanceRow = rowElementsOf(x, form) * x.elementSize;
      for (const ir::OffsetPiece& p : terms[i]) {
        if (!chosen.count(keyOf(p.span))) continue;
        std::set<size_t> ok;
        if (p.steps == 0 && !p.subtracted && p.unitBytes > 0 && instanceRow > 0 && instanceRow % p.unitBytes == 0)
          for (size_t j = 0; j < p.splits.size(); ++j) {
            const std::optional<SplitFacts> f = splitFacts(tu, subject[i], p, p.splits[j]);
            if (f && f->trailing.hi < std::gcd(f->prefixFactor, instanceRow / p.unitBytes) &&
                mapper::provablyNonNegative(f->prefix, factsOf[i]))
              ok.insert(j);
          }
        common.add(keyOf(p.span), std::move(ok));
      }
    }
    return common.longest();
  };
  std::vector<Screened> screened;
  bool screening = baseline.enumerated > kSlowEvaluation && candidates.size() > kExactAfterScreening, screenedOnce = false,
       probed = false;
  std::vector<size_t> order(candidates.size());
  for (size_t k = 0; k < order.size(); ++k) order[k] = k;
  for (size_t position = 0; position < order.size() || (screening && !screenedOnce);) {
    if (position == order.size()) {  // the screen is done: the exact evaluation of the best of it
      std::stable_sort(screened.begin(), screened.end(), [](const Screened& x, const Screened& y) {
        if (x.score.blind != y.score.blind) return y.score.blind;
        const bool cx = x.score.worst <= 1 + 1e-9, cy = y.score.worst <= 1 + 1e-9;
        if (cx != cy) return cx;
        return cx ? x.candidate < y.candidate : x.score.meanCost < y.score.meanCost;
      });
      // Evaluated exactly: the best of the screen, and up to two more that it ranks within
      // kScreenMargin of it, except one that ties on the screen with a smaller padding of the
      // same rows (it could only win by costing more memory for the same cases screened).
      order.clear();
      for (size_t k = 0; k < screened.size() && order.size() < kExactAfterScreening; ++k) {
        const ScreenScore& s = screened[k].score;
        const ScreenScore& top = screened.front().score;
        if (k > 0 && !top.blind && (s.blind || (s.worst > 1 + 1e-9 && s.meanCost > top.meanCost * (1 + kScreenMargin)))) break;
        const Candidate& c = candidates[screened[k].candidate];
        const bool tie = std::any_of(screened.begin(), screened.begin() + static_cast<std::ptrdiff_t>(k), [&](const Screened& t) {
          const Candidate& o = candidates[t.candidate];
          return o.form == c.form && o.pad < c.pad && t.score.meanCost == s.meanCost && t.score.worst == s.worst;
        });
        if (!tie) order.push_back(screened[k].candidate);
      }
      position = 0;
      screening = false;
      screenedOnce = true;
      if (order.empty()) break;
    }
    const size_t candidateIndex = order[position++];
    const Candidate& cand = candidates[candidateIndex];
    const Form& form = *cand.form;
    const int64_t pad = cand.pad;
    if (cand.tooBig) {
      (cand.pastOptIn ? out.limitedByOptIn : out.limitedByStaticSize) = true;
      continue;
    }
    if (expired && expired()) {
      out.timedOut = true;
      break;
    }
    const int64_t rowBytes = rowElementsOf(a, form) * a.elementSize;
    const int64_t padBytes = pad * a.elementSize;
    const bool probing = !probed && !screening && !screenedOnce && candidates.size() > kExactAfterScreening;
    bool overBudget = false;
    std::optional<std::set<SpanKey>> previous;
    for (const bool subscriptsToo : {false, true}) {
      const std::set<SpanKey> chosen = form.stride.empty() ? chooseTerms(rowBytes, padBytes, subscriptsToo, form.declaredRow) : std::set<SpanKey>{};
      if (previous && chosen == *previous) break;
      previous = chosen;
      const QuotientSplits splits = form.stride.empty() ? quotientSplits(chosen, form) : QuotientSplits{};
      // Each access moves as its edited terms do.
      bool offElement = false;
      std::vector<ir::Access> moved;
      std::vector<char> landsOnElement(accesses.size(), 1);  // no lane-by-lane check needed
      std::vector<char> movesWithRows(accesses.size(), 1);   // declared rows: 0 for the view left in place
      for (size_t i = 0; i < accesses.size(); ++i) {
        ir::Access acc = subject[i];
        const ir::IntType t = ir::IntType::int64();
        if (!acc.byteOffset) {  // its one index must be rewritten (checked above that it is its only term)
          if (!acc.indexing && (terms[i].empty() || !chosen.count(keyOf(terms[i].front().span)))) {
            if (!offElement) stays = whyStays(i, chosen, rowBytes, padBytes);
            offElement = true;
          }
          moved.push_back(std::move(acc));
          continue;
        }
        if (!form.stride.empty() && !acc.indexing) {  // a stride the accesses spell: `row * T + col` becomes `row * (T + P) + col`
          const ir::ExprRef value = terms[i].front().value;
          const ir::ExprRef row = ir::makeCast(rowFactorOf(value, form.rowElements), t);
          // The same as i + i / S * P only where col stays inside its row: checked lane by lane.
          const ir::ExprRef lands = ir::makeBinary(
              ir::BinaryOp::LogicalAnd,
              ir::makeBinary(ir::BinaryOp::EQ, row, ir::makeBinary(ir::BinaryOp::Div, ir::makeCast(value, t), ir::makeConst(form.rowElements, t), t),
                             ir::IntType::boolean()),
              ir::makeBinary(ir::BinaryOp::GE, ir::makeCast(value, t), ir::makeConst(0, t), ir::IntType::boolean()), ir::IntType::boolean());
          acc.byteOffset = ir::makeBinary(ir::BinaryOp::Add, ir::addBytes(acc.byteOffset, ir::mulBytes(row, pad * a.elementSize)),
                                          ir::zeroUnless(lands), t);
          landsOnElement[i] = 0;
          moved.push_back(std::move(acc));
          continue;
        }
        if (!form.stride.empty()) {  // the stride token: every index is `row * S + k`
          // The edit writes no division (`row * (S + P) + k`), so nvcc has nothing to prove: the rows
          // are an unsigned quotient, which the width prediction holds across a merged group
          // (mapper/WidthPrediction.cpp, nvccHolds), where the index cannot be negative.
          const ir::ExprRef index = acc.indexing->indices.front();
          const ir::IntType q = mapper::provablyNonNegative(index, factsOf[i]) ? ir::IntType::uint64() : t;
          const ir::ExprRef rows = ir::makeCast(ir::makeBinary(ir::BinaryOp::Div, ir::makeCast(index, q),
                                                               ir::makeConst(rowElementsOf(tu.array(acc.array), form), q), q),
                                                t);
          acc.byteOffset = ir::addBytes(acc.byteOffset, ir::mulBytes(rows, pad * tu.array(acc.array).elementSize));
        } else {
          const int64_t instanceRow = rowElementsOf(tu.array(acc.array), form) * tu.array(acc.array).elementSize;
          size_t rewritten = 0;
          for (const ir::OffsetPiece& p : terms[i]) rewritten += chosen.count(keyOf(p.span));
          // Nothing of it rewritten: it stays where it is, which is its element only inside the first row.
          int64_t constant = 0;
          if (rewritten == 0 && !(ir::isConst(acc.byteOffset, &constant) && constant >= 0 && constant < instanceRow)) {
            if (form.declaredRow) {  // another view of the memory: it keeps its bytes, if no data passes (checked below)
              movesWithRows[i] = 0;
              moved.push_back(std::move(acc));
              continue;
            }
            if (!offElement) stays = whyStays(i, chosen, rowBytes, padBytes);
            offElement = true;
          }
          landsOnElement[i] = movesWithItsIndex(acc) || landsOnItsRow(acc, terms[i], chosen, instanceRow);
          acc.byteOffset = movedOffset(acc, terms[i], chosen, splits, instanceRow, pad * tu.array(acc.array).elementSize,
                                       landsOnElement[i], factsOf[i]);
          if (acc.wmmaLdm) {  // checked lane by lane with the fragment's alignment
            acc.byteOffset = ir::makeBinary(ir::BinaryOp::Add, acc.byteOffset,
                                            alignedFragmentCheck(acc, terms[i], chosen, splits, instanceRow, pad * tu.array(acc.array).elementSize), t);
            landsOnElement[i] = 0;
          }
        }
        moved.push_back(std::move(acc));
      }
      // Accesses left in place beside moved rows: correct only if no read returns what the other
      // view wrote (ViewDataFlow.h); with nothing moved, the padding does nothing.
      std::string viewsNote;
      std::vector<size_t> inPlaceAccesses;
      if (!offElement && std::count(movesWithRows.begin(), movesWithRows.end(), 0) > 0) {
        for (size_t i = 0; i < subject.size(); ++i)
          if (!movesWithRows[i]) inPlaceAccesses.push_back(i);
        const std::string lines = linesOf(subject, inPlaceAccesses);
        const std::string why = viewsExchangeData(subject, movesWithRows);
        if (!why.empty() || std::count(movesWithRows.begin(), movesWithRows.end(), 1) == 0) {
          stays = fmt::format("padding the declared rows of '{}' would leave the accesses at lines {} (another view of its memory) "
                              "where they are, which is correct only if no data passes between the views: {}",
                              a.name, lines, why.empty() ? "no access moves with the rows" : why);
          offElement = true;
        } else {
          viewsNote = separateViewsNote(lines, a.name, false);
        }
      }
      // Some access already stays off its element, whatever the evaluation would say: the next
      // spelling, without evaluating this one (half of the evaluations of llm.c's attention_forward.cu).
      if (offElement && form.declaredRow) declaredRowStays = stays;
      if (offElement) continue;
      FlattenedResult c;
      c.pad = pad;
      c.rowElements = form.rowElements;
      c.stride = form.stride;
      c.declaredRow = form.declaredRow;
      c.viewsNote = viewsNote;
      c.inPlace = inPlaceAccesses;
      c.bytesAdded = cand.bytes;
      // nvcc merges what it merged before where the padding keeps the alignment: the stride-token
      // spelling stays affine (`row * (BK + 4) + k`), and for i + i / S * P it proves the row
      // constant across an aligned vector (the H200 showed LDS.128 kept in the SGEMM tutorial).
      int64_t kept = mapper::powerOfTwoFactor(pad * a.elementSize);
      for (int id : arrays) kept = std::min(kept, mapper::powerOfTwoFactor(rowElementsOf(tu.array(id), form) * tu.array(id).elementSize));
      // The accesses are evaluated in parallel, as the main analysis does (llvm::parallelFor).
      std::vector<mapper::AccessResult> results(moved.size());
      probed |= probing;
      llvm::parallelFor(0, moved.size(), [&](size_t i) {
        results[i] = mapper::analyzeMovedAccess(tu, moved[i], subject[i], static_cast<unsigned>(kept), screening ? quick : probing ? probe : exact);
      });
      if (std::any_of(results.begin(), results.end(), [](const mapper::AccessResult& r) { return r.overBudget; })) {
        overBudget = true;
        break;
      }
      for (size_t i = 0; i < moved.size(); ++i) {
        const ir::Access& original = subject[i];
        const mapper::AccessResult& r = results[i];
        // A cp.async whose banks are not computed lands on its element, but the padding may make
        // it worse, unseen: the CUDA samples' bf16 async GEMM, padded so, measured its copies 1.74
        // -> 2.61 ways and ran 0.87x as fast (H100, docs/findings/raw-not-listed/README.md).
        if (original.kind == ir::AccessKind::AsyncCopyDst && r.status != mapper::AccessResult::Status::Computed && movesWithRows[i] &&
            !offElement) {
          stays = fmt::format("the cp.async at line {} ({}) is not computed ({}), and the padding would move it: copies into "
                              "padded rows were measured slower, so a padding that cannot weigh it is not proposed",
                              original.span.begin.line, original.spelling, r.unknownReason);
          offElement = true;
        }
        // The lane-by-lane check of a pointer access must have seen every case, with every block
        // shape (a shape where the check fails is unknown, which the worst shape's result hides).
        bool everyShape = std::all_of(r.shapes.begin(), r.shapes.end(), [](const mapper::ShapeOutcome& o) { return o.computed; });
        if (!everyShape) {  // only the shapes computed before the change need be computed after it
          if (!before[i]) before[i] = mapper::analyzeAccess(tu, tu.accesses[static_cast<size_t>(accesses[i])]);
          everyShape = before[i]->shapes.size() == r.shapes.size();
          for (size_t s = 0; everyShape && s < r.shapes.size(); ++s) everyShape = r.shapes[s].computed || !before[i]->shapes[s].computed;
        }
        if (original.byteOffset && !landsOnElement[i] &&
            (r.status != mapper::AccessResult::Status::Computed || (!r.exhaustive && !screening) || !everyShape)) {
          // Not computed for another reason than the check (which fails by a division by zero):
          // the access cannot be followed at all, which says more than which term stays.
          const bool uncheckable = r.status != mapper::AccessResult::Status::Computed && r.unknownReason.find("division by zero") == std::string::npos;
          const std::string where = "the access at line " + std::to_string(original.span.begin.line) + " (" + original.spelling + ")";
          if (!offElement) {
            if (uncheckable)
              stays = "moving the rows of '" + a.name + "' cannot be checked for " + where + ", which is not computed: " + r.unknownReason;
            else if (original.wmmaLdm)  // its landing and its fragment's alignment are one check
              stays = fmt::format("moving the rows of '{}' by {} bytes would move {} off its element or its fragment's first element "
                                  "off the 32-byte alignment wmma requires", a.name, padBytes, where);
            else
              stays = whyStays(i, chosen, rowBytes, padBytes);
          }
          offElement = true;
        }
        accumulate(c.evaluation, r);
      }
      c.results = std::move(results);
      if (offElement && form.declaredRow) declaredRowStays = stays;  // the reason that names the construct
      if (offElement || c.evaluation.unknown > baseline.unknown) continue;
      // Copies made worse: each kernel must gain enough elsewhere (a buffer may be one extern name
      // in several kernels, each paying for its own copies).
      if (!screening && c.evaluation.copyWavefronts > baseline.copyWavefronts * (1 + 1e-9)) {
        std::map<int, std::pair<Evaluation, Evaluation>> byKernel;  // before and after the padding
        for (size_t i = 0; i < moved.size(); ++i) {
          if (!before[i]) before[i] = mapper::analyzeAccess(tu, tu.accesses[static_cast<size_t>(accesses[i])]);
          auto& [was, now] = byKernel[subject[i].kernelInstance];
          accumulate(was, *before[i]);
          accumulate(now, c.results[i]);
        }
        std::string why;
        for (const auto& [kernel, change] : byKernel)
          if (why.empty()) why = copiesCostReason(a.name, tu.kernel(kernel).name, change.first, change.second);
        if (!why.empty()) {
          copyWorse = std::move(why);
          continue;
        }
      }
      declaredRowEvaluated |= form.declaredRow;
      if (screening) {
        ScreenScore score;
        for (const mapper::AccessResult& r : c.results) addToScreen(score, r);
        screened.push_back({candidateIndex, score});
        break;
      }
      // Totals of an enumeration stopped at its cap are sums over part of the cases: a candidate
      // evaluated in full beats one that is not, whatever their totals.
      const double eps = 1e-9 * std::max(1.0, c.evaluation.totalWavefronts);
      const bool better = !best || (c.evaluation.stoppedEarly != best->evaluation.stoppedEarly
                                        ? !c.evaluation.stoppedEarly
                                        : c.evaluation.totalWavefronts < best->evaluation.totalWavefronts - eps);
      if (better) {
        if (!dynamic) {
          Edit decl;
          decl.span = size.span;
          decl.original = size.text;
          decl.text = declarationSize(size, form, pad);
          c.edits.push_back(decl);
          c.declarationAfter = a.name + "[" + decl.text + "]";
        } else if (form.declaredRow) {
          // Each declaration of the buffer (one per kernel that declares the extern name) grows alike.
          std::set<SpanKey> declared;
          for (int id : arrays) {
            const ir::DimensionSpelling& row = tu.array(id).dimSpellings[0];
            if (!declared.insert(keyOf(row.span)).second) continue;
            Edit decl;
            decl.span = row.span;
            decl.original = row.text;
            decl.text = row.text + " + " + std::to_string(pad);
            c.edits.push_back(decl);
          }
          c.declarationAfter = a.name + "[][" + c.edits.front().text + "] (each launch's byte count grows with its rows" +
                               (declared.size() > 1 ? fmt::format("; its {} declarations alike", declared.size()) : "") + ")";
        } else {
          c.declarationAfter = fmt::format("rows of {} elements instead of {} ({}each launch's byte count grows with them)",
                                           form.rowElements + pad, form.rowElements,
                                           wholeBuffer ? "the whole buffer '" + a.name + "', its carve-outs moved with their rows; " : "");
        }
        std::map<SpanKey, Edit> edits;  // instantiations share their source
        bool oneText = true;            // ... and must agree on the text (rows counted in their own units)
        for (size_t i = 0; i < terms.size(); ++i) {
          const ir::SharedArray& x = tu.array(subject[i].array);
          for (const ir::OffsetPiece& p : terms[i]) {
            if (!form.stride.empty() ? p.pointerSubscript : !chosen.count(keyOf(p.span))) continue;
            if (form.declaredRow && p.steps == 0) continue;  // counts the declared rows: moves with them unwritten
            Edit e;
            e.span = p.span;
            e.original = p.text;
            if (!form.stride.empty()) {
              e.text = indexText(p.text, form, pad);
            } else {
              // The instance's own rows, as evaluated: S and P of its elements, in the term's units.
              const int64_t instanceRow = rowElementsOf(x, form) * x.elementSize, instancePad = pad * x.elementSize;
              e.text = paddedTermText(p, instanceRow / p.unitBytes, instancePad / p.unitBytes, splits);
              if (p.subtracted) e.text = "(" + e.text + ")";  // `base - (t + t / S * P)`
            }
            const auto [it, fresh] = edits.try_emplace(keyOf(p.span), e);
            if (fresh && form.stride.empty() && splits.count(keyOf(p.span))) ++c.prefixQuotients;
            oneText &= fresh || it->second.text == e.text;
          }
        }
        if (!oneText) continue;
        for (auto& [where, e] : edits) c.edits.push_back(e);
        c.indexEdits = edits.size();
        if (dynamic) {  // the padding's bytes at each launch: P elements for every row it holds
          const auto grown = [&](int64_t bytes) { return bytes + bytes / a.elementSize / form.rowElements * padBytes; };
          const auto growBy = [&](const ir::DynamicSmemArgument& l, const std::string& added, int64_t bytes) {
            c.byteCountEdits.push_back({c.edits.size(), bytes});
            Edit e;
            e.span = l.span;
            e.original = l.text;
            e.text = leftOfPlus(l.text) + " + " + added;
            c.edits.push_back(e);
          };
          // A byte count computed at run time grows by the same fraction, written out.
          const auto fraction = [&](const ir::DynamicSmemArgument& l) {
            return asOperand(l.text) + " / " + std::to_string(rowBytes) + " * " + std::to_string(padBytes);
          };
          int64_t largestLaunch = 0;  // -1: some launch's byte count is not a constant
          for (const ir::DynamicSmemArgument& l : dynamic->launches) {
            if (!l.bytes) {
              growBy(l, fraction(l), -1);
              largestLaunch = -1;
              continue;
            }
            const int64_t bytes = static_cast<int64_t>(*l.bytes);
            growBy(l, std::to_string(grown(bytes) - bytes), grown(bytes) - bytes);
            if (largestLaunch >= 0) largestLaunch = std::max(largestLaunch, grown(bytes));
          }
          // The limit the kernel opts in to grows to the largest padded launch, where it is below it.
          for (const ir::DynamicSmemArgument& l : dynamic->optIns) {
            if (!l.bytes || largestLaunch < 0) growBy(l, fraction(l), -1);
            else if (largestLaunch > static_cast<int64_t>(*l.bytes))
              growBy(l, std::to_string(largestLaunch - static_cast<int64_t>(*l.bytes)), largestLaunch - static_cast<int64_t>(*l.bytes));
          }
        }
        best = c;
      }
      break;
    }
    if (overBudget) {  // screen every candidate, this one first
      screening = true;
      --position;
      continue;
    }
    if (best && best->evaluation.worstWays <= 1 + 1e-9 && best->evaluation.unknown == baseline.unknown &&
        best->pad == pad && best->stride == form.stride)
      break;  // the cheapest conflict-free one
  }
  if (best && best->evaluation.totalWavefronts < baseline.totalWavefronts * (1 - 1e-9)) {
    best->constraint = out.constraint;
    best->limitedByStaticSize = out.limitedByStaticSize;
    return *best;
  }
  if (!out.timedOut && !copyWorse.empty()) {  // what else was evaluated did not lower the wavefronts
    out.whyNot = copyWorse;
    return out;
  }
  if (!out.timedOut && !best && !otherDeclaration.empty()) {
    out.whyNot = otherDeclaration;
    return out;
  }
  if (!out.timedOut && !best && !stays.empty() && !declaredRowEvaluated) {
    out.whyNot = declaredRowStays.empty() ? stays : declaredRowStays;
    return out;
  }
  if (!out.timedOut)
    out.whyNot = "no padding of the rows of '" + a.name + "' lowers its wavefronts" + (out.constraint.empty() ? "" : " while " + out.constraint) +
                 (!out.limitedByStaticSize ? ""
                  : dynamic ? " and keeps the block within the " + std::to_string(maxStaticBytes) +
                                  " bytes a launch may use without opting in to more"
                            : " and stays within " + std::to_string(maxStaticBytes) + " bytes of static shared memory") +
                 (out.limitedByOptIn ? " and keeps the block within the " + std::to_string(dynamic->optInLimit) +
                                           " bytes a kernel can opt in to (the launch's byte count grows with every row of '" +
                                           a.name + "' it holds)"
                                     : "");
  return out;
}

}  // namespace bankcheck::advisor
