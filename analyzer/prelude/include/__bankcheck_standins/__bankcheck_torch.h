/* bankcheck stand-in for PyTorch's C++ headers (docs/prelude.md, "Stand-ins for missing
 * libraries"). Searched after every directory the user gives (-idirafter), so a real PyTorch on
 * the include path always wins. Declarations only, of the part of the API that the host code of a
 * CUDA extension uses around its launches: tensors' shapes and data pointers, dtypes, the
 * AT_DISPATCH macros (one case per type, as ATen's switch), checks, the current stream and device
 * guards. bankcheck never runs host code; it reads the launches, the template arguments and the
 * constants they pass. */
#pragma once
#include <algorithm>
#include <cfloat>
#include <climits>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <initializer_list>
#include <iostream>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cublas_v2.h>

#define __BANKCHECK_TORCH_STANDIN 1

namespace c10 {

enum class ScalarType : int8_t {
  Byte, Char, Short, Int, Long, Half, Float, Double, ComplexHalf, ComplexFloat, ComplexDouble, Bool,
  QInt8, QUInt8, QInt32, BFloat16, Undefined
};

// 16-bit floating point as ATen stores it: two bytes, arithmetic through float (with a float or a
// double the result has that type, with an integer it stays Half, as c10 defines). No conversion to
// __half: PyTorch builds its extensions with __CUDA_NO_HALF_OPERATORS__, and with both conversions
// `a < b` would be ambiguous.
struct alignas(2) Half {
  uint16_t x;
  Half() = default;
  __host__ __device__ Half(float value);
  __host__ __device__ Half(const __half& value);
  __host__ __device__ operator float() const;
};

struct alignas(2) BFloat16 {
  uint16_t x;
  BFloat16() = default;
  __host__ __device__ BFloat16(float value);
  __host__ __device__ BFloat16(const __nv_bfloat16& value);
  __host__ __device__ operator float() const;
};

#define __BANKCHECK_TORCH_ARITHMETIC(T)                                                                         \
  inline __host__ __device__ T operator+(const T& a, const T& b) { return static_cast<float>(a) + static_cast<float>(b); } \
  inline __host__ __device__ T operator-(const T& a, const T& b) { return static_cast<float>(a) - static_cast<float>(b); } \
  inline __host__ __device__ T operator*(const T& a, const T& b) { return static_cast<float>(a) * static_cast<float>(b); } \
  inline __host__ __device__ T operator/(const T& a, const T& b) { return static_cast<float>(a) / static_cast<float>(b); } \
  inline __host__ __device__ T operator-(const T& a) { return -static_cast<float>(a); }                               \
  inline __host__ __device__ T& operator+=(T& a, const T& b) { return a = a + b; }                                    \
  inline __host__ __device__ T& operator-=(T& a, const T& b) { return a = a - b; }                                    \
  inline __host__ __device__ T& operator*=(T& a, const T& b) { return a = a * b; }                                    \
  inline __host__ __device__ T& operator/=(T& a, const T& b) { return a = a / b; }                                    \
  __BANKCHECK_TORCH_MIXED(T, float, float) __BANKCHECK_TORCH_MIXED(T, double, double)                             \
  __BANKCHECK_TORCH_MIXED(T, int, T) __BANKCHECK_TORCH_MIXED(T, int64_t, T)
#define __BANKCHECK_TORCH_MIXED(T, U, R)                                                                            \
  inline __host__ __device__ R operator+(const T& a, U b) { return static_cast<R>(static_cast<float>(a)) + static_cast<R>(b); } \
  inline __host__ __device__ R operator-(const T& a, U b) { return static_cast<R>(static_cast<float>(a)) - static_cast<R>(b); } \
  inline __host__ __device__ R operator*(const T& a, U b) { return static_cast<R>(static_cast<float>(a)) * static_cast<R>(b); } \
  inline __host__ __device__ R operator/(const T& a, U b) { return static_cast<R>(static_cast<float>(a)) / static_cast<R>(b); } \
  inline __host__ __device__ R operator+(U a, const T& b) { return static_cast<R>(a) + static_cast<R>(static_cast<float>(b)); } \
  inline __host__ __device__ R operator-(U a, const T& b) { return static_cast<R>(a) - static_cast<R>(static_cast<float>(b)); } \
  inline __host__ __device__ R operator*(U a, const T& b) { return static_cast<R>(a) * static_cast<R>(static_cast<float>(b)); } \
  inline __host__ __device__ R operator/(U a, const T& b) { return static_cast<R>(a) / static_cast<R>(static_cast<float>(b)); }
__BANKCHECK_TORCH_ARITHMETIC(Half)
__BANKCHECK_TORCH_ARITHMETIC(BFloat16)
#undef __BANKCHECK_TORCH_ARITHMETIC
#undef __BANKCHECK_TORCH_MIXED

template <class T> struct complex { T real_, imag_; };

class IntArrayRef {
 public:
  IntArrayRef();
  IntArrayRef(std::initializer_list<int64_t>);
  IntArrayRef(const int64_t*, size_t);
  size_t size() const;
  int64_t operator[](size_t) const;
  const int64_t* begin() const;
  const int64_t* end() const;
  const int64_t* data() const;
  int64_t front() const;
  int64_t back() const;
};

enum class DeviceType : int8_t { CPU = 0, CUDA = 1 };

struct Device {
  DeviceType type() const;
  constexpr Device(int index = 0) : index_(static_cast<int8_t>(index)) {}
  constexpr Device(DeviceType, int index = -1) : index_(static_cast<int8_t>(index)) {}
  int8_t index_;
  bool is_cuda() const;
  bool is_cpu() const;
  int8_t index() const;
  bool operator==(const Device&) const;
  bool operator!=(const Device&) const;
};

// What dtype() returns: compares with a ScalarType, as caffe2::TypeMeta does.
struct TypeMeta {
  ScalarType toScalarType() const;
  size_t itemsize() const;
  friend bool operator==(const TypeMeta&, ScalarType);
  friend bool operator!=(const TypeMeta&, ScalarType);
  friend bool operator==(ScalarType, const TypeMeta&);
  friend bool operator!=(ScalarType, const TypeMeta&);
  friend bool operator==(const TypeMeta&, const TypeMeta&);
  friend bool operator!=(const TypeMeta&, const TypeMeta&);
};

struct TensorOptions {
  TensorOptions();
  TensorOptions(ScalarType);
  TensorOptions(Device);
  TensorOptions dtype(ScalarType) const;
  TensorOptions dtype(TypeMeta) const;
  TensorOptions device(Device) const;
  TensorOptions device(int) const;
  TensorOptions requires_grad(bool) const;
  TypeMeta dtype() const;
  Device device() const;
};

using std::nullopt;
using std::optional;
using OptionalIntArrayRef = optional<IntArrayRef>;
size_t elementSize(ScalarType);

// What the deprecated Tensor::type() returns (`x.type().scalarType()`, older extensions).
struct DeprecatedTypeProperties {
  ScalarType scalarType() const;
  bool is_cuda() const;
  friend bool operator==(const DeprecatedTypeProperties&, const DeprecatedTypeProperties&);
  friend bool operator!=(const DeprecatedTypeProperties&, const DeprecatedTypeProperties&);
};

[[noreturn]] void __bankcheck_error(const char* = nullptr);
inline ScalarType __bankcheck_scalar_type(ScalarType t) { return t; }
inline ScalarType __bankcheck_scalar_type(const TypeMeta& t) { return t.toScalarType(); }
inline ScalarType __bankcheck_scalar_type(const DeprecatedTypeProperties& t) { return t.scalarType(); }

}  // namespace c10

