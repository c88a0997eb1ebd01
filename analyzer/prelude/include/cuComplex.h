/* bankcheck CUDA prelude: shadows cuComplex.h. cuFloatComplex (float2), cuDoubleComplex (double2),
 * cuComplex and the helper functions, declared __host__ __device__. */
#ifndef __BANKCHECK_CUCOMPLEX_H
#define __BANKCHECK_CUCOMPLEX_H
#define CU_COMPLEX_H_ /* the toolkit header's own guard, which libraries test */

#include "__bankcheck_prelude.h"

typedef float2 cuFloatComplex;
typedef double2 cuDoubleComplex;
typedef cuFloatComplex cuComplex;
extern "C" {
__BC_HD float cuCrealf(cuFloatComplex);
__BC_HD float cuCimagf(cuFloatComplex);
__BC_HD cuFloatComplex make_cuFloatComplex(float, float);
__BC_HD cuFloatComplex cuConjf(cuFloatComplex);
__BC_HD cuFloatComplex cuCaddf(cuFloatComplex, cuFloatComplex);
__BC_HD cuFloatComplex cuCsubf(cuFloatComplex, cuFloatComplex);
__BC_HD cuFloatComplex cuCmulf(cuFloatComplex, cuFloatComplex);
__BC_HD cuFloatComplex cuCdivf(cuFloatComplex, cuFloatComplex);
__BC_HD float cuCabsf(cuFloatComplex);
__BC_HD double cuCreal(cuDoubleComplex);
__BC_HD double cuCimag(cuDoubleComplex);
__BC_HD cuDoubleComplex make_cuDoubleComplex(double, double);
__BC_HD cuDoubleComplex cuConj(cuDoubleComplex);
__BC_HD cuDoubleComplex cuCadd(cuDoubleComplex, cuDoubleComplex);
__BC_HD cuDoubleComplex cuCsub(cuDoubleComplex, cuDoubleComplex);
__BC_HD cuDoubleComplex cuCmul(cuDoubleComplex, cuDoubleComplex);
__BC_HD cuDoubleComplex cuCdiv(cuDoubleComplex, cuDoubleComplex);
__BC_HD double cuCabs(cuDoubleComplex);
} /* extern "C" */
__BC_HD cuComplex make_cuComplex(float, float);
__BC_HD cuDoubleComplex cuComplexFloatToDouble(cuFloatComplex);
__BC_HD cuFloatComplex cuComplexDoubleToFloat(cuDoubleComplex);
__BC_HD cuComplex cuCfmaf(cuComplex, cuComplex, cuComplex);
__BC_HD cuDoubleComplex cuCfma(cuDoubleComplex, cuDoubleComplex, cuDoubleComplex);

#endif /* __BANKCHECK_CUCOMPLEX_H */
