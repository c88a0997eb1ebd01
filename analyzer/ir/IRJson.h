// `--dump=json`: the IR as JSON, so users and later stages can see what the front end understood
// (and what it did not, with the reasons).
#pragma once

#include "ir/Module.h"
#include "llvm/Support/JSON.h"

namespace bankcheck::ir {

llvm::json::Value toJson(const SourceLoc& loc);
llvm::json::Value toJson(const LaunchShape& shape);
// Streams the whole unit as one JSON object.
void writeJson(const TranslationUnit& tu, llvm::json::OStream& out);

}  // namespace bankcheck::ir
