// Runs clang on one file and drives extraction: finds every kernel definition and template
// instantiation, walks each one, resolves launch shapes, and sorts compiler errors into those
// inside analyzed kernels (fatal for that kernel) and those elsewhere (summarized).
#include <chrono>
#include <cstdlib>
#include <fstream>

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/Tooling.h"
#include "frontend/ClangCrashGuard.h"
#include "frontend/CompilerArgs.h"
#include "frontend/DiagnosticCollector.h"
#include "frontend/Frontend.h"
#include "frontend/KernelWalker.h"
#include "frontend/SyncEventExtractor.h"
#include "frontend/AssumedValues.h"
#include "frontend/LaunchArguments.h"
#include "frontend/DynamicSmemOptIn.h"
#include "frontend/LaunchShapes.h"
#include "frontend/NvccDialect.h"
#include "frontend/PreludeFileSystem.h"
#include "frontend/SourceLocations.h"
#include "frontend/LoweringCrossCheck.h"
#include "frontend/UnwalkedCodeLowering.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"

#ifndef BANKCHECK_CLANG_RESOURCE_DIR
#error "BANKCHECK_CLANG_RESOURCE_DIR must be defined by the build"
#endif

namespace bankcheck::frontend {

using namespace clang;

namespace {

class KernelCollector : public RecursiveASTVisitor<KernelCollector> {
 public:
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return false; }
  // Only declarations matter: types are skipped, and a function body is only searched for the
  // classes declared in it (whose member functions are definitions too), without the visitor's
  // full walk of every expression and type in it (a third of the collection time on CuTe).
  bool TraverseTypeLoc(TypeLoc) { return true; }
  bool TraverseStmt(Stmt* s, DataRecursionQueue* = nullptr) {
    if (!s) return true;
    // A lambda's call operator is a definition too (its class is not a declaration statement):
    // the host code calls it, nested in another lambda as ATen's dispatch macros nest them.
    if (auto* lambda = dyn_cast<LambdaExpr>(s)) VisitFunctionDecl(lambda->getCallOperator());
    if (auto* ds = dyn_cast<DeclStmt>(s)) {
      for (Decl* d : ds->decls()) {
        if (isa<TagDecl>(d) && !TraverseDecl(d)) return false;
        // `auto launch = [&] { ... };`: the lambda is in the initializer.
        if (auto* var = dyn_cast<VarDecl>(d); var && var->hasInit() && !TraverseStmt(var->getInit())) return false;
      }
      return true;
    }
    for (Stmt* child : s->children())
      if (!TraverseStmt(child)) return false;
    return true;
  }

  bool VisitFunctionDecl(FunctionDecl* fd) {
    // Invalid definitions too: a torch launcher whose parameters name a missing header keeps its
    // launches, and the host interpreter reads them (frontend/HostLaunches.cpp).
    if (fd->doesThisDeclarationHaveABody() && !fd->isDependentContext() && !inSystemHeader(fd))
      functions.push_back(fd);
    if (!fd->hasAttr<CUDAGlobalAttr>() || !fd->doesThisDeclarationHaveABody()) return true;
    if (fd->isDependentContext()) {
      if (std::find(patterns.begin(), patterns.end(), fd) == patterns.end()) patterns.push_back(fd);
    } else if (std::find(kernels.begin(), kernels.end(), fd) == kernels.end()) {
      kernels.push_back(fd);
    }
    return true;
  }

  std::vector<const FunctionDecl*> kernels;
  std::vector<const FunctionDecl*> patterns;
  std::vector<const FunctionDecl*> functions;  // every definition outside system headers (host code too)