namespace caffe2 { using c10::TypeMeta; }

namespace at {
using c10::elementSize;
using c10::nullopt;
using c10::optional;
using c10::BFloat16;
using c10::Device;
using c10::DeviceType;
using c10::Half;
using c10::IntArrayRef;
using c10::ScalarType;
using c10::TensorOptions;
using c10::TypeMeta;

constexpr ScalarType kByte = ScalarType::Byte, kChar = ScalarType::Char, kShort = ScalarType::Short,
                     kInt = ScalarType::Int, kLong = ScalarType::Long, kHalf = ScalarType::Half,
                     kFloat = ScalarType::Float, kDouble = ScalarType::Double, kBool = ScalarType::Bool,
                     kBFloat16 = ScalarType::BFloat16, kFloat16 = ScalarType::Half, kFloat32 = ScalarType::Float,
                     kFloat64 = ScalarType::Double, kInt8 = ScalarType::Char, kUInt8 = ScalarType::Byte,
                     kInt16 = ScalarType::Short, kInt32 = ScalarType::Int, kInt64 = ScalarType::Long;
constexpr c10::DeviceType kCUDA = c10::DeviceType::CUDA, kCPU = c10::DeviceType::CPU;

// Tensor accessors, as kernels take them (`torch::PackedTensorAccessor32<scalar_t, 2,
// torch::RestrictPtrTraits>`): indexing them reads global memory.
template <class T> struct DefaultPtrTraits { typedef T* PtrType; };
template <class T> struct RestrictPtrTraits { typedef T* __restrict__ PtrType; };
template <class T, size_t N, template <class> class PtrTraits = DefaultPtrTraits, class index_t = int64_t>
class TensorAccessor {
 public:
  __host__ __device__ TensorAccessor<T, N - 1, PtrTraits, index_t> operator[](index_t) const;
  __host__ __device__ index_t size(index_t) const;
  __host__ __device__ index_t stride(index_t) const;
  __host__ __device__ T* data() const;
};
template <class T, template <class> class PtrTraits, class index_t>
class TensorAccessor<T, 1, PtrTraits, index_t> {
 public:
  __host__ __device__ T& operator[](index_t) const;
  __host__ __device__ index_t size(index_t) const;
  __host__ __device__ index_t stride(index_t) const;
  __host__ __device__ T* data() const;
};
// The packed one (passed to kernels by value) indexes as the plain one does.
template <class T, size_t N, template <class> class PtrTraits = DefaultPtrTraits, class index_t = int64_t>
class GenericPackedTensorAccessor : public TensorAccessor<T, N, PtrTraits, index_t> {};
template <class T, size_t N, template <class> class PtrTraits = DefaultPtrTraits>
using PackedTensorAccessor32 = GenericPackedTensorAccessor<T, N, PtrTraits, int32_t>;
template <class T, size_t N, template <class> class PtrTraits = DefaultPtrTraits>
using PackedTensorAccessor64 = GenericPackedTensorAccessor<T, N, PtrTraits, int64_t>;
template <class T, size_t N, template <class> class PtrTraits = DefaultPtrTraits, class index_t = int64_t>
using PackedTensorAccessor = GenericPackedTensorAccessor<T, N, PtrTraits, index_t>;

class Tensor {
 public:
  template <class T, size_t N, template <class> class PtrTraits = DefaultPtrTraits>
  PackedTensorAccessor32<T, N, PtrTraits> packed_accessor32() const;
  template <class T, size_t N, template <class> class PtrTraits = DefaultPtrTraits>
  PackedTensorAccessor64<T, N, PtrTraits> packed_accessor64() const;
  template <class T, size_t N, template <class> class PtrTraits = DefaultPtrTraits, class index_t = int64_t>
  GenericPackedTensorAccessor<T, N, PtrTraits, index_t> generic_packed_accessor() const;
  template <class T, size_t N> TensorAccessor<T, N> accessor() const;
  Tensor();
  int64_t size(int64_t dim) const;
  IntArrayRef sizes() const;
  int64_t stride(int64_t dim) const;
  IntArrayRef strides() const;
  int64_t numel() const;
  int64_t dim() const;
  int64_t ndimension() const;
  int64_t element_size() const;
  size_t nbytes() const;
  void* data_ptr() const;
  template <class T> T* data_ptr() const;
  template <class T> T* data() const;  // deprecated spelling of data_ptr<T>()
  template <class T> T* mutable_data_ptr() const;
  template <class T> const T* const_data_ptr() const;
  const void* const_data_ptr() const;
  template <class T> T item() const;
  ScalarType scalar_type() const;
  c10::DeprecatedTypeProperties type() const;
  TypeMeta dtype() const;
  TensorOptions options() const;
  Device device() const;
  int get_device() const;
  bool is_cuda() const;
  bool is_contiguous() const;
  bool defined() const;
  bool requires_grad() const;
  Tensor contiguous() const;
  Tensor clone() const;
  Tensor detach() const;
  Tensor view(IntArrayRef) const;
  Tensor reshape(IntArrayRef) const;
  Tensor permute(IntArrayRef) const;
  Tensor transpose(int64_t, int64_t) const;
  Tensor narrow(int64_t, int64_t, int64_t) const;
  Tensor select(int64_t, int64_t) const;
  Tensor squeeze() const;
  Tensor squeeze(int64_t) const;
  Tensor unsqueeze(int64_t) const;
  Tensor flatten() const;
  Tensor t() const;
  Tensor to(ScalarType) const;
  Tensor to(Device) const;
  Tensor to(TensorOptions) const;
  Tensor type_as(const Tensor&) const;
  Tensor sum() const;
  Tensor sum(int64_t, bool = false) const;
  Tensor mean() const;
  Tensor& zero_();
  Tensor& fill_(double);
  Tensor& copy_(const Tensor&);
  Tensor& resize_(IntArrayRef);
  Tensor operator[](int64_t) const;
  Tensor operator+(const Tensor&) const;
  Tensor operator-(const Tensor&) const;
  Tensor operator*(const Tensor&) const;
  Tensor operator/(const Tensor&) const;
  Tensor operator*(double) const;
};

Tensor empty(IntArrayRef, TensorOptions = {});
Tensor zeros(IntArrayRef, TensorOptions = {});
Tensor ones(IntArrayRef, TensorOptions = {});
Tensor full(IntArrayRef, double, TensorOptions = {});
Tensor empty_like(const Tensor&, TensorOptions = {});
Tensor zeros_like(const Tensor&, TensorOptions = {});
Tensor ones_like(const Tensor&, TensorOptions = {});
Tensor arange(int64_t, TensorOptions = {});
Tensor cat(std::initializer_list<Tensor>, int64_t = 0);
Tensor stack(std::initializer_list<Tensor>, int64_t = 0);
Tensor matmul(const Tensor&, const Tensor&);

// ATen/AccumulateType.h: the type a kernel accumulates a scalar type in.
template <class T, bool is_cuda> struct AccumulateType { using type = T; };
template <> struct AccumulateType<Half, true> { using type = float; };
template <> struct AccumulateType<BFloat16, true> { using type = float; };
template <> struct AccumulateType<float, true> { using type = float; };
template <> struct AccumulateType<int8_t, true> { using type = int64_t; };
template <> struct AccumulateType<int32_t, true> { using type = int64_t; };
template <class T, bool is_cuda> using acc_type = typename AccumulateType<T, is_cuda>::type;
template <class T> using opmath_type = acc_type<T, true>;

namespace cuda {
struct CUDAStream {
  operator cudaStream_t() const;
  cudaStream_t stream() const;
};
int8_t current_device();
int64_t device_count();
CUDAStream getCurrentCUDAStream(int8_t device = -1);
CUDAStream getDefaultCUDAStream(int8_t device = -1);
CUDAStream getStreamFromPool(bool highPriority = false, int8_t device = -1);
cudaDeviceProp* getCurrentDeviceProperties();
cudaDeviceProp* getDeviceProperties(int64_t device);
cublasHandle_t getCurrentCUDABlasHandle();
template <class T> inline __host__ __device__ T ATenCeilDiv(T a, T b) { return (a + b - 1) / b; }
namespace detail {
bool canUse32BitIndexMath(const Tensor&, int64_t max_elem = 2147483647);
}  // namespace detail
struct CUDAGuard {
  explicit CUDAGuard(Device);
  explicit CUDAGuard(int);
};
struct OptionalCUDAGuard {
  OptionalCUDAGuard();
  explicit OptionalCUDAGuard(Device);
  explicit OptionalCUDAGuard(int);
};
}  // namespace cuda
}  // namespace at

