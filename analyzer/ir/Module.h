// The intermediate representation every stage after the front end speaks: what a translation
// unit declares in shared memory, how it is accessed, and with which block shapes. Plain types,
// no Clang: a test can build one by hand.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "ir/Expr.h"

namespace bankcheck::ir {

struct SyncProgram;  // ir/SyncEvents.h

struct SourceLoc {
  std::string file;
  unsigned line = 0;
  unsigned column = 0;
  bool valid() const { return line != 0; }
};

// Source order: by file name, then line, then column.
inline bool sourceOrder(const SourceLoc& a, const SourceLoc& b) {
  return a.file != b.file ? a.file < b.file : a.line != b.line ? a.line < b.line : a.column < b.column;
}

// A half-open character range [begin, end) in one file; `end` may equal `begin` when unknown.
struct SourceSpan {
  SourceLoc begin;
  SourceLoc end;
  unsigned beginOffset = 0;  // byte offsets in the file, for edits
  unsigned endOffset = 0;
};

// The text of one array dimension as written (`TILE + 1`), where it is, and its value.
struct DimensionSpelling {
  uint64_t value = 0;
  std::string text;
  SourceSpan span;
  bool fromMacro = false;  // the whole declarator came from a macro expansion
  // A size written as one product `ROWS * STRIDE`: each factor as written and its value (the
  // row stride of a flattened tile may be either); empty otherwise.
  std::vector<std::pair<std::string, int64_t>> factors;
  // The extent is a non-type template parameter of the kernel, or adds one (`64 + PAD`), that the
  // kernel uses nowhere but in shared-memory declarations: a padding can be set at each
  // instantiation instead.
  std::string templateParam;    // its name; "" when none
  int templateParamIndex = -1;  // its position in the kernel template's parameter list
  int64_t templateParamValue = 0;
  int templateParamDeclarations = 0;  // the `__shared__` declarations that use it (1: this one alone)
};

// One term of an access's offset that is written in the source: an index into the array or
// into a pointer derived from it (`&KQ[j*D]`, `p + k`, `p[i]`), `value` elements of `unitBytes`
// each. A one-dimensional padding rewrites these texts; the offset may hold further terms that
// are not written anywhere (a struct field, a loop-carried step), which stay as they are.
struct OffsetPiece {
  ExprRef value;
  int64_t unitBytes = 0;
  SourceSpan span;
  std::string text;
  std::string notRewritable;      // why the text cannot be edited where it is; "" when it can
  // A term written on a pointer variable of a device function (a parameter or a local): the front
  // end's key of that variable (frontend/DevicePointerBindings.h), which clears `notRewritable`
  // when the variable never holds anything but this access's array.
  std::string viaPointer;
  bool pointerSubscript = false;  // a subscript `p[i]` of a pointer, not of the array or a derivation
  bool subtracted = false;        // `p - i`: `value` is -i, the text is i (an edit must keep it whole)
  // The names written in the text that have a compile-time value (a constexpr, a template
  // argument): a row stride spelled `ROW` can be padded as `(ROW + P)`.
  std::vector<std::pair<std::string, int64_t>> constants;
  // A term that is k whole steps for k in [0, steps) (a wmma call's `row * ldm`, one k per lane
  // and instruction): `text` is the step (`ldm`), and an edit pads the step, not the term.
  int64_t step = 0;
  int64_t steps = 0;
  // The term written as a sum `P + t1 + ... + tk` whose last addends are constants or integer
  // variables: for each way to split off trailing addends (fewest first), the prefix P as written
  // and the value of the addends after it, in units. A swizzle written on P alone, `(P ^ f(P)) + i`,
  // equals the one written on the whole term when the addends stay inside a chunk it moves, and
  // keeps an unrolled `i`'s accesses a constant apart, which nvcc merges (advisor/FlatSwizzle.cpp).
  struct Split {
    SourceSpan prefixSpan;
    std::string prefixText;
    ExprRef trailing;  // the sum of the addends after the prefix
    ExprRef addend;    // the first of them (the one this split adds to the previous one's)
  };
  std::vector<Split> splits;
};

struct SharedArray {
  int id = -1;
  std::string name;
  std::string elementType;         // as written after template substitution: "float", "__half"
  unsigned elementSize = 0;        // bytes
  bool recordElement = false;      // a struct, class or union (CUB's TempStorage): its members' layout is its type's
  std::vector<uint64_t> dims;      // outermost first; empty for `extern __shared__ T x[]`
  std::vector<DimensionSpelling> dimSpellings;
  uint64_t sizeBytes = 0;          // 0 when dynamic
  unsigned alignment = 0;          // bytes, as declared (what ptxas may assume)
  // A power of two the array's start in the block's shared window is a multiple of at run time:
  // its declared alignment (16 bytes at least for dynamic memory), as measured on the H200.
  unsigned placement = 1;
  // The start itself where it is known: the block's first array starts at 0x400, after its 1 KB
  // reserved, which is dynamic memory in a kernel with no static shared memory or a kernel's only
  // static variable (measured on the H200, docs/hardware-model.md "Where arrays start"); -1 otherwise.
  int64_t knownStart = -1;
  bool isDynamic = false;          // extern __shared__
  // A typed pointer carved out of a dynamic buffer: `float* B = (float*)(smem + 4096)`.
  int carvedFrom = -1;             // id of the raw buffer array
  ExprRef carveOffset;             // byte offset inside it
  // The written terms of that offset (`tile_size` in `&sram[tile_size]`, `C` in `shared + C`),
  // which a padding of the whole buffer rewrites as it does an index; meaningful only when
  // `carvePiecesWhyNot` is empty, and the offset is exactly their sum when `carvePiecesComplete`.
  std::vector<OffsetPiece> carvePieces;
  std::string carvePiecesWhyNot;
  bool carvePiecesComplete = false;
  std::string kernel;              // instance that declares it ("" at namespace scope)
  int kernelInstance = -1;
  SourceSpan decl;                 // the declarator (name and dimensions)
  std::string declKey;             // file:line:col of the declaration, shared by all instantiations
  std::vector<int> strideSymbols;  // ArrayStride symbol per depth 1..dims-1 (kernel instance's)
  // Why some access reaches this array through a pointer the walker lost track of (a step in a
  // loop it cannot follow): that access is not recorded, so no layout change can be proven.
  std::string untrackedAccess;
};

// The scalar class of a 1- or 2-byte access, and what a load's value becomes: together they decide
// whether ptxas merges the accesses of consecutive unrolled iterations (measured in SASS:
// mapper/WidthPrediction.cpp, docs/hardware-model.md "Merged narrow accesses").
enum class NarrowScalar : uint8_t { Other, Integer, Half, BFloat16 };
enum class NarrowValueUse : uint8_t { Other, ConvertedToFloat };

enum class AccessKind : uint8_t {
  Load,
  Store,
  AsyncCopyDst,  // destination of cp.async / __pipeline_memcpy_async / cuda::memcpy_async
  MatrixLoad,    // ldmatrix: lanes 0 .. 8N-1 give the 16-byte rows of N 8x8 matrices
  MatrixStore,   // stmatrix: the same rows, written
  Atomic,        // atomicAdd and the other atomics on a shared word: each lane's update is its own
};
const char* spelling(AccessKind k);
// Whether an access of this kind writes or reads shared memory (an atomic does both; a cp.async
// destination is written).
inline bool writesShared(AccessKind k) {
  return k == AccessKind::Store || k == AccessKind::AsyncCopyDst || k == AccessKind::MatrixStore || k == AccessKind::Atomic;
}
inline bool readsShared(AccessKind k) { return k == AccessKind::Load || k == AccessKind::MatrixLoad || k == AccessKind::Atomic; }

struct Predicate {
  ExprRef condition;   // lanes for which this is false do not perform the access
  SourceLoc loc;
};

// A loop around an access. Its iteration number is the warp-uniform Symbol `iterSymbol`
// (0, 1, 2 ...); the induction variable's value is `inductionValue` in terms of it.
struct Loop {
  int id = -1;
  int iterSymbol = -1;
  std::string inductionVar;        // "" when the loop has no recognised induction variable
  ExprRef inductionValue;          // e.g. `k0 + iter * 4`; null when none
  ExprRef condition;               // true while the loop continues; null when not understood
  std::string conditionProblem;    // why `condition` is null
  unsigned unroll = 0;             // 0: no pragma; 1: `#pragma unroll`; N: `#pragma unroll N`
  bool unrollDisabled = false;     // `#pragma unroll 1`
  // Its trip count and its variable's values are compile-time constants (a `for` whose start,
  // bound and step are constant expressions of the instance, or a list): nvcc can unroll it whole,
  // each copy with its own constants. Not for a bound that is a kernel argument the analysis took
  // from the launch, nor blockDim.
  bool compileTimeTrips = false;
  SourceLoc loc;
  int parent = -1;                 // enclosing loop id, -1 at top level
  // A trip count that is unknown from the code but bounded by an array's extent: with this block
  // shape, iteration `trips` takes some lane of an access in the loop past the end of its array
  // (undefined), so a correct run ends before it (mapper/ExtentBounds.h). `evidence` says where.
  struct ExtentBound {
    unsigned x = 0, y = 0, z = 0;
    int64_t trips = 0;
    std::string evidence;
  };
  std::vector<ExtentBound> extentBounds;
};

enum class SymbolKind : uint8_t {
  LoopIteration,  // the iteration number of Loop `loop`
  KernelParam,    // a scalar kernel parameter: uniform, value unknown
  Uniform,        // another warp-uniform value the front end could not compute
  ArrayStride,    // bytes between consecutive rows at one depth of a multi-dimensional shared
                  // array; kept symbolic so the advisor can try paddings without re-parsing
};

struct Symbol {
  int id = -1;
  SymbolKind kind = SymbolKind::Uniform;
  std::string name;
  int loop = -1;       // LoopIteration: its loop; Uniform: the loop it changes across, if any
  int array = -1;      // ArrayStride: the array,
  int depth = -1;      // the depth (1 = the rows of a 2-D array),
  int64_t value = 0;   // and the stride as declared
};

// An access written as `array[i0][i1]...` with every dimension subscripted (possibly read as a
// wider vector: `*reinterpret_cast<float4*>(&a[r][c])`): the index values and their source text,
// which an index rewrite (an XOR swizzle) edits.
struct DirectIndexing {
  std::vector<ExprRef> indices;     // outermost first
  std::vector<SourceSpan> spans;
  std::vector<std::string> texts;
  int64_t extraElements = 0;        // elements past the indexed one (`reinterpret_cast<float4*>(&a[r][c])[1]`)
  bool editable = true;             // false when an index comes from a macro expansion
};


// The `ldm` argument of a wmma load or store: where it is written, and whether it is the row
// length of the array the fragment points into (then the access's rows step with the array's
// row-stride symbol, so a padding of the rows moves them, and the edit pads `ldm` too).
struct WmmaLdm {
  SourceSpan span;
  std::string text;
  bool followsRowStride = false;
  std::string notEditable;  // why the text cannot be edited where it is; "" when it can
  // The fragment's first element, in bytes from the start of the array: wmma requires it 32-byte
  // aligned, so a padding must keep it there.
  ExprRef base;
};

struct Access {
  int id = -1;
  int array = -1;                  // SharedArray id (a carved view when through one)
  AccessKind kind = AccessKind::Load;
  ExprRef byteOffset;              // from the start of `array`; null when unknown
  ExprRef symbolicOffset;          // the same with the array's row strides as ArrayStride symbols
  std::string unknownReason;
  unsigned widthBytes = 0;         // bytes moved per lane by the C++ expression
  std::string valueType;           // "float", "float4"
  // The C++ object's bytes when the instruction moves only part of it (the used words of a
  // vector: `float4 v = s[i]; ... v.x` is a 4-byte load of a 16-byte float4, which still needs
  // 16-byte alignment); 0 when the instruction moves all of it. See sourceBytes().
  unsigned typeBytes = 0;
  std::string widthNote;           // why the instruction is narrower than the C++ type, if it is
  NarrowScalar narrowScalar = NarrowScalar::Other;        // 1- and 2-byte accesses
  NarrowValueUse narrowUse = NarrowValueUse::Other;       // 2-byte loads whose merge depends on it
  // Barriers, fences, inline PTX or opaque calls walked before this access: two accesses with the
  // same count have none between them, so ptxas may merge them (mapper/WidthPrediction.cpp).
  int barrierEpoch = 0;
  // Through a volatile lvalue (`volatile float* vs; vs[i]`): loaded every time it is written, never
  // reused (mapper/ReusedLoads.h).
  bool isVolatile = false;
  // Read from the optimized LLVM IR of the kernel (frontend/LlvmAccesses.h), whose loads are the
  // ones the optimizer kept, and whose barriers are not counted in barrierEpoch.
  bool fromLowering = false;
  // The accessing expression is the shared address itself, an integer (an inline-asm operand such
  // as `load_smem_ptr + i * 2`): a swizzle may be written on it whole (advisor/FlatSwizzle.cpp).
  bool addressOperand = false;
  int kernelInstance = -1;
  std::vector<int> loops;          // enclosing loops, outermost first
  std::vector<Predicate> predicates;
  std::vector<std::string> assumptions;  // conditions taken as true, with the reason
  SourceSpan span;                 // the accessing expression
  std::string spelling;            // its source text
  std::vector<SourceLoc> inlinedAt;  // call sites, innermost first, when inside a device function
  // Made inside a library collective that synchronizes the block itself (the prelude's CUB
  // BlockReduce: stores, its own barrier, loads): the synchronization checks take the call as one
  // barrier and leave its internal accesses out; the bank model counts them.
  bool insideSynchronizingCall = false;
  // Made inside a function of the bundled headers, named as the user calls it
  // (`cub::BlockScan::ExclusiveSum`): the layout is the library's, not the user's to rewrite.
  // Empty for the user's own code.
  std::string libraryCall;
  std::optional<DirectIndexing> indexing;
  // The written terms of the offset, in the order they were applied; meaningful only when
  // `piecesWhyNot` is empty (it says why the terms could not be followed: a pointer chosen at run
  // time, an instruction built from inline PTX).
  std::vector<OffsetPiece> pieces;
  std::string piecesWhyNot;
  bool piecesComplete = false;  // the offset is exactly the sum of `pieces` (nothing unwritten added)
  std::optional<WmmaLdm> wmmaLdm;  // wmma loads and stores
  unsigned matrices = 0;           // MatrixLoad/MatrixStore: the .x1/.x2/.x4
  bool transposed = false;         // and .trans
  // AsyncCopyDst: .cg (bypasses L1; LDGSTS.BYPASS) rather than .ca, and the global address the
  // lane copies from, as bytes from the pointer `sourceBase` (a kernel parameter); null when the
  // source was not followed (`sourceUnknownReason` says why). The L1 writes shared memory per
  // 128-byte global line, so the source layout is part of the bank pattern.
  bool bypassL1 = false;
  // AsyncCopyDst: a bulk copy (cp.async.bulk, SASS UBLKCP), which writes shared memory outside the
  // banked LSU path: measured on the H200, its destination layout changes neither Nsight Compute's
  // shared wavefronts (none) nor its time (docs/hardware-model.md). One wavefront, its ideal.
  bool bulkCopy = false;
  // Atomic: the instruction it becomes, measured on the H200 (docs/hardware-model.md): lanes on
  // one word serialize (ATOMS.ADD, .EXCH, .MIN, ...); a compare-and-swap takes two passes
  // (ATOMS.CAS); an unused `atomicAdd(p, 1)` is a warp-aggregated increment (ATOMS.POPC.INC:
  // lanes on one word merge, as a load's do). Unmodelled forms carry the reason in unknownReason.
  enum class AtomicForm : uint8_t { Serial, CompareAndSwap, AggregatedIncrement } atomicForm = AtomicForm::Serial;
  // Atomic: an atomicExch whose old value is not used is an atomic store. Written as a volatile
  // store (`*(volatile unsigned int *)&flag = 0`: relaxed in the PTX memory model, so still no
  // data race; SASS STS, where lanes on one word merge), this is the replacement of `span`'s text
  // (advisor/AtomicStores.h). Empty for other atomics, and for an exchange that cannot be
  // rewritten, whose reason is then in `exchangeAsStoreWhyNot`.
  std::string exchangeAsStore;
  std::string exchangeAsStoreWhyNot;
  ExprRef sourceOffset;
  std::string sourceBase;
  std::string sourceUnknownReason;
};

// The bytes per lane the source's C++ access reads or writes, which its alignment follows.
inline unsigned sourceBytes(const Access& a) { return a.typeBytes > a.widthBytes ? a.typeBytes : a.widthBytes; }
// The bytes a padding of the access's rows must keep whole: its source width, and 16 at least for
// a wmma call (ldm must stay a multiple of 16 bytes: 8 halves, 4 floats, whatever it moves).
inline unsigned paddingGranuleBytes(const Access& a) {
  const unsigned bytes = sourceBytes(a);
  return a.wmmaLdm && bytes < 16 ? 16 : bytes;
}

struct LaunchShape {
  bool known = false;
  unsigned x = 1, y = 1, z = 1;
  std::string source;              // "--block", "annotation at f.cu:12", "launch at f.cu:40" ...
  std::string unknownReason;
  std::optional<uint64_t> dynamicSmemBytes;  // from the launch configuration, when constant
  // A member of the family of shapes the kernel admits (no launch fixes its shape), not a shape
  // some launch in the file uses.
  bool assumed = false;
  unsigned threads() const { return x * y * z; }
  bool sameBlock(const LaunchShape& o) const { return x == o.x && y == o.y && z == o.z; }
};

// An integer literal a launch writes as an explicit template argument of the kernel (`k<0><<<...>>>`),
// or the literal that initializes the host constant it passes (`constexpr int kPad = 8;` then
// `k<kPad><<<...>>>`: `variable` is "kPad", and the span is the `8`).
struct TemplateArgumentSite {
  int index = -1;  // the template parameter's position
  std::string param;     // its name
  std::string variable;  // the host constant the launch passes, or "" for a literal in the launch
  SourceSpan span;
  std::string text;
  // The launch leaves this parameter to its default: span and text are the last argument it
  // writes, after which the new argument is appended (`k<BM, BN>` -> `k<BM, BN, 4>`).
  bool appended = false;
};

// The byte count of dynamic shared memory one launch passes, as written (`k<<<g, b, BYTES>>>`),
// for an edit that pads dynamic shared memory.
struct DynamicSmemArgument {
  SourceSpan span;
  std::string text;
  std::optional<uint64_t> bytes;  // when every context of the launch passes the same constant
  std::string notEditable;        // why this argument cannot be rewritten ("" when it can)
};

struct KernelInstance {
  int id = -1;
  std::string name;                // "transpose<1>"
  std::string function;            // "transpose"
  SourceSpan loc;
  // The block shapes the kernel is analyzed with. `launch` is the first; `moreLaunches` holds the
  // other distinct shapes (every launch of the kernel counts, or every member of the assumed
  // family). The mapper computes each access for every one and keeps the worst.
  LaunchShape launch;
  std::vector<LaunchShape> moreLaunches;
  // When the shapes are an assumed family: what the family is and why ("1-D blocks of 32 to 1024
  // threads: the kernel uses only threadIdx.x and no launch in the file gives its shape").
  std::string familyDescription;
  // How a conflict on only some shapes of the family is reported: "all" or "any" (the command
  // line's --block-family, or a `bankcheck: block-family(...)` comment above the kernel).
  std::string familyPolicy;
  // Launches of this kernel whose block shape could not be computed, each with the reason.
  std::vector<std::string> unresolvedLaunches;
  // Every launch's dynamic shared memory argument, one per launch site; `dynamicSmemComplete` is
  // false when some launch of the kernel gives none that can be edited (cudaLaunchKernel, or a
  // launch without a byte count).
  std::vector<DynamicSmemArgument> dynamicSmemArguments;
  bool dynamicSmemComplete = false;
  // The literal template arguments the launches of this instance write, and how many launches
  // it has: a parameter is editable when every launch writes it.
  std::vector<TemplateArgumentSite> templateArgumentSites;
  int templateArgumentLaunches = 0;
  bool analyzed = true;
  // Not analyzed because it names something from a header that is not on this machine and was
  // skipped (cub, cuBLAS), or because Clang rejects a construct nvcc compiles
  // (frontend/NvccDialect.h): a limit of the analysis, not an error in the user's code.
  bool notAnErrorInTheCode = false;
  std::string notAnalyzedReason;
  std::vector<Symbol> symbols;
  std::vector<Loop> loops;
  bool usesThreadIdx[3] = {false, false, false};
  uint64_t staticSmemBytes = 0;
  // A cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, bytes) call in the
  // translation unit names this kernel; the bytes when every such call passes a constant.
  bool dynamicSmemOptIn = false;
  std::optional<uint64_t> dynamicSmemOptInBytes;
  // The byte argument of each such call, one per call site, so that a padding that grows the
  // launches grows the limit with them; `dynamicSmemOptInComplete` is false when some call's kernel
  // could not be told (a pointer parameter), which may set this kernel's limit unseen.
  std::vector<DynamicSmemArgument> dynamicSmemOptInArguments;
  bool dynamicSmemOptInComplete = true;
  // The order of its cp.async issues, commits, waits, barriers and shared reads and writes, in
  // loops and branches (ir/SyncEvents.h); null when the kernel was not walked.
  std::shared_ptr<const SyncProgram> syncEvents;

