// Block shapes from the host code as written: every idiom of the issue "Real code: compute every
// shared-memory access", each on its own kernel. No --block flag and no annotation.
//
// IR-KERNEL: reassigned block=16x16x1 source=launch at host_launches.cu:95
// IR-KERNEL: braced block=32x8x1 source=launch at host_launches.cu:97
// IR-KERNEL: constLocals block=64x4x1 source=launch at host_launches.cu:100
// IR-KERNEL: members block=32x4x1 source=launch at host_launches.cu:104
// IR-KERNEL: throughReference block=8x32x1 source=launch at host_launches.cu:107
// IR-KERNEL: throughPointer block=128x1x1 source=launch at host_launches.cu:111
// IR-KERNEL: wrapped block=32x16x1 source=launch at host_launches.cu:82 (called at host_launches.cu:112)
// IR-KERNEL: byArch block=256x1x1 source=launch at host_launches.cu:89 (called at host_launches.cu:113)
// IR-KERNEL: viaPointer block=96x1x1 source=launch at host_launches.cu:116
// IR-KERNEL: fromTable0 block=64x1x1,512x1x1 source=launch at host_launches.cu:120
// IR-KERNEL: fromTable1 block=64x1x1,512x1x1 source=launch at host_launches.cu:120
// IR-KERNEL: tiled<16> block=16x16x1 source=launch at host_launches.cu:124
// IR-KERNEL: tiled<32> block=32x32x1 source=launch at host_launches.cu:125
// IR-KERNEL: tiled<8> block=8x8x1 source=launch at host_launches.cu:130
// IR-KERNEL: tiled<4> block=4x4x1 source=launch at host_launches.cu:131
// IR-KERNEL: everyLaunch block=32x1x1,64x1x1,128x1x1 source=launch at host_launches.cu:135
// IR-KERNEL: sizedByArgument block=128x1x1 source=launch at host_launches.cu:140
// IR-KERNEL: inCheckingMacro block=64x2x1 source=launch
// IR-KERNEL: dispatched<256> block=256x1x1 source=launch
// IR-KERNEL: dispatched<128> block=128x1x1 source=launch
// IR-KERNEL: notLaunched1D block=32x1x1,64x1x1,128x1x1,256x1x1 source=assumed
// IR-KERNEL: notLaunched2D block=32x1x1,32x2x1,32x4x1,32x8x1,32x16x1,32x32x1 source=assumed
#include <cuda_runtime.h>
#include <initializer_list>

__global__ void reassigned(float* o) { __shared__ float s[32][33]; s[threadIdx.y][threadIdx.x] = 0; o[0] = s[threadIdx.x][threadIdx.y]; }  // IR: store s w=4 at(1,2)=268 // IR: load s w=4 at(1,2)=140
__global__ void braced(float* o) { __shared__ float s[256]; s[threadIdx.x] = 0; o[0] = s[threadIdx.y]; }  // IR: store s w=4 at(3,1)=12 // IR: load s w=4 at(3,1)=4
__global__ void constLocals(float* o) { __shared__ float s[256]; s[threadIdx.x] = 0; o[0] = s[threadIdx.y]; }  // IR: store s w=4 at(3,1)=12 // IR: load s w=4 at(3,1)=4
__global__ void members(float* o) { __shared__ float s[256]; s[threadIdx.x] = 0; o[0] = s[threadIdx.y]; }  // IR: store s w=4 at(3,1)=12 // IR: load s w=4 at(3,1)=4
__global__ void throughReference(float* o) { __shared__ float s[256]; s[threadIdx.x] = 0; o[0] = s[threadIdx.y]; }  // IR: store s w=4 at(3,1)=12 // IR: load s w=4 at(3,1)=4
__global__ void throughPointer(float* o) { __shared__ float s[256]; s[threadIdx.x] = 0; o[0] = s[0]; }  // IR: store s w=4 at(3,1)=12 // IR: load s w=4 at(3,1)=0
__global__ void wrapped(float* o) { __shared__ float s[256]; s[threadIdx.x] = 0; o[0] = s[threadIdx.y]; }  // IR: store s w=4 at(3,1)=12 // IR: load s w=4 at(3,1)=4
__global__ void byArch(float* o) { __shared__ float s[256]; s[threadIdx.x] = 0; o[0] = s[0]; }  // IR: store s w=4 at(3,1)=12 // IR: load s w=4 at(3,1)=0
__global__ void viaPointer(float* o) { __shared__ float s[256]; s[threadIdx.x] = 0; o[0] = s[0]; }  // IR: store s w=4 at(3,1)=12 // IR: load s w=4 at(3,1)=0
__global__ void fromTable0(float* o) { __shared__ float s[512]; s[threadIdx.x] = 0; o[0] = s[0]; }  // IR: store s w=4 at(3,1)=12 // IR: load s w=4 at(3,1)=0
__global__ void fromTable1(float* o) { __shared__ float s[512]; s[threadIdx.x] = 0; o[0] = s[0]; }  // IR: store s w=4 at(3,1)=12 // IR: load s w=4 at(3,1)=0

