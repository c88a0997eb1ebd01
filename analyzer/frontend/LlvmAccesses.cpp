#include "frontend/LlvmAccesses.h"

#include <optional>
#include <set>

#include "frontend/InlinePtx.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/GetElementPtrTypeIterator.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Triple.h"

namespace bankcheck::frontend {

namespace {

using ir::ExprRef;
using ir::IntType;

IntType unsignedOf(unsigned bits) { return bits == 1 ? IntType::boolean() : IntType{static_cast<uint8_t>(bits), false}; }
IntType signedOf(unsigned bits) { return bits == 1 ? IntType::boolean() : IntType{static_cast<uint8_t>(bits), true}; }

// LLVM's i1 arithmetic is modulo 2 (`add i1` is xor, `trunc` keeps the low bit, a toggle is the
// recurrence {1,+,1}), where the IR's 1-bit type converts as C++'s bool does (any nonzero value is
// true). An i1 result of arithmetic is therefore computed in 64 bits and its low bit kept.
ExprRef lowBit(const ExprRef& wide) {
  const IntType i64 = IntType::int64();
  return ir::makeCast(ir::makeBinary(ir::BinaryOp::And, ir::makeCast(wide, i64), ir::makeConst(1, i64), i64), IntType::boolean());
}

// `op` on a and b as LLVM computes it in `bits` bits (unsigned).
ExprRef llvmArithmetic(ir::BinaryOp op, const ExprRef& a, const ExprRef& b, unsigned bits) {
  if (bits != 1) return ir::makeBinary(op, a, b, unsignedOf(bits));
  const IntType i64 = IntType::int64();
  return lowBit(ir::makeBinary(op, ir::makeCast(a, i64), ir::makeCast(b, i64), i64));
}

// Where a pointer (or a 32-bit shared-window address) points.
struct Place {
  enum Class { Shared, NotShared, Unknown } cls = Unknown;
  int array = -1;
  ExprRef offset;      // bytes from the start of `array`
  std::string why;     // Unknown: the reason; NotShared: what it is
  static Place unknown(std::string why) { return Place{Unknown, -1, nullptr, std::move(why)}; }
  static Place notShared(std::string what) { return Place{NotShared, -1, nullptr, std::move(what)}; }
};

// One shared-memory instruction, before unrolled copies of one source line are merged.
struct RawAccess {
  int array = -1;
  ir::AccessKind kind = ir::AccessKind::Load;
  unsigned width = 0;
  std::string valueType;
  unsigned matrices = 0;
  bool transposed = false;
  ExprRef offset;
  std::string unknownReason;
  std::vector<int> loops;
  std::vector<ir::Predicate> predicates;
  std::vector<std::string> assumptions;
  ir::SourceSpan span;
  std::vector<ir::SourceLoc> inlinedAt;
  std::string spelling;
  const llvm::SCEV* address = nullptr;  // to find the constant distance between unrolled copies
  // cp.async: .cg, and the global source (bytes from parameter `sourceBase`), as ir::Access has it.
  bool bypassL1 = false;
  ExprRef sourceOffset;
  std::string sourceBase, sourceUnknownReason;
  const llvm::SCEV* sourceAddress = nullptr;
  ir::Access::AtomicForm atomicForm = ir::Access::AtomicForm::Serial;
};

std::string typeName(const llvm::Type* t) {
  std::string s;
  llvm::raw_string_ostream os(s);
  t->print(os);
  return s;
}

// The file of a debug location as a path the analyzed file's name can be compared with: clang
// may record it relative to the compilation directory.
std::string fullPathOf(const llvm::DILocation* dl) {
  llvm::SmallString<256> p(dl->getFilename());
  if (!llvm::sys::path::is_absolute(p) && !dl->getDirectory().empty()) {
    llvm::SmallString<256> dir(dl->getDirectory());
    llvm::sys::path::append(dir, p);
    p = dir;
  }
  llvm::sys::fs::make_absolute(p);
  llvm::sys::path::remove_dots(p, true);
  return std::string(p);
}

std::string absolute(const std::string& path) {
  llvm::SmallString<256> p(path);
  llvm::sys::fs::make_absolute(p);
  llvm::sys::path::remove_dots(p, true);
  return std::string(p);
}

ir::SourceLoc locOf(const llvm::DILocation* dl) {
  ir::SourceLoc l;
  if (!dl) return l;
  l.file = dl->getFilename().str();
  l.line = dl->getLine();
  l.column = dl->getColumn();
  return l;
}

class Reader {
 public:
  Reader(llvm::Function& f, const LoweredKernelRequest& request, ir::TranslationUnit& tu)
      : f_(f),
        request_(request),
        tu_(tu),
        dl_(f.getParent()->getDataLayout()),
        dt_(f),
        li_(dt_),
        tlii_(llvm::Triple(f.getParent()->getTargetTriple())),
        tli_(tlii_),
        ac_(f),
        se_(f, tli_, ac_, dt_, li_),
        mainFile_(absolute(tu.file)) {}

  LoweredKernelResult run() {
    std::vector<RawAccess> raw;
    for (llvm::BasicBlock& bb : f_)
      for (llvm::Instruction& inst : bb) visit(inst, raw);
    emit(raw);
    return result_;
  }

 private:
  ir::KernelInstance& kernel() { return tu_.kernels[static_cast<size_t>(request_.kernelInstance)]; }

  int newSymbol(ir::SymbolKind kind, std::string name, int loop = -1) {
    return kernel().addSymbol(kind, std::move(name), loop);
  }

  // ---- source positions ----
  // The access is placed at the innermost frame in the analyzed file (the user's line that called
  // into a library such as CuTe); the frames outside it are its call sites.
  void placeAt(const llvm::DILocation* dl, ir::SourceSpan& span, std::vector<ir::SourceLoc>& inlinedAt,
               std::string& innermost) {
    std::vector<const llvm::DILocation*> frames;
    for (const llvm::DILocation* d = dl; d; d = d->getInlinedAt()) frames.push_back(d);
    if (frames.empty()) return;
    size_t chosen = frames.size() - 1;
    bool inMainFile = false;
    for (size_t i = 0; i < frames.size() && !inMainFile; ++i)
      if (fullPathOf(frames[i]) == mainFile_) {
        chosen = i;
        inMainFile = true;
      }
    span.begin = span.end = locOf(frames[chosen]);
    if (inMainFile) span.begin.file = span.end.file = tu_.file;  // named as the rest of the report names it
    for (size_t i = chosen + 1; i < frames.size(); ++i) inlinedAt.push_back(locOf(frames[i]));
    if (chosen != 0) {
      const ir::SourceLoc in = locOf(frames[0]);
      innermost = std::string(llvm::sys::path::filename(in.file)) + ":" + std::to_string(in.line);
    }
  }

  // ---- loops ----
  int loopId(const llvm::Loop* l) {
    if (auto it = loops_.find(l); it != loops_.end()) return it->second;
    const int parent = l->getParentLoop() ? loopId(l->getParentLoop()) : -1;
    ir::Loop loop;
    loop.id = static_cast<int>(kernel().loops.size());
    loop.parent = parent;
    if (const llvm::DILocation* d = l->getStartLoc()) {
      std::vector<ir::SourceLoc> ignored;
      std::string inner;
      ir::SourceSpan span;
      placeAt(d, span, ignored, inner);
      loop.loc = span.begin;
    }
    loop.iterSymbol = newSymbol(ir::SymbolKind::LoopIteration, "iteration of the loop at line " + std::to_string(loop.loc.line), loop.id);
    kernel().loops.push_back(loop);
    loops_[l] = loop.id;
    // The header runs backedge-taken-count + 1 times.
    const llvm::SCEV* btc = se_.getBackedgeTakenCount(l);
    ExprRef condition;
    std::string problem;
    if (llvm::isa<llvm::SCEVCouldNotCompute>(btc)) {
      problem = "its trip count could not be computed from the optimized code";
    } else {
      const unsigned bits = btc->getType()->getIntegerBitWidth();
      ExprRef limit = scev(btc);
      if (const ir::Expr* u = ir::findUnknown(limit)) {
        problem = "its trip count depends on " + u->text;
      } else {
        ExprRef iter = ir::makeCast(ir::makeSymbol(loop.iterSymbol, "iteration", IntType::int64()), unsignedOf(bits));
        condition = ir::makeBinary(ir::BinaryOp::LE, iter, ir::makeCast(limit, unsignedOf(bits)), IntType::boolean());
      }
    }
    ir::Loop& stored = kernel().loops[static_cast<size_t>(loops_[l])];
    stored.condition = condition;
    stored.conditionProblem = problem;
    return stored.id;
  }

  std::vector<int> loopsAround(const llvm::BasicBlock* bb) {
    std::vector<int> out;
    for (const llvm::Loop* l = li_.getLoopFor(bb); l; l = l->getParentLoop()) out.push_back(loopId(l));
    std::reverse(out.begin(), out.end());
    return out;
  }

  // ---- integers ----
  ExprRef scev(const llvm::SCEV* s) {
    if (auto it = scevMemo_.find(s); it != scevMemo_.end()) return it->second;
    ExprRef e = scevUncached(s);
    scevMemo_[s] = e;
    return e;
  }

