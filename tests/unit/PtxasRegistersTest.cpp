// `ptxas -v` output read into registers per thread by kernel, and matched to kernel instances
// (the log format of CUDA 13's ptxas, as `--ptx` reads it for bankcheck-occupancy-cliff).
#include <gtest/gtest.h>

#include "mapper/PtxWidths.h"

namespace bankcheck::mapper {
namespace {

constexpr const char* kLog =
    "ptxas info    : 0 bytes gmem\n"
    "ptxas info    : Compiling entry function '_Z5lightPKfPf' for 'sm_90'\n"
    "ptxas info    : Function properties for _Z5lightPKfPf\n"
    "    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
    "ptxas info    : Used 31 registers, used 1 barriers, 49152 bytes smem, 368 bytes cmem[0]\n"
    "ptxas info    : Compiling entry function '_Z9transposeILi8EEvPKfPfi' for 'sm_90'\n"
    "ptxas info    : Function properties for _Z9transposeILi8EEvPKfPfi\n"
    "    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
    "ptxas info    : Used 136 registers, used 1 barriers, 4224 bytes smem, 372 bytes cmem[0]\n";

TEST(PtxasRegisters, ReadsEveryEntryFunction) {
  const std::map<std::string, int> r = parsePtxasRegisters(kLog);
  ASSERT_EQ(r.size(), 2u);
  EXPECT_EQ(r.at("light(float const*, float*)"), 31);
  EXPECT_EQ(r.at("void transpose<8>(float const*, float*, int)"), 136);
}

TEST(PtxasRegisters, MatchesKernelInstances) {
  PtxListing ptx;
  ptx.registers = parsePtxasRegisters(kLog);
  EXPECT_EQ(registersOf(ptx, "transpose<8>"), 136);
  EXPECT_EQ(registersOf(ptx, "light"), 31);
  EXPECT_FALSE(registersOf(ptx, "transpose<16>").has_value());
}

}  // namespace
}  // namespace bankcheck::mapper