 private:
  bool inSystemHeader(const FunctionDecl* fd) const {
    const SourceManager& sm = fd->getASTContext().getSourceManager();
    return sm.isInSystemHeader(sm.getFileLoc(fd->getLocation()));
  }
};

// Missing headers (cublas_v2.h, torch/...) must not stop the analysis of the kernels: they are
// skipped and listed, and whatever fails to compile because of them is judged by where it is.
class IncludeRecorder : public PPCallbacks {
 public:
  IncludeRecorder(ir::TranslationUnit& tu, const SourceManager& sm) : tu_(tu), sm_(sm) {}
  bool FileNotFound(StringRef) override { return true; }
  void InclusionDirective(SourceLocation hashLoc, const Token&, StringRef fileName, bool isAngled, CharSourceRange,
                          OptionalFileEntryRef file, StringRef, StringRef, const Module*, bool,
                          SrcMgr::CharacteristicKind) override {
    // A stand-in's own includes are not the user's.
    if (llvm::StringRef(sm_.getFilename(hashLoc)).starts_with(kStandInDir)) return;
    const bool standIn = file && file->getName().starts_with(kStandInDir);
    if (file && !standIn) return;
    std::string what = (isAngled ? "<" : "\"") + fileName.str() + (isAngled ? ">" : "\"");
    if (sourceLocOf(sm_, hashLoc).valid()) what += " (" + fileLineOf(sm_, hashLoc) + ")";
    (standIn ? tu_.standInIncludes : tu_.missingIncludes).push_back(what);
  }

 private:
  ir::TranslationUnit& tu_;
  const SourceManager& sm_;
};

// Clang's errors for a name it cannot find: what a skipped header (cub, cuBLAS) leaves behind.
bool namesSomethingMissing(llvm::StringRef message) {
  return message.starts_with("use of undeclared identifier") || message.starts_with("unknown type name") ||
         message.starts_with("no template named") || message.starts_with("no type named") ||
         (message.starts_with("no member named") && message.contains("in namespace")) ||
         message.starts_with("use of undeclared label");
}

// The names of the functions (and function templates) whose definitions are invalid, computed once.
class InvalidFunctions : public RecursiveASTVisitor<InvalidFunctions> {
 public:
  bool shouldVisitTemplateInstantiations() const { return true; }  // the instantiation fails, not the pattern
  bool VisitFunctionDecl(FunctionDecl* fd) {
    if (fd->isInvalidDecl() && fd->getIdentifier()) names.insert(fd->getName());
    return true;
  }
  llvm::StringSet<> names;
};

bool inRange(const SourceManager& sm, SourceRange r, const CollectedDiagnostic& d) {
  SourceLocation b = sm.getFileLoc(r.getBegin()), e = sm.getFileLoc(r.getEnd());
  if (b.isInvalid() || d.loc.isInvalid() || sm.getFileID(b) != d.file) return false;
  return d.fileOffset >= sm.getFileOffset(b) && d.fileOffset <= sm.getFileOffset(e);
}

std::string templateParamNames(const FunctionDecl* pattern) {
  const FunctionTemplateDecl* t = pattern->getDescribedFunctionTemplate();
  if (!t) return "";
  std::string out;
  for (const NamedDecl* p : *t->getTemplateParameters()) {
    if (!out.empty()) out += ", ";
    out += p->getNameAsString();
  }
  return out;
}

class ExtractConsumer : public ASTConsumer {
 public:
  ExtractConsumer(CompilerInstance& ci, ir::TranslationUnit& tu, const FrontendOptions& options, DiagnosticCollector& diags)
      : ci_(ci), tu_(tu), options_(options), diags_(diags) {}

  // Kept so that kernels the AST walk cannot follow can be lowered to LLVM IR afterwards.
  bool HandleTopLevelDecl(DeclGroupRef group) override {
    decls_.add(group);
    return true;
  }
  void HandleCXXStaticMemberVarInstantiation(VarDecl* vd) override { decls_.addStaticMemberInstantiation(vd); }
  // Before any variable of the class is declared: what nvcc accepts of its constructors.
  void HandleTagDeclDefinition(TagDecl* tag) override {
    if (auto* record = dyn_cast<CXXRecordDecl>(tag); record && !ci_.getSourceManager().isInSystemHeader(record->getLocation()))
      acceptEmptyHostConstructors(record);
  }

  bool callIntoCodeAMissingHeaderBroke(ASTContext& ctx, llvm::StringRef message) {
    if (!tu_.headersMissing() || !message.consume_front("no matching function for call to '")) return false;
    const llvm::StringRef name = message.take_until([](char c) { return c == '\''; });
    if (!invalidFunctions_) {
      invalidFunctions_ = std::make_unique<InvalidFunctions>();
      invalidFunctions_->TraverseDecl(ctx.getTranslationUnitDecl());
    }
    return invalidFunctions_->names.count(name) > 0;
  }

