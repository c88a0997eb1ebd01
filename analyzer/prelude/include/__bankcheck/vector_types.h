/* bankcheck CUDA prelude: vector types (CUDA's vector_types.h and vector_functions.h).
 * Sizes and alignments match CUDA 13 on 64-bit Linux: float2/int2 are 8-byte aligned, float4/int4
 * 16-byte aligned, float3/int3 are 12 bytes with 4-byte alignment, long2/longlong2/double2 are
 * 16-byte aligned, and the 4-wide 64-bit types are deprecated in favour of the _16a/_32a ones. */
#ifndef __BANKCHECK_VECTOR_TYPES_H
#define __BANKCHECK_VECTOR_TYPES_H

#include "config.h"

struct char1 { signed char x; };
struct __align__(2) char2 { signed char x, y; };
struct char3 { signed char x, y, z; };
struct __align__(4) char4 { signed char x, y, z, w; };
struct uchar1 { unsigned char x; };
struct __align__(2) uchar2 { unsigned char x, y; };
struct uchar3 { unsigned char x, y, z; };
struct __align__(4) uchar4 { unsigned char x, y, z, w; };
struct short1 { short x; };
struct __align__(4) short2 { short x, y; };
struct short3 { short x, y, z; };
struct __align__(8) short4 { short x, y, z, w; };
struct ushort1 { unsigned short x; };
struct __align__(4) ushort2 { unsigned short x, y; };
struct ushort3 { unsigned short x, y, z; };
struct __align__(8) ushort4 { unsigned short x, y, z, w; };
struct int1 { int x; };
struct __align__(8) int2 { int x, y; };
struct int3 { int x, y, z; };
struct __align__(16) int4 { int x, y, z, w; };
struct uint1 { unsigned int x; };
struct __align__(8) uint2 { unsigned int x, y; };
struct uint3 { unsigned int x, y, z; };
struct __align__(16) uint4 { unsigned int x, y, z, w; };
struct long1 { long int x; };
struct __align__(16) long2 { long int x, y; };
struct long3 { long int x, y, z; };
struct __attribute__((deprecated("use long4_16a or long4_32a"))) __align__(16) long4 { long int x, y, z, w; };
struct __align__(16) long4_16a { long int x, y, z, w; };
struct __align__(32) long4_32a { long int x, y, z, w; };
struct ulong1 { unsigned long int x; };
struct __align__(16) ulong2 { unsigned long int x, y; };
struct ulong3 { unsigned long int x, y, z; };
struct __attribute__((deprecated("use ulong4_16a or ulong4_32a"))) __align__(16) ulong4 { unsigned long int x, y, z, w; };
struct __align__(16) ulong4_16a { unsigned long int x, y, z, w; };
struct __align__(32) ulong4_32a { unsigned long int x, y, z, w; };
struct longlong1 { long long int x; };
struct __align__(16) longlong2 { long long int x, y; };
struct longlong3 { long long int x, y, z; };
struct __attribute__((deprecated("use longlong4_16a or longlong4_32a"))) __align__(16) longlong4 { long long int x, y, z, w; };
struct __align__(16) longlong4_16a { long long int x, y, z, w; };
struct __align__(32) longlong4_32a { long long int x, y, z, w; };
struct ulonglong1 { unsigned long long int x; };
struct __align__(16) ulonglong2 { unsigned long long int x, y; };
struct ulonglong3 { unsigned long long int x, y, z; };
struct __attribute__((deprecated("use ulonglong4_16a or ulonglong4_32a"))) __align__(16) ulonglong4 { unsigned long long int x, y, z, w; };
struct __align__(16) ulonglong4_16a { unsigned long long int x, y, z, w; };
struct __align__(32) ulonglong4_32a { unsigned long long int x, y, z, w; };
struct float1 { float x; };
struct __align__(8) float2 { float x, y; };
struct float3 { float x, y, z; };
struct __align__(16) float4 { float x, y, z, w; };
struct double1 { double x; };
struct __align__(16) double2 { double x, y; };
struct double3 { double x, y, z; };
struct __attribute__((deprecated("use double4_16a or double4_32a"))) __align__(16) double4 { double x, y, z, w; };
struct __align__(16) double4_16a { double x, y, z, w; };
struct __align__(32) double4_32a { double x, y, z, w; };

struct dim3 {
  unsigned int x, y, z;
  __BC_HD constexpr dim3(unsigned int vx = 1, unsigned int vy = 1, unsigned int vz = 1)
      : x(vx), y(vy), z(vz) {}
  __BC_HD constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
  __BC_HD constexpr operator uint3() const { return uint3{x, y, z}; }
};

