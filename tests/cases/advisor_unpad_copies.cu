// Tiles filled by 16-byte cp.async.cg copies into rows padded by a template parameter: the padding
// keeps the ldmatrix reads conflict-free but splits every 128-byte line the copies read over two
// shared lines. The advisor sets the parameter to 0 where its value is written (the host constant
// the launch passes, or the launch's literal), swizzles the unpadded rows where the reads need it,
// and weighs the copies with the reads.
#include <cstdint>
#include <cuda_fp16.h>

#define COPY_16(dst, src) asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(dst), "l"(src))
#define WAIT_ALL() asm volatile("cp.async.commit_group;\ncp.async.wait_group 0;\n" ::)
#define LDMATRIX_X2_T(r0, r1, addr) \
  asm volatile("ldmatrix.sync.aligned.x2.trans.m8n8.shared.b16 {%0, %1}, [%2];\n" : "=r"(r0), "=r"(r1) : "r"(addr))

// 16 rows of 128 halves, read by ldmatrix down the rows: padded, the reads are conflict-free and
// the copies are not; unpadded and swizzled, both are.
template <int BN, int PAD>
__global__ void copiedForLdmatrix(const half* B, unsigned* out) {
  extern __shared__ half smem[];
  const int tid = threadIdx.x;
  const int row = tid / 16, col = (tid % 16) * 8;
  const uint32_t base = static_cast<uint32_t>(__cvta_generic_to_shared(smem));
  const uint32_t dst = base + (row * (BN + PAD) + col) * sizeof(half);
  COPY_16(dst, &B[row * 128 + col]);  // expected-warning {{3-way bank conflict on cp.async into 'smem' in 'copiedForLdmatrix<128, 8>' (12 wavefronts per warp, ideal 4)}} expected-note {{remove the padding of 'smem' and swizzle it: 'PAD' = 0 instead of 8 (advisor_unpad_copies.cu:92 ('PAD')); then every offset becomes o ^ (((o >> 8) & 7) << 4), o the byte offset in 'smem' (CuTe Swizzle<3,4,4> on the byte offset; 3 edits); 256 bytes less shared memory per block; verified: all 2 accesses of 'smem' conflict-free after the change}} expected-note {{the padding splits each 128-byte line the cp.async.cg copies read over two shared lines (84 wavefronts, Nsight Compute's count); without it 32, and the swizzle keeps the reads conflict-free where the padding did}}
  WAIT_ALL();
  __syncthreads();
  const int lane = tid % 32, warp = tid / 32;
  unsigned r0, r1;
  const uint32_t at = base + ((lane % 16) * (BN + PAD) + warp * 16) * sizeof(half);
  LDMATRIX_X2_T(r0, r1, at);
  out[tid] = r0 + r1;
}

// The same copies, the rows read whole by every lane of a warp (one 16-byte chunk per lane, all in
// one row): without the padding the reads stay conflict-free, so only the padding comes out.
template <int BN, int PAD>
__global__ void copiedForRowReads(const half* B, float4* out) {
  extern __shared__ half tile[];
  const int tid = threadIdx.x;
  const int row = tid / 16, col = (tid % 16) * 8;
  const uint32_t base = static_cast<uint32_t>(__cvta_generic_to_shared(tile));
  COPY_16(base + (row * (BN + PAD) + col) * sizeof(half), &B[row * 128 + col]);  // expected-warning {{2-way bank conflict on cp.async into 'tile' in 'copiedForRowReads<128, 16>' (8 wavefronts per warp, ideal 4)}} expected-note {{remove the padding of 'tile': 'PAD' = 0 instead of 16 (advisor_unpad_copies.cu:94 (the launch's argument)); the launches' byte counts stay as written; verified: all 2 accesses of 'tile' conflict-free after the change}} expected-note {{(56 wavefronts, Nsight Compute's count); without it 32, and the other accesses stay conflict-free without it}}
  WAIT_ALL();
  __syncthreads();
  out[tid] = *reinterpret_cast<const float4*>(&tile[(tid / 32) * (BN + PAD) + (tid % 16) * 8]);
}