namespace c10 {
namespace cuda {
using at::cuda::CUDAGuard;
using at::cuda::CUDAStream;
using at::cuda::getCurrentCUDAStream;
using at::cuda::getDefaultCUDAStream;
using at::cuda::current_device;
using at::cuda::device_count;
using at::cuda::OptionalCUDAGuard;
}  // namespace cuda
using at::Tensor;
}  // namespace c10

namespace torch {
using namespace at;
namespace indexing {}
using Dtype = at::ScalarType;
}  // namespace torch

// THC/THCAtomics.cuh and ATen/cuda/Atomic.cuh: atomics on every ATen scalar type.
__device__ c10::Half atomicAdd(c10::Half* address, c10::Half value);
__device__ c10::BFloat16 atomicAdd(c10::BFloat16* address, c10::BFloat16 value);
template <class T> __device__ T gpuAtomicAdd(T* address, T value);
template <class T> __device__ void gpuAtomicAddNoReturn(T* address, T value);

#define TORCH_CHECK(cond, ...) ((cond) ? (void)0 : ::c10::__bankcheck_error())
#define TORCH_CHECK_EQ(a, b) TORCH_CHECK((a) == (b))
#define TORCH_INTERNAL_ASSERT(cond, ...) TORCH_CHECK(cond)
#define AT_ASSERT(cond, ...) TORCH_CHECK(cond)
#define AT_ASSERTM(cond, ...) TORCH_CHECK(cond)
#define AT_ERROR(...) ::c10::__bankcheck_error()
#define AT_CUDA_CHECK(expr) ((void)(expr))
#define C10_CUDA_CHECK(expr) ((void)(expr))
#define C10_CUDA_KERNEL_LAUNCH_CHECK() ((void)0)
#define C10_HOST_DEVICE __host__ __device__
#define C10_DEVICE __device__
#define C10_HOST __host__
#define C10_LAUNCH_BOUNDS_1(max_threads) __launch_bounds__(max_threads)
#define C10_WARP_SIZE 32
#define C10_UNUSED
#define C10_LIKELY(x) (x)
#define C10_UNLIKELY(x) (x)

