#include "rules/CheckRunner.h"

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

std::vector<report::Diagnostic> selectFindings(const CheckContext& ctx, std::vector<report::Diagnostic> reported,
                                               const CheckSelection& selection, NolintIndex& nolint) {
  runChecks(ctx, [&](const std::string& name) { return selection.enabled.matches(name); }, reported);
  std::vector<report::Diagnostic> kept = dropFindings(std::move(reported), [&](const report::Diagnostic& d) {
    return !d.checkName.empty() && !selection.enabled.matches(d.checkName);
  });
  kept = dropSuppressed(std::move(kept), nolint);
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
