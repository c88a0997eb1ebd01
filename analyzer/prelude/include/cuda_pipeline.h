/* bankcheck CUDA prelude: shadow of <cuda_pipeline.h>: the primitives plus the C++ wrapper
 * nvcuda::experimental::pipeline with memcpy_async(dst, src, pipe). */
#ifndef __BANKCHECK_CUDA_PIPELINE_H
#define __BANKCHECK_CUDA_PIPELINE_H
#define _CUDA_PIPELINE_H_ /* the toolkit header's own guard, which libraries test */

#include "cuda_pipeline_primitives.h"

namespace nvcuda {
namespace experimental {

class pipeline {
 public:
  pipeline(const pipeline&) = delete;
  pipeline(pipeline&&) = delete;
  pipeline& operator=(const pipeline&) = delete;
  pipeline& operator=(pipeline&&) = delete;
  __BC_D pipeline();
  __BC_D size_t commit();
  __BC_D void commit_and_wait();
  __BC_D void wait(size_t __batch);
  template <unsigned _N>
  __BC_D void wait_prior();

 private:
  size_t __current_batch;
};

template <class _T>
__BC_D void memcpy_async(_T& __dst, const _T& __src, pipeline& __pipe);
template <class _T, size_t _DstN, size_t _SrcN>
__BC_D void memcpy_async(_T (*__dst)[_DstN], const _T (*__src)[_SrcN], pipeline& __pipe);
template <size_t _N, typename _T>
__BC_D auto segment(_T* __ptr) -> _T (*)[_N];

}  // namespace experimental
}  // namespace nvcuda

#endif /* __BANKCHECK_CUDA_PIPELINE_H */
