// Translation units built by hand, for tests of the stages after the front end: one kernel with
// one `float s[32][32]` tile, its block shapes, and accesses written as byte-offset expressions.
#pragma once

#include <string>
#include <vector>

#include "ir/Module.h"

namespace bankcheck::testing {

inline ir::ExprRef u32(int64_t v) { return ir::makeConst(v, ir::IntType::uint32()); }
inline ir::ExprRef tx() { return ir::makeBuiltin(ir::BuiltinVar::ThreadIdxX); }
inline ir::ExprRef ty() { return ir::makeBuiltin(ir::BuiltinVar::ThreadIdxY); }
inline ir::ExprRef add(ir::ExprRef a, ir::ExprRef b) { return ir::makeBinary(ir::BinaryOp::Add, a, b, ir::IntType::uint32()); }
inline ir::ExprRef mul(ir::ExprRef a, ir::ExprRef b) { return ir::makeBinary(ir::BinaryOp::Mul, a, b, ir::IntType::uint32()); }

// The byte offset of s[row][col] in `float s[32][32]`.
inline ir::ExprRef tileOffset(ir::ExprRef row, ir::ExprRef col) { return ir::mulBytes(add(mul(row, u32(32)), col), 4); }

inline ir::LaunchShape shape(unsigned x, unsigned y, std::string source = "launch at k.cu:40", bool assumed = false) {
  ir::LaunchShape s;
  s.known = true;
  s.x = x;
  s.y = y;
  s.source = std::move(source);
  s.assumed = assumed;
  return s;
}

// A unit with kernel `k` (id 0) declaring `s` (id 0), analyzed with `shapes` (the first is
// `launch`); add accesses with addAccess.
inline ir::TranslationUnit unitWithShapes(const std::vector<ir::LaunchShape>& shapes) {
  ir::TranslationUnit tu;
  tu.file = "k.cu";
  tu.parsed = true;
  ir::KernelInstance k;
  k.id = 0;
  k.name = k.function = "k";
  k.loc.begin = {"k.cu", 3, 17};
  k.usesThreadIdx[0] = k.usesThreadIdx[1] = true;
  k.staticSmemBytes = 4096;
  if (!shapes.empty()) {
    k.launch = shapes.front();
    k.moreLaunches.assign(shapes.begin() + 1, shapes.end());
  }
  tu.kernels.push_back(k);
  ir::SharedArray s;
  s.id = 0;
  s.name = "s";
  s.elementType = "float";
  s.elementSize = 4;
  s.dims = {32, 32};
  s.sizeBytes = 4096;
  s.alignment = 16;
  s.kernel = "k";
  s.kernelInstance = 0;
  s.declKey = "k.cu:4:20";
  tu.arrays.push_back(s);
  return tu;
}

// Adds `for (iter = 0; iter < trips; ++iter)` inside loop `parent` (-1: none) to kernel 0, at
// source line `line`; returns its iteration symbol.
inline ir::ExprRef addLoop(ir::TranslationUnit& tu, int64_t trips, unsigned line, int parent = -1) {
  ir::KernelInstance& k = tu.kernels[0];
  ir::Symbol s;
  s.id = static_cast<int>(k.symbols.size());
  s.kind = ir::SymbolKind::LoopIteration;
  s.name = "iter" + std::to_string(line);
  s.loop = static_cast<int>(k.loops.size());
  k.symbols.push_back(s);
  ir::Loop l;
  l.id = s.loop;
  l.iterSymbol = s.id;
  l.inductionVar = s.name;
  const ir::ExprRef iter = ir::makeSymbol(s.id, s.name);
  l.inductionValue = iter;
  l.condition = ir::makeBinary(ir::BinaryOp::LT, iter, ir::makeConst(trips, ir::IntType::int32()), ir::IntType::int32());
  l.loc = {"k.cu", line, 5};
  l.parent = parent;
  k.loops.push_back(l);
  return iter;
}

inline ir::Access& addAccess(ir::TranslationUnit& tu, ir::AccessKind kind, ir::ExprRef byteOffset, unsigned line) {
  ir::Access a;
  a.id = static_cast<int>(tu.accesses.size());
  a.array = 0;
  a.kind = kind;
  a.byteOffset = byteOffset;
  a.symbolicOffset = byteOffset;
  if (!byteOffset) a.unknownReason = "value loaded from memory";
  a.widthBytes = 4;
  a.valueType = "float";
  a.kernelInstance = 0;
  a.span.begin = {"k.cu", line, 5};
  a.span.end = {"k.cu", line, 20};
  a.spelling = "s[...]";
  tu.accesses.push_back(a);
  return tu.accesses.back();
}

}  // namespace bankcheck::testing
