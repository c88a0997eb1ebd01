// Probe: a 32-byte element (double4, as the CUDA samples' nbody stores its body positions in
// shared memory) stored and read by a warp. bankcheck predicts the store as two STS.128 per lane,
// 2-way (8 wavefronts, ideal 4), and the broadcast read as conflict-free: run_double4_h200.sh
// measures both per line with Nsight Compute.
#include <cstdio>

__global__ void __launch_bounds__(256) tiles(const double4* positions, double* out, int numTiles) {
    extern __shared__ double4 sharedPos[];
    double acc = 0;
    for (int tile = 0; tile < numTiles; tile++) {
        sharedPos[threadIdx.x] = positions[tile * blockDim.x + threadIdx.x];
        __syncthreads();
#pragma unroll 8
        for (unsigned int counter = 0; counter < blockDim.x; counter++) {
            const double4 p = sharedPos[counter];
            acc += p.x * p.w + p.y - p.z;
        }
        __syncthreads();
    }
    out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

int main() {
    double4* positions;
    double* out;
    cudaMalloc(&positions, 4 * 256 * sizeof(double4));
    cudaMalloc(&out, 256 * sizeof(double));
    cudaMemset(positions, 0, 4 * 256 * sizeof(double4));
    tiles<<<1, 256, 256 * sizeof(double4)>>>(positions, out, 4);
    const cudaError_t e = cudaDeviceSynchronize();
    std::printf("%s\n", cudaGetErrorString(e));
    return e != cudaSuccess;
}
