// Buffers carved out of dynamic shared memory at offsets: padding the rows of one would move it
// over the next, so the rows of the whole buffer are padded - every index of every carve-out and
// the written terms of every carve offset become i + i / S * P - and each launch's byte count
// grows. Every conflicted carve-out gets the same edits. Where a carve offset has a term that
// cannot move with the rows (less than a row subtracted), the reason names the access it would
// misplace.
#include <cuda_runtime.h>

// Tiles carved at constant offsets (llm.c's flash-attention idiom): the transposed store is
// 32-way; rows of 64 floats padded by one make every access conflict-free.
__global__ void tiles(const float* K, float* out, int d) {
  extern __shared__ float sram[];
  const int tileSize = 32 * d;
  float* Qi = sram;
  float* Kj = &sram[tileSize];
  float* Vj = &sram[tileSize * 2];
  for (int x = 0; x < d; ++x) {
    Kj[threadIdx.x * d + x] = K[threadIdx.x * d + x];  // expected-warning {{32-way bank conflict on store to 'Kj'}} expected-note {{pad 'Kj' to rows of 65 elements instead of 64 (the whole buffer 'sram', its carve-outs moved with their rows; each launch's byte count grows with them): +384 bytes of shared memory per block; tiles blocks per SM on sm_90: 9 -> 8; verified: all 2 accesses of 'Kj' conflict-free after the change (on the IR, widths predicted)}} expected-note {{each row of 64 elements of the buffer 'sram' that 'Kj' is carved out of gets 1 more: every index i becomes i + i / 64 (8 terms, the carve-out offsets among them, so every carve-out moves with its rows)}}
    Vj[threadIdx.x * d + x] = 2.0f * K[x];  // expected-warning {{32-way bank conflict on store to 'Vj'}} expected-note {{pad 'Vj' to rows of 65 elements instead of 64 (the whole buffer 'sram', its carve-outs moved with their rows; each launch's byte count grows with them)}}
    Qi[threadIdx.x * d + x] = 0.0f;  // expected-warning {{32-way bank conflict on store to 'Qi'}} expected-note {{pad 'Qi' to rows of 65 elements}}
  }
  __syncthreads();
  out[threadIdx.x] = Kj[threadIdx.x] + Vj[threadIdx.x] + Qi[threadIdx.x];
}

// Two buffers at an offset known only at run time (llm.c's layernorm backward): the bf16 pair
// read `shared[i * 2]` is 2-way; the offset `C` is rewritten like an index.
__global__ void halves(float* out, int C) {
  extern __shared__ float shared[];
  float* dbias = shared;
  float* dweight = shared + C;
  for (int i = threadIdx.x; i < C; i += blockDim.x) {
    dbias[i] = 0.0f;
    dweight[i] = 0.0f;
  }
  __syncthreads();
  for (int i = threadIdx.x; i < C / 2; i += blockDim.x)
    out[i] = dbias[i * 2] + dweight[i * 2];  // expected-warning {{2-way bank conflict on load from 'dbias'}} expected-note {{pad 'dbias' to rows of 33 elements instead of 32 (the whole buffer 'shared', its carve-outs moved with their rows; each launch's byte count grows with them)}} expected-warning {{2-way bank conflict on load from 'dweight'}} expected-note {{pad 'dweight' to rows of 33 elements instead of 32}}
}

// A carve offset with a subtraction of whole rows (`- 32`, llm.c's layernorm scratch buffers):
// the subtracted term is rewritten like the others, kept whole in parentheses.
__global__ void shifted(float* out, int C) {
  extern __shared__ float mem[];
  float* head = mem;
  float* tail = mem + 2 * C - 32;
  head[threadIdx.x * 32] = 1.0f;  // expected-warning {{32-way bank conflict on store to 'head'}} expected-note {{pad 'head' to rows of 33 elements instead of 32 (the whole buffer 'mem', its carve-outs moved with their rows; each launch's byte count grows with them)}}
  tail[threadIdx.x] = 2.0f;
  __syncthreads();
  out[threadIdx.x] = head[threadIdx.x] + tail[threadIdx.x];
}

// Less than a row subtracted: the term is not rewritten, and with it the access behind it would
// land a row away from its element.
__global__ void misaligned(float* out, int C) {
  extern __shared__ float mem[];
  float* head = mem;
  float* tail = mem + 2 * C - 7;
  head[threadIdx.x * 32] = 1.0f;  // expected-warning {{32-way bank conflict on store to 'head'}} expected-note {{no fix proposed: 'head' is carved out of the dynamic shared memory 'mem', which other buffers are carved out of, so its rows are padded as a whole: moving the rows of 'mem' would move the access at line 60 (tail[threadIdx.x]) away from its element: its written terms do not count the rows its element is in (a term of less than a row crosses into the next)}}
  tail[threadIdx.x] = 2.0f;
  __syncthreads();
  out[threadIdx.x] = head[threadIdx.x] + tail[threadIdx.x];
}

void run(const float* K, float* out, int d, int C) {
  tiles<<<1, 32, 3 * 32 * 64 * sizeof(float)>>>(K, out, 64);
  const size_t bytes = 2 * C * sizeof(float);
  halves<<<1, 256, bytes>>>(out, 1024);
  shifted<<<1, 32, (2 * 1024) * sizeof(float)>>>(out, 1024);
  misaligned<<<1, 32, (2 * 1024) * sizeof(float)>>>(out, 1024);
}
// CHECK-FIXES: float* Kj = &sram[tileSize + tileSize / 64];
// CHECK-FIXES: float* Vj = &sram[tileSize * 2 + (tileSize * 2) / 64];
// CHECK-FIXES: Kj[threadIdx.x * d + x + (threadIdx.x * d) / 64] = K[threadIdx.x * d + x];
// CHECK-FIXES: float* dweight = shared + C + C / 32;
// CHECK-FIXES: out[i] = dbias[i * 2 + (i * 2) / 32] + dweight[i * 2 + (i * 2) / 32];
// CHECK-FIXES: float* tail = mem + 2 * C + (2 * C) / 32 - (32 + 32 / 32);
// CHECK-FIXES: tiles<<<1, 32, 3 * 32 * 64 * sizeof(float) + 384>>>(K, out, 64);
// CHECK-FIXES: halves<<<1, 256, bytes + bytes / 128 * 4>>>(out, 1024);