// ATen/Dispatch.h: a switch on the scalar type, each case naming it `scalar_t` and calling the
// lambda, inside a lambda called at once (as ATen writes it).
#define __BANKCHECK_AT_CASE(ENUM, TYPE, ...) \
  case ::c10::ScalarType::ENUM: {           \
    using scalar_t = TYPE;                  \
    return __VA_ARGS__();                   \
  }
#define __BANKCHECK_AT_SWITCH(TYPE, NAME, CASES)                       \
  [&] {                                                                \
    switch (::c10::__bankcheck_scalar_type(TYPE)) {                    \
      CASES                                                            \
      default: ::c10::__bankcheck_error(NAME);                         \
    }                                                                  \
  }()
#define __BANKCHECK_AT_FLOATING(...) \
  __BANKCHECK_AT_CASE(Double, double, __VA_ARGS__) __BANKCHECK_AT_CASE(Float, float, __VA_ARGS__)
#define __BANKCHECK_AT_INTEGRAL(...)                                                                     \
  __BANKCHECK_AT_CASE(Byte, uint8_t, __VA_ARGS__) __BANKCHECK_AT_CASE(Char, int8_t, __VA_ARGS__)         \
  __BANKCHECK_AT_CASE(Int, int32_t, __VA_ARGS__) __BANKCHECK_AT_CASE(Long, int64_t, __VA_ARGS__)        \
  __BANKCHECK_AT_CASE(Short, int16_t, __VA_ARGS__)