  ExprRef scevUncached(const llvm::SCEV* s) {
    if (s->getType()->isPointerTy()) return ir::makeUnknown("a pointer used as an integer");
    const unsigned bits = s->getType()->getIntegerBitWidth();
    if (bits > 64) return ir::makeUnknown("a " + std::to_string(bits) + "-bit integer");
    const IntType u = unsignedOf(bits);
    if (const auto* c = llvm::dyn_cast<llvm::SCEVConstant>(s))
      return ir::makeConst(static_cast<int64_t>(c->getAPInt().getZExtValue()), u);
    if (const auto* c = llvm::dyn_cast<llvm::SCEVCastExpr>(s)) {
      ExprRef op = scev(c->getOperand(0));
      const unsigned from = c->getOperand(0)->getType()->isPointerTy() ? 64 : c->getOperand(0)->getType()->getIntegerBitWidth();
      switch (s->getSCEVType()) {
        case llvm::scZeroExtend: return ir::makeCast(ir::makeCast(op, unsignedOf(from)), u);
        case llvm::scSignExtend: return ir::makeCast(ir::makeCast(op, signedOf(from)), u);
        case llvm::scTruncate: return bits == 1 ? lowBit(op) : ir::makeCast(op, u);
        default: return ir::makeUnknown("a pointer converted to an integer");
      }
    }
    if (const auto* n = llvm::dyn_cast<llvm::SCEVNAryExpr>(s)) {
      if (const auto* rec = llvm::dyn_cast<llvm::SCEVAddRecExpr>(s)) {
        if (!rec->isAffine()) return ir::makeUnknown("a value that grows non-linearly in a loop");
        const int id = loopId(rec->getLoop());
        ExprRef iter = ir::makeSymbol(kernel().loops[static_cast<size_t>(id)].iterSymbol, "iteration", IntType::int64());
        if (bits != 1) iter = ir::makeCast(iter, u);  // (an i1 recurrence keeps the iteration's low bit: llvmArithmetic)
        return llvmArithmetic(ir::BinaryOp::Add, ir::makeCast(scev(rec->getStart()), u),
                              llvmArithmetic(ir::BinaryOp::Mul, ir::makeCast(scev(rec->getStepRecurrence(se_)), u), iter, bits), bits);
      }
      ir::BinaryOp op = ir::BinaryOp::Add;
      IntType operandType = u;
      switch (s->getSCEVType()) {
        case llvm::scAddExpr: op = ir::BinaryOp::Add; break;
        case llvm::scMulExpr: op = ir::BinaryOp::Mul; break;
        case llvm::scSMaxExpr: op = ir::BinaryOp::Max; operandType = signedOf(bits); break;
        case llvm::scUMaxExpr: op = ir::BinaryOp::Max; break;
        case llvm::scSMinExpr: op = ir::BinaryOp::Min; operandType = signedOf(bits); break;
        case llvm::scUMinExpr:
        case llvm::scSequentialUMinExpr: op = ir::BinaryOp::Min; break;
        default: return ir::makeUnknown("an unsupported scalar-evolution expression");
      }
      ExprRef acc;
      const bool modular = bits == 1 && (op == ir::BinaryOp::Add || op == ir::BinaryOp::Mul);
      for (const llvm::SCEV* o : n->operands()) {
        ExprRef e = ir::makeCast(scev(o), operandType);
        acc = !acc ? e : modular ? llvmArithmetic(op, acc, e, bits) : ir::makeBinary(op, acc, e, operandType);
      }
      return ir::makeCast(acc, u);
    }
    if (const auto* d = llvm::dyn_cast<llvm::SCEVUDivExpr>(s))
      return ir::makeBinary(ir::BinaryOp::Div, ir::makeCast(scev(d->getLHS()), u), ir::makeCast(scev(d->getRHS()), u), u);
    if (const auto* un = llvm::dyn_cast<llvm::SCEVUnknown>(s)) return integer(un->getValue());
    return ir::makeUnknown("an unsupported scalar-evolution expression");
  }

  // threadIdx.x and friends: loads from the prelude's index variables.
  std::optional<ir::BuiltinVar> builtinOf(const llvm::Value* pointer) {
    llvm::APInt offset(dl_.getIndexTypeSizeInBits(pointer->getType()), 0);
    const llvm::Value* base = pointer->stripAndAccumulateConstantOffsets(dl_, offset, /*AllowNonInbounds=*/true);
    if (const auto* op = llvm::dyn_cast<llvm::Operator>(base); op && op->getOpcode() == llvm::Instruction::AddrSpaceCast)
      base = op->getOperand(0)->stripAndAccumulateConstantOffsets(dl_, offset, true);
    const auto* gv = llvm::dyn_cast<llvm::GlobalVariable>(base);
    if (!gv) return std::nullopt;
    const int64_t field = offset.getSExtValue() / 4;
    if (offset.getSExtValue() % 4 || field < 0 || field > 2) return std::nullopt;
    const llvm::StringRef name = gv->getName();
    const int f = static_cast<int>(field);
    if (name == "threadIdx") return static_cast<ir::BuiltinVar>(static_cast<int>(ir::BuiltinVar::ThreadIdxX) + f);
    if (name == "blockIdx") return static_cast<ir::BuiltinVar>(static_cast<int>(ir::BuiltinVar::BlockIdxX) + f);
    if (name == "blockDim") return static_cast<ir::BuiltinVar>(static_cast<int>(ir::BuiltinVar::BlockDimX) + f);
    if (name == "gridDim") return static_cast<ir::BuiltinVar>(static_cast<int>(ir::BuiltinVar::GridDimX) + f);
    return std::nullopt;
  }

  ExprRef uniformSymbol(const llvm::Value* v, const std::string& what) {
    if (auto it = uniformSymbols_.find(v); it != uniformSymbols_.end()) return it->second;
    const unsigned bits = v->getType()->getIntegerBitWidth();
    ExprRef e = ir::makeSymbol(newSymbol(ir::SymbolKind::Uniform, what), what, unsignedOf(bits));
    uniformSymbols_[v] = e;
    return e;
  }

  ExprRef integer(const llvm::Value* v) {
    if (auto it = memo_.find(v); it != memo_.end()) return it->second;
    ExprRef e = integerUncached(v);
    memo_[v] = e;
    memoOrder_.push_back(v);
    return e;
  }

