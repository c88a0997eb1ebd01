// wmma::load_matrix_sync / store_matrix_sync on shared memory: the shared instructions each call
// becomes, with each lane's address, from the table measured on the H200 (model/WmmaLayouts.h,
// docs/hardware-model.md "wmma fragments"). A kind the table lacks is reported as not analyzed.
// Each call is one access; its several instructions are the iterations of a loop of its own
// (never merged), so the report names the worst and counts them all.
#include "clang/AST/DeclTemplate.h"
#include "frontend/KernelWalker.h"
#include "model/WmmaLayouts.h"

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
  const bool ab = frag->use == "matrix_a" || frag->use == "matrix_b";
  if (!ab && !memLayout) {
    noteUnanalyzed(e, what, "the memory layout argument is not a compile-time constant");
    return;
  }
  const bool rowMajor = ab ? frag->layout == "row_major" : *memLayout == 0;
  const model::WmmaLayout* layout = model::findWmmaLayout(frag->use, static_cast<int>(frag->m), static_cast<int>(frag->n),
                                                          static_cast<int>(frag->k), element, rowMajor, store);
  if (!layout) {
    noteUnanalyzed(e, what,
                   "this fragment kind was not measured on the H200, so its instructions are not modelled (this is " + frag->use +
                       " " + std::to_string(frag->m) + "x" + std::to_string(frag->n) + "x" + std::to_string(frag->k) + " of " +
                       element + (ab ? ", " + frag->layout : rowMajor ? ", mem_row_major" : ", mem_col_major") +
                       "; measured: __half, bf16, u8, tf32, double and their accumulators in the shapes the CUDA samples use, "
                       "docs/hardware-model.md)");
    return;
  }
  kernel().usesThreadIdx[0] = true;
  const ir::IntType i64 = ir::IntType::int64();
  const int64_t elementBytes = layout->elementBytes();
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
  // sum over the set bits of `index` of the table's steps, as an expression (rows or bytes).
  const auto origin = [&](const ExprRef& index, bool rows) {
    ExprRef sum = c(0);
    for (size_t bit = 0; bit < layout->bitSteps.size(); ++bit) {
      const int step = rows ? layout->bitSteps[bit].rows : layout->bitSteps[bit].bytes;
      if (step) sum = add(sum, mul(rem(div(index, int64_t{1} << bit), 2), c(step)));
    }
    return sum;
  };
  // The instructions of the call are the iterations of a loop of its own (never merged).
  std::optional<int> loopId;
  ExprRef n = c(0);
  if (layout->instructions > 1) {
    ir::Loop loop;
    loop.id = static_cast<int>(kernel().loops.size());
    loop.parent = loops_.empty() ? -1 : loops_.back();
    loop.loc = locOf(e->getBeginLoc());
    loop.inductionVar = "wmma instruction";
    loop.unrollDisabled = true;  // separate instructions: never merged
    loop.iterSymbol = newSymbol(ir::SymbolKind::LoopIteration, "wmma instruction", loop.id);
    n = ir::makeSymbol(loop.iterSymbol, "wmma instruction", i64);
    loop.inductionValue = n;
    loop.condition = ir::makeBinary(ir::BinaryOp::LT, n, c(layout->instructions), ir::IntType::boolean());
    kernel().loops.push_back(loop);
    loopId = loop.id;
  }
  ExprRef row, byte;
  if (layout->op == model::WmmaOp::MatrixLoad) {  // lane l: row l%8 of matrix n * matrices + l/8
    const ExprRef matrix = add(mul(n, c(layout->matrices)), div(lane, 8));
    row = add(origin(matrix, true), rem(lane, 8));
    byte = origin(matrix, false);
  } else {
    const ExprRef hi = div(lane, 4), lo = rem(lane, 4);
    row = add(origin(n, true), add(mul(hi, c(layout->laneRowHi)), mul(lo, c(layout->laneRowLo))));
    byte = add(origin(n, false), add(mul(hi, c(layout->laneByteHi)), mul(lo, c(layout->laneByteLo))));
  }
  const ExprRef within = add(mul(mul(row, ldm), c(elementBytes)), byte);
  // The written terms of the offset: the pointer's, then `ldm` stepped once per memory row (the
  // lane's place within the row is not written, so the terms are incomplete and a padding checks
  // each lane's landing).
  OffsetPieces terms = ptr.pieces;
  terms.complete = false;
  ir::OffsetPiece rows = writtenTerm(e->getArg(2), mul(row, ldmAsWritten), elementBytes);
  rows.steps = layout->rowsSpanned();
  if (!ir::isConst(concrete(ldmAsWritten), &rows.step) || rows.step <= 0)
    rows.notRewritable = "ldm is not a compile-time constant";
  else if (rows.notRewritable.empty() && !inlinedAt_.empty())
    rows.notRewritable = "it is written in a device function, which other calls share";
  terms = terms.with(std::move(rows));
  if (loopId) loops_.push_back(*loopId);
  const ir::AccessKind kind = layout->op == model::WmmaOp::MatrixLoad ? ir::AccessKind::MatrixLoad
                              : layout->op == model::WmmaOp::Store   ? ir::AccessKind::Store
                                                                     : ir::AccessKind::Load;
  recordRawAccess(kind, ptr.array, ir::addBytes(ptr.expr, within), layout->width,
                  ab ? "wmma " + frag->use
                     : "wmma accumulator (" + element + (rowMajor ? ", row-major)" : ", col-major)"),
                  e, &terms);
  keepAlignedWhenPadded(tu_.accesses.back(), ldmInfo, ldmInfo.followsRowStride ? ir::addBytes(alignedBase, within) : nullptr);
  if (layout->op == model::WmmaOp::MatrixLoad) {
    tu_.accesses.back().matrices = static_cast<unsigned>(layout->matrices);
    tu_.accesses.back().transposed = layout->transposed;
  }
  if (loopId) loops_.pop_back();
}

}  // namespace bankcheck::frontend
