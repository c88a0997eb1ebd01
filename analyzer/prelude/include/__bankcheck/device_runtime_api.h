/* bankcheck CUDA prelude: the device-side runtime API (cuda_device_runtime_api.h): programmatic
 * dependent launch (cudaGridDependencySynchronize, cudaTriggerProgrammaticLaunchCompletion), and the
 * runtime functions a kernel may call under dynamic parallelism (cudaMalloc, cudaFree,
 * cudaGetLastError, cudaStreamCreateWithFlags, cudaMemcpyAsync ...) as __device__ overloads of the
 * host functions; also cudaRoundMode. Clang itself rejects a launch `k<<<...>>>` inside device
 * code ("reference to __global__ function in __global__ function"); these declarations only make
 * the rest of such a kernel parse. */
#ifndef __BANKCHECK_DEVICE_RUNTIME_API_H
#define __BANKCHECK_DEVICE_RUNTIME_API_H

#include "runtime_api.h"

enum cudaRoundMode { cudaRoundNearest, cudaRoundZero, cudaRoundPosInf, cudaRoundMinInf };

extern "C" {
__BC_D void cudaGridDependencySynchronize(void);
__BC_D void cudaTriggerProgrammaticLaunchCompletion(void);
__BC_D cudaError_t cudaConfigureCall(dim3, dim3, size_t = 0, cudaStream_t = 0);
__BC_D cudaError_t cudaDeviceGetAttribute(int*, enum cudaDeviceAttr, int);
__BC_D cudaError_t cudaDeviceGetLimit(size_t*, enum cudaLimit);
__BC_D cudaError_t cudaGetLastError(void);
__BC_D cudaError_t cudaPeekAtLastError(void);
__BC_D const char* cudaGetErrorString(cudaError_t);
__BC_D const char* cudaGetErrorName(cudaError_t);
__BC_D cudaError_t cudaGetDeviceCount(int*);
__BC_D cudaError_t cudaGetDevice(int*);
__BC_D cudaError_t cudaStreamCreateWithFlags(cudaStream_t*, unsigned int);
__BC_D cudaError_t cudaStreamDestroy(cudaStream_t);
__BC_D cudaError_t cudaStreamWaitEvent(cudaStream_t, cudaEvent_t, unsigned int);
__BC_D cudaError_t cudaEventCreateWithFlags(cudaEvent_t*, unsigned int);
__BC_D cudaError_t cudaEventRecord(cudaEvent_t, cudaStream_t);
__BC_D cudaError_t cudaEventDestroy(cudaEvent_t);
__BC_D cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes*, const void*);
__BC_D cudaError_t cudaFree(void*);
__BC_D cudaError_t cudaMalloc(void**, size_t);
__BC_D cudaError_t cudaMemcpyAsync(void*, const void*, size_t, enum cudaMemcpyKind, cudaStream_t);
__BC_D cudaError_t cudaMemcpy2DAsync(void*, size_t, const void*, size_t, size_t, size_t,
                                     enum cudaMemcpyKind, cudaStream_t);
__BC_D cudaError_t cudaMemsetAsync(void*, int, size_t, cudaStream_t);
__BC_D cudaError_t cudaMemset2DAsync(void*, size_t, int, size_t, size_t, cudaStream_t);
__BC_D cudaError_t cudaRuntimeGetVersion(int*);
__BC_D cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int*, const void*, int, size_t);
__BC_D void* cudaGetParameterBuffer(size_t, size_t);
__BC_D cudaError_t cudaLaunchDevice(void*, void*, dim3, dim3, unsigned int, cudaStream_t);
} /* extern "C" */
template <class __T> __BC_D __inline__ cudaError_t cudaMalloc(__T** __p, size_t __s) {
  return ::cudaMalloc((void**)(void*)__p, __s);
}

#endif /* __BANKCHECK_DEVICE_RUNTIME_API_H */
