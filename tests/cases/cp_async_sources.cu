// cp.async.ca (4, 8 and 16 bytes): the L1 writes shared memory per 128-byte GLOBAL line the warp
// reads, each line's lanes as one group that takes as many wavefronts as the most distinct words
// one bank receives from it (measured on the H200: docs/hardware-model.md). So the source layout
// is part of the pattern, and bankcheck follows the source address too: a row copied into a row
// is one wavefront; the same row copied into a column of a 32-float tile puts all 32 lanes on one
// bank (32); a column of a 33-float tile is clean. 16-byte .cg copies (LDGSTS.BYPASS) are counted
// as Nsight Compute's source view counts them: one wavefront per (global line, shared line) pair
// and XOR of the 16-byte positions (measured: docs/hardware-model.md). Unknown row lengths and
// block offsets in the source are taken as whole lines.
#include <cuda_runtime.h>
#include <cuda_pipeline.h>
#include <cuda/barrier>
#include <cstdint>

__device__ __forceinline__ void copy4(void* dst, const void* src) {
    uint32_t d = static_cast<uint32_t>(__cvta_generic_to_shared(dst));
    asm volatile("cp.async.ca.shared.global [%0], [%1], 4;\n" ::"r"(d), "l"(src));  // expected-warning {{32-way bank conflict on cp.async into 'tileT' (32 wavefronts per warp, ideal 1)}} expected-note {{cp_async_sources.cu:37}}
}

__device__ __forceinline__ void copy16(void* dst, const void* src) {
    uint32_t d = static_cast<uint32_t>(__cvta_generic_to_shared(dst));
    asm volatile("cp.async.ca.shared.global.L2::128B [%0], [%1], 16;\n" ::"r"(d), "l"(src));  // expected-warning {{8-way bank conflict on cp.async into 'wide' (32 wavefronts per warp, ideal 4)}} expected-note {{cp_async_sources.cu:43}}
}

__global__ void __launch_bounds__(256) tiles(const float* A, float* out, int K) {
    __shared__ __align__(16) float tile[32][32];
    __shared__ __align__(16) float tileT[32][32];
    __shared__ __align__(16) float padded[32][33];
    __shared__ __align__(16) float rows[8][32];
    __shared__ __align__(16) float wide[32][64];
    __shared__ __align__(16) float bypassed[8][32];
    __shared__ __align__(16) float bypassedWide[32][32];
    const int tx = threadIdx.x % 32, ty = threadIdx.x / 32;
    const float* blockA = A + blockIdx.y * 32 * K;
    for (int r = ty; r < 32; r += 8) {
        copy4(&tile[r][tx], &blockA[r * K + tx]);     // a row into a row: one line, one wavefront
        copy4(&tileT[tx][r], &blockA[r * K + tx]);    // the same row into a column
        copy4(&padded[tx][r], &blockA[r * K + tx]);   // a column of 33-float rows: clean
    }
    // 16 bytes per lane, 8 lanes per source line: into consecutive chunks (4 wavefronts, ideal 4),
    // or each lane into its own 256-byte row (8 lanes of a line on banks 0-3: 8 each).
    copy16(&rows[ty][(tx % 8) * 4], &blockA[(tx / 8) * K + (tx % 8) * 4]);
    copy16(&wide[tx][0], &blockA[(tx / 8) * K + (tx % 8) * 4]);
    // 4-byte __pipeline_memcpy_async is cp.async.ca too; 16-byte is .cg: each line copied straight
    // into a shared line is one wavefront (4, as no layout can beat), each lane into its own
    // 128-byte row is one per lane (32). No padding is weighed for .cg copies: the launch's
    // shared-memory counter omits their writes (only a row padding they split is taken out).
    __pipeline_memcpy_async(&rows[ty][tx], &blockA[ty * K + tx], 4);
    __pipeline_memcpy_async(&bypassed[ty][(tx % 8) * 4], &blockA[ty * K + tx * 4], 16);
    __pipeline_memcpy_async(&bypassedWide[tx][0], &blockA[(tx / 8) * K + (tx % 8) * 4], 16);  // expected-warning {{8-way bank conflict on cp.async into 'bypassedWide' (32 wavefronts per warp, ideal 4)}} expected-note {{cp.async.cg (LDGSTS.BYPASS): counted as Nsight Compute's source view counts it}} expected-note {{no fix proposed: 'bypassedWide': its conflicts are in cp.async.cg copies, which the fix search weighs only where it takes out a row padding that splits their lines}}
    __pipeline_commit();
    __pipeline_wait_prior(0);
    __syncthreads();
    out[threadIdx.x] = tile[ty][tx] + tileT[ty][tx] + padded[ty][tx] + rows[ty][tx] + wide[ty][tx] + bypassed[ty][tx] + bypassedWide[ty][tx];
}

