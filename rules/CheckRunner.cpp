#include "rules/CheckRunner.h"

#include <algorithm>

#include "rules/CheckRegistry.h"
#include "rules/ConfigFile.h"

namespace bankcheck::rules {

std::optional<CheckSelection> selectionFor(const std::string& sourceFile, const std::string& checksArg,
                                           const std::string& warningsAsErrorsArg, std::string& error) {
  std::optional<CheckConfig> config = configFor(sourceFile, error);
  if (!config) return std::nullopt;
  CheckSelection s;
  auto add = [&](CheckFilter& into, const std::string& globs, const std::string& origin) {
    std::optional<CheckFilter> f = CheckFilter::parse(globs, error);
    if (!f) {
      error = origin + ": error: " + error;
      return false;
    }
    into.append(*f);
    return true;
  };
  if (!add(s.enabled, "*", "--checks")) return std::nullopt;
  if (config->checks && !add(s.enabled, *config->checks, config->path + ": Checks")) return std::nullopt;
  if (config->warningsAsErrors && !add(s.asErrors, *config->warningsAsErrors, config->path + ": WarningsAsErrors")) return std::nullopt;
  if (!checksArg.empty() && !add(s.enabled, checksArg, "--checks")) return std::nullopt;
  if (!warningsAsErrorsArg.empty() && !add(s.asErrors, warningsAsErrorsArg, "--warnings-as-errors")) return std::nullopt;
  return s;
}

namespace {
// The findings in source order (file, line, column), each followed by its notes, as clang-tidy
// prints them; findings without a location last. The order among findings at one place is the
// order in which the checks produced them.
std::vector<report::Diagnostic> sortedByLocation(std::vector<report::Diagnostic> found) {
  std::vector<std::vector<report::Diagnostic>> groups;
  for (report::Diagnostic& d : found) {
    if (d.level != report::Level::Note || groups.empty()) groups.emplace_back();
    groups.back().push_back(std::move(d));
  }
  std::stable_sort(groups.begin(), groups.end(), [](const auto& a, const auto& b) {
    const ir::SourceLoc& x = a.front().span.begin;
    const ir::SourceLoc& y = b.front().span.begin;
    if (x.valid() != y.valid()) return x.valid();
    return ir::sourceOrder(x, y);
  });
  std::vector<report::Diagnostic> out;
  out.reserve(found.size());
  for (auto& g : groups)
    for (report::Diagnostic& d : g) out.push_back(std::move(d));
  return out;
}
}  // namespace

std::vector<report::Diagnostic> runSelectedChecks(const CheckContext& ctx, const CheckSelection& selection, NolintIndex& nolint) {
  std::vector<report::Diagnostic> found;
  runChecks(ctx, [&](const std::string& name) { return selection.enabled.matches(name); }, found);
  std::vector<report::Diagnostic> kept = dropSuppressed(sortedByLocation(std::move(found)), nolint);
  for (report::Diagnostic& problem : nolint.takeProblems())
    if (selection.enabled.matches(problem.checkName)) kept.push_back(std::move(problem));
  for (report::Diagnostic& d : kept)
    if (d.level == report::Level::Warning && selection.asErrors.matches(d.checkName)) {
      d.level = report::Level::Error;
      d.promotedToError = true;
    }
  return kept;
}

}  // namespace bankcheck::rules
