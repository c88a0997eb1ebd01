// Runs the whole pipeline (the driver: front end, mapper, advisor, checks) on every file in tests/cases/ and checks
// the findings against expectations written next to the code, like clang's -verify:
//
//   x = tile[tx][ty];  // expected-warning {{32-way bank conflict on load from 'tile'}}
//   // expected-warning@+1 {{...}}        (the next line; @-1 the previous one)
//   // expected-remark {{not computed: block shape unknown}}
//   // expected-note {{worst case: warp 0}}   (a note of the warning on the same line)
//   // expected-no-diagnostics
//   // ARGS: --block kernel=32x8 --arch=sm_80 --min-ways=2 --block-family=any --assume pitch=33
//
//   // ARGS: --checks=-*,bankcheck-static-* --warnings-as-errors=bankcheck-bank-conflict
//
//   int tile[32][32 + 1];  // CHECK-FIXES: tile[32][32 + 1]
//
// Every warning, error and remark produced must be expected, and every expectation must be
// produced. When the file has CHECK-FIXES lines (as clang-tidy's tests do), the case is copied
// without them, --fix is applied to the copy, and each CHECK-FIXES text must appear in the fixed
// file, in order, each on a later line than the one before. The findings go through the checks (rules/), --checks and NOLINT comments as in the
// CLI. In tests/rules/ (one file per check) notes are strict too: every note must be expected.
#include <gtest/gtest.h>

#include "common/CaseFiles.h"

#include <filesystem>
#include <fstream>
#include <regex>
#include <iterator>
#include <sstream>

#include <unistd.h>

#include "advisor/FixApplier.h"
#include "driver/Driver.h"
#include "frontend/AssumedValues.h"
#include "llvm/ADT/ScopeExit.h"

