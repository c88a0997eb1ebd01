// Which checks are on: clang-tidy's --checks syntax, a comma-separated list of globs where `*`
// matches any text and a leading `-` turns the matching checks off; later globs win. The same
// syntax selects the checks whose warnings become errors (--warnings-as-errors).
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace bankcheck::rules {

class CheckFilter {
 public:
  // Matches nothing: no globs.
  CheckFilter() = default;
  // nullopt (with `error` set) for an empty glob or a character that cannot be in a check name.
  static std::optional<CheckFilter> parse(const std::string& globs, std::string& error);
  // Appends the globs of `more` after these (a command line after a configuration file).
  void append(const CheckFilter& more);

  bool matches(const std::string& checkName) const;

 private:
  struct Glob {
    std::string pattern;
    bool positive = true;
  };
  std::vector<Glob> globs_;
};

bool globMatches(const std::string& pattern, const std::string& text);

}  // namespace bankcheck::rules
