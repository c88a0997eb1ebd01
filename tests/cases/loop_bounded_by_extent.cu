// A loop whose trip count is a kernel parameter (`size < n`) but whose iterations change the
// pattern (a bitonic network's doubling `size`) can still be enumerated: the iteration that takes
// a lane past the end of its array is undefined, so a correct run stops before it, and every
// iteration before it is one a run may reach. The bound holds for the whole loop, so the accesses
// that stay inside the array (`keys[pos]`) enumerate the iterations their neighbour bounds.

// 128 threads over 256 keys: `size` runs 2 .. 256; at 512 (iteration 8), `keys[pos + stride]`
// would read keys[256] in lane 0.
__global__ void bitonicSteps(unsigned* data, unsigned n) {
    __shared__ unsigned keys[256];
    keys[threadIdx.x] = data[threadIdx.x];
    keys[threadIdx.x + 128] = data[threadIdx.x + 128];
    for (unsigned size = 2; size < n; size <<= 1) {
        for (unsigned stride = size / 2; stride > 0; stride >>= 1) {
            __syncthreads();
            const unsigned pos = 2 * threadIdx.x - (threadIdx.x & (stride - 1));
            const unsigned a = keys[pos];  // expected-warning {{2-way bank conflict on load from 'keys' (2 wavefronts per warp, ideal 1)}} expected-note {{in its iteration 8, the access at line 18 (keys[pos + stride]) would reach byte 1024 of 'keys', past its 1024 bytes, in lane 0 of warp 0: undefined, so a correct run stops before it; iterations 0 to 7 evaluated}} expected-note {{over 144 executions}}
            const unsigned b = keys[pos + stride];  // expected-warning {{2-way bank conflict on load from 'keys' (2 wavefronts per warp, ideal 1)}}
            if (a > b) {
                keys[pos] = b;  // expected-warning {{2-way bank conflict on store to 'keys'}}
                keys[pos + stride] = a;  // expected-warning {{2-way bank conflict on store to 'keys'}}
            }
        }
    }
    __syncthreads();
    data[threadIdx.x] = keys[threadIdx.x];
}

// Dynamic shared memory has no size in the code: nothing bounds the loop.
__global__ void bitonicDynamic(unsigned* data, unsigned n) {
    extern __shared__ unsigned dyn[];
    dyn[threadIdx.x] = data[threadIdx.x];
    for (unsigned size = 2; size < n; size <<= 1) {
        __syncthreads();
        data[threadIdx.x] += dyn[threadIdx.x * size % 1024];  // expected-remark {{bank conflicts of load from 'dyn' not computed: the address depends on the iteration of the loop at line 33, whose trip count is unknown (it depends on 'n' (kernel parameter))}}
    }
}

// The lane that would leave the array runs the access only where `flag` holds, a value the
// analysis cannot know and assumes true: the iteration may run with the access skipped, so it
// bounds nothing.
__global__ void guardedByUnknown(float* out, unsigned n, int flag) {
    __shared__ float tile[64];
    tile[threadIdx.x] = out[threadIdx.x];
    tile[threadIdx.x + 32] = out[threadIdx.x + 32];
    __syncthreads();
    for (unsigned s = 1; s < n; s <<= 1)
        if (flag) out[threadIdx.x] += tile[threadIdx.x * s];  // expected-remark {{bank conflicts of load from 'tile' not computed: the address depends on the iteration of the loop at line 47, whose trip count is unknown}}
}

// An address that never leaves the array: no iteration is excluded, so the trip count stays unknown.
__global__ void staysInside(float* out, int n) {
    __shared__ float tile[8 * 32];
    tile[threadIdx.x] = out[threadIdx.x];
    __syncthreads();
    float acc = 0;
    for (int k = 0; k < n; ++k) acc += tile[min(k, 7) * 32 + (threadIdx.x * k) % 32];  // expected-remark {{bank conflicts of load from 'tile' not computed: the address depends on the iteration of the loop at line 57, whose trip count is unknown}}
    out[threadIdx.x] = acc;
}

void launch(unsigned* d, float* f, unsigned n) {
    bitonicSteps<<<1, 128>>>(d, n);
    bitonicDynamic<<<1, 128, 4096>>>(d, n);
    guardedByUnknown<<<1, 32>>>(f, n, static_cast<int>(n & 1));
    staysInside<<<1, 32>>>(f, static_cast<int>(n));
}
