// Dynamic shared memory indexed `row * ROW + col` everywhere, ROW a named compile-time constant:
// the padding pads the stride itself (`row * (ROW + P) + col`), not i + i / S * P, which adds a
// division to every address (the H200 timed the tensor-core GEMM probe at 46.7% of cuBLAS with the
// division and 53.7% with the stride: docs/verification/h200-measurements.md). Accesses through
// inline PTX (cp.async, ldmatrix) carry their written index like plain ones. A kernel that opts in
// to more than 48 KB grows its limit with its launches; a limit that cannot be rewritten stops the
// proposal, since a padded launch past it would fail.
#include <cuda_fp16.h>
#include <cuda_runtime.h>

constexpr int ROW = 32;

__global__ void transposeByStride(float* out, const float* in) {
  extern __shared__ float tile[];
  tile[threadIdx.y * ROW + threadIdx.x] = in[threadIdx.y * ROW + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * ROW + threadIdx.x] = tile[threadIdx.x * ROW + threadIdx.y];  // expected-warning {{32-way bank conflict on load from 'tile' (32 wavefronts per warp, ideal 1)}} expected-note {{pad 'tile' to rows of 33 elements instead of 32 (each launch's byte count grows with them): +128 bytes of shared memory per block}} expected-note {{the row stride ROW changes in every index of 'tile' (2 indices)}}
}

// The column term is not always inside its row (`c` reaches 40): the stride form is refused lane
// by lane and i + i / S * P stays.
__global__ void columnPastTheRow(float* out) {
  extern __shared__ float rows[];
  const int c = threadIdx.y * 8;
  rows[threadIdx.x * ROW + c] = 1.0f;  // expected-warning {{bank conflict on store to 'rows'}} expected-note {{every index i becomes i + i / 32}}
  __syncthreads();
  out[threadIdx.x] = rows[threadIdx.x];
}

// ldmatrix rows of 64 halves through inline PTX, three stages rotated by `t % STAGES`, more than
// 48 KB: the opt-in's byte limit is edited with the launch (tests/cli `fix-opt-in` checks the text).
constexpr int LD = 64;
constexpr int STAGES = 3;
constexpr int STAGE_ROWS = 128;
constexpr int BYTES = STAGES * STAGE_ROWS * LD * 2;

__global__ void ldmatrixStages(unsigned* out, int tiles) {  // expected-remark {{kernel 'ldmatrixStages' fits 4 blocks per SM on sm_90, limited by its 49152 bytes of shared memory per block (launch at advisor_dynamic_stride.cu:64); 3584 bytes less would fit 5 (occupancy 50% -> 62%)}}
  extern __shared__ __align__(16) __half sm[];
  const int lane = threadIdx.x % 32;
  unsigned r0 = 0, r1 = 0, r2 = 0, r3 = 0;
  for (int t = 0; t < tiles; ++t) {
    const int next = (t + STAGES - 1) % STAGES;
    sm[(next * STAGE_ROWS + lane) * LD + threadIdx.x / 32 * 8] = __float2half(1.0f);  // expected-warning {{32-way bank conflict on store to 'sm'}} expected-note {{pad 'sm' to rows of 72 elements instead of 64 (each launch's byte count grows with them): +6144 bytes of shared memory per block}} expected-note {{the row stride LD changes in every index of 'sm' (2 indices)}}
    __syncthreads();
    const unsigned at = static_cast<unsigned>(__cvta_generic_to_shared(&sm[((t % STAGES) * STAGE_ROWS + lane % 16) * LD + lane / 16 * 8]));
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];\n" : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3) : "r"(at));  // expected-warning {{8-way bank conflict on ldmatrix from 'sm'}}
  }
  out[threadIdx.x] = r0 + r1 + r2 + r3;
}

#define OPT_IN_64K(kernel) cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, 65536)

