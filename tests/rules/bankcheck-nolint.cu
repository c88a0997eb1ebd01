// Suppression comments, read as clang-tidy reads them: on the line, on the next line, and between
// a begin and an end comment, for every check or for the listed ones (globs). A begin comment left
// open is itself an error (bankcheck-nolint).
// ARGS: --checks=-*,bankcheck-bank-conflict,bankcheck-nolint --no-fix-suggestions
#include <cuda_runtime.h>

__global__ void transposeReads(float* out, const float* in) {
    __shared__ float tile[32][32];
    tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
    __syncthreads();
    float v = tile[threadIdx.x][threadIdx.y];  // NOLINT
    v += tile[threadIdx.x][1];  // NOLINT(bankcheck-bank-*)
    v += tile[threadIdx.x][2];  // NOLINT(bankcheck-unknown): another check, still reported expected-warning {{32-way bank conflict on load from 'tile'}} expected-note {{block 32x32x1}} expected-note {{worst case: warp 0: lanes 0-31 touch 32 different words of bank 2}}
    // NOLINTNEXTLINE(bankcheck-bank-conflict)
    v += tile[threadIdx.x][3];
    // NOLINTBEGIN(bankcheck-bank-conflict)
    v += tile[threadIdx.x][4];
    v += tile[threadIdx.x][5];
    // NOLINTEND(bankcheck-bank-conflict)
    v += tile[threadIdx.x][6];  // expected-warning {{32-way bank conflict}} expected-note {{block 32x32x1}} expected-note {{bank 6}}
    out[threadIdx.y * 32 + threadIdx.x] = v;
}

// NOLINTBEGIN(bankcheck-unknown) expected-error {{unmatched 'NOLINTBEGIN' comment without a subsequent 'NOLINTEND' comment}}
void run(float* out, const float* in) { transposeReads<<<1, dim3(32, 32)>>>(out, in); }
