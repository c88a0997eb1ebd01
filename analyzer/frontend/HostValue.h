// What the host-side interpreter knows about a C++ value on the way to a kernel launch: a finite
// set of integers, a set of functions (kernels reached through pointers), a record (dim3,
// launch-parameter structs, arrays by index), a pointer to a local, or nothing, with the reason.
// A value can be partly known: `ints` holds what some paths give and `unknown` says another path
// gives something that could not be computed.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace clang {
class FunctionDecl;
class ValueDecl;
}  // namespace clang

namespace bankcheck::frontend {

struct HostValue {
  // More values than this and the set is given up (a loop over thousands of sizes is no launch shape).
  static constexpr size_t kMaxValues = 64;

  std::vector<int64_t> ints;                                // sorted, distinct
  std::vector<const clang::FunctionDecl*> functions;        // distinct
  std::shared_ptr<const std::map<std::string, HostValue>> fields;  // a record: field name -> value
  const clang::ValueDecl* pointee = nullptr;                // `&local`: a pointer to a tracked variable
  std::vector<std::string> pointeePath;                     // ... to this field of it
  // The variable this value was copied from, while it is not a single known integer: a later
  // test of that variable (`switch (threads) case 256:`) also binds this copy (`dim3 block(threads)`).
  const clang::ValueDecl* origin = nullptr;
  bool unknown = false;                                     // some path gives a value not computed
  std::string reason;                                       // why (the first reason met)

  static HostValue unknownBecause(std::string why) {
    HostValue v;
    v.unknown = true;
    v.reason = std::move(why);
    return v;
  }
  static HostValue integer(int64_t i) {
    HostValue v;
    v.ints.push_back(i);
    return v;
  }
  static HostValue function(const clang::FunctionDecl* f) {
    HostValue v;
    v.functions.push_back(f);
    return v;
  }
  static HostValue record(std::map<std::string, HostValue> f) {
    HostValue v;
    v.fields = std::make_shared<const std::map<std::string, HostValue>>(std::move(f));
    return v;
  }

  bool isRecord() const { return fields != nullptr; }
  bool hasKnown() const { return !ints.empty() || !functions.empty() || fields || pointee; }
  // Only known values, nothing unknown.
  bool exact() const { return hasKnown() && !unknown; }

  // The field `name` of a record (unknown when absent).
  HostValue field(const std::string& name) const;
  HostValue withField(const std::string& name, HostValue value) const;
  // Follows `path` into nested records; writes replace the innermost field.
  HostValue at(const std::vector<std::string>& path, size_t from = 0) const;
  HostValue withAt(const std::vector<std::string>& path, HostValue value, size_t from = 0) const;
};

// `value` with every copy of `var` in it (itself or a record field, at any depth) bound to `bound`.
HostValue bindOrigin(const HostValue& value, const clang::ValueDecl* var, const HostValue& bound);

// Values one path or another gives: the union of their sets (records field by field).
HostValue join(const HostValue& a, const HostValue& b);
bool sameValue(const HostValue& a, const HostValue& b);

}  // namespace bankcheck::frontend