/* make_int2(x, y) ... (declared only). make_long4/make_double4 ... return CUDA 13's deprecated
 * types; only their users should warn. */
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wdeprecated-declarations"
__BC_HD char1 make_char1(signed char);
__BC_HD char2 make_char2(signed char, signed char);
__BC_HD char3 make_char3(signed char, signed char, signed char);
__BC_HD char4 make_char4(signed char, signed char, signed char, signed char);
__BC_HD uchar1 make_uchar1(unsigned char);
__BC_HD uchar2 make_uchar2(unsigned char, unsigned char);
__BC_HD uchar3 make_uchar3(unsigned char, unsigned char, unsigned char);
__BC_HD uchar4 make_uchar4(unsigned char, unsigned char, unsigned char, unsigned char);
__BC_HD short1 make_short1(short);
__BC_HD short2 make_short2(short, short);
__BC_HD short3 make_short3(short, short, short);
__BC_HD short4 make_short4(short, short, short, short);
__BC_HD ushort1 make_ushort1(unsigned short);
__BC_HD ushort2 make_ushort2(unsigned short, unsigned short);
__BC_HD ushort3 make_ushort3(unsigned short, unsigned short, unsigned short);
__BC_HD ushort4 make_ushort4(unsigned short, unsigned short, unsigned short, unsigned short);
__BC_HD int1 make_int1(int);
__BC_HD int2 make_int2(int, int);
__BC_HD int3 make_int3(int, int, int);
__BC_HD int4 make_int4(int, int, int, int);
__BC_HD uint1 make_uint1(unsigned int);
__BC_HD uint2 make_uint2(unsigned int, unsigned int);
__BC_HD uint3 make_uint3(unsigned int, unsigned int, unsigned int);
__BC_HD uint4 make_uint4(unsigned int, unsigned int, unsigned int, unsigned int);
__BC_HD long1 make_long1(long int);
__BC_HD long2 make_long2(long int, long int);
__BC_HD long3 make_long3(long int, long int, long int);
__BC_HD long4 make_long4(long int, long int, long int, long int);
__BC_HD long4_16a make_long4_16a(long int, long int, long int, long int);
__BC_HD long4_32a make_long4_32a(long int, long int, long int, long int);
__BC_HD ulong1 make_ulong1(unsigned long int);
__BC_HD ulong2 make_ulong2(unsigned long int, unsigned long int);
__BC_HD ulong3 make_ulong3(unsigned long int, unsigned long int, unsigned long int);
__BC_HD ulong4 make_ulong4(unsigned long int, unsigned long int, unsigned long int, unsigned long int);
__BC_HD ulong4_16a make_ulong4_16a(unsigned long int, unsigned long int, unsigned long int, unsigned long int);
__BC_HD ulong4_32a make_ulong4_32a(unsigned long int, unsigned long int, unsigned long int, unsigned long int);
__BC_HD longlong1 make_longlong1(long long int);
__BC_HD longlong2 make_longlong2(long long int, long long int);
__BC_HD longlong3 make_longlong3(long long int, long long int, long long int);
__BC_HD longlong4 make_longlong4(long long int, long long int, long long int, long long int);
__BC_HD longlong4_16a make_longlong4_16a(long long int, long long int, long long int, long long int);
__BC_HD longlong4_32a make_longlong4_32a(long long int, long long int, long long int, long long int);
__BC_HD ulonglong1 make_ulonglong1(unsigned long long int);
__BC_HD ulonglong2 make_ulonglong2(unsigned long long int, unsigned long long int);
__BC_HD ulonglong3 make_ulonglong3(unsigned long long int, unsigned long long int, unsigned long long int);
__BC_HD ulonglong4 make_ulonglong4(unsigned long long int, unsigned long long int, unsigned long long int, unsigned long long int);
__BC_HD ulonglong4_16a make_ulonglong4_16a(unsigned long long int, unsigned long long int, unsigned long long int, unsigned long long int);
__BC_HD ulonglong4_32a make_ulonglong4_32a(unsigned long long int, unsigned long long int, unsigned long long int, unsigned long long int);
__BC_HD float1 make_float1(float);
__BC_HD float2 make_float2(float, float);
__BC_HD float3 make_float3(float, float, float);
__BC_HD float4 make_float4(float, float, float, float);
__BC_HD double1 make_double1(double);
__BC_HD double2 make_double2(double, double);
__BC_HD double3 make_double3(double, double, double);
__BC_HD double4 make_double4(double, double, double, double);
__BC_HD double4_16a make_double4_16a(double, double, double, double);
__BC_HD double4_32a make_double4_32a(double, double, double, double);
#pragma clang diagnostic pop

#endif /* __BANKCHECK_VECTOR_TYPES_H */
