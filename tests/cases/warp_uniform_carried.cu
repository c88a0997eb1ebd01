// Values a loop carries that have no closed form in the iteration number but are the same in every
// lane of a warp (a double-buffer index toggled under a condition, an offset stepped in a
// do-while, the value such a variable has after the loop): a uniform shift of every lane's
// address, which cannot change the bank pattern, so the accesses are computed. A value toggled
// under a lane-dependent condition, or after a lane leaves the iteration early, differs between
// lanes and stays not computed. Also: brace-initialized scalars (`unsigned const tx{threadIdx.x}`),
// an offset toggled by a constant (`off ^= STAGE`) and a pointer stepped through a cast
// (`p = (float4*)((float*)p + n)`), as public GEMM kernels write them.
#include <cuda_runtime.h>

// The double-buffered SGEMM loop: the write stage flips only while tiles remain.
__global__ void toggledUnderCondition(const float* A, float* out, int K) {
    __shared__ float As[2][8][32];
    __shared__ float Ts[2][32][32];
    unsigned const tx{threadIdx.x};
    int write_stage = 1;
    int tile = 0;
    float acc = 0.f;
    do {
        tile += 8;
        const int load_stage = write_stage ^ 1;
        acc += As[load_stage][tile % 8][tx];
        acc += Ts[load_stage][tx][0];  // expected-warning {{32-way bank conflict on load from 'Ts'}}
        // expected-note@-1 {{'write_stage' (warp-uniform; it changes across iterations of the loop at line 19) shifts every lane's address by the same amount}}
        if (tile < K) {
            As[write_stage][0][tx] = A[tile + tx];
            __syncthreads();
            write_stage ^= 1;
        }
    } while (tile < K);
    out[tx] = acc;
}

// A pipeline offset toggled by a constant: a closed form, so the two offsets stay apart.
__global__ void offsetToggledByConstant(const float* A, float* out, int K) {
    __shared__ float smem[2 * 32 * 33];
    constexpr int kStage = 32 * 33;
    int store_off = 0, load_off = kStage;
    float acc = 0.f;
    for (int k = 0; k < K; k += 32) {
        store_off ^= kStage;
        load_off ^= kStage;
        smem[store_off + threadIdx.x * 33] = A[k + threadIdx.x];
        __syncthreads();
        acc += smem[load_off + threadIdx.x * 32];  // expected-warning {{32-way bank conflict on load from 'smem'}}
        __syncthreads();
    }
    out[threadIdx.x] = acc;
}

// The value after the loop: uniform too, when every lane leaves the loop at the same iteration.
__global__ void valueAfterTheLoop(float* out, int K) {
    __shared__ float tail[4096];
    int off = 0;
    for (int k = 0; k < K; ++k)
        if (k % 3 == 0) off += 64;
    out[threadIdx.x] = tail[off + threadIdx.x * 2];  // expected-warning {{2-way bank conflict on load from 'tail'}}
    // expected-note@-1 {{'off' after the loop at line 55 (warp-uniform) shifts every lane's address by the same amount}}
}

// A shared pointer stepped in another element type: rows of 33 floats, one float4 column.
__global__ void pointerSteppedThroughACast(float* out) {
    __shared__ float rows[32 * 33];
    float* p = rows + threadIdx.x;
    for (int i = 0; i < 4; ++i) {
        *p = 1.f;
        p = (float*)((char*)p + 33 * sizeof(float));
    }
    __syncthreads();
    out[threadIdx.x] = rows[threadIdx.x * 33];
}

// Toggled only in some lanes: the lanes' values differ, so the index is not computed.
__global__ void toggledInSomeLanes(float* out, int K) {
    __shared__ float t[2][32];
    int stage = 0;
    float acc = 0.f;
    for (int k = 0; k < K; ++k) {
        acc += t[stage][threadIdx.x];  // expected-remark {{bank conflicts of load from 't' not computed: 'stage' changes across iterations}}
        if (threadIdx.x < 16 && k > 2) stage ^= 1;
    }
    out[threadIdx.x] = acc;
}

// A lane that leaves the iteration early misses the toggle after it.
__global__ void laneLeavesEarly(const float* in, float* out, int K) {
    __shared__ float t[2][32];
    int stage = 0;
    float acc = 0.f;
    for (int k = 0; k < K; ++k) {
        acc += t[stage][threadIdx.x];  // expected-remark {{bank conflicts of load from 't' not computed: 'stage' changes across iterations}}
        if (in[k * 32 + threadIdx.x] < 0.f) continue;
        if (k % 2) stage = 1 - stage;
    }
    out[threadIdx.x] = acc;
}

// A lane that leaves the loop for good (its own break) is no longer among the lanes that run the
// next accesses: among those that stay, the toggle is the same (Marlin's main loop breaks out when
// its slice is done). After the loop, lanes that left at different iterations differ.
__global__ void laneLeavesTheLoop(const float* in, float* out, int K) {
    __shared__ float t[2][32][32];
    int stage = 0;
    float acc = 0.f;
    for (int k = 0; k < K; ++k) {
        acc += t[stage][threadIdx.x][0];  // expected-warning {{32-way bank conflict on load from 't'}}
        // expected-note@-1 {{'stage' (warp-uniform; it changes across iterations of the loop at line 105) shifts every lane's address by the same amount}}
        if (in[k * 32 + threadIdx.x] < 0.f) break;
        for (int j = 0; j < 4; ++j)
            if (in[j] > 1.f) break;  // leaves the inner loop only
        if (k % 2) stage = 1 - stage;
    }
    out[threadIdx.x] = acc + t[stage][0][threadIdx.x];  // expected-remark {{bank conflicts of load from 't' not computed}}
}

// A shared pointer stepped by uniform amounts through one loop, then used after it (exllamav2
// steps its activation pointer through one loop per bit width): where it is is unknown, but it
// moved by whole 16-byte steps, so the column read after the loop is computed.
__global__ void pointerAfterTheLoop(const int* in, float* out, int K) {
    __shared__ float rows[32][32];
    const float* p = &rows[0][0];
    float acc = 0.f;
    int k = 0;
    while (k < K && k < in[0]) {
        acc += p[0];
        p += 4;
        k += 4;
    }
    acc += p[threadIdx.x * 32];  // expected-warning {{32-way bank conflict on load from 'rows'}}
    out[threadIdx.x] = acc;
}

void launch(const float* A, float* out, int K) {
    toggledUnderCondition<<<1, 32>>>(A, out, K);
    offsetToggledByConstant<<<1, 32>>>(A, out, K);
    valueAfterTheLoop<<<1, 32>>>(out, K);
    pointerSteppedThroughACast<<<1, 32>>>(out);
    toggledInSomeLanes<<<1, 32>>>(out, K);
    laneLeavesEarly<<<1, 32>>>(A, out, K);
    laneLeavesTheLoop<<<1, 32>>>(A, out, K);
    pointerAfterTheLoop<<<1, 32>>>(reinterpret_cast<const int*>(A), out, K);
}
