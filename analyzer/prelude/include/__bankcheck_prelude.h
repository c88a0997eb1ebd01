/* bankcheck's hermetic CUDA prelude, force-included (-include __bankcheck_prelude.h) before every
 * file bankcheck parses. It plays the part of what nvcc includes implicitly (cuda_runtime.h):
 * qualifiers and version macros, vector types and dim3, the built-in index variables, device
 * intrinsics, atomics and math, device printf/malloc/assert, and the host runtime API with kernel
 * launches. Headers a .cu file must include explicitly under nvcc (cuda_fp16.h, mma.h,
 * cooperative_groups.h, cuda/pipeline ...) are separate shadow headers next to this one.
 * See docs/prelude.md. */
#ifndef __BANKCHECK_PRELUDE_H
#define __BANKCHECK_PRELUDE_H

#include "__bankcheck/config.h"
#include "__bankcheck/vector_types.h"
#include "__bankcheck/builtin_vars.h"
#include "__bankcheck/device_functions.h"
#include "__bankcheck/math_functions.h"
#include "__bankcheck/atomic_functions.h"
#include "__bankcheck/device_runtime.h"
#include "__bankcheck/runtime_api.h"
#include "__bankcheck/texture_types.h"
#include "__bankcheck/device_runtime_api.h"
#include "__bankcheck/host_libc.h"

/* What nvcc's implicit cuda_runtime.h brings in from the C++ library (CUDA 13 with libstdc++:
 * <type_traits>, <utility>, <limits>, <new>, <initializer_list>, besides <cmath> and <cstdlib>,
 * whose functions the prelude declares itself): code that uses std::is_same_v or std::move
 * without including them compiles under nvcc, and so here. */
#include <type_traits>
#include <utility>
#include <limits>
#include <new>
#include <initializer_list>
#include "__bankcheck/std_math.h" /* std::sqrt, std::isinf ... as <cmath> gives them to nvcc's device code */

#endif /* __BANKCHECK_PRELUDE_H */
