/* bankcheck CUDA prelude: what nvcc's implicit cuda_runtime.h makes visible through the standard
 * C headers it includes (<cmath>/<math.h>, <cstdlib>, <climits>, <cstring>, <ctime>), without
 * including them (<cmath> alone costs eight times the whole prelude):
 *  - the macros: INFINITY, NAN, HUGE_VAL*, MAXFLOAT, the M_* constants, INT_MAX and the rest of
 *    <limits.h>, NULL, EXIT_SUCCESS/EXIT_FAILURE, RAND_MAX; each spelled as glibc/Clang's own
 *    header spells it, so a later #include of that header redefines it identically;
 *  - glibc's <sys/types.h> names ulong, ushort, uint;
 *  - the host C library functions that host code in a .cu file calls without an #include under
 *    nvcc: the C math library (sqrtf, fabs, expf, ...; math_functions.h declares the host copies),
 *    and from <cstdlib>/<cstring>/<ctime> malloc, free, exit, atoi, rand, memset, memcpy, strlen,
 *    time ... Host-only, C linkage, noexcept exactly where glibc says __THROW, so glibc's own
 *    declarations, if the file includes the header later, are plain redeclarations.
 * The C++ std:: names nvcc brings (<utility>, <limits>, std::sqrt ...) are not provided: host
 * code that uses them without the #include errors here (outside the kernels). */
#ifndef __BANKCHECK_HOST_LIBC_H
#define __BANKCHECK_HOST_LIBC_H

#include "config.h"

/* <sys/types.h>, which <stdlib.h> includes: under g++ (_GNU_SOURCE, so __USE_MISC) glibc names
 * these, and kernels use them (the SGEMM tutorial indexes with `uint`). Identical typedefs, so
 * glibc's own are plain redeclarations. */
typedef unsigned long int ulong;
typedef unsigned short int ushort;
typedef unsigned int uint;
/* <sys/types.h> also gives the signed exact-width types (bits/stdint-intn.h), so a kernel taking
 * `int64_t*` compiles under nvcc with no #include; the unsigned ones (uint32_t) come only from
 * <stdint.h>, there as here. */
typedef signed char int8_t;
typedef short int int16_t;
typedef int int32_t;
typedef long int int64_t;

/* <math.h> */
#ifndef HUGE_VAL
#define HUGE_VAL (__builtin_huge_val ())
#endif
#ifndef HUGE_VALF
#define HUGE_VALF (__builtin_huge_valf ())
#endif
#ifndef HUGE_VALL
#define HUGE_VALL (__builtin_huge_vall ())
#endif
#ifndef INFINITY
#define INFINITY (__builtin_inff ())
#endif
#ifndef NAN
#define NAN (__builtin_nanf (""))
#endif
#ifndef MAXFLOAT
#define MAXFLOAT 3.40282347e+38F
#endif
#ifndef M_PI
#define M_E 2.7182818284590452354
#define M_LOG2E 1.4426950408889634074
#define M_LOG10E 0.43429448190325182765
#define M_LN2 0.69314718055994530942
#define M_LN10 2.30258509299404568402
#define M_PI 3.14159265358979323846
#define M_PI_2 1.57079632679489661923
#define M_PI_4 0.78539816339744830962
#define M_1_PI 0.31830988618379067154
#define M_2_PI 0.63661977236758134308
#define M_2_SQRTPI 1.12837916709551257390
#define M_SQRT2 1.41421356237309504880
#define M_SQRT1_2 0.70710678118654752440
#endif

