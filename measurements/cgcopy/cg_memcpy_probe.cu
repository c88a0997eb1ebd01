// Probe: cooperative_groups::memcpy_async as bankcheck's prelude models it (docs/prelude.md).
// Each kernel issues one form of the call, so that Nsight Compute's per-kernel LDGSTS wavefronts
// (which it puts on the library's lines) compare with bankcheck's prediction for that kernel:
// run_cg_memcpy_h200.sh measures, compare_cg_memcpy.sh compares.
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <cuda/pipeline>
#include <cstdio>
namespace cg = cooperative_groups;

// A warp tile copies one 512-byte row into rows of 544 bytes, 16 rows per warp: three rows in four
// start 32 bytes into a 128-byte line.
__global__ void __launch_bounds__(128) tileSkewedRows(const double* A, double* out) {
    __shared__ __align__(16) double skewed[64][68];
    auto tile32 = cg::tiled_partition<32>(cg::this_thread_block());
    const int w = threadIdx.x / 32;
    for (int i = 0; i < 16; i++)
        cg::memcpy_async(tile32, &skewed[w * 16 + i][0], A + (w * 16 + i) * 64, cuda::aligned_size_t<16>(512));
    cg::wait(tile32);
    out[threadIdx.x] = skewed[threadIdx.x / 2][threadIdx.x % 64];
}

// The block copies 2048 bytes of floats (a plain count: the element's 4 bytes per copy).
__global__ void __launch_bounds__(256) blockFloats(const float* F, float* out) {
    __shared__ __align__(16) float flat[512];
    auto cta = cg::this_thread_block();
    cg::memcpy_async(cta, flat, F, sizeof(float) * 512);
    cg::wait(cta);
    out[threadIdx.x] = flat[threadIdx.x * 2];
}

// A warp tile copies 40 chunks of 16 bytes: one whole round of 32, then 8 more with every thread
// active, threads 8..31 repeating chunk 39.
__global__ void __launch_bounds__(32) tileRemainder(const double* A, double* out) {
    __shared__ __align__(16) double row[80];
    auto tile32 = cg::tiled_partition<32>(cg::this_thread_block());
    cg::memcpy_async(tile32, row, A, cuda::aligned_size_t<16>(640));
    cg::wait(tile32);
    out[threadIdx.x] = row[threadIdx.x * 2];
}

// Tiles of 16 threads copy 8-byte chunks (aligned_size_t<8>): each tile 256 bytes into its own row
// of 256 bytes + 8, so the two tiles of a warp write rows whose banks overlap.
__global__ void __launch_bounds__(64) tile16Eights(const double* A, double* out) {
    __shared__ __align__(16) double rows[4][33];
    auto tile16 = cg::tiled_partition<16>(cg::this_thread_block());
    const int t = threadIdx.x / 16;
    cg::memcpy_async(tile16, &rows[t][0], A + t * 32, cuda::aligned_size_t<8>(256));
    cg::wait(tile16);
    out[threadIdx.x] = rows[threadIdx.x / 16][threadIdx.x % 16];
}

// The block (128 threads) copies 40 chunks of 16 bytes: warp 0 copies 32, warp 1's first 8
// threads the rest, the other threads idle.
__global__ void __launch_bounds__(128) blockRemainder(const double* A, double* out) {
    __shared__ __align__(16) double row[80];
    auto cta = cg::this_thread_block();
    cg::memcpy_async(cta, row, A, cuda::aligned_size_t<16>(640));
    cg::wait(cta);
    out[threadIdx.x] = row[threadIdx.x % 80];
}

// Added after the first run (whose tileRemainder showed that lanes repeating a chunk copy it
// once), predicted before they ran: a partial round that crosses a shared line, and partial rounds
// of 8- and 4-byte (.ca) copies.
__global__ void __launch_bounds__(32) tileRemainderSkewed(const double* A, double* out) {
    __shared__ __align__(16) double rows[2][68];
    auto tile32 = cg::tiled_partition<32>(cg::this_thread_block());
    cg::memcpy_async(tile32, &rows[1][0], A, cuda::aligned_size_t<16>(576));
    cg::wait(tile32);
    out[threadIdx.x] = rows[1][threadIdx.x * 2];
}

