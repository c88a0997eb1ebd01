// Walks one kernel instantiation in program order, as a small symbolic interpreter: it keeps
// the value of every local variable as an expression over threadIdx, loop iterations and
// parameters, and records every shared-memory access with its byte offset, loops and predicates.
//
// Responsibilities are split over several files: statements and loops (KernelWalker.cpp),
// expressions (ExprEvaluation.cpp), lvalues and access records (SharedAccesses.cpp), calls,
// device-function inlining and intrinsics (Calls.cpp).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtCXX.h"
#include "frontend/LocalArrays.h"
#include "frontend/LoopAnalysis.h"
#include "frontend/DevicePointerBindings.h"
#include "frontend/StaticSharedVariables.h"
#include "frontend/SymbolicValue.h"
#include "frontend/TemplateArguments.h"
#include "frontend/VectorComponentUse.h"
#include "ir/Module.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

namespace bankcheck::frontend {

class KernelWalker {
 public:
  // `templateParameters`: shared by the walks of one translation unit (TemplateArguments.h).
  KernelWalker(clang::ASTContext& ctx, ir::TranslationUnit& tu, int kernelInstance, TemplateParameterUses& templateParameters,
               DevicePointerBindings& pointerBindings);
  void walkKernel(const clang::FunctionDecl* kernel);
  // The shared arrays the kernel declared or used, by declaration.
  const llvm::DenseMap<const clang::VarDecl*, int>& arrays() const { return arrays_; }

 private:
  // ---- statements (KernelWalker.cpp) ----
  // Returns false when control does not fall through (return, break, continue).
  bool walkStmt(const clang::Stmt* s);
  // Like walkStmt, but predicates an early exit adds for the rest of the enclosing block are
  // left pushed and counted in `pushed`; the block pops them.
  bool walkInSequence(const clang::Stmt* s, size_t& pushed);
  bool walkCompound(const clang::CompoundStmt* cs);
  bool walkIf(const clang::IfStmt* s, size_t& pushedPredicates);
  bool walkFor(const clang::ForStmt* s, const clang::LoopHintAttr* hint);
  bool walkWhile(const clang::Stmt* loop, const clang::Expr* cond, const clang::Stmt* body,
                 const clang::LoopHintAttr* hint);
  // A loop over a list: `var` takes the i-th of `values` (`for (int s : {32, 16, 8})`), or (a
  // range-based for over a shared array) the iterator `pointer` points at element i of `count`,
  // the first being `first`.
  struct ListLoop {
    const clang::VarDecl* var = nullptr;
    std::vector<ir::ExprRef> values;
    const clang::VarDecl* pointer = nullptr;
    SymbolicValue first;
    int64_t count = 0;
    // Over an array whose elements are not followed (local floats, global memory): `var` takes
    // this value in each of `count` iterations.
    std::optional<SymbolicValue> unfollowed;
  };
  // `incSteps`: further variables the increment steps (`a += aStep, b += bStep`), each in closed
  // form like an update at the end of the body.
  bool walkLoop(const clang::Stmt* loopStmt, const clang::VarDecl* inductionVar,
                const InductionStep* step, const clang::Expr* cond, const clang::Stmt* body,
                const clang::Expr* inc, const clang::LoopHintAttr* hint, const ListLoop* list = nullptr,
                const std::vector<InductionStep>* incSteps = nullptr);
  bool walkRangeFor(const clang::CXXForRangeStmt* s, const clang::LoopHintAttr* hint);
  // A range-based for over an array of known extent: a shared array (each element read through
  // the loop's iterator) or a local array of integers whose elements the walk follows. False when
  // the range is neither; `why` then says what it is, when known.
  bool walkRangeOverArray(const clang::CXXForRangeStmt* s, const clang::LoopHintAttr* hint, std::string& why);
  bool closedGeometric(const CarriedUpdate& up, SymbolicValue& cur, const ir::ExprRef& iter);
  // What `mov.u32 %0, %laneid;` and the like leave in an integer of type `t` (InlinePtx.h).
  SymbolicValue specialRegisterValue(const std::string& reg, ir::IntType t);
  void walkDecl(const clang::VarDecl* vd);
  void reportUntrackedArrays();
  void reportArraysStoredInObjects(const clang::FunctionDecl* kernelDecl);
  bool walkReturn(const clang::ReturnStmt* r);
  void walkAsm(const clang::GCCAsmStmt* s);
  void invalidateModifiedVars(const clang::Stmt* s, const std::string& why);
  // `cur`, the value of `var`, after `scope` wrote it: an object whose fields are followed loses
  // only the fields `scope` may write (fieldsWrittenIn), anything else is lost as a whole.
  void loseWrites(SymbolicValue& cur, const clang::VarDecl* var, const clang::Stmt* scope, const clang::Stmt* scope2,
                  const std::string& why);
  // Predicates guard what follows; one the mapper could not evaluate becomes an assumption.
  void pushPredicate(ir::ExprRef cond, const clang::Stmt* at);
  void popPredicates(size_t count);
  static std::string assumptionText(const ir::SourceLoc& loc, const std::string& why);

