/* bankcheck CUDA prelude: shadows curand_kernel.h (cuRAND device API). The generator states with
 * CUDA 13's layouts (curandState = curandStateXORWOW, 48 bytes; Philox4_32_10, 64; MRG32k3a, 48),
 * curand_init and the draws (curand, curand_uniform[_double|2_double|4], curand_normal[2|4][_double],
 * curand_log_normal*, curand_poisson, skipahead*). CUDA declares one overload per state type; here
 * each function is one template over the state (same results for every CUDA state). */
#ifndef __BANKCHECK_CURAND_KERNEL_H
#define __BANKCHECK_CURAND_KERNEL_H
#define CURAND_KERNEL_H_ /* the toolkit header's own guard, which libraries test */

#include "curand.h"

struct curandStateXORWOW {
  unsigned int d, v[5];
  int boxmuller_flag, boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
struct curandStateMRG32k3a {
  unsigned int s1[3], s2[3];
  int boxmuller_flag, boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
struct curandStatePhilox4_32_10 {
  uint4 ctr, output;
  uint2 key;
  unsigned int STATE;
  int boxmuller_flag, boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
typedef struct curandStateXORWOW curandStateXORWOW_t;
typedef struct curandStateXORWOW curandState_t;
typedef struct curandStateXORWOW curandState;
typedef struct curandStateMRG32k3a curandStateMRG32k3a_t;
typedef struct curandStatePhilox4_32_10 curandStatePhilox4_32_10_t;

template <class __S> __BC_D void curand_init(unsigned long long __seed, unsigned long long __subsequence,
                                             unsigned long long __offset, __S* __state);
template <class __S> __BC_D unsigned int curand(__S*);
template <class __S> __BC_D uint4 curand4(__S*);
template <class __S> __BC_D float curand_uniform(__S*);
template <class __S> __BC_D double curand_uniform_double(__S*);
template <class __S> __BC_D double2 curand_uniform2_double(__S*);
template <class __S> __BC_D float4 curand_uniform4(__S*);
template <class __S> __BC_D float curand_normal(__S*);
template <class __S> __BC_D float2 curand_normal2(__S*);
template <class __S> __BC_D float4 curand_normal4(__S*);
template <class __S> __BC_D double curand_normal_double(__S*);
template <class __S> __BC_D double2 curand_normal2_double(__S*);
template <class __S> __BC_D float curand_log_normal(__S*, float, float);
template <class __S> __BC_D float2 curand_log_normal2(__S*, float, float);
template <class __S> __BC_D double curand_log_normal_double(__S*, double, double);
template <class __S> __BC_D unsigned int curand_poisson(__S*, double);
template <class __S> __BC_D void skipahead(unsigned long long, __S*);
template <class __S> __BC_D void skipahead_sequence(unsigned long long, __S*);
template <class __S> __BC_D void skipahead_subsequence(unsigned long long, __S*);

#endif /* __BANKCHECK_CURAND_KERNEL_H */