#define __BANKCHECK_AT_EXTRA(ENUM, ...) __BANKCHECK_AT_CASE(ENUM, ::c10::__bankcheck_cpp_type<::c10::ScalarType::ENUM>::type, __VA_ARGS__)

namespace c10 {
template <ScalarType> struct __bankcheck_cpp_type;
template <> struct __bankcheck_cpp_type<ScalarType::Half> { using type = Half; };
template <> struct __bankcheck_cpp_type<ScalarType::BFloat16> { using type = BFloat16; };
template <> struct __bankcheck_cpp_type<ScalarType::Bool> { using type = bool; };
template <> struct __bankcheck_cpp_type<ScalarType::Float> { using type = float; };
template <> struct __bankcheck_cpp_type<ScalarType::Double> { using type = double; };
template <> struct __bankcheck_cpp_type<ScalarType::Int> { using type = int32_t; };
template <> struct __bankcheck_cpp_type<ScalarType::Long> { using type = int64_t; };
template <> struct __bankcheck_cpp_type<ScalarType::Byte> { using type = uint8_t; };
template <> struct __bankcheck_cpp_type<ScalarType::Char> { using type = int8_t; };
template <> struct __bankcheck_cpp_type<ScalarType::Short> { using type = int16_t; };
}  // namespace c10

