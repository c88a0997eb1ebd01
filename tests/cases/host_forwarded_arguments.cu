// A benchmarking helper that repeats a launcher with its arguments forwarded
// (`kernel(std::forward<Args>(args)...)` in a timing loop, as llm.c's dev/cuda/common.h writes it):
// std::forward and std::move are the argument itself, and forwarding a trivially copyable value in
// a loop does not change it, so the launch's block shape is still computed through the helper
// (was: "the result of 'forward'", then "'kernel_args' changes in the loop"). A launcher the helper
// calls only through its function pointer is followed from the helper's call, and a variable handed
// to the helper's forwarding reference is not changed by it (was: "parameter 'block' of
// 'launchStrided', which no code in this file calls with known values").
#include <cuda_runtime.h>

__global__ void columns(float* out) {
    __shared__ float tile[64][64];
    tile[threadIdx.x][0] = out[threadIdx.x];  // expected-warning {{32-way bank conflict on store to 'tile'}}
    __syncthreads();
    out[threadIdx.x] = tile[0][threadIdx.x];
}

__global__ void rows(float* out) {
    __shared__ float tile[64];
    tile[threadIdx.x] = out[threadIdx.x];  // conflict-free for the launched shapes: no remark that a launch is unknown
    __syncthreads();
    out[threadIdx.x] = tile[63 - threadIdx.x];
}

__global__ void strided(float* out, int C) {
    __shared__ float tile[64 * 32];
    tile[threadIdx.x * C] = out[threadIdx.x];  // expected-warning {{32-way bank conflict on store to 'tile'}}
    // expected-note@-1 {{'C' = 32: the value every launch in this file passes}}
}

void launch(float* out, int block) { columns<<<1, block>>>(out); }
void launchRows(float* out, int block) { rows<<<1, block>>>(out); }
// Reached only through the helper's function pointer: its arguments are the helper's.
void launchStrided(float* out, int C, int block) { strided<<<1, block>>>(out, C); }

template <class Launcher, class... Args>
float benchmark(int repeats, Launcher launcher, Args&&... args) {
    for (int i = 0; i < repeats; i++) launcher(std::forward<Args>(args)...);
    return 0.f;
}

void run(float* out) {
    const int sizes[] = {32, 64};
    for (int j = 0; j < 2; j++) {
        int block = sizes[j];
        launch(out, block);
        benchmark(10, launch, out, block);
        launchRows(out, block);
        benchmark(10, launchRows, out, block);
        int C = 32;
        benchmark(10, launchStrided, out, C, block);  // C passed by forwarding reference, not written
    }
}