  ExprRef integerUncached(const llvm::Value* v) {
    llvm::Type* t = v->getType();
    if (!t->isIntegerTy()) return ir::makeUnknown("a value of type " + typeName(t));
    const unsigned bits = t->getIntegerBitWidth();
    if (bits > 64) return ir::makeUnknown("a " + std::to_string(bits) + "-bit integer");
    const IntType u = unsignedOf(bits);
    if (const auto* c = llvm::dyn_cast<llvm::ConstantInt>(v)) return ir::makeConst(static_cast<int64_t>(c->getZExtValue()), u);
    if (llvm::isa<llvm::UndefValue>(v)) return ir::makeUnknown("an undefined value");
    if (const auto* arg = llvm::dyn_cast<llvm::Argument>(v)) {
      ExprRef e = ir::makeSymbol(newSymbol(ir::SymbolKind::KernelParam, "parameter " + std::to_string(arg->getArgNo())),
                                 "parameter " + std::to_string(arg->getArgNo()), u);
      return e;
    }
    const auto* inst = llvm::dyn_cast<llvm::Instruction>(v);
    if (!inst) return ir::makeUnknown("a constant expression");
    if (const auto* b = llvm::dyn_cast<llvm::BinaryOperator>(inst)) {
      ExprRef a = integer(b->getOperand(0)), c = integer(b->getOperand(1));
      const IntType s = signedOf(bits);
      switch (b->getOpcode()) {
        case llvm::Instruction::Add: return llvmArithmetic(ir::BinaryOp::Add, a, c, bits);
        case llvm::Instruction::Sub: return llvmArithmetic(ir::BinaryOp::Sub, a, c, bits);
        case llvm::Instruction::Mul: return llvmArithmetic(ir::BinaryOp::Mul, a, c, bits);
        case llvm::Instruction::Shl: return llvmArithmetic(ir::BinaryOp::Shl, a, c, bits);
        case llvm::Instruction::And: return ir::makeBinary(ir::BinaryOp::And, a, c, u);
        case llvm::Instruction::Or: return ir::makeBinary(ir::BinaryOp::Or, a, c, u);
        case llvm::Instruction::Xor: return ir::makeBinary(ir::BinaryOp::Xor, a, c, u);
        case llvm::Instruction::LShr: return ir::makeBinary(ir::BinaryOp::Shr, a, c, u);
        case llvm::Instruction::UDiv: return ir::makeBinary(ir::BinaryOp::Div, a, c, u);
        case llvm::Instruction::URem: return ir::makeBinary(ir::BinaryOp::Rem, a, c, u);
        case llvm::Instruction::AShr:
          return ir::makeCast(ir::makeBinary(ir::BinaryOp::Shr, ir::makeCast(a, s), ir::makeCast(c, s), s), u);
        case llvm::Instruction::SDiv:
          return ir::makeCast(ir::makeBinary(ir::BinaryOp::Div, ir::makeCast(a, s), ir::makeCast(c, s), s), u);
        case llvm::Instruction::SRem:
          return ir::makeCast(ir::makeBinary(ir::BinaryOp::Rem, ir::makeCast(a, s), ir::makeCast(c, s), s), u);
        default: return ir::makeUnknown(std::string("an integer ") + b->getOpcodeName());
      }
    }
    if (const auto* cmp = llvm::dyn_cast<llvm::ICmpInst>(inst)) {
      if (!cmp->getOperand(0)->getType()->isIntegerTy()) return ir::makeUnknown("a pointer comparison");
      const unsigned ob = cmp->getOperand(0)->getType()->getIntegerBitWidth();
      const IntType ot = cmp->isSigned() ? signedOf(ob) : unsignedOf(ob);
      ExprRef a = ir::makeCast(integer(cmp->getOperand(0)), ot), c = ir::makeCast(integer(cmp->getOperand(1)), ot);
      ir::BinaryOp op = ir::BinaryOp::EQ;
      switch (cmp->getUnsignedPredicate()) {
        case llvm::CmpInst::ICMP_EQ: op = ir::BinaryOp::EQ; break;
        case llvm::CmpInst::ICMP_NE: op = ir::BinaryOp::NE; break;
        case llvm::CmpInst::ICMP_ULT: op = ir::BinaryOp::LT; break;
        case llvm::CmpInst::ICMP_ULE: op = ir::BinaryOp::LE; break;
        case llvm::CmpInst::ICMP_UGT: op = ir::BinaryOp::GT; break;
        case llvm::CmpInst::ICMP_UGE: op = ir::BinaryOp::GE; break;
        default: return ir::makeUnknown("a comparison");
      }
      return ir::makeBinary(op, a, c, IntType::boolean());
    }
    if (const auto* sel = llvm::dyn_cast<llvm::SelectInst>(inst))
      return ir::makeSelect(integer(sel->getCondition()), integer(sel->getTrueValue()), integer(sel->getFalseValue()), u);
    if (const auto* cast = llvm::dyn_cast<llvm::CastInst>(inst)) {
      const llvm::Value* op = cast->getOperand(0);
      if (!op->getType()->isIntegerTy()) return ir::makeUnknown("a pointer converted to an integer");
      const unsigned from = op->getType()->getIntegerBitWidth();
      switch (cast->getOpcode()) {
        case llvm::Instruction::ZExt: return ir::makeCast(ir::makeCast(integer(op), unsignedOf(from)), u);
        case llvm::Instruction::SExt: return ir::makeCast(ir::makeCast(integer(op), signedOf(from)), u);
        case llvm::Instruction::Trunc: return bits == 1 ? lowBit(integer(op)) : ir::makeCast(integer(op), u);
        default: return ir::makeUnknown(std::string("a ") + cast->getOpcodeName() + " conversion");
      }
    }
    if (const auto* fr = llvm::dyn_cast<llvm::FreezeInst>(inst)) return integer(fr->getOperand(0));
    if (const auto* load = llvm::dyn_cast<llvm::LoadInst>(inst)) {
      if (std::optional<ir::BuiltinVar> b = builtinOf(load->getPointerOperand()))
        return ir::makeCast(ir::makeBuiltin(*b), u);
      // Every lane of the warp reads the same address: the value is the same in every lane.
      if (laneInvariantPointer(load->getPointerOperand())) return uniformSymbol(v, "a value loaded from memory");
      return ir::makeUnknown("a value loaded from memory");
    }
    if (const auto* call = llvm::dyn_cast<llvm::CallInst>(inst)) {
      switch (call->getIntrinsicID()) {
        case llvm::Intrinsic::nvvm_read_ptx_sreg_tid_x: return ir::makeCast(ir::makeBuiltin(ir::BuiltinVar::ThreadIdxX), u);
        case llvm::Intrinsic::nvvm_read_ptx_sreg_tid_y: return ir::makeCast(ir::makeBuiltin(ir::BuiltinVar::ThreadIdxY), u);
        case llvm::Intrinsic::nvvm_read_ptx_sreg_tid_z: return ir::makeCast(ir::makeBuiltin(ir::BuiltinVar::ThreadIdxZ), u);
        case llvm::Intrinsic::nvvm_read_ptx_sreg_ntid_x: return ir::makeCast(ir::makeBuiltin(ir::BuiltinVar::BlockDimX), u);
        case llvm::Intrinsic::nvvm_read_ptx_sreg_ntid_y: return ir::makeCast(ir::makeBuiltin(ir::BuiltinVar::BlockDimY), u);
        case llvm::Intrinsic::nvvm_read_ptx_sreg_ntid_z: return ir::makeCast(ir::makeBuiltin(ir::BuiltinVar::BlockDimZ), u);
        case llvm::Intrinsic::nvvm_read_ptx_sreg_ctaid_x: return ir::makeCast(ir::makeBuiltin(ir::BuiltinVar::BlockIdxX), u);
        case llvm::Intrinsic::nvvm_read_ptx_sreg_ctaid_y: return ir::makeCast(ir::makeBuiltin(ir::BuiltinVar::BlockIdxY), u);
        case llvm::Intrinsic::nvvm_read_ptx_sreg_ctaid_z: return ir::makeCast(ir::makeBuiltin(ir::BuiltinVar::BlockIdxZ), u);
        case llvm::Intrinsic::umin:
        case llvm::Intrinsic::umax:
          return ir::makeBinary(call->getIntrinsicID() == llvm::Intrinsic::umin ? ir::BinaryOp::Min : ir::BinaryOp::Max,
                                integer(call->getArgOperand(0)), integer(call->getArgOperand(1)), u);
        case llvm::Intrinsic::smin:
        case llvm::Intrinsic::smax: {
          const IntType s = signedOf(bits);
          return ir::makeCast(ir::makeBinary(call->getIntrinsicID() == llvm::Intrinsic::smin ? ir::BinaryOp::Min : ir::BinaryOp::Max,
                                             ir::makeCast(integer(call->getArgOperand(0)), s),
                                             ir::makeCast(integer(call->getArgOperand(1)), s), s),
                              u);
        }
        default: break;
      }
      return ir::makeUnknown("the result of a call");
    }
    if (const auto* phi = llvm::dyn_cast<llvm::PHINode>(inst)) return phiValue(phi);
    return ir::makeUnknown(std::string("an LLVM '") + inst->getOpcodeName() + "' instruction");
  }

  // A value merged at a join: an induction variable (scalar evolution), a two-way branch (a
  // select on the branch condition), or a value every lane agrees on (a uniform symbol).
  ExprRef phiValue(const llvm::PHINode* phi) {
    const unsigned bits = phi->getType()->getIntegerBitWidth();
    const llvm::SCEV* s = se_.getSCEV(const_cast<llvm::PHINode*>(phi));
    if (!llvm::isa<llvm::SCEVUnknown>(s) || llvm::cast<llvm::SCEVUnknown>(s)->getValue() != phi) {
      ExprRef e = ir::makeCast(scev(s), unsignedOf(bits));
      if (!ir::findUnknown(e)) return e;
    }
    if (phi->getNumIncomingValues() == 2 && !li_.isLoopHeader(phi->getParent()))
      if (ExprRef e = branchSelect(phi)) return e;
    if (ExprRef e = constantRecurrence(phi)) return e;
    if (inProgress_.count(phi)) return uniformSymbol(phi, "a value carried across loop iterations");
    inProgress_.insert(phi);
    const size_t mark = memoOrder_.size();
    bool uniform = true;
    for (const llvm::Value* in : phi->incoming_values())
      if (integer(in)->lanesVary()) {
        uniform = false;
        break;
      }
    inProgress_.erase(phi);
    if (uniform) return uniformSymbol(phi, "a value carried across loop iterations");
    // What was computed assuming this value uniform is not valid.
    for (size_t i = mark; i < memoOrder_.size(); ++i) memo_.erase(memoOrder_[i]);
    memoOrder_.resize(mark);
    scevMemo_.clear();
    places_.clear();
    uniformSymbols_.erase(phi);
    return ir::makeUnknown("a value that differs between lanes and is merged from different paths");
  }