template <int T>
__global__ void tiled(float* o) {
    __shared__ float t[T][T];
    t[threadIdx.y][threadIdx.x] = 0;  // IR: store t w=4 at(0,0)=0
    o[0] = t[threadIdx.x][threadIdx.y];  // IR: load t w=4 at(0,0)=0
}

__global__ void everyLaunch(float* o) { __shared__ float s[1024]; s[threadIdx.x] = 0; o[0] = s[0]; }  // IR: store s w=4 at(3,1)=12 // IR: load s w=4 at(3,1)=0

// The argument every launch passes: `stride` is 33 inside the kernel.
__global__ void sizedByArgument(float* o, int stride) {
    __shared__ float s[128 * 33];
    s[threadIdx.x * stride] = 0;  // IR: store s w=4 at(2,0)=264
    o[0] = s[0];  // IR: load s w=4 at(1,0)=0
}

__global__ void notLaunched1D(float* o) { __shared__ float s[256]; s[threadIdx.x] = 0; o[0] = s[0]; }  // IR: store s w=4 at(3,1)=12 // IR: load s w=4 at(3,1)=0
__global__ void notLaunched2D(float* o) {
    __shared__ float t[32][33];
    t[threadIdx.y][threadIdx.x] = 0;  // IR: store t w=4 at(1,1)=136
    o[0] = t[threadIdx.x][threadIdx.y];  // IR: load t w=4 at(1,0)=132
}

__global__ void inCheckingMacro(float* o) { __shared__ float s[256]; s[threadIdx.x] = 0; o[0] = s[threadIdx.y]; }  // IR: store s w=4 at(3,1)=12 // IR: load s w=4 at(3,1)=4

// A launch inside a do { } while (0) macro, from a struct whose other field is not known.
int currentStream();
struct StreamedConfig { dim3 block; int stream; };
#define LAUNCH_CHECKED(kernel, cfg, out) do { kernel<<<1, (cfg).block>>>(out); } while (0)
void launchChecked(float* o) {
    StreamedConfig c = {dim3(64, 2), currentStream()};
    LAUNCH_CHECKED(inCheckingMacro, c, o);
}

struct LaunchParams {
    dim3 grid, block;
    size_t smem;
    LaunchParams(dim3 g, dim3 b, size_t s) : grid(g), block(b), smem(s) {}
};
template <class Kernel>
void launchWith(Kernel k, const LaunchParams& p, float* o) {
    k<<<p.grid, p.block, p.smem>>>(o);
}
void setRows(dim3& b, unsigned rows) { b.y = rows; }
int threadsFor(int major) { return major >= 8 ? 256 : 128; }
void launchForDevice(float* o) {
    cudaDeviceProp prop;
    cudaGetDeviceProperties(&prop, 0);
    byArch<<<1, threadsFor(prop.major)>>>(o);
}

void host(float* o, int n, int which) {
    n = 16;
    dim3 b1(n, n);
    reassigned<<<1, b1>>>(o);
    dim3 b2{32, 8};
    braced<<<1, b2>>>(o);
    const int W = 64;
    constexpr int H = 4;
    constLocals<<<1, dim3(W, H)>>>(o);
    dim3 b3;
    b3.x = 32;
    b3.y = 4;
    members<<<1, b3>>>(o);
    dim3 b4(8);
    setRows(b4, 32);
    throughReference<<<1, b4>>>(o);
    dim3 b5(64);
    dim3* p5 = &b5;
    p5->x = 128;
    throughPointer<<<1, b5>>>(o);
    launchWith(wrapped, LaunchParams(dim3(1), dim3(32, 16), 0), o);
    launchForDevice(o);

    void (*fp)(float*) = viaPointer;
    fp<<<1, 96>>>(o);

    void (*table[])(float*) = {fromTable0, fromTable1};
    for (int t : {64, 512})
        table[which]<<<1, t>>>(o);

    int tile = which ? 16 : 32;
    switch (tile) {
        case 16: tiled<16><<<1, dim3(tile, tile)>>>(o); break;
        case 32: tiled<32><<<1, dim3(tile, tile)>>>(o); break;
        default: break;
    }
    if (n == 16) {
        int t = which;
        if (t == 8) tiled<8><<<1, dim3(t, t)>>>(o);
        else if (t == 4) tiled<4><<<1, dim3(t, t)>>>(o);
    }
    int sizes[] = {32, 64, 128};
    for (int i = 0; i < 3; ++i)
        everyLaunch<<<1, sizes[i]>>>(o);

    int stride = 32;
    ++stride;
    for (int rep = 0; rep < 2; ++rep)
        sizedByArgument<<<1, 128>>>(o, stride);
}

// The block is built from `threads` before the switch that tests it: each case binds it.
template <int N>
__global__ void dispatched(float* o) { __shared__ float s[N]; s[threadIdx.x] = 0; o[0] = s[0]; }  // IR: store s w=4 at(3,0)=12 // IR: load s w=4 at(3,0)=0
void dispatch(float* o, int threads) {
    dim3 block(threads, 1, 1);
    switch (threads) {
        case 256: dispatched<256><<<1, block>>>(o); break;
        case 128: dispatched<128><<<1, block>>>(o); break;
    }
}
