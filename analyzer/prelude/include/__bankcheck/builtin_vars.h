/* bankcheck CUDA prelude: the built-in index variables (CUDA's device_launch_parameters.h).
 *
 * Deliberately plain declarations, not Clang's __clang_cuda_builtin_vars.h property structs:
 * bankcheck's front end recognizes `threadIdx.x` as a MemberExpr on a DeclRefExpr to the VarDecl
 * `threadIdx` declared here (see docs/prelude.md). Do not rename or wrap them. */
#ifndef __BANKCHECK_BUILTIN_VARS_H
#define __BANKCHECK_BUILTIN_VARS_H

#include "vector_types.h"

extern const __device__ uint3 threadIdx;
extern const __device__ uint3 blockIdx;
extern const __device__ dim3 blockDim;
extern const __device__ dim3 gridDim;
/* A constant here (nvcc has a read-only variable): it is 32 on every NVIDIA architecture. */
constexpr int warpSize = 32;

#endif /* __BANKCHECK_BUILTIN_VARS_H */
