/* bankcheck CUDA prelude: shadow of <mma.h>, the warp matrix functions (nvcuda::wmma).
 * Fragment shapes and element counts are CUDA 13's (one explicit specialization per supported
 * (use, m, n, k, type, layout)); the load/store/fill/mma functions are templates over those
 * fragments, declared and not defined. load_matrix_sync/store_matrix_sync take the pointer and
 * leading dimension (in elements) that bankcheck needs for shared-memory tiles. */
#ifndef __BANKCHECK_MMA_H
#define __BANKCHECK_MMA_H
#define __CUDA_MMA_H__ /* the toolkit header's own guard, which libraries test */

#include "cuda_fp16.h"
#include "cuda_bf16.h"

namespace nvcuda {
namespace wmma {

__BC_D float __float_to_tf32(float __in);

struct row_major;
struct col_major;
struct matrix_a;
struct matrix_b;
struct accumulator;

namespace precision {
struct tf32;
}  // namespace precision
namespace experimental {
namespace precision {
struct u4;
struct s4;
struct b1;
}  // namespace precision
enum bmmaBitOp { bmmaBitOpXOR = 1, bmmaBitOpAND = 2 };
enum bmmaAccumulateOp { bmmaAccumulateOpPOPC = 1 };
}  // namespace experimental

enum layout_t { mem_row_major, mem_col_major };

template <typename _T>
struct helper_traits {
  typedef _T element_type;
  typedef _T storage_element_type;
  typedef _T fill_argument_type;
};
template <>
struct helper_traits<experimental::precision::u4> {
  typedef experimental::precision::u4 element_type;
  typedef unsigned int storage_element_type;
  typedef unsigned int fill_argument_type;
};
template <>
struct helper_traits<experimental::precision::s4> {
  typedef experimental::precision::s4 element_type;
  typedef int storage_element_type;
  typedef int fill_argument_type;
};
template <>
struct helper_traits<experimental::precision::b1> {
  typedef experimental::precision::b1 element_type;
  typedef unsigned int storage_element_type;
  typedef unsigned int fill_argument_type;
};
template <>
struct helper_traits<precision::tf32> {
  typedef precision::tf32 element_type;
  typedef float storage_element_type;
  typedef float fill_argument_type;
};

/* The type a fragment is loaded from / stored to in memory. */
template <typename _T> struct __bankcheck_memory_type { typedef _T type; };
template <> struct __bankcheck_memory_type<precision::tf32> { typedef float type; };
template <> struct __bankcheck_memory_type<experimental::precision::u4> { typedef void type; };
template <> struct __bankcheck_memory_type<experimental::precision::s4> { typedef void type; };
template <> struct __bankcheck_memory_type<experimental::precision::b1> { typedef void type; };

template <typename _T, int _Size, int _PackedSize = _Size>
struct __align__(8) __frag_base {
  enum { num_elements = _Size };
  enum { num_storage_elements = _PackedSize };
  typedef _T element_type;
  typedef typename helper_traits<_T>::storage_element_type storage_element_type;
  storage_element_type x[num_storage_elements];
};

template <typename _Use, int _M, int _N, int _K, typename _T, typename _Layout = void>
class fragment;

template <> class fragment<matrix_a, 16, 16, 16, __half, row_major> : public __frag_base<__half, 16> {};
template <> class fragment<matrix_a, 16, 16, 16, __half, col_major> : public __frag_base<__half, 16> {};
template <> class fragment<matrix_b, 16, 16, 16, __half, row_major> : public __frag_base<__half, 16> {};
template <> class fragment<matrix_b, 16, 16, 16, __half, col_major> : public __frag_base<__half, 16> {};
template <> class fragment<accumulator, 16, 16, 16, __half> : public __frag_base<__half, 8> {};
template <> class fragment<accumulator, 16, 16, 16, float> : public __frag_base<float, 8> {};
template <> class fragment<matrix_a, 16, 16, 16, signed char, row_major> : public __frag_base<signed char, 8> {};
template <> class fragment<matrix_a, 16, 16, 16, signed char, col_major> : public __frag_base<signed char, 8> {};
template <> class fragment<matrix_a, 16, 16, 16, unsigned char, row_major> : public __frag_base<unsigned char, 8> {};
template <> class fragment<matrix_a, 16, 16, 16, unsigned char, col_major> : public __frag_base<unsigned char, 8> {};
template <> class fragment<matrix_b, 16, 16, 16, signed char, row_major> : public __frag_base<signed char, 8> {};
template <> class fragment<matrix_b, 16, 16, 16, signed char, col_major> : public __frag_base<signed char, 8> {};
template <> class fragment<matrix_b, 16, 16, 16, unsigned char, row_major> : public __frag_base<unsigned char, 8> {};
template <> class fragment<matrix_b, 16, 16, 16, unsigned char, col_major> : public __frag_base<unsigned char, 8> {};
template <> class fragment<accumulator, 16, 16, 16, int> : public __frag_base<int, 8> {};
template <> class fragment<matrix_a, 16, 16, 16, __nv_bfloat16, row_major> : public __frag_base<__nv_bfloat16, 8> {};
template <> class fragment<matrix_a, 16, 16, 16, __nv_bfloat16, col_major> : public __frag_base<__nv_bfloat16, 8> {};
template <> class fragment<matrix_b, 16, 16, 16, __nv_bfloat16, row_major> : public __frag_base<__nv_bfloat16, 8> {};
template <> class fragment<matrix_b, 16, 16, 16, __nv_bfloat16, col_major> : public __frag_base<__nv_bfloat16, 8> {};
template <> class fragment<matrix_a, 32, 8, 16, __half, row_major> : public __frag_base<__half, 16> {};
template <> class fragment<matrix_a, 32, 8, 16, __half, col_major> : public __frag_base<__half, 16> {};
template <> class fragment<matrix_b, 32, 8, 16, __half, row_major> : public __frag_base<__half, 16> {};
template <> class fragment<matrix_b, 32, 8, 16, __half, col_major> : public __frag_base<__half, 16> {};
template <> class fragment<accumulator, 32, 8, 16, __half> : public __frag_base<__half, 8> {};
template <> class fragment<accumulator, 32, 8, 16, float> : public __frag_base<float, 8> {};
template <> class fragment<matrix_a, 32, 8, 16, signed char, row_major> : public __frag_base<signed char, 16> {};
template <> class fragment<matrix_a, 32, 8, 16, signed char, col_major> : public __frag_base<signed char, 16> {};
template <> class fragment<matrix_a, 32, 8, 16, unsigned char, row_major> : public __frag_base<unsigned char, 16> {};
template <> class fragment<matrix_a, 32, 8, 16, unsigned char, col_major> : public __frag_base<unsigned char, 16> {};
template <> class fragment<matrix_b, 32, 8, 16, signed char, row_major> : public __frag_base<signed char, 4> {};
template <> class fragment<matrix_b, 32, 8, 16, signed char, col_major> : public __frag_base<signed char, 4> {};
template <> class fragment<matrix_b, 32, 8, 16, unsigned char, row_major> : public __frag_base<unsigned char, 4> {};
template <> class fragment<matrix_b, 32, 8, 16, unsigned char, col_major> : public __frag_base<unsigned char, 4> {};
template <> class fragment<accumulator, 32, 8, 16, int> : public __frag_base<int, 8> {};
template <> class fragment<matrix_a, 32, 8, 16, __nv_bfloat16, row_major> : public __frag_base<__nv_bfloat16, 16> {};
template <> class fragment<matrix_a, 32, 8, 16, __nv_bfloat16, col_major> : public __frag_base<__nv_bfloat16, 16> {};
template <> class fragment<matrix_b, 32, 8, 16, __nv_bfloat16, row_major> : public __frag_base<__nv_bfloat16, 4> {};
template <> class fragment<matrix_b, 32, 8, 16, __nv_bfloat16, col_major> : public __frag_base<__nv_bfloat16, 4> {};
template <> class fragment<matrix_a, 8, 32, 16, __half, row_major> : public __frag_base<__half, 16> {};
template <> class fragment<matrix_a, 8, 32, 16, __half, col_major> : public __frag_base<__half, 16> {};
template <> class fragment<matrix_b, 8, 32, 16, __half, row_major> : public __frag_base<__half, 16> {};
template <> class fragment<matrix_b, 8, 32, 16, __half, col_major> : public __frag_base<__half, 16> {};
template <> class fragment<accumulator, 8, 32, 16, __half> : public __frag_base<__half, 8> {};
template <> class fragment<accumulator, 8, 32, 16, float> : public __frag_base<float, 8> {};
template <> class fragment<matrix_a, 8, 32, 16, signed char, row_major> : public __frag_base<signed char, 4> {};
template <> class fragment<matrix_a, 8, 32, 16, signed char, col_major> : public __frag_base<signed char, 4> {};
template <> class fragment<matrix_a, 8, 32, 16, unsigned char, row_major> : public __frag_base<unsigned char, 4> {};
template <> class fragment<matrix_a, 8, 32, 16, unsigned char, col_major> : public __frag_base<unsigned char, 4> {};
template <> class fragment<matrix_b, 8, 32, 16, signed char, row_major> : public __frag_base<signed char, 16> {};
template <> class fragment<matrix_b, 8, 32, 16, signed char, col_major> : public __frag_base<signed char, 16> {};
template <> class fragment<matrix_b, 8, 32, 16, unsigned char, row_major> : public __frag_base<unsigned char, 16> {};
template <> class fragment<matrix_b, 8, 32, 16, unsigned char, col_major> : public __frag_base<unsigned char, 16> {};
template <> class fragment<accumulator, 8, 32, 16, int> : public __frag_base<int, 8> {};
template <> class fragment<matrix_a, 8, 32, 16, __nv_bfloat16, row_major> : public __frag_base<__nv_bfloat16, 4> {};
template <> class fragment<matrix_a, 8, 32, 16, __nv_bfloat16, col_major> : public __frag_base<__nv_bfloat16, 4> {};
template <> class fragment<matrix_b, 8, 32, 16, __nv_bfloat16, row_major> : public __frag_base<__nv_bfloat16, 16> {};
template <> class fragment<matrix_b, 8, 32, 16, __nv_bfloat16, col_major> : public __frag_base<__nv_bfloat16, 16> {};
template <> class fragment<matrix_a, 8, 8, 32, experimental::precision::u4, row_major> : public __frag_base<experimental::precision::u4, 8, 1> {};
template <> class fragment<matrix_a, 8, 8, 32, experimental::precision::s4, row_major> : public __frag_base<experimental::precision::s4, 8, 1> {};
template <> class fragment<matrix_b, 8, 8, 32, experimental::precision::u4, col_major> : public __frag_base<experimental::precision::u4, 8, 1> {};
template <> class fragment<matrix_b, 8, 8, 32, experimental::precision::s4, col_major> : public __frag_base<experimental::precision::s4, 8, 1> {};
template <> class fragment<accumulator, 8, 8, 32, int> : public __frag_base<int, 2> {};
template <> class fragment<matrix_a, 8, 8, 128, experimental::precision::b1, row_major> : public __frag_base<experimental::precision::b1, 32, 1> {};
template <> class fragment<matrix_b, 8, 8, 128, experimental::precision::b1, col_major> : public __frag_base<experimental::precision::b1, 32, 1> {};
template <> class fragment<accumulator, 8, 8, 128, int> : public __frag_base<int, 2> {};
template <> class fragment<matrix_a, 16, 16, 8, precision::tf32, row_major> : public __frag_base<precision::tf32, 4> {};
template <> class fragment<matrix_a, 16, 16, 8, precision::tf32, col_major> : public __frag_base<precision::tf32, 4> {};
template <> class fragment<matrix_b, 16, 16, 8, precision::tf32, row_major> : public __frag_base<precision::tf32, 4> {};
template <> class fragment<matrix_b, 16, 16, 8, precision::tf32, col_major> : public __frag_base<precision::tf32, 4> {};
template <> class fragment<accumulator, 16, 16, 8, float> : public __frag_base<float, 8> {};
template <> class fragment<matrix_a, 8, 8, 4, double, row_major> : public __frag_base<double, 1> {};
template <> class fragment<matrix_a, 8, 8, 4, double, col_major> : public __frag_base<double, 1> {};
template <> class fragment<matrix_b, 8, 8, 4, double, row_major> : public __frag_base<double, 1> {};
template <> class fragment<matrix_b, 8, 8, 4, double, col_major> : public __frag_base<double, 1> {};
template <> class fragment<accumulator, 8, 8, 4, double> : public __frag_base<double, 2> {};

template <typename _Use, int _M, int _N, int _K, typename _T, typename _Layout>
__BC_D void fill_fragment(fragment<_Use, _M, _N, _K, _T, _Layout>& __f,
                          const typename helper_traits<_T>::fill_argument_type& __in);

template <int _M, int _N, int _K, typename _T, typename _Layout>
__BC_D void load_matrix_sync(fragment<matrix_a, _M, _N, _K, _T, _Layout>& __a,
                             const typename __bankcheck_memory_type<_T>::type* __p,
                             unsigned __ldm);
template <int _M, int _N, int _K, typename _T, typename _Layout>
__BC_D void load_matrix_sync(fragment<matrix_b, _M, _N, _K, _T, _Layout>& __a,
                             const typename __bankcheck_memory_type<_T>::type* __p,
                             unsigned __ldm);
template <int _M, int _N, int _K, typename _T>
__BC_D void load_matrix_sync(fragment<accumulator, _M, _N, _K, _T>& __a,
                             const typename __bankcheck_memory_type<_T>::type* __p, unsigned __ldm,
                             layout_t __layout);
template <int _M, int _N, int _K, typename _T>
__BC_D void store_matrix_sync(typename __bankcheck_memory_type<_T>::type* __p,
                              const fragment<accumulator, _M, _N, _K, _T>& __a, unsigned __ldm,
                              layout_t __layout);

template <int _M, int _N, int _K, typename _Ta, typename _La, typename _Tb, typename _Lb,
          typename _Tc, typename _Td>
__BC_D void mma_sync(fragment<accumulator, _M, _N, _K, _Td>& __d,
                     const fragment<matrix_a, _M, _N, _K, _Ta, _La>& __a,
                     const fragment<matrix_b, _M, _N, _K, _Tb, _Lb>& __b,
                     const fragment<accumulator, _M, _N, _K, _Tc>& __c, bool __satf = false);

template <int _M, int _N, int _K, typename _La, typename _Lb>
__BC_D void bmma_sync(fragment<accumulator, _M, _N, _K, int>& __d,
                      const fragment<matrix_a, _M, _N, _K, experimental::precision::b1, _La>& __a,
                      const fragment<matrix_b, _M, _N, _K, experimental::precision::b1, _Lb>& __b,
                      const fragment<accumulator, _M, _N, _K, int>& __c,
                      experimental::bmmaBitOp = experimental::bmmaBitOpXOR,
                      experimental::bmmaAccumulateOp = experimental::bmmaAccumulateOpPOPC);

}  // namespace wmma
}  // namespace nvcuda

#endif /* __BANKCHECK_MMA_H */
