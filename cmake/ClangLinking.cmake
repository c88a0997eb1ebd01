# How bankcheck links Clang and LLVM: two INTERFACE targets the libraries link instead of
# Debian's shared clang-cpp and LLVM.
#
# Static (the default, from the archives libclang-19-dev and llvm-19-dev install): a run starts
# in ~7 ms instead of ~30 ms. The shared libclang-cpp and libLLVM run the static constructors of
# every component (thousands of command-line options) and half a million relocations at each
# start, while a static link keeps only the objects bankcheck uses. On a file that clang parses
# in ~120 ms that is a sixth of the analysis (docs/benchmark.md). -DBANKCHECK_STATIC_LLVM=OFF
# links the shared libraries (smaller binaries, faster links).
#
# A sanitizer build links the shared ones: its instrumented copies of LLVM's inline allocator
# code (which poisons what it frees under ASan) would be merged with the archives' uninstrumented
# copies into one BumpPtrAllocator, and ASan reports use-after-poison inside clang.
if(BANKCHECK_SANITIZE)
  set(static_default OFF)
else()
  set(static_default ON)
endif()
option(BANKCHECK_STATIC_LLVM "Link Clang and LLVM from their static archives" ${static_default})
if(BANKCHECK_SANITIZE AND BANKCHECK_STATIC_LLVM)
  message(FATAL_ERROR "BANKCHECK_SANITIZE needs BANKCHECK_STATIC_LLVM=OFF (instrumented and uninstrumented copies of LLVM's allocator would mix)")
endif()

add_library(bankcheck_clang INTERFACE)
add_library(bankcheck_llvm INTERFACE)
target_include_directories(bankcheck_clang SYSTEM INTERFACE ${CLANG_INCLUDE_DIRS})
target_include_directories(bankcheck_llvm SYSTEM INTERFACE ${LLVM_INCLUDE_DIRS})

set(bankcheck_clang_archives clangTooling clangToolingCore clangToolingInclusions clangFormat clangFrontend
    clangDriver clangSerialization clangCodeGen clangParse clangSema clangAPINotes clangAnalysis
    clangASTMatchers clangRewrite clangEdit clangAST clangSupport clangLex clangBasic)
if(BANKCHECK_STATIC_LLVM)
  foreach(lib ${bankcheck_clang_archives} LLVMSupport)
    if(NOT EXISTS "${LLVM_LIBRARY_DIR}/lib${lib}.a")
      message(WARNING "bankcheck: ${LLVM_LIBRARY_DIR}/lib${lib}.a not found: linking the shared libraries")
      set(BANKCHECK_STATIC_LLVM OFF)
      break()
    endif()
  endforeach()
endif()

if(BANKCHECK_STATIC_LLVM)
  # Debian's imported clang* targets name the shared libLLVM as their dependency, so the archives
  # are linked by path; a rescanned group settles the references between them.
  set(archives "")
  foreach(lib ${bankcheck_clang_archives})
    list(APPEND archives "${LLVM_LIBRARY_DIR}/lib${lib}.a")
  endforeach()
  # LLVMSupport's link interface names zstd's CMake target, which only libzstd-dev provides; the
  # runtime library (a dependency of libLLVM itself) is all the link needs.
  if(NOT TARGET zstd::libzstd_shared)
    find_library(BANKCHECK_ZSTD_LIBRARY NAMES zstd libzstd.so.1 REQUIRED)
    add_library(zstd::libzstd_shared UNKNOWN IMPORTED)
    set_target_properties(zstd::libzstd_shared PROPERTIES IMPORTED_LOCATION "${BANKCHECK_ZSTD_LIBRARY}")
  endif()
  # Debian builds Polly as a static extension of LLVMExtensions but ships no libPolly.a (its
  # plugin is LLVMPolly.so); nothing bankcheck runs loads it.
  if(TARGET LLVMExtensions AND NOT EXISTS "${LLVM_LIBRARY_DIR}/libPolly.a")
    set_property(TARGET LLVMExtensions PROPERTY INTERFACE_LINK_LIBRARIES LLVMSupport)
  endif()
  # The LLVM components those archives use (clang's own CMake lists them per library).
  llvm_map_components_to_libnames(llvm_components
    Support Core Analysis Passes Option MC MCParser BinaryFormat BitReader BitWriter BitstreamReader
    CodeGenTypes Coroutines Coverage Demangle FrontendDriver FrontendHLSL FrontendOffloading
    FrontendOpenMP HipStdPar IPO IRPrinter IRReader InstCombine Instrumentation AggressiveInstCombine
    LTO Linker ObjCARCOpts Object ProfileData Remarks ScalarOpts Target TargetParser TextAPI
    TransformUtils Vectorize WindowsDriver)
  target_link_libraries(bankcheck_clang INTERFACE "$<LINK_GROUP:RESCAN,${archives}>" ${llvm_components})
  # Unused sections go: a third of the binary, and the code of clang's optimization driver that
  # calls Polly's registration hook, which the archives reference but do not contain.
  target_link_options(bankcheck_clang INTERFACE -Wl,--gc-sections)
  llvm_map_components_to_libnames(llvm_support Support)
  target_link_libraries(bankcheck_llvm INTERFACE ${llvm_support})
  message(STATUS "bankcheck: Clang and LLVM linked statically")
else()
  target_link_libraries(bankcheck_clang INTERFACE clang-cpp LLVM)
  target_link_libraries(bankcheck_llvm INTERFACE LLVM)
  message(STATUS "bankcheck: Clang and LLVM linked as shared libraries")
endif()
