// The prelude compiled into bankcheck must be exactly the headers in analyzer/prelude/include/.
#include "prelude/EmbeddedPrelude.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>

namespace fs = std::filesystem;
using bankcheck::prelude::EmbeddedHeader;
using bankcheck::prelude::embeddedHeaders;
using bankcheck::prelude::forcedIncludeName;

namespace {

std::string readBytes(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

// relative path ('/'-separated) -> bytes, for every regular file under the prelude directory
std::map<std::string, std::string> headersOnDisk() {
  const fs::path root(BANKCHECK_PRELUDE_INCLUDE_DIR);
  std::map<std::string, std::string> files;
  for (const auto& entry : fs::recursive_directory_iterator(root)) {
    if (!entry.is_regular_file()) continue;
    files[entry.path().lexically_relative(root).generic_string()] = readBytes(entry.path());
  }
  return files;
}

std::map<std::string, std::string> headersEmbedded() {
  std::map<std::string, std::string> files;
  for (const EmbeddedHeader& h : embeddedHeaders()) files[h.path] = h.contents;
  return files;
}

}  // namespace

TEST(EmbeddedPrelude, EveryHeaderOnDiskIsEmbeddedByteForByte) {
  const auto disk = headersOnDisk();
  const auto embedded = headersEmbedded();
  ASSERT_FALSE(disk.empty()) << "no headers under " << BANKCHECK_PRELUDE_INCLUDE_DIR;
  for (const auto& [path, bytes] : disk) {
    auto it = embedded.find(path);
    ASSERT_NE(it, embedded.end()) << path << " is on disk but not embedded (rebuild bankcheck_prelude)";
    EXPECT_EQ(it->second.size(), bytes.size()) << path;
    EXPECT_TRUE(it->second == bytes) << path << " differs from its embedded copy";
  }
}

TEST(EmbeddedPrelude, NothingButTheHeadersOnDiskIsEmbedded) {
  const auto disk = headersOnDisk();
  std::set<std::string> seen;
  for (const EmbeddedHeader& h : embeddedHeaders()) {
    EXPECT_TRUE(seen.insert(h.path).second) << h.path << " is embedded twice";
    EXPECT_TRUE(disk.count(h.path)) << h.path << " is embedded but not on disk";
  }
  EXPECT_EQ(seen.size(), disk.size());
}

TEST(EmbeddedPrelude, PathsAreRelativeSortedAndForwardSlashed) {
  const auto& headers = embeddedHeaders();
  for (const EmbeddedHeader& h : headers) {
    const std::string p = h.path;
    EXPECT_FALSE(p.empty());
    EXPECT_NE(p.front(), '/') << p;
    EXPECT_EQ(p.find('\\'), std::string::npos) << p;
    EXPECT_EQ(p.find(".."), std::string::npos) << p;
  }
  EXPECT_TRUE(std::is_sorted(headers.begin(), headers.end(), [](const EmbeddedHeader& a, const EmbeddedHeader& b) {
    return std::strcmp(a.path, b.path) < 0;
  }));
}

TEST(EmbeddedPrelude, ForcedIncludeAndShadowHeadersArePresent) {
  const auto embedded = headersEmbedded();
  EXPECT_STREQ(forcedIncludeName(), "__bankcheck_prelude.h");
  for (const char* name : {forcedIncludeName(), "cuda_runtime.h", "cuda_runtime_api.h", "cuda.h",
                           "device_launch_parameters.h", "vector_types.h", "device_functions.h",
                           "cuda_fp16.h", "cuda_bf16.h", "cuda_fp8.h", "cuda_pipeline.h", "cuda/pipeline",
                           "cuda/barrier", "cuda/std/cstdint", "mma.h", "cooperative_groups.h",
                           "cooperative_groups/memcpy_async.h", "cooperative_groups/reduce.h",
                           "math_constants.h"}) {
    EXPECT_TRUE(embedded.count(name)) << name << " is not embedded";
  }
}

TEST(EmbeddedPrelude, BuiltinIndexVariablesArePlainDeclarations) {
  // The front end recognizes threadIdx.x as a member of the VarDecl `threadIdx` (docs/prelude.md).
  const auto embedded = headersEmbedded();
  auto it = embedded.find("__bankcheck/builtin_vars.h");
  ASSERT_NE(it, embedded.end());
  for (const char* decl : {"extern const __device__ uint3 threadIdx;", "extern const __device__ uint3 blockIdx;",
                           "extern const __device__ dim3 blockDim;", "extern const __device__ dim3 gridDim;",
                           "constexpr int warpSize = 32;"}) {
    EXPECT_NE(it->second.find(decl), std::string::npos) << decl;
  }
}
