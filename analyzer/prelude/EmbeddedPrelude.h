// The CUDA prelude (analyzer/prelude/include/), compiled into the bankcheck binary so that it
// needs no files besides itself. The front end mounts these headers in its virtual file system,
// adds their directory with -isystem and force-includes forcedIncludeName(). See docs/prelude.md.
// No LLVM dependency: plain data generated at build time by EmbedPrelude.cmake.
#pragma once

#include <vector>

namespace bankcheck::prelude {

struct EmbeddedHeader {
  const char* path;      // relative to include/, '/'-separated, e.g. "cuda/pipeline"
  const char* contents;  // the file's bytes, NUL-terminated
};

// Every file under analyzer/prelude/include/, sorted by path.
const std::vector<EmbeddedHeader>& embeddedHeaders();

// The header to pass with -include: "__bankcheck_prelude.h".
const char* forcedIncludeName();

}  // namespace bankcheck::prelude