  // ---- expressions (ExprEvaluation.cpp) ----
  SymbolicValue eval(const clang::Expr* e);
  SymbolicValue evalCast(const clang::CastExpr* e);
  SymbolicValue evalBinary(const clang::BinaryOperator* e);
  SymbolicValue evalUnary(const clang::UnaryOperator* e);
  SymbolicValue evalAssignment(const clang::BinaryOperator* e);
  SymbolicValue evalIncDec(const clang::UnaryOperator* e);
  SymbolicValue evalConditional(const clang::AbstractConditionalOperator* e);
  SymbolicValue evalDeclRef(const clang::DeclRefExpr* e);
  SymbolicValue evalConstantOrUnknown(const clang::Expr* e, const std::string& why);
  ir::ExprRef evalCondition(const clang::Expr* e);  // as a bool expression
  ir::IntType intTypeOf(clang::QualType t) const;
  // `v` as a variable, field or element of type `t` holds it: an integer of that type, except a
  // shared-window address, which stays one.
  SymbolicValue storedAs(clang::QualType t, SymbolicValue v) const {
    if (!t->isIntegralOrEnumerationType() || v.kind == SymbolicValue::Kind::SharedAddr) return v;
    return SymbolicValue::integer(v.asInt(intTypeOf(t)));
  }
  int rowStrideSymbol(const SymbolicValue& ptr) const;
  // `indexExpr`: where the index is written, recorded as a term of the offset (ir::OffsetPiece);
  // `baseExpr` is the pointer or array it applies to, `subscript` whether it is written `p[i]`.
  SymbolicValue xorSharedAddress(const SymbolicValue& addr, const SymbolicValue& mask, clang::QualType type);
  // `addr ^ mask` where `mask` holds no bit above those of the constant `c` (`(iter & 1) * 0x2000`).
  SymbolicValue xorSharedAddressWithin(const SymbolicValue& addr, int64_t c, const ir::ExprRef& mask, clang::QualType type);
  SymbolicValue pointerArithmetic(const SymbolicValue& ptr, const SymbolicValue& index, bool subtract,
                                  const clang::Expr* at, const clang::Expr* indexExpr = nullptr,
                                  const clang::Expr* baseExpr = nullptr, bool subscript = false);
  // Whether a written index can be rewritten where it is: spelled in the file (also as a macro's
  // argument used once), without side effects.
  bool rewritableIndex(const clang::Expr* index) const;
  // An access through a pointer into a shared array that the walker lost track of: the array
  // records it (ir::SharedArray::untrackedAccess).
  bool markUntracked(const SymbolicValue& ptr, const clang::Expr* at);
  // Some access of `array` escapes the walk (`why`, the first reason kept): no layout change of
  // the array can be proven (ir::SharedArray::untrackedAccess).
  void noteUntrackedAccess(int array, const std::string& why);
  std::optional<SymbolicValue> sharedArrayChosen(const SymbolicValue& t, const SymbolicValue& f, const clang::Expr* at);
  LValue lostAccess(const SymbolicValue& ptr, clang::QualType type);

