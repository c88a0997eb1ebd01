#include "frontend/HostValue.h"

#include <algorithm>

namespace bankcheck::frontend {

HostValue HostValue::field(const std::string& name) const {
  if (fields) {
    auto it = fields->find(name);
    if (it != fields->end()) {
      HostValue v = it->second;
      if (unknown && !v.unknown) {
        v.unknown = true;
        v.reason = reason;
      }
      return v;
    }
  }
  return unknownBecause(unknown && !reason.empty() ? reason : "field '" + name + "' is not set on every path");
}

HostValue HostValue::withField(const std::string& name, HostValue value) const {
  std::map<std::string, HostValue> copy = fields ? *fields : std::map<std::string, HostValue>{};
  copy[name] = std::move(value);
  HostValue out = *this;
  out.fields = std::make_shared<const std::map<std::string, HostValue>>(std::move(copy));
  out.ints.clear();
  out.functions.clear();
  out.pointee = nullptr;
  // The record's own `unknown` (a path where it is something else) stays; an unknown field
  // stays that field's business, so `params.block` is known even when `params.stream` is not.
  return out;
}

HostValue HostValue::at(const std::vector<std::string>& path, size_t from) const {
  if (from >= path.size()) return *this;
  return field(path[from]).at(path, from + 1);
}

HostValue HostValue::withAt(const std::vector<std::string>& path, HostValue value, size_t from) const {
  if (from >= path.size()) return value;
  return withField(path[from], field(path[from]).withAt(path, std::move(value), from + 1));
}

namespace {
template <class T>
std::vector<T> unionOf(const std::vector<T>& a, const std::vector<T>& b) {
  std::vector<T> out = a;
  for (const T& x : b)
    if (std::find(out.begin(), out.end(), x) == out.end()) out.push_back(x);
  return out;
}
}  // namespace

HostValue bindOrigin(const HostValue& value, const clang::ValueDecl* var, const HostValue& bound) {
  if (value.origin == var) {
    HostValue out = bound;
    out.origin = var;
    return out;
  }
  if (!value.fields) return value;
  std::map<std::string, HostValue> fields;
  bool changed = false;
  for (const auto& [name, v] : *value.fields) {
    fields[name] = bindOrigin(v, var, bound);
    changed |= !sameValue(fields[name], v);
  }
  if (!changed) return value;
  HostValue out = value;
  out.fields = std::make_shared<const std::map<std::string, HostValue>>(std::move(fields));
  return out;
}

HostValue join(const HostValue& a, const HostValue& b) {
  if (!a.hasKnown() && !a.unknown) return b;
  if (!b.hasKnown() && !b.unknown) return a;
  HostValue out;
  out.origin = a.origin == b.origin ? a.origin : nullptr;
  out.unknown = a.unknown || b.unknown;
  out.reason = a.unknown ? a.reason : b.reason;
  out.ints = unionOf(a.ints, b.ints);
  std::sort(out.ints.begin(), out.ints.end());
  out.functions = unionOf(a.functions, b.functions);
  if (out.ints.size() > HostValue::kMaxValues) {
    out.ints.clear();
    out.unknown = true;
    out.reason = "more than " + std::to_string(HostValue::kMaxValues) + " possible values";
  }
  if (a.pointee && (a.pointee == b.pointee || !b.hasKnown()) && (!b.pointee || a.pointeePath == b.pointeePath)) {
    out.pointee = a.pointee;
    out.pointeePath = a.pointeePath;
  } else if (b.pointee && !a.hasKnown()) {
    out.pointee = b.pointee;
    out.pointeePath = b.pointeePath;
  } else if (a.pointee || b.pointee) {
    out.unknown = true;
    out.reason = "a pointer that points to different variables on different paths";
  }
  if (a.fields && b.fields) {
    std::map<std::string, HostValue> merged;
    for (const auto& [name, v] : *a.fields) merged[name] = join(v, b.field(name));
    for (const auto& [name, v] : *b.fields)
      if (!merged.count(name)) merged[name] = join(a.field(name), v);
    out.fields = std::make_shared<const std::map<std::string, HostValue>>(std::move(merged));
  } else if (a.fields || b.fields) {
    // A record on one path and nothing known on the other: its fields may be anything there.
    const HostValue& rec = a.fields ? a : b;
    const HostValue& other = a.fields ? b : a;
    std::map<std::string, HostValue> merged;
    for (const auto& [name, v] : *rec.fields) merged[name] = join(v, HostValue::unknownBecause(other.reason));
    out.fields = std::make_shared<const std::map<std::string, HostValue>>(std::move(merged));
  }
  return out;
}

bool sameValue(const HostValue& a, const HostValue& b) {
  if (a.ints != b.ints || a.functions != b.functions || a.unknown != b.unknown || a.pointee != b.pointee || a.origin != b.origin ||
      a.pointeePath != b.pointeePath || (a.fields == nullptr) != (b.fields == nullptr))
    return false;
  if (!a.fields || a.fields == b.fields) return true;
  if (a.fields->size() != b.fields->size()) return false;
  for (const auto& [name, v] : *a.fields) {
    auto it = b.fields->find(name);
    if (it == b.fields->end() || !sameValue(v, it->second)) return false;
  }
  return true;
}

}  // namespace bankcheck::frontend
