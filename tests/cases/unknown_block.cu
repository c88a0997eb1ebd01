// Without a launch in the file, an annotation or --block, and with the family of shapes turned
// off, the block shape is unknown: the access is reported as not computed, never as clean.
// bankcheck: block-family(off)
__global__ void noLaunch(float* out) {
    __shared__ float tile[32][32];
    tile[threadIdx.y][threadIdx.x] = 1.f;  // expected-remark {{bank conflicts of store to 'tile' not computed: block shape unknown: no launch of 'noLaunch'}}
    __syncthreads();
    out[threadIdx.x] = tile[threadIdx.x][threadIdx.y];  // expected-remark {{bank conflicts of load from 'tile' not computed: block shape unknown}}
}