  // ---- lvalues and shared accesses (SharedAccesses.cpp) ----
  LValue evalLValue(const clang::Expr* e);
  // `a[i][j]` of a local array whose elements are followed (LocalArrays.h), or nothing.
  std::optional<LValue> localElement(const clang::ArraySubscriptExpr* e);
  // Starts following the elements of a local array of integers or pointers; false for other variables.
  bool declareLocalArray(const clang::VarDecl* vd);
  // Records `value` written to element `indices` of local array `a` at `line`, where the walk is now.
  void writeLocalElement(LocalArrayContents::Array& a, const std::vector<ir::ExprRef>& indices, const SymbolicValue& value, int line);
  // Whether symbol `id` changes across the iterations of a loop the walk is inside, counting only
  // the loops from depth `fromDepth` in (those inside the scope of a variable declared there).
  bool variesInActiveLoop(int id, size_t fromDepth) const;
  SymbolicValue readLValue(const LValue& lv, const clang::Expr* at);
  // Whether `object` (a Local lvalue) is a local object whose fields the walk follows.
  bool followsFields(const LValue& object);
  void writeLValue(const LValue& lv, const SymbolicValue& value, const clang::Expr* at);
  void recordAccess(ir::AccessKind kind, const LValue& lv, const clang::Expr* at);
  // `pieces`: the written terms of the offset; null where the address is an instruction's operand
  // that the walker does not follow term by term (inline PTX, wmma).
  void recordAccessOfType(ir::AccessKind kind, int array, const ir::ExprRef& offset,
                          clang::QualType type, const clang::Expr* at, const OffsetPieces* pieces = nullptr);
  // A load of a vector of 4-byte words into a variable that uses only some of them, recorded as
  // the instructions ptxas makes of it; false when the whole vector is loaded.
  bool recordUsedWords(int array, const ir::ExprRef& offset, clang::QualType type, const clang::Expr* at,
                       const OffsetPieces* pieces);
  void reportAtTheUsersCall(ir::Access& a) const;
  static std::string libraryName(const clang::FunctionDecl* fn);
  // `loc`, or the innermost call the user wrote when `loc` is in a bundled header.
  ir::SourceLoc usersLocation(ir::SourceLoc loc) const;
  void recordRawAccess(ir::AccessKind kind, int array, const ir::ExprRef& offset, unsigned width,
                       std::string valueType, const clang::Expr* at, const OffsetPieces* pieces = nullptr);
  int sharedArrayFor(const clang::VarDecl* vd);
  std::optional<ir::DirectIndexing> directIndexing(const clang::Expr* at, int array);
  // The address expression `e` stands for, through `__cvta_generic_to_shared` and locals that
  // nothing writes after their initializer.
  const clang::Expr* writtenAddress(const clang::Expr* e);
  // Whether an index spelled as a macro's argument can be rewritten where it is written: the
  // macro uses that parameter once (else the edit would change its other uses too).
  bool rewritableMacroArgument(clang::SourceLocation l) const;
  int carveView(const clang::VarDecl* pointerVar, const SymbolicValue& ptr);
  LValue dereference(const SymbolicValue& ptr, clang::QualType type, const clang::Expr* at);
  void noteUnanalyzed(const clang::Stmt* at, std::string what, std::string reason);

