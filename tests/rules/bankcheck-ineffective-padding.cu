// bankcheck-ineffective-padding: a written padding that lowers no access's wavefronts and that no
// access reaches. Reported: a row padding on an array read only along its rows, an outer padding
// on an array without conflicts, a row padding of a whole bank line (+32 floats) that leaves the
// conflict as it was. Not reported: a padding that removes a conflict, a halo the accesses read,
// an array with an access that is not computed.
// ARGS: --checks=-*,bankcheck-ineffective-padding
#include <cuda_runtime.h>

__global__ void rowsOnly(const float* in, float* out) {
    // expected-warning@+1 {{the padding '+ 1' in dimension 1 of 't' ([32 + 1]) costs 128 bytes per block and lowers no access's wavefronts}} expected-note@+1 {{every access is as fast without it, and no access reaches the padded elements}}
    __shared__ float t[32][32 + 1];
    t[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
    __syncthreads();
    out[threadIdx.y * 32 + threadIdx.x] = t[threadIdx.y][threadIdx.x];
}

__global__ void outerNoConflict(const float* in, float* out) {
    // expected-warning@+1 {{the padding '+ 1' in dimension 0 of 'o' ([32 + 1]) costs 128 bytes per block}} expected-note@+1 {{padding the outermost dimension never moves an element to another bank}}
    __shared__ float o[32 + 1][32];
    o[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
    __syncthreads();
    out[threadIdx.y * 32 + threadIdx.x] = o[threadIdx.y][threadIdx.x];
}

__global__ void wholeBankLine(const float* in, float* out) {
    // expected-warning@+1 {{the padding '+ 32' in dimension 1 of 'v' ([32 + 32]) costs 4096 bytes per block and lowers no access's wavefronts}} expected-note@+1 {{the 32-way load at line 30 still conflicts: at this size the padding shifts no row to other banks}}
    __shared__ float v[32][32 + 32];
    v[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
    __syncthreads();
    out[threadIdx.y * 32 + threadIdx.x] = v[threadIdx.x][threadIdx.y];
}

__global__ void effective(const float* in, float* out) {
    __shared__ float u[32][32 + 1];
    u[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
    __syncthreads();
    out[threadIdx.y * 32 + threadIdx.x] = u[threadIdx.x][threadIdx.y];
}

__global__ void haloRead(const float* in, float* out) {
    __shared__ float h[32][32 + 1];
    h[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
    if (threadIdx.x == 0) h[threadIdx.y][32] = 0.f;
    __syncthreads();
    out[threadIdx.y * 32 + threadIdx.x] = h[threadIdx.y][threadIdx.x + 1];
}

__global__ void notComputed(const float* in, float* out, const int* perm) {
    __shared__ float n[32][32 + 1];
    n[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
    __syncthreads();
    out[threadIdx.y * 32 + threadIdx.x] = n[threadIdx.y][perm[threadIdx.x]];
}

void launch(const float* in, float* out, const int* perm) {
    rowsOnly<<<1, dim3(32, 32)>>>(in, out);
    outerNoConflict<<<1, dim3(32, 32)>>>(in, out);
    wholeBankLine<<<1, dim3(32, 32)>>>(in, out);
    effective<<<1, dim3(32, 32)>>>(in, out);
    haloRead<<<1, dim3(32, 32)>>>(in, out);
    notComputed<<<1, dim3(32, 32)>>>(in, out, perm);
}
