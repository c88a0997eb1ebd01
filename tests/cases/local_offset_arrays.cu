// Shared-memory offsets precomputed into local arrays (registers) and indexed later, as optimized
// GEMM kernels do (seen in public code):
// - a loop that writes one element per iteration, unconditionally, `rd[i] = f(i, threadIdx.x)`,
//   in one or two dimensions: element k is f(k);
// - a braced list of constants, indexed by a loop counter: a choice among its elements;
// - an array declared inside a loop and filled from that loop's counter: declared anew in each
//   iteration, it holds that iteration's values;
// - what is not followed, and why: an element written under a condition, an array whose address
//   is handed to a function, an array read inside the loop that is still writing it; an access
//   through a pointer element no longer followed is reported, not dropped.

__device__ void fill(int* p, int n) {
    for (int i = 0; i < n; ++i) p[i] = i * 33;
}

__global__ void precomputed(float4* out, int tiles) {
    __shared__ float4 tile[64 * 8];
    __shared__ float flat[32 * 32];
    const int lane = threadIdx.x % 32;
    // Write offsets, one per group of 4 rows of 8 float4 (a quarter warp per 128-byte row: clean);
    // read offsets in two dimensions, down the rows (8 lanes on one bank).
    int wr[4];
    for (int i = 0; i < 4; ++i) wr[i] = (i * 4 + lane / 8) * 8 + lane % 8;
    int rd[2][4];
    for (int i = 0; i < 2; ++i)
        for (int j = 0; j < 4; ++j) rd[i][j] = (j * 8 + lane % 8) * 8 + i * 4 + lane / 8;  // unswizzled columns
    const int cols[4] = {0, 8, 16, 24};
    float4 acc = make_float4(0.f, 0.f, 0.f, 0.f);
    for (int t = 0; t < tiles; ++t) {
        for (int i = 0; i < 4; ++i) tile[wr[i]] = out[t * 128 + i * 32 + lane];
        __syncthreads();
        for (int k = 0; k < 8; ++k) {
            const float4 v = tile[rd[k % 2][k % 4]];  // expected-warning {{8-way bank conflict on load from 'tile' (8 wavefronts per warp, ideal 1)}}
            acc.x += v.x;
        }
        for (int c = 0; c < 4; ++c) acc.y += flat[lane * 32 + cols[c]];  // expected-warning {{32-way bank conflict on load from 'flat' (32 wavefronts per warp, ideal 1)}}
        __syncthreads();
    }
    out[threadIdx.x] = acc;
}

__global__ void notFollowed(float* out, int n) {
    __shared__ float s[32 * 33];
    const int lane = threadIdx.x % 32;
    int some[2];
    some[0] = lane;
    if (lane < 16) some[1] = lane * 33;  // under a condition
    int passed[4];
    fill(passed, 4);  // its address escapes to a helper
    int changing[4] = {0, 0, 0, 0};
    float acc = 0.f;
    for (int i = 0; i < 4; ++i) {
        acc += s[changing[i]];  // expected-remark {{local array 'changing' changes across iterations of the loop at line 52}}
        changing[i] = i * 33 + lane;
    }
    acc += s[some[0]];  // expected-remark {{local array 'some' is written at line 47 under a condition}}
    acc += s[passed[1] + lane];  // expected-remark {{its address is taken at line 49}}
    // Pointers into shared memory, one written under a condition: the loads through them are
    // reported as not computed, not dropped.
    float* rows[2];
    rows[0] = &s[lane];
    if (lane < 8) rows[1] = &s[lane * 33];
    acc += *rows[0];  // expected-remark {{local array 'rows' is written at line 62 under a condition}}
    out[threadIdx.x] = acc;
}

__global__ void declaredInLoop(float* out, int tiles) {
    __shared__ float s[32 * 32];
    const int lane = threadIdx.x % 32;
    float acc = 0.f;
    for (int t = 0; t < tiles; ++t) {
        int rows[2];  // a new array in every iteration of the loop over t
        for (int i = 0; i < 2; ++i) rows[i] = (lane + t + i) % 32;
        acc += s[rows[0] * 32 + lane];       // one row per lane, the lane's column: clean
        acc += s[rows[1] * 32 + (t & 31)];  // expected-warning {{32-way bank conflict on load from 's' (32 wavefronts per warp, ideal 1)}}
    }
    out[threadIdx.x] = acc;
}

void run(float4* out4, float* out, int tiles) {
    precomputed<<<1, 32>>>(out4, tiles);
    declaredInLoop<<<1, 32>>>(out, tiles);
    notFollowed<<<1, 32>>>(out, tiles);
}