// A three-stage ring filled with the tile two ahead, clamped to the last one (as CuTe's Hopper
// tutorial does): the clamp moves the source by whole 128-byte tiles only, so no iteration
// regroups the lanes by line, and the unknown trip count leaves the ring's 3 patterns: computed.
__global__ void __launch_bounds__(256) ring(const float* A, float* out, int K, int tiles) {
    __shared__ __align__(16) float stage[3][8][32];
    const int tx = threadIdx.x % 32, ty = threadIdx.x / 32;
    float acc = 0.f;
    for (int k = 0; k < tiles; ++k) {
        const int next = k + 2 < tiles ? k + 2 : tiles - 1;
        copy16(&stage[(k + 2) % 3][ty][(tx % 8) * 4], &A[(ty * 4 + tx / 8) * K + next * 32 + (tx % 8) * 4]);
        __pipeline_commit();
        __pipeline_wait_prior(2);
        __syncthreads();
        acc += stage[k % 3][ty][tx];
        __syncthreads();
    }
    out[threadIdx.x] = acc;
}

// With a cuda::barrier, nvcc 13 on sm_90 makes a 16-byte cuda::memcpy_async a bulk copy (UBLKCP),
// not an LDGSTS (measured in SGEMM_CUDA's kernel 12); a 4-byte one stays cp.async.ca. A bulk copy's
// shared writes do not go through the banks' LSU path (measured: no shared wavefront, the same
// time wherever they land), so it is computed as conflict-free, with no remark.
__global__ void __launch_bounds__(256) withBarrier(const float* A, float* out, int K) {
    __shared__ __align__(16) float bulk[8][32];
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    const int tx = threadIdx.x % 32, ty = threadIdx.x / 32;
    if (threadIdx.x == 0) init(&bar, blockDim.x);  // expected-remark {{call to 'init' with a pointer into 'bar' not analyzed}}
    __syncthreads();
    cuda::memcpy_async(&bulk[ty][(tx % 8) * 4], &A[ty * K + (tx % 8) * 4], cuda::aligned_size_t<16>(16), bar);  // computed: a bulk copy, no bank conflict
    cuda::memcpy_async(&bulk[ty][tx], &A[ty * K + tx], cuda::aligned_size_t<4>(4), bar);
    bar.arrive_and_wait();
    out[threadIdx.x] = bulk[ty][tx];
}

// A column copy into a transposed tile, as SGEMM_CUDA's kernel 12 writes it: each global line is
// read by 4 lanes (4 bytes, 16 bytes apart) that write 4 rows of one bank, and the 8 lines of a
// warp write 8 different banks. The H200 overlaps such lines' writes (17 wavefronts with one warp
// alone, 11 in the running GEMM) where the sum over lines is 32: bankcheck says "up to" and gives
// the most and the fewest (measured: docs/hardware-model.md).
__global__ void __launch_bounds__(128) columnCopy(const float* A, float* out, int K) {
    __shared__ __align__(16) float As[16 * 128];
    const int row = threadIdx.x / 4, col = threadIdx.x % 4;
    __pipeline_memcpy_async(&As[(col * 4) * 128 + row], &A[row * K + col * 4], 4);  // expected-warning {{up to 4-way bank conflict on cp.async into 'As' (at most 32 wavefronts per warp, at least 8, ideal 8)}} expected-note {{worst case: warp 0: lanes 0-3, which read one 128-byte global line, write 4 different words of bank 0 (8 global lines)}} expected-note {{the H200 overlaps such lines' writes where their banks differ, so 32 wavefronts is the most this copy takes and 8 the fewest}}
    __pipeline_commit();
    __pipeline_wait_prior(0);
    __syncthreads();
    out[threadIdx.x] = As[threadIdx.x];
}

void launch(const float* A, float* out, int K) {
    tiles<<<dim3(1, 4), 256>>>(A, out, K);
    ring<<<1, 256>>>(A, out, K, K / 32);
    withBarrier<<<1, 256>>>(A, out, K);
    columnCopy<<<1, 128>>>(A, out, K);
}
// --fix pads the two conflicted destinations, keeping rows a multiple of 16 bytes for the copies:
// CHECK-FIXES: float tileT[32][32 + 1];
// CHECK-FIXES: float wide[32][64 + 4];
// CHECK-FIXES: float As[16 * 128 + (16 * 128) / 512];
