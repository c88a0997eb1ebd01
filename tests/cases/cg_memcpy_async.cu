// cooperative_groups::memcpy_async, modelled as CUDA 13 implements it: the alignment the count
// promises (aligned_size_t<N>, or the element type's for a plain count) is the width of each
// cp.async, and the thread of rank r in the group copies chunks r, r + size, ... (a warp tile
// copies whole rounds, then the rest with every thread active). 16-byte copies are .cg, counted
// as Nsight Compute's source view counts them: a 512-byte row copied whole is 4 wavefronts where
// the row starts on a 128-byte line, and 8 where it starts 32 bytes into one (rows of 544 bytes,
// as in the CUDA samples' dmmaTensorCoreGemm: measured there 1.744 per ideal wavefront on the
// H100, which these counts reproduce). A count that promises less than 4 bytes leaves the width
// to the pointers' alignment at run time: not computed, and said so.
#include <cuda_runtime.h>
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <cuda/pipeline>
namespace cg = cooperative_groups;

// expected-remark@+1 {{kernel 'copies' fits 5 blocks per SM on sm_90}}
__global__ void __launch_bounds__(128) copies(const double* A, const double* B, const float* F, const char* C) {
    __shared__ __align__(16) double rows[4][64];
    __shared__ __align__(16) double skewed[64][68];
    __shared__ __align__(16) float flat[512];
    __shared__ __align__(16) char bytes[512];
    auto cta = cg::this_thread_block();
    auto tile32 = cg::tiled_partition<32>(cta);
    const int w = threadIdx.x / 32;
    // One 512-byte row per warp, from one 512-byte global row: 4 lines into 4 lines.
    cg::memcpy_async(tile32, &rows[w][0], A + w * 1024, cuda::aligned_size_t<16>{tile32.size() * sizeof(double2)});
    // 4-byte copies (the element's alignment) across the block: each warp's 32 words in a row.
    cg::memcpy_async(cta, flat, F, sizeof(float) * 512);
    // Rows of 544 bytes, from A or B (each warp one of them, each taken as 128-byte aligned):
    // the rows that start 32 bytes into a line split every global line over two shared lines.
    const double* src = w < 2 ? A + w * 4096 : B + (w - 2) * 4096;
    for (int i = 0; i < 16; i++) {
        cg::memcpy_async(tile32, &skewed[w * 16 + i][0], src, cuda::aligned_size_t<16>(512));  // expected-warning {{2-way bank conflict on cp.async into 'skewed' (8 wavefronts per warp, ideal 4)}} expected-note {{on average 7 wavefronts per warp-instruction (ideal 4) over 64 executions}} expected-note {{cp.async.cg (LDGSTS.BYPASS)}} expected-note {{no fix proposed}}
        src = src + 4096;
    }
    // 20 chunks of 16 bytes for a warp tile: only a partial round, threads 20-31 repeating chunk
    // 19, which a .cg copy makes once (measured: measurements/cgcopy/README.md): 3 wavefronts, its
    // ideal, no warning.
    cg::memcpy_async(tile32, &rows[w][0], A + w * 1024, cuda::aligned_size_t<16>(320));
    // 40 chunks of 4 bytes for a warp tile: a whole round, then 8 chunks with the other 24
    // threads repeating the last; each repeat of a 4-byte (.ca) copy takes its own wavefront
    // (measured on the H100: measurements/cgcopy/README.md; a 16-byte .cg repeat is copied once).
    if (w == 0) cg::memcpy_async(tile32, &flat[0], F, cuda::aligned_size_t<4>(160));  // expected-warning {{25-way bank conflict on cp.async into 'flat' (25 wavefronts per warp, ideal 1)}} expected-note {{lanes 7-31, which read one 128-byte global line, write 25 words (a word again for each lane that repeats another's copy) of bank 7}} expected-note {{it is computed inside a CUDA library call}}
    // A count of chars promises 1 byte: the library picks the width from the pointers at run time.
    cg::memcpy_async(cta, bytes, C, 512);  // expected-remark {{cooperative_groups::memcpy_async not analyzed: its count promises an alignment below 4 bytes}}
    // Element counts for both sides: the smaller is copied. 64 doubles in 16-byte chunks into a
    // row that starts 32 bytes into a line: 8 wavefronts, as for the byte count above.
    cg::memcpy_async(tile32, &skewed[1][0], cuda::aligned_size_t<16>(64), B, cuda::aligned_size_t<16>(68));  // expected-warning {{2-way bank conflict on cp.async into 'skewed' (8 wavefronts per warp, ideal 4)}} expected-note {{cp.async.cg (LDGSTS.BYPASS)}}
    // Plain element counts promise the element's alignment: 512 floats in 4-byte copies.
    cg::memcpy_async(cta, flat, 512, F, 600);
    cg::memcpy_async(cta, bytes, 512, C, 512);  // expected-remark {{cooperative_groups::memcpy_async not analyzed: its count promises an alignment below 4 bytes}}
    cg::wait(cta);
}

void launch(const double* A, const double* B, const float* F, const char* C) { copies<<<1, 128>>>(A, B, F, C); }
