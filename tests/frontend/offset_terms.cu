// The written terms of an access's offset (ir::OffsetPiece), followed from a one-dimensional
// array through the pointers derived from it: a subscript of the array, `&a[i]` cast to another
// element type and subscripted, `p + k`, a reference parameter bound at the call, a pointer
// parameter subscripted inside a device function (rewritable there only when every call binds it
// into the array: `put` yes, `putBoth` no, it is also given global memory), a step in a loop (not
// a written term), and two derivations chosen at run time (not followed).
// IR-KERNEL: terms block=32x1x1 source=launch
// IR-ARRAY: KQ dims=512 elem=__half size=1024
#include <cuda_fp16.h>
#include <cuda_runtime.h>

__device__ void put(int* dst, int v) { dst[threadIdx.x] = v; }  // IR: store KQ w=4 at(3)=156 terms=[j * 64@2; 4@4; threadIdx.x@4^] inlined
__device__ void putBoth(int* dst, int v) { dst[threadIdx.x] = v; }  // IR: store KQ w=4 at(3)=172 terms=[j * 64@2; 8@4; threadIdx.x@4^!] inlined
__device__ void bump(__half& h) { h = __float2half(1.f); }  // IR: store KQ w=2 at(5)=10 terms=[threadIdx.x@2] inlined

__global__ void terms(const __half* in, int c, int* out) {
    __shared__ __half KQ[512];
    KQ[threadIdx.x] = in[threadIdx.x];  // IR: store KQ w=2 at(5)=10 terms=[threadIdx.x@2]
    const int j = 1;
    int* q = (int*) &KQ[j * 64];
    q[threadIdx.x] = 0;  // IR: store KQ w=4 at(3)=140 terms=[j * 64@2; threadIdx.x@4^]
    put(q + 4, 7);
    putBoth(q + 8, 7);
    putBoth(out, 7);
    bump(KQ[threadIdx.x]);
    const __half* p = KQ + threadIdx.x * 2;
    for (int k = 0; k < 4; ++k) {
        __half h = *p;  // IR: load KQ w=2 at(1,k=2)=260 terms=[threadIdx.x * 2@2]
        p += 64;
        (void)h;
    }
    const __half* r = c ? &KQ[threadIdx.x] : &KQ[threadIdx.x * 2];
    __half g = r[0];  // IR: load KQ w=2 terms=[not followed]
    (void)g;
}

void launch(const __half* in, int* out) { terms<<<1, 32>>>(in, 1, out); }
