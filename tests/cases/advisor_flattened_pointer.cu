// One-dimensional arrays reached through pointers derived from them: the padding rewrites every
// written term of the offset that it must (the derivation `&buf[...]`, a pointer's subscript that
// crosses rows) and leaves alone one that stays within the row it points into. An access whose
// term cannot be rewritten, or whose pointer is chosen at run time, gets the reason.
#include <cuda_runtime.h>

// Derivation only: each thread's row pointer, read within its row.
__global__ void rows(const float* A, float* out) {
    __shared__ float buf[32 * 32];
    for (int i = threadIdx.x; i < 32 * 32; i += 32) buf[i] = A[i];
    __syncthreads();
    const float* row = &buf[threadIdx.x * 32];
    float acc = 0.f;
    #pragma unroll 1
    for (int k = 0; k < 32; ++k) acc += row[k];  // expected-warning {{32-way bank conflict on load from 'buf'}} expected-note {{pad 'buf' to buf[32 * 32 + (32 * 32) / 32]: +128 bytes of shared memory per block; rows blocks per SM on sm_90: 32 -> 32; verified: all 2 accesses of 'buf' conflict-free after the change (on the IR, widths predicted)}} expected-note {{each row of 32 elements of 'buf' gets 1 more: every index i becomes i + i / 32 (2 indices)}}
    out[threadIdx.x] = acc;
}

// The pointer's subscript crosses rows, so it is rewritten too; `tile + 0` moves nothing.
__global__ void across(const float* A, float* out) {
    __shared__ float tile[32 * 32];
    float* base = tile + 0;
    for (int i = threadIdx.x; i < 32 * 32; i += 32) base[i] = A[i];
    __syncthreads();
    out[threadIdx.x] = base[threadIdx.x * 32 + 5];  // expected-warning {{32-way bank conflict on load from 'tile'}} expected-note {{pad 'tile' to tile[32 * 32 + (32 * 32) / 32]: +128 bytes of shared memory per block; across blocks per SM on sm_90: 32 -> 32; verified: all 2 accesses of 'tile' conflict-free after the change (on the IR, widths predicted)}} expected-note {{each row of 32 elements of 'tile' gets 1 more: every index i becomes i + i / 32 (2 indices)}}
}

// A pointer stepped in a loop: the step is not rewritten, so only rows the pointer never leaves
// (64 elements here) keep every access on its element.
__global__ void stepped(const float* A, float* out) {
    __shared__ float run[32 * 64];
    for (int i = threadIdx.x; i < 32 * 64; i += 32) run[i] = A[i];
    __syncthreads();
    const float* p = run + threadIdx.x * 64;
    float acc = 0.f;
    #pragma unroll 1
    for (int k = 0; k < 64; ++k) {
        acc += *p;  // expected-warning {{32-way bank conflict on load from 'run'}} expected-note {{pad 'run' to run[32 * 64 + (32 * 64) / 64]: +128 bytes of shared memory per block; stepped blocks per SM on sm_90: 25 -> 24; verified: all 2 accesses of 'run' conflict-free after the change (on the IR, widths predicted)}} expected-note {{each row of 64 elements of 'run' gets 1 more: every index i becomes i + i / 64 (2 indices)}}
        ++p;
    }
    out[threadIdx.x] = acc;
}

__device__ float pick(const float* p, int i) { return p[i * 32]; }  // expected-warning {{32-way bank conflict on load from 's'}} expected-note {{in a device function called at}} expected-note {{no fix proposed: moving the rows of 's' would move the access at line 44 (p[i * 32]) away from its element: the index 'i * 32' cannot be rewritten: it is written in a device function, whose pointer other calls may bind to other memory}}

// A device function's pointer parameter may be bound to other memory (here also to A): its
// index stays as written, and no padding keeps the access on its element.
__global__ void through_function(const float* A, float* out) {
    __shared__ float s[32 * 32];
    for (int i = threadIdx.x; i < 32 * 32; i += 32) s[i] = A[i];
    __syncthreads();
    out[threadIdx.x] = pick(s, threadIdx.x) + pick(A, threadIdx.x);
}

// Two derivations chosen at run time: neither can be rewritten alone.
__global__ void chosen(const float* A, float* out, int c) {
    __shared__ float sel[32 * 32];
    for (int i = threadIdx.x; i < 32 * 32; i += 32) sel[i] = A[i];
    __syncthreads();
    const float* p = c ? &sel[threadIdx.x * 32] : &sel[threadIdx.x];
    out[threadIdx.x] = p[0];  // expected-warning {{32-way bank conflict on load from 'sel'}} expected-note {{the value every launch in this file passes}} expected-note {{no fix proposed: the access at line 61 (p[0]) reaches 'sel' through a pointer whose derivation is not followed: the pointer is chosen at run time between different derivations}}
}

