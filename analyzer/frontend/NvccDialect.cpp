#include "frontend/NvccDialect.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

namespace bankcheck::frontend {

using namespace clang;

namespace {

// nvcc's condition for a constructor it may leave out: no member initializers and no statements.
bool isEmptyDefaultConstructor(const CXXConstructorDecl* c) {
  if (!c->isDefaultConstructor() || !c->isUserProvided() || !c->hasBody()) return false;
  for (const CXXCtorInitializer* init : c->inits())
    if (init->isWritten()) return false;
  const auto* body = dyn_cast_or_null<CompoundStmt>(c->getBody());
  return body && body->body_empty();
}

}  // namespace

void acceptEmptyHostConstructors(CXXRecordDecl* record) {
  // Templates and local classes of templates too: their instances copy the attributes.
  CXXConstructorDecl* only = nullptr;
  for (CXXConstructorDecl* c : record->ctors()) {
    if (!c->isDefaultConstructor()) continue;
    if (only || c->hasAttr<CUDADeviceAttr>() || c->hasAttr<CUDAHostAttr>() || c->hasAttr<CUDAGlobalAttr>()) return;
    only = c;
  }
  if (!only || !isEmptyDefaultConstructor(only)) return;
  ASTContext& ctx = record->getASTContext();
  only->addAttr(CUDAHostAttr::CreateImplicit(ctx));
  only->addAttr(CUDADeviceAttr::CreateImplicit(ctx));
}

std::optional<std::string> memberTemplateWithoutTemplateKeyword(ASTContext& ctx, const CollectedDiagnostic& d) {
  const llvm::StringRef message = d.message.message;
  if (!message.starts_with("missing 'template' keyword prior to dependent template name") && !message.starts_with("reference to overloaded function could not be resolved")) return std::nullopt;
  // The error points at the qualified name: `Sums<P, 4>::dispatch < N > (args)`. Read the
  // tokens from there: the last `:: identifier` before a `<` is the member template.
  const SourceManager& sm = ctx.getSourceManager();
  if (d.loc.isInvalid()) return std::nullopt;
  SourceLocation loc = d.loc;
  std::string qualified, member;
  bool afterScope = false, found = false;
  for (int guard = 0; guard < 64; ++guard) {
    Token t;
    if (Lexer::getRawToken(loc, t, sm, ctx.getLangOpts(), /*IgnoreWhiteSpace=*/true)) return std::nullopt;
    if (t.is(tok::less) && afterScope && !member.empty()) {
      found = true;
      qualified = Lexer::getSourceText(CharSourceRange::getCharRange(d.loc, t.getLocation()), sm, ctx.getLangOpts()).rtrim().str();
      break;
    }
    if (t.isOneOf(tok::semi, tok::l_brace, tok::r_brace, tok::eof)) return std::nullopt;
    if (t.is(tok::coloncolon)) {
      afterScope = true;
      member.clear();
    } else if (afterScope && member.empty() && t.is(tok::raw_identifier)) {
      member = t.getRawIdentifier().str();
    } else {
      afterScope = false;
      member.clear();
    }
    loc = t.getEndLoc();
  }
  if (!found) return std::nullopt;
  if (qualified.size() < member.size()) return std::nullopt;
  const std::string scope = qualified.substr(0, qualified.size() - member.size());
  return "Clang reads '" + qualified + "<...>(...)' at line " + std::to_string(d.message.loc.line) +
         " as comparisons, where nvcc calls the member template '" + member + "': write '" + scope + "template " +
         member + "<...>(...)' to analyze it (Clang: " + message.str() + ")";
}

}  // namespace bankcheck::frontend