  // A loop-header value that starts at a constant and is updated by constant arithmetic on itself
  // or on other such values of the same header (a ring-buffer index `p = p == 2 ? 0 : p + 1`, a
  // double-buffer toggle `b ^= 1`, a write stage that takes the read stage's old value): its value
  // in every iteration, as a table indexed by the iteration number (modulo its period).
  ExprRef constantRecurrence(const llvm::PHINode* phi) {
    const llvm::BasicBlock* header = phi->getParent();
    const llvm::Loop* loop = li_.getLoopFor(header);
    if (!loop || loop->getHeader() != header) return nullptr;
    // The header values the recurrence involves, each with its start and its latch value.
    struct Member {
      const llvm::PHINode* phi;
      llvm::APInt start;
      const llvm::Value* next;
    };
    const auto memberOf = [&](const llvm::PHINode* p) -> std::optional<Member> {
      if (p->getParent() != header || p->getNumIncomingValues() != 2 || !p->getType()->isIntegerTy() ||
          p->getType()->getIntegerBitWidth() > 64)
        return std::nullopt;
      const llvm::ConstantInt* start = nullptr;
      const llvm::Value* next = nullptr;
      for (unsigned i = 0; i < 2; ++i) {
        if (loop->contains(p->getIncomingBlock(i))) next = p->getIncomingValue(i);
        else start = llvm::dyn_cast<llvm::ConstantInt>(p->getIncomingValue(i));
      }
      if (!start || !next) return std::nullopt;
      return Member{p, start->getValue(), next};
    };
    std::vector<Member> members;
    if (auto m = memberOf(phi)) members.push_back(*m);
    else return nullptr;
    constexpr size_t kMaxMembers = 4, kMaxStates = 64;
    using State = std::vector<llvm::APInt>;
    // One step of the whole state; a header value not yet a member joins it and the step is redone.
    // The new member's current value is taken as its start: the caller then restarts.
    const auto step = [&](const State& cur, State& out) -> bool {
      for (;;) {
        std::map<const llvm::PHINode*, llvm::APInt> env;
        for (size_t i = 0; i < members.size(); ++i) env.emplace(members[i].phi, cur.size() > i ? cur[i] : members[i].start);
        const llvm::PHINode* missing = nullptr;
        out.clear();
        for (const Member& m : members) {
          std::optional<llvm::APInt> v = foldWith(m.next, env, header, missing, 0);
          if (!v) break;
          out.push_back(*v);
        }
        if (out.size() == members.size()) return true;
        if (!missing || members.size() >= kMaxMembers) return false;
        std::optional<Member> joined = memberOf(missing);
        if (!joined) return false;
        members.push_back(*joined);  // the state grew: the caller restarts from the starts
      }
    };
    std::vector<State> seq;
    State first;
    for (const Member& m : members) first.push_back(m.start);
    seq.push_back(first);
    size_t cycleStart = 0;
    bool closed = false;
    while (seq.size() <= kMaxStates && !closed) {
      State next;
      const size_t before = members.size();
      if (!step(seq.back(), next)) return nullptr;
      if (members.size() != before) {  // restart the simulation with every member from its start
        seq.assign(1, State());
        for (const Member& m : members) seq[0].push_back(m.start);
        continue;
      }
      for (size_t k = 0; k < seq.size(); ++k)
        if (seq[k] == next) {
          cycleStart = k;
          closed = true;
        }
      if (!closed) seq.push_back(next);
    }
    if (!closed) return nullptr;
    const int64_t period = static_cast<int64_t>(seq.size() - cycleStart);
    const IntType t = unsignedOf(phi->getType()->getIntegerBitWidth());
    const IntType i64 = IntType::int64();
    ExprRef iter = ir::makeSymbol(kernel().loops[static_cast<size_t>(loopId(loop))].iterSymbol, "iteration", i64);
    const ExprRef j = ir::makeConst(static_cast<int64_t>(cycleStart), i64);
    // j + (iteration - j) % period, written with non-negative terms only so that the mapper's
    // periodicity analysis can see it: (iteration + shift) % period with shift ≡ -j.
    const int64_t shift = (period - static_cast<int64_t>(cycleStart) % period) % period;
    ExprRef inCycle = ir::makeBinary(ir::BinaryOp::Add, j,
                                     ir::makeBinary(ir::BinaryOp::Rem, ir::makeBinary(ir::BinaryOp::Add, iter, ir::makeConst(shift, i64), i64),
                                                    ir::makeConst(period, i64), i64),
                                     i64);
    ExprRef index = cycleStart == 0 ? inCycle
                                    : ir::makeSelect(ir::makeBinary(ir::BinaryOp::LT, iter, j, IntType::boolean()), iter, inCycle, i64);
    // `phi` is member 0 of every state.
    ExprRef value = ir::makeConst(static_cast<int64_t>(seq.back()[0].getZExtValue()), t);
    for (size_t k = seq.size() - 1; k-- > 0;)
      value = ir::makeSelect(ir::makeBinary(ir::BinaryOp::EQ, index, ir::makeConst(static_cast<int64_t>(k), i64), IntType::boolean()),
                             ir::makeConst(static_cast<int64_t>(seq[k][0].getZExtValue()), t), value, t);
    return value;
  }

  // `v` computed with the header values of `env`, when it is constant arithmetic on them. A value
  // of `header` that `env` lacks is reported in `missing`.
  std::optional<llvm::APInt> foldWith(const llvm::Value* v, const std::map<const llvm::PHINode*, llvm::APInt>& env,
                                      const llvm::BasicBlock* header, const llvm::PHINode*& missing, int depth) {
    if (const auto* p = llvm::dyn_cast<llvm::PHINode>(v)) {
      if (auto it = env.find(p); it != env.end()) return it->second;
      if (p->getParent() == header && !missing) missing = p;
      return std::nullopt;
    }
    if (const auto* c = llvm::dyn_cast<llvm::ConstantInt>(v)) return c->getValue();
    if (depth > 32) return std::nullopt;
    const auto* inst = llvm::dyn_cast<llvm::Instruction>(v);
    if (!inst) return std::nullopt;
    const auto operand = [&](unsigned i) { return foldWith(inst->getOperand(i), env, header, missing, depth + 1); };
    if (const auto* b = llvm::dyn_cast<llvm::BinaryOperator>(inst)) {
      std::optional<llvm::APInt> x = operand(0), y = operand(1);
      if (!x || !y) return std::nullopt;
      switch (b->getOpcode()) {
        case llvm::Instruction::Add: return *x + *y;
        case llvm::Instruction::Sub: return *x - *y;
        case llvm::Instruction::Mul: return *x * *y;
        case llvm::Instruction::And: return *x & *y;
        case llvm::Instruction::Or: return *x | *y;
        case llvm::Instruction::Xor: return *x ^ *y;
        case llvm::Instruction::Shl: return y->ult(x->getBitWidth()) ? std::optional(x->shl(*y)) : std::nullopt;
        case llvm::Instruction::LShr: return y->ult(x->getBitWidth()) ? std::optional(x->lshr(*y)) : std::nullopt;
        case llvm::Instruction::URem: return y->isZero() ? std::nullopt : std::optional(x->urem(*y));
        case llvm::Instruction::SRem: return y->isZero() ? std::nullopt : std::optional(x->srem(*y));
        case llvm::Instruction::UDiv: return y->isZero() ? std::nullopt : std::optional(x->udiv(*y));
        default: return std::nullopt;
      }
    }
    if (const auto* cmp = llvm::dyn_cast<llvm::ICmpInst>(inst)) {
      std::optional<llvm::APInt> x = operand(0), y = operand(1);
      if (!x || !y) return std::nullopt;
      return llvm::APInt(1, llvm::ICmpInst::compare(*x, *y, cmp->getPredicate()) ? 1 : 0);
    }
    if (const auto* sel = llvm::dyn_cast<llvm::SelectInst>(inst)) {
      std::optional<llvm::APInt> c = operand(0);
      if (!c) return std::nullopt;
      return foldWith(c->isOne() ? sel->getTrueValue() : sel->getFalseValue(), env, header, missing, depth + 1);
    }
    if (const auto* cast = llvm::dyn_cast<llvm::CastInst>(inst)) {
      std::optional<llvm::APInt> x = operand(0);
      if (!x || !cast->getType()->isIntegerTy()) return std::nullopt;
      const unsigned bits = cast->getType()->getIntegerBitWidth();
      switch (cast->getOpcode()) {
        case llvm::Instruction::ZExt: return x->zext(bits);
        case llvm::Instruction::SExt: return x->sext(bits);
        case llvm::Instruction::Trunc: return x->trunc(bits);
        default: return std::nullopt;
      }
    }
    if (llvm::isa<llvm::FreezeInst>(inst)) return operand(0);
    return std::nullopt;
  }

  ExprRef branchSelect(const llvm::PHINode* phi) {
    const llvm::BasicBlock* p0 = phi->getIncomingBlock(0);
    const llvm::BasicBlock* p1 = phi->getIncomingBlock(1);
    const llvm::BasicBlock* d = dt_.findNearestCommonDominator(p0, p1);
    if (!d) return nullptr;
    const auto* br = llvm::dyn_cast<llvm::BranchInst>(d->getTerminator());
    if (!br || !br->isConditional()) return nullptr;
    const auto via = [&](unsigned succ, const llvm::BasicBlock* pred) {
      const llvm::BasicBlockEdge edge(d, br->getSuccessor(succ));
      if (pred == d) return br->getSuccessor(succ) == phi->getParent() && br->getSuccessor(1 - succ) != phi->getParent();
      return dt_.dominates(edge, pred);
    };
    const unsigned bits = phi->getType()->getIntegerBitWidth();
    ExprRef cond = integer(br->getCondition());
    if (via(0, p0) && via(1, p1))
      return ir::makeSelect(cond, integer(phi->getIncomingValue(0)), integer(phi->getIncomingValue(1)), unsignedOf(bits));
    if (via(1, p0) && via(0, p1))
      return ir::makeSelect(cond, integer(phi->getIncomingValue(1)), integer(phi->getIncomingValue(0)), unsignedOf(bits));
    return nullptr;
  }

  // Whether `p` points into a kernel parameter passed by value that the kernel never writes: a
  // pointer read there came from the host, which has no shared-memory address to give.
  bool readsUnwrittenKernelParameter(const llvm::Value* p) {
    const auto* arg = llvm::dyn_cast<llvm::Argument>(llvm::getUnderlyingObject(p, 12));
    if (!arg || arg->getParent() != &f_ || !arg->hasByValAttr()) return false;
    auto [it, inserted] = unwrittenParameters_.try_emplace(arg, true);
    if (inserted) it->second = onlyRead(arg);
    return it->second;
  }

