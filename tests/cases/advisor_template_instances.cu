// A template tile padded by a template parameter, instantiated with PAD 0 and PAD 4: the
// transposed float stores conflict 2-way at PAD 0 (rows 4 apart on one bank), and no padding of
// the declaration serves both instantiations while the float4 reads keep rows a multiple of 16
// bytes (+4 fixes PAD 0 and breaks PAD 4). PAD sizes nothing else, and each launch writes it as a
// number: the fix sets it at the launch of the instantiation that conflicts (0 -> 4).
#include <cuda_runtime.h>

template <int PAD>
__global__ void transposedStore(const float* a, float* out) {
    __shared__ float s_a[8][128 + PAD];
    const int tid = threadIdx.x;
    const int m = tid / 2, k = (tid & 1) * 4;
    for (int i = 0; i < 4; ++i) s_a[k + i][m] = a[tid * 4 + i];  // expected-warning {{2-way bank conflict on store to 's_a' in 'transposedStore<0>'}} expected-note {{pad 's_a' at each instantiation: PAD = 4 instead of 0 for 'transposedStore<0>' (advisor_template_instances.cu:24): up to +128 bytes of shared memory per block; transposedStore<0> blocks per SM on sm_90: 32 -> 32; transposedStore<4> blocks per SM on sm_90: 32 -> 32; verified: all 4 accesses of 's_a' conflict-free after the change (on the IR, widths predicted)}} expected-note {{'PAD' sizes only 's_a', so each instantiation gets its own padding at its launches; the template stays as written}}
    __syncthreads();
    float acc = 0.f;
    for (int r = 0; r < 8; ++r) {
        float4 v = *reinterpret_cast<float4*>(&s_a[r][(tid % 32) * 4]);
        acc += v.x + v.y + v.z + v.w;
    }
    out[tid] = acc;
}

void launch(const float* a, float* out) {
    transposedStore<0><<<1, 32>>>(a, out);
    transposedStore<4><<<2, 32>>>(a, out);
}
// CHECK-FIXES: transposedStore<4><<<1, 32>>>(a, out);
// CHECK-FIXES: transposedStore<4><<<2, 32>>>(a, out);