  // ---- calls (Calls.cpp) ----
  SymbolicValue evalCall(const clang::CallExpr* e);
  SymbolicValue evalConstruct(const clang::CXXConstructExpr* e);
  static bool fieldsFollowable(const clang::CXXConstructorDecl* ctor);
  std::shared_ptr<const FieldValues> constructedFields(const clang::CXXConstructorDecl* ctor, const std::vector<SymbolicValue>& params,
                                                       const clang::Expr* at);
  SymbolicValue evalIntrinsic(const clang::FunctionDecl* fn, const clang::CallExpr* e, bool& handled);
  // With `thisObject`, the object a method is called on is a followed local: the body reads and
  // writes its fields (`this->f`) through thisObjectVar(fn), and `thisObject` gets the object as
  // the body leaves it, unless the body was not walked (recursion, depth): then it is untouched
  // and `*followed` is false.
  SymbolicValue inlineCall(const clang::FunctionDecl* fn, const clang::CallExpr* call,
                           llvm::ArrayRef<const clang::Expr*> args, const SymbolicValue* thisValue,
                           SymbolicValue* thisObject = nullptr, bool* followed = nullptr);
  // The variable that stands for `*this` in the body of `method` while its writes are followed:
  // one per method, made once (it is no declaration of the source).
  const clang::VarDecl* thisObjectVar(const clang::FunctionDecl* method);
  // thisObjectVar of the function walked now, when its object's fields are followed; else null.
  const clang::VarDecl* followedThis();
  // A method call's object whose fields the walk follows (a local, or `*this` of the method being
  // walked), when the method's writes to it can be followed: its body is available, writes only
  // fields of the object (fieldsMethodMayWrite), does not return early and gives `this` to no
  // lambda. Null otherwise.
  const clang::VarDecl* writableObjectOf(const clang::CXXMethodDecl* method, const clang::Expr* object);
  // After a loop or switch in a method's body that writes fields of its followed object: those
  // fields (or the whole object) are no longer followed.
  void loseThisWrites(const clang::Stmt* scope, const clang::Stmt* scope2, const std::string& why);
  void evalArgsForSideEffects(const clang::CallExpr* e, const clang::FunctionDecl* fn);
  // A scalar, or a record one aligned vector access moves (4, 8 or 16 bytes).
  bool isOneInstructionObject(clang::QualType t) const;
  bool isEmptyObject(clang::QualType t) const;
  // A shared object handed by reference to code whose body is not available: an empty one has no
  // bytes to access, one larger than one instruction is a region not walked (noted). True in both
  // cases; false for one the callee moves with one instruction (the caller records it).
  bool handOverSharedObject(const LValue& lv, const clang::FunctionDecl* fn, const clang::Expr* arg);
  // wmma::load_matrix_sync / store_matrix_sync on shared memory (WmmaFragments.cpp).
  // A wmma access's ldm, and the offset a padding recomputes (`symbolicOffset`) with the check
  // that the fragment's base stays 32-byte aligned, when ldm follows the row stride.
  void keepAlignedWhenPadded(ir::Access& a, const ir::WmmaLdm& ldm, const ir::ExprRef& checkedOffset);
  void recordWmmaFragmentAccess(const clang::CallExpr* e, const std::string& name);
  // atomicAdd, atomicCAS and the other CUDA atomics, with their scoped variants.
  static bool isAtomicFunction(const std::string& name);
  bool resultUnused(const clang::Expr* e);
  // Sets `a.exchangeAsStore` (or why not) for the atomicExch call `e` on a shared `pointee`.
  void writeExchangeAsStore(const clang::CallExpr* e, clang::QualType pointee, ir::Access& a);
  // A cp.async's global source (`source` null when the operand is not a plain register).
  void setCopySource(ir::Access& a, const SymbolicValue* source, int64_t extraBytes);
  // The most derived class known of the object `e` names (through copies and conversions to a base).
  const clang::CXXRecordDecl* mostDerivedClass(const clang::Expr* e);
  // The definition that a call of `method`, declared without a body, runs on `object` whose derived
  // class is known; null when none.
  const clang::FunctionDecl* derivedDefinition(const clang::CXXMethodDecl* method, const clang::Expr* object);
  SymbolicValue bindArgument(const clang::ParmVarDecl* param, const clang::Expr* arg);
  SymbolicValue objectFieldsForThis(const LValue& lv, const clang::Expr* obj);
  struct Frame;
  // The caller's local whose address `arg` is, when `param` of `fn` is only dereferenced in its
  // body and no other argument names the local, so that it can stand for it
  // (Frame::pointeeParams); null otherwise.
  const clang::VarDecl* pointeeLocal(const clang::ParmVarDecl* param, const clang::Expr* arg, const clang::FunctionDecl* fn,
                                     llvm::ArrayRef<const clang::Expr*> args);
  void writeBackOutArguments(const clang::FunctionDecl* fn, llvm::ArrayRef<const clang::Expr*> args, const Frame& done);
  ir::ExprRef sizeArgument(const clang::Expr* e);

  // ---- helpers ----
  ir::SourceLoc locOf(clang::SourceLocation l) const;
  // The names in `e` with a compile-time value, as written (ir::OffsetPiece::constants).
  std::vector<std::pair<std::string, int64_t>> namedConstantsIn(const clang::Expr* e) const;
  // A written term of an offset, `value` in units of `unitBytes`, spelled by `written`: its span,
  // text and named constants, and not rewritable where it is inside a macro's body or has side
  // effects (the callers add what their kind of term also rules out).
  ir::OffsetPiece writtenTerm(const clang::Expr* written, ir::ExprRef value, int64_t unitBytes) const;
  // The ways to split trailing constant or variable addends off the written sum (ir::OffsetPiece::splits).
  std::vector<ir::OffsetPiece::Split> trailingSplits(const clang::Expr* written);
  // The value of `e` when it is an integer constant, an integer variable, or a product of those with a constant; else null.
  ir::ExprRef plainAddendValue(const clang::Expr* e);
  ir::SourceSpan spanOf(clang::SourceRange r) const;
  std::string textOf(clang::SourceRange r) const;
  ir::KernelInstance& kernel() { return tu_.kernels[static_cast<size_t>(instance_)]; }
  int newSymbol(ir::SymbolKind kind, std::string name, int loop = -1);
  // `e` with the row-stride symbols of multi-dimensional arrays replaced by their declared values.
  ir::ExprRef concrete(const ir::ExprRef& e) const;

