/* bankcheck CUDA prelude: device-side C library (printf, malloc/free, memcpy/memset, clock,
 * assert), as nvcc's crt/common_functions.h provides it. */
#ifndef __BANKCHECK_DEVICE_RUNTIME_H
#define __BANKCHECK_DEVICE_RUNTIME_H

#include "config.h"

/* glibc's clock_t on 64-bit Linux; <time.h> repeats the same typedef, which C++ allows. */
typedef long clock_t;

extern "C" {
__BC_D int printf(const char* __format, ...);
__BC_D int vprintf(const char* __format, const char* __args);
__BC_D void* malloc(size_t __size) noexcept;
__BC_D void free(void* __ptr) noexcept;
__BC_D void* memcpy(void* __dst, const void* __src, size_t __n) noexcept;
__BC_D void* memset(void* __dst, int __c, size_t __n) noexcept;
__BC_D clock_t clock(void) noexcept;
__BC_D void __assertfail(const char* __message, const char* __file, unsigned int __line,
                         const char* __function, size_t __char_size);
/* glibc's assert() expands to __assert_fail(); this device overload makes it usable in kernels. */
__BC_DI void __assert_fail(const char* __assertion, const char* __file, unsigned int __line,
                           const char* __function) noexcept {
  __assertfail(__assertion, __file, __line, __function, sizeof(char));
}
} /* extern "C" */

/* nvcc's implicit cuda_runtime.h includes <assert.h>; it is small, so do the same. */
#include <assert.h>

#endif /* __BANKCHECK_DEVICE_RUNTIME_H */
