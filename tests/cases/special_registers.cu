// Helpers that read the lane (or the thread's index) from a PTX special register instead of
// threadIdx: `asm("mov.u32 %0, %laneid;" : "=r"(lane))`, as FasterTransformer's lane_id() does.
// The lane is the thread's place in its warp (the block's threads in linear order, x fastest),
// %tid.x is threadIdx.x; %warpid is where the hardware runs the warp (not threadIdx.x / 32), and
// any other asm leaves its outputs unknown: never the value they held before.
__device__ __forceinline__ unsigned laneId() {
  unsigned r;
  asm volatile("mov.u32 %0, %laneid;" : "=r"(r));
  return r;
}

__global__ void registers(float* out) {
  __shared__ float s[8][64];
  const unsigned lane = laneId();
  unsigned tx;
  asm("mov.u32 %0, %%tid.x;" : "=r"(tx));
  s[threadIdx.y][lane * 2] = 1.f;  // expected-warning {{2-way bank conflict on store to 's'}} expected-note {{no fix proposed}}
  s[threadIdx.y][tx % 32] = 2.f;   // clean
  unsigned warp;
  asm volatile("mov.u32 %0, %warpid;" : "=r"(warp));
  float acc = s[warp % 8][lane];  // expected-remark {{not computed: the %warpid register}}
  unsigned k = lane;
  asm volatile("add.u32 %0, %0, 1;" : "+r"(k));
  acc += s[0][k];  // expected-remark {{not computed: written by inline asm at line 23}}
  out[threadIdx.x] = acc;
}

void launch(float* o) { registers<<<1, dim3(32, 8)>>>(o); }
