// Runs the kernels of one advisor test case (tests/cases/*.cu) on a GPU, so that Nsight Compute
// can measure the wavefronts of each source line before and after `bankcheck --fix`
// (benchmarks/advisor-fix-kinds.txt, docs/verification/advisor-fix-kinds.md). The case is
// chosen at compile time; its `launch` function launches every kernel of the file.
#include <cstdio>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#if defined(CASE_FLATTENED_POINTER)
#include "../cases/advisor_flattened_pointer.cu"
#elif defined(CASE_SWIZZLE_SOURCES)
#include "../cases/advisor_swizzle_sources.cu"
#elif defined(CASE_PREFIX_QUOTIENT)
#include "../cases/advisor_prefix_quotient.cu"
#elif defined(CASE_WMMA_FRAGMENTS)
#include "../cases/wmma_fragments.cu"
#elif defined(CASE_WMMA_LDM)
#include "../cases/advisor_wmma_ldm.cu"
#else
#error "define one CASE_..."
#endif

int main() {
    // Every case reads at most 64 Ki elements and writes at most 64 Ki floats.
    constexpr size_t n = 1 << 16;
    void *in = nullptr, *in2 = nullptr;
    float* out = nullptr;
    cudaMalloc(&in, n * sizeof(float));
    cudaMalloc(&in2, n * sizeof(float));
    cudaMalloc(&out, n * sizeof(float));
    cudaMemset(in, 0, n * sizeof(float));
    cudaMemset(in2, 0, n * sizeof(float));
#if defined(CASE_FLATTENED_POINTER)
    launch(static_cast<const float*>(in), out, 1, static_cast<const int*>(in2));
#elif defined(CASE_SWIZZLE_SOURCES) || defined(CASE_PREFIX_QUOTIENT)
    launch(static_cast<const float*>(in), out);
#elif defined(CASE_WMMA_FRAGMENTS)
    launch(static_cast<const half*>(in), static_cast<const half*>(in2), out);
#else
    launch(static_cast<const half*>(in), out);
#endif
    const cudaError_t e = cudaDeviceSynchronize();
    std::printf("%s\n", cudaGetErrorString(e));
    return e == cudaSuccess ? 0 : 1;
}
