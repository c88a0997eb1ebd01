// The source filter that makes what nvcc accepts acceptable to Clang (frontend/NvccCompatibleSource.h).
#include "frontend/NvccCompatibleSource.h"

#include <gtest/gtest.h>

namespace bankcheck::frontend {
namespace {

TEST(NvccCompatibleSource, InsertsTheMissingCommaBetweenOperandsInPlace) {
  const std::string in =
      "asm volatile(\"mma %0, %1, %2;\"\n"
      "  : \"=r\"(d)\n"
      "  : \"r\"(a[0]), \"r\"(b)\n"
      "    \"r\"(c));\n";
  const std::optional<std::string> out = nvccCompatibleText(in);
  ASSERT_TRUE(out);
  EXPECT_EQ(*out,
            "asm volatile(\"mma %0, %1, %2;\"\n"
            "  : \"=r\"(d)\n"
            "  : \"r\"(a[0]), \"r\"(b)\n"
            "   ,\"r\"(c));\n");
  EXPECT_EQ(out->size(), in.size());  // every line and column kept
}

TEST(NvccCompatibleSource, OutputsAndNamedOperandsToo) {
  EXPECT_EQ(nvccCompatibleText("__asm__(\"x\" : \"=r\"(a) \"=r\"(b) : [in] \"r\"(c) [k] \"n\"(4));"),
            "__asm__(\"x\" : \"=r\"(a),\"=r\"(b) : [in] \"r\"(c),[k] \"n\"(4));");
}

TEST(NvccCompatibleSource, LeavesValidCodeAlone) {
  // Commas present, adjacent strings in the template and in clobbers, `::` in an operand.
  EXPECT_FALSE(nvccCompatibleText("asm(\"a\" \"b\" : \"=r\"(x) : \"r\"(ns::f(y)), \"l\"(p) : \"memory\" \"cc\");"));
  EXPECT_FALSE(nvccCompatibleText("int main() { return 0; }"));
}

TEST(NvccCompatibleSource, IgnoresCommentsAndStrings) {
  EXPECT_FALSE(nvccCompatibleText("// asm(\"x\" : \"=r\"(a) \"=r\"(b));\nconst char* s = \"asm(: \\\"r\\\"(a) \\\"r\\\"(b))\";"));
  EXPECT_FALSE(nvccCompatibleText("/* asm volatile(\"x\" :: \"r\"(a) \"r\"(b)); */"));
}

TEST(NvccCompatibleSource, NoBlankBeforeTheOperandMeansNoChange) {
  // Inserting a character would move every later column: the text is left as written.
  EXPECT_FALSE(nvccCompatibleText("asm(\"x\" :: \"r\"(a)\"r\"(b));"));
}

TEST(NvccCompatibleSource, RegisterNamesInAnAsmWithOperandsAreEscapedInPlace) {
  // nvcc reads `%laneid`; Clang wants `%%laneid`. The blank after the comma makes room.
  const std::string in = "asm volatile(\"mov.u32 %0, %laneid;\" : \"=r\"(r));";
  const std::optional<std::string> out = nvccCompatibleText(in);
  ASSERT_TRUE(out);
  EXPECT_EQ(*out, "asm volatile(\"mov.u32 %0,%%laneid;\" : \"=r\"(r));");
  EXPECT_EQ(out->size(), in.size());
  // Two registers, two blanks; a blank between tokens (`mov.u32 %0`) is never the one given up.
  EXPECT_EQ(nvccCompatibleText("asm(\"add.u32 %0,  %tid.x,  %ntid.x;\" : \"=r\"(r));"),
            "asm(\"add.u32 %0,%%tid.x,  %%ntid.x;\" : \"=r\"(r));");
}

TEST(NvccCompatibleSource, OperandsModifiersAndBasicAsmStay) {
  // Operands, a modifier on an operand (`%l0`, `%c[n]`), `%%` already escaped, no operands at all.
  EXPECT_FALSE(nvccCompatibleText("asm(\"ld.shared.u32 %0, [%1]; mov %l2, %c[n];\" : \"=r\"(a) : \"r\"(b), \"l\"(c), [n] \"n\"(4));"));
  EXPECT_FALSE(nvccCompatibleText("asm(\"mov.u32 %0, %%laneid;\" : \"=r\"(r));"));
  EXPECT_FALSE(nvccCompatibleText("asm(\"trap; mov.u32 %r1, %laneid;\");"));
  // No blank that separates nothing: left as written (Clang's error stays).
  EXPECT_FALSE(nvccCompatibleText("asm(\"mov.u32 %0,%laneid;\" : \"=r\"(r));"));
}

TEST(NvccCompatibleSource, MacroContinuationLines) {
  EXPECT_EQ(nvccCompatibleText("#define M(a, b) asm volatile(\"x\" :: \"r\"(a) \\\n  \"r\"(b))\n"),
            "#define M(a, b) asm volatile(\"x\" :: \"r\"(a) \\\n ,\"r\"(b))\n");
}

TEST(NvccCompatibleSource, SizedExternSharedBecomesADefinition) {
  EXPECT_EQ(nvccCompatibleText("  extern __shared__ float s[32][32];\n"), "         __shared__ float s[32][32];\n");
  EXPECT_EQ(nvccCompatibleText("extern\n__shared__ int n;"), "      \n__shared__ int n;");
}

TEST(NvccCompatibleSource, TheDynamicBufferAndOtherExternsStay) {
  EXPECT_FALSE(nvccCompatibleText("extern __shared__ float smem[];"));
  EXPECT_FALSE(nvccCompatibleText("extern __shared__ __align__(16) unsigned char smem[ ];"));
  EXPECT_FALSE(nvccCompatibleText("extern \"C\" void f(int a[4]);"));
  EXPECT_FALSE(nvccCompatibleText("extern __device__ float table[64];"));
  EXPECT_FALSE(nvccCompatibleText("// extern __shared__ float s[32];"));
}

TEST(NvccCompatibleSource, PragmaBodyOfAMacroBecomesAnOperator) {
  EXPECT_EQ(nvccCompatibleText("#define CUTE_UNROLL #pragma unroll\nint x;\n"), "#define CUTE_UNROLL _Pragma(\"unroll\")\nint x;\n");
  EXPECT_EQ(nvccCompatibleText("#  define NO_UNROLL   #  pragma unroll 1  \r\n"), "#  define NO_UNROLL   _Pragma(\"unroll 1\")\n");
  EXPECT_EQ(nvccCompatibleText("#define M #pragma message(\"a\\b\")"), "#define M _Pragma(\"message(\\\"a\\\\b\\\")\")");
}

TEST(NvccCompatibleSource, OtherPragmasAndMacrosStay) {
  EXPECT_FALSE(nvccCompatibleText("#pragma unroll\nfor (;;) {}\n"));
  EXPECT_FALSE(nvccCompatibleText("#define UNROLL _Pragma(\"unroll\")\n"));
  EXPECT_FALSE(nvccCompatibleText("#define S(pragma) #pragma\n"));  // a function-like macro: `#` stringizes
  EXPECT_FALSE(nvccCompatibleText("#define LONG #pragma unroll \\\n  4\n"));  // continued: left as written
}

}  // namespace
}  // namespace bankcheck::frontend
