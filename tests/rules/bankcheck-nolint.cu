// Suppression comments as clang-tidy reads them: on the line, on the next line, between a begin and an end comment, for
// every check or the listed ones (globs); a begin left open is an error (bankcheck-nolint). ptxas loads `tile[x][1..3]`
// as one LDS.128 of `tile[x][0..3]` and `tile[x][4..6]` as one of `[4..7]` (tests/data/sass): the warnings are theirs.
// ARGS: --checks=-*,bankcheck-bank-conflict,bankcheck-nolint --no-fix-suggestions
#include <cuda_runtime.h>

__global__ void transposeReads(float* out, const float* in) {
    __shared__ float tile[32][32];
    tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
    __syncthreads();
    float v = tile[threadIdx.x][threadIdx.y];  // NOLINT
    v += tile[threadIdx.x][1];  // NOLINT(bankcheck-bank-*)
    v += tile[threadIdx.x][2];  // NOLINT(bankcheck-unknown): another check, still reported expected-warning {{8-way bank conflict on load from 'tile' (32 wavefronts per warp, ideal 4)}} expected-note {{block 32x32x1}} expected-note {{worst case: warp 0: lanes 0-7 touch 8 different words of bank 0}} expected-note {{merged with the accesses at line 12, 15 into one 128-bit load}}
    // NOLINTNEXTLINE(bankcheck-bank-conflict)
    v += tile[threadIdx.x][3];
    // NOLINTBEGIN(bankcheck-bank-conflict)
    v += tile[threadIdx.x][4];
    v += tile[threadIdx.x][5];
    // NOLINTEND(bankcheck-bank-conflict)
    v += tile[threadIdx.x][6];  // expected-warning {{8-way bank conflict}} expected-note {{block 32x32x1}} expected-note {{bank 4}} expected-note {{merged with the accesses at line 17, 18}}
    out[threadIdx.y * 32 + threadIdx.x] = v;
}

// NOLINTBEGIN(bankcheck-unknown) expected-error {{unmatched 'NOLINTBEGIN' comment without a subsequent 'NOLINTEND' comment}}
void run(float* out, const float* in) { transposeReads<<<1, dim3(32, 32)>>>(out, in); }
