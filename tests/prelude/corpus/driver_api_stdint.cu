// <cuda.h> includes <stdint.h> and <stdlib.h>, as the toolkit's does: DeepSpeed's kernels use
// uint8_t and uint32_t with no other include.
#include <cuda.h>

__global__ void unpack_bytes(const uint32_t* packed, uint8_t* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = static_cast<uint8_t>(packed[i / 4] >> (8 * (i % 4)));
}
