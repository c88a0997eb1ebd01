// Where shared arrays start in the block's shared window (the address `cvta.to.shared` gives and
// ld/st.shared use), for the layouts the bank model must place: dynamic memory alone, after static
// arrays of various sizes and alignments, with more than 48 KB. The bank of an access is
// (address / 4) % 32, so an array's start matters to swizzles written on the address
// (`addr ^ ((addr & 0x380) >> 3)`) that reach above 128 bytes.
// Usage: shared_base_probe   (prints one CSV row per kernel and array)
#include <cstdio>
#include <cstdint>
#include <cuda_fp16.h>

__device__ unsigned sharedAddress(const void* p) { return static_cast<unsigned>(__cvta_generic_to_shared(p)); }

__global__ void externOnly(unsigned* out) {
    extern __shared__ half dyn[];
    if (threadIdx.x == 0) out[0] = sharedAddress(dyn);
    dyn[threadIdx.x] = __float2half(1.f);
}

__global__ void externOnlyFloat4(unsigned* out) {
    extern __shared__ float4 dyn4[];
    if (threadIdx.x == 0) out[0] = sharedAddress(dyn4);
    dyn4[threadIdx.x] = make_float4(0.f, 0.f, 0.f, 0.f);
}

__global__ void staticSmallThenExtern(unsigned* out) {
    __shared__ float small[5];
    extern __shared__ half dyn[];
    small[threadIdx.x % 5] = 1.f;
    dyn[threadIdx.x] = __float2half(small[(threadIdx.x + 1) % 5]);
    if (threadIdx.x == 0) { out[0] = sharedAddress(small); out[1] = sharedAddress(dyn); }
}

__global__ void twoStatic(unsigned* out) {
    __shared__ float a[3];
    __shared__ double b[7];
    a[threadIdx.x % 3] = 1.f;
    b[threadIdx.x % 7] = a[(threadIdx.x + 1) % 3];
    if (threadIdx.x == 0) { out[0] = sharedAddress(a); out[1] = sharedAddress(b); out[2] = static_cast<unsigned>(b[1]); }
}

__global__ void staticOddThenExtern(unsigned* out) {
    __shared__ char odd[1000];
    extern __shared__ float dynf[];
    odd[threadIdx.x % 1000] = 1;
    dynf[threadIdx.x] = odd[(threadIdx.x + 3) % 1000];
    if (threadIdx.x == 0) { out[0] = sharedAddress(odd); out[1] = sharedAddress(dynf); }
}

__global__ void alignedStatic(unsigned* out) {
    __shared__ float lead[3];
    __shared__ __align__(1024) half tile[64 * 64];
    lead[threadIdx.x % 3] = 1.f;
    tile[threadIdx.x] = __float2half(lead[(threadIdx.x + 1) % 3]);
    if (threadIdx.x == 0) { out[0] = sharedAddress(lead); out[1] = sharedAddress(tile); }
}

__global__ void bigExtern(unsigned* out) {
    extern __shared__ half dyn[];
    if (threadIdx.x == 0) out[0] = sharedAddress(dyn);
    dyn[threadIdx.x + 40000] = __float2half(1.f);
}

// An alignment declared on dynamic memory that follows static arrays (2026-12-08): whether its start
// honors it, as a swizzle written on the address needs (docs/advisor.md, "Paddings taken out of
// copied tiles"): 20 bytes, 1,000 bytes and 2,560 bytes (flash attention's row statistics) before it.
__global__ void staticSmallThenAlignedExtern(unsigned* out) {
    __shared__ float small2[5];
    extern __shared__ __align__(1024) half dynAligned[];
    small2[threadIdx.x % 5] = 1.f;
    dynAligned[threadIdx.x] = __float2half(small2[(threadIdx.x + 1) % 5]);
    if (threadIdx.x == 0) { out[0] = sharedAddress(small2); out[1] = sharedAddress(dynAligned); }
}

__global__ void staticOddThenAligned128Extern(unsigned* out) {
    __shared__ char odd2[1000];
    extern __shared__ __align__(128) float dynAligned128[];
    odd2[threadIdx.x % 1000] = 1;
    dynAligned128[threadIdx.x] = odd2[(threadIdx.x + 3) % 1000];
    if (threadIdx.x == 0) { out[0] = sharedAddress(odd2); out[1] = sharedAddress(dynAligned128); }
}

__global__ void rowStatsThenAlignedExtern(unsigned* out) {
    __shared__ float rowMax[64][5];
    __shared__ float rowSum[64][5];
    extern __shared__ __align__(1024) half tiles[];
    rowMax[threadIdx.x % 64][threadIdx.x % 5] = 1.f;
    rowSum[threadIdx.x % 64][threadIdx.x % 5] = 2.f;
    tiles[threadIdx.x] = __float2half(rowMax[(threadIdx.x + 1) % 64][0] + rowSum[(threadIdx.x + 2) % 64][1]);
    if (threadIdx.x == 0) { out[0] = sharedAddress(rowMax); out[1] = sharedAddress(rowSum); out[2] = sharedAddress(tiles); }
}

#define CHECK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("error,%s,%s\n", #x, cudaGetErrorString(e)); return 1; } } while (0)

template <typename K>
int run(const char* name, K kernel, int dynamicBytes, int outputs, const char* const* arrays) {
    unsigned* d = nullptr;
    CHECK(cudaMalloc(&d, 16 * sizeof(unsigned)));
    if (dynamicBytes > 48 * 1024) CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, dynamicBytes));
    kernel<<<2, 128, dynamicBytes>>>(d);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    unsigned h[16];
    CHECK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
    for (int i = 0; i < outputs; ++i) printf("%s,%d,%s,%u,0x%x,%u\n", name, dynamicBytes, arrays[i], h[i], h[i], h[i] % 1024);
    cudaFree(d);
    return 0;
}

int main() {
    printf("kernel,dynamic_bytes,array,shared_address,hex,mod_1024\n");
    const char* dyn[] = {"dyn"};
    const char* dyn4[] = {"dyn4"};
    const char* smallDyn[] = {"small", "dyn"};
    const char* ab[] = {"a", "b"};
    const char* oddDyn[] = {"odd", "dynf"};
    const char* leadTile[] = {"lead", "tile"};
    int rc = 0;
    for (int bytes : {1024, 16384, 49152}) rc |= run("externOnly", externOnly, bytes, 1, dyn);
    rc |= run("externOnlyFloat4", externOnlyFloat4, 4096, 1, dyn4);
    rc |= run("staticSmallThenExtern", staticSmallThenExtern, 1024, 2, smallDyn);
    rc |= run("twoStatic", twoStatic, 0, 2, ab);
    rc |= run("staticOddThenExtern", staticOddThenExtern, 4096, 2, oddDyn);
    rc |= run("alignedStatic", alignedStatic, 0, 2, leadTile);
    rc |= run("bigExtern", bigExtern, 100 * 1024, 1, dyn);
    const char* smallAligned[] = {"small2", "dynAligned"};
    const char* oddAligned[] = {"odd2", "dynAligned128"};
    const char* statsTiles[] = {"rowMax", "rowSum", "tiles"};
    rc |= run("staticSmallThenAlignedExtern", staticSmallThenAlignedExtern, 8192, 2, smallAligned);
    rc |= run("staticOddThenAligned128Extern", staticOddThenAligned128Extern, 4096, 2, oddAligned);
    rc |= run("rowStatsThenAlignedExtern", rowStatsThenAlignedExtern, 16384, 3, statsTiles);
    return rc;
}