namespace bankcheck {
namespace {

namespace fs = std::filesystem;

struct Expectation {
  report::Level level;
  unsigned line;
  std::string text;
  bool matched = false;
};

using report::levelName;

class VerifyCase : public ::testing::TestWithParam<std::string> {};

TEST_P(VerifyCase, FindingsMatchExpectations) {
  const std::string path = GetParam();
  std::ifstream in(path);
  ASSERT_TRUE(in);
  std::vector<std::string> lines;
  for (std::string l; std::getline(in, l);) lines.push_back(l);

  frontend::FrontendOptions options;
  report::ReportOptions ropts;
  std::vector<Expectation> expected;
  bool noDiagnostics = false;
  static const std::regex expectRe(R"(expected-(warning|error|remark|note)(@([+-]\d+))?\s*\{\{(.*?)\}\})");
  static const std::regex checksRe(R"(--checks=(\S+))");
  static const std::regex asErrorsRe(R"(--warnings-as-errors=(\S+))");
  std::string checksArg, asErrorsArg;
  const bool strictNotes = path.find("/tests/rules/") != std::string::npos;
  static const std::regex blockRe(R"(--block (\S+)=(\d+)(?:x(\d+))?(?:x(\d+))?)");
  static const std::regex archRe(R"(--arch=(\S+))");
  static const std::regex minWaysRe(R"(--min-ways=(\S+))");
  static const std::regex familyRe(R"(--block-family=(\S+))");
  for (size_t i = 0; i < lines.size(); ++i) {
    const std::string& l = lines[i];
    if (l.find("expected-no-diagnostics") != std::string::npos) noDiagnostics = true;
    for (auto it = std::sregex_iterator(l.begin(), l.end(), expectRe); it != std::sregex_iterator(); ++it) {
      Expectation e;
      e.level = (*it)[1] == "warning" ? report::Level::Warning
                : (*it)[1] == "error"   ? report::Level::Error
                : (*it)[1] == "remark"  ? report::Level::Remark
                                        : report::Level::Note;
      e.line = static_cast<unsigned>(static_cast<long>(i + 1) + ((*it)[3].matched ? std::stol((*it)[3]) : 0));
      e.text = (*it)[4];
      expected.push_back(e);
    }
    if (l.find("// ARGS:") == std::string::npos) continue;
    for (auto it = std::sregex_iterator(l.begin(), l.end(), blockRe); it != std::sregex_iterator(); ++it) {
      frontend::BlockOverride o;
      o.kernel = (*it)[1];
      o.x = static_cast<unsigned>(std::stoul((*it)[2]));
      o.y = (*it)[3].matched ? static_cast<unsigned>(std::stoul((*it)[3])) : 1;
      o.z = (*it)[4].matched ? static_cast<unsigned>(std::stoul((*it)[4])) : 1;
      options.blocks.push_back(o);
    }
    static const std::regex assumeRe(R"(--assume[ =](\S+))");
    for (auto it = std::sregex_iterator(l.begin(), l.end(), assumeRe); it != std::sregex_iterator(); ++it) {
      frontend::ValueAssumption a;
      ASSERT_TRUE(frontend::parseAssumption((*it)[1], a)) << path << ": --assume " << (*it)[1];
      options.assumptions.push_back(a);
    }
    std::smatch m;
    if (std::regex_search(l, m, archRe)) options.gpuArch = m[1];
    if (std::regex_search(l, m, minWaysRe)) ropts.minWays = std::stod(m[1]);
    if (std::regex_search(l, m, familyRe)) options.blockFamily = ropts.familyPolicy = m[1];
    if (std::regex_search(l, m, checksRe)) checksArg = m[1];
    if (std::regex_search(l, m, asErrorsRe)) asErrorsArg = m[1];
  }
  ASSERT_TRUE(noDiagnostics || !expected.empty()) << path << ": no expectations (use expected-no-diagnostics)";

  driver::DriverOptions run;
  run.frontend = options;
  run.minWays = ropts.minWays;
  run.familyPolicy = ropts.familyPolicy;
  run.checks = checksArg;
  run.warningsAsErrors = asErrorsArg;
  const driver::FileAnalysis analyzed = driver::analyzeFile(path, run);
  ASSERT_TRUE(analyzed.unit.parsed);
  for (const ir::CompilerMessage& m : analyzed.unit.compilerMessages) EXPECT_NE(m.level, ir::CompilerMessage::Error) << m.rendered;
  rules::NolintIndex nolint;
  std::string selectionError;
  const std::optional<driver::FileFindings> found = driver::findingsOf(path, analyzed, run, nolint, selectionError);
  ASSERT_TRUE(found) << selectionError;
  const std::vector<report::Diagnostic>& produced = found->diagnostics;

  unsigned lastLine = 0;  // notes have no location: they belong to the preceding diagnostic
  for (const report::Diagnostic& d : produced) {
    const unsigned line = d.level == report::Level::Note ? lastLine : d.span.begin.line;
    if (d.level != report::Level::Note) lastLine = line;
    bool matched = false;
    for (Expectation& e : expected) {
      if (e.matched || e.level != d.level || e.line != line) continue;
      if (d.message.find(e.text) == std::string::npos) continue;
      e.matched = matched = true;
      break;
    }
    if (!matched && (d.level != report::Level::Note || strictNotes))
      ADD_FAILURE() << path << ":" << line << ": unexpected " << levelName(d.level) << ": " << d.message;
  }
  for (const Expectation& e : expected) {
    if (e.matched) continue;
    std::string seen;
    for (const report::Diagnostic& d : produced) seen += "\n  " + std::string(levelName(d.level)) + " line " + std::to_string(d.span.begin.line) + ": " + d.message;
    ADD_FAILURE() << path << ":" << e.line << ": expected " << levelName(e.level) << " not produced: {{" << e.text << "}}; produced:" << seen;
  }
}

// CHECK-FIXES: applies the verified proposals to a copy of the case (its CHECK-FIXES comments
// removed) and checks that every expected text is in the result, in order.
class VerifyFixes : public ::testing::TestWithParam<std::string> {};

// The cases that state the fixes they expect.
std::vector<std::string> withCheckFixes(const std::vector<std::string>& files) {
  std::vector<std::string> out;
  for (const std::string& f : files) {
    std::ifstream in(f);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (text.find("// CHECK-FIXES:") != std::string::npos) out.push_back(f);
  }
  return out;
}

TEST_P(VerifyFixes, FixesMatchCheckFixes) {
  const std::string path = GetParam();
  std::ifstream in(path);
  ASSERT_TRUE(in);
  static const std::regex fixRe(R"(\s*// CHECK-FIXES:\s?(.*)$)");
  std::vector<std::string> patterns;
  std::string copy;
  for (std::string l; std::getline(in, l);) {
    std::smatch m;
    if (std::regex_search(l, m, fixRe)) {
      patterns.push_back(m[1]);
      l = l.substr(0, static_cast<size_t>(m.position(0)));
    }
    copy += l + "\n";
  }
  ASSERT_FALSE(patterns.empty());
  const fs::path dir = fs::temp_directory_path() / ("bankcheck-fixes-" + std::to_string(::getpid()) + "-" + fs::path(path).stem().string());
  fs::create_directories(dir);
  // Removed however the test ends: a failed ASSERT returns early.
  const auto cleanup = llvm::make_scope_exit([&] {
    std::error_code ignored;
    fs::remove_all(dir, ignored);
  });
  const std::string work = (dir / fs::path(path).filename()).string();
  std::ofstream(work) << copy;

  driver::DriverOptions run;
  run.fixesWillBeWritten = true;  // as --fix: the edits are proven on the patched text before they are written
  driver::FileAnalysis analyzed = driver::analyzeFile(work, run);
  ASSERT_TRUE(analyzed.unit.parsed);
  std::vector<advisor::FileProposals> files{{work, std::move(analyzed.proposals)}};
  for (const advisor::FixOutcome& o : advisor::applyFixes(files, run.frontend)) EXPECT_FALSE(o.failed) << o.file << ": " << o.message;
  std::ifstream fixedIn(work);
  std::vector<std::string> fixed;
  for (std::string l; std::getline(fixedIn, l);) fixed.push_back(l);
  size_t from = 0;
  for (const std::string& want : patterns) {
    size_t at = from;
    while (at < fixed.size() && fixed[at].find(want) == std::string::npos) ++at;
    if (at == fixed.size()) {
      ADD_FAILURE() << path << ": CHECK-FIXES not found in the fixed file after line " << from << ": " << want;
      break;
    }
    from = at + 1;
  }
}

INSTANTIATE_TEST_SUITE_P(Files, VerifyFixes, ::testing::ValuesIn(withCheckFixes(testing::cuFilesIn(BANKCHECK_VERIFY_CASES))),
                         testing::caseName);
INSTANTIATE_TEST_SUITE_P(Files, VerifyCase, ::testing::ValuesIn(testing::cuFilesIn(BANKCHECK_VERIFY_CASES)), testing::caseName);
INSTANTIATE_TEST_SUITE_P(Rules, VerifyCase, ::testing::ValuesIn(testing::cuFilesIn(BANKCHECK_RULE_TESTS)), testing::caseName);

}  // namespace
}  // namespace bankcheck