// A pointer stepped by a value the walker does not follow: its access is still reported (not
// computed), and no layout change is proposed, since that access would not move with it.
__global__ void unknownStep(const float* A, float* out, const int* steps) {
    __shared__ float st[32 * 32];
    for (int i = threadIdx.x; i < 32 * 32; i += 32) st[i] = A[i];
    __syncthreads();
    const float* p = &st[threadIdx.x * 32];
    float acc = 0.f;
    for (int k = 0; k < 4; ++k) {
        acc += *p;  // expected-remark {{bank conflicts of load from 'st' not computed: 'p' changes across iterations of the loop at line 72}}
        p += steps[k];
    }
    out[threadIdx.x] = acc + st[threadIdx.x * 32 + 1];  // expected-warning {{32-way bank conflict on load from 'st'}} expected-note {{no fix proposed: the access at line 73 goes through a pointer that is not followed ('p' changes across iterations of the loop at line 72), so a change of the layout of 'st' cannot be checked for it}}
}

// A device function whose pointer parameter every call of the file binds into one array: its
// index is rewritten in the function, which no other memory passes through. Its two calls read
// neighbouring words, which ptxas loads with one LDS.64 once they are inlined (measured for calls
// of a copy helper, tests/verification/widths/call_and_component_probe.cu).
__device__ float pickShared(const float* p, int i) { return p[i * 32]; }  // expected-warning {{16-way bank conflict on load from 's2' (32 wavefronts per warp, ideal 2)}} expected-warning {{16-way bank conflict on load from 's2' (32 wavefronts per warp, ideal 2)}} expected-note {{merged with the access at line 83 (called at line 89) into one 64-bit load}} expected-note {{pad 's2' to s2[32 * 32 + (32 * 32) / 32]: +128 bytes of shared memory per block; only_shared blocks per SM on sm_90: 32 -> 32; verified: all 3 accesses of 's2' conflict-free after the change}}

__global__ void only_shared(const float* A, float* out) {
    __shared__ float s2[32 * 32];
    for (int i = threadIdx.x; i < 32 * 32; i += 32) s2[i] = A[i];
    __syncthreads();
    out[threadIdx.x] = pickShared(s2, threadIdx.x) + pickShared(s2 + 1, threadIdx.x);
}

void launch(const float* A, float* out, int c, const int* steps) {
    rows<<<1, 32>>>(A, out);
    across<<<1, 32>>>(A, out);
    stepped<<<1, 32>>>(A, out);
    through_function<<<1, 32>>>(A, out);
    chosen<<<1, 32>>>(A, out, 1);
    unknownStep<<<1, 32>>>(A, out, steps);
    only_shared<<<1, 32>>>(A, out);
}
// CHECK-FIXES: __shared__ float buf[32 * 32 + (32 * 32) / 32];
// CHECK-FIXES: for (int i = threadIdx.x; i < 32 * 32; i += 32) buf[i + i / 32] = A[i];
// CHECK-FIXES: const float* row = &buf[threadIdx.x * 32 + (threadIdx.x * 32) / 32];
// CHECK-FIXES: for (int k = 0; k < 32; ++k) acc += row[k];
// CHECK-FIXES: __shared__ float tile[32 * 32 + (32 * 32) / 32];
// CHECK-FIXES: float* base = tile + 0;
// CHECK-FIXES: for (int i = threadIdx.x; i < 32 * 32; i += 32) base[i + i / 32] = A[i];
// CHECK-FIXES: out[threadIdx.x] = base[threadIdx.x * 32 + 5 + (threadIdx.x * 32) / 32];
// CHECK-FIXES: __shared__ float run[32 * 64 + (32 * 64) / 64];
// CHECK-FIXES: const float* p = run + threadIdx.x * 64 + (threadIdx.x * 64) / 64;
// CHECK-FIXES: ++p;
// CHECK-FIXES: __device__ float pick(const float* p, int i) { return p[i * 32]; }
// CHECK-FIXES: __shared__ float s[32 * 32];
// CHECK-FIXES: __shared__ float sel[32 * 32];
// CHECK-FIXES: __shared__ float st[32 * 32];
// CHECK-FIXES: const float* p = &st[threadIdx.x * 32];
// CHECK-FIXES: __device__ float pickShared(const float* p, int i) { return p[i * 32 + (i * 32) / 32]; }
// CHECK-FIXES: out[threadIdx.x] = pickShared(s2, threadIdx.x) + pickShared(s2 + 1, threadIdx.x);
