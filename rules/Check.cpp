#include "rules/Check.h"

namespace bankcheck::rules {

report::Diagnostic note(std::string message, const ir::SourceSpan& span) {
  report::Diagnostic d;
  d.level = report::Level::Note;
  d.span = span;
  d.message = std::move(message);
  return d;
}

report::Diagnostic Check::findingAt(const ir::KernelInstance& k, std::string message) const {
  report::Diagnostic d;
  d.level = level();
  d.span.begin = d.span.end = k.loc.begin;
  d.checkName = name();
  d.message = std::move(message);
  return d;
}

report::Diagnostic Check::findingAt(const ir::SourceSpan& span, std::string message) const {
  report::Diagnostic d;
  d.level = level();
  d.span = span;
  d.checkName = name();
  d.message = std::move(message);
  return d;
}

}  // namespace bankcheck::rules
