// Host program for BBuf/how-to-optim-algorithm-in-cuda's cutlass/code/swizzle/src (sixth-batch-h200.sh):
// runs the repository's own tests of `mma_multi_pattern_simple` and `mma_multi_pattern_swizzle` (its
// main.cu has those lines commented out), each launching its kernel once with 32x16 threads and
// comparing C with a CPU reference.
#include "mma.cuh"
#include "test.cuh"

int main() {
    const bool simple = test_mma_multi_pattern(mma::mma_multi_pattern_simple);
    printf("test_mma_multi_pattern(mma_multi_pattern_simple): %s\n", simple ? "PASS" : "FAIL");
    const bool swizzle = test_mma_multi_pattern(mma::mma_multi_pattern_swizzle);
    printf("test_mma_multi_pattern(mma_multi_pattern_swizzle): %s\n", swizzle ? "PASS" : "FAIL");
    return simple && swizzle ? 0 : 1;
}
