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
    case AccessKind::MatrixLoad: return "ldmatrix";
    case AccessKind::MatrixStore: return "stmatrix";
    case AccessKind::Atomic: return "atomic";
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
    if (shape.assumed) o["assumed"] = true;
  } else {
    o["reason"] = shape.unknownReason;
  }
  if (shape.dynamicSmemBytes) o["dynamic_smem_bytes"] = static_cast<int64_t>(*shape.dynamicSmemBytes);
  return o;
}

namespace {

// The written terms of an offset (what a padding rewrites), or why they were not followed.
void writtenTerms(llvm::json::OStream& J, llvm::StringRef key, const std::vector<OffsetPiece>& pieces, const std::string& whyNot,
                  bool complete) {
  if (!whyNot.empty()) {
    J.attribute(std::string(key) + "_unknown", whyNot);
    return;
  }
  J.attributeObject(key, [&] {
    J.attribute("complete", complete);
    J.attributeArray("terms", [&] {
      for (const OffsetPiece& p : pieces)
        J.object([&] {
          J.attribute("text", p.text);
          J.attribute("value", toString(p.value));
          J.attribute("unit_bytes", p.unitBytes);
          if (!p.notRewritable.empty()) J.attribute("not_rewritable", p.notRewritable);
        });
    });
  });
}
// The dump is streamed: building llvm::json::Value trees for thousands of accesses cost more
// than parsing the file (docs/benchmark.md).
void writeLoc(llvm::json::OStream& J, llvm::StringRef key, const SourceLoc& loc) {
  J.attributeObject(key, [&] {
    J.attribute("file", loc.file);
    J.attribute("line", static_cast<int64_t>(loc.line));
    J.attribute("column", static_cast<int64_t>(loc.column));
  });
}

void writeArray(llvm::json::OStream& J, const SharedArray& a) {
  J.object([&] {
    J.attribute("id", a.id);
    J.attribute("name", a.name);
    J.attribute("kernel", a.kernel);
    J.attribute("element_type", a.elementType);
    J.attribute("element_size", static_cast<int64_t>(a.elementSize));
    J.attributeArray("dims", [&] {
      for (uint64_t d : a.dims) J.value(static_cast<int64_t>(d));
    });
    J.attributeArray("dims_as_written", [&] {
      for (const DimensionSpelling& d : a.dimSpellings) J.value(d.text);
    });
    J.attribute("size_bytes", static_cast<int64_t>(a.sizeBytes));
    J.attribute("alignment", static_cast<int64_t>(a.alignment));
    J.attribute("storage", a.isDynamic ? "extern (dynamic)" : "static");
    writeLoc(J, "declared_at", a.decl.begin);
    if (a.carvedFrom >= 0) {
      J.attribute("carved_from", a.carvedFrom);
      J.attribute("carve_offset_bytes", toString(a.carveOffset));
      writtenTerms(J, "carve_terms", a.carvePieces, a.carvePiecesWhyNot, a.carvePiecesComplete);
    }
  });
}

void writeLoop(llvm::json::OStream& J, const Loop& l, const KernelInstance& k) {
  J.object([&] {
    J.attribute("id", l.id);
    writeLoc(J, "at", l.loc);
    J.attribute("iteration", k.symbols[static_cast<size_t>(l.iterSymbol)].name);
    if (!l.inductionVar.empty()) {
      J.attribute("variable", l.inductionVar);
      J.attribute("value", toString(l.inductionValue));
    }
    if (l.condition) J.attribute("condition", toString(l.condition));
    else J.attribute("condition_unknown", l.conditionProblem);
    if (l.unrollDisabled) J.attribute("unroll", "disabled");
    else if (l.unroll == 1) J.attribute("unroll", "full");
    else if (l.unroll > 1) J.attribute("unroll", static_cast<int64_t>(l.unroll));
    if (l.compileTimeTrips) J.attribute("compile_time_trips", true);
    if (l.parent >= 0) J.attribute("parent", l.parent);
  });
}

void writeAccess(llvm::json::OStream& J, const Access& a, const TranslationUnit& tu) {
  J.object([&] {
    J.attribute("id", a.id);
    J.attribute("kernel", tu.kernel(a.kernelInstance).name);
    J.attribute("array", tu.array(a.array).name);
    J.attribute("kind", spelling(a.kind));
    J.attribute("width_bytes", static_cast<int64_t>(a.widthBytes));
    J.attribute("value_type", a.valueType);
    if (a.typeBytes) J.attribute("type_bytes", a.typeBytes);
    if (!a.widthNote.empty()) J.attribute("width_note", a.widthNote);
    writeLoc(J, "at", a.span.begin);
    J.attribute("expression", a.spelling);
    J.attributeArray("loops", [&] {
      for (int l : a.loops) J.value(l);
    });
    J.attributeArray("predicates", [&] {
      for (const Predicate& p : a.predicates)
        J.object([&] {
          J.attribute("condition", toString(p.condition));
          J.attribute("line", static_cast<int64_t>(p.loc.line));
        });
    });
    if (a.byteOffset) J.attribute("byte_offset", toString(a.byteOffset));
    else J.attribute("byte_offset_unknown", a.unknownReason);
    if (!a.indexing) writtenTerms(J, "written_terms", a.pieces, a.piecesWhyNot, a.piecesComplete);
    if (a.kind == AccessKind::AsyncCopyDst) {
      J.attribute("cache", a.bypassL1 ? "cg" : "ca");
      if (a.sourceOffset) {
        J.attribute("source_base", a.sourceBase);
        J.attribute("source_offset", toString(a.sourceOffset));
      } else {
        J.attribute("source_unknown", a.sourceUnknownReason);
      }
    }
    if (a.kind == AccessKind::Atomic)
      J.attribute("atomic_form", a.atomicForm == Access::AtomicForm::CompareAndSwap        ? "compare-and-swap"
                                 : a.atomicForm == Access::AtomicForm::AggregatedIncrement ? "aggregated-increment"
                                                                                           : "serial");
    if (!a.assumptions.empty())
      J.attributeArray("assumptions", [&] {
        for (const std::string& s : a.assumptions) J.value(s);
      });
    if (!a.inlinedAt.empty())
      J.attributeArray("inlined_at", [&] {
        for (const SourceLoc& l : a.inlinedAt) J.value(toJson(l));
      });
  });
}

void writeKernel(llvm::json::OStream& J, const KernelInstance& k) {
  J.object([&] {
    J.attribute("id", k.id);
    J.attribute("name", k.name);
    J.attribute("function", k.function);
    writeLoc(J, "at", k.loc.begin);
    J.attribute("analyzed", k.analyzed);
    J.attribute("launch", toJson(k.launch));
    if (!k.moreLaunches.empty())
      J.attributeArray("more_launches", [&] {
        for (const LaunchShape& s : k.moreLaunches) J.value(toJson(s));
      });
    if (!k.familyDescription.empty()) J.attribute("family", k.familyDescription);
    if (!k.familyPolicy.empty()) J.attribute("family_policy", k.familyPolicy);
    if (!k.unresolvedLaunches.empty())
      J.attributeArray("unresolved_launches", [&] {
        for (const std::string& u : k.unresolvedLaunches) J.value(u);
      });
    J.attribute("static_smem_bytes", static_cast<int64_t>(k.staticSmemBytes));
    if (k.dynamicSmemOptIn)
      J.attribute("dynamic_smem_opt_in", k.dynamicSmemOptInBytes ? llvm::json::Value(static_cast<int64_t>(*k.dynamicSmemOptInBytes))
                                                                 : llvm::json::Value("not a constant"));
    J.attributeArray("loops", [&] {
      for (const Loop& l : k.loops) writeLoop(J, l, k);
    });
    if (!k.analyzed) J.attribute("not_analyzed_reason", k.notAnalyzedReason);
  });
}
}  // namespace