  struct Return {
    ir::ExprRef condition;  // conjunction of the function-local predicates at the return
    SymbolicValue value;
  };
  struct Frame {
    const clang::FunctionDecl* function = nullptr;
    llvm::DenseMap<const clang::ValueDecl*, SymbolicValue> env;
    // A reference bound to a local of this frame, or to a field of one (`int& r = a;`): reads and
    // writes through it go to that variable.
    llvm::DenseMap<const clang::ValueDecl*, LValue> aliases;
    // Pointer parameters bound to the address of a caller's local and only dereferenced in the
    // body (`allocate_tiles(&tile)` with `*x = tile_x;`), with that local: each holds its value,
    // copied in at the call and back at the return, as a reference parameter does.
    llvm::SmallDenseMap<const clang::ParmVarDecl*, const clang::VarDecl*, 2> pointeeParams;
    SymbolicValue thisValue;
    size_t predicateBase = 0;  // predicates_ below this index belong to callers
    std::vector<Return> returns;
    // This function or a caller synchronizes the block itself (synchronizesBlock): accesses made
    // here are ir::Access::insideSynchronizingCall.
    bool insideSynchronizingCall = false;
  };
  Frame& frame() { return frames_.back(); }
  SymbolicValue* lookup(const clang::ValueDecl* d);
  // The variable holds one value per warp now: computed, and free of lane indices.
  bool holdsWarpUniform(const clang::VarDecl* v);
  // The variables `s` writes whose values the walker must drop (collectModifiedVars, less the
  // references bound into shared memory, which writes go through).
  void collectWrittenVariables(const clang::Stmt* s, llvm::SmallPtrSetImpl<const clang::VarDecl*>& out);
  // Why a call into code that did not compile is not walked.
  std::string notCompiledReason() const;
  // The first iteration number at which `condition` is false, when it is a constant for each.
  static std::optional<int64_t> constantTripCount(const ir::ExprRef& condition, const ir::ExprRef& iter, int iterSymbol);
  // Whether `e` folds at compile time but for `inductionVar` (Loop::compileTimeTrips).
  bool foldsButFor(const clang::Expr* e, const clang::VarDecl* inductionVar) const;