/* <limits.h>, as Clang's own limits.h defines them (it #undefs glibc's and redefines these). */
#ifndef INT_MAX
#define SCHAR_MAX __SCHAR_MAX__
#define SHRT_MAX __SHRT_MAX__
#define INT_MAX __INT_MAX__
#define LONG_MAX __LONG_MAX__
#define SCHAR_MIN (-__SCHAR_MAX__-1)
#define SHRT_MIN (-__SHRT_MAX__ -1)
#define INT_MIN (-__INT_MAX__ -1)
#define LONG_MIN (-__LONG_MAX__ -1L)
#define UCHAR_MAX (__SCHAR_MAX__*2 +1)
#define USHRT_MAX (__SHRT_MAX__ *2 +1)
#define UINT_MAX (__INT_MAX__ *2U +1U)
#define ULONG_MAX (__LONG_MAX__ *2UL+1UL)
#define CHAR_BIT __CHAR_BIT__
#define CHAR_MIN SCHAR_MIN
#define CHAR_MAX __SCHAR_MAX__
#define LLONG_MAX __LONG_LONG_MAX__
#define LLONG_MIN (-__LONG_LONG_MAX__-1LL)
#define ULLONG_MAX (__LONG_LONG_MAX__*2ULL+1ULL)
#endif

/* <stddef.h>, <stdlib.h> */
#ifndef NULL
#define NULL __null
#endif
#ifndef EXIT_SUCCESS
#define EXIT_FAILURE 1
#define EXIT_SUCCESS 0
#endif
#ifndef RAND_MAX
#define RAND_MAX 2147483647
#endif

typedef long time_t;
extern "C" {
/* <stdlib.h> (device malloc/free are in device_runtime.h) */
__BC_H void* malloc(size_t) noexcept;
__BC_H void* calloc(size_t, size_t) noexcept;
__BC_H void* realloc(void*, size_t) noexcept;
__BC_H void free(void*) noexcept;
__BC_H void exit(int) noexcept __attribute__((__noreturn__));
__BC_H void abort(void) noexcept __attribute__((__noreturn__));
__BC_H int atexit(void (*)(void)) noexcept;
__BC_H char* getenv(const char*) noexcept;
__BC_H int system(const char*);
__BC_H int atoi(const char*) noexcept;
__BC_H long atol(const char*) noexcept;
__BC_H long long atoll(const char*) noexcept;
__BC_H double atof(const char*) noexcept;
__BC_H long strtol(const char*, char**, int) noexcept;
__BC_H unsigned long strtoul(const char*, char**, int) noexcept;
__BC_H double strtod(const char*, char**) noexcept;
__BC_H float strtof(const char*, char**) noexcept;
__BC_H int rand(void) noexcept;
__BC_H void srand(unsigned) noexcept;
__BC_H int abs(int) noexcept;
__BC_H long labs(long) noexcept;
__BC_H long long llabs(long long) noexcept;
__BC_H void qsort(void*, size_t, size_t, int (*)(const void*, const void*));
__BC_H int posix_memalign(void**, size_t, size_t) noexcept;
__BC_H void* aligned_alloc(size_t, size_t) noexcept;
/* <string.h> (the functions without C++ const overloads) */
__BC_H void* memcpy(void*, const void*, size_t) noexcept;
__BC_H void* memmove(void*, const void*, size_t) noexcept;
__BC_H void* memset(void*, int, size_t) noexcept;
__BC_H int memcmp(const void*, const void*, size_t) noexcept;
__BC_H size_t strlen(const char*) noexcept;
__BC_H int strcmp(const char*, const char*) noexcept;
__BC_H int strncmp(const char*, const char*, size_t) noexcept;
__BC_H char* strcpy(char*, const char*) noexcept;
__BC_H char* strncpy(char*, const char*, size_t) noexcept;
__BC_H char* strcat(char*, const char*) noexcept;
__BC_H char* strncat(char*, const char*, size_t) noexcept;
__BC_H char* strdup(const char*) noexcept;
__BC_H int strcasecmp(const char*, const char*) noexcept;
__BC_H int strncasecmp(const char*, const char*, size_t) noexcept;
__BC_H char* strerror(int) noexcept;
/* <time.h> */
__BC_H clock_t clock(void) noexcept;
__BC_H time_t time(time_t*) noexcept;
} /* extern "C" */

#endif /* __BANKCHECK_HOST_LIBC_H */
