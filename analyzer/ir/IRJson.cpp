#include "ir/IRJson.h"

namespace bankcheck::ir {

using llvm::json::Array;
using llvm::json::Object;
using llvm::json::Value;

const char* spelling(AccessKind k) {
  switch (k) {
    case AccessKind::Load: return "load";
    case AccessKind::Store: return "store";
    case AccessKind::AsyncCopyDst: return "cp.async";
  }
  return "?";
}

Value toJson(const SourceLoc& loc) {
  return Object{{"file", loc.file}, {"line", static_cast<int64_t>(loc.line)}, {"column", static_cast<int64_t>(loc.column)}};
}

Value toJson(const LaunchShape& shape) {
  Object o{{"known", shape.known}};
  if (shape.known) {
    o["block"] = Array{static_cast<int64_t>(shape.x), static_cast<int64_t>(shape.y), static_cast<int64_t>(shape.z)};
    o["source"] = shape.source;
  } else {
    o["reason"] = shape.unknownReason;
  }
  if (shape.dynamicSmemBytes) o["dynamic_smem_bytes"] = static_cast<int64_t>(*shape.dynamicSmemBytes);
  return o;
}

namespace {
Value arrayJson(const SharedArray& a) {
  Array dims;
  for (uint64_t d : a.dims) dims.push_back(static_cast<int64_t>(d));
  Array spelled;
  for (const DimensionSpelling& d : a.dimSpellings) spelled.push_back(d.text);
  Object o{{"id", a.id},
           {"name", a.name},
           {"kernel", a.kernel},
           {"element_type", a.elementType},
           {"element_size", static_cast<int64_t>(a.elementSize)},
           {"dims", std::move(dims)},
           {"dims_as_written", std::move(spelled)},
           {"size_bytes", static_cast<int64_t>(a.sizeBytes)},
           {"alignment", static_cast<int64_t>(a.alignment)},
           {"storage", a.isDynamic ? "extern (dynamic)" : "static"},
           {"declared_at", toJson(a.decl.begin)}};
  if (a.carvedFrom >= 0) {
    o["carved_from"] = a.carvedFrom;
    o["carve_offset_bytes"] = toString(a.carveOffset);
  }
  return o;
}

Value loopJson(const Loop& l, const KernelInstance& k) {
  Object o{{"id", l.id}, {"at", toJson(l.loc)}, {"iteration", k.symbols[static_cast<size_t>(l.iterSymbol)].name}};
  if (!l.inductionVar.empty()) {
    o["variable"] = l.inductionVar;
    o["value"] = toString(l.inductionValue);
  }
  if (l.condition) o["condition"] = toString(l.condition);
  else o["condition_unknown"] = l.conditionProblem;
  if (l.unrollDisabled) o["unroll"] = "disabled";
  else if (l.unroll == 1) o["unroll"] = "full";
  else if (l.unroll > 1) o["unroll"] = static_cast<int64_t>(l.unroll);
  if (l.parent >= 0) o["parent"] = l.parent;
  return o;
}

Value accessJson(const Access& a, const TranslationUnit& tu) {
  Array loops, preds, assumptions, inlined;
  for (int l : a.loops) loops.push_back(l);
  for (const Predicate& p : a.predicates) preds.push_back(Object{{"condition", toString(p.condition)}, {"line", static_cast<int64_t>(p.loc.line)}});
  for (const std::string& s : a.assumptions) assumptions.push_back(s);
  for (const SourceLoc& l : a.inlinedAt) inlined.push_back(toJson(l));
  Object o{{"id", a.id},
           {"kernel", tu.kernel(a.kernelInstance).name},
           {"array", tu.array(a.array).name},
           {"kind", spelling(a.kind)},
           {"width_bytes", static_cast<int64_t>(a.widthBytes)},
           {"value_type", a.valueType},
           {"at", toJson(a.span.begin)},
           {"expression", a.spelling},
           {"loops", std::move(loops)},
           {"predicates", std::move(preds)}};
  if (a.byteOffset) o["byte_offset"] = toString(a.byteOffset);
  else o["byte_offset_unknown"] = a.unknownReason;
  if (!assumptions.empty()) o["assumptions"] = std::move(assumptions);
  if (!inlined.empty()) o["inlined_at"] = std::move(inlined);
  return o;
}

Value kernelJson(const KernelInstance& k, const TranslationUnit& tu) {
  Array loops, symbols;
  for (const Loop& l : k.loops) loops.push_back(loopJson(l, k));
  Object o{{"id", k.id},
           {"name", k.name},
           {"function", k.function},
           {"at", toJson(k.loc.begin)},
           {"analyzed", k.analyzed},
           {"launch", toJson(k.launch)},
           {"static_smem_bytes", static_cast<int64_t>(k.staticSmemBytes)},
           {"loops", std::move(loops)}};
  if (!k.analyzed) o["not_analyzed_reason"] = k.notAnalyzedReason;
  return o;
}
}  // namespace

Value toJson(const TranslationUnit& tu) {
  Array arrays, accesses, kernels, unanalyzed, messages, missing;
  for (const SharedArray& a : tu.arrays) arrays.push_back(arrayJson(a));
  for (const Access& a : tu.accesses) accesses.push_back(accessJson(a, tu));
  for (const KernelInstance& k : tu.kernels) kernels.push_back(kernelJson(k, tu));
  for (const Unanalyzed& u : tu.unanalyzed)
    unanalyzed.push_back(Object{{"at", toJson(u.loc)}, {"kernel", u.kernel}, {"what", u.what}, {"reason", u.reason}});
  for (const CompilerMessage& m : tu.compilerMessages) {
    const char* level = m.level == CompilerMessage::Error ? "error" : m.level == CompilerMessage::Warning ? "warning" : "note";
    messages.push_back(Object{{"level", level}, {"at", toJson(m.loc)}, {"message", m.message}, {"inside_kernel", m.insideKernel}});
  }
  for (const std::string& s : tu.missingIncludes) missing.push_back(s);
  return Object{{"file", tu.file},
                {"kernels", std::move(kernels)},
                {"shared_arrays", std::move(arrays)},
                {"accesses", std::move(accesses)},
                {"not_analyzed", std::move(unanalyzed)},
                {"compiler_messages", std::move(messages)},
                {"missing_includes", std::move(missing)}};
}

}  // namespace bankcheck::ir
