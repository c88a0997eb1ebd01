/* bankcheck CUDA prelude: atomics (device_atomic_functions.h, sm_20/32/60 atomic functions,
 * sm_70_rt.h, sm_90_rt.h). Every operation also has the _block and _system scoped variants. */
#ifndef __BANKCHECK_ATOMIC_FUNCTIONS_H
#define __BANKCHECK_ATOMIC_FUNCTIONS_H

#include "vector_types.h"

#define __BC_ATOMIC_SCOPES(R, name, params)                                                       \
  __BC_D R name params;                                                                           \
  __BC_D R name##_block params;                                                                   \
  __BC_D R name##_system params;
#define __BC_ATOMIC_RMW(name, T) __BC_ATOMIC_SCOPES(T, name, (T * __address, T __val))

__BC_ATOMIC_RMW(atomicAdd, int)
__BC_ATOMIC_RMW(atomicAdd, unsigned int)
__BC_ATOMIC_RMW(atomicAdd, unsigned long long int)
__BC_ATOMIC_RMW(atomicAdd, float)
__BC_ATOMIC_RMW(atomicAdd, double)
__BC_ATOMIC_RMW(atomicAdd, float2)
__BC_ATOMIC_RMW(atomicAdd, float4)
__BC_ATOMIC_RMW(atomicSub, int)
__BC_ATOMIC_RMW(atomicSub, unsigned int)
__BC_ATOMIC_RMW(atomicExch, int)
__BC_ATOMIC_RMW(atomicExch, unsigned int)
__BC_ATOMIC_RMW(atomicExch, unsigned long long int)
__BC_ATOMIC_RMW(atomicExch, float)
__BC_ATOMIC_RMW(atomicMin, int)
__BC_ATOMIC_RMW(atomicMin, unsigned int)
__BC_ATOMIC_RMW(atomicMin, long long int)
__BC_ATOMIC_RMW(atomicMin, unsigned long long int)
__BC_ATOMIC_RMW(atomicMax, int)
__BC_ATOMIC_RMW(atomicMax, unsigned int)
__BC_ATOMIC_RMW(atomicMax, long long int)
__BC_ATOMIC_RMW(atomicMax, unsigned long long int)
__BC_ATOMIC_RMW(atomicInc, unsigned int)
__BC_ATOMIC_RMW(atomicDec, unsigned int)
__BC_ATOMIC_RMW(atomicAnd, int)
__BC_ATOMIC_RMW(atomicAnd, unsigned int)
__BC_ATOMIC_RMW(atomicAnd, long long int)
__BC_ATOMIC_RMW(atomicAnd, unsigned long long int)
__BC_ATOMIC_RMW(atomicOr, int)
__BC_ATOMIC_RMW(atomicOr, unsigned int)
__BC_ATOMIC_RMW(atomicOr, long long int)
__BC_ATOMIC_RMW(atomicOr, unsigned long long int)
__BC_ATOMIC_RMW(atomicXor, int)
__BC_ATOMIC_RMW(atomicXor, unsigned int)
__BC_ATOMIC_RMW(atomicXor, long long int)
__BC_ATOMIC_RMW(atomicXor, unsigned long long int)
__BC_ATOMIC_SCOPES(int, atomicCAS, (int* __address, int __compare, int __val))
__BC_ATOMIC_SCOPES(unsigned int, atomicCAS,
                   (unsigned int* __address, unsigned int __compare, unsigned int __val))
__BC_ATOMIC_SCOPES(unsigned long long int, atomicCAS,
                   (unsigned long long int* __address, unsigned long long int __compare,
                    unsigned long long int __val))
__BC_ATOMIC_SCOPES(unsigned short int, atomicCAS,
                   (unsigned short int* __address, unsigned short int __compare,
                    unsigned short int __val))

#undef __BC_ATOMIC_RMW
#undef __BC_ATOMIC_SCOPES

#endif /* __BANKCHECK_ATOMIC_FUNCTIONS_H */