  void HandleTranslationUnit(ASTContext& ctx) override {
    tu_.parsed = true;
    const SourceManager& sm = ctx.getSourceManager();
    const auto collectStart = std::chrono::steady_clock::now();
    if (std::getenv("BANKCHECK_TIME_PHASES"))
      llvm::errs() << "bankcheck: phase clang parse: "
                   << std::chrono::duration<double, std::milli>(collectStart - created_).count() << " ms\n";
    KernelCollector collector;
    collector.TraverseDecl(ctx.getTranslationUnitDecl());
    const auto walkStart = std::chrono::steady_clock::now();

    std::vector<KernelDecl> analyzed;
    std::vector<WalkedKernel> walked;
    DevicePointerBindings pointerBindings;
    for (const FunctionDecl* fn : collector.kernels) {
      if (sm.isInSystemHeader(sm.getFileLoc(fn->getLocation()))) continue;
      ir::KernelInstance k;
      k.id = static_cast<int>(tu_.kernels.size());
      k.name = instanceName(fn);
      k.function = fn->getQualifiedNameAsString();
      k.loc = spanOf(ctx, fn->getSourceRange(), fn->getLocation());
      // Errors that only say a call found no function, where every function of that name failed
      // to compile for want of a header that was not found (`BlockAllReduce` built on cub), cost
      // only those calls: the kernel is walked and they are reported as code not walked.
      const CollectedDiagnostic* firstError = nullptr;
      for (CollectedDiagnostic& d : diags_.diagnostics) {
        if (d.message.level != ir::CompilerMessage::Error || !inRange(sm, fn->getSourceRange(), d)) continue;
        d.fromSkippedHeader |= callIntoCodeAMissingHeaderBroke(ctx, d.message.message);
        if (!d.fromSkippedHeader && !firstError) firstError = &d;
      }
      const std::optional<std::string> dialect = firstError ? nvccDialectError(ctx, fn->getSourceRange()) : std::nullopt;
      if (dialect) {
        // nvcc compiles the kernel; Clang cannot read it as nvcc does without an edit the user
        // makes. Not analyzed, like a kernel whose header is missing, and not an input error.
        k.analyzed = false;
        k.notAnErrorInTheCode = true;
        k.notAnalyzedReason = *dialect;
      } else if (firstError) {
        k.analyzed = false;
        // A name the skipped headers would have declared makes the errors after it (clang's
        // recovery turns `cub::BlockReduce<...>` into `int`) consequences, not faults of the code.
        const CollectedDiagnostic* missing = firstMissingName(sm, fn->getSourceRange());
        if (!missing) missing = missingNameBehindParameterTypes(sm, fn);
        k.notAnErrorInTheCode = missing != nullptr;
        k.notAnalyzedReason = "it does not compile (line " + std::to_string(firstError->message.loc.line) + ": " +
                              firstError->message.message + ")";
        if (missing) k.notAnalyzedReason = missingHeaderReason(*missing);
      }
      tu_.kernels.push_back(k);
      if (k.analyzed) {
        const auto kernelStart = std::chrono::steady_clock::now();
        KernelWalker walker(ctx, tu_, k.id, templateParameters_, pointerBindings);
        walker.walkKernel(fn);
        walked.push_back(WalkedKernel{fn, k.id, walker.arrays()});
        if (std::getenv("BANKCHECK_TIME_KERNELS"))
          llvm::errs() << "bankcheck: walk " << k.name << ": "
                       << std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - kernelStart).count() << " ms\n";
      }
      analyzed.push_back(KernelDecl{fn, k.id});
    }
    HostAnalysisOptions host;
    if (options_.gpuArch.size() >= 5 && llvm::StringRef(options_.gpuArch).starts_with("sm_")) {
      unsigned cc = 0;
      if (!llvm::StringRef(options_.gpuArch).substr(3).take_while(llvm::isDigit).getAsInteger(10, cc)) {
        host.computeMajor = static_cast<int>(cc / 10);
        host.computeMinor = static_cast<int>(cc % 10);
      }
    }
    const auto hostStart = std::chrono::steady_clock::now();
    const std::vector<HostLaunch> launches = findHostLaunches(ctx, collector.functions, host);
    if (std::getenv("BANKCHECK_TIME_PHASES")) {
      auto ms = [](auto from, auto to) { return std::chrono::duration<double, std::milli>(to - from).count(); };
      llvm::errs() << "bankcheck: phase collect: " << ms(collectStart, walkStart) << " ms; walk kernels: "
                   << ms(walkStart, hostStart) << " ms; host launches: " << ms(hostStart, std::chrono::steady_clock::now())
                   << " ms (" << collector.functions.size() << " functions, " << launches.size() << " launch contexts)\n";
    }
    const auto shapesStart = std::chrono::steady_clock::now();
    resolveLaunchShapes(ctx, tu_, analyzed, launches, options_);
    recordDynamicSmemOptIns(ctx, tu_, analyzed, collector.functions);
    // Values the user states come first: they win over the constants the launches pass.
    bindAssumedValues(ctx, tu_, analyzed, options_);
    bindLaunchArguments(ctx, tu_, analyzed, launches);
    const auto syncStart = std::chrono::steady_clock::now();
    SyncEventExtractor syncEvents(ctx, tu_);
    for (const WalkedKernel& w : walked) syncEvents.extract(w.instance, w.decl);
    if (std::getenv("BANKCHECK_TIME_PHASES")) {
      auto ms = [](auto from, auto to) { return std::chrono::duration<double, std::milli>(to - from).count(); };
      llvm::errs() << "bankcheck: phase launch shapes and arguments: " << ms(shapesStart, syncStart)
                   << " ms; synchronization events: " << ms(syncStart, std::chrono::steady_clock::now()) << " ms\n";
    }
    if (options_.lowerUnwalkedCode) {
      const auto lowerStart = std::chrono::steady_clock::now();
      lowerUnwalkedCode(ci_, ctx, decls_, walked, tu_);
      if (std::getenv("BANKCHECK_TIME_PHASES"))
        llvm::errs() << "bankcheck: phase lower unwalked code: "
                     << std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - lowerStart).count() << " ms\n";
    }

