// An array accessed both directly and through an object holding its address: the direct
// accesses are computed, and the ones through the object are listed as not computed rather than
// silently dropped (the array must not look fully analyzed).
struct View {  // built by a constructor that may return early, which the walk does not follow
    float* p;
    __device__ explicit View(float* q) {
        p = q;
        if (q == nullptr) return;  // a path that leaves early: what it leaves is not followed
        p += 0;
    }
    __device__ float& operator[](int i) const { return p[i]; }
};

__global__ void mixed(float* o) {
    __shared__ float s[1024];
    s[threadIdx.x * 2] = 1.f;  // expected-warning {{2-way bank conflict on store to 's'}}
    __syncthreads();
    View v{s};  // expected-remark {{accesses to shared array 's' through an object not analyzed: its address is stored in an object here}}
    o[threadIdx.x] = v[threadIdx.x * 32];
}

void host(float* o) { mixed<<<1, 32>>>(o); }