  // Whether every use of the object at `p` (through address arithmetic) reads it.
  static bool onlyRead(const llvm::Value* p) {
    llvm::SmallVector<const llvm::Value*, 8> work{p};
    llvm::SmallPtrSet<const llvm::Value*, 16> seen;
    while (!work.empty()) {
      const llvm::Value* v = work.pop_back_val();
      if (!seen.insert(v).second) continue;
      for (const llvm::User* u : v->users()) {
        if (llvm::isa<llvm::LoadInst>(u)) continue;
        if (llvm::isa<llvm::GetElementPtrInst>(u) || llvm::isa<llvm::BitCastInst>(u) || llvm::isa<llvm::AddrSpaceCastInst>(u) ||
            (llvm::isa<llvm::ConstantExpr>(u) && (llvm::cast<llvm::ConstantExpr>(u)->getOpcode() == llvm::Instruction::GetElementPtr ||
                                                  llvm::cast<llvm::ConstantExpr>(u)->isCast()))) {
          work.push_back(u);
          continue;
        }
        // A copy out of it (memcpy's source) reads it too.
        if (const auto* copy = llvm::dyn_cast<llvm::MemTransferInst>(u); copy && copy->getRawSource() == v && copy->getRawDest() != v)
          continue;
        return false;
      }
    }
    return true;
  }

  bool laneInvariantPointer(const llvm::Value* p) {
    // A kernel parameter passed by value, a fixed global, or a pointer whose offset does not
    // depend on the thread index.
    const llvm::Value* base = llvm::getUnderlyingObject(p, 12);
    if (const auto* arg = llvm::dyn_cast<llvm::Argument>(base)) {
      if (!arg->hasByValAttr() && base == p) return true;  // a pointer parameter read at its start
    }
    if (!llvm::isa<llvm::Argument>(base) && !llvm::isa<llvm::GlobalVariable>(base)) return false;
    llvm::APInt offset(dl_.getIndexTypeSizeInBits(p->getType()), 0);
    const llvm::Value* stripped = p->stripAndAccumulateConstantOffsets(dl_, offset, true);
    if (stripped == base) return true;
    if (const auto* op = llvm::dyn_cast<llvm::Operator>(stripped); op && op->getOpcode() == llvm::Instruction::AddrSpaceCast)
      return op->getOperand(0)->stripPointerCasts() == base;
    // A variable offset into a parameter or global: uniform when the offset is.
    if (const auto* gep = llvm::dyn_cast<llvm::GEPOperator>(p)) {
      if (!laneInvariantPointer(gep->getPointerOperand())) return false;
      for (const llvm::Use& idx : gep->indices())
        if (integer(idx.get())->lanesVary()) return false;
      return true;
    }
    return false;
  }

  // ---- pointers ----
  Place pointer(const llvm::Value* v) {
    if (auto it = places_.find(v); it != places_.end()) return it->second;
    Place p = pointerUncached(v);
    places_[v] = p;
    return p;
  }

  Place sharedGlobal(const llvm::GlobalVariable* gv) {
    auto it = request_.arrays.find(gv);
    if (it == request_.arrays.end())
      return Place::unknown("shared variable '" + gv->getName().str() + "' is not one of this kernel's arrays");
    return Place{Place::Shared, it->second, ir::makeConst(0, IntType::int64()), ""};
  }

  Place pointerUncached(const llvm::Value* v) {
    if (const auto* gv = llvm::dyn_cast<llvm::GlobalVariable>(v)) {
      if (gv->getAddressSpace() == 3) return sharedGlobal(gv);
      return Place::notShared("global variable");
    }
    if (llvm::isa<llvm::ConstantPointerNull>(v)) return Place::notShared("null");
    if (const auto* op = llvm::dyn_cast<llvm::Operator>(v)) {
      if (op->getOpcode() == llvm::Instruction::AddrSpaceCast || op->getOpcode() == llvm::Instruction::BitCast)
        return pointer(op->getOperand(0));
    }
    if (const auto* gep = llvm::dyn_cast<llvm::GEPOperator>(v)) {
      Place base = pointer(gep->getPointerOperand());
      if (base.cls != Place::Shared) return base;
      ExprRef offset = base.offset;
      for (auto it = llvm::gep_type_begin(gep), end = llvm::gep_type_end(gep); it != end; ++it) {
        const llvm::Value* idx = it.getOperand();
        if (llvm::StructType* st = it.getStructTypeOrNull()) {
          const unsigned field = static_cast<unsigned>(llvm::cast<llvm::ConstantInt>(idx)->getZExtValue());
          offset = ir::addBytes(offset, ir::makeConst(static_cast<int64_t>(dl_.getStructLayout(st)->getElementOffset(field)), IntType::int64()));
          continue;
        }
        const int64_t stride = static_cast<int64_t>(it.getSequentialElementStride(dl_).getFixedValue());
        const unsigned bits = idx->getType()->getIntegerBitWidth();
        ExprRef i = ir::makeCast(ir::makeCast(integer(idx), signedOf(bits)), IntType::int64());
        offset = ir::addBytes(offset, ir::mulBytes(i, stride));
      }
      base.offset = offset;
      return base;
    }
    if (const auto* arg = llvm::dyn_cast<llvm::Argument>(v))
      return Place::notShared(arg->hasByValAttr() ? "kernel parameter" : "global memory");
    if (llvm::isa<llvm::AllocaInst>(v)) return Place::notShared("local memory");
    if (const auto* sel = llvm::dyn_cast<llvm::SelectInst>(v)) {
      Place a = pointer(sel->getTrueValue()), b = pointer(sel->getFalseValue());
      if (a.cls == Place::Shared && b.cls == Place::Shared && a.array == b.array)
        return Place{Place::Shared, a.array, ir::makeSelect(integer(sel->getCondition()), a.offset, b.offset, IntType::int64()), ""};
      if (a.cls == Place::NotShared && b.cls == Place::NotShared) return a;
      return Place::unknown("a pointer chosen between different objects");
    }
    if (const auto* phi = llvm::dyn_cast<llvm::PHINode>(v)) {
      const llvm::SCEV* s = se_.getSCEV(const_cast<llvm::PHINode*>(phi));
      const llvm::SCEV* base = se_.getPointerBase(s);
      if (const auto* b = llvm::dyn_cast<llvm::SCEVUnknown>(base); b && b->getValue() != phi) {
        Place p = pointer(b->getValue());
        if (p.cls != Place::Shared) return p;
        ExprRef delta = scev(se_.getMinusSCEV(s, base));
        const unsigned bits = se_.getMinusSCEV(s, base)->getType()->getIntegerBitWidth();
        p.offset = ir::addBytes(p.offset, ir::makeCast(ir::makeCast(delta, signedOf(bits)), IntType::int64()));
        return p;
      }
      return Place::unknown("a pointer merged from different paths");
    }
    if (const auto* load = llvm::dyn_cast<llvm::LoadInst>(v)) {
      if (readsUnwrittenKernelParameter(load->getPointerOperand())) return Place::notShared("a pointer read from a kernel parameter");
      return Place::unknown("a pointer loaded from memory");
    }
    if (llvm::isa<llvm::CallBase>(v)) return Place::unknown("a pointer returned by a call");
    return Place::unknown("a pointer computed by an LLVM '" +
                          std::string(llvm::isa<llvm::Instruction>(v) ? llvm::cast<llvm::Instruction>(v)->getOpcodeName() : "constant") + "'");
  }

  // A 32- or 64-bit shared-window address, as inline PTX takes it (`__cvta_generic_to_shared`).
  Place sharedAddress(const llvm::Value* v) {
    if (const auto* call = llvm::dyn_cast<llvm::CallInst>(v)) {
      const llvm::Function* callee = call->getCalledFunction();
      if (callee && (callee->getName().contains("__cvta_generic_to_shared") ||
                     call->getIntrinsicID() == llvm::Intrinsic::nvvm_ptr_gen_to_shared))
        return pointer(call->getArgOperand(0));
      return Place::unknown("an address returned by a call");
    }
    if (const auto* cast = llvm::dyn_cast<llvm::CastInst>(v)) {
      if (cast->getOpcode() == llvm::Instruction::PtrToInt) return pointer(cast->getOperand(0));
      if (cast->getOpcode() == llvm::Instruction::Trunc || cast->getOpcode() == llvm::Instruction::ZExt)
        return sharedAddress(cast->getOperand(0));
    }
    if (const auto* b = llvm::dyn_cast<llvm::BinaryOperator>(v)) {
      const bool add = b->getOpcode() == llvm::Instruction::Add ||
                       (b->getOpcode() == llvm::Instruction::Or && llvm::cast<llvm::PossiblyDisjointInst>(b)->isDisjoint());
      if (add || b->getOpcode() == llvm::Instruction::Sub) {
        for (unsigned side = 0; side < 2; ++side) {
          if (side == 1 && !add) break;
          Place p = sharedAddress(b->getOperand(side));
          if (p.cls != Place::Shared) continue;
          const llvm::Value* other = b->getOperand(1 - side);
          const unsigned bits = other->getType()->getIntegerBitWidth();
          ExprRef o = ir::makeCast(ir::makeCast(integer(other), unsignedOf(bits)), IntType::int64());
          p.offset = add ? ir::addBytes(p.offset, o) : ir::makeBinary(ir::BinaryOp::Sub, p.offset, o, IntType::int64());
          return p;
        }
      }
    }
    if (const auto* sel = llvm::dyn_cast<llvm::SelectInst>(v)) {
      Place a = sharedAddress(sel->getTrueValue()), b = sharedAddress(sel->getFalseValue());
      if (a.cls == Place::Shared && b.cls == Place::Shared && a.array == b.array)
        return Place{Place::Shared, a.array, ir::makeSelect(integer(sel->getCondition()), a.offset, b.offset, IntType::int64()), ""};
    }
    if (const auto* phi = llvm::dyn_cast<llvm::PHINode>(v)) {
      // An address advanced in a loop: find the shared base among the terms of its evolution.
      const llvm::SCEV* s = se_.getSCEV(const_cast<llvm::PHINode*>(phi));
      if (const llvm::SCEVUnknown* base = sharedTerm(s)) {
        Place p = sharedAddress(base->getValue());
        if (p.cls == Place::Shared) {
          const llvm::SCEV* rest = se_.getMinusSCEV(s, base);
          const unsigned bits = rest->getType()->getIntegerBitWidth();
          p.offset = ir::addBytes(p.offset, ir::makeCast(ir::makeCast(scev(rest), signedOf(bits)), IntType::int64()));
          return p;
        }
      }
    }
    return Place::unknown("the address operand is not a known shared address");
  }

