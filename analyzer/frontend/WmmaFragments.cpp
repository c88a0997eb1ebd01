// wmma::load_matrix_sync / store_matrix_sync on shared memory: the shared instructions each call
// becomes, with each lane's address, as measured on the H200 (docs/hardware-model.md, "wmma
// fragments"). Only the m16n16k16 fragments measured there are modelled:
//  * matrix_a / matrix_b of __half, either layout: one LDSM.x4 (LDSM.T for the transposed
//    cases) over 16 memory rows of 32 bytes, `ldm` elements apart; lane l gives memory row l % 16,
//    16-byte chunk l / 16 (matrix l / 8 is one 8-row group);
//  * float accumulators, either layout, loaded or stored: the mma layout, lane l holding rows
//    l/4 and l/4 + 8, columns 2(l%4), +1, +8, +9: row-major as 4 LDS.64/STS.64, column-major
//    as 8 LDS/STS of 4 bytes;
//  * __half accumulators stored row-major: the same layout as 4 STS of 2 halves.
// Each call is one access; its several instructions are the iterations of a loop of its own
// (never merged), so the report names the worst and counts them all.
#include "clang/AST/DeclTemplate.h"
#include "frontend/KernelWalker.h"

namespace bankcheck::frontend {

using namespace clang;
using ir::ExprRef;

namespace {
struct FragmentKind {
  std::string use;     // "matrix_a", "matrix_b", "accumulator"
  int64_t m = 0, n = 0, k = 0;
  QualType element;
  std::string layout;  // a/b: "row_major" / "col_major"; accumulators: "" (the call gives it)
};

std::optional<FragmentKind> fragmentKind(QualType t) {
  const auto* spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(t.getNonReferenceType()->getAsCXXRecordDecl());
  if (!spec || spec->getName() != "fragment") return std::nullopt;
  const TemplateArgumentList& args = spec->getTemplateArgs();
  if (args.size() < 5) return std::nullopt;
  FragmentKind f;
  const auto typeName = [](const TemplateArgument& a) {
    if (a.getKind() != TemplateArgument::Type) return std::string();
    const auto* r = a.getAsType()->getAsRecordDecl();
    return r ? r->getNameAsString() : std::string();
  };
  f.use = typeName(args[0]);
  for (int i = 1; i <= 3; ++i) {
    if (args[i].getKind() != TemplateArgument::Integral) return std::nullopt;
    (i == 1 ? f.m : i == 2 ? f.n : f.k) = args[i].getAsIntegral().getExtValue();
  }
  if (args[4].getKind() != TemplateArgument::Type) return std::nullopt;
  f.element = args[4].getAsType().getCanonicalType();
  if (args.size() > 5) f.layout = typeName(args[5]);
  return f;
}
}  // namespace

void KernelWalker::keepAlignedWhenPadded(ir::Access& a, const ir::WmmaLdm& ldm, const ExprRef& checkedOffset) {
  a.wmmaLdm = ldm;
  if (checkedOffset && a.symbolicOffset) a.symbolicOffset = checkedOffset;
}

void KernelWalker::recordWmmaFragmentAccess(const CallExpr* e, const std::string& name) {
  const bool store = name == "store_matrix_sync";
  if (e->getNumArgs() < 3) return;
  const Expr* fragArg = e->getArg(store ? 1 : 0);
  const SymbolicValue ptr = eval(e->getArg(store ? 0 : 1));
  ExprRef ldm = eval(e->getArg(2)).asInt(ir::IntType::int64());
  const ExprRef ldmAsWritten = ldm;
  std::optional<int64_t> memLayout;  // 0: mem_row_major, 1: mem_col_major
  if (e->getNumArgs() > 3) {
    int64_t v = 0;
    if (ir::isConst(eval(e->getArg(3)).asInt(ir::IntType::int64()), &v)) memLayout = v;
  }
  if (ptr.kind != SymbolicValue::Kind::SharedPtr) return;
  const std::string what = "wmma::" + name + " on '" + tu_.array(ptr.array).name + "'";
  const std::optional<FragmentKind> frag = fragmentKind(fragArg->getType());
  if (!frag) {
    noteUnanalyzed(e, what, "the fragment type is not a wmma::fragment");
    return;
  }
  const std::string element = frag->element->getAsRecordDecl() ? frag->element->getAsRecordDecl()->getNameAsString()
                                                                : frag->element.getAsString();
  const bool shape16 = frag->m == 16 && frag->n == 16 && frag->k == 16;
  const bool ab = frag->use == "matrix_a" || frag->use == "matrix_b";
  const bool halfElement = element == "__half" || element == "half";
  const bool floatAcc = frag->use == "accumulator" && element == "float";
  const bool halfAccRowStore = frag->use == "accumulator" && halfElement && store && memLayout == 0;
  if (!shape16 || !((ab && halfElement && !store) || (floatAcc && memLayout) || halfAccRowStore)) {
    noteUnanalyzed(e, what,
                   "only the wmma fragments measured on the H200 are modelled: m16n16k16 __half matrix_a/matrix_b loads, "
                   "float accumulator loads and stores, __half accumulator row-major stores (this is " + frag->use + " " +
                       std::to_string(frag->m) + "x" + std::to_string(frag->n) + "x" + std::to_string(frag->k) + " of " + element + ")");
    return;
  }
  kernel().usesThreadIdx[0] = true;
  const ir::IntType i64 = ir::IntType::int64();
  // `ldm` as the row length of the array (`wmma::load_matrix_sync(f, &s_a[r][0], BK)` with
  // `s_a[BM][BK]`): the rows step with the row-stride symbol, so a padding moves them. The
  // fragment's base must stay 32-byte aligned (wmma's requirement): the symbolic offset, which
  // a padding recomputes, checks it; the offset analyzed as written does not (the code's own
  // alignment is its business).
  ir::WmmaLdm ldmInfo;
  ldmInfo.span = spanOf(e->getArg(2)->getSourceRange());
  ldmInfo.text = textOf(e->getArg(2)->getSourceRange());
  if (!rewritableIndex(e->getArg(2))) ldmInfo.notEditable = "it is written inside a macro's definition or has side effects";
  ldmInfo.base = ptr.expr;
  ExprRef alignedBase = ptr.expr;
  {
    const ir::SharedArray& arr = tu_.array(ptr.array);
    int64_t value = 0;
    if (arr.carvedFrom < 0 && arr.dims.size() >= 2 && arr.elementSize && ir::isConst(ldm, &value) &&
        value == static_cast<int64_t>(arr.dims.back()) && arr.strideSymbols.size() + 1 == arr.dims.size()) {
      const int stride = arr.strideSymbols.back();
      ldm = ir::makeBinary(ir::BinaryOp::Div,
                           ir::makeSymbol(stride, kernel().symbols[static_cast<size_t>(stride)].name, i64),
                           ir::makeConst(arr.elementSize, i64), i64);
      ldmInfo.followsRowStride = true;
      // The base itself where it is aligned, a failed evaluation where not.
      alignedBase = ir::makeBinary(ir::BinaryOp::Add, ptr.expr, ir::zeroUnlessMultipleOf(ptr.expr, 32), i64);
    }
  }
  // The lane of the linear thread index.
  const auto b = [&](ir::BuiltinVar v) { return ir::makeCast(ir::makeBuiltin(v), i64); };
  const auto mul = [&](ExprRef x, ExprRef y) { return ir::makeBinary(ir::BinaryOp::Mul, std::move(x), std::move(y), i64); };
  const auto add = [&](ExprRef x, ExprRef y) { return ir::makeBinary(ir::BinaryOp::Add, std::move(x), std::move(y), i64); };
  const auto c = [&](int64_t v) { return ir::makeConst(v, i64); };
  const ExprRef linear = add(add(b(ir::BuiltinVar::ThreadIdxX), mul(b(ir::BuiltinVar::ThreadIdxY), b(ir::BuiltinVar::BlockDimX))),
                             mul(mul(b(ir::BuiltinVar::ThreadIdxZ), b(ir::BuiltinVar::BlockDimX)), b(ir::BuiltinVar::BlockDimY)));
  const ExprRef lane = ir::makeBinary(ir::BinaryOp::Rem, linear, c(32), i64);
  const auto div = [&](ExprRef x, int64_t d) { return ir::makeBinary(ir::BinaryOp::Div, std::move(x), c(d), i64); };
  const auto rem = [&](ExprRef x, int64_t d) { return ir::makeBinary(ir::BinaryOp::Rem, std::move(x), c(d), i64); };
  // The written terms of the offset: the pointer's, then `ldm` stepped once per memory row (the
  // lane's 16-byte chunk or column within the row is not written, so the terms are incomplete and
  // a padding checks each lane's landing).
  const auto writtenTerms = [&](const ExprRef& rowIndex, int64_t elementBytes) {
    OffsetPieces terms = ptr.pieces;
    terms.complete = false;
    ir::OffsetPiece rows = writtenTerm(e->getArg(2), mul(rowIndex, ldmAsWritten), elementBytes);
    rows.steps = 16;
    if (!ir::isConst(concrete(ldmAsWritten), &rows.step) || rows.step <= 0)
      rows.notRewritable = "ldm is not a compile-time constant";
    else if (rows.notRewritable.empty() && !inlinedAt_.empty())
      rows.notRewritable = "it is written in a device function, which other calls share";
    return terms.with(std::move(rows));
  };

  if (ab) {
    // LDSM.x4: memory row lane % 16 (`ldm` halves apart), 16-byte chunk lane / 16.
    const ExprRef rows = add(mul(mul(rem(lane, 16), ldm), c(2)), mul(div(lane, 16), c(16)));
    const OffsetPieces terms = writtenTerms(rem(lane, 16), 2);
    recordRawAccess(ir::AccessKind::MatrixLoad, ptr.array, ir::addBytes(ptr.expr, rows), 16, "wmma " + frag->use, e, &terms);
    keepAlignedWhenPadded(tu_.accesses.back(), ldmInfo, ldmInfo.followsRowStride ? ir::addBytes(alignedBase, rows) : nullptr);
    tu_.accesses.back().matrices = 4;
    tu_.accesses.back().transposed = (frag->use == "matrix_a") != (frag->layout == "row_major");
    return;
  }
  // Accumulators: instruction n of the call is the iteration of a loop of its own.
  const bool colMajor = memLayout == 1;
  const int64_t instructions = colMajor ? 8 : 4;
  const int64_t elementBytes = floatAcc ? 4 : 2;
  ir::Loop loop;
  loop.id = static_cast<int>(kernel().loops.size());
  loop.parent = loops_.empty() ? -1 : loops_.back();
  loop.loc = locOf(e->getBeginLoc());
  loop.inductionVar = "wmma instruction";
  loop.unrollDisabled = true;  // separate instructions: never merged
  loop.iterSymbol = newSymbol(ir::SymbolKind::LoopIteration, "wmma instruction", loop.id);
  const ExprRef n = ir::makeSymbol(loop.iterSymbol, "wmma instruction", i64);
  loop.inductionValue = n;
  loop.condition = ir::makeBinary(ir::BinaryOp::LT, n, c(instructions), ir::IntType::boolean());
  kernel().loops.push_back(loop);
  ExprRef row, col;
  if (colMajor) {  // n = 4i + 2j + k: row l/4 + 8i, column 2(l%4) + k + 8j, one element each
    row = add(div(lane, 4), mul(div(n, 4), c(8)));
    col = add(add(mul(rem(lane, 4), c(2)), rem(n, 2)), mul(rem(div(n, 2), 2), c(8)));
  } else {         // n = 2i + j: row l/4 + 8i, columns 2(l%4) + 8j and the next
    row = add(div(lane, 4), mul(div(n, 2), c(8)));
    col = add(mul(rem(lane, 4), c(2)), mul(rem(n, 2), c(8)));
  }
  const ExprRef element_ = colMajor ? add(row, mul(col, ldm)) : add(mul(row, ldm), col);
  const ExprRef offset = ir::addBytes(ptr.expr, mul(element_, c(elementBytes)));
  const unsigned width = static_cast<unsigned>(colMajor ? elementBytes : 2 * elementBytes);
  loops_.push_back(loop.id);
  const OffsetPieces terms = writtenTerms(colMajor ? col : row, elementBytes);
  recordRawAccess(store ? ir::AccessKind::Store : ir::AccessKind::Load, ptr.array, offset, width,
                  std::string("wmma accumulator (") + (floatAcc ? "float" : "__half") + (colMajor ? ", col-major)" : ", row-major)"), e,
                  &terms);
  keepAlignedWhenPadded(tu_.accesses.back(), ldmInfo,
                        ldmInfo.followsRowStride ? ir::addBytes(alignedBase, mul(element_, c(elementBytes))) : nullptr);
  loops_.pop_back();
}

}  // namespace bankcheck::frontend
