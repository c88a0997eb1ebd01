// An exchange whose old value is discarded against the volatile store bankcheck's advisor writes
// for it (advisor/AtomicStores.h), on one shared word. Two modes:
//   counters: one warp, one instruction per launch, for ncu's op_atom / op_st wavefronts;
//   timing:   1024 threads, ITER updates each, timed with events (median of 9 runs).
// Forms: 0 exchange by all 32 lanes, 1 store by all 32 lanes, 2 exchange by the odd lanes
// (divergent), 3 store by the odd lanes, 4 exchange of the lane's own value, 5 its store.
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <vector>

template <int FORM> __global__ void update(unsigned* out, int iters) {
  __shared__ unsigned flag;
  if (threadIdx.x == 0) flag = 7;
  __syncthreads();
  for (int i = 0; i < iters; ++i) {
    if (FORM == 0) atomicExch(&flag, 0u);
    if (FORM == 1) *(volatile unsigned int *)&flag = 0u;
    if (FORM == 2 && (threadIdx.x & 1)) atomicExch(&flag, 0u);
    if (FORM == 3 && (threadIdx.x & 1)) *(volatile unsigned int *)&flag = 0u;
    if (FORM == 4) atomicExch(&flag, threadIdx.x + i);
    if (FORM == 5) *(volatile unsigned int *)&flag = threadIdx.x + i;
  }
  __syncthreads();
  if (threadIdx.x == 0) out[blockIdx.x] = flag;
}

template <int FORM> float timeForm(unsigned* out, int blocks, int iters) {
  cudaEvent_t a, b;
  cudaEventCreate(&a);
  cudaEventCreate(&b);
  std::vector<float> ms;
  update<FORM><<<blocks, 1024>>>(out, iters);  // warm-up
  for (int r = 0; r < 9; ++r) {
    cudaEventRecord(a);
    update<FORM><<<blocks, 1024>>>(out, iters);
    cudaEventRecord(b);
    cudaEventSynchronize(b);
    float t = 0;
    cudaEventElapsedTime(&t, a, b);
    ms.push_back(t);
  }
  std::sort(ms.begin(), ms.end());
  return ms[ms.size() / 2];
}

int main(int argc, char** argv) {
  unsigned* out;
  cudaMalloc(&out, 1 << 20);
  const bool timing = argc > 1 && std::strcmp(argv[1], "timing") == 0;
  if (!timing) {
    update<0><<<1, 32>>>(out, 1);
    update<1><<<1, 32>>>(out, 1);
    update<2><<<1, 32>>>(out, 1);
    update<3><<<1, 32>>>(out, 1);
    update<4><<<1, 32>>>(out, 1);
    update<5><<<1, 32>>>(out, 1);
    cudaDeviceSynchronize();
    std::printf("counters done: %s\n", cudaGetErrorString(cudaGetLastError()));
    return 0;
  }
  const int blocks = 132 * 2, iters = 4096;
  const char* names[] = {"exchange, 32 lanes", "volatile store, 32 lanes", "exchange, odd lanes", "volatile store, odd lanes",
                         "exchange of own value", "volatile store of own value"};
  const float t[] = {timeForm<0>(out, blocks, iters), timeForm<1>(out, blocks, iters), timeForm<2>(out, blocks, iters),
                     timeForm<3>(out, blocks, iters), timeForm<4>(out, blocks, iters), timeForm<5>(out, blocks, iters)};
  std::printf("form,median_ms (%d blocks of 1024 threads, %d updates per thread, 9 runs)\n", blocks, iters);
  for (int f = 0; f < 6; ++f) std::printf("%s,%.4f\n", names[f], t[f]);
  std::printf("status: %s\n", cudaGetErrorString(cudaGetLastError()));
  return 0;
}
