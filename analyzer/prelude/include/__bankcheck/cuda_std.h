/* bankcheck CUDA prelude: cuda::std as an alias of the host standard library.
 * The <cuda/std/...> shadow headers include the real libstdc++ header and make its names
 * reachable as cuda::std::name. Unlike libcu++, the functions stay host functions: device code
 * can use what libstdc++ declares constexpr (Clang treats constexpr functions as
 * __host__ __device__): type traits, numeric_limits, std::array access, min/max, get, move,
 * forward ... but not, for example, std::swap in C++17. (Forcing __host__ __device__ on libstdc++
 * with `#pragma clang force_cuda_host_device` breaks later standard headers, so it is not done.) */
#ifndef __BANKCHECK_CUDA_STD_H
#define __BANKCHECK_CUDA_STD_H

namespace cuda {
namespace std {
using namespace ::std;
}  // namespace std
}  // namespace cuda

#endif /* __BANKCHECK_CUDA_STD_H */
