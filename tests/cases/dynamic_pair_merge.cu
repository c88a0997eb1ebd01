// Neighbouring 4-byte accesses of dynamic shared memory merge into one 8-byte instruction, as they
// do in a static array: nvcc places `extern __shared__` arrays on 16 bytes, and ptxas uses it.
// Measured on the H200 (cuda-samples fastWalshTransform, fwtBatch1Kernel, lines 98-101 of
// fastWalshTransform_kernel.cuh: LDS.64 and STS.64, 1.00 way; docs/findings/raw-not-listed/).
// Each lane reads and writes the pair s[2p], s[2p + 1]: as 4-byte accesses two words apart across
// lanes that would be 2-way; as one LDS.64 / STS.64 per lane it is conflict-free.
__global__ void radix2(float* out) {
    extern __shared__ float s_data[];
    const int pos = threadIdx.x;
    const int i0 = pos << 1;
    const int i1 = i0 + 1;
    const float d0 = s_data[i0];
    const float d1 = s_data[i1];
    s_data[i0] = d0 + d1;
    s_data[i1] = d0 - d1;
    __syncthreads();
    out[threadIdx.x] = s_data[threadIdx.x];
}

// A pair that does not start on 8 bytes is not merged, and stays 2-way.
__global__ void oddPairs(float* out) {
    extern __shared__ float s_data[];
    const int i0 = (threadIdx.x << 1) + 1;
    const float d0 = s_data[i0];      // expected-warning {{2-way bank conflict on load from 's_data' (2 wavefronts per warp, ideal 1)}} expected-note {{swizzle 's_data': every offset becomes o ^ (((o >> 7) & 1) << 2), o the byte offset in 's_data' (CuTe Swizzle<1,2,5> on the byte offset; 2 terms rewritten); no extra shared memory; verified: all 2 accesses of 's_data' conflict-free after the change}}
    const float d1 = s_data[i0 + 1];  // expected-warning {{2-way bank conflict on load from 's_data' (2 wavefronts per warp, ideal 1)}}
    out[threadIdx.x] = d0 + d1;
}

void launch(float* out) {
    radix2<<<1, 32, 64 * sizeof(float)>>>(out);
    oddPairs<<<1, 32, 80 * sizeof(float)>>>(out);
}
