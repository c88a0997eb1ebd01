// Every launch of a kernel counts: each access is computed with every block shape the file
// launches it with, and the warning names the worst one and what the others give. A launch whose
// shape is not computed is a note under the kernel's findings.
__global__ void rows(float* out) {
    __shared__ float s[32][32];
    s[threadIdx.y][threadIdx.x] = 1.f;  // expected-warning {{32-way bank conflict on store to 's'}} expected-note {{block 1x32x1 (launch at launched_shapes.cu:18); also launched with 32x32x1 at launched_shapes.cu:17: no conflict there}} expected-note {{the launch at launched_shapes.cu:19 has a block shape that is not computed}}
    __syncthreads();
    out[threadIdx.y] = s[threadIdx.x][threadIdx.y];  // expected-warning {{32-way bank conflict on load from 's'}} expected-note {{block 32x32x1 (launch at launched_shapes.cu:17); also launched with 1x32x1 at launched_shapes.cu:18: no conflict there}}
}

__global__ void halves(float* out) {
    __shared__ float h[64];
    out[threadIdx.x] = h[threadIdx.x * 2];  // expected-warning {{2-way bank conflict on load from 'h'}} expected-note {{block 32x1x1 (launch at launched_shapes.cu:21); also launched with 16x1x1 at launched_shapes.cu:20: no conflict there}}
}

void host(float* o, int n) {
    rows<<<1, dim3(32, 32)>>>(o);
    rows<<<1, dim3(1, 32)>>>(o);
    rows<<<1, n>>>(o);
    halves<<<1, 16>>>(o);
    halves<<<1, 32>>>(o);
}
