// A shared array whose address goes into an object the AST walk does not follow (a small view
// type, like a CuTe tensor): the kernel is lowered to optimized LLVM IR, where the store is plain
// arithmetic on threadIdx.x, and its conflict is computed there.
struct View {  // built by a constructor that may return early, which the walk does not follow
    float* p;
    __device__ explicit View(float* q) {
        p = q;
        if (q == nullptr) return;  // a path that leaves early: what it leaves is not followed
        p += 0;
    }
    __device__ float& operator[](int i) const { return p[i]; }
};

__global__ void throughView(float* o) {
    __shared__ float s[1024];
    View v{s};
    v[threadIdx.x * 32] = 1.f;  // expected-warning {{32-way bank conflict on store to 's'}}
    o[0] = v[0];                // broadcast: conflict-free
}

void host(float* o) { throughView<<<1, 32>>>(o); }
