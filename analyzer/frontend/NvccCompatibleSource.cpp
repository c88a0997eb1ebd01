#include "frontend/NvccCompatibleSource.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cctype>
#include <map>
#include <memory>
#include <mutex>
#include <vector>

namespace bankcheck::frontend {

namespace {

bool isIdentifierChar(char c) { return llvm::isAlnum(c) || c == '_'; }
bool isBlank(char c) { return c == ' ' || c == '\t'; }

// Blanks, line ends and a macro's line continuations from `j` on; where they end.
size_t skipBlanksAndLines(const std::string& s, size_t j) {
  while (j < s.size() && (isBlank(s[j]) || s[j] == '\n' || s[j] == '\r' || (s[j] == '\\' && j + 1 < s.size() && s[j + 1] == '\n')))
    j += s[j] == '\\' ? 2 : 1;
  return j;
}

// The identifier that starts at `j` (empty when none does).
llvm::StringRef wordAt(const std::string& s, size_t j) {
  size_t k = j;
  while (k < s.size() && isIdentifierChar(s[k])) ++k;
  return llvm::StringRef(s.data() + j, k - j);
}

// A small lexer over the text: it steps over comments and literals, so that `asm` in a comment or
// a string is not taken for a statement.
class Scanner {
 public:
  explicit Scanner(std::string& text) : s_(text) {}

  // Skips the comment or literal that starts at `i`, if one does; returns whether it did.
  bool skipCommentOrLiteral(size_t& i) const {
    if (s_.compare(i, 2, "//") == 0) {
      while (i < s_.size() && s_[i] != '\n') i += (s_[i] == '\\' && i + 1 < s_.size()) ? 2 : 1;
      return true;
    }
    if (s_.compare(i, 2, "/*") == 0) {
      const size_t end = s_.find("*/", i + 2);
      i = end == std::string::npos ? s_.size() : end + 2;
      return true;
    }
    if (s_[i] == '"' || s_[i] == '\'') {
      const char quote = s_[i++];
      while (i < s_.size() && s_[i] != quote && s_[i] != '\n') i += s_[i] == '\\' ? 2 : 1;
      i = std::min(i + 1, s_.size());
      return true;
    }
    return false;
  }

  // From the `(` of an asm statement at `open`: inserts the missing commas between operands.
  // Returns where the scan stopped.
  size_t fixOperands(size_t open, bool& changed) {
    int depth = 0, colons = 0;
    bool operandClosed = false;  // a `)` just closed an operand at the statement's level
    size_t i = open;
    std::vector<std::pair<size_t, size_t>> templates;  // the asm string's literals, quotes included
    // Once the statement is read: in an asm with operands, nvcc takes `%laneid` for the register,
    // where Clang wants `%%laneid`.
    auto escapeRegisters = llvm::make_scope_exit([&] {
      if (colons > 0)
        for (const auto& [from, to] : templates) changed |= escapeRegisterNames(from, to);
    });
    while (i < s_.size()) {
      if (const size_t next = skipBlanksAndLines(s_, i); next != i) {
        i = next;
        continue;
      }
      const char c = s_[i];
      if (depth == 1 && operandClosed && (colons == 1 || colons == 2) && (c == '"' || c == '[')) {
        // The next operand follows with no comma: the blank before it becomes one.
        if (i > 0 && isBlank(s_[i - 1])) {
          s_[i - 1] = ',';
          changed = true;
        }
      }
      operandClosed = false;
      if (depth == 1 && colons == 0 && c == '"') {
        const size_t from = i;
        skipCommentOrLiteral(i);
        templates.emplace_back(from, i);
        continue;
      }
      if (skipCommentOrLiteral(i)) continue;
      if (c == '(') {
        ++depth;
      } else if (c == ')') {
        if (--depth == 0) return i + 1;
        operandClosed = depth == 1;
      } else if (c == ':' && depth == 1) {
        ++colons;
      } else if (c == ';' || c == '{' || c == '}') {
        return i;  // not an asm statement after all
      }
      ++i;
    }
    return i;
  }

 private:
  // In the literal [from, to): each `%` that starts a register name (`%laneid`, `%tid.x`, `%clock`:
  // a letter not followed by an operand's digit or `[`, so no modifier of an operand) doubled, a
  // blank of the same literal that separates nothing (after a comma, or next to another blank)
  // given up for it, so that the line keeps its length. One with no such blank stays as written.
  bool escapeRegisterNames(size_t from, size_t to) {
    bool changed = false;
    for (size_t k = from + 1; k + 2 < to; ++k) {
      if (s_[k] != '%') continue;
      if (s_[k + 1] == '%') {
        ++k;
        continue;
      }
      const bool registerName = std::isalpha(static_cast<unsigned char>(s_[k + 1])) &&
                                !std::isdigit(static_cast<unsigned char>(s_[k + 2])) && s_[k + 2] != '[';
      if (!registerName) continue;
      size_t blank = std::string::npos;
      for (size_t b = from + 1; b + 1 < to; ++b)
        if (isBlank(s_[b]) && (s_[b - 1] == ',' || isBlank(s_[b - 1]) || isBlank(s_[b + 1]))) {
          blank = b;
          break;
        }
      if (blank == std::string::npos) continue;
      // Drop the blank, then open a place for the second `%`: the text between them moves by one.
      if (blank < k) {
        s_.erase(blank, 1);
        s_.insert(k - 1, 1, '%');
      } else {
        s_.insert(k, 1, '%');
        s_.erase(blank + 1, 1);
      }
      changed = true;
      ++k;  // past the doubled `%`
    }
    return changed;
  }

