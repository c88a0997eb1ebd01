// Nothing the analysis skips stays silent: code it does not walk (a recursive call, an inline-asm
// shared load whose address is not a known shared address) and kernels it cannot analyze (a
// template never instantiated) are remarks with the reason.
__device__ float f(float* s, int n) {
    return n <= 0 ? s[threadIdx.x] : f(s, n - 1) + s[threadIdx.x];  // expected-remark {{call to 'f' not analyzed: recursive call}}
}

__global__ void recursive(float* out) {
    __shared__ float s[1024];
    out[threadIdx.x] = f(s, 10);
}

__global__ void asmLoad(float* out) {
    __shared__ float s[1024];
    unsigned a = __cvta_generic_to_shared(s) * 3 + 7;
    float v;
    asm volatile("ld.shared.f32 %0, [%1];" : "=f"(v) : "r"(a + threadIdx.x * 128));  // expected-remark {{ld/st.shared in inline asm not analyzed: address operand is not a known shared address}}
    out[0] = v;
}

template <int BK>
__global__ void neverInstantiated(float* out) {  // expected-remark {{template kernel 'neverInstantiated': never instantiated in this file, so not analyzed}}
    __shared__ float t[BK][BK];
    t[threadIdx.y][threadIdx.x] = 0.f;
    out[0] = t[0][0];
}

void host(float* o) {
    recursive<<<1, 256>>>(o);
    asmLoad<<<1, 32>>>(o);
}
