#include "mapper/SassWidths.h"

#include "mapper/CudaTools.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace bankcheck::mapper {

namespace {
// Bytes per lane of an LDS/STS/LDGSTS opcode: ".U8"/".S8" 1, ".U16"/".S16" 2, ".64" 8, ".128"
// 16, otherwise 4 (a plain LDS moves 32 bits).
unsigned opcodeWidth(llvm::StringRef opcode) {
  llvm::SmallVector<llvm::StringRef, 6> parts;
  opcode.split(parts, '.');
  unsigned width = 4;
  for (llvm::StringRef p : llvm::ArrayRef(parts).drop_front()) {
    if (p == "U8" || p == "S8") width = 1;
    else if (p == "U16" || p == "S16") width = 2;
    else if (p == "64") width = 8;
    else if (p == "128") width = 16;
  }
  return width;
}

std::optional<PtxAccess::Kind> kindOfOpcode(llvm::StringRef opcode) {
  const llvm::StringRef base = opcode.split('.').first;
  if (base == "LDS") return PtxAccess::Kind::Load;
  if (base == "STS") return PtxAccess::Kind::Store;
  if (base == "LDGSTS") return PtxAccess::Kind::AsyncCopy;
  return std::nullopt;
}

}  // namespace

PtxListing parseSass(llvm::StringRef text) {
  PtxListing out;
  out.origin = WidthSource::Sass;
  std::string function, file;
  unsigned line = 0;
  llvm::SmallVector<llvm::StringRef, 0> lines;
  text.split(lines, '\n');
  for (llvm::StringRef raw : lines) {
    const llvm::StringRef l = raw.trim();
    // "//--------------------- .text._Z9transposePfPKf --------------------------"
    if (l.starts_with("//---") && l.contains(".text.")) {
      const llvm::StringRef symbol = l.split(".text.").second.split(' ').first;
      function = llvm::demangle(symbol.str());
      file.clear();
      line = 0;
      continue;
    }
    // //## File "/path/k.cu", line 26   (nvdisasm -g)
    if (l.starts_with("//## File \"")) {
      const llvm::StringRef rest = l.drop_front(strlen("//## File \""));
      file = rest.split('"').first.str();
      const llvm::StringRef after = rest.split("line ").second;
      unsigned n = 0;
      line = after.split(',').first.trim().getAsInteger(10, n) ? 0 : n;
      continue;
    }
    // "/*0620*/                   LDS.S8 R5, [R4] ;" and "@!P2 STS.U16 [R3], R5 ;"
    if (!l.starts_with("/*") || function.empty()) continue;
    llvm::StringRef insn = l.split("*/").second.trim();
    if (insn.starts_with("@")) {
      const auto [guard, rest] = insn.split(' ');
      if (guard == "@!PT") continue;  // never executes
      insn = rest.trim();
    }
    const llvm::StringRef opcode = insn.split(' ').first;
    const std::optional<PtxAccess::Kind> kind = kindOfOpcode(opcode);
    if (!kind) continue;
    PtxAccess a;
    a.function = function;
    a.file = file;
    a.line = line;
    a.kind = *kind;
    a.ptxWidth = a.mergedWidth = opcodeWidth(opcode);
    a.text = insn.rtrim(" ;").str();
    out.accesses.push_back(std::move(a));
  }
  out.ok = true;
  return out;
}

std::string findNvdisasm() { return findCudaTool("nvdisasm"); }

PtxListing compileToSass(const std::string& file, const std::vector<std::string>& flags, const std::string& arch) {
  const std::string nvdisasm = findNvdisasm();
  if (nvdisasm.empty()) {
    PtxListing ptx = compileToPtx(file, flags, arch);
    ptx.notice = "nvdisasm not found (looked in $CUDA_PATH/bin, /usr/local/cuda/bin and PATH), so the widths come from "
                 "nvcc's PTX instead (as with --ptx), which can differ from what the GPU executes";
    return ptx;
  }
  PtxListing out;
  out.origin = WidthSource::Sass;
  const std::string nvcc = findNvcc();
  if (nvcc.empty()) {
    out.error = "nvcc not found (looked in $CUDA_PATH/bin, /usr/local/cuda/bin and PATH)";
    return out;
  }
  llvm::SmallString<128> cubin;
  llvm::sys::fs::createTemporaryFile("bankcheck", "cubin", cubin);
  std::vector<std::string> args = {nvcc, "-cubin", "-lineinfo", "-arch=" + arch, "-std=c++17", "-Xptxas", "-v"};
  for (const std::string& f : flags) args.push_back(f);
  args.insert(args.end(), {file, "-o", cubin.str().str()});
  for (const std::string& a : args) out.command += (out.command.empty() ? "" : " ") + a;
  const ToolRun compile = runTool(args);
  if (!compile.ok) {
    out.error = compile.failureWithStderr();
  } else {
    const std::map<std::string, int> registers = parsePtxasRegisters(compile.err);
    const ToolRun disassemble = runTool({nvdisasm, "-g", "-c", cubin.str().str()});
    if (!disassemble.ok) {
      out.error = disassemble.failureWithStderr();
    } else {
      const std::string command = out.command + " && " + nvdisasm + " -g -c";
      out = parseSass(disassemble.out);
      out.command = command;
      out.registers = registers;
      if (registers.empty()) out.registersError = "ptxas printed no register counts";
    }
  }
  llvm::sys::fs::remove(cubin);
  return out;
}

}  // namespace bankcheck::mapper
