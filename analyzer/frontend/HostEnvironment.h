// The host interpreter's variables: a persistent map from a variable (or a member function's
// object) to what is known of it. The interpreter copies its environment at every followed
// call, every switch case and both sides of an if; on a persistent map a copy is a pointer and a
// write adds O(log n) tree nodes, where a std::map copy rebuilt every node and value (half of
// the host analysis's time on ggml's fattn.cu).
#pragma once

#include <cassert>
#include <utility>
#include <vector>

#include "frontend/HostValue.h"
#include "llvm/ADT/ImmutableMap.h"
#include "llvm/Support/Allocator.h"

namespace bankcheck::frontend {

class HostEnvironment {
  using Map = llvm::ImmutableMapRef<const clang::ValueDecl*, const HostValue*>;

 public:
  // Owns the tree nodes and the values of every environment made from it; it must outlive them.
  class Store {
   public:
    Store() = default;
    Store(const Store&) = delete;
    Store& operator=(const Store&) = delete;

   private:
    friend class HostEnvironment;
    const HostValue* keep(HostValue v) { return new (values_.Allocate()) HostValue(std::move(v)); }
    Map::FactoryTy factory_;
    llvm::SpecificBumpPtrAllocator<HostValue> values_;  // values are never freed one by one
  };

  explicit HostEnvironment(Store& store) : store_(&store), map_(Map::getEmptyMap(&store.factory_)) {}

  const HostValue* find(const clang::ValueDecl* var) const {
    const HostValue* const* v = map_.lookup(var);
    return v ? *v : nullptr;
  }
  bool contains(const clang::ValueDecl* var) const { return map_.contains(var); }
  // The value, or an empty one when the variable is not there.
  HostValue get(const clang::ValueDecl* var) const {
    const HostValue* v = find(var);
    return v ? *v : HostValue{};
  }
  void set(const clang::ValueDecl* var, HostValue value) { map_ = map_.add(var, store_->keep(std::move(value))); }
  void erase(const clang::ValueDecl* var) { map_ = map_.remove(var); }

  // Calls fn(variable, value) in the order of the variables' addresses (as std::map did).
  template <class Fn>
  void forEach(Fn&& fn) const {
    for (auto it = map_.begin(), end = map_.end(); it != end; ++it) fn(it.getKey(), *it.getData());
  }
  // `var` as `other` holds it: the same stored value, not a copy (both from one Store).
  void setFrom(const HostEnvironment& other, const clang::ValueDecl* var) {
    assert(other.store_ == store_ && "environments of different stores");
    if (const HostValue* v = other.find(var)) map_ = map_.add(var, v);
  }

 private:
  Store* store_;
  Map map_;
};

}  // namespace bankcheck::frontend
