// A shared array whose address goes into an object the analysis does not follow (a small view
// type, a CuTe tensor): its accesses are not computed, and the kernel does not look clean.
struct View {
    float* p;
    __device__ float& operator[](int i) const { return p[i]; }
};

__global__ void throughView(float* o) {
    __shared__ float s[1024];  // expected-remark {{shared array 's' not analyzed: it is used, but none of its accesses could be followed}}
    View v{s};
    v[threadIdx.x * 32] = 1.f;
    o[0] = v[0];
}

void host(float* o) { throughView<<<1, 32>>>(o); }
