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

// LLVM's -O1 pipeline without its first, module-wide AlwaysInliner. That pass flattens every
// always_inline function of the module bottom up before anything is simplified: on a CuTe file,
// thousands of helpers that exist only to be inlined, a third of the optimization time. The CGSCC
// inliner that follows inlines always_inline callees too, and simplifies each function before
// inlining it further, so the kernels come out the same for less work. The pipeline is edited
// in its textual form; should that ever fail to parse, the default pipeline is used unchanged.
llvm::ModulePassManager pipeline(llvm::PassBuilder& pb, llvm::PassInstrumentationCallbacks& names) {
  llvm::ModulePassManager standard = pb.buildPerModuleDefaultPipeline(llvm::OptimizationLevel::O1);
  std::string text;
  llvm::raw_string_ostream os(text);
  standard.printPipeline(os, [&](llvm::StringRef cls) { return names.getPassNameForClassName(cls); });
  llvm::SmallVector<llvm::StringRef, 64> passes;
  llvm::StringRef(text).split(passes, ',');
  std::string edited;
  for (llvm::StringRef pass : passes) {
    if (pass == "always-inline") continue;
    if (!edited.empty()) edited += ',';
    edited += pass.str();
  }
  llvm::ModulePassManager withoutAlwaysInliner;
  if (edited.size() == text.size() || pb.parsePassPipeline(withoutAlwaysInliner, edited)) return standard;
  return withoutAlwaysInliner;
}

void optimize(llvm::Module& m) {
  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cgam;
  llvm::ModuleAnalysisManager mam;
  llvm::PassInstrumentationCallbacks names;
  llvm::PassBuilder pb(nullptr, llvm::PipelineTuningOptions(), std::nullopt, &names);
  pb.registerModuleAnalyses(mam);
  pb.registerCGSCCAnalyses(cgam);
  pb.registerFunctionAnalyses(fam);
  pb.registerLoopAnalyses(lam);
  pb.crossRegisterProxies(lam, fam, cgam, mam);
  llvm::ModulePassManager mpm = pipeline(pb, names);
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
  for (const std::string& name : out.kernelSymbols)
    if (llvm::Function* f = out.module->getFunction(name); f && !f->isDeclaration())
      f->setLinkage(llvm::GlobalValue::ExternalLinkage);
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
