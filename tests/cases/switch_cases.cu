// Every case of a switch in a kernel is walked: a case that ends in a break (or a return) does not
// hide the cases after it, whose labels are entries of their own. (Before, the walk stopped at the
// first break and the later cases' accesses were silently missing: candle's MoE kernels dequantize
// each GGUF type in its own case.) The switch's value is not known, so every case is assumed to
// run, and each access says so.
template <typename T>
__device__ void dequantize(T* out, int kind) {
  switch (kind) {
    case 0: {
      out[threadIdx.x] = T(0);
      break;
    }
    case 1:
      out[threadIdx.x * 2] = T(1);  // expected-warning {{2-way bank conflict on store to 'staged'}}
      break;
    case 2:
      if (threadIdx.x > 64) return;
      out[threadIdx.x * 4] = T(2);  // expected-warning {{4-way bank conflict on store to 'staged'}}
      break;
    default:
      out[threadIdx.x * 8] = T(3);  // expected-warning {{8-way bank conflict on store to 'staged'}}
  }
}

__global__ void cases(int kind, float* result) {
  __shared__ float staged[1024];
  dequantize(staged, kind);
  __syncthreads();
  for (int i = 0; i < 4; ++i) {
    switch (kind) {
      case 0:
        staged[threadIdx.x * 16] = i;  // expected-warning {{16-way bank conflict on store to 'staged'}}
        break;  // leaves the switch, not the loop: no note that the loop may exit early
      default:
        staged[threadIdx.x * 32] = i;  // expected-warning {{32-way bank conflict on store to 'staged'}}
    }
    __syncthreads();
  }
  __syncthreads();
  result[threadIdx.x] = staged[threadIdx.x];
}

void run(int kind, float* result) { cases<<<1, 32>>>(kind, result); }