__global__ void __launch_bounds__(32) tile16RemainderEights(const double* A, double* out) {
    __shared__ __align__(16) double rows[2][20];
    auto tile16 = cg::tiled_partition<16>(cg::this_thread_block());
    const int t = threadIdx.x / 16;
    cg::memcpy_async(tile16, &rows[t][0], A + t * 64, cuda::aligned_size_t<8>(152));
    cg::wait(tile16);
    out[threadIdx.x] = rows[t][threadIdx.x % 16];
}

__global__ void __launch_bounds__(32) tileRemainderFours(const float* F, float* out) {
    __shared__ __align__(16) float row[40];
    auto tile32 = cg::tiled_partition<32>(cg::this_thread_block());
    cg::memcpy_async(tile32, row, F, cuda::aligned_size_t<4>(160));
    cg::wait(tile32);
    out[threadIdx.x] = row[threadIdx.x];
}

// Added after the second run (whose partial rounds of .ca copies showed that there each repeated
// lane takes its own wavefront), predicted before they ran.
__global__ void __launch_bounds__(32) tileRemainderEights52(const double* A, double* out) {
    __shared__ __align__(16) double row[56];
    auto tile32 = cg::tiled_partition<32>(cg::this_thread_block());
    cg::memcpy_async(tile32, row, A, cuda::aligned_size_t<8>(416));
    cg::wait(tile32);
    out[threadIdx.x] = row[threadIdx.x];
}

__global__ void __launch_bounds__(32) tile8RemainderFours(const float* F, float* out) {
    __shared__ __align__(16) float rows[4][17];
    auto tile8 = cg::tiled_partition<8>(cg::this_thread_block());
    const int t = threadIdx.x / 8;
    cg::memcpy_async(tile8, &rows[t][0], F + t * 32, cuda::aligned_size_t<4>(52));
    cg::wait(tile8);
    out[threadIdx.x] = rows[t][threadIdx.x % 8];
}

__global__ void __launch_bounds__(32) tileRemainderFoursShifted(const float* F, float* out) {
    __shared__ __align__(16) float row[52];
    auto tile32 = cg::tiled_partition<32>(cg::this_thread_block());
    cg::memcpy_async(tile32, &row[3], F + 5, cuda::aligned_size_t<4>(180));
    cg::wait(tile32);
    out[threadIdx.x] = row[threadIdx.x + 3];
}

int main() {
    double *A, *out;
    float *F, *fout;
    cudaMalloc(&A, 1 << 20);
    cudaMalloc(&out, 1 << 16);
    cudaMalloc(&F, 1 << 16);
    cudaMalloc(&fout, 1 << 16);
    cudaMemset(A, 0, 1 << 20);
    cudaMemset(F, 0, 1 << 16);
    tileSkewedRows<<<1, 128>>>(A, out);
    blockFloats<<<1, 256>>>(F, fout);
    tileRemainder<<<1, 32>>>(A, out);
    tile16Eights<<<1, 64>>>(A, out);
    blockRemainder<<<1, 128>>>(A, out);
    tileRemainderSkewed<<<1, 32>>>(A, out);
    tile16RemainderEights<<<1, 32>>>(A, out);
    tileRemainderFours<<<1, 32>>>(F, fout);
    tileRemainderEights52<<<1, 32>>>(A, out);
    tile8RemainderFours<<<1, 32>>>(F, fout);
    tileRemainderFoursShifted<<<1, 32>>>(F, fout);
    const cudaError_t e = cudaDeviceSynchronize();
    std::printf("%s\n", cudaGetErrorString(e));
    return e != cudaSuccess;
}
