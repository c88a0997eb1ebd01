/* bankcheck CUDA prelude: shadows cufft.h (cuFFT host API): cufftResult, cufftType, cufftHandle,
 * cufftReal/cufftComplex/cufftDoubleComplex (float, float2, double2 as in CUDA), CUFFT_FORWARD/
 * CUFFT_INVERSE, the plan, exec, stream and destroy functions. */
#ifndef __BANKCHECK_CUFFT_H
#define __BANKCHECK_CUFFT_H
#define _CUFFT_H_ /* the toolkit header's own guard, which libraries test */

#include "cuComplex.h"

enum cufftResult_t {
  CUFFT_SUCCESS = 0, CUFFT_INVALID_PLAN = 1, CUFFT_ALLOC_FAILED = 2, CUFFT_INVALID_TYPE = 3,
  CUFFT_INVALID_VALUE = 4, CUFFT_INTERNAL_ERROR = 5, CUFFT_EXEC_FAILED = 6, CUFFT_SETUP_FAILED = 7,
  CUFFT_INVALID_SIZE = 8, CUFFT_UNALIGNED_DATA = 9, CUFFT_INVALID_DEVICE = 11, CUFFT_NO_WORKSPACE = 13,
  CUFFT_NOT_IMPLEMENTED = 14, CUFFT_NOT_SUPPORTED = 16, CUFFT_MISSING_DEPENDENCY = 17,
  CUFFT_NVRTC_FAILURE = 18, CUFFT_NVJITLINK_FAILURE = 19, CUFFT_NVSHMEM_FAILURE = 20
};
typedef enum cufftResult_t cufftResult;
typedef enum cufftType_t {
  CUFFT_R2C = 0x2a, CUFFT_C2R = 0x2c, CUFFT_C2C = 0x29, CUFFT_D2Z = 0x6a, CUFFT_Z2D = 0x6c, CUFFT_Z2Z = 0x69
} cufftType;
#define CUFFT_FORWARD -1
#define CUFFT_INVERSE 1
typedef int cufftHandle;
typedef float cufftReal;
typedef double cufftDoubleReal;
typedef cuComplex cufftComplex;
typedef cuDoubleComplex cufftDoubleComplex;

extern "C" {
__BC_H cufftResult cufftPlan1d(cufftHandle*, int, cufftType, int);
__BC_H cufftResult cufftPlan2d(cufftHandle*, int, int, cufftType);
__BC_H cufftResult cufftPlan3d(cufftHandle*, int, int, int, cufftType);
__BC_H cufftResult cufftPlanMany(cufftHandle*, int, int*, int*, int, int, int*, int, int, cufftType, int);
__BC_H cufftResult cufftCreate(cufftHandle*);
__BC_H cufftResult cufftMakePlan1d(cufftHandle, int, cufftType, int, size_t*);
__BC_H cufftResult cufftMakePlan2d(cufftHandle, int, int, cufftType, size_t*);
__BC_H cufftResult cufftMakePlanMany(cufftHandle, int, int*, int*, int, int, int*, int, int, cufftType, int,
                                     size_t*);
__BC_H cufftResult cufftExecC2C(cufftHandle, cufftComplex*, cufftComplex*, int);
__BC_H cufftResult cufftExecR2C(cufftHandle, cufftReal*, cufftComplex*);
__BC_H cufftResult cufftExecC2R(cufftHandle, cufftComplex*, cufftReal*);
__BC_H cufftResult cufftExecZ2Z(cufftHandle, cufftDoubleComplex*, cufftDoubleComplex*, int);
__BC_H cufftResult cufftExecD2Z(cufftHandle, cufftDoubleReal*, cufftDoubleComplex*);
__BC_H cufftResult cufftExecZ2D(cufftHandle, cufftDoubleComplex*, cufftDoubleReal*);
__BC_H cufftResult cufftSetStream(cufftHandle, cudaStream_t);
__BC_H cufftResult cufftGetSize(cufftHandle, size_t*);
__BC_H cufftResult cufftSetAutoAllocation(cufftHandle, int);
__BC_H cufftResult cufftSetWorkArea(cufftHandle, void*);
__BC_H cufftResult cufftDestroy(cufftHandle);
__BC_H cufftResult cufftGetVersion(int*);
} /* extern "C" */

#endif /* __BANKCHECK_CUFFT_H */