  const llvm::SCEVUnknown* sharedTerm(const llvm::SCEV* s) {
    if (const auto* u = llvm::dyn_cast<llvm::SCEVUnknown>(s))
      return !llvm::isa<llvm::PHINode>(u->getValue()) && sharedAddress(u->getValue()).cls == Place::Shared ? u : nullptr;
    if (const auto* rec = llvm::dyn_cast<llvm::SCEVAddRecExpr>(s)) return sharedTerm(rec->getStart());
    if (const auto* add = llvm::dyn_cast<llvm::SCEVAddExpr>(s))
      for (const llvm::SCEV* o : add->operands())
        if (const llvm::SCEVUnknown* u = sharedTerm(o)) return u;
    if (const auto* c = llvm::dyn_cast<llvm::SCEVCastExpr>(s)) return sharedTerm(c->getOperand(0));
    return nullptr;
  }

  // ---- lane predicates ----
  void guardsOf(const llvm::BasicBlock* bb, RawAccess& a) {
    const llvm::DomTreeNode* node = dt_.getNode(bb);
    if (!node) return;
    for (const llvm::DomTreeNode* up = node->getIDom(); up; up = up->getIDom()) {
      const llvm::BasicBlock* d = up->getBlock();
      const auto* br = llvm::dyn_cast<llvm::BranchInst>(d->getTerminator());
      if (!br || !br->isConditional() || br->getSuccessor(0) == br->getSuccessor(1)) continue;
      int taken = -1;
      for (unsigned s = 0; s < 2; ++s)
        if (dt_.dominates(llvm::BasicBlockEdge(d, br->getSuccessor(s)), bb)) taken = static_cast<int>(s);
      if (taken < 0) continue;
      ExprRef cond = integer(br->getCondition());
      if (!cond->lanesVary()) continue;  // the whole warp goes the same way
      ir::Predicate p;
      std::vector<ir::SourceLoc> ignored;
      std::string inner;
      ir::SourceSpan span;
      placeAt(br->getDebugLoc().get(), span, ignored, inner);
      p.loc = span.begin;
      if (const ir::Expr* u = ir::findUnknown(cond)) {
        a.assumptions.push_back("the condition at line " + std::to_string(p.loc.line) + " is assumed true for every lane (" +
                                u->text + ")");
        continue;
      }
      p.condition = taken == 0 ? cond : ir::makeUnary(ir::UnaryOp::LogicalNot, cond, IntType::boolean());
      a.predicates.insert(a.predicates.begin(), p);
    }
  }

  // ---- instructions ----
  bool wantedArray(int array) const {
    return std::find(request_.untrackedArrays.begin(), request_.untrackedArrays.end(), array) != request_.untrackedArrays.end();
  }
  int wantedAsmSite(const llvm::DILocation* dl) const {
    if (!dl) return -1;
    const std::string file = fullPathOf(dl);
    for (size_t i = 0; i < request_.asmSites.size(); ++i)
      if (request_.asmSites[i].line == dl->getLine() && absolute(request_.asmSites[i].file) == file) return static_cast<int>(i);
    return -1;
  }

  void add(const llvm::Instruction& inst, const Place& place, ir::AccessKind kind, unsigned width, std::string valueType,
           std::vector<RawAccess>& raw, const llvm::Value* address, unsigned matrices = 0, bool transposed = false) {
    RawAccess a;
    if (address && (address->getType()->isPointerTy() || address->getType()->isIntegerTy()))
      a.address = se_.getSCEV(const_cast<llvm::Value*>(address));
    a.array = place.array;
    a.kind = kind;
    a.width = width;
    a.valueType = std::move(valueType);
    a.matrices = matrices;
    a.transposed = transposed;
    if (const ir::Expr* u = ir::findUnknown(place.offset)) a.unknownReason = u->text;
    else a.offset = place.offset;
    a.loops = loopsAround(inst.getParent());
    guardsOf(inst.getParent(), a);
    std::string inner;
    placeAt(inst.getDebugLoc().get(), a.span, a.inlinedAt, inner);
    a.spelling = a.valueType + (inner.empty() ? "" : " (in " + inner + ")");
    ++result_.foundPerArray[a.array];
    raw.push_back(std::move(a));
  }

  void visitMemory(const llvm::Instruction& inst, const llvm::Value* ptr, const llvm::Type* type, bool store,
                   std::vector<RawAccess>& raw) {
    Place place = pointer(ptr);
    if (place.cls == Place::NotShared) return;
    if (place.cls == Place::Unknown) {
      if (!result_.unknownPointerAccesses++) {
        const ir::SourceLoc l = locOf(inst.getDebugLoc().get());
        result_.firstUnknownPointer = std::string(llvm::sys::path::filename(l.file)) + ":" + std::to_string(l.line) + ": " + place.why;
      }
      return;
    }
    if (!wantedArray(place.array)) return;
    const uint64_t width = dl_.getTypeStoreSize(const_cast<llvm::Type*>(type)).getFixedValue();
    if (width != 1 && width != 2 && width != 4 && width != 8 && width != 16) {
      place.offset = ir::makeUnknown("a " + std::to_string(width) + "-byte access, which the compiler splits");
    }
    add(inst, place, store ? ir::AccessKind::Store : ir::AccessKind::Load, static_cast<unsigned>(width), typeName(type), raw, ptr);
  }

  void visitAsm(const llvm::CallInst& call, const llvm::InlineAsm& ia, std::vector<RawAccess>& raw) {
    // Operand N of the asm text: outputs first, then inputs; only inputs and indirect outputs are call arguments.
    std::vector<int> operandArg;
    int arg = 0;
    for (const llvm::InlineAsm::ConstraintInfo& c : ia.ParseConstraints()) {
      if (c.Type == llvm::InlineAsm::isClobber) continue;
      if (c.Type == llvm::InlineAsm::isOutput && !c.isIndirect) operandArg.push_back(-1);
      else operandArg.push_back(arg++);
    }
    const int site = wantedAsmSite(call.getDebugLoc().get());
    for (const SharedPtxOp& op : recognizeSharedPtx(ia.getAsmString(), /*dollarOperands=*/true)) {
      if (op.kind == SharedPtxOp::Kind::UnmodelledMatrix) continue;
      if (op.addressOperand >= operandArg.size() || operandArg[op.addressOperand] < 0) continue;
      const llvm::Value* operand = call.getArgOperand(static_cast<unsigned>(operandArg[op.addressOperand]));
      Place place = sharedAddress(operand);
      if (place.cls != Place::Shared) {
        if (site >= 0) siteFailures_.insert(site);
        continue;
      }
      if (site < 0 && !wantedArray(place.array)) continue;
      if (site >= 0) siteFound_.insert(site);
      switch (op.kind) {
        case SharedPtxOp::Kind::AsyncCopy: {
          int64_t bytes = op.copyBytes;
          if (op.sizeOperand >= 0 && static_cast<size_t>(op.sizeOperand) < operandArg.size() && operandArg[op.sizeOperand] >= 0)
            if (const auto* c = llvm::dyn_cast<llvm::ConstantInt>(call.getArgOperand(static_cast<unsigned>(operandArg[op.sizeOperand]))))
              bytes = static_cast<int64_t>(c->getZExtValue());
          if (bytes != 4 && bytes != 8 && bytes != 16) {
            place.offset = ir::makeUnknown("the cp.async copy size is not a constant 4, 8 or 16 bytes");
            bytes = 16;
          }
          add(call, place, ir::AccessKind::AsyncCopyDst, static_cast<unsigned>(bytes), "cp.async " + std::to_string(bytes) + "B", raw, operand);
          raw.back().bypassL1 = op.bypassL1;
          if (op.sourceOperand >= 0 && static_cast<size_t>(op.sourceOperand) < operandArg.size() && operandArg[op.sourceOperand] >= 0)
            recordSource(call.getArgOperand(static_cast<unsigned>(operandArg[op.sourceOperand])), op.sourceOffset, raw.back());
          else
            raw.back().sourceUnknownReason = "the source operand is not a plain register";
          break;
        }
        case SharedPtxOp::Kind::LoadStore:
          if (op.addressOffset) place.offset = ir::addBytes(place.offset, ir::makeConst(op.addressOffset, IntType::int64()));
          add(call, place, op.store ? ir::AccessKind::Store : ir::AccessKind::Load, op.widthBytes, op.spelling, raw, operand);
          break;
        case SharedPtxOp::Kind::Matrix:
          add(call, place, op.store ? ir::AccessKind::MatrixStore : ir::AccessKind::MatrixLoad, 16, op.spelling, raw, operand,
              op.matrices, op.transposed);
          break;
        case SharedPtxOp::Kind::UnmodelledMatrix: break;
      }
    }
  }