    if (crossCheckRequested()) crossCheckWalkWithLowering(ci_, ctx, decls_, walked, tu_);

    // Every walk and lowering done: which index terms on device-function parameters every call
    // binds into one array, so that a padding may rewrite them.
    pointerBindings.resolve(tu_);

    for (const FunctionDecl* pattern : collector.patterns) {
      if (sm.isInSystemHeader(sm.getFileLoc(pattern->getLocation()))) continue;
      tu_.kernelTemplates.push_back(spanOf(ctx, pattern->getSourceRange(), pattern->getLocation()));
      const FunctionTemplateDecl* t = pattern->getDescribedFunctionTemplate();
      ir::Unanalyzed u;
      u.loc = spanOf(ctx, pattern->getSourceRange(), pattern->getLocation()).begin;
      u.kernel = pattern->getQualifiedNameAsString();
      u.what = "template kernel '" + u.kernel + "'";
      if (const CollectedDiagnostic* missing = firstMissingName(sm, pattern->getSourceRange())) {
        // Its errors, and those of its instances, follow from a skipped header (see above). Clang
        // gives an invalid template no instance to walk, so the template itself is reported.
        tu_.kernelTemplatesNotInError.push_back(tu_.kernelTemplates.back());
        tu_.kernelTemplates.pop_back();
        const bool instanceReported = std::any_of(tu_.kernels.begin(), tu_.kernels.end(),
                                                  [&](const ir::KernelInstance& k) { return k.function == u.kernel; });
        if (instanceReported) continue;
        u.reason = "not analyzed: " + missingHeaderReason(*missing);
        tu_.unanalyzed.push_back(u);
        continue;
      }
      if (const std::optional<std::string> dialect = nvccDialectError(ctx, pattern->getSourceRange())) {
        // Its instances are invalid, so none is walked: the template is reported, as above.
        tu_.kernelTemplatesNotInError.push_back(tu_.kernelTemplates.back());
        tu_.kernelTemplates.pop_back();
        u.reason = "not analyzed: " + *dialect;
        tu_.unanalyzed.push_back(u);
        continue;
      }
      if (t && !t->specializations().empty()) continue;
      const std::string params = templateParamNames(pattern);
      u.reason = "never instantiated in this file, so not analyzed" +
                 (params.empty() ? std::string() : " (needs values for " + params + ": launch or instantiate it)");
      tu_.unanalyzed.push_back(u);
    }
    if (std::getenv("BANKCHECK_TIME_PHASES"))
      llvm::errs() << "bankcheck: phase AST analysis: "
                   << std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - collectStart).count() << " ms\n";
  }

  // The first error in `range` that names something the skipped headers would have declared.
  const CollectedDiagnostic* firstMissingName(const SourceManager& sm, SourceRange range) const {
    if (!tu_.headersMissing()) return nullptr;
    for (const CollectedDiagnostic& d : diags_.diagnostics)
      if (d.message.level == ir::CompilerMessage::Error && inRange(sm, range, d) && namesSomethingMissing(d.message.message))
        return &d;
    return nullptr;
  }

  // The first error in `range` that is Clang rejecting what nvcc compiles (frontend/NvccDialect.h),
  // as the reason the code is not analyzed.
  std::optional<std::string> nvccDialectError(ASTContext& ctx, SourceRange range) const {
    for (const CollectedDiagnostic& d : diags_.diagnostics)
      if (d.message.level == ir::CompilerMessage::Error && inRange(ctx.getSourceManager(), range, d))
        if (std::optional<std::string> reason = memberTemplateWithoutTemplateKeyword(ctx, d)) return reason;
    return std::nullopt;
  }

  // A parameter whose type is a typedef clang could not build (`typedef torch::PackedTensorAccessor32<...>
  // float_accessor;` with torch's header skipped): the kernel's errors follow from that name.
  const CollectedDiagnostic* missingNameBehindParameterTypes(const SourceManager& sm, const FunctionDecl* fn) const {
    for (const ParmVarDecl* p : fn->parameters()) {
      QualType t = p->getType();
      for (int guard = 0; guard < 8; ++guard) {
        const auto* typedefType = t->getAs<TypedefType>();
        if (!typedefType) break;
        const TypedefNameDecl* decl = typedefType->getDecl();
        if (decl->isInvalidDecl())
          if (const CollectedDiagnostic* d = firstMissingName(sm, decl->getSourceRange())) return d;
        t = decl->getUnderlyingType();
      }
    }
    return nullptr;
  }

  static std::string missingHeaderReason(const CollectedDiagnostic& d) {
    return "it uses a name from a header that was not found and was skipped (line " + std::to_string(d.message.loc.line) + ": " +
           d.message.message + "); give its include path to analyze it";
  }

  static ir::SourceSpan spanOf(ASTContext& ctx, SourceRange r, SourceLocation nameLoc) {
    const SourceManager& sm = ctx.getSourceManager();
    ir::SourceSpan s;
    s.begin = sourceLocOf(sm, nameLoc);
    s.end = sourceLocOf(sm, r.getEnd());
    s.beginOffset = sm.getFileOffset(sm.getFileLoc(r.getBegin()));
    s.endOffset = sm.getFileOffset(sm.getFileLoc(r.getEnd()));
    return s;
  }

 private:
  CompilerInstance& ci_;
  ir::TranslationUnit& tu_;
  const FrontendOptions& options_;
  DiagnosticCollector& diags_;
  const std::chrono::steady_clock::time_point created_ = std::chrono::steady_clock::now();
  DeclRecorder decls_;
  std::unique_ptr<InvalidFunctions> invalidFunctions_;  // built on the first error that needs it
  TemplateParameterUses templateParameters_;  // shared by the kernel walks
};

