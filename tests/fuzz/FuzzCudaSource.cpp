// libFuzzer target: arbitrary bytes as a .cu file through the front end and the mapper, as the
// CLI runs them (prelude, host-side launch shapes, every access for every block shape). Any
// crash, sanitizer report, or hang (libFuzzer's -timeout) is a bug.
#include <cstddef>
#include <cstdint>
#include <string>

#include "frontend/Frontend.h"
#include "mapper/UnitAnalysis.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  bankcheck::frontend::FrontendOptions options;
  const std::string path = "/bankcheck-fuzz/input.cu";  // only in the overlay, never on disk
  options.overlay[path] = std::string(reinterpret_cast<const char*>(data), size);
  const bankcheck::ir::TranslationUnit unit = bankcheck::frontend::analyzeFile(path, options);
  if (unit.parsed) (void)bankcheck::mapper::analyzeUnit(unit, {});
  return 0;
}