  // The global address a cp.async reads, as scalar evolution sees it: a pointer parameter plus
  // an offset (casts, GEP chains and pointers advanced in loops alike).
  void recordSource(const llvm::Value* v, int64_t literalOffset, RawAccess& a) {
    if (const auto* cast = llvm::dyn_cast<llvm::PtrToIntOperator>(v)) v = cast->getPointerOperand();
    if (!v->getType()->isPointerTy() || !se_.isSCEVable(v->getType())) {
      a.sourceUnknownReason = "the source address is an integer not made from a pointer";
      return;
    }
    const llvm::SCEV* s = se_.getSCEV(const_cast<llvm::Value*>(v));
    const auto* base = llvm::dyn_cast<llvm::SCEVUnknown>(se_.getPointerBase(s));
    const llvm::Value* root = base ? base->getValue()->stripPointerCasts() : nullptr;
    const auto* arg = root ? llvm::dyn_cast<llvm::Argument>(root) : nullptr;
    if (!arg || arg->hasByValAttr()) {
      a.sourceUnknownReason = "the source is not a pointer parameter plus an offset";
      return;
    }
    const llvm::SCEV* rest = se_.getMinusSCEV(s, base);
    const unsigned bits = rest->getType()->getIntegerBitWidth();
    ExprRef offset = ir::makeCast(ir::makeCast(scev(rest), signedOf(bits)), IntType::int64());
    if (const ir::Expr* u = ir::findUnknown(offset)) {
      a.sourceUnknownReason = u->text;
      return;
    }
    a.sourceOffset = ir::addBytes(offset, ir::makeConst(literalOffset, IntType::int64()));
    // Parameter names by position, where the IR kept one argument per parameter.
    a.sourceBase = request_.parameterNames.size() == f_.arg_size() ? request_.parameterNames[arg->getArgNo()]
                   : arg->hasName()                                   ? arg->getName().str()
                                                                      : "parameter " + std::to_string(arg->getArgNo() + 1);
    a.sourceAddress = s;
  }

  void visit(const llvm::Instruction& inst, std::vector<RawAccess>& raw) {
    if (const auto* load = llvm::dyn_cast<llvm::LoadInst>(&inst)) {
      if (builtinOf(load->getPointerOperand())) return;
      visitMemory(inst, load->getPointerOperand(), load->getType(), false, raw);
    } else if (const auto* store = llvm::dyn_cast<llvm::StoreInst>(&inst)) {
      visitMemory(inst, store->getPointerOperand(), store->getValueOperand()->getType(), true, raw);
    } else if (llvm::isa<llvm::AtomicRMWInst>(inst) || llvm::isa<llvm::AtomicCmpXchgInst>(inst)) {
      const llvm::Value* ptr = llvm::isa<llvm::AtomicRMWInst>(inst) ? llvm::cast<llvm::AtomicRMWInst>(inst).getPointerOperand()
                                                                   : llvm::cast<llvm::AtomicCmpXchgInst>(inst).getPointerOperand();
      const llvm::Type* type = llvm::isa<llvm::AtomicRMWInst>(inst) ? llvm::cast<llvm::AtomicRMWInst>(inst).getValOperand()->getType()
                                                                    : llvm::cast<llvm::AtomicCmpXchgInst>(inst).getNewValOperand()->getType();
      Place place = pointer(ptr);
      if (place.cls == Place::Shared && wantedArray(place.array)) {
        const uint64_t width = dl_.getTypeStoreSize(const_cast<llvm::Type*>(type)).getFixedValue();
        add(inst, place, ir::AccessKind::Atomic, static_cast<unsigned>(width), typeName(type), raw, ptr);
        // The instruction each form becomes on the H200 (docs/hardware-model.md, "Shared atomics").
        if (const auto* rmw = llvm::dyn_cast<llvm::AtomicRMWInst>(&inst)) {
          const auto* one = llvm::dyn_cast<llvm::ConstantInt>(rmw->getValOperand());
          if (rmw->getOperation() == llvm::AtomicRMWInst::FAdd && type->isFloatTy())
            raw.back().atomicForm = ir::Access::AtomicForm::CompareAndSwap;
          else if (rmw->getOperation() == llvm::AtomicRMWInst::Add && rmw->use_empty() && one && one->isOne())
            raw.back().atomicForm = ir::Access::AtomicForm::AggregatedIncrement;
          else if (rmw->isFloatingPointOperation()) {
            raw.back().offset = nullptr;
            raw.back().unknownReason = "only integer and float shared atomics are measured (docs/hardware-model.md)";
          }
        } else {
          raw.back().atomicForm = ir::Access::AtomicForm::CompareAndSwap;
        }
      }
    } else if (const auto* call = llvm::dyn_cast<llvm::CallInst>(&inst)) {
      if (const auto* ia = llvm::dyn_cast<llvm::InlineAsm>(call->getCalledOperand())) {
        visitAsm(*call, *ia, raw);
      } else if (const auto* mem = llvm::dyn_cast<llvm::MemTransferInst>(call)) {
        const auto* len = llvm::dyn_cast<llvm::ConstantInt>(mem->getLength());
        for (const llvm::Value* p : {mem->getRawSource(), mem->getRawDest()}) {
          const Place place = pointer(p);
          if (place.cls != Place::Shared || !wantedArray(place.array)) continue;
          if (!len) ++result_.unreadPerArray[place.array];
          else visitMemory(inst, p, llvm::IntegerType::get(inst.getContext(), static_cast<unsigned>(len->getZExtValue() * 8)),
                           p == mem->getRawDest(), raw);
        }
      } else if (const auto* set = llvm::dyn_cast<llvm::MemSetInst>(call)) {
        const Place place = pointer(set->getRawDest());
        if (place.cls == Place::Shared && wantedArray(place.array)) ++result_.unreadPerArray[place.array];
      }
    }
  }

  // ---- merging unrolled copies ----
  int syntheticLoop(const RawAccess& a, int parent, int64_t trips, const char* what) {
    ir::Loop copy;
    copy.id = static_cast<int>(kernel().loops.size());
    copy.parent = parent;
    copy.loc = a.span.begin;
    copy.inductionVar = what;
    copy.unroll = 1;  // the optimizer unrolled it: as `#pragma unroll`
    copy.compileTimeTrips = true;
    copy.iterSymbol = newSymbol(ir::SymbolKind::LoopIteration, what, copy.id);
    ExprRef iter = ir::makeSymbol(copy.iterSymbol, "copy", IntType::int64());
    copy.condition = ir::makeBinary(ir::BinaryOp::LT, iter, ir::makeConst(trips, IntType::int64()), IntType::boolean());
    kernel().loops.push_back(copy);
    return copy.id;
  }