  clang::ASTContext& ctx_;
  const clang::SourceManager& sm_;
  ir::TranslationUnit& tu_;
  int instance_;
  // Counts the barriers, fences, inline PTX and opaque calls walked so far: accesses with the same
  // count have none of them between them (ir::Access::barrierEpoch).
  int barrierEpoch_ = 0;
  TemplateParameterUses& templateParameters_;
  DevicePointerBindings& pointerBindings_;  // shared by the walks of the translation unit
  // The deepest inlining (the walk stops there: "calls nested too deeply").
  static constexpr size_t kMaxInlineDepth = 48;
  llvm::DenseMap<const clang::FunctionDecl*, clang::VarDecl*> thisObjects_;  // thisObjectVar
  std::vector<Frame> frames_;  // reserved for kMaxInlineDepth + 1 by walkKernel: frames never move
  std::vector<ir::Predicate> predicates_;  // condition == null: an assumption (see assumptions_)
  std::vector<std::string> assumptions_;
  llvm::StringSet<> notedUnanalyzed_;  // one entry per place and reason, however often it is reached
  std::vector<int> loops_;
  std::vector<ActiveLoop> activeLoops_;  // the loops the walk is inside, for local arrays
  LocalArrayContents localArrays_;
  // The kernel's static shared memory (StaticSharedVariables.h): where its arrays start follows from it
  // (ir::SharedArray::knownStart).
  StaticSharedVariables staticShared_;
  std::vector<ir::SourceLoc> inlinedAt_;
  llvm::DenseMap<const clang::VarDecl*, int> arrays_;
  // What the walk reached of each shared array, for reportUntrackedArrays: the arrays named, and
  // those a pointer variable into them was read from, by code this instance runs. A name only in a
  // branch its constants rule out (`if (use_shared) tmp[i] = v;`) is no use, nor one whose value
  // only goes into a pointer or a parameter that the walk follows (`block_reduce(v, s_sum)`
  // whose accesses are all in a dead branch): those are `bindingRefs_`.
  llvm::DenseSet<const clang::VarDecl*> reachedArrays_;
  llvm::DenseSet<int> reachedThroughPointers_;
  llvm::DenseSet<const clang::Expr*> bindingRefs_;
  // Where a shared address went into a field the walk follows (`View v{tile}`), by source location.
  llvm::DenseSet<unsigned> followedStores_;
  std::vector<size_t> switchLoopDepths_;  // per switch being walked: the loops entered when it began
  int unfollowedAggregates_ = 0;  // > 0 while evaluating the elements of an aggregate not followed
  void noteFollowedStore(const clang::Expr* init, const SymbolicValue& value) {
    if (unfollowedAggregates_ > 0) return;
    if (value.kind == SymbolicValue::Kind::SharedPtr || value.kind == SymbolicValue::Kind::SharedAddr)
      followedStores_.insert(init->getBeginLoc().getRawEncoding());
  }
  // `value` of integer variable `var`, computed from `source`: when it is not computed but `source`
  // has one value in every lane (`min(stop, limits[j])`, a load of one address), a warp-uniform
  // symbol for it instead, which shifts every lane's address alike wherever it is added to one.
  SymbolicValue uniformIfUnknown(const clang::VarDecl* var, SymbolicValue value, const clang::Expr* source);
  // An integer field of a kernel parameter passed by value (`ne01.z` of a `uint3`, `p.stride` of a
  // params struct) that the kernel never writes: one value for the whole grid, a kernel-parameter
  // symbol like an integer parameter's. Null for anything else.
  std::optional<SymbolicValue> kernelParameterField(const clang::Expr* e);
  // The field of a cuda::aligned_size_t bound to a parameter, which is carried as the byte count
  // it wraps (bindArgument): the prelude's cooperative_groups::memcpy_async reads its count so.
  std::optional<SymbolicValue> wrappedCountField(const clang::Expr* e);
  llvm::StringMap<SymbolicValue> parameterFields_;
  llvm::DenseMap<const clang::ParmVarDecl*, bool> parameterWritten_;
  // Whether `param` is a parameter of the kernel being walked that its body never writes (memoized).
  bool unwrittenKernelParameter(const clang::ParmVarDecl* param);
  // "ne01.x" when `e` is an unwritten kernel parameter passed by value, a member of one, or an
  // unchanged copy of either (SymbolicValue::kernelParameter); nothing otherwise.
  std::optional<std::string> kernelParameterPath(const clang::Expr* e);
  // `init` goes, whole, into a pointer or reference the walk follows (`p = (float*)(s + 4)`,
  // `&s[i]`, an argument of an inlined call): its root name is no use by itself.
  void noteBinding(const clang::Expr* init);
  // A read of a variable named by `ref` (a shared array, or a pointer holding `value`).
  void noteReached(const clang::DeclRefExpr* ref, const clang::VarDecl* var, const SymbolicValue* value);
  llvm::DenseMap<const clang::VarDecl*, int> views_;
  // The value of every subscript evaluated, so accesses can record their indices (DirectIndexing).
  llvm::DenseMap<const clang::ArraySubscriptExpr*, ir::ExprRef> subscriptValues_;
  // The variable (or by-value parameter) whose initializer is being evaluated: a vector loaded from
  // shared memory into it of which only some words are used is loaded word by word
  // (recordAccessOfType, VectorComponentUse).
  struct ValueTarget {
    const clang::VarDecl* var = nullptr;
    const clang::Expr* init = nullptr;
  };
  ValueTarget valueTarget_;
  VectorComponentUse componentUse_;
  // Evaluates `init`, the value `var` starts with.
  SymbolicValue evalInitializer(const clang::VarDecl* var, const clang::Expr* init);
};

// The readable name of a kernel instantiation: `transpose<1>`, `gemm<128, 8>`.
std::string instanceName(const clang::FunctionDecl* fn);

// Whether `l` lies in bankcheck's bundled CUDA headers (the prelude), not in the user's code.
bool inBundledHeaders(const ir::SourceLoc& l);

// Whether `t` is (a reference to) cuda::aligned_size_t, a byte count with a promised alignment.
bool isWrappedCount(clang::QualType t);

// `e` without what only copies its value: implicit nodes, parentheses, copy and move constructors.
const clang::Expr* throughCopies(const clang::Expr* e);

}  // namespace bankcheck::frontend