class ExtractAction : public ASTFrontendAction {
 public:
  ExtractAction(ir::TranslationUnit& tu, const FrontendOptions& options, DiagnosticCollector& diags)
      : tu_(tu), options_(options), diags_(diags) {}

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance& ci, StringRef) override {
    return std::make_unique<ExtractConsumer>(ci, tu_, options_, diags_);
  }
  bool BeginSourceFileAction(CompilerInstance& ci) override {
    ci.getDiagnosticOpts().ShowCarets = false;  // no "N errors generated" line: bankcheck reports errors itself
    ci.getPreprocessor().addPPCallbacks(std::make_unique<IncludeRecorder>(tu_, ci.getSourceManager()));
    return true;
  }

 private:
  ir::TranslationUnit& tu_;
  const FrontendOptions& options_;
  DiagnosticCollector& diags_;
};

// Runs ExtractAction. Like the clang driver (-disable-free), the AST is not torn down piece by
// piece when the CLI will exit anyway: that teardown cost as much as a fifth of the parse.
class ExtractActionFactory : public tooling::FrontendActionFactory {
 public:
  ExtractActionFactory(ir::TranslationUnit& tu, const FrontendOptions& options, DiagnosticCollector& diags)
      : tu_(tu), options_(options), diags_(diags) {}
  std::unique_ptr<FrontendAction> create() override { return std::make_unique<ExtractAction>(tu_, options_, diags_); }
  bool runInvocation(std::shared_ptr<CompilerInvocation> invocation, FileManager* files,
                     std::shared_ptr<PCHContainerOperations> pch, DiagnosticConsumer* consumer) override {
    invocation->getFrontendOpts().DisableFree = options_.leakAstAtExit;
    return FrontendActionFactory::runInvocation(std::move(invocation), files, std::move(pch), consumer);
  }

