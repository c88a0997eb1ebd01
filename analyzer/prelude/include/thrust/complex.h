/* bankcheck CUDA prelude: thrust/complex.h, as the toolkit's CCCL provides it to nvcc.
 * thrust::complex<T> with its arithmetic (defined here: a complex value is two T), and the
 * functions of <complex> declared __host__ __device__ (their bodies change no shared-memory
 * access). Older CuTe (`using thrust::complex;` in cute/numeric/complex.hpp) needs it. */
#pragma once

#include "__bankcheck_prelude.h"

namespace thrust {

// Aligned to its size, as CCCL declares it: a complex<float> moves as one 8-byte access.
template <typename T>
struct alignas(sizeof(T) * 2) complex {
  typedef T value_type;
  T re_, im_;

  complex() = default;  // trivial, so that a __shared__ array of them needs no initialization
  __BC_HD constexpr complex(const T& re, const T& im = T()) : re_(re), im_(im) {}
  template <typename U>
  __BC_HD constexpr complex(const complex<U>& z) : re_(T(z.real())), im_(T(z.imag())) {}

  __BC_HD constexpr T real() const { return re_; }
  __BC_HD constexpr T imag() const { return im_; }
  __BC_HD void real(T re) { re_ = re; }
  __BC_HD void imag(T im) { im_ = im; }

  __BC_HD complex& operator=(const T& re) { re_ = re; im_ = T(); return *this; }
  __BC_HD complex& operator+=(const complex& z) { re_ += z.re_; im_ += z.im_; return *this; }
  __BC_HD complex& operator-=(const complex& z) { re_ -= z.re_; im_ -= z.im_; return *this; }
  __BC_HD complex& operator*=(const complex& z) { *this = *this * z; return *this; }
  __BC_HD complex& operator/=(const complex& z) { *this = *this / z; return *this; }
  __BC_HD complex& operator+=(const T& x) { re_ += x; return *this; }
  __BC_HD complex& operator-=(const T& x) { re_ -= x; return *this; }
  __BC_HD complex& operator*=(const T& x) { re_ *= x; im_ *= x; return *this; }
  __BC_HD complex& operator/=(const T& x) { re_ /= x; im_ /= x; return *this; }

  friend __BC_HD complex operator+(const complex& a, const complex& b) { return complex(a.re_ + b.re_, a.im_ + b.im_); }
  friend __BC_HD complex operator-(const complex& a, const complex& b) { return complex(a.re_ - b.re_, a.im_ - b.im_); }
  friend __BC_HD complex operator*(const complex& a, const complex& b) {
    return complex(a.re_ * b.re_ - a.im_ * b.im_, a.re_ * b.im_ + a.im_ * b.re_);
  }
  friend __BC_HD complex operator/(const complex& a, const complex& b) {
    const T d = b.re_ * b.re_ + b.im_ * b.im_;
    return complex((a.re_ * b.re_ + a.im_ * b.im_) / d, (a.im_ * b.re_ - a.re_ * b.im_) / d);
  }
  friend __BC_HD complex operator+(const complex& a, const T& x) { return complex(a.re_ + x, a.im_); }
  friend __BC_HD complex operator+(const T& x, const complex& a) { return complex(x + a.re_, a.im_); }
  friend __BC_HD complex operator-(const complex& a, const T& x) { return complex(a.re_ - x, a.im_); }
  friend __BC_HD complex operator-(const T& x, const complex& a) { return complex(x - a.re_, -a.im_); }
  friend __BC_HD complex operator*(const complex& a, const T& x) { return complex(a.re_ * x, a.im_ * x); }
  friend __BC_HD complex operator*(const T& x, const complex& a) { return complex(x * a.re_, x * a.im_); }
  friend __BC_HD complex operator/(const complex& a, const T& x) { return complex(a.re_ / x, a.im_ / x); }
  friend __BC_HD complex operator/(const T& x, const complex& a) { return complex(x) / a; }
  friend __BC_HD complex operator+(const complex& a) { return a; }
  friend __BC_HD complex operator-(const complex& a) { return complex(-a.re_, -a.im_); }
  friend __BC_HD bool operator==(const complex& a, const complex& b) { return a.re_ == b.re_ && a.im_ == b.im_; }
  friend __BC_HD bool operator!=(const complex& a, const complex& b) { return !(a == b); }
  friend __BC_HD bool operator==(const complex& a, const T& x) { return a.re_ == x && a.im_ == T(); }
  friend __BC_HD bool operator!=(const complex& a, const T& x) { return !(a == x); }
};

template <typename T> __BC_HD T real(const complex<T>& z) { return z.real(); }
template <typename T> __BC_HD T imag(const complex<T>& z) { return z.imag(); }
template <typename T> __BC_HD complex<T> conj(const complex<T>& z) { return complex<T>(z.real(), -z.imag()); }
template <typename T> __BC_HD T norm(const complex<T>& z) { return z.real() * z.real() + z.imag() * z.imag(); }
template <typename T> __BC_HD T abs(const complex<T>& z);
template <typename T> __BC_HD T arg(const complex<T>& z);
template <typename T> __BC_HD complex<T> polar(const T& m, const T& theta = T());
template <typename T> __BC_HD complex<T> proj(const complex<T>& z);
template <typename T> __BC_HD complex<T> exp(const complex<T>& z);
template <typename T> __BC_HD complex<T> log(const complex<T>& z);
template <typename T> __BC_HD complex<T> log10(const complex<T>& z);
template <typename T> __BC_HD complex<T> sqrt(const complex<T>& z);
template <typename T> __BC_HD complex<T> pow(const complex<T>& x, const complex<T>& y);
template <typename T> __BC_HD complex<T> pow(const complex<T>& x, const T& y);
template <typename T> __BC_HD complex<T> pow(const T& x, const complex<T>& y);
template <typename T> __BC_HD complex<T> sin(const complex<T>& z);
template <typename T> __BC_HD complex<T> cos(const complex<T>& z);
template <typename T> __BC_HD complex<T> tan(const complex<T>& z);
template <typename T> __BC_HD complex<T> sinh(const complex<T>& z);
template <typename T> __BC_HD complex<T> cosh(const complex<T>& z);
template <typename T> __BC_HD complex<T> tanh(const complex<T>& z);

}  // namespace thrust