void writeJson(const TranslationUnit& tu, llvm::json::OStream& J) {
  J.object([&] {
    J.attribute("file", tu.file);
    J.attributeArray("kernels", [&] {
      for (const KernelInstance& k : tu.kernels) writeKernel(J, k);
    });
    J.attributeArray("shared_arrays", [&] {
      for (const SharedArray& a : tu.arrays) writeArray(J, a);
    });
    J.attributeArray("accesses", [&] {
      for (const Access& a : tu.accesses) writeAccess(J, a, tu);
    });
    J.attributeArray("not_analyzed", [&] {
      for (const Unanalyzed& u : tu.unanalyzed)
        J.object([&] {
          writeLoc(J, "at", u.loc);
          J.attribute("kernel", u.kernel);
          J.attribute("what", u.what);
          J.attribute("reason", u.reason);
        });
    });
    J.attributeArray("compiler_messages", [&] {
      for (const CompilerMessage& m : tu.compilerMessages)
        J.object([&] {
          J.attribute("level", m.level == CompilerMessage::Error ? "error" : m.level == CompilerMessage::Warning ? "warning" : "note");
          writeLoc(J, "at", m.loc);
          J.attribute("message", m.message);
          J.attribute("inside_kernel", m.insideKernel);
        });
    });
    J.attributeArray("missing_includes", [&] {
      for (const std::string& s : tu.missingIncludes) J.value(s);
    });
    J.attributeArray("stand_in_includes", [&] {
      for (const std::string& s : tu.standInIncludes) J.value(s);
    });
  });
}

}  // namespace bankcheck::ir
