// A kernel with a syntax error: reported in clang's format, the kernel listed as not analyzed.
__global__ void broken(float* out) {
    __shared__ float s[32];
    s[threadIdx.x] = 1.f
    out[threadIdx.x] = s[threadIdx.x];
}

__global__ void fine(float* out) {
    __shared__ float t[32][32];
    t[threadIdx.x][0] = 1.f;
    out[threadIdx.x] = t[0][threadIdx.x];
}

void launch(float* out) {
    broken<<<1, 32>>>(out);
    fine<<<1, 32>>>(out);
}
