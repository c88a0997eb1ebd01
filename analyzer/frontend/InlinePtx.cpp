#include "frontend/InlinePtx.h"

#include <regex>

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

namespace bankcheck::frontend {

namespace {
struct MatrixQualifiers {
  unsigned matrices = 0;  // 0: not a form bankcheck models
  bool trans = false;
};

// `.x4.trans.m8n8.shared` (any order): m8n8 and one .xN must be there (.shared is optional:
// without it the address is generic, and the caller still knows where it points; ggml writes
// `ldmatrix.sync.aligned.m8n8.x4.b16`).
MatrixQualifiers matrixQualifiers(const std::string& qualifiers) {
  MatrixQualifiers q;
  bool m8n8 = false;
  unsigned counts = 0;
  llvm::SmallVector<llvm::StringRef, 6> parts;
  llvm::StringRef(qualifiers).split(parts, '.', -1, false);
  for (llvm::StringRef p : parts) {
    if (p == "m8n8") m8n8 = true;
    else if (p == "trans") q.trans = true;
    else if (p == "x1" || p == "x2" || p == "x4") {
      q.matrices = static_cast<unsigned>(p[1] - '0');
      ++counts;
    }
  }
  if (!m8n8 || counts != 1) q.matrices = 0;
  return q;
}

// LLVM writes operands `$N` and a literal dollar `$$`; PTX registers keep their `%`.
std::string percentOperands(const std::string& text) {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '$' && i + 1 < text.size() && text[i + 1] == '$') {
      out += '$';
      ++i;
    } else if (text[i] == '$' && i + 1 < text.size() && std::isdigit(static_cast<unsigned char>(text[i + 1]))) {
      out += '%';
    } else if (text[i] == '%' && i + 1 < text.size() && std::isdigit(static_cast<unsigned char>(text[i + 1]))) {
      out += "%%";  // not an operand in LLVM's spelling: keep it from reading as one
    } else {
      out += text[i];
    }
  }
  return out;
}

// The instructions of an asm string: the pieces between `;` and line ends.
std::vector<std::string> instructions(const std::string& text) {
  std::vector<std::string> out;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find_first_of(";\n", start);
    if (end == std::string::npos) end = text.size();
    out.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return out;
}
}  // namespace

std::string opcodeUsingOperand(const std::string& asmText, unsigned operand) {
  const std::regex uses("%" + std::to_string(operand) + "(?![0-9])");
  for (const std::string& insn : instructions(asmText)) {
    if (!std::regex_search(insn, uses)) continue;
    std::smatch m;
    static const std::regex opcode(R"(^[\s{]*(@!?%?\w+\s+)?([a-z][\w.:]*))");
    if (std::regex_search(insn, m, opcode)) return m[2].str();
  }
  return "";
}

std::vector<SharedPtxOp> recognizeSharedPtx(const std::string& asmText, bool dollarOperands) {
  const std::string text = dollarOperands ? percentOperands(asmText) : asmText;
  static const std::regex cpAsync(R"(^\s*cp\.async\.(ca|cg)\.shared(::cta)?\.global[^\s]*\s*\[\s*%(\d+)\s*\]\s*,\s*\[([^\]]*)\]\s*,\s*(%?\d+))");
  static const std::regex sourceOperand(R"(^\s*%(\d+)\s*(\+\s*(\d+))?\s*$)");
  static const std::regex ldst(R"(^\s*(ld|st)\.shared(::cta)?((\.v[248])?)\.(b|f|u|s)(8|16|32|64)\s+[^\[]*\[\s*%(\d+)\s*(\+\s*(\d+))?\s*\])");
  static const std::regex anyMatrix(R"(^\s*(ldmatrix|stmatrix))");
  // ldmatrix.sync.aligned.m8n8.x4{.trans}.shared{::cta}.b16 {...}, [%N];   stmatrix ... [%N], {...};
  // Real code (CUTLASS, LeetCUDA) writes the qualifiers in other orders too (`.x4.trans.m8n8`).
  static const std::regex matrixOp(
      R"(^\s*(ldmatrix|stmatrix)\.sync\.aligned((?:\.(?:m8n8|x[124]|trans|shared(?:::cta)?))+)\.b16\s+(\{[^}]*\}\s*,\s*)?\[\s*%(\d+)\s*\])");
  std::vector<SharedPtxOp> ops;
  for (const std::string& insn : instructions(text)) {
    std::smatch m;
    SharedPtxOp op;
    if (std::regex_search(insn, m, cpAsync)) {
      op.kind = SharedPtxOp::Kind::AsyncCopy;
      op.opcode = "cp.async";
      op.addressOperand = static_cast<unsigned>(std::stoul(m[3]));
      op.store = true;
      op.bypassL1 = m[1] == "cg";
      const std::string source = m[4];
      if (std::smatch sm; std::regex_match(source, sm, sourceOperand)) {
        op.sourceOperand = std::stoi(sm[1]);
        if (sm[3].matched) op.sourceOffset = std::stoll(sm[3]);
      }
      const std::string size = m[5];
      if (size[0] == '%') op.sizeOperand = std::stoi(size.substr(1));
      else op.copyBytes = std::stoll(size);
    } else if (std::regex_search(insn, m, ldst)) {
      op.kind = SharedPtxOp::Kind::LoadStore;
      op.opcode = m[1];
      op.store = m[1] == "st";
      op.addressOperand = static_cast<unsigned>(std::stoul(m[7]));
      const unsigned lanes = m[3].length() ? static_cast<unsigned>(std::stoul(m[3].str().substr(2))) : 1;
      op.widthBytes = lanes * static_cast<unsigned>(std::stoul(m[6])) / 8;
      if (m[9].matched) op.addressOffset = std::stoll(m[9]);
      const size_t b = insn.find_first_not_of(" \t");
      op.spelling = insn.substr(b, insn.find_first_of(" \t", b) - b);
    } else if (std::regex_search(insn, m, matrixOp) && matrixQualifiers(m[2]).matrices) {
      const MatrixQualifiers q = matrixQualifiers(m[2]);
      op.kind = SharedPtxOp::Kind::Matrix;
      op.opcode = m[1];
      op.store = m[1] == "stmatrix";
      op.addressOperand = static_cast<unsigned>(std::stoul(m[4]));
      op.matrices = q.matrices;
      op.transposed = q.trans;
      op.widthBytes = 16;
      op.spelling = m[1].str() + ".x" + std::to_string(q.matrices) + (q.trans ? ".trans" : "");
    } else if (std::regex_search(insn, m, anyMatrix)) {
      op.kind = SharedPtxOp::Kind::UnmodelledMatrix;
      op.opcode = m[1];
    } else {
      continue;
    }
    ops.push_back(std::move(op));
  }
  return ops;
}