  // Appends a symbol to this instance's table; returns its id.
  int addSymbol(SymbolKind kind, std::string name, int loop = -1) {
    Symbol s;
    s.id = static_cast<int>(symbols.size());
    s.kind = kind;
    s.name = std::move(name);
    s.loop = loop;
    symbols.push_back(std::move(s));
    return symbols.back().id;
  }
};

// Something the front end met and could not turn into IR: listed, never silently dropped.
struct Unanalyzed {
  SourceLoc loc;
  std::string kernel;
  std::string what;
  std::string reason;
};

struct CompilerMessage {
  enum Level { Note, Warning, Error } level = Error;
  SourceLoc loc;
  std::string message;
  std::string rendered;            // clang's own rendering, caret included
  bool insideKernel = false;
};

struct TranslationUnit {
  std::string file;
  std::vector<SharedArray> arrays;
  std::vector<Access> accesses;
  std::vector<KernelInstance> kernels;
  std::vector<Unanalyzed> unanalyzed;
  std::vector<CompilerMessage> compilerMessages;
  std::vector<std::string> missingIncludes;
  // Headers not on the include path that bankcheck's stand-ins declared instead (PyTorch's: the
  // prelude's __bankcheck_standins); the library itself is still missing.
  std::vector<std::string> standInIncludes;
  bool headersMissing() const { return !missingIncludes.empty() || !standInIncludes.empty(); }
  std::vector<SourceSpan> kernelTemplates;  // definitions of kernel templates (errors there are kernel errors)
  // Those whose errors are not the code's: they follow from a skipped header, or Clang rejects a
  // construct nvcc compiles (frontend/NvccDialect.h).
  std::vector<SourceSpan> kernelTemplatesNotInError;
  bool parsed = false;             // false when the file could not be read or parsed at all

  const SharedArray& array(int id) const { return arrays[static_cast<size_t>(id)]; }
  // The buffer `a` is carved out of, or `a` itself.
  const SharedArray& rootOf(const SharedArray& a) const { return a.carvedFrom >= 0 ? array(a.carvedFrom) : a; }
  const KernelInstance& kernel(int id) const { return kernels[static_cast<size_t>(id)]; }

  // Whether kernel instance `instance` has an access to `array`, directly or through a view
  // carved out of it.
  bool hasAccessTo(int instance, int array) const {
    for (const Access& a : accesses) {
      if (a.kernelInstance != instance) continue;
      for (int arr = a.array; arr >= 0; arr = this->array(arr).carvedFrom)
        if (arr == array) return true;
    }
    return false;
  }
};

}  // namespace bankcheck::ir