 private:
  ir::TranslationUnit& tu_;
  const FrontendOptions& options_;
  DiagnosticCollector& diags_;
};

// Problems with the input itself, before clang runs: reported like clang's fatal errors.
// A message about the whole file (no line), rendered the way clang renders its own.
ir::CompilerMessage fileMessage(const std::string& path, ir::CompilerMessage::Level level, const std::string& message) {
  ir::CompilerMessage m;
  m.level = level;
  m.loc.file = path;
  m.message = message;
  m.rendered = path + (level == ir::CompilerMessage::Error ? ": error: " : ": note: ") + message + "\n";
  return m;
}

bool checkInput(const std::string& path, const FrontendOptions& options, ir::TranslationUnit& tu) {
  auto fail = [&](const std::string& message) {
    tu.compilerMessages.push_back(fileMessage(path, ir::CompilerMessage::Error, message));
    return false;
  };
  if (options.overlay.count(path)) return true;
  llvm::sys::fs::file_status status;
  if (std::error_code ec = llvm::sys::fs::status(path, status); ec || !llvm::sys::fs::exists(status))
    return fail("no such file or directory");
  if (llvm::sys::fs::is_directory(status)) return fail("is a directory, not a CUDA source file");
  if (status.type() != llvm::sys::fs::file_type::regular_file && status.type() != llvm::sys::fs::file_type::symlink_file)
    return fail("is not a regular file (a pipe or a device is not read)");
  std::ifstream in(path, std::ios::binary);
  if (!in) return fail("cannot be read");
  if (status.getSize() == 0) return fail("file is empty");
  // What clang would read as garbage or as nothing: say so instead of reporting it clean.
  std::string head(4096, '\0');
  in.read(head.data(), static_cast<std::streamsize>(head.size()));
  head.resize(static_cast<size_t>(in.gcount()));
  if (head.size() >= 2 && ((head[0] == '\xff' && head[1] == '\xfe') || (head[0] == '\xfe' && head[1] == '\xff')))
    return fail("is UTF-16 text; bankcheck reads UTF-8 (convert it with iconv -f UTF-16 -t UTF-8)");
  if (head.find('\0') != std::string::npos) return fail("is not source text (it contains NUL bytes)");
  if (status.getSize() <= head.size() && llvm::StringRef(head).trim().empty())
    return fail("contains only whitespace");
  return true;
}

}  // namespace

