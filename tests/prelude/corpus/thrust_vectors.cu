// Host code that allocates with Thrust's vectors and launches a kernel on the raw pointers: the
// prelude's thrust/host_vector.h and thrust/device_vector.h must let the launch compile.
#include <thrust/device_vector.h>
#include <thrust/host_vector.h>

__global__ void scale(float* out, const float* in, int n) {
    __shared__ float tile[256];
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    tile[threadIdx.x] = i < n ? in[i] : 0.0f;
    __syncthreads();
    if (i < n) out[i] = 2.0f * tile[threadIdx.x];
}

int run(int n) {
    thrust::host_vector<float> h_in(n, 1.0f);
    thrust::device_vector<float> d_in = h_in;
    thrust::device_vector<float> d_out(n);
    scale<<<(n + 255) / 256, 256>>>(thrust::raw_pointer_cast(d_out.data()), thrust::raw_pointer_cast(d_in.data()), n);
    thrust::host_vector<float> h_out = d_out;
    return h_out.size() == static_cast<size_t>(n) ? 0 : 1;
}
