// From the analysis to what the user sees: the checks that are on run, their findings are put in
// source order, those a NOLINT comment suppresses are dropped (with their notes), and the warnings
// of --warnings-as-errors checks become errors.
#pragma once

#include <vector>

#include "report/ClangStyleEmitter.h"
#include "rules/Check.h"
#include "rules/CheckFilter.h"
#include "rules/Nolint.h"

namespace bankcheck::rules {

struct CheckSelection {
  CheckFilter enabled;   // --checks (default "*")
  CheckFilter asErrors;  // --warnings-as-errors (default none)
};

// The selection for one file: its `.bankcheck.yaml`, then the command line's globs (which win).
// nullopt with `error` set when the file's configuration or a glob is invalid.
std::optional<CheckSelection> selectionFor(const std::string& sourceFile, const std::string& checksArg,
                                           const std::string& warningsAsErrorsArg, std::string& error);

std::vector<report::Diagnostic> runSelectedChecks(const CheckContext& ctx, const CheckSelection& selection, NolintIndex& nolint);

}  // namespace bankcheck::rules
