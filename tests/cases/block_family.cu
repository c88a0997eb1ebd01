// A kernel no launch gives a shape to is checked over the family of shapes it admits (here 2-D
// blocks with blockDim.x of 16 or 32). With the default policy "all", a conflict every member has
// is a warning and one that only some members have is a shape-dependent remark; a
// `bankcheck: block-family(any)` comment makes any member's conflict a warning.
__global__ void transposeNoLaunch(float* out) {
    __shared__ float t[32][32];
    t[threadIdx.y][threadIdx.x] = 1.f;
    __syncthreads();
    out[0] = t[threadIdx.x][threadIdx.y];  // expected-warning {{32-way bank conflict on load from 't'}} expected-note {{the worst of the assumed family of shapes}} expected-note {{every member conflicts: 32x1x1 (32-way)}}
}

__global__ void columnMajor(float* out) {
    __shared__ float s[1024];
    // expected-remark@+1 {{bank conflict on store to 's' depends on the block shape: with 16x4x1 (2-way), 16x8x1 (4-way), 16x16x1 (8-way), 16x32x1 (16-way), 16x64x1 (16-way), 32x2x1 (2-way), 32x4x1 (4-way), 32x8x1 (8-way), 32x16x1 (16-way), 32x32x1 (32-way); not with 16x2x1, 32x1x1}}
    s[threadIdx.x * blockDim.y + threadIdx.y] = 1.f;
    out[0] = s[threadIdx.y];
}

// bankcheck: block-family(any)
__global__ void columnMajorAny(float* out) {
    __shared__ float s[1024];
    s[threadIdx.x * blockDim.y + threadIdx.y] = 1.f;  // expected-warning {{32-way bank conflict on store to 's'}} expected-note {{32x32x1 (32-way); not with 16x2x1, 32x1x1 (block-family any)}}
    out[0] = s[threadIdx.y];
}