// The padding is a number written in the kernel, not a parameter: nothing to set at a launch.
__global__ void copiedWithFixedPadding(const half* B, unsigned* out) {
  extern __shared__ half fixed[];
  const int tid = threadIdx.x;
  const int row = tid / 16, col = (tid % 16) * 8;
  const uint32_t base = static_cast<uint32_t>(__cvta_generic_to_shared(fixed));
  COPY_16(base + (row * 136 + col) * sizeof(half), &B[row * 128 + col]);  // expected-warning {{3-way bank conflict on cp.async into 'fixed' (12 wavefronts per warp, ideal 4)}} expected-note {{no fix proposed: 'fixed': its conflicts are in cp.async.cg copies, which the fix search weighs only where it takes out a row padding that splits their lines (their count is not the launch's shared-memory counter): no written term of its accesses adds a padding to a row stride}}
  WAIT_ALL();
  __syncthreads();
  out[tid] = reinterpret_cast<const unsigned*>(fixed)[tid];
}

// The copy's address written in two places, as LeetCUDA's flash attention writes it: the row in a
// local, the 16-byte step at the copy. No one term can carry the XOR; the shared address the copy
// takes can, as the buffer starts at the block's first byte (0x400, measured), a multiple of the
// swizzle's period.
#define LDMATRIX_X4(r0, r1, r2, r3, addr)                                                                  \
  asm volatile("ldmatrix.sync.aligned.x4.m8n8.shared.b16 {%0, %1, %2, %3}, [%4];\n" : "=r"(r0), "=r"(r1), \
               "=r"(r2), "=r"(r3) : "r"(addr))
template <int D, int PAD>
__global__ void copiedInTwoPlaces(const half* Q, unsigned* out) {
  extern __shared__ half q[];
  const int tid = threadIdx.x;
  const int row = tid / 4, col = (tid % 4) * (D / 4);
  const uint32_t base = static_cast<uint32_t>(__cvta_generic_to_shared(q));
  const uint32_t dst = base + (row * (D + PAD) + col) * sizeof(half);
#pragma unroll
  for (int i = 0; i < D / 4; i += 8) COPY_16(dst + i * 2, &Q[row * D + col + i]);  // expected-warning {{3.8-way bank conflict on cp.async into 'q' in 'copiedInTwoPlaces<32, 8>' (15 wavefronts per warp, ideal 4)}} expected-note {{remove the padding of 'q' and swizzle it: 'PAD' = 0 instead of 8 (advisor_unpad_copies.cu:86 ('kPad')); then every offset becomes o ^ (((o >> 7) & 3) << 4), o the byte offset in 'q' (CuTe Swizzle<2,4,3> on the byte offset; 3 edits); 1024 bytes less shared memory per block; verified: all 2 accesses of 'q' conflict-free after the change}} expected-note {{1 edit writes the XOR on the whole shared address an instruction takes, `E ^ (((E >> 7) & 3) << 4)`, where the offset is written in two places (a row in a local, a step at the instruction): the same swizzle, as 'q' starts at a multiple of 1024 bytes of the block's shared memory}}
  WAIT_ALL();
  __syncthreads();
  const int lane = tid % 32, warp = tid / 32;
  unsigned r0, r1, r2, r3;
  const uint32_t at = base + ((warp * 8 + lane % 16) * (D + PAD) + (lane / 16) * 8) * sizeof(half);
  LDMATRIX_X4(r0, r1, r2, r3, at);
  out[tid] = r0 + r1 + r2 + r3;
}

template <int D>
void launchTwoPlaces(const half* Q, unsigned* u) {
  constexpr int kPad = 8;
  copiedInTwoPlaces<D, kPad><<<1, 256, 64 * (D + kPad) * sizeof(half)>>>(Q, u);
}

void launch(const half* B, unsigned* u, float4* f) {
  launchTwoPlaces<32>(B, u);
  constexpr int PAD = 8;
  copiedForLdmatrix<128, PAD><<<1, 256, 16 * (128 + PAD) * sizeof(half)>>>(B, u);
  copiedForRowReads<128, 16><<<1, 256, 16 * (128 + 16) * sizeof(half)>>>(B, f);
  copiedWithFixedPadding<<<1, 256, 16 * 136 * sizeof(half)>>>(B, u);
}
