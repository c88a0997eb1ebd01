#include "rules/ConfigFile.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/YAMLParser.h"

namespace bankcheck::rules {

namespace {
constexpr const char* kFileName = ".bankcheck.yaml";

std::string where(llvm::SourceMgr& sm, llvm::SMLoc loc, const std::string& path) {
  const auto [line, column] = sm.getLineAndColumn(loc);
  return path + ":" + std::to_string(line) + ":" + std::to_string(column);
}
}  // namespace

std::optional<CheckConfig> parseConfig(const std::string& text, const std::string& path, std::string& error) {
  CheckConfig config;
  config.path = path;
  llvm::SourceMgr sm;
  std::string yamlErrors;
  sm.setDiagHandler([](const llvm::SMDiagnostic& d, void* ctx) { *static_cast<std::string*>(ctx) += d.getMessage().str(); }, &yamlErrors);
  llvm::yaml::Stream stream(text, sm);
  for (llvm::yaml::Document& doc : stream) {
    llvm::yaml::Node* root = doc.getRoot();
    if (!root || llvm::isa<llvm::yaml::NullNode>(root)) continue;  // an empty file
    auto* map = llvm::dyn_cast<llvm::yaml::MappingNode>(root);
    if (!map) {
      error = where(sm, root->getSourceRange().Start, path) + ": error: expected a mapping (Checks: '...', WarningsAsErrors: '...')";
      return std::nullopt;
    }
    for (llvm::yaml::KeyValueNode& kv : *map) {
      auto* key = llvm::dyn_cast_or_null<llvm::yaml::ScalarNode>(kv.getKey());
      auto* value = llvm::dyn_cast_or_null<llvm::yaml::ScalarNode>(kv.getValue());
      if (!yamlErrors.empty()) break;
      if (!key) {
        error = where(sm, kv.getSourceRange().Start, path) + ": error: expected a key";
        return std::nullopt;
      }
      llvm::SmallString<32> keyStorage, valueStorage;
      const std::string k = key->getValue(keyStorage).str();
      if (k != "Checks" && k != "WarningsAsErrors") {
        error = where(sm, key->getSourceRange().Start, path) + ": error: unknown key '" + k + "' (known: Checks, WarningsAsErrors)";
        return std::nullopt;
      }
      if (!value) {
        error = where(sm, kv.getSourceRange().Start, path) + ": error: '" + k + "' needs a string of check globs";
        return std::nullopt;
      }
      (k == "Checks" ? config.checks : config.warningsAsErrors) = value->getValue(valueStorage).str();
    }
  }
  if (!yamlErrors.empty()) {
    error = path + ": error: not valid YAML: " + yamlErrors;
    return std::nullopt;
  }
  return config;
}

std::optional<CheckConfig> configFor(const std::string& sourceFile, std::string& error) {
  llvm::SmallString<256> dir(sourceFile);
  llvm::sys::fs::make_absolute(dir);
  llvm::sys::path::remove_filename(dir);
  for (llvm::StringRef d = dir; !d.empty(); d = llvm::sys::path::parent_path(d)) {
    llvm::SmallString<256> candidate(d);
    llvm::sys::path::append(candidate, kFileName);
    if (!llvm::sys::fs::exists(candidate)) continue;
    auto buffer = llvm::MemoryBuffer::getFile(candidate, /*IsText=*/true);
    if (!buffer) {
      error = candidate.str().str() + ": error: cannot be read: " + buffer.getError().message();
      return std::nullopt;
    }
    return parseConfig((*buffer)->getBuffer().str(), candidate.str().str(), error);
  }
  return CheckConfig{};
}

}  // namespace bankcheck::rules