  std::string& s_;
};

// An in-memory file with the status of the file it replaces.
class BufferFile : public llvm::vfs::File {
 public:
  BufferFile(llvm::vfs::Status status, std::unique_ptr<llvm::MemoryBuffer> buffer)
      : status_(std::move(status)), buffer_(std::move(buffer)) {}
  llvm::ErrorOr<llvm::vfs::Status> status() override { return status_; }
  // Clang may close the file before it is done with the buffer: the buffer is handed over.
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> getBuffer(const llvm::Twine& name, int64_t, bool, bool) override {
    if (buffer_) return std::move(buffer_);
    return std::make_error_code(std::errc::io_error);
  }
  std::error_code close() override { return {}; }

 private:
  llvm::vfs::Status status_;
  std::unique_ptr<llvm::MemoryBuffer> buffer_;
};

class NvccCompatibleFileSystem : public llvm::vfs::ProxyFileSystem {
 public:
  using ProxyFileSystem::ProxyFileSystem;
  // A rewrite may change a file's length (a pragma body): Clang compares the size it was told
  // with the buffer it reads, so the size is the rewritten text's here as well. The text read
  // for the size is kept for the open that follows, so that no file is read twice.
  llvm::ErrorOr<llvm::vfs::Status> status(const llvm::Twine& path) override {
    llvm::ErrorOr<llvm::vfs::Status> status = ProxyFileSystem::status(path);
    if (!status || !status->isRegularFile()) return status;
    const std::optional<uint64_t> size = textSize(path);
    return size ? llvm::vfs::Status::copyWithNewSize(*status, *size) : status;
  }
  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>> openFileForRead(const llvm::Twine& path) override {
    llvm::ErrorOr<llvm::vfs::Status> status = ProxyFileSystem::status(path);
    if (!status || !status->isRegularFile()) return ProxyFileSystem::openFileForRead(path);
    std::unique_ptr<llvm::MemoryBuffer> text = takeText(path);
    if (!text) return ProxyFileSystem::openFileForRead(path);
    const uint64_t size = text->getBufferSize();
    return std::unique_ptr<llvm::vfs::File>(new BufferFile(llvm::vfs::Status::copyWithNewSize(*status, size), std::move(text)));
  }

 private:
  // The file's text, made acceptable where it needs it; null when it cannot be read.
  std::unique_ptr<llvm::MemoryBuffer> compatibleText(const llvm::Twine& path) {
    auto buffer = getUnderlyingFS().getBufferForFile(path, -1, /*RequiresNullTerminator=*/true, /*IsVolatile=*/false);
    if (!buffer) return nullptr;
    if (std::optional<std::string> fixed = nvccCompatibleText((*buffer)->getBuffer()))
      return llvm::MemoryBuffer::getMemBufferCopy(*fixed, path.str());
    return std::move(*buffer);
  }

  // The size of the file's text as it will be read (nothing when it cannot be read); the text
  // itself is kept for takeText.
  std::optional<uint64_t> textSize(const llvm::Twine& path) {
    const std::string key = path.str();
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (const auto it = texts_.find(key); it != texts_.end()) return it->second.size;
    }
    std::unique_ptr<llvm::MemoryBuffer> text = compatibleText(path);
    if (!text) return std::nullopt;
    std::lock_guard<std::mutex> lock(mutex_);
    Text& t = texts_[key];
    t.size = text->getBufferSize();
    t.unread = std::move(text);
    return t.size;
  }

  // The text kept by textSize, handed over; read again when it was handed over before.
  std::unique_ptr<llvm::MemoryBuffer> takeText(const llvm::Twine& path) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (const auto it = texts_.find(path.str()); it != texts_.end() && it->second.unread) return std::move(it->second.unread);
    }
    return compatibleText(path);
  }

  struct Text {
    uint64_t size = 0;
    std::unique_ptr<llvm::MemoryBuffer> unread;  // read for its size, not yet opened
  };
  std::mutex mutex_;
  std::map<std::string, Text> texts_;
};