  // Copies whose addresses differ from the first by constants c = c0 + i*s1 + j*s2 (i < n1,
  // j < n2): one access over two loops, as the source's unrolled loops were.
  bool asProgression(const std::vector<RawAccess>& raw, const std::vector<size_t>& members, size_t start, size_t n, RawAccess& a) {
    const RawAccess& first = raw[members[start]];
    if (!first.address) return false;
    std::vector<std::pair<int64_t, size_t>> consts;
    for (size_t j = 0; j < n; ++j) {
      const RawAccess& m = raw[members[start + j]];
      if (!m.address || m.address->getType() != first.address->getType()) return false;
      const auto* c = llvm::dyn_cast<llvm::SCEVConstant>(se_.getMinusSCEV(m.address, first.address));
      if (!c || c->getAPInt().getSignificantBits() > 40) return false;
      consts.push_back({c->getAPInt().getSExtValue(), start + j});
    }
    std::sort(consts.begin(), consts.end());
    for (size_t j = 1; j < n; ++j)
      if (consts[j].first == consts[j - 1].first) return false;
    const int64_t c0 = consts[0].first, s1 = consts[1].first - c0;
    size_t n1 = 1;
    while (n1 < n && consts[n1].first == c0 + static_cast<int64_t>(n1) * s1) ++n1;
    if (n % n1) return false;
    const size_t n2 = n / n1;
    const int64_t s2 = n2 > 1 ? consts[n1].first - c0 : 0;
    std::set<int64_t> expected, actual;
    for (size_t j = 0; j < n2; ++j)
      for (size_t i = 0; i < n1; ++i) expected.insert(c0 + static_cast<int64_t>(i) * s1 + static_cast<int64_t>(j) * s2);
    for (const auto& c : consts) actual.insert(c.first);
    if (expected != actual) return false;
    a = raw[members[consts[0].second]];
    // cp.async sources must step with the destinations (t1, t2 for s1, s2), or are dropped.
    int64_t t1 = 0, t2 = 0;
    if (a.sourceOffset) {
      std::map<int64_t, int64_t> sourceAt;  // destination constant -> source constant
      for (const auto& [c, idx] : consts) {
        const RawAccess& m = raw[members[idx]];
        const auto* d = m.sourceAddress && a.sourceAddress && m.sourceAddress->getType() == a.sourceAddress->getType()
                            ? llvm::dyn_cast<llvm::SCEVConstant>(se_.getMinusSCEV(m.sourceAddress, a.sourceAddress))
                            : nullptr;
        if (!d || d->getAPInt().getSignificantBits() > 40) {
          sourceAt.clear();
          break;
        }
        sourceAt[c] = d->getAPInt().getSExtValue();
      }
      bool ok = sourceAt.size() == n;
      if (ok) {
        t1 = n1 > 1 ? sourceAt[c0 + s1] : 0;
        t2 = n2 > 1 ? sourceAt[c0 + s2] : 0;
        for (size_t j = 0; ok && j < n2; ++j)
          for (size_t i = 0; ok && i < n1; ++i)
            ok = sourceAt[c0 + static_cast<int64_t>(i) * s1 + static_cast<int64_t>(j) * s2] ==
                 static_cast<int64_t>(i) * t1 + static_cast<int64_t>(j) * t2;
      }
      if (!ok) {
        a.sourceOffset = nullptr;
        a.sourceUnknownReason = "the unrolled copies' sources do not step with their destinations";
      }
    }
    int parent = a.loops.empty() ? -1 : a.loops.back();
    ExprRef offset = a.offset;
    if (n2 > 1) {
      parent = syntheticLoop(a, parent, static_cast<int64_t>(n2), "unrolled copy");
      a.loops.push_back(parent);
      const ExprRef outer = ir::makeSymbol(kernel().loops[static_cast<size_t>(parent)].iterSymbol, "copy", IntType::int64());
      offset = ir::addBytes(offset, ir::mulBytes(outer, s2));
      if (a.sourceOffset) a.sourceOffset = ir::addBytes(a.sourceOffset, ir::mulBytes(outer, t2));
    }
    const int inner = syntheticLoop(a, parent, static_cast<int64_t>(n1), "unrolled copy");
    a.loops.push_back(inner);
    const ExprRef innerIter = ir::makeSymbol(kernel().loops[static_cast<size_t>(inner)].iterSymbol, "copy", IntType::int64());
    a.offset = ir::addBytes(offset, ir::mulBytes(innerIter, s1));
    if (a.sourceOffset) a.sourceOffset = ir::addBytes(a.sourceOffset, ir::mulBytes(innerIter, t1));
    return true;
  }

  static std::string keyOf(const RawAccess& a) {
    std::string k = std::to_string(a.array) + "|" + std::to_string(static_cast<int>(a.kind)) + "|" + std::to_string(a.width) + "|" +
                    a.valueType + "|" + std::to_string(a.matrices) + std::to_string(a.transposed) + "|" + a.span.begin.file + ":" +
                    std::to_string(a.span.begin.line) + ":" + std::to_string(a.span.begin.column) + "|" + a.spelling + "|";
    for (const ir::SourceLoc& l : a.inlinedAt) k += l.file + ":" + std::to_string(l.line) + ":" + std::to_string(l.column) + ",";
    k += "|";
    for (int l : a.loops) k += std::to_string(l) + ",";
    k += "|";
    for (const ir::Predicate& p : a.predicates) k += ir::toString(p.condition) + ";";
    k += "|" + std::to_string(a.offset ? 1 : 0) + std::to_string(static_cast<int>(a.atomicForm)) + std::to_string(a.bypassL1) + std::to_string(a.sourceOffset ? 1 : 0) + a.sourceBase;
    return k;
  }

  void emit(std::vector<RawAccess>& raw) {
    std::vector<std::string> order;
    std::map<std::string, std::vector<size_t>> groups;
    for (size_t i = 0; i < raw.size(); ++i) {
      const std::string k = keyOf(raw[i]);
      if (!groups.count(k)) order.push_back(k);
      groups[k].push_back(i);
    }
    constexpr size_t kMaxCopies = 256;  // keeps the select chain well inside the expression depth limit
    for (const std::string& k : order) {
      const std::vector<size_t>& members = groups[k];
      for (size_t start = 0; start < members.size(); start += kMaxCopies) {
        const size_t n = std::min(kMaxCopies, members.size() - start);
        RawAccess a = raw[members[start]];
        if (n > 1 && a.offset && asProgression(raw, members, start, n, a)) {
          // the copies are a grid of constant steps: loops over it, which the width predictor reads
        } else if (n > 1 && a.offset) {
          ir::Loop copy;
          copy.id = static_cast<int>(kernel().loops.size());
          copy.parent = a.loops.empty() ? -1 : a.loops.back();
          copy.loc = a.span.begin;
          copy.inductionVar = "unrolled copy";
          copy.iterSymbol = newSymbol(ir::SymbolKind::LoopIteration, "unrolled copy", copy.id);
          ExprRef iter = ir::makeSymbol(copy.iterSymbol, "copy", IntType::int64());
          copy.condition = ir::makeBinary(ir::BinaryOp::LT, iter, ir::makeConst(static_cast<int64_t>(n), IntType::int64()), IntType::boolean());
          kernel().loops.push_back(copy);
          // A member's value of `field` in iteration `iter`: a chain of selects over the members
          // (all of a group have a source offset or none: keyOf groups by it).
          const auto chain = [&](ExprRef RawAccess::*field) {
            ExprRef v = raw[members[start + n - 1]].*field;
            for (size_t j = n - 1; j-- > 0;) {
              ExprRef is = ir::makeBinary(ir::BinaryOp::EQ, iter, ir::makeConst(static_cast<int64_t>(j), IntType::int64()), IntType::boolean());
              v = ir::makeSelect(is, raw[members[start + j]].*field, v, IntType::int64());
            }
            return v;
          };
          a.offset = chain(&RawAccess::offset);
          if (a.sourceOffset) a.sourceOffset = chain(&RawAccess::sourceOffset);
          a.loops.push_back(copy.id);
          if (const ir::Expr* u = ir::findUnknown(a.offset)) {
            a.unknownReason = u->text;
            a.offset = nullptr;
          }
        }
        ir::Access out;
        out.id = static_cast<int>(tu_.accesses.size());
        out.array = a.array;
        out.kind = a.kind;
        out.byteOffset = a.offset;
        out.unknownReason = a.unknownReason;
        out.widthBytes = a.width;
        out.valueType = a.valueType;
        out.kernelInstance = request_.kernelInstance;
        out.loops = a.loops;
        out.predicates = a.predicates;
        out.assumptions = a.assumptions;
        out.span = a.span;
        out.spelling = a.spelling;
        out.inlinedAt = a.inlinedAt;
        out.matrices = a.matrices;
        out.transposed = a.transposed;
        out.bypassL1 = a.bypassL1;
        out.atomicForm = a.atomicForm;
        out.sourceOffset = a.sourceOffset;
        out.sourceBase = a.sourceBase;
        out.sourceUnknownReason = a.sourceUnknownReason;
        out.piecesWhyNot = "it was read from the code clang generates for the kernel, where the source's index terms are gone";
        out.fromLowering = true;
        tu_.accesses.push_back(std::move(out));
        ++result_.accessesAdded;
      }
    }
    for (int site : siteFound_)
      if (!siteFailures_.count(site)) result_.resolvedAsmSites.push_back(request_.asmSites[static_cast<size_t>(site)]);
  }

  llvm::Function& f_;
  llvm::DenseMap<const llvm::Argument*, bool> unwrittenParameters_;  // readsUnwrittenKernelParameter
  const LoweredKernelRequest& request_;
  ir::TranslationUnit& tu_;
  const llvm::DataLayout& dl_;
  llvm::DominatorTree dt_;
  llvm::LoopInfo li_;
  llvm::TargetLibraryInfoImpl tlii_;
  llvm::TargetLibraryInfo tli_;
  llvm::AssumptionCache ac_;
  llvm::ScalarEvolution se_;
  const std::string mainFile_;
  LoweredKernelResult result_;
  llvm::DenseMap<const llvm::Value*, ExprRef> memo_;
  std::vector<const llvm::Value*> memoOrder_;
  llvm::DenseMap<const llvm::SCEV*, ExprRef> scevMemo_;
  llvm::DenseMap<const llvm::Value*, Place> places_;
  llvm::DenseMap<const llvm::Value*, ExprRef> uniformSymbols_;
  llvm::SmallPtrSet<const llvm::PHINode*, 8> inProgress_;
  std::map<const llvm::Loop*, int> loops_;
  std::set<int> siteFound_, siteFailures_;
};

}  // namespace

LoweredKernelResult readLoweredAccesses(llvm::Function& kernel, const LoweredKernelRequest& request, ir::TranslationUnit& tu) {
  return Reader(kernel, request, tu).run();
}

}  // namespace bankcheck::frontend
