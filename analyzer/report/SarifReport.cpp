#include "report/SarifReport.h"

#include <cctype>
#include <map>
#include <string_view>

namespace bankcheck::report {

namespace {
const char* sarifLevel(Level l) {
  switch (l) {
    case Level::Error: return "error";
    case Level::Warning: return "warning";
    case Level::Remark:
    case Level::Note: return "note";
  }
  return "none";
}

// A relative path as a URI reference: forward slashes, and the characters a URI cannot hold
// percent-encoded.
std::string uriOf(const std::string& path) {
  std::string out;
  for (unsigned char c : path) {
    if (std::isalnum(c) || std::string_view("/-._~").find(static_cast<char>(c)) != std::string_view::npos) out += static_cast<char>(c);
    else if (c == '\\') out += '/';
    else {
      static const char* hex = "0123456789ABCDEF";
      out += '%';
      out += hex[c >> 4];
      out += hex[c & 15];
    }
  }
  if (out.rfind("./", 0) == 0) out.erase(0, 2);
  return out;
}

llvm::json::Object region(const ir::SourceSpan& s) {
  llvm::json::Object r{{"startLine", static_cast<int64_t>(s.begin.line)}};
  if (s.begin.column) r["startColumn"] = static_cast<int64_t>(s.begin.column);
  if (s.end.valid() && s.end.file == s.begin.file && s.end.line >= s.begin.line) {
    r["endLine"] = static_cast<int64_t>(s.end.line);
    if (s.end.column) r["endColumn"] = static_cast<int64_t>(s.end.column);
  }
  return r;
}

llvm::json::Object physicalLocation(const ir::SourceSpan& s) {
  return llvm::json::Object{{"physicalLocation", llvm::json::Object{{"artifactLocation", llvm::json::Object{{"uri", uriOf(s.begin.file)}}},
                                                                    {"region", region(s)}}}};
}
}  // namespace

llvm::json::Value sarifLog(const std::string& toolVersion, const std::vector<SarifRule>& rules,
                           const std::vector<Diagnostic>& diagnostics) {
  std::map<std::string, size_t> ruleIndex;
  llvm::json::Array ruleArray;
  for (const SarifRule& r : rules) {
    ruleIndex[r.id] = ruleArray.size();
    ruleArray.push_back(llvm::json::Object{{"id", r.id},
                                           {"shortDescription", llvm::json::Object{{"text", r.summary}}},
                                           {"helpUri", r.helpUri},
                                           {"defaultConfiguration", llvm::json::Object{{"level", sarifLevel(r.level)}}}});
  }

  llvm::json::Array results;
  for (size_t i = 0; i < diagnostics.size(); ++i) {
    const Diagnostic& d = diagnostics[i];
    if (d.level == Level::Note) continue;  // attached to the finding before it
    std::string text = d.message;
    llvm::json::Array related, fixes;
    for (size_t j = i + 1; j < diagnostics.size() && diagnostics[j].level == Level::Note; ++j) {
      const Diagnostic& n = diagnostics[j];
      text += "\nnote: " + n.message;
      if (n.span.begin.valid()) {
        llvm::json::Object loc = physicalLocation(n.span);
        loc["id"] = static_cast<int64_t>(related.size());
        loc["message"] = llvm::json::Object{{"text", n.message}};
        related.push_back(std::move(loc));
      }
      if (!n.fixIts.empty()) {
        std::map<std::string, llvm::json::Array> byFile;
        for (const FixIt& f : n.fixIts) {
          llvm::json::Object deleted = region(f.span);
          if (!deleted.get("endLine")) {
            deleted["endLine"] = static_cast<int64_t>(f.span.begin.line);
            deleted["endColumn"] = static_cast<int64_t>(f.span.begin.column);
          }
          byFile[f.span.begin.file].push_back(
              llvm::json::Object{{"deletedRegion", std::move(deleted)}, {"insertedContent", llvm::json::Object{{"text", f.text}}}});
        }
        llvm::json::Array changes;
        for (auto& [file, replacements] : byFile)
          changes.push_back(llvm::json::Object{{"artifactLocation", llvm::json::Object{{"uri", uriOf(file)}}},
                                               {"replacements", std::move(replacements)}});
        fixes.push_back(llvm::json::Object{{"description", llvm::json::Object{{"text", n.message}}},
                                           {"artifactChanges", std::move(changes)}});
      }
    }
    llvm::json::Object result{{"ruleId", d.checkName}, {"level", sarifLevel(d.level)}, {"message", llvm::json::Object{{"text", text}}}};
    if (auto it = ruleIndex.find(d.checkName); it != ruleIndex.end()) result["ruleIndex"] = static_cast<int64_t>(it->second);
    if (d.span.begin.valid()) result["locations"] = llvm::json::Array{physicalLocation(d.span)};
    if (!related.empty()) result["relatedLocations"] = std::move(related);
    if (!fixes.empty()) result["fixes"] = std::move(fixes);
    results.push_back(std::move(result));
  }

  llvm::json::Object driver{{"name", "bankcheck"},
                            {"version", toolVersion},
                            {"rules", std::move(ruleArray)}};
  return llvm::json::Object{
      {"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
      {"version", "2.1.0"},
      {"runs", llvm::json::Array{llvm::json::Object{{"tool", llvm::json::Object{{"driver", std::move(driver)}}},
                                                    {"results", std::move(results)}}}}};
}

}  // namespace bankcheck::report
