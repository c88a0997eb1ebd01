// Seed: host code the launch-shape analysis interprets (wrappers, dispatch, loops, references).
#include <initializer_list>
template <int N> __global__ void k(float* o) { __shared__ float s[N][N + 1]; s[threadIdx.y][threadIdx.x] = 1; o[0] = s[threadIdx.x][threadIdx.y]; }
__global__ void r(float* o, int c) { __shared__ float s[1024]; s[threadIdx.x * c % 1024] = 1; o[0] = s[0]; }
struct P { dim3 g, b; size_t m; P(dim3 g_, dim3 b_, size_t m_) : g(g_), b(b_), m(m_) {} };
template <class K> void go(K f, const P& p, float* o) { f<<<p.g, p.b, p.m>>>(o); }
void rows(dim3& b, unsigned n) { b.y = n; }
void host(float* o, int t, int which) {
    dim3 b(t, t);
    switch (t) { case 8: k<8><<<1, b>>>(o); break; case 16: k<16><<<1, b>>>(o); break; default: break; }
    dim3 c(32); rows(c, 32); k<32><<<1, c>>>(o);
    go(k<4>, P(dim3(1), dim3(4, 4), 0), o);
    int sizes[] = {32, 64, 128};
    for (int i = 0; i < 3; ++i) r<<<1, sizes[i]>>>(o, 33);
    for (int s : {256, 512}) if (which == s) r<<<1, s>>>(o, 33);
    do { r<<<1, 96>>>(o, 33); } while (0);
}
