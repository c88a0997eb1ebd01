/* bankcheck CUDA prelude: shadow of <cuda.h>, the driver API. Only the version macro, the handle
 * types, the common entry points and the TMA tensor-map descriptor (CUtensorMap, passed to Hopper
 * kernels as a __grid_constant__ parameter) are declared. */
#ifndef __BANKCHECK_CUDA_H
#define __BANKCHECK_CUDA_H
#define __cuda_cuda_h__ /* the toolkit header's own guard, which libraries test */

#include "__bankcheck_prelude.h"
/* The toolkit's cuda.h includes both; code relies on it for uint8_t, uint32_t ... (DeepSpeed). */
#include <stdlib.h>
#include <stdint.h>

#ifndef CUDA_VERSION
#define CUDA_VERSION CUDART_VERSION
#endif

typedef unsigned int cuuint32_t;
typedef unsigned long long cuuint64_t;
typedef unsigned long long CUdeviceptr;
typedef int CUdevice;
typedef struct CUctx_st* CUcontext;
typedef struct CUmod_st* CUmodule;
typedef struct CUfunc_st* CUfunction;
typedef struct CUstream_st* CUstream;
typedef struct CUevent_st* CUevent;
/* Texture and surface objects of the driver API (64-bit handles, as in CUDA 13). */
typedef unsigned long long CUtexObject;
typedef unsigned long long CUsurfObject;

typedef enum cudaError_enum {
  CUDA_SUCCESS = 0, CUDA_ERROR_INVALID_VALUE = 1, CUDA_ERROR_OUT_OF_MEMORY = 2,
  CUDA_ERROR_NOT_INITIALIZED = 3, CUDA_ERROR_DEINITIALIZED = 4, CUDA_ERROR_NO_DEVICE = 100,
  CUDA_ERROR_INVALID_DEVICE = 101, CUDA_ERROR_INVALID_CONTEXT = 201, CUDA_ERROR_NOT_FOUND = 500,
  CUDA_ERROR_NOT_READY = 600, CUDA_ERROR_ILLEGAL_ADDRESS = 700, CUDA_ERROR_LAUNCH_FAILED = 719,
  CUDA_ERROR_NOT_SUPPORTED = 801, CUDA_ERROR_UNKNOWN = 999
} CUresult;

#define CU_TENSOR_MAP_NUM_QWORDS 16
typedef struct CUtensorMap_st {
  alignas(128) cuuint64_t opaque[CU_TENSOR_MAP_NUM_QWORDS];
} CUtensorMap;
typedef enum CUtensorMapDataType_enum {
  CU_TENSOR_MAP_DATA_TYPE_UINT8 = 0, CU_TENSOR_MAP_DATA_TYPE_UINT16, CU_TENSOR_MAP_DATA_TYPE_UINT32,
  CU_TENSOR_MAP_DATA_TYPE_INT32, CU_TENSOR_MAP_DATA_TYPE_UINT64, CU_TENSOR_MAP_DATA_TYPE_INT64,
  CU_TENSOR_MAP_DATA_TYPE_FLOAT16, CU_TENSOR_MAP_DATA_TYPE_FLOAT32, CU_TENSOR_MAP_DATA_TYPE_FLOAT64,
  CU_TENSOR_MAP_DATA_TYPE_BFLOAT16, CU_TENSOR_MAP_DATA_TYPE_FLOAT32_FTZ,
  CU_TENSOR_MAP_DATA_TYPE_TFLOAT32, CU_TENSOR_MAP_DATA_TYPE_TFLOAT32_FTZ,
  CU_TENSOR_MAP_DATA_TYPE_16U4_ALIGN8B, CU_TENSOR_MAP_DATA_TYPE_16U4_ALIGN16B,
  CU_TENSOR_MAP_DATA_TYPE_16U6_ALIGN16B
} CUtensorMapDataType;
typedef enum CUtensorMapInterleave_enum {
  CU_TENSOR_MAP_INTERLEAVE_NONE = 0, CU_TENSOR_MAP_INTERLEAVE_16B, CU_TENSOR_MAP_INTERLEAVE_32B
} CUtensorMapInterleave;
typedef enum CUtensorMapSwizzle_enum {
  CU_TENSOR_MAP_SWIZZLE_NONE = 0, CU_TENSOR_MAP_SWIZZLE_32B, CU_TENSOR_MAP_SWIZZLE_64B,
  CU_TENSOR_MAP_SWIZZLE_128B, CU_TENSOR_MAP_SWIZZLE_128B_ATOM_32B,
  CU_TENSOR_MAP_SWIZZLE_128B_ATOM_32B_FLIP_8B, CU_TENSOR_MAP_SWIZZLE_128B_ATOM_64B
} CUtensorMapSwizzle;
typedef enum CUtensorMapL2promotion_enum {
  CU_TENSOR_MAP_L2_PROMOTION_NONE = 0, CU_TENSOR_MAP_L2_PROMOTION_L2_64B,
  CU_TENSOR_MAP_L2_PROMOTION_L2_128B, CU_TENSOR_MAP_L2_PROMOTION_L2_256B
} CUtensorMapL2promotion;
typedef enum CUtensorMapFloatOOBfill_enum {
  CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE = 0, CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA
} CUtensorMapFloatOOBfill;

extern "C" {
__BC_H CUresult cuInit(unsigned int);
__BC_H CUresult cuDriverGetVersion(int*);
__BC_H CUresult cuDeviceGet(CUdevice*, int);
__BC_H CUresult cuDeviceGetCount(int*);
__BC_H CUresult cuGetErrorString(CUresult, const char**);
__BC_H CUresult cuGetErrorName(CUresult, const char**);
__BC_H CUresult cuCtxGetCurrent(CUcontext*);
__BC_H CUresult cuCtxSynchronize(void);
__BC_H CUresult cuModuleLoad(CUmodule*, const char*);
__BC_H CUresult cuModuleLoadData(CUmodule*, const void*);
__BC_H CUresult cuModuleGetFunction(CUfunction*, CUmodule, const char*);
/* cuLaunchKernel(f, gridDimX, gridDimY, gridDimZ, blockDimX, blockDimY, blockDimZ, sharedMemBytes,
 *                hStream, kernelParams, extra) */
__BC_H CUresult cuLaunchKernel(CUfunction, unsigned int, unsigned int, unsigned int, unsigned int,
                               unsigned int, unsigned int, unsigned int, CUstream, void**, void**);
/* cuTensorMapEncodeTiled(tensorMap, dataType, rank, globalAddress, globalDim, globalStrides,
 *                        boxDim, elementStrides, interleave, swizzle, l2Promotion, oobFill) */
__BC_H CUresult cuTensorMapEncodeTiled(CUtensorMap*, CUtensorMapDataType, cuuint32_t, void*,
                                       const cuuint64_t*, const cuuint64_t*, const cuuint32_t*,
                                       const cuuint32_t*, CUtensorMapInterleave, CUtensorMapSwizzle,
                                       CUtensorMapL2promotion, CUtensorMapFloatOOBfill);
} /* extern "C" */

#endif /* __BANKCHECK_CUDA_H */
