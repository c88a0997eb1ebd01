#include "mapper/PtxWidths.h"

#include <algorithm>
#include <set>

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Regex.h"
#include "mapper/CudaTools.h"
#include "mapper/WidthPrediction.h"

namespace bankcheck::mapper {

namespace {

unsigned typeBytes(llvm::StringRef t) {
  if (t.ends_with("8")) return 1;
  if (t.ends_with("16")) return 2;
  if (t.ends_with("32")) return 4;
  if (t.ends_with("64")) return 8;
  return 0;
}

// "_ZZ11matmulTiledPKfS0_PfiE2As" -> "As"; "smem" -> "smem".
std::string sourceNameOfSymbol(const std::string& sym) {
  std::string d = llvm::demangle(sym);
  const size_t colon = d.rfind("::");
  return colon == std::string::npos ? d : d.substr(colon + 2);
}

struct Insn {
  std::string op;                     // mnemonic with suffixes
  std::vector<std::string> operands;  // raw operand strings
};

Insn splitInstruction(llvm::StringRef line) {
  Insn in;
  line = line.trim();
  if (line.starts_with("@")) line = line.split(' ').second.trim();  // predicate guard
  auto [op, rest] = line.split(' ');
  in.op = op.trim().str();
  rest = rest.trim();
  if (rest.ends_with(";")) rest = rest.drop_back();
  // Split on commas outside brackets and braces.
  int depth = 0;
  std::string cur;
  for (char c : rest) {
    if (c == '[' || c == '{') ++depth;
    if (c == ']' || c == '}') --depth;
    if (c == ',' && depth == 0) {
      in.operands.push_back(llvm::StringRef(cur).trim().str());
      cur.clear();
    } else {
      cur += c;
    }
  }
  if (!llvm::StringRef(cur).trim().empty()) in.operands.push_back(llvm::StringRef(cur).trim().str());
  return in;
}

bool parseImmediate(llvm::StringRef s, int64_t& v) {
  s = s.trim();
  if (s.starts_with("0x") || s.starts_with("0X")) return !s.drop_front(2).getAsInteger(16, v);
  return !s.getAsInteger(10, v);
}

// Alignment and shared-symbol provenance of registers, to a fixed point over the function.
struct RegisterFacts {
  std::map<std::string, int64_t> align;
  std::map<std::string, std::string> symbol;
};

struct Function {
  std::string name;
  std::vector<std::pair<Insn, std::pair<unsigned, unsigned>>> body;  // instruction, (file, line)
};

void analyzeRegisters(const Function& fn, const std::set<std::string>& sharedSymbols, RegisterFacts& facts) {
  std::set<std::string> defined;
  for (const auto& [in, loc] : fn.body)
    if (!in.operands.empty() && !in.operands[0].empty() && in.operands[0][0] == '%') defined.insert(in.operands[0]);
  auto alignOf = [&](const std::string& operand) -> int64_t {
    int64_t imm = 0;
    if (parseImmediate(operand, imm)) return powerOfTwoFactor(imm);
    if (sharedSymbols.count(operand)) return kMaxAccessBytes;  // ptxas places shared variables 16-byte aligned
    // A special register (%tid.x, %ctaid.y, %laneid) or a parameter: any value.
    if (!defined.count(operand)) return 1;
    auto it = facts.align.find(operand);
    return it == facts.align.end() ? kMaxAccessBytes : it->second;  // optimistic start of the fixed point
  };
  auto symOf = [&](const std::string& operand) -> std::string {
    if (sharedSymbols.count(operand)) return operand;
    auto it = facts.symbol.find(operand);
    return it == facts.symbol.end() ? "" : it->second;
  };
  for (int pass = 0; pass < 8; ++pass) {
    bool changed = false;
    std::map<std::string, int64_t> next;
    std::map<std::string, std::string> nextSym;
    std::set<std::string> conflictingSym;
    for (const auto& [in, loc] : fn.body) {
      if (in.operands.empty() || in.operands[0].empty() || in.operands[0][0] != '%') continue;
      const std::string& d = in.operands[0];
      llvm::StringRef op = in.op;
      int64_t a = 1;
      std::string s;
      const auto& o = in.operands;
      if ((op.starts_with("mov.") || op.starts_with("cvta") || op.starts_with("cvt.")) && o.size() >= 2) {
        a = alignOf(o[1]);
        s = symOf(o[1]);
      } else if (op.starts_with("shl.") && o.size() >= 3) {
        int64_t k = 0;
        // Shifting by 4 or more makes any value 16-byte aligned.
        a = parseImmediate(o[2], k) && k >= 0 ? std::min(kMaxAccessBytes, alignOf(o[1]) << std::min<int64_t>(k, 4)) : alignOf(o[1]);
      } else if ((op.starts_with("mul.lo") || op.starts_with("mul.wide")) && o.size() >= 3) {
        a = std::min(kMaxAccessBytes, alignOf(o[1]) * alignOf(o[2]));
      } else if ((op.starts_with("mad.lo") || op.starts_with("mad.wide")) && o.size() >= 4) {
        a = std::min(std::min(kMaxAccessBytes, alignOf(o[1]) * alignOf(o[2])), alignOf(o[3]));
        s = symOf(o[3]);
      } else if ((op.starts_with("add.") || op.starts_with("sub.")) && o.size() >= 3) {
        a = std::min(alignOf(o[1]), alignOf(o[2]));
        const std::string s1 = symOf(o[1]), s2 = symOf(o[2]);
        s = !s1.empty() && s2.empty() ? s1 : (s1.empty() && !s2.empty() && op.starts_with("add.") ? s2 : "");
      } else if (op.starts_with("and.") && o.size() >= 3) {
        a = std::max(alignOf(o[1]), alignOf(o[2]));
      } else if ((op.starts_with("or.") || op.starts_with("xor.")) && o.size() >= 3) {
        a = std::min(alignOf(o[1]), alignOf(o[2]));
      }
      auto it = next.find(d);
      next[d] = it == next.end() ? a : std::min(it->second, a);
      if (auto si = nextSym.find(d); si != nextSym.end() && si->second != s) conflictingSym.insert(d);
      nextSym[d] = s;
    }
    for (const std::string& c : conflictingSym) nextSym[c] = "";
    if (next != facts.align || nextSym != facts.symbol) changed = true;
    facts.align = std::move(next);
    facts.symbol = std::move(nextSym);
    if (!changed) break;
  }
}

// ptxas merges contiguous accesses with one base register into the widest aligned vector.
void inferMerges(std::vector<PtxAccess>& accesses) {
  std::map<std::tuple<std::string, unsigned, int, std::string, unsigned>, std::vector<size_t>> groups;
  for (size_t i = 0; i < accesses.size(); ++i) {
    const PtxAccess& a = accesses[i];
    if (a.kind == PtxAccess::Kind::AsyncCopy || a.ptxWidth >= 16) continue;
    groups[{a.function, a.line, static_cast<int>(a.kind), a.base, a.ptxWidth}].push_back(i);
  }
  for (auto& [key, idx] : groups) {
    std::sort(idx.begin(), idx.end(), [&](size_t x, size_t y) { return accesses[x].immediate < accesses[y].immediate; });
    const unsigned w = std::get<4>(key);
    size_t i = 0;
    while (i < idx.size()) {
      PtxAccess& first = accesses[idx[i]];
      const int64_t addrAlign = std::min(first.baseAlignment, powerOfTwoFactor(first.immediate));
      // Length of the contiguous run starting here.
      size_t run = 1;
      while (i + run < idx.size() && accesses[idx[i + run]].immediate == first.immediate + static_cast<int64_t>(run * w)) ++run;
      // Which 16-bit loads merge depends on their C++ type (widthFromPtx narrows it).
      const auto bytes = static_cast<unsigned>(widestMerge(w, mergeLimitForWidth(w), addrAlign, static_cast<int64_t>(run)));
      const size_t n = bytes / w;
      for (size_t j = 0; j < n; ++j) accesses[idx[i + j]].mergedWidth = bytes;
      i += n;
    }
  }
}
}  // namespace

PtxListing parsePtx(llvm::StringRef ptx) {
  PtxListing out;
  std::map<unsigned, std::string> files;
  std::set<std::string> sharedSymbols;
  std::vector<Function> functions;
  llvm::SmallVector<llvm::StringRef, 0> lines;
  ptx.split(lines, '\n');
  static const llvm::Regex fileRe(R"re(^[[:space:]]*\.file[[:space:]]+([0-9]+)[[:space:]]+"([^"]*)")re");
  static const llvm::Regex locRe(R"(^[[:space:]]*\.loc[[:space:]]+([0-9]+)[[:space:]]+([0-9]+)[[:space:]]+([0-9]+))");
  static const llvm::Regex entryRe(R"(\.(entry|func)[[:space:]]+(\([^)]*\)[[:space:]]*)?([A-Za-z_$][A-Za-z0-9_$]*))");
  static const llvm::Regex sharedRe(R"(\.shared[[:space:]]+(\.align[[:space:]]+[0-9]+[[:space:]]+)?\.[a-z0-9]+[[:space:]]+([A-Za-z_$][A-Za-z0-9_$]*))");
  unsigned curFile = 0, curLine = 0;
  for (llvm::StringRef raw : lines) {
    llvm::StringRef line = raw.split("//").first;
    llvm::SmallVector<llvm::StringRef, 5> m;
    if (fileRe.match(line, &m)) {
      files[static_cast<unsigned>(std::stoul(m[1].str()))] = m[2].str();
      continue;
    }
    if (locRe.match(line, &m)) {
      curFile = static_cast<unsigned>(std::stoul(m[1].str()));
      curLine = static_cast<unsigned>(std::stoul(m[2].str()));
      continue;
    }
    if ((line.contains(".entry") || line.contains(".func")) && entryRe.match(line, &m)) {
      functions.push_back(Function{m[3].str(), {}});
      curLine = 0;
      continue;
    }
    if (line.contains(".shared") && sharedRe.match(line, &m) && !line.trim().starts_with("ld") &&
        !line.trim().starts_with("st") && !line.trim().starts_with("cp")) {
      sharedSymbols.insert(m[2].str());
      continue;
    }
    llvm::StringRef t = line.trim();
    if (t.empty() || t.starts_with(".") || t.starts_with("{") || t.starts_with("}") || t.starts_with("$") ||
        functions.empty())
      continue;
    functions.back().body.push_back({splitInstruction(t), {curFile, curLine}});
  }

  for (const Function& fn : functions) {
    RegisterFacts facts;
    analyzeRegisters(fn, sharedSymbols, facts);
    const std::string demangled = llvm::demangle(fn.name);
    for (const auto& [in, loc] : fn.body) {
      llvm::StringRef op = in.op;
      PtxAccess a;
      std::string address;
      if ((op.starts_with("ld.shared") || op.starts_with("ld.volatile.shared")) && in.operands.size() >= 2) {
        a.kind = PtxAccess::Kind::Load;
        address = in.operands[1];
      } else if ((op.starts_with("st.shared") || op.starts_with("st.volatile.shared")) && in.operands.size() >= 2) {
        a.kind = PtxAccess::Kind::Store;
        address = in.operands[0];
      } else if (op.starts_with("cp.async.") && op.contains(".shared") && in.operands.size() >= 3) {
        a.kind = PtxAccess::Kind::AsyncCopy;
        address = in.operands[0];
        int64_t bytes = 0;
        if (parseImmediate(in.operands[2], bytes)) a.ptxWidth = static_cast<unsigned>(bytes);
      } else {
        continue;
      }
      if (a.kind != PtxAccess::Kind::AsyncCopy) {
        llvm::SmallVector<llvm::StringRef, 6> parts;
        op.split(parts, '.');
        unsigned vec = 1, bytes = 0;
        for (llvm::StringRef p : parts) {
          if (p == "v2") vec = 2;
          if (p == "v4") vec = 4;
          if (p.size() >= 2 && (p[0] == 'b' || p[0] == 'u' || p[0] == 's' || p[0] == 'f') && llvm::all_of(p.drop_front(), llvm::isDigit))
            bytes = typeBytes(p);
        }
        a.ptxWidth = vec * bytes;
      }
      llvm::StringRef addr = llvm::StringRef(address).trim();
      addr.consume_front("[");
      addr.consume_back("]");
      auto [base, off] = addr.split('+');
      a.base = base.trim().str();
      if (!off.empty()) parseImmediate(off, a.immediate);
      if (sharedSymbols.count(a.base)) {
        a.baseAlignment = kMaxAccessBytes;
        a.array = sourceNameOfSymbol(a.base);
      } else {
        auto it = facts.align.find(a.base);
        a.baseAlignment = it == facts.align.end() ? 1 : it->second;
        auto si = facts.symbol.find(a.base);
        if (si != facts.symbol.end() && !si->second.empty()) a.array = sourceNameOfSymbol(si->second);
      }
      a.function = demangled;
      a.file = files.count(loc.first) ? files[loc.first] : "";
      a.line = loc.second;
      a.mergedWidth = a.ptxWidth;
      a.text = in.op;
      for (const std::string& o : in.operands) a.text += " " + o;
      out.accesses.push_back(std::move(a));
    }
  }
  inferMerges(out.accesses);
  out.ok = true;
  return out;
}

PtxListing compileToPtx(const std::string& file, const std::vector<std::string>& flags, const std::string& arch) {
  PtxListing out;
  const std::string nvcc = findNvcc();
  if (nvcc.empty()) {
    out.error = "nvcc not found (looked in $CUDA_PATH/bin, /usr/local/cuda/bin and PATH)";
    return out;
  }
  llvm::SmallString<128> ptxPath;
  llvm::sys::fs::createTemporaryFile("bankcheck", "ptx", ptxPath);
  std::vector<std::string> args = {nvcc, "-ptx", "-lineinfo", "-arch=" + arch, "-std=c++17"};
  for (const std::string& f : flags) args.push_back(f);
  args.insert(args.end(), {file, "-o", ptxPath.str().str()});
  for (const std::string& a : args) out.command += (out.command.empty() ? "" : " ") + a;
  const ToolRun compile = runTool(args);
  auto ptx = llvm::MemoryBuffer::getFile(ptxPath);
  if (!compile.ok || !ptx) {
    out.error = compile.ok ? "nvcc wrote no PTX" : compile.failureWithStderr();
  } else {
    PtxListing parsed = parsePtx((*ptx)->getBuffer());
    parsed.command = out.command;
    out = std::move(parsed);
    // The registers: ptxas, next to nvcc, on the same PTX (its -v log goes to stderr).
    const std::string ptxas = (llvm::sys::path::parent_path(nvcc) + "/ptxas").str();
    const ToolRun assemble = runTool({ptxas, "-arch=" + arch, "-v", ptxPath.str().str(), "-o", "/dev/null"});
    if (assemble.ok) out.registers = parsePtxasRegisters(assemble.err);
    else out.registersError = assemble.failure;
  }
  llvm::sys::fs::remove(ptxPath);
  return out;
}

std::map<std::string, int> parsePtxasRegisters(llvm::StringRef log) {
  // ptxas info    : Compiling entry function '_Z6kernelPf' for 'sm_90'
  // ptxas info    : Function properties for _Z6kernelPf
  // ptxas info    : Used 128 registers, used 1 barriers, 32768 bytes smem, 368 bytes cmem[0]
  std::map<std::string, int> out;
  std::string entry;
  llvm::SmallVector<llvm::StringRef, 64> lines;
  log.split(lines, '\n');
  for (llvm::StringRef line : lines) {
    if (size_t at = line.find("Compiling entry function '"); at != llvm::StringRef::npos) {
      llvm::StringRef rest = line.substr(at + 26);
      entry = llvm::demangle(rest.substr(0, rest.find('\'')).str());
      continue;
    }
    if (size_t at = line.find("Used "); at != llvm::StringRef::npos && !entry.empty()) {
      int n = 0;
      if (!line.substr(at + 5).split(' ').first.getAsInteger(10, n)) out[entry] = n;
      entry.clear();
    }
  }
  return out;
}

namespace {
bool functionMatches(const std::string& demangled, const std::string& instance) {
  // "void ns::transpose<8>(float const*, float*, int)" matches "ns::transpose<8>".
  const size_t paren = demangled.find('(');
  std::string head = demangled.substr(0, paren);
  const size_t space = head.rfind(' ', head.find('<') == std::string::npos ? std::string::npos : head.find('<'));
  if (space != std::string::npos) head = head.substr(space + 1);
  auto squash = [](std::string s) {
    s.erase(std::remove(s.begin(), s.end(), ' '), s.end());
    return s;
  };
  return squash(head) == squash(instance);
}

}  // namespace

std::optional<int> registersOf(const PtxListing& ptx, const std::string& instance) {
  for (const auto& [function, registers] : ptx.registers)
    if (functionMatches(function, instance)) return registers;
  return std::nullopt;
}

namespace {
PtxAccess::Kind kindOf(ir::AccessKind k) {
  switch (k) {
    case ir::AccessKind::Load: return PtxAccess::Kind::Load;
    case ir::AccessKind::Store: return PtxAccess::Kind::Store;
    case ir::AccessKind::AsyncCopyDst: return PtxAccess::Kind::AsyncCopy;
    case ir::AccessKind::MatrixLoad: return PtxAccess::Kind::Load;
    case ir::AccessKind::MatrixStore: return PtxAccess::Kind::Store;
    case ir::AccessKind::Atomic: return PtxAccess::Kind::Store;
  }
  return PtxAccess::Kind::Load;
}
}  // namespace

WidthPlan widthFromPtx(const PtxListing& ptx, const ir::TranslationUnit& tu, const ir::Access& access,
                       const WidthPlan& predicted) {
  // Atomics are never merged: their width is the C++ type's.
  if (!ptx.ok || access.kind == ir::AccessKind::Atomic) return predicted;
  const ir::KernelInstance& k = tu.kernel(access.kernelInstance);
  const ir::SharedArray& array = tu.array(access.array);
  const std::string arrayName = tu.rootOf(array).name;
  const std::string file = llvm::sys::path::filename(access.span.begin.file).str();
  std::map<unsigned, unsigned> widths;  // merged width -> PTX instructions
  for (const PtxAccess& p : ptx.accesses) {
    if (p.line != access.span.begin.line || p.kind != kindOf(access.kind)) continue;
    if (!p.file.empty() && llvm::sys::path::filename(p.file) != file) continue;
    if (!functionMatches(p.function, k.name)) continue;
    if (!p.array.empty() && p.array != arrayName) continue;
    ++widths[p.mergedWidth];
  }
  if (widths.empty()) {
    WidthPlan plan = predicted;
    plan.note += std::string(plan.note.empty() ? "" : "; ") + "no matching instruction in nvcc's " +
                 (ptx.origin == WidthSource::Sass ? "SASS" : "PTX") + ", width predicted";
    return plan;
  }
  // SASS has no array names: where one line holds instructions of several widths, the one the
  // prediction (or the C++ type) gives is taken when present.
  if (ptx.origin == WidthSource::Sass && widths.size() > 1) {
    for (unsigned candidate : {predicted.width, access.widthBytes})
      if (widths.count(candidate)) {
        widths = {{candidate, widths[candidate]}};
        break;
      }
  }
  // The width most instructions have (a loop tail can differ).
  unsigned width = widths.begin()->first, count = 0;
  for (auto [w, n] : widths)
    if (n > count) width = w, count = n;
  // The PTX has no merges of narrow types; ptxas's depend on the type and the value's use, which
  // the IR knows (a `__nv_bfloat16` converted to float stays 16-bit).
  if (ptx.origin == WidthSource::Ptx && width > access.widthBytes)
    width = static_cast<unsigned>(std::max<int64_t>(access.widthBytes, std::min<int64_t>(width, mergeLimitBytes(access))));
  const std::string emits = ptx.origin == WidthSource::Sass ? "the SASS has " : "nvcc emits ";
  WidthPlan plan = predicted;
  plan.source = ptx.origin;
  if (width == access.widthBytes) {
    plan.width = width;
    plan.vectorLoop = -1;
    plan.factor = 1;
    plan.note = emits + std::to_string(width * 8) + "-bit accesses for this line";
  } else if (width > access.widthBytes && width % access.widthBytes == 0 &&
             (predicted.vectorLoop >= 0 || findContiguousLoop(tu, access) >= 0)) {
    plan.width = width;
    if (plan.vectorLoop < 0) plan.vectorLoop = findContiguousLoop(tu, access);
    plan.factor = width / access.widthBytes;
    plan.note = emits + std::to_string(width * 8) + "-bit accesses for this line (" + std::to_string(plan.factor) +
                " unrolled iterations merged)";
  } else {
    plan.width = width;
    plan.note = emits + std::to_string(width * 8) + "-bit accesses for this line";
  }
  if (widths.size() > 1) plan.note += " (" + std::to_string(widths.size()) + " different widths seen; the most common used)";
  return plan;
}

}  // namespace bankcheck::mapper
