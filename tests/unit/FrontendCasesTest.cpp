// Runs the front end on every annotated file in tests/frontend/ and checks the IR against the
// annotations written next to the code (like clang's -verify):
//
//   // IR-KERNEL: transposeT<8> block=32x8x1 source=launch
//   // IR-ARRAY: tile dims=32x33 elem=float size=4224
//   // IR-ARRAY: Bs elem=float carved=smem offset=32768
//   // IR-NOT-ANALYZED: template kernel 'k' {{reason substring}}
//   // ARGS: --block indirect=256
//   x = tile[ty][tx];  // IR: load tile w=4 at(1,2)=264 at(3,0,k=5)=396 loops=1 inlined
//   y = s[perm[i]];    // IR: load s unknown {{reason substring}}
//   y = p[k];          // IR: load s terms=[j*D@2; k@4^!]
//
// `at(tx,ty,tz,name=value)` evaluates the access's byte offset for one thread; names are loop
// induction variables (solved for their iteration), kernel parameters, or `iter` (the iteration
// number of the outermost loop not named). `terms=[...]` lists the written terms of the offset
// (ir::OffsetPiece) as text@unitBytes, `^` for a pointer's subscript, `!` when not rewritable;
// `terms=[not followed]` when they cannot be followed. Every access in the file must be annotated, in
// column order on its line, and must match in every kernel instantiation.
#include <gtest/gtest.h>

#include "common/CaseFiles.h"

#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <regex>
#include <sstream>

#include "frontend/Frontend.h"
#include "ir/Module.h"
#include "mapper/LaneEvaluator.h"

