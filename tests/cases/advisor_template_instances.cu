// A template tile padded by a template parameter, instantiated with PAD 0 and PAD 4: the
// transposed float stores conflict 2-way at PAD 0 (rows 4 apart on one bank), and no padding of
// the declaration serves both instantiations while the float4 reads keep rows a multiple of 16
// bytes (+4 fixes PAD 0 and breaks PAD 4). The reason gives what each instantiation would take.
#include <cuda_runtime.h>

template <int PAD>
__global__ void transposedStore(const float* a, float* out) {
    __shared__ float s_a[8][128 + PAD];
    const int tid = threadIdx.x;
    const int m = tid / 2, k = (tid & 1) * 4;
    for (int i = 0; i < 4; ++i) s_a[k + i][m] = a[tid * 4 + i];  // expected-warning {{2-way bank conflict on store to 's_a' in 'transposedStore<0>'}} expected-note {{no fix proposed: no padding of any dimension lowers the wavefronts of 's_a' while rows must stay a multiple of 16 bytes (float4 access at line 16); no swizzle either: no swizzle fits rows of 128 and 132 elements (the instantiations differ); alone, the instantiations would take different paddings: 'transposedStore<0>' ([8][128]) + 4 on dimension 1, 'transposedStore<4>' ([8][132]) none (write the padding as a template parameter and set it at each instantiation; bankcheck does not edit template arguments yet)}}
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
    transposedStore<4><<<1, 32>>>(a, out);
}