#define AT_DISPATCH_FLOATING_TYPES(TYPE, NAME, ...) __BANKCHECK_AT_SWITCH(TYPE, NAME, __BANKCHECK_AT_FLOATING(__VA_ARGS__))
#define AT_DISPATCH_FLOATING_TYPES_AND_HALF(TYPE, NAME, ...) \
  __BANKCHECK_AT_SWITCH(TYPE, NAME, __BANKCHECK_AT_FLOATING(__VA_ARGS__) __BANKCHECK_AT_EXTRA(Half, __VA_ARGS__))
#define AT_DISPATCH_FLOATING_TYPES_AND(T1, TYPE, NAME, ...) \
  __BANKCHECK_AT_SWITCH(TYPE, NAME, __BANKCHECK_AT_FLOATING(__VA_ARGS__) __BANKCHECK_AT_CASE_OF(T1, __VA_ARGS__))
#define AT_DISPATCH_FLOATING_TYPES_AND2(T1, T2, TYPE, NAME, ...)                                                  \
  __BANKCHECK_AT_SWITCH(TYPE, NAME, __BANKCHECK_AT_FLOATING(__VA_ARGS__)                                       \
                                        __BANKCHECK_AT_CASE_OF(T1, __VA_ARGS__) __BANKCHECK_AT_CASE_OF(T2, __VA_ARGS__))
#define AT_DISPATCH_REDUCED_FLOATING_TYPES(TYPE, NAME, ...) \
  __BANKCHECK_AT_SWITCH(TYPE, NAME, __BANKCHECK_AT_EXTRA(Half, __VA_ARGS__) __BANKCHECK_AT_EXTRA(BFloat16, __VA_ARGS__))
#define AT_DISPATCH_INTEGRAL_TYPES(TYPE, NAME, ...) __BANKCHECK_AT_SWITCH(TYPE, NAME, __BANKCHECK_AT_INTEGRAL(__VA_ARGS__))
#define AT_DISPATCH_ALL_TYPES(TYPE, NAME, ...) \
  __BANKCHECK_AT_SWITCH(TYPE, NAME, __BANKCHECK_AT_FLOATING(__VA_ARGS__) __BANKCHECK_AT_INTEGRAL(__VA_ARGS__))
#define AT_DISPATCH_ALL_TYPES_AND(T1, TYPE, NAME, ...) \
  __BANKCHECK_AT_SWITCH(TYPE, NAME, __BANKCHECK_AT_FLOATING(__VA_ARGS__) __BANKCHECK_AT_INTEGRAL(__VA_ARGS__) __BANKCHECK_AT_CASE_OF(T1, __VA_ARGS__))
#define AT_DISPATCH_ALL_TYPES_AND_HALF(TYPE, NAME, ...) \
  __BANKCHECK_AT_SWITCH(TYPE, NAME, __BANKCHECK_AT_FLOATING(__VA_ARGS__) __BANKCHECK_AT_INTEGRAL(__VA_ARGS__) __BANKCHECK_AT_EXTRA(Half, __VA_ARGS__))
// T1 as ATen passes it: `at::ScalarType::Half` or `at::kHalf`.
#define __BANKCHECK_AT_CASE_OF(T1, ...)                              \
  case T1: {                                                         \
    using scalar_t = ::c10::__bankcheck_cpp_type<T1>::type;          \
    return __VA_ARGS__();                                            \
  }

namespace pybind11 {
class module_ {
 public:
  template <class... A> module_& def(const char* name, A&&... args);
  template <class... A> module_ def_submodule(A&&... args);
};
using module = module_;
struct arg {
  explicit arg(const char*);
  template <class T> arg& operator=(T&&);
};
}  // namespace pybind11
namespace py = pybind11;
#ifndef TORCH_EXTENSION_NAME
#define TORCH_EXTENSION_NAME bankcheck_extension
#endif
#define PYBIND11_MODULE(name, variable) static void __bankcheck_pybind11_module_##name(::pybind11::module_& variable)
#define TORCH_LIBRARY(ns, m) static void __bankcheck_torch_library_##ns(::torch::__bankcheck_library& m)
#define TORCH_LIBRARY_IMPL(ns, k, m) static void __bankcheck_torch_library_impl_##ns##_##k(::torch::__bankcheck_library& m)
namespace torch {
struct __bankcheck_library {
  template <class... A> __bankcheck_library& def(A&&... args);
  template <class... A> __bankcheck_library& impl(A&&... args);
};
}  // namespace torch