namespace bankcheck {
namespace {

namespace fs = std::filesystem;

struct AccessExpectation {
  std::string kind, array;
  unsigned width = 0;
  bool unknown = false;
  std::string reason;
  struct Point {
    int64_t tid[3] = {0, 0, 0};
    std::map<std::string, int64_t> names;
    int64_t offset = 0;
    std::string text;
  };
  std::vector<Point> points;
  int loops = -1;
  bool inlined = false;
  std::string text;
  std::optional<std::string> terms;
};

// The written terms of an access as `terms=[...]` spells them.
std::string termsText(const ir::Access& a) {
  if (!a.piecesWhyNot.empty()) return "not followed";
  std::string out;
  for (const ir::OffsetPiece& p : a.pieces)
    out += (out.empty() ? "" : "; ") + p.text + "@" + std::to_string(p.unitBytes) + (p.pointerSubscript ? "^" : "") +
           (p.notRewritable.empty() ? "" : "!");
  return out;
}

std::vector<AccessExpectation> parseAccessAnnotations(const std::string& line) {
  std::vector<AccessExpectation> out;
  size_t pos = 0;
  while ((pos = line.find("// IR: ", pos)) != std::string::npos) {
    pos += 7;
    size_t end = line.find("// IR: ", pos);
    std::string spec = line.substr(pos, end == std::string::npos ? std::string::npos : end - pos);
    AccessExpectation e;
    e.text = spec;
    std::istringstream in(spec);
    in >> e.kind >> e.array;
    std::smatch m;
    static const std::regex reason(R"(\{\{(.*)\}\})");
    if (std::regex_search(spec, m, reason)) e.reason = m[1];
    static const std::regex terms(R"(terms=\[([^\]]*)\])");
    if (std::regex_search(spec, m, terms)) e.terms = m[1];
    static const std::regex at(R"(at\(([^)]*)\)=(-?\d+))");
    for (auto it = std::sregex_iterator(spec.begin(), spec.end(), at); it != std::sregex_iterator(); ++it) {
      AccessExpectation::Point p;
      p.text = (*it)[0];
      p.offset = std::stoll((*it)[2]);
      std::stringstream args((*it)[1]);
      std::string item;
      int positional = 0;
      while (std::getline(args, item, ',')) {
        if (item.find('=') != std::string::npos) p.names[item.substr(0, item.find('='))] = std::stoll(item.substr(item.find('=') + 1));
        else if (positional < 3) p.tid[positional++] = std::stoll(item);
      }
      e.points.push_back(p);
    }
    std::string word;
    std::istringstream words(spec);
    while (words >> word) {
      if (word.rfind("w=", 0) == 0) e.width = static_cast<unsigned>(std::stoul(word.substr(2)));
      if (word.rfind("loops=", 0) == 0) e.loops = std::stoi(word.substr(6));
      if (word == "inlined") e.inlined = true;
      if (word == "unknown") e.unknown = true;
    }
    out.push_back(e);
  }
  return out;
}

// Evaluates the access's byte offset for one thread and the named values.
bool offsetAt(const ir::TranslationUnit& tu, const ir::Access& a, const AccessExpectation::Point& p, int64_t& out,
              std::string& error) {
  const ir::KernelInstance& k = tu.kernel(a.kernelInstance);
  mapper::LaneContext ctx;
  for (int d = 0; d < 3; ++d) ctx.threadIdx[d].fill(p.tid[d]);
  if (k.launch.known) {
    ctx.blockDim[0] = k.launch.x;
    ctx.blockDim[1] = k.launch.y;
    ctx.blockDim[2] = k.launch.z;
  }
  ctx.symbols.assign(k.symbols.size(), 0);
  ctx.symbolSet.assign(k.symbols.size(), 1);
  for (const ir::Symbol& s : k.symbols)
    if (s.kind == ir::SymbolKind::KernelParam && p.names.count(s.name)) ctx.symbols[static_cast<size_t>(s.id)] = p.names.at(s.name);
  bool iterUsed = false;
  for (int loopId : a.loops) {
    const ir::Loop& L = k.loops[static_cast<size_t>(loopId)];
    const size_t sym = static_cast<size_t>(L.iterSymbol);
    if (!L.inductionVar.empty() && p.names.count(L.inductionVar)) {
      bool found = false;
      for (int64_t it = 0; it < 4096 && !found; ++it) {
        ctx.symbols[sym] = it;
        mapper::EvalResult r;
        mapper::evaluateLanes(*L.inductionValue, ctx, 1u, r);
        if (!r.failed && r.values[0] == p.names.at(L.inductionVar)) found = true;
      }
      if (!found) {
        error = "no iteration gives " + L.inductionVar + " = " + std::to_string(p.names.at(L.inductionVar));
        return false;
      }
    } else if (!iterUsed && p.names.count("iter")) {
      ctx.symbols[sym] = p.names.at("iter");
      iterUsed = true;
    }
  }
  mapper::EvalResult r;
  mapper::evaluateLanes(*a.byteOffset, ctx, 1u, r);
  if (r.failed || r.missingSymbol) {
    error = "evaluation failed: " + std::string(r.problem);
    return false;
  }
  out = r.values[0];
  return true;
}

class FrontendCase : public ::testing::TestWithParam<std::string> {};

TEST_P(FrontendCase, MatchesAnnotations) {
  const std::string path = GetParam();
  std::ifstream in(path);
  ASSERT_TRUE(in) << path;
  std::vector<std::string> lines;
  for (std::string l; std::getline(in, l);) lines.push_back(l);

  frontend::FrontendOptions options;
  for (const std::string& l : lines) {
    static const std::regex argsRe(R"(// ARGS: --block (\S+)=(\d+)(?:x(\d+))?(?:x(\d+))?)");
    std::smatch m;
    if (std::regex_search(l, m, argsRe)) {
      frontend::BlockOverride o;
      o.kernel = m[1];
      o.x = static_cast<unsigned>(std::stoul(m[2]));
      o.y = m[3].matched ? static_cast<unsigned>(std::stoul(m[3])) : 1;
      o.z = m[4].matched ? static_cast<unsigned>(std::stoul(m[4])) : 1;
      options.blocks.push_back(o);
    }
  }
  ir::TranslationUnit tu = frontend::analyzeFile(path, options);
  ASSERT_TRUE(tu.parsed);
  for (const ir::CompilerMessage& m : tu.compilerMessages)
    EXPECT_NE(m.level, ir::CompilerMessage::Error) << m.rendered;

  // Kernels.
  for (const std::string& l : lines) {
    static const std::regex kernelRe(R"(// IR-KERNEL: (\S+) block=(\S+)(?: source=(.*))?)");
    std::smatch m;
    if (!std::regex_search(l, m, kernelRe)) continue;
    auto it = std::find_if(tu.kernels.begin(), tu.kernels.end(), [&](const ir::KernelInstance& k) { return k.name == m[1].str(); });
    ASSERT_NE(it, tu.kernels.end()) << "no kernel instance " << m[1];
    EXPECT_TRUE(it->analyzed) << it->notAnalyzedReason;
    if (m[2] == "unknown") {
      EXPECT_FALSE(it->launch.known) << it->name;
      EXPECT_FALSE(it->launch.unknownReason.empty());
    } else {
      ASSERT_TRUE(it->launch.known) << it->name << ": " << it->launch.unknownReason;
      // Every shape the kernel is analyzed with, in order: `block=16x16x1,32x8x1`.
      auto text = [](const ir::LaunchShape& s) { return std::to_string(s.x) + "x" + std::to_string(s.y) + "x" + std::to_string(s.z); };
      std::string shapes = text(it->launch);
      for (const ir::LaunchShape& more : it->moreLaunches) shapes += "," + text(more);
      EXPECT_EQ(shapes, m[2].str()) << it->name << " (" << it->launch.source << ")";
      if (m[3].matched) {
        EXPECT_EQ(it->launch.source.rfind(m[3].str(), 0), 0u) << it->name << " block from: " << it->launch.source;
      }
    }
  }
  // Arrays.
  for (const std::string& l : lines) {
    static const std::regex arrayRe(R"(// IR-ARRAY: (\S+)(.*))");
    std::smatch m;
    if (!std::regex_search(l, m, arrayRe)) continue;
    const std::string name = m[1], rest = m[2];
    std::map<std::string, std::string> props;
    std::istringstream words(rest);
    for (std::string w; words >> w;) {
      const size_t eq = w.find('=');
      props[eq == std::string::npos ? w : w.substr(0, eq)] = eq == std::string::npos ? "" : w.substr(eq + 1);
    }
    bool matched = false;
    std::string seen;
    for (const ir::SharedArray& a : tu.arrays) {
      if (a.name != name) continue;
      std::string dims;
      for (size_t i = 0; i < a.dims.size(); ++i) dims += (i ? "x" : "") + std::to_string(a.dims[i]);
      bool ok = true;
      if (props.count("dims")) ok &= dims == props["dims"];
      if (props.count("elem")) ok &= a.elementType == props["elem"];
      if (props.count("size")) ok &= std::to_string(a.sizeBytes) == props["size"];
      if (props.count("dynamic")) ok &= a.isDynamic;
      if (props.count("carved")) ok &= a.carvedFrom >= 0 && tu.array(a.carvedFrom).name == props["carved"];
      if (props.count("offset")) {
        int64_t off = -1;
        ok &= a.carveOffset && ir::isConst(a.carveOffset, &off) && std::to_string(off) == props["offset"];
      }
      seen += " [" + a.name + " dims=" + dims + " elem=" + a.elementType + " size=" + std::to_string(a.sizeBytes) +
              (a.carvedFrom >= 0 ? " carved offset=" + ir::toString(a.carveOffset) : "") + "]";
      matched |= ok;
    }
    EXPECT_TRUE(matched) << "no array matches '" << l << "'; seen:" << seen;
  }
  // Things not analyzed.
  for (const std::string& l : lines) {
    static const std::regex naRe(R"(// IR-NOT-ANALYZED: (.*) \{\{(.*)\}\})");
    std::smatch m;
    if (!std::regex_search(l, m, naRe)) continue;
    bool found = false;
    for (const ir::Unanalyzed& u : tu.unanalyzed)
      found |= u.what.find(m[1].str()) != std::string::npos && u.reason.find(m[2].str()) != std::string::npos;
    EXPECT_TRUE(found) << "not listed: " << l;
  }
  // Accesses, per kernel instance and line, in column order.
  std::map<std::pair<int, unsigned>, std::vector<const ir::Access*>> byLine;
  for (const ir::Access& a : tu.accesses) {
    if (a.span.begin.file != path) continue;
    byLine[{a.kernelInstance, a.span.begin.line}].push_back(&a);
  }
  for (auto& [key, accesses] : byLine) {
    std::stable_sort(accesses.begin(), accesses.end(), [](const ir::Access* x, const ir::Access* y) { return x->span.begin.column < y->span.begin.column; });
    const unsigned line = key.second;
    const std::vector<AccessExpectation> expected = parseAccessAnnotations(lines[line - 1]);
    const std::string where = path + ":" + std::to_string(line) + " in " + tu.kernel(key.first).name;
    ASSERT_EQ(expected.size(), accesses.size()) << where << ": annotations vs accesses found; line: " << lines[line - 1];
    for (size_t i = 0; i < accesses.size(); ++i) {
      const ir::Access& a = *accesses[i];
      const AccessExpectation& e = expected[i];
      EXPECT_EQ(ir::spelling(a.kind), e.kind) << where << " #" << i;
      EXPECT_EQ(tu.array(a.array).name, e.array) << where << " #" << i;
      if (e.unknown) {
        EXPECT_FALSE(a.byteOffset) << where << " #" << i << " expected unknown, got " << ir::toString(a.byteOffset);
        EXPECT_NE(a.unknownReason.find(e.reason), std::string::npos) << where << ": reason was '" << a.unknownReason << "'";
        continue;
      }
      ASSERT_TRUE(a.byteOffset) << where << " #" << i << ": " << a.unknownReason;
      if (e.width) {
        EXPECT_EQ(a.widthBytes, e.width) << where << " #" << i;
      }
      if (e.loops >= 0) {
        EXPECT_EQ(static_cast<int>(a.loops.size()), e.loops) << where << " #" << i;
      }
      if (e.inlined) {
        EXPECT_FALSE(a.inlinedAt.empty()) << where << " #" << i;
      }
      if (e.terms) {
        EXPECT_EQ(termsText(a), *e.terms) << where << " #" << i << (a.piecesWhyNot.empty() ? "" : ": " + a.piecesWhyNot);
      }
      for (const auto& p : e.points) {
        int64_t got = 0;
        std::string error;
        ASSERT_TRUE(offsetAt(tu, a, p, got, error)) << where << " " << p.text << ": " << error << " in " << ir::toString(a.byteOffset);
        EXPECT_EQ(got, p.offset) << where << " " << p.text << " offset expression: " << ir::toString(a.byteOffset);
      }
    }
  }
  // Every annotated line has accesses (an annotation cannot silently match nothing).
  for (size_t i = 0; i < lines.size(); ++i) {
    if (lines[i].find("// IR: ") == std::string::npos) continue;
    bool any = false;
    for (auto& [key, accesses] : byLine) any |= key.second == i + 1;
    EXPECT_TRUE(any) << path << ":" << i + 1 << ": annotated, but no access was extracted";
  }
}

INSTANTIATE_TEST_SUITE_P(Files, FrontendCase, ::testing::ValuesIn(testing::cuFilesIn(BANKCHECK_FRONTEND_CASES)), testing::caseName);

}  // namespace
}  // namespace bankcheck
