// A PyTorch extension on a machine without PyTorch: bankcheck's stand-ins declare the part of its
// C++ API that the host code uses (tensors, the AT_DISPATCH macros, the current stream), so the
// kernels are instantiated and launched as in a real build: one instance per dispatched type, and
// one per head size a switch picks, each with the block shape its launch gives.
#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>

template <typename scalar_t>
__global__ void transposeTile(const scalar_t* in, scalar_t* out) {
  __shared__ scalar_t tile[32][32];
  tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];  // expected-warning {{16-way bank conflict on load from 'tile' in 'transposeTile<double>'}} expected-note {{block 32x32x1 (launch at torch_extension_standin.cu:23 (called at torch_extension_standin.cu:22))}} expected-note {{swizzle 'tile'}} expected-warning {{32-way bank conflict on load from 'tile' in 'transposeTile<float>' (32 wavefronts per warp, ideal 1)}} expected-note {{block 32x32x1 (launch at torch_extension_standin.cu:23}} expected-warning {{16-way bank conflict on load from 'tile' in 'transposeTile<c10::Half>' (16 wavefronts per warp, ideal 1)}} expected-note {{block 32x32x1 (launch at torch_extension_standin.cu:23}}
}

torch::Tensor transpose(const torch::Tensor& input) {
  TORCH_CHECK(input.is_cuda(), "input must be a CUDA tensor");
  const at::cuda::OptionalCUDAGuard guard(input.device());
  auto output = torch::empty_like(input);
  const dim3 block(32, 32);
  AT_DISPATCH_FLOATING_TYPES_AND_HALF(input.scalar_type(), "transpose", [&] {
    transposeTile<scalar_t><<<1, block, 0, at::cuda::getCurrentCUDAStream()>>>(input.data_ptr<scalar_t>(),
                                                                              output.data_ptr<scalar_t>());
  });
  C10_CUDA_KERNEL_LAUNCH_CHECK();
  return output;
}

template <int kHeadDim>
__global__ void rowsOfHead(const float* in, float* out) {
  __shared__ float rows[8][kHeadDim];
  rows[threadIdx.x % 8][threadIdx.x / 8] = in[threadIdx.x];  // expected-warning {{8-way bank conflict on store to 'rows' in 'rowsOfHead<32>'}} expected-note {{block 256x1x1 (launch at torch_extension_standin.cu:40)}} expected-note {{pad 'rows' to rows[8][kHeadDim + 4]}} expected-warning {{8-way bank conflict on store to 'rows' in 'rowsOfHead<64>'}} expected-note {{block 512x1x1 (launch at torch_extension_standin.cu:40)}}
  __syncthreads();
  out[threadIdx.x] = rows[threadIdx.x / kHeadDim][threadIdx.x % kHeadDim];
}

template <int kHeadDim>
void launchRows(torch::Tensor in, torch::Tensor out) {
  rowsOfHead<kHeadDim><<<in.size(0), 8 * kHeadDim>>>(in.data_ptr<float>(), out.data_ptr<float>());
}

void rows(torch::Tensor in, torch::Tensor out) {
  switch (in.size(1)) {
    case 32: launchRows<32>(in, out); break;
    case 64: launchRows<64>(in, out); break;
    default: throw std::runtime_error("head size not supported");
  }
}

// Kernels that take tensor accessors: indexing one reads global memory.
template <typename scalar_t>
__global__ void rowsFromAccessor(const torch::PackedTensorAccessor32<scalar_t, 2, torch::RestrictPtrTraits> in, scalar_t* out) {
  __shared__ scalar_t s[32][33];
  s[threadIdx.x][threadIdx.y] = in[threadIdx.y][threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.y][threadIdx.x];
}

void rowsOfAccessor(torch::Tensor in, torch::Tensor out) {
  AT_DISPATCH_FLOATING_TYPES(in.scalar_type(), "rows", ([&] {
    rowsFromAccessor<scalar_t><<<1, dim3(32, 32)>>>(in.packed_accessor32<scalar_t, 2, torch::RestrictPtrTraits>(),
                                                     out.data_ptr<scalar_t>());
  }));
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
  m.def("transpose", &transpose, "transpose");
  m.def("rows", &rows, "rows");
}
