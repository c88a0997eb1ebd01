/* bankcheck CUDA prelude: shadows curand.h (cuRAND host API): curandStatus_t, curandRngType_t,
 * curandGenerator_t and the generator functions host code calls. */
#ifndef __BANKCHECK_CURAND_H
#define __BANKCHECK_CURAND_H
#define CURAND_H_ /* the toolkit header's own guard, which libraries test */

#include "__bankcheck_prelude.h"

enum curandStatus {
  CURAND_STATUS_SUCCESS = 0, CURAND_STATUS_VERSION_MISMATCH = 100, CURAND_STATUS_NOT_INITIALIZED = 101,
  CURAND_STATUS_ALLOCATION_FAILED = 102, CURAND_STATUS_TYPE_ERROR = 103, CURAND_STATUS_OUT_OF_RANGE = 104,
  CURAND_STATUS_LENGTH_NOT_MULTIPLE = 105, CURAND_STATUS_DOUBLE_PRECISION_REQUIRED = 106,
  CURAND_STATUS_LAUNCH_FAILURE = 201, CURAND_STATUS_PREEXISTING_FAILURE = 202,
  CURAND_STATUS_INITIALIZATION_FAILED = 203, CURAND_STATUS_ARCH_MISMATCH = 204,
  CURAND_STATUS_INTERNAL_ERROR = 999
};
typedef enum curandStatus curandStatus_t;
enum curandRngType {
  CURAND_RNG_TEST = 0, CURAND_RNG_PSEUDO_DEFAULT = 100, CURAND_RNG_PSEUDO_XORWOW = 101,
  CURAND_RNG_PSEUDO_MRG32K3A = 121, CURAND_RNG_PSEUDO_MTGP32 = 141, CURAND_RNG_PSEUDO_MT19937 = 142,
  CURAND_RNG_PSEUDO_PHILOX4_32_10 = 161, CURAND_RNG_QUASI_DEFAULT = 200, CURAND_RNG_QUASI_SOBOL32 = 201,
  CURAND_RNG_QUASI_SCRAMBLED_SOBOL32 = 202, CURAND_RNG_QUASI_SOBOL64 = 203,
  CURAND_RNG_QUASI_SCRAMBLED_SOBOL64 = 204
};
typedef enum curandRngType curandRngType_t;
typedef struct curandGenerator_st* curandGenerator_t;

extern "C" {
__BC_H curandStatus_t curandCreateGenerator(curandGenerator_t*, curandRngType_t);
__BC_H curandStatus_t curandCreateGeneratorHost(curandGenerator_t*, curandRngType_t);
__BC_H curandStatus_t curandDestroyGenerator(curandGenerator_t);
__BC_H curandStatus_t curandSetStream(curandGenerator_t, cudaStream_t);
__BC_H curandStatus_t curandSetPseudoRandomGeneratorSeed(curandGenerator_t, unsigned long long);
__BC_H curandStatus_t curandSetGeneratorOffset(curandGenerator_t, unsigned long long);
__BC_H curandStatus_t curandSetQuasiRandomGeneratorDimensions(curandGenerator_t, unsigned int);
__BC_H curandStatus_t curandGenerate(curandGenerator_t, unsigned int*, size_t);
__BC_H curandStatus_t curandGenerateUniform(curandGenerator_t, float*, size_t);
__BC_H curandStatus_t curandGenerateUniformDouble(curandGenerator_t, double*, size_t);
__BC_H curandStatus_t curandGenerateNormal(curandGenerator_t, float*, size_t, float, float);
__BC_H curandStatus_t curandGenerateNormalDouble(curandGenerator_t, double*, size_t, double, double);
__BC_H curandStatus_t curandGenerateLogNormal(curandGenerator_t, float*, size_t, float, float);
__BC_H curandStatus_t curandGetVersion(int*);
} /* extern "C" */

#endif /* __BANKCHECK_CURAND_H */