// `extern __shared__ float s[32][32];`: with every extent given, nvcc treats the declaration as a
// static definition (warning 20044) and Clang rejects it. `extern` becomes blanks, which is what
// nvcc makes of it; `extern __shared__ T s[];`, the dynamic buffer, stays as written.
bool defineSizedExternShared(std::string& s, const Scanner& scanner, size_t externAt, size_t afterExtern) {
  const size_t j = skipBlanksAndLines(s, afterExtern);
  if (wordAt(s, j) != "__shared__") return false;
  int depth = 0;
  for (size_t k = j; k < s.size();) {
    if (scanner.skipCommentOrLiteral(k)) continue;
    const char c = s[k];
    if (c == '(') ++depth;
    if (c == ')') --depth;
    if (c == '[' && s[skipBlanksAndLines(s, k + 1)] == ']') return false;  // an extent left out
    if (depth == 0 && (c == '{' || c == '=')) return false;
    if (depth == 0 && c == ';') {
      s.replace(externAt, 6, 6, ' ');
      return true;
    }
    ++k;
  }
  return false;
}

// `#define CUTE_UNROLL #pragma unroll` (older CuTe and CUTLASS, under __CUDA_ARCH__): nvcc takes
// the pragma where the macro expands; to Clang the body is the tokens `#`, `pragma`, `unroll` and
// every use is a syntax error. The body becomes `_Pragma("unroll")`, what Clang expands to that
// pragma. Lines stay where they are; the rest of the #define line moves 3 columns right.
// Returns the text with every such body rewritten, or nothing when there is none.
std::optional<std::string> pragmaBodiesAsOperators(llvm::StringRef s) {
  // Where each such body starts and its line ends; most files have none, and are not copied.
  std::vector<std::pair<size_t, size_t>> bodies;
  size_t lineStart = 0;
  while (lineStart < s.size()) {
    size_t lineEnd = s.find('\n', lineStart);
    if (lineEnd == llvm::StringRef::npos) lineEnd = s.size();
    llvm::StringRef rest = s.slice(lineStart, lineEnd).ltrim(" \t");
    if (rest.consume_front("#") && (rest = rest.ltrim(" \t")).consume_front("define") && !rest.empty() && isBlank(rest.front())) {
      rest = rest.ltrim(" \t");
      const llvm::StringRef name = rest.take_while(isIdentifierChar);
      rest = rest.drop_front(name.size());
      // An object-like macro (a `(` right after the name makes `#` the stringizing operator).
      if (!name.empty() && !rest.empty() && isBlank(rest.front())) {
        const llvm::StringRef body = rest.ltrim(" \t");
        llvm::StringRef afterHash = body;
        if (afterHash.consume_front("#") && afterHash.ltrim(" \t").starts_with("pragma") && !body.rtrim(" \t\r").ends_with("\\"))
          bodies.emplace_back(static_cast<size_t>(body.data() - s.data()), lineEnd);
      }
    }
    lineStart = lineEnd + 1;
  }
  if (bodies.empty()) return std::nullopt;
  std::string out;
  size_t copied = 0;
  for (const auto& [pragmaAt, lineEnd] : bodies) {
    llvm::StringRef pragma = s.slice(pragmaAt, lineEnd).rtrim(" \t\r");
    pragma = pragma.drop_front(1).ltrim(" \t").drop_front(6).trim(" \t");  // after `#`, blanks and `pragma`
    out.append(s.data() + copied, pragmaAt - copied);
    out += "_Pragma(\"";
    for (char c : pragma) {
      if (c == '"' || c == '\\') out += '\\';
      out += c;
    }
    out += "\")";
    copied = lineEnd;
  }
  out.append(s.data() + copied, s.size() - copied);
  return out;
}
}  // namespace

std::optional<std::string> nvccCompatibleText(llvm::StringRef text) {
  std::optional<std::string> pragmas;
  if (text.contains("pragma")) pragmas = pragmaBodiesAsOperators(text);
  // The other two constructs need a scan of the text: only where their words appear.
  const bool externShared = text.contains("extern") && text.contains("__shared__");
  if (!externShared && !text.contains("asm")) return pragmas;
  std::string s = pragmas ? std::move(*pragmas) : text.str();
  Scanner scanner(s);
  bool changed = pragmas.has_value();
  size_t i = 0;
  while (i < s.size()) {
    if (scanner.skipCommentOrLiteral(i)) continue;
    if (!isIdentifierChar(s[i])) {
      ++i;
      continue;
    }
    const size_t start = i;
    const llvm::StringRef word = wordAt(s, i);
    const size_t end = i + word.size();
    i = end;
    if (word == "extern") {
      if (externShared) changed |= defineSizedExternShared(s, scanner, start, end);
      continue;
    }
    if (word != "asm" && word != "__asm__" && word != "__asm") continue;
    // Qualifiers, then the statement's parenthesis.
    size_t j = skipBlanksAndLines(s, end);
    for (llvm::StringRef q = wordAt(s, j); q == "volatile" || q == "__volatile__" || q == "__volatile" || q == "goto" || q == "inline";
         q = wordAt(s, j))
      j = skipBlanksAndLines(s, j + q.size());
    if (j < s.size() && s[j] == '(') i = scanner.fixOperands(j, changed);
  }
  if (!changed) return std::nullopt;
  return s;
}

llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> nvccCompatibleFileSystem(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> base) {
  return llvm::makeIntrusiveRefCnt<NvccCompatibleFileSystem>(std::move(base));
}

}  // namespace bankcheck::frontend
