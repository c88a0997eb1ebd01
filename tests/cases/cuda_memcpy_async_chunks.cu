// The single-thread cuda::memcpy_async(dst, src, size, pipeline or barrier) copies as libcu++ (CUDA
// 13) does: in chunks of the promised alignment, the larger of the element type's and an
// aligned_size_t's N (at most 16 bytes). A plain count of 16 bytes of floats is four 4-byte
// cp.async, not one 16-byte copy, and not a bulk copy even with a barrier; below 4 bytes the
// library copies with plain loads and stores.
#include <cuda/barrier>
#include <cuda/pipeline>

__global__ void __launch_bounds__(32) chunks(const float* g, const char* bytes, float* out) {
    __shared__ __align__(16) float planes[32 * 4];
    __shared__ __align__(16) float whole[32 * 4];
    __shared__ char text[32 * 4];
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    const int t = threadIdx.x;
    if (t == 0) init(&bar, blockDim.x);  // expected-remark {{call to 'init' with a pointer into 'bar' not analyzed}}
    __syncthreads();
    cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
    pipe.producer_acquire();
    // Four 4-byte copies per lane from one 128-byte global line (lanes t, t + 8, t + 16, t + 24 read
    // the same 16 bytes), 16 bytes apart in shared memory: lanes t and t + 8 write one bank.
    cuda::memcpy_async(&planes[t * 4], &g[(t % 8) * 4], sizeof(float4), pipe);  // expected-warning {{4-way bank conflict on cp.async into 'planes' (4 wavefronts per warp, ideal 1)}} expected-warning {{4-way bank conflict on cp.async into 'planes' (4 wavefronts per warp, ideal 1)}} expected-warning {{4-way bank conflict on cp.async into 'planes' (4 wavefronts per warp, ideal 1)}} expected-warning {{4-way bank conflict on cp.async into 'planes' (4 wavefronts per warp, ideal 1)}}
    // Promised 16 bytes: one 16-byte copy per lane (from contiguous lines), 4 wavefronts, the
    // least 512 bytes take.
    cuda::memcpy_async(&whole[t * 4], &g[t * 4], cuda::aligned_size_t<16>(16), pipe);
    pipe.producer_commit();
    // With a barrier, a plain count of floats is still four 4-byte copies, not a bulk copy.
    cuda::memcpy_async(&planes[t * 4], &g[(t % 8) * 4], sizeof(float4), bar);  // expected-warning {{4-way bank conflict on cp.async into 'planes' (4 wavefronts per warp, ideal 1)}} expected-warning {{4-way bank conflict on cp.async into 'planes' (4 wavefronts per warp, ideal 1)}} expected-warning {{4-way bank conflict on cp.async into 'planes' (4 wavefronts per warp, ideal 1)}} expected-warning {{4-way bank conflict on cp.async into 'planes' (4 wavefronts per warp, ideal 1)}}
    // chars: byte stores, four per lane.
    cuda::memcpy_async(&text[t * 4], &bytes[t * 4], 4, bar);
    bar.arrive_and_wait();
    pipe.consumer_wait();
    __syncthreads();
    out[t] = planes[t] + whole[t] + text[t];
}

void run(const float* g, const char* b, float* o) { chunks<<<1, 32>>>(g, b, o); }
