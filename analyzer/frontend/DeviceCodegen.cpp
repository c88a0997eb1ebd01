#include "frontend/DeviceCodegen.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/GlobalDecl.h"
#include "clang/Basic/CodeGenOptions.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/CodeGen/ModuleBuilder.h"
#include "clang/Frontend/CompilerInstance.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <cstdlib>

namespace bankcheck::frontend {

using namespace clang;

namespace {
bool isKernel(const Decl* d) {
  const auto* fd = llvm::dyn_cast_or_null<FunctionDecl>(d);
  return fd && fd->hasAttr<CUDAGlobalAttr>();
}

// What the access reader needs from the optimized IR: the kernels with every helper inlined and
// its temporaries in registers (the CGSCC stage), then loops in canonical form with their
// constant-trip loops unrolled (the function stage), as -O1 leaves them. The function stage runs
// after global dead-code elimination, so only on the kernels: on a CuTe file the 6,763 helpers
// that exist to be inlined are simplified once, as they are inlined, and never again. -O1's
// other passes (the module-wide always-inliner, interprocedural constant propagation, the late
// vectorization and cleanup passes) do not change what the reader sees and cost more than half
// of the optimization time on CuTe's tutorial (identical JSON on the corpus files that are
// lowered; docs/benchmark.md). Should the text ever fail to parse, -O1 is used unchanged.
constexpr const char* kSimplifyCfg =
    "simplifycfg<bonus-inst-threshold=1;no-forward-switch-cond;switch-range-to-icmp;no-switch-to-lookup;keep-loops;"
    "no-hoist-common-insts;no-sink-common-insts;speculate-blocks;simplify-cond-branch;no-speculate-unpredictables>";
constexpr const char* kInstCombine = "instcombine<max-iterations=1;no-use-loop-info;no-verify-fixpoint>";

std::string accessReaderPipeline() {
  const std::string sc = kSimplifyCfg, ic = kInstCombine;
  return "globaldce,cgscc(devirt<4>(inline,function<eager-inv;no-rerun>(sroa<modify-cfg>,early-cse<memssa>," + sc + "," + ic +
         "))),globaldce,function(loop-mssa(licm<no-allowspeculation>,loop-rotate<header-duplication;no-prepare-for-lto>,"
         "licm<allowspeculation>)," + sc + "," + ic + ",loop(indvars,loop-deletion,loop-unroll-full),sroa<modify-cfg>," +
         ic + "," + sc + ")";
}

llvm::ModulePassManager pipeline(llvm::PassBuilder& pb) {
  llvm::ModulePassManager reader;
  if (llvm::Error err = pb.parsePassPipeline(reader, accessReaderPipeline())) {
    llvm::consumeError(std::move(err));
    return pb.buildPerModuleDefaultPipeline(llvm::OptimizationLevel::O1);
  }
  return reader;
}

void optimize(llvm::Module& m) {
  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cgam;
  llvm::ModuleAnalysisManager mam;
  llvm::PassBuilder pb;
  pb.registerModuleAnalyses(mam);
  pb.registerCGSCCAnalyses(cgam);
  pb.registerFunctionAnalyses(fam);
  pb.registerLoopAnalyses(lam);
  pb.crossRegisterProxies(lam, fam, cgam, mam);
  llvm::ModulePassManager mpm = pipeline(pb);
  mpm.run(m, mam);
}
}  // namespace

LoweredModule lowerKernels(CompilerInstance& ci, ASTContext& ctx, const DeclRecorder& decls,
                           const std::vector<const FunctionDecl*>& kernels,
                           const std::vector<std::vector<const VarDecl*>>& variables) {
  const auto start = std::chrono::steady_clock::now();
  LoweredModule out;
  out.context = std::make_unique<llvm::LLVMContext>();
  // Optimization remarks ("loop not unrolled") are about this private compile, not the user's.
  out.context->setDiagnosticHandlerCallBack([](const llvm::DiagnosticInfo*, void*) {});
  IntrusiveRefCntPtr<DiagnosticsEngine> diags(
      new DiagnosticsEngine(new DiagnosticIDs, new DiagnosticOptions, new IgnoringDiagConsumer, /*ShouldOwnClient=*/true));
  CodeGenOptions cgo = ci.getCodeGenOpts();
  cgo.OptimizationLevel = 1;  // at 0 every function is optnone and nothing would inline
  cgo.setDebugInfo(llvm::codegenoptions::DebugLineTablesOnly);
  cgo.DebugColumnInfo = true;
  cgo.DisableLLVMPasses = true;
  // Neither lifetime markers nor type-based alias metadata change an address the reader follows;
  // without them CuTe's tutorial codegens and optimizes ~10% faster (docs/benchmark.md). Without
  // type-based aliasing the optimizer also assumes less than CUDA code, which often reads one
  // buffer through two types, allows.
  cgo.DisableLifetimeMarkers = true;
  cgo.RelaxedAliasing = true;
  cgo.setInlining(CodeGenOptions::NormalInlining);  // the parse ran at -O0, which only inlines always_inline
  std::unique_ptr<CodeGenerator> gen(CreateLLVMCodeGen(*diags, "bankcheck-device", &ci.getVirtualFileSystem(),
                                                       ci.getHeaderSearchOpts(), ci.getPreprocessorOpts(), cgo,
                                                       *out.context));
  gen->Initialize(ctx);
  llvm::SmallPtrSet<const Decl*, 8> wanted;
  for (const FunctionDecl* k : kernels) wanted.insert(k->getCanonicalDecl());
  // Every declaration Sema produced, except other kernels: those would be emitted whole.
  for (DeclGroupRef group : decls.groups()) {
    llvm::SmallVector<Decl*, 4> kept;
    for (Decl* d : group)
      if (!d->isInvalidDecl() && (!isKernel(d) || wanted.count(d->getCanonicalDecl()))) kept.push_back(d);
    if (kept.empty()) continue;
    gen->HandleTopLevelDecl(DeclGroupRef::Create(ctx, kept.data(), static_cast<unsigned>(kept.size())));
  }
  for (VarDecl* vd : decls.staticMembers()) gen->HandleCXXStaticMemberVarInstantiation(vd);
  // A kernel template instance is emitted only when referenced; reference each one.
  for (const FunctionDecl* k : kernels) {
    if (!k->hasBody()) continue;
    gen->GetAddrOfGlobal(GlobalDecl(k), /*isForDefinition=*/false);
  }
  gen->HandleTranslationUnit(ctx);
  for (const FunctionDecl* k : kernels) out.kernelSymbols.push_back(gen->GetMangledName(GlobalDecl(k)).str());
  for (const auto& vars : variables) {
    std::vector<std::string> names;
    for (const VarDecl* vd : vars) names.push_back(gen->GetMangledName(GlobalDecl(vd)).str());
    out.arraySymbols.push_back(std::move(names));
  }
  out.module.reset(gen->ReleaseModule());
  if (!out.module) {
    out.problem = "clang's code generator produced no module";
    return out;
  }
  // Keep the kernels through global dead-code elimination even when they have internal linkage.
  llvm::SmallPtrSet<const llvm::Function*, 8> kernelFunctions;
  for (const std::string& name : out.kernelSymbols)
    if (llvm::Function* f = out.module->getFunction(name); f && !f->isDeclaration()) {
      f->setLinkage(llvm::GlobalValue::ExternalLinkage);
      kernelFunctions.insert(f);
    }
  // The reader sees only the kernel's own body: every device function it calls is inlined, however
  // large (apex's multi-block reducer, a spin loop on global flags around its shared-memory
  // reduction, was kept as a call by the cost model) and whatever `__noinline__` asks of nvcc
  // (the addresses are the same either way). A recursive call stays a call.
  // Internal to the module, the device functions no kernel reaches are dropped before anything
  // is optimized (the pipeline starts with globaldce): a file of hundreds of device functions and
  // a few kernels to read optimizes only what those kernels call.
  for (llvm::Function& f : *out.module)
    if (!f.isDeclaration() && !kernelFunctions.count(&f)) {
      f.removeFnAttr(llvm::Attribute::NoInline);
      f.removeFnAttr(llvm::Attribute::OptimizeNone);
      f.addFnAttr(llvm::Attribute::AlwaysInline);
      f.setComdat(nullptr);
      f.setLinkage(llvm::GlobalValue::InternalLinkage);
    }
  const auto optimizeStart = std::chrono::steady_clock::now();
  optimize(*out.module);
  if (std::getenv("BANKCHECK_TIME_PHASES")) {
    auto ms = [](auto from, auto to) { return std::chrono::duration<double, std::milli>(to - from).count(); };
    llvm::errs() << "bankcheck: phase lowering: code generation " << ms(start, optimizeStart) << " ms, optimization "
                 << ms(optimizeStart, std::chrono::steady_clock::now()) << " ms\n";
  }
  // For debugging the route: BANKCHECK_DUMP_LOWERED=file.ll writes the optimized module.
  if (const char* dump = std::getenv("BANKCHECK_DUMP_LOWERED")) {
    std::error_code ec;
    llvm::raw_fd_ostream os(dump, ec);
    if (!ec) out.module->print(os, nullptr);
  }
  return out;
}

}  // namespace bankcheck::frontend
