/* bankcheck CUDA prelude: shadow of <cooperative_groups.h>.
 *
 * thread_block, grid_group, cluster_group, coalesced_group, thread_block_tile<N> and
 * tiled_partition, with CUDA 13's member names and return types. The rank and size functions
 * that bankcheck may need to follow an index (thread_block::thread_rank(), thread_index(),
 * thread_block_tile<N>::thread_rank(), meta_group_rank() ...) have their real definitions in
 * terms of threadIdx/blockDim; the collective operations are declared only. */
#ifndef __BANKCHECK_COOPERATIVE_GROUPS_H
#define __BANKCHECK_COOPERATIVE_GROUPS_H
#define _COOPERATIVE_GROUPS_H_ /* the toolkit header's own guard, which libraries test */

#include "__bankcheck_prelude.h"

/* The toolkit's pointer constraint for inline PTX (details/info.h), which libraries use in their
 * own asm statements. */
#ifndef _CG_ASM_PTR_CONSTRAINT
#define _CG_ASM_PTR_CONSTRAINT "l"
#endif

namespace cooperative_groups {

namespace __bankcheck_cg {
__BC_DI unsigned int __block_thread_rank() {
  return (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
}
__BC_DI unsigned int __block_num_threads() { return blockDim.x * blockDim.y * blockDim.z; }
__BC_DI unsigned long long __grid_block_rank() {
  return ((unsigned long long)blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
}
}  // namespace __bankcheck_cg

class thread_group {
 protected:
  unsigned int __bankcheck_type;

 public:
  __BC_D unsigned long long size() const;
  __BC_D unsigned long long num_threads() const;
  __BC_D unsigned long long thread_rank() const;
  __BC_D void sync() const;
  __BC_D unsigned int get_type() const;
};

class grid_group : public thread_group {
 public:
  __BC_D bool is_valid() const;
  __BC_D void sync() const;
  using arrival_token = unsigned int; /* CUDA 13: a split grid barrier */
  __BC_D arrival_token barrier_arrive() const;
  __BC_D void barrier_wait(arrival_token&& __token) const;
  __BC_DI static unsigned long long num_threads() {
    return (unsigned long long)__bankcheck_cg::__block_num_threads() * gridDim.x * gridDim.y *
           gridDim.z;
  }
  __BC_DI static unsigned long long size() { return num_threads(); }
  __BC_DI static unsigned long long thread_rank() {
    return __bankcheck_cg::__grid_block_rank() * __bankcheck_cg::__block_num_threads() +
           __bankcheck_cg::__block_thread_rank();
  }
  __BC_DI static dim3 group_dim() { return gridDim; }
  __BC_DI static dim3 dim_threads() {
    return dim3(gridDim.x * blockDim.x, gridDim.y * blockDim.y, gridDim.z * blockDim.z);
  }
  __BC_DI static dim3 thread_index() {
    return dim3(blockIdx.x * blockDim.x + threadIdx.x, blockIdx.y * blockDim.y + threadIdx.y,
                blockIdx.z * blockDim.z + threadIdx.z);
  }
  __BC_DI static dim3 dim_blocks() { return gridDim; }
  __BC_DI static unsigned long long num_blocks() {
    return (unsigned long long)gridDim.x * gridDim.y * gridDim.z;
  }
  __BC_DI static dim3 block_index() { return blockIdx; }
  __BC_DI static unsigned long long block_rank() { return __bankcheck_cg::__grid_block_rank(); }
  __BC_D static dim3 dim_clusters();
  __BC_D static unsigned long long num_clusters();
  __BC_D static dim3 cluster_index();
  __BC_D static unsigned long long cluster_rank();
};
__BC_D grid_group this_grid();

class cluster_group : public thread_group {
 public:
  __BC_D static void sync();
  using arrival_token = struct {};
  __BC_D static arrival_token barrier_arrive();
  __BC_D static void barrier_wait();
  __BC_D static void barrier_wait(arrival_token&&);
  __BC_D static unsigned int query_shared_rank(const void* __addr);
  template <typename _T>
  __BC_D static _T* map_shared_rank(_T* __addr, int __rank);
  template <typename _T>
  __BC_D static _T& map_shared_rank(_T& __addr, int __rank);
  __BC_D static dim3 block_index();
  __BC_D static unsigned int block_rank();
  __BC_D static dim3 thread_index();
  __BC_D static unsigned int thread_rank();
  __BC_D static dim3 dim_blocks();
  __BC_D static unsigned int num_blocks();
  __BC_D static dim3 dim_threads();
  __BC_D static unsigned int num_threads();
  __BC_D static unsigned int size();
};
__BC_D cluster_group this_cluster();

class thread_block : public thread_group {
 public:
  __BC_D static void sync();
  struct arrival_token {}; /* CUDA 13: a split block barrier */
  __BC_D arrival_token barrier_arrive() const;
  __BC_D void barrier_wait(arrival_token&&) const;
  __BC_DI static unsigned int size() { return __bankcheck_cg::__block_num_threads(); }
  __BC_DI static unsigned int num_threads() { return __bankcheck_cg::__block_num_threads(); }
  __BC_DI static unsigned int thread_rank() { return __bankcheck_cg::__block_thread_rank(); }
  __BC_DI static dim3 group_index() { return blockIdx; }
  __BC_DI static dim3 thread_index() { return threadIdx; }
  __BC_DI static dim3 group_dim() { return blockDim; }
  __BC_DI static dim3 dim_threads() { return blockDim; }
};
__BC_D thread_block this_thread_block();

class coalesced_group : public thread_group {
 public:
  __BC_D unsigned int num_threads() const;
  __BC_D unsigned int size() const;
  __BC_D unsigned int thread_rank() const;
  __BC_D unsigned int meta_group_rank() const;
  __BC_D unsigned int meta_group_size() const;
  __BC_D unsigned int get_mask() const;
  __BC_D void sync() const;
  template <typename _T> __BC_D _T shfl(_T __var, unsigned int __src_rank) const;
  template <typename _T> __BC_D _T shfl_up(_T __var, int __delta) const;
  template <typename _T> __BC_D _T shfl_down(_T __var, int __delta) const;
  __BC_D int any(int __predicate) const;
  __BC_D int all(int __predicate) const;
  __BC_D unsigned int ballot(int __predicate) const;
  template <typename _T> __BC_D unsigned int match_any(_T __val) const;
  template <typename _T> __BC_D unsigned int match_all(_T __val, int& __pred) const;
};
__BC_D coalesced_group coalesced_threads();

/* thread_block_tile<Size> (Size a power of two up to 32 for single-warp tiles; 64..1024 tiles
 * exist in CUDA too and are accepted here). thread_block_tile<Size, ParentT> is what
 * tiled_partition<Size>(parent) returns; it converts to thread_block_tile<Size>. */
template <unsigned int _Size, typename _ParentT = void>
class thread_block_tile;

template <unsigned int _Size>
class thread_block_tile<_Size, void> : public thread_group {
  static_assert(_Size != 0 && (_Size & (_Size - 1)) == 0, "tile size must be a power of two");

 protected:
  unsigned int __bankcheck_meta_rank;
  unsigned int __bankcheck_meta_size;

 public:
  static constexpr unsigned int numThreads = _Size;
  __BC_DI static unsigned int thread_rank() {
    return __bankcheck_cg::__block_thread_rank() & (_Size - 1);
  }
  __BC_HDI static constexpr unsigned int num_threads() { return _Size; }
  __BC_HDI static constexpr unsigned int size() { return _Size; }
  __BC_DI unsigned int meta_group_rank() const { return __bankcheck_meta_rank; }
  __BC_DI unsigned int meta_group_size() const { return __bankcheck_meta_size; }
  /* A tile keeps its rank among its parent's tiles when it is converted to this type (what
   * tiled_partition<Size>(parent) returns, stored in a thread_block_tile<Size>). */
  __BC_DI thread_block_tile(unsigned int __rank, unsigned int __size)
      : __bankcheck_meta_rank(__rank), __bankcheck_meta_size(__size) {}
  __BC_D static void sync();
  __BC_D static unsigned int get_mask();
  template <typename _T> __BC_D _T shfl(_T __var, int __src_rank) const;
  template <typename _T> __BC_D _T shfl_down(_T __var, unsigned int __delta) const;
  template <typename _T> __BC_D _T shfl_up(_T __var, unsigned int __delta) const;
  template <typename _T> __BC_D _T shfl_xor(_T __var, unsigned int __lane_mask) const;
  __BC_D int any(int __predicate) const;
  __BC_D int all(int __predicate) const;
  __BC_D unsigned int ballot(int __predicate) const;
  template <typename _T> __BC_D unsigned int match_any(_T __val) const;
  template <typename _T> __BC_D unsigned int match_all(_T __val, int& __pred) const;
};

namespace __bankcheck_cg {
/* Size of the parent of a tile: 0 for a whole thread_block, N for a thread_block_tile<N>. */
template <typename _ParentT> struct __tile_parent_size { static constexpr unsigned int value = 0; };
template <unsigned int _N, typename _P>
struct __tile_parent_size<thread_block_tile<_N, _P>> { static constexpr unsigned int value = _N; };
}  // namespace __bankcheck_cg

template <unsigned int _Size, typename _ParentT>
class thread_block_tile : public thread_block_tile<_Size, void> {
  static constexpr unsigned int __parent_size = __bankcheck_cg::__tile_parent_size<_ParentT>::value;

 public:
  __BC_DI thread_block_tile(const _ParentT&) : thread_block_tile<_Size, void>(meta_group_rank(), meta_group_size()) {}
  /* Rank of this tile among its parent's tiles, and their count. */
  __BC_DI static unsigned int meta_group_rank() {
    return __parent_size ? (__bankcheck_cg::__block_thread_rank() & (__parent_size - 1)) / _Size
                         : __bankcheck_cg::__block_thread_rank() / _Size;
  }
  __BC_DI static unsigned int meta_group_size() {
    return __parent_size ? __parent_size / _Size
                         : (__bankcheck_cg::__block_num_threads() + _Size - 1) / _Size;
  }
};

template <unsigned int _Size, typename _ParentT>
__BC_DI thread_block_tile<_Size, _ParentT> tiled_partition(const _ParentT& __parent) {
  return thread_block_tile<_Size, _ParentT>(__parent);
}
__BC_D thread_group tiled_partition(const thread_group& __parent, unsigned int __tilesz);
__BC_D thread_group tiled_partition(const thread_block& __parent, unsigned int __tilesz);
__BC_D coalesced_group tiled_partition(const coalesced_group& __parent, unsigned int __tilesz);
__BC_D thread_block_tile<1, void> this_thread();

template <class _Group>
__BC_D void sync(const _Group& __g);
template <class _Group>
__BC_DI auto thread_rank(const _Group& __g) -> decltype(__g.thread_rank()) {
  return __g.thread_rank();
}
template <class _Group>
__BC_DI auto num_threads(const _Group& __g) -> decltype(__g.num_threads()) {
  return __g.num_threads();
}
template <class _Group>
__BC_DI auto group_size(const _Group& __g) -> decltype(__g.num_threads()) {
  return __g.num_threads();
}

/* Partitions of a warp-sized group into coalesced groups. */
__BC_D coalesced_group binary_partition(const coalesced_group& __parent, bool __pred);
template <unsigned int _Size, typename _ParentT>
__BC_D coalesced_group binary_partition(const thread_block_tile<_Size, _ParentT>& __parent, bool __pred);
template <typename _Label>
__BC_D coalesced_group labeled_partition(const coalesced_group& __parent, _Label __label);
template <unsigned int _Size, typename _ParentT, typename _Label>
__BC_D coalesced_group labeled_partition(const thread_block_tile<_Size, _ParentT>& __parent, _Label __label);
/* Scratch memory for tiles larger than a warp (a __shared__ object the user declares). */
template <unsigned int _MaxBlockSize = 1024>
struct block_tile_memory {
  alignas(16) unsigned char __reserved[16 * ((_MaxBlockSize + 31) / 32) + 16];
};
template <unsigned int _MaxBlockSize>
__BC_D thread_block this_thread_block(block_tile_memory<_MaxBlockSize>& __scratch);

}  // namespace cooperative_groups

#endif /* __BANKCHECK_COOPERATIVE_GROUPS_H */
