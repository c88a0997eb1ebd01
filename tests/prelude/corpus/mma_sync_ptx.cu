// Hand-written tensor-core inner loop: ldmatrix from an XOR-swizzled fp16 shared tile into
// registers, then mma.sync.m16n8k16 in inline PTX.
#include <cuda_fp16.h>
#include <cstdint>

constexpr int BM = 64, BK = 32;

__device__ __forceinline__ int swizzle(int row, int col_chunk) { return col_chunk ^ (row & 3); }

__global__ void mma_tile(const half* __restrict__ A, const half* __restrict__ B, float* __restrict__ C) {
  __shared__ __align__(128) half As[BM][BK];
  __shared__ __align__(128) half Bs[BK][8];
  const int tid = threadIdx.x, lane = tid % 32, warp = tid / 32;
  for (int i = tid; i < BM * BK / 8; i += blockDim.x) {
    int r = i / (BK / 8), c = i % (BK / 8);
    *reinterpret_cast<uint4*>(&As[r][swizzle(r, c) * 8]) = reinterpret_cast<const uint4*>(A)[r * (BK / 8) + c];
  }
  for (int i = tid; i < BK * 8; i += blockDim.x) Bs[i / 8][i % 8] = B[i];
  __syncthreads();

  float d[4] = {0.f, 0.f, 0.f, 0.f};
  for (int k = 0; k < BK; k += 16) {
    uint32_t a[4], b[2];
    const int row = warp * 16 + (lane % 16);
    const int chunk = (k / 8) + lane / 16;
    uint32_t a_addr = static_cast<uint32_t>(__cvta_generic_to_shared(&As[row][swizzle(row, chunk) * 8]));
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];\n"
                 : "=r"(a[0]), "=r"(a[1]), "=r"(a[2]), "=r"(a[3])
                 : "r"(a_addr));
    uint32_t b_addr = static_cast<uint32_t>(__cvta_generic_to_shared(&Bs[k + (lane % 16)][0]));
    asm volatile("ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 {%0,%1}, [%2];\n" : "=r"(b[0]), "=r"(b[1]) : "r"(b_addr));
    asm volatile(
        "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, "
        "{%0,%1,%2,%3};\n"
        : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
        : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
  }
  const int r = warp * 16 + lane / 4, c = (lane % 4) * 2;
  C[r * 8 + c] = d[0];
  C[r * 8 + c + 1] = d[1];
  C[(r + 8) * 8 + c] = d[2];
  C[(r + 8) * 8 + c + 1] = d[3];
}
