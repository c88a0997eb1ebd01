// A cp.async double-buffered tile `smem[2][BM][BK]` read with float4 along k, lanes as 4 x 8
// (as in the reference SGEMM): the 8 lanes of a row read one float4 (they pair up), but each
// half-warp's two rows 2 apart fall on the same banks with 16-float rows: 4 wavefronts where 2
// suffice. Padding the row by 4 floats (still 16-byte aligned for cp.async and float4) fixes it
// for both stages. The 16-byte cp.async.cg copies (LDGSTS.BYPASS) are computed as Nsight Compute
// counts them, not weighed by the fix search: the shared-memory counter omits their writes.
#include <cuda_runtime.h>
#include <cuda_pipeline.h>
#define BM 64
#define BK 16

__global__ void doubleBuffered(const float* A, float* out, int K) {
    __shared__ __align__(16) float smem[2][BM][BK];
    const int tid = threadIdx.x;
    __pipeline_memcpy_async(&smem[0][tid / 4][(tid % 4) * 4], A + (tid / 4) * K + (tid % 4) * 4, 16);
    __pipeline_commit();
    float acc = 0.f;
    int stage = 0;
    for (int k0 = BK; k0 < K; k0 += BK) {
        __pipeline_memcpy_async(&smem[stage ^ 1][tid / 4][(tid % 4) * 4], A + (tid / 4) * K + k0 + (tid % 4) * 4, 16);
        __pipeline_commit();
        __pipeline_wait_prior(1);
        __syncthreads();
        #pragma unroll
        for (int kk = 0; kk < BK; kk += 4) {
            float4 a = *reinterpret_cast<const float4*>(&smem[stage][(tid / 32) * 8 + (tid % 32) / 8 * 2][kk]);  // expected-warning {{2-way bank conflict on load from 'smem' (4 wavefronts per warp, ideal 2)}} expected-note {{pad 'smem' to smem[2][BM][BK + 4]: +2048 bytes of shared memory per block; doubleBuffered blocks per SM on sm_90: 8 -> 8; verified: all 1 access of 'smem' conflict-free after the change (its 2 cp.async.cg copies not weighed: the shared-memory counter omits their writes)}}
            acc += a.x + a.y + a.z + a.w;
        }
        __syncthreads();
        stage ^= 1;
    }
    out[tid] = acc;
}

void launch(const float* A, float* out, int K) { doubleBuffered<<<1, 256>>>(A, out, K); }
