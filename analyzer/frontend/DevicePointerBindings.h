// What the pointer variables of device functions (parameters and locals) point to, over a
// translation unit's walks. An index written on such a pointer (`p[i]`, `p + i * S`) is one text
// that every call of the function (every instantiation of its template) shares, so a padding may
// rewrite it only when the pointer never holds anything but that one array.
#pragma once

#include <map>
#include <set>
#include <string>

#include "clang/AST/Decl.h"
#include "frontend/SymbolicValue.h"
#include "ir/Module.h"

namespace bankcheck::frontend {

class DevicePointerBindings {
 public:
  // `var`, a pointer parameter or local of a device function `function`, takes `value` (a call's
  // argument, an initializer, an assignment) in a walk.
  void record(const clang::VarDecl* var, const std::string& function, const SymbolicValue& value, const ir::TranslationUnit& tu);
  // A walk met a call through a function pointer: it may bind any function's pointers to anything.
  void noteIndirectCall() { indirectCall_ = true; }
  // The key of a term written on `var` (ir::OffsetPiece::viaPointer): the same for every
  // instantiation of the function.
  static std::string keyOf(const clang::VarDecl* var);
  // After every walk: a term written on a pointer that only ever held the array of its own access
  // becomes rewritable. Only when every kernel of the file was walked, no call to the function
  // was left unwalked and no call went through a function pointer (such a call might bind it to
  // anything).
  void resolve(ir::TranslationUnit& tu) const;

 private:
  struct Binding {
    std::string function;
    std::set<std::string> declarations;  // SharedArray::declKey of what the pointer held
    bool other = false;                  // it held something that is not a shared array
  };
  std::map<std::string, Binding> byKey_;
  bool indirectCall_ = false;
};

}  // namespace bankcheck::frontend
