/* bankcheck prelude: the part of Thrust's vectors that host code around kernels uses (allocate,
 * copy between host and device, index, take the raw pointer for a launch). Declarations only:
 * bankcheck never runs host code; it only needs the launches around the kernels to compile. */
#pragma once
#include <cstddef>

namespace thrust {

template <class T>
class device_ptr {
 public:
  __host__ __device__ device_ptr();
  __host__ __device__ explicit device_ptr(T*);
  __host__ __device__ T* get() const;
};

template <class T> __host__ __device__ T* raw_pointer_cast(device_ptr<T>);
template <class T> __host__ __device__ T* raw_pointer_cast(T*);

template <class T, class Pointer>
class __bankcheck_vector {
 public:
  typedef T value_type;
  typedef std::size_t size_type;
  typedef Pointer pointer;
  __bankcheck_vector();
  explicit __bankcheck_vector(size_type);
  __bankcheck_vector(size_type, const T&);
  template <class Other> __bankcheck_vector(const Other&);
  template <class Iterator> __bankcheck_vector(Iterator, Iterator);
  template <class Other> __bankcheck_vector& operator=(const Other&);
  size_type size() const;
  bool empty() const;
  void resize(size_type);
  void resize(size_type, const T&);
  void clear();
  void push_back(const T&);
  pointer data();
  const T* data() const;
  T& operator[](size_type);
  const T& operator[](size_type) const;
  T* begin();
  T* end();
  const T* begin() const;
  const T* end() const;
};

template <class T> using host_vector = __bankcheck_vector<T, T*>;
template <class T> using device_vector = __bankcheck_vector<T, device_ptr<T>>;

template <class InputIt, class OutputIt> OutputIt copy(InputIt, InputIt, OutputIt);
template <class ForwardIt, class T> void fill(ForwardIt, ForwardIt, const T&);
template <class ForwardIt, class T> void sequence(ForwardIt, ForwardIt, T = T(), T = T(1));

}  // namespace thrust