namespace {
// The command line, and the notes on how the user's flags were taken (a compilation database
// without the file, the toolkit's include directories left out).
std::vector<std::string> commandLineWithNotes(const std::string& path, const FrontendOptions& options,
                                              std::vector<std::string>& notes) {
  std::vector<std::string> args = {
      "clang++",
      "-x", "cuda",
      "--cuda-device-only",
      "-nocudainc",
      "-nocudalib",
      "--cuda-gpu-arch=" + options.gpuArch,
      "-Wno-unknown-cuda-version",
      // No compiler warning is ever shown (the report has errors only), and without them Sema
      // skips the analyses behind them, such as the control-flow graph -Wreturn-type builds for
      // every function and template instance (docs/benchmark.md).
      "-w",
      "-fsyntax-only",
      "-ferror-limit=0",
      "-fno-color-diagnostics",
      "-resource-dir", BANKCHECK_CLANG_RESOURCE_DIR,
      "-isystem", kPreludeDir,
      "-include", preludeForcedInclude(),
      "-std=c++17",
  };
  std::string dbNote;
  std::vector<std::string> dropped;
  std::vector<std::string> user = withoutToolkitIncludes(userFlagsFor(path, options, dbNote), dropped);
  if (!dbNote.empty()) notes.push_back(dbNote);
  for (const std::string& flag : dropped)
    notes.push_back("'" + flag + "' is a CUDA toolkit's include directory; bankcheck parses against its own CUDA headers "
                    "(docs/prelude.md) and does not search it");
  args.insert(args.end(), user.begin(), user.end());
  // Last of all directories, the user's -idirafter included; a system directory, as -idirafter's are.
  args.push_back("-idirafter");
  args.push_back(kStandInDir);
  args.push_back(path);
  return args;
}
}  // namespace

std::vector<std::string> compilerCommandLine(const std::string& path, const FrontendOptions& options) {
  std::vector<std::string> notes;
  return commandLineWithNotes(path, options, notes);
}

ir::TranslationUnit analyzeFile(const std::string& path, const FrontendOptions& options) {
  ir::TranslationUnit tu;
  tu.file = path;
  if (!checkInput(path, options, tu)) return tu;

  std::vector<std::string> notes;
  const std::vector<std::string> commandLine = commandLineWithNotes(path, options, notes);
  for (const std::string& note : notes) tu.compilerMessages.push_back(fileMessage(path, ir::CompilerMessage::Note, note));

  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> fs = makePreludeFileSystem(options.overlay);
  llvm::IntrusiveRefCntPtr<FileManager> files(new FileManager(FileSystemOptions(), fs));
  DiagnosticCollector diags;
  ExtractActionFactory factory(tu, options, diags);
  tooling::ToolInvocation invocation(commandLine, &factory, files.get(),
                                     std::make_shared<PCHContainerOperations>());
  invocation.setDiagnosticConsumer(&diags);
  if (!runClangGuarded([&] { invocation.run(); })) {
    // Nothing clang produced before crashing can be trusted; report the file, not a clean run.
    ir::TranslationUnit crashed;
    crashed.file = path;
    crashed.compilerMessages.push_back(fileMessage(
        path, ir::CompilerMessage::Error,
        "clang crashed while parsing this file; nothing in it was analyzed (run clang-19 -fsyntax-only on it to "
        "see clang's own report)"));
    return crashed;
  }

  // Errors inside a kernel that was analyzed would have stopped it; mark where each one is.
  // Errors inside a kernel that only lacks a skipped header are counted with those outside.
  std::vector<ir::SourceSpan> kernelSpans = tu.kernelTemplates, blockedSpans = tu.kernelTemplatesNotInError;
  for (const ir::KernelInstance& k : tu.kernels) (k.notAnErrorInTheCode ? blockedSpans : kernelSpans).push_back(k.loc);
  auto inside = [](const CollectedDiagnostic& d, const std::vector<ir::SourceSpan>& spans) {
    for (const ir::SourceSpan& k : spans)
      if (d.message.loc.file == k.begin.file && d.fileOffset >= k.beginOffset && d.fileOffset <= k.endOffset) return true;
    return false;
  };
  for (CollectedDiagnostic& d : diags.diagnostics) {
    const bool fromSkippedHeader =
        d.fromSkippedHeader || (tu.headersMissing() && namesSomethingMissing(d.message.message));
    d.message.insideKernel = inside(d, kernelSpans) && !inside(d, blockedSpans) && !fromSkippedHeader;
    tu.compilerMessages.push_back(d.message);
  }
  if (!tu.parsed && std::none_of(tu.compilerMessages.begin(), tu.compilerMessages.end(),
                                 [](const ir::CompilerMessage& m) { return m.level == ir::CompilerMessage::Error; })) {
    tu.compilerMessages.push_back(fileMessage(path, ir::CompilerMessage::Error, "clang could not parse the file"));
  }
  return tu;
}

}  // namespace bankcheck::frontend
