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

/* make_int2(x, y) ...: each builds the vector from its components (so the walk follows its fields,
 * as of `int2{x, y}`). make_long4/make_double4 ... return CUDA 13's deprecated types; only their
 * users should warn. */
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wdeprecated-declarations"
__BC_HD inline char1 make_char1(signed char x) { return char1{x}; }
__BC_HD inline char2 make_char2(signed char x, signed char y) { return char2{x, y}; }
__BC_HD inline char3 make_char3(signed char x, signed char y, signed char z) { return char3{x, y, z}; }
__BC_HD inline char4 make_char4(signed char x, signed char y, signed char z, signed char w) { return char4{x, y, z, w}; }
__BC_HD inline uchar1 make_uchar1(unsigned char x) { return uchar1{x}; }
__BC_HD inline uchar2 make_uchar2(unsigned char x, unsigned char y) { return uchar2{x, y}; }
__BC_HD inline uchar3 make_uchar3(unsigned char x, unsigned char y, unsigned char z) { return uchar3{x, y, z}; }
__BC_HD inline uchar4 make_uchar4(unsigned char x, unsigned char y, unsigned char z, unsigned char w) { return uchar4{x, y, z, w}; }
__BC_HD inline short1 make_short1(short x) { return short1{x}; }
__BC_HD inline short2 make_short2(short x, short y) { return short2{x, y}; }
__BC_HD inline short3 make_short3(short x, short y, short z) { return short3{x, y, z}; }
__BC_HD inline short4 make_short4(short x, short y, short z, short w) { return short4{x, y, z, w}; }
__BC_HD inline ushort1 make_ushort1(unsigned short x) { return ushort1{x}; }
__BC_HD inline ushort2 make_ushort2(unsigned short x, unsigned short y) { return ushort2{x, y}; }
__BC_HD inline ushort3 make_ushort3(unsigned short x, unsigned short y, unsigned short z) { return ushort3{x, y, z}; }
__BC_HD inline ushort4 make_ushort4(unsigned short x, unsigned short y, unsigned short z, unsigned short w) { return ushort4{x, y, z, w}; }
__BC_HD inline int1 make_int1(int x) { return int1{x}; }
__BC_HD inline int2 make_int2(int x, int y) { return int2{x, y}; }
__BC_HD inline int3 make_int3(int x, int y, int z) { return int3{x, y, z}; }
__BC_HD inline int4 make_int4(int x, int y, int z, int w) { return int4{x, y, z, w}; }
__BC_HD inline uint1 make_uint1(unsigned int x) { return uint1{x}; }
__BC_HD inline uint2 make_uint2(unsigned int x, unsigned int y) { return uint2{x, y}; }
__BC_HD inline uint3 make_uint3(unsigned int x, unsigned int y, unsigned int z) { return uint3{x, y, z}; }
__BC_HD inline uint4 make_uint4(unsigned int x, unsigned int y, unsigned int z, unsigned int w) { return uint4{x, y, z, w}; }
__BC_HD inline long1 make_long1(long int x) { return long1{x}; }
__BC_HD inline long2 make_long2(long int x, long int y) { return long2{x, y}; }
__BC_HD inline long3 make_long3(long int x, long int y, long int z) { return long3{x, y, z}; }
__BC_HD inline long4 make_long4(long int x, long int y, long int z, long int w) { return long4{x, y, z, w}; }
__BC_HD inline long4_16a make_long4_16a(long int x, long int y, long int z, long int w) { return long4_16a{x, y, z, w}; }
__BC_HD inline long4_32a make_long4_32a(long int x, long int y, long int z, long int w) { return long4_32a{x, y, z, w}; }
__BC_HD inline ulong1 make_ulong1(unsigned long int x) { return ulong1{x}; }
__BC_HD inline ulong2 make_ulong2(unsigned long int x, unsigned long int y) { return ulong2{x, y}; }
__BC_HD inline ulong3 make_ulong3(unsigned long int x, unsigned long int y, unsigned long int z) { return ulong3{x, y, z}; }
__BC_HD inline ulong4 make_ulong4(unsigned long int x, unsigned long int y, unsigned long int z, unsigned long int w) { return ulong4{x, y, z, w}; }
__BC_HD inline ulong4_16a make_ulong4_16a(unsigned long int x, unsigned long int y, unsigned long int z, unsigned long int w) { return ulong4_16a{x, y, z, w}; }
__BC_HD inline ulong4_32a make_ulong4_32a(unsigned long int x, unsigned long int y, unsigned long int z, unsigned long int w) { return ulong4_32a{x, y, z, w}; }
__BC_HD inline longlong1 make_longlong1(long long int x) { return longlong1{x}; }
__BC_HD inline longlong2 make_longlong2(long long int x, long long int y) { return longlong2{x, y}; }
__BC_HD inline longlong3 make_longlong3(long long int x, long long int y, long long int z) { return longlong3{x, y, z}; }
__BC_HD inline longlong4 make_longlong4(long long int x, long long int y, long long int z, long long int w) { return longlong4{x, y, z, w}; }
__BC_HD inline longlong4_16a make_longlong4_16a(long long int x, long long int y, long long int z, long long int w) { return longlong4_16a{x, y, z, w}; }
__BC_HD inline longlong4_32a make_longlong4_32a(long long int x, long long int y, long long int z, long long int w) { return longlong4_32a{x, y, z, w}; }
__BC_HD inline ulonglong1 make_ulonglong1(unsigned long long int x) { return ulonglong1{x}; }
__BC_HD inline ulonglong2 make_ulonglong2(unsigned long long int x, unsigned long long int y) { return ulonglong2{x, y}; }
__BC_HD inline ulonglong3 make_ulonglong3(unsigned long long int x, unsigned long long int y, unsigned long long int z) { return ulonglong3{x, y, z}; }
__BC_HD inline ulonglong4 make_ulonglong4(unsigned long long int x, unsigned long long int y, unsigned long long int z, unsigned long long int w) { return ulonglong4{x, y, z, w}; }
__BC_HD inline ulonglong4_16a make_ulonglong4_16a(unsigned long long int x, unsigned long long int y, unsigned long long int z, unsigned long long int w) { return ulonglong4_16a{x, y, z, w}; }
__BC_HD inline ulonglong4_32a make_ulonglong4_32a(unsigned long long int x, unsigned long long int y, unsigned long long int z, unsigned long long int w) { return ulonglong4_32a{x, y, z, w}; }
__BC_HD inline float1 make_float1(float x) { return float1{x}; }
__BC_HD inline float2 make_float2(float x, float y) { return float2{x, y}; }
__BC_HD inline float3 make_float3(float x, float y, float z) { return float3{x, y, z}; }
__BC_HD inline float4 make_float4(float x, float y, float z, float w) { return float4{x, y, z, w}; }
__BC_HD inline double1 make_double1(double x) { return double1{x}; }
__BC_HD inline double2 make_double2(double x, double y) { return double2{x, y}; }
__BC_HD inline double3 make_double3(double x, double y, double z) { return double3{x, y, z}; }
__BC_HD inline double4 make_double4(double x, double y, double z, double w) { return double4{x, y, z, w}; }
__BC_HD inline double4_16a make_double4_16a(double x, double y, double z, double w) { return double4_16a{x, y, z, w}; }
__BC_HD inline double4_32a make_double4_32a(double x, double y, double z, double w) { return double4_32a{x, y, z, w}; }
#pragma clang diagnostic pop

#endif /* __BANKCHECK_VECTOR_TYPES_H */
