// Launches llm.c's softmax_autoregressive_backward_kernel (train_gpt2_fp32.cu) as its training step
// does (grid (T / 4, B * NH), 256 threads), for compute-sanitizer's racecheck. bankcheck's
// missing-syncthreads rule reports a write-after-read race on its `block_acc` (docs/findings.md).
// The checkout's file is included, not copied: build with
//   nvcc -arch=sm_90 -lineinfo -I CHECKOUT -DLLMC_FILE='"CHECKOUT/train_gpt2_fp32.cu"' this.cu -lcublas
#define main llmc_train_gpt2_main
#include LLMC_FILE
#undef main

int main() {
    const int B = 1, NH = 2, T = 64, C = 64;
    const size_t n = size_t(B) * NH * T * T;
    float *dpreatt, *datt, *att;
    cudaCheck(cudaMalloc(&dpreatt, n * sizeof(float)));
    cudaCheck(cudaMalloc(&datt, n * sizeof(float)));
    cudaCheck(cudaMalloc(&att, n * sizeof(float)));
    cudaCheck(cudaMemset(datt, 0, n * sizeof(float)));
    cudaCheck(cudaMemset(att, 0, n * sizeof(float)));
    softmax_autoregressive_backward_kernel<<<dim3(T / 4, B * NH), 256>>>(dpreatt, datt, att, B, T, C, 0.125f);
    cudaCheck(cudaGetLastError());
    cudaCheck(cudaDeviceSynchronize());
    printf("launched softmax_autoregressive_backward_kernel: grid (%d, %d), 256 threads\n", T / 4, B * NH);
    return 0;
}
