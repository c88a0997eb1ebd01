/* bankcheck hermetic CUDA prelude: compiler identification and CUDA qualifiers.
 *
 * Part of bankcheck's CUDA prelude (see docs/prelude.md). These headers stand in for the CUDA
 * toolkit headers when bankcheck parses CUDA with
 *   clang -x cuda --cuda-device-only -nocudainc -nocudalib -isystem <prelude>/include
 *         -include __bankcheck_prelude.h
 * They are written for Clang's CUDA mode only; they declare, they do not implement.
 */
#ifndef __BANKCHECK_CONFIG_H
#define __BANKCHECK_CONFIG_H

#if !defined(__CUDA__) || !defined(__clang__) || !defined(__cplusplus)
#error "the bankcheck CUDA prelude needs clang in CUDA mode (-x cuda)"
#endif

#define __BANKCHECK_PRELUDE__ 1

/* What nvcc 13.0 predefines. Defined before any standard header is seen: libstdc++ tests
 * __CUDACC__ to keep __float128 out of device code. __NVCC__ too: libraries choose their
 * qualifiers by it (`#if defined(__NVCC__) #define HD __host__ __device__ #else #define HD inline`,
 * mmcv's tensorview), and the code nvcc compiles is the code to analyze. */
#ifndef __NVCC__
#define __NVCC__ 1
#endif
#ifndef __CUDACC__
#define __CUDACC__ 1
#endif
#ifndef __CUDACC_VER_MAJOR__
#define __CUDACC_VER_MAJOR__ 13
#endif
#ifndef __CUDACC_VER_MINOR__
#define __CUDACC_VER_MINOR__ 0
#endif
#ifndef __CUDACC_VER_BUILD__
#define __CUDACC_VER_BUILD__ 88
#endif
#ifndef __CUDA_API_VER_MAJOR__
#define __CUDA_API_VER_MAJOR__ __CUDACC_VER_MAJOR__
#endif
#ifndef __CUDA_API_VER_MINOR__
#define __CUDA_API_VER_MINOR__ __CUDACC_VER_MINOR__
#endif
#if !defined(__CUDA_ARCH_LIST__) && defined(__CUDA_ARCH__)
#define __CUDA_ARCH_LIST__ __CUDA_ARCH__
#endif
/* CUDART_VERSION comes from cuda_runtime_api.h, CUDA_VERSION from cuda.h; nvcc includes the
 * former implicitly, so it is always there. */
#ifndef CUDART_VERSION
#define CUDART_VERSION (__CUDACC_VER_MAJOR__ * 1000 + __CUDACC_VER_MINOR__ * 10)
#endif
#ifndef __CUDART_API_VERSION
#define __CUDART_API_VERSION CUDART_VERSION
#endif

/* The include guards of the toolkit headers nvcc's implicit cuda_runtime.h brings in. Libraries
 * test them to know what is available (cuda-samples' helper_cuda.h defines checkCudaErrors only
 * #ifdef __DRIVER_TYPES_H__, findCudaDevice only #ifdef __CUDA_RUNTIME_H__). The shadow headers
 * define their own toolkit guard (__CUDA_FP16_H__, _COOPERATIVE_GROUPS_H_, ...). */
#define __CUDA_RUNTIME_H__
#define __CUDA_RUNTIME_API_H__
#define __DRIVER_TYPES_H__
#define __DRIVER_FUNCTIONS_H__
#define __HOST_DEFINES_H__
#define __BUILTIN_TYPES_H__
#define __DEVICE_TYPES_H__
#define __VECTOR_TYPES_H__
#define __VECTOR_FUNCTIONS_H__
#define __DEVICE_LAUNCH_PARAMETERS_H__
#define __CHANNEL_DESCRIPTOR_H__
#define __TEXTURE_TYPES_H__
#define __SURFACE_TYPES_H__
#define __CUDA_TEXTURE_TYPES_H__
#define __CUDA_SURFACE_TYPES_H__
#define __TEXTURE_FETCH_FUNCTIONS_H__
#define __SURFACE_FUNCTIONS_H__
#define __DEVICE_FUNCTIONS_H__
#define __DEVICE_ATOMIC_FUNCTIONS_H__
#define __MATH_FUNCTIONS_H__
#define __CUDA_DEVICE_RUNTIME_API_H__

/* Execution-space and memory-space qualifiers, as Clang spells them. */
#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
/* Clang implements `managed` for HIP only (it ignores it, with a warning, in CUDA), so a managed
 * variable is modelled as what it is on the device side: a __device__ variable. */
#define __managed__ __attribute__((device)) __attribute__((annotate("cuda::managed")))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
/* Clang 19 has no attribute for these; keep them visible to tools as annotations. */
#define __grid_constant__ __attribute__((annotate("cuda::grid_constant")))
#define __cluster_dims__(...) __attribute__((annotate("cuda::cluster_dims", __VA_ARGS__)))
#define __maxnreg__(N) __attribute__((annotate("cuda::maxnreg", N)))
/* __noinline__ is a keyword in Clang's CUDA mode: defining it as a macro would break
 * __attribute__((__noinline__)) in libstdc++, so it is deliberately left alone. */
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __inline_hint__
#define __align__(n) __attribute__((aligned(n)))
#define __builtin_align__(n) __attribute__((aligned(n)))
#define __thread__ __thread
#define __device_builtin__
#define __device_builtin_texture_type__
#define __device_builtin_surface_type__
#define __cudart_builtin__
#define CUDARTAPI
#define CUDARTAPI_CDECL
#define CUDAAPI
#define __CUDA_DEPRECATED __attribute__((deprecated))

/* Shorthands used inside the prelude only. */
#define __BC_D __attribute__((device))
/* A library function whose every call synchronizes the whole block (frontend/SyncEventExtractor.cpp). */
#define __BC_SYNCS_BLOCK __attribute__((annotate("bankcheck:synchronizes-block")))
#define __BC_HD __attribute__((host)) __attribute__((device))
#define __BC_H __attribute__((host))
#define __BC_DI __attribute__((device)) __inline__ __attribute__((always_inline))
#define __BC_HDI __attribute__((host)) __attribute__((device)) __inline__ __attribute__((always_inline))

/* `__shared__ alignas(16) float buf[N];` is accepted by nvcc and common in cp.async code (NVIDIA's
 * samples write it), but in Clang a C++11 attribute may not follow the GNU attribute that
 * __shared__ expands to. So alignas is re-spelled as the equivalent GNU attribute, which may
 * appear in that position. __bankcheck_alignas<X>() accepts a type or a constant expression, as
 * alignas does; the result is the same AlignedAttr in the AST. */
template <class __T>
constexpr __SIZE_TYPE__ __bankcheck_alignas() { return alignof(__T); }
template <__SIZE_TYPE__ __N>
constexpr __SIZE_TYPE__ __bankcheck_alignas() { return __N; }
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wkeyword-macro"
#define alignas(...) __attribute__((aligned(::__bankcheck_alignas<__VA_ARGS__>())))
#pragma clang diagnostic pop

typedef __SIZE_TYPE__ size_t;
typedef __PTRDIFF_TYPE__ ptrdiff_t;

#endif /* __BANKCHECK_CONFIG_H */