std::vector<SyncPtxOp> recognizeSyncPtx(const std::string& text) {
  static const std::regex cpAsync(R"(^\s*cp\.async\.(ca|cg)\.shared)");
  static const std::regex commit(R"(^\s*cp\.async\.commit_group\b)");
  static const std::regex waitGroup(R"(^\s*cp\.async\.wait_group\s+(%?)(\d+))");
  static const std::regex waitAll(R"(^\s*cp\.async\.wait_all\b)");
  // bar.sync a{, b}; barrier.sync{.aligned} a{, b}; bar{.cta}.sync
  static const std::regex barrier(R"(^\s*(bar|barrier)(\.cta)?\.sync(\.aligned)?\s+(%?)(\d+)\s*(,)?)");
  std::vector<SyncPtxOp> ops;
  for (std::string insn : instructions(text)) {
    // A predicate guard (`@p cp.async...`) or a label does not change which instruction it is.
    const size_t b = insn.find_first_not_of(" \t\r{");
    if (b == std::string::npos) continue;
    insn = insn.substr(b);
    if (insn[0] == '@') {
      const size_t sp = insn.find_first_of(" \t");
      if (sp == std::string::npos) continue;
      insn = insn.substr(sp);
    }
    // Every pattern starts `cp.async.` or `bar`: most instructions (mma, ldmatrix, ld) are none
    // of them, and a regex search per instruction and kernel instance was a third of the
    // synchronization phase on ggml's fattn.cu.
    const llvm::StringRef head = llvm::StringRef(insn).ltrim(" \t\r\n\v\f");
    if (!head.starts_with("cp.async.") && !head.starts_with("bar")) continue;
    std::smatch m;
    SyncPtxOp op;
    if (std::regex_search(insn, m, cpAsync)) {
      op.kind = SyncPtxOp::Kind::AsyncCopy;
      op.spelling = "cp.async." + m[1].str();
    } else if (std::regex_search(insn, m, commit)) {
      op.kind = SyncPtxOp::Kind::Commit;
      op.spelling = "cp.async.commit_group";
    } else if (std::regex_search(insn, m, waitGroup)) {
      op.kind = SyncPtxOp::Kind::WaitGroup;
      if (m[1].length()) op.operand = std::stoi(m[2]);
      else op.value = std::stoll(m[2]);
      op.spelling = "cp.async.wait_group " + (m[1].length() ? std::string("%") + m[2].str() : m[2].str());
    } else if (std::regex_search(insn, m, waitAll)) {
      op.kind = SyncPtxOp::Kind::WaitAll;
      op.spelling = "cp.async.wait_all";
    } else if (std::regex_search(insn, m, barrier)) {
      op.kind = SyncPtxOp::Kind::Barrier;
      if (m[4].length()) op.operand = std::stoi(m[5]);
      else op.value = std::stoll(m[5]);
      op.threadCount = m[6].matched;
      op.spelling = m[1].str() + ".sync";
    } else {
      continue;
    }
    ops.push_back(std::move(op));
  }
  return ops;
}

std::string specialRegisterRead(const std::string& asmText) {
  // `%%` is how a literal `%` is written in an asm string with operands; nvcc takes `%` too.
  static const std::regex kMove(
      R"(^\s*mov\.[usb]32\s+%0\s*,\s*%{1,2}(laneid|tid\.[xyz]|ntid\.[xyz]|ctaid\.[xyz]|nctaid\.[xyz]|)"
      R"(lanemask_(?:eq|lt|le|gt|ge)|warpid|nwarpid|smid|nsmid|gridid)\s*;?\s*$)");
  std::smatch m;
  return std::regex_match(asmText, m, kMove) ? m[1].str() : std::string();
}

}  // namespace bankcheck::frontend
