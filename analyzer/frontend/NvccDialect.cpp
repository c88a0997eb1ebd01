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
  if (!message.starts_with("missing 'template' keyword prior to dependent template name") &&
      !message.starts_with("reference to overloaded function could not be resolved"))
    return std::nullopt;
  // The error points at the qualified name: `ns::Sums<P, 4>::dispatch < N > (args)`. Read the
  // tokens from there up to the call's `>(`: the last `:: identifier <` is the member template.
  const SourceManager& sm = ctx.getSourceManager();
  if (d.loc.isInvalid()) return std::nullopt;
  SourceLocation loc = d.loc, memberLess;
  std::string member, candidate;
  bool afterScope = false, afterGreater = false;
  for (int guard = 0; guard < 256; ++guard) {
    Token t;
    if (Lexer::getRawToken(loc, t, sm, ctx.getLangOpts(), /*IgnoreWhiteSpace=*/true)) return std::nullopt;
    if (t.isOneOf(tok::semi, tok::l_brace, tok::r_brace, tok::eof)) return std::nullopt;
    if (t.is(tok::l_paren) && afterGreater) break;  // the call's arguments
    if (t.is(tok::less) && !candidate.empty()) {
      member = candidate;
      memberLess = t.getLocation();
    }
    candidate = afterScope && t.is(tok::raw_identifier) ? t.getRawIdentifier().str() : std::string();
    afterScope = t.is(tok::coloncolon);
    afterGreater = t.isOneOf(tok::greater, tok::greatergreater);
    loc = t.getEndLoc();
  }
  if (member.empty()) return std::nullopt;
  const std::string qualified =
      Lexer::getSourceText(CharSourceRange::getCharRange(d.loc, memberLess), sm, ctx.getLangOpts()).rtrim().str();
  if (qualified.size() < member.size()) return std::nullopt;
  const std::string scope = qualified.substr(0, qualified.size() - member.size());
  return "Clang reads '" + qualified + "<...>(...)' at line " + std::to_string(d.message.loc.line) +
         " as comparisons, where nvcc calls the member template '" + member + "': write '" + scope + "template " +
         member + "<...>(...)' to analyze it (Clang: " + message.str() + ")";
}

}  // namespace bankcheck::frontend