__global__ void limitInAMacro(float* out) {  // expected-remark {{kernel 'limitInAMacro' fits 3 blocks per SM on sm_90, limited by its 65536 bytes of shared memory per block (launch at advisor_dynamic_stride.cu:66); 8192 bytes less would fit 4 (occupancy 5% -> 6%)}}
  extern __shared__ float big[];
  big[threadIdx.x * ROW] = 1.0f;  // expected-warning {{32-way bank conflict on store to 'big'}} expected-note {{swizzle 'big': every offset becomes o ^ (((o >> 7) & 31) << 2), o the byte offset in 'big' (CuTe Swizzle<5,2,5> on the byte offset; 2 terms rewritten); no extra shared memory; verified: all 2 accesses of 'big' conflict-free after the change}}
  __syncthreads();
  out[threadIdx.x] = big[threadIdx.x];
}

void launch(float* out, const float* in, unsigned* u) {
  transposeByStride<<<1, dim3(32, 32), ROW * ROW * sizeof(float)>>>(out, in);
  columnPastTheRow<<<1, dim3(32, 8), 32 * ROW * sizeof(float)>>>(out);
  cudaFuncSetAttribute(ldmatrixStages, cudaFuncAttributeMaxDynamicSharedMemorySize, BYTES);
  ldmatrixStages<<<1, 256, BYTES>>>(u, 8);
  OPT_IN_64K(limitInAMacro);
  limitInAMacro<<<1, 32, 65536>>>(out);
}

// Rows of 80 bytes written 16 bytes per lane, four lanes a row: only rows of 192 bytes (64 + 128k)
// keep each quarter-warp on distinct chunks, and the launch's byte count grows with every row it
// holds, past what a kernel can opt in to on sm_90. The reason names that limit, not the 48 KB of
// static shared memory (the launch opts in).
constexpr int HROW = 40;
constexpr int HROWS = 2000;

__global__ void chunkRowsPastOptIn(const int4* in) {
  extern __shared__ __align__(16) __half rows80[][HROW];
  *((int4*)&rows80[threadIdx.x / 4][0] + threadIdx.x % 4) = in[threadIdx.x];  // expected-warning {{2-way bank conflict on store to 'rows80' (8 wavefronts per warp, ideal 4)}} expected-note {{no fix proposed: no padding of the rows of 'rows80' lowers its wavefronts while rows and paddings must stay a multiple of 16 bytes (int4 access at line 78) and keeps the block within the 232448 bytes a kernel can opt in to (the launch's byte count grows with every row of 'rows80' it holds)}}
}

void launchPastOptIn(const int4* in) {
  cudaFuncSetAttribute(chunkRowsPastOptIn, cudaFuncAttributeMaxDynamicSharedMemorySize, HROWS * HROW * 2);
  chunkRowsPastOptIn<<<1, 256, HROWS * HROW * 2>>>(in);
}

// The same rows in a launch that does not opt in: the limit is the 48 KB a launch may use without.
__global__ void chunkRowsWithoutOptIn(const int4* in) {  // expected-remark {{kernel 'chunkRowsWithoutOptIn' fits 5 blocks per SM on sm_90, limited by its 40000 bytes of shared memory per block}}
  extern __shared__ __align__(16) __half rowsNoOptIn[][HROW];
  *((int4*)&rowsNoOptIn[threadIdx.x / 4][0] + threadIdx.x % 4) = in[threadIdx.x];  // expected-warning {{2-way bank conflict on store to 'rowsNoOptIn' (8 wavefronts per warp, ideal 4)}} expected-note {{no fix proposed: no padding of the rows of 'rowsNoOptIn' lowers its wavefronts while rows and paddings must stay a multiple of 16 bytes (int4 access at line 89) and keeps the block within the 49152 bytes a launch may use without opting in to more}}
}

void launchWithoutOptIn(const int4* in) { chunkRowsWithoutOptIn<<<1, 256, 500 * HROW * 2>>>(in); }
