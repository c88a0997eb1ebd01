/* bankcheck CUDA prelude: CUB, as the toolkit's CCCL provides it to nvcc (CUDA 13).
 *
 * What kernels use from CUB: the block and warp collectives (BlockReduce, BlockScan,
 * BlockRadixSort, BlockExchange, BlockLoad, BlockStore, WarpReduce, WarpScan) with their
 * template parameters and defaults, their TempStorage types, the direct loads and stores, the
 * operators (Sum, Max, Min, ArgMax, ArgMin), KeyValuePair, Traits, DoubleBuffer, and the device-wide
 * algorithms (DeviceReduce, DeviceScan, DeviceRadixSort ...) that host code calls.
 *
 * The collectives are declared only: CUB's implementation is not walked, so the accesses it makes
 * to a TempStorage are not computed (the array is reported as not analyzed); the kernel's own
 * accesses are. TempStorage has CUB's size where it was measured (sizeof with nvcc 13.0,
 * tests/prelude/corpus/cub_collectives.cu asserts them under both compilers): BlockReduce's
 * default algorithm, BlockScan's default (raking), BlockExchange, BlockLoad (direct, transposing),
 * BlockStore (warp-transposing), BlockRadixSort; the other algorithms get the size of their default.
 *
 * The block-wide collectives that synchronize the block inside (BlockReduce, BlockScan,
 * BlockExchange but its warp-striped forms, BlockRadixSort: each has a __syncthreads() between
 * its writes and reads of the TempStorage, executed by every thread) are marked
 * __BC_SYNCS_BLOCK, so that the synchronization analysis counts the call as a barrier. BlockLoad
 * and BlockStore are not: only their block-transposing algorithms synchronize. */
#pragma once

#include "__bankcheck_prelude.h"
#include "../cuda/functional" /* CCCL 3's CUB brings cuda::minimum and cuda::maximum */

namespace cub {

struct NullType {};

enum BlockReduceAlgorithm { BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY, BLOCK_REDUCE_RAKING, BLOCK_REDUCE_WARP_REDUCTIONS };
enum BlockScanAlgorithm { BLOCK_SCAN_RAKING, BLOCK_SCAN_RAKING_MEMOIZE, BLOCK_SCAN_WARP_SCANS };
enum BlockLoadAlgorithm {
  BLOCK_LOAD_DIRECT, BLOCK_LOAD_STRIPED, BLOCK_LOAD_VECTORIZE, BLOCK_LOAD_TRANSPOSE, BLOCK_LOAD_WARP_TRANSPOSE,
  BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED
};
enum BlockStoreAlgorithm {
  BLOCK_STORE_DIRECT, BLOCK_STORE_STRIPED, BLOCK_STORE_VECTORIZE, BLOCK_STORE_TRANSPOSE, BLOCK_STORE_WARP_TRANSPOSE,
  BLOCK_STORE_WARP_TRANSPOSE_TIMESLICED
};

namespace __bankcheck_cub {
constexpr int __warps(int __threads) { return (__threads + 31) / 32; }
constexpr bool __pow2(int __v) { return __v > 0 && (__v & (__v - 1)) == 0; }
constexpr int __align_up(int __v, int __a) { return (__v + __a - 1) / __a * __a; }
constexpr int __max(int __a, int __b) { return __a > __b ? __a : __b; }
/* BlockExchange's elements: one per item, plus one per 32 when a power-of-two count above 4 would
 * otherwise conflict (CUB's INSERT_PADDING). */
constexpr int __exchange_items(int __threads, int __items) {
  return __threads * __items + ((__items > 4 && __pow2(__items)) ? (__threads * __items) >> 5 : 0);
}
/* CUB's BlockRakingLayout for a block of __Threads. */
template <int __Threads>
struct __raking_layout {
  static constexpr int max_raking = __Threads < 32 ? __Threads : 32;
  static constexpr int segment = (__Threads + max_raking - 1) / max_raking;
  static constexpr int raking_threads = (__Threads + segment - 1) / segment;
  static constexpr int padding = ((segment & 1) == 0 && segment > 2) ? 1 : 0;
  static constexpr int grid = raking_threads * (segment + padding);
  static constexpr bool unguarded = __Threads % raking_threads == 0;
};
template <bool __C, typename __A, typename __B> struct __if { typedef __A type; };
template <typename __A, typename __B> struct __if<false, __A, __B> { typedef __B type; };
template <typename __A, typename __B> struct __same { static constexpr bool value = false; };
template <typename __A> struct __same<__A, __A> { static constexpr bool value = true; };
/* Storage for a layout without constructing it (CUB's Uninitialized<T>): a TempStorage of a type
 * with constructors (a KeyValuePair, a user's struct) is still trivial, so it can be __shared__ or
 * a union member. */
template <typename __Layout>
struct __uninitialized {
  alignas(__Layout) unsigned char __bytes[sizeof(__Layout)];
};
template <int __Bytes, int __Align>
struct alignas(__Align) __storage {
  unsigned char __bytes[__Bytes];
};
}  // namespace __bankcheck_cub

/* Reduction operators (CUB 2's, which CUDA 12 code uses; CCCL 3 moved them to cuda::std). */
struct Sum {
  template <typename T, typename U> __BC_HDI auto operator()(T&& a, U&& b) const -> decltype(a + b) { return a + b; }
};
struct Max {
  template <typename T, typename U> __BC_HDI T operator()(const T& a, const U& b) const { return a < b ? b : a; }
};
struct Min {
  template <typename T, typename U> __BC_HDI T operator()(const T& a, const U& b) const { return b < a ? b : a; }
};
struct Equality {
  template <typename T, typename U> __BC_HDI bool operator()(const T& a, const U& b) const { return a == b; }
};
struct Inequality {
  template <typename T, typename U> __BC_HDI bool operator()(const T& a, const U& b) const { return !(a == b); }
};

template <typename _Key, typename _Value>
struct KeyValuePair {
  typedef _Key Key;
  typedef _Value Value;
  Key key;
  Value value;
  KeyValuePair() = default;
  __BC_HDI KeyValuePair(const Key& k, const Value& v) : key(k), value(v) {}
  __BC_HDI bool operator!=(const KeyValuePair& b) { return value != b.value || key != b.key; }
};
struct ArgMax {
  template <typename T, typename O>
  __BC_HDI KeyValuePair<O, T> operator()(const KeyValuePair<O, T>& a, const KeyValuePair<O, T>& b) const {
    return (b.value > a.value || (b.value == a.value && b.key < a.key)) ? b : a;
  }
};
struct ArgMin {
  template <typename T, typename O>
  __BC_HDI KeyValuePair<O, T> operator()(const KeyValuePair<O, T>& a, const KeyValuePair<O, T>& b) const {
    return (b.value < a.value || (b.value == a.value && b.key < a.key)) ? b : a;
  }
};

template <typename T>
struct DoubleBuffer {
  T* d_buffers[2];
  int selector;
  __BC_HDI DoubleBuffer() : d_buffers{nullptr, nullptr}, selector(0) {}
  __BC_HDI DoubleBuffer(T* current, T* alternate) : d_buffers{current, alternate}, selector(0) {}
  __BC_HDI T* Current() { return d_buffers[selector]; }
  __BC_HDI T* Alternate() { return d_buffers[selector ^ 1]; }
};

/* The radix-sort view of a key type (its bits, and the twiddle that orders them). */
namespace __bankcheck_cub {
template <int __Size> struct __unsigned_bits;
template <> struct __unsigned_bits<1> { typedef unsigned char type; };
template <> struct __unsigned_bits<2> { typedef unsigned short type; };
template <> struct __unsigned_bits<4> { typedef unsigned int type; };
template <> struct __unsigned_bits<8> { typedef unsigned long long type; };
}  // namespace __bankcheck_cub
template <typename T>
struct Traits {
  typedef typename __bankcheck_cub::__unsigned_bits<sizeof(T)>::type UnsignedBits;
  static constexpr UnsignedBits HIGH_BIT = UnsignedBits(1) << (sizeof(UnsignedBits) * 8 - 1);
  static constexpr UnsignedBits LOWEST_KEY = 0;
  static constexpr UnsignedBits MAX_KEY = UnsignedBits(~UnsignedBits(0));
  __BC_HD static UnsignedBits TwiddleIn(UnsignedBits key);
  __BC_HD static UnsignedBits TwiddleOut(UnsignedBits key);
  __BC_HD static T Max();
  __BC_HD static T Lowest();
};

/* Block-wide reduction. TempStorage as CUB lays out its default (one empty warp-reduce storage per
 * warp, the warps' aggregates, the block prefix). */
template <typename T, int BLOCK_DIM_X, BlockReduceAlgorithm ALGORITHM = BLOCK_REDUCE_WARP_REDUCTIONS, int BLOCK_DIM_Y = 1,
          int BLOCK_DIM_Z = 1>
class BlockReduce {
  static constexpr int __threads = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
  static constexpr int __w = __bankcheck_cub::__warps(__threads);
  struct _WarpReductions {
    NullType warp_reduce[__w];
    T warp_aggregates[__w];
    T block_prefix;
  };
  /* The raking algorithms: CUB's raking grid (their warp reduction is shuffles, no storage). */
  struct alignas(16) _Raking {
    T grid[__bankcheck_cub::__raking_layout<__threads>::grid];
  };

 public:
  struct TempStorage
      : __bankcheck_cub::__uninitialized<
            typename __bankcheck_cub::__if<ALGORITHM == BLOCK_REDUCE_WARP_REDUCTIONS, _WarpReductions, _Raking>::type> {};
  __BC_D BlockReduce();
  __BC_D BlockReduce(TempStorage& temp_storage);
  template <typename ReductionOp> __BC_D __BC_SYNCS_BLOCK T Reduce(T input, ReductionOp reduction_op);
  template <typename ReductionOp> __BC_D __BC_SYNCS_BLOCK T Reduce(T input, ReductionOp reduction_op, int num_valid);
  template <int ITEMS_PER_THREAD, typename ReductionOp> __BC_D __BC_SYNCS_BLOCK T Reduce(T (&inputs)[ITEMS_PER_THREAD], ReductionOp reduction_op);
  __BC_D __BC_SYNCS_BLOCK T Sum(T input);
  __BC_D __BC_SYNCS_BLOCK T Sum(T input, int num_valid);
  template <int ITEMS_PER_THREAD> __BC_D __BC_SYNCS_BLOCK T Sum(T (&inputs)[ITEMS_PER_THREAD]);
};

/* The default algorithm (BLOCK_REDUCE_WARP_REDUCTIONS) with the shared-memory accesses CUB makes
 * (CCCL 3's BlockReduceWarpReductions), so that they are computed: each warp reduces with shuffles
 * (no shared memory on sm_70+), its lane 0 stores the warp's aggregate to warp_aggregates[warp],
 * the block synchronizes, and thread 0 reads the other warps' aggregates in order (only those
 * with a valid item for a partial tile). The values are not modelled, only where they go. The
 * raking algorithms stay declared only (the primary template above). */
template <typename T, int BLOCK_DIM_X, int BLOCK_DIM_Y, int BLOCK_DIM_Z>
class BlockReduce<T, BLOCK_DIM_X, BLOCK_REDUCE_WARP_REDUCTIONS, BLOCK_DIM_Y, BLOCK_DIM_Z> {
  static constexpr int __threads = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
  static constexpr int __w = __bankcheck_cub::__warps(__threads);
  static constexpr int __logical_warp = __threads < 32 ? __threads : 32;
  struct _WarpReductions {
    NullType warp_reduce[__w];
    T warp_aggregates[__w];
    T block_prefix;
  };

 public:
  struct TempStorage : __bankcheck_cub::__uninitialized<_WarpReductions> {};

 private:
  _WarpReductions& __temp;
  /* The thread's place in the block's linear order, as the hardware forms warps. CUB computes it
   * from the template's dimensions, equal to the launch's in any correct program; blockDim keeps a
   * shape the analysis assumes for the kernel (a family member) from reading other lanes. */
  __BC_D int __tid() const {
    return static_cast<int>(threadIdx.x + threadIdx.y * blockDim.x + threadIdx.z * blockDim.x * blockDim.y);
  }
  /* The warp's aggregate on every lane (a shuffle reduction: its value is not followed). */
  template <typename ReductionOp> __BC_D T __warp_reduce(T input, ReductionOp) const { return input; }
  template <typename ReductionOp> __BC_D T __apply(T aggregate, ReductionOp reduction_op, int num_valid, bool full) {
    const int tid = __tid();
    if (tid % 32 == 0) __temp.warp_aggregates[tid / 32] = aggregate;
    __syncthreads();
    /* CUB unrolls these reads (a template recursion over the warps), each read once into a local. */
    if (tid == 0) {
#pragma unroll
      for (int w = 1; w < __w; ++w)
        if (full || w * __logical_warp < num_valid) {
          const T addend = __temp.warp_aggregates[w];
          aggregate = reduction_op(aggregate, addend);
        }
    }
    return aggregate;
  }

 public:
  __BC_D BlockReduce();  /* CUB's private storage: declared only */
  __BC_D BlockReduce(TempStorage& temp_storage) : __temp(reinterpret_cast<_WarpReductions&>(temp_storage)) {}
  template <typename ReductionOp> __BC_D __BC_SYNCS_BLOCK T Reduce(T input, ReductionOp reduction_op) {
    return __apply(__warp_reduce(input, reduction_op), reduction_op, __threads, true);
  }
  template <typename ReductionOp> __BC_D __BC_SYNCS_BLOCK T Reduce(T input, ReductionOp reduction_op, int num_valid) {
    return __apply(__warp_reduce(input, reduction_op), reduction_op, num_valid, false);
  }
  template <int ITEMS_PER_THREAD, typename ReductionOp>
  __BC_D __BC_SYNCS_BLOCK T Reduce(T (&inputs)[ITEMS_PER_THREAD], ReductionOp reduction_op) {
    T partial = inputs[0];
    for (int i = 1; i < ITEMS_PER_THREAD; ++i) partial = reduction_op(partial, inputs[i]);
    return Reduce(partial, reduction_op);
  }
  __BC_D __BC_SYNCS_BLOCK T Sum(T input) { return Reduce(input, ::cub::Sum()); }
  __BC_D __BC_SYNCS_BLOCK T Sum(T input, int num_valid) { return Reduce(input, ::cub::Sum(), num_valid); }
  template <int ITEMS_PER_THREAD> __BC_D __BC_SYNCS_BLOCK T Sum(T (&inputs)[ITEMS_PER_THREAD]) { return Reduce(inputs, ::cub::Sum()); }
};

/* Block-wide prefix scan, with the shared-memory accesses CUB makes (CCCL 3's BlockScanRaking and
 * BlockScanWarpScans), so that they are computed at the user's call. The values are not modelled,
 * only where they go. TempStorage is laid out as CUB's (sizes measured with nvcc 13.0,
 * tests/prelude/corpus/cub_collectives.cu).
 *
 * Raking (the default; RAKING_MEMOIZE): CUB's BlockRakingLayout. Every thread stores its partial
 * into a grid of segments, one per raking thread (up to 32), each padded by one element when its
 * length is even and above 2; after a barrier each raking thread reads its segment, the raking
 * threads scan the segments' sums with shuffles, and each writes its segment back (CUB reads it
 * again first unless memoized, which nvcc 13 compiles away: measured); after a second barrier
 * every thread reads its place. A block aggregate
 * asked for is stored by one raking thread and read by all. A block of at most 32 threads scans
 * with shuffles only.
 *
 * WARP_SCANS (when the block is whole warps; otherwise CUB falls back to raking): each warp scans
 * with shuffles, lane 31 stores the warp's total, and after a barrier every thread reads all the
 * warps' totals; with a prefix callback, lane 0 stores the block prefix and all read it after
 * another barrier.
 *
 * Where the raking threads are not a power of two (a block of 48 or 200 threads, for example), CUB
 * scans them through shared memory (WarpScanSmem): that scan is declared only, so the call is
 * reported as not walked. */
namespace __bankcheck_cub {
constexpr int __ceil_log2(int __v) { return __v <= 1 ? 0 : 1 + __ceil_log2((__v + 1) / 2); }
/* A warp scan's storage: none with shuffles (a power-of-two width), CUB's WarpScanSmem cells
 * otherwise. */
template <typename __T, int __Width, bool __Shuffles = __pow2(__Width)>
struct __warp_scan_storage {
  __T __cells[__Width + (1 << (__ceil_log2(__Width) - 1))];
};
template <typename __T, int __Width>
struct __warp_scan_storage<__T, __Width, true> : NullType {};
/* The scan the raking threads run through shared memory when they are not a power of two. */
template <typename __Storage> __BC_D void WarpScanSmem(__Storage& __storage);
template <typename __Op, typename __T> __BC_D __T __call_prefix(__Op& __op, __T __aggregate) { return __op(__aggregate); }
template <typename __T> __BC_D __T __call_prefix(NullType&, __T __aggregate) { return __aggregate; }
/* Which raking thread stores the block aggregate: none, the first (scans with an initial value), or
 * the last (scans without). */
enum __aggregate_writer { __no_aggregate, __first_raking_thread, __last_raking_thread };
}  // namespace __bankcheck_cub

template <typename T, int BLOCK_DIM_X, BlockScanAlgorithm ALGORITHM = BLOCK_SCAN_RAKING, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1>
class BlockScan {
  static constexpr int __threads = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
  static constexpr int __w = __bankcheck_cub::__warps(__threads);
  static constexpr bool __warp_scans = ALGORITHM == BLOCK_SCAN_WARP_SCANS && __threads % 32 == 0;
  typedef __bankcheck_cub::__raking_layout<__threads> __layout;
  static constexpr bool __warp_synchronous = __threads == __layout::raking_threads;
  static constexpr bool __raking_shuffles = __bankcheck_cub::__pow2(__layout::raking_threads);
  struct alignas(16) _Grid {
    T buff[__layout::grid];
  };
  struct _Raking {
    __bankcheck_cub::__warp_scan_storage<T, __layout::raking_threads> warp_scan;
    _Grid raking_grid;
    T block_aggregate;
  };
  struct alignas(32) _WarpScans {
    T warp_aggregates[__w];
    NullType warp_scan[__w];
    T block_prefix;
  };
  typedef typename __bankcheck_cub::__if<__warp_scans, _WarpScans, _Raking>::type _Layout;

 public:
  struct TempStorage : __bankcheck_cub::__uninitialized<_Layout> {};

 private:
  _Layout& __temp;
  /* The thread's place in the block's linear order, from blockDim as in BlockReduce above. */
  __BC_D int __tid() const {
    return static_cast<int>(threadIdx.x + threadIdx.y * blockDim.x + threadIdx.z * blockDim.x * blockDim.y);
  }
  __BC_D _Raking& __raking() { return reinterpret_cast<_Raking&>(__temp); }
  __BC_D _WarpScans& __warp_totals() { return reinterpret_cast<_WarpScans&>(__temp); }

  /* CUB's raking scan of one partial per thread; returns what the thread reads back from its place. */
  template <__bankcheck_cub::__aggregate_writer Writer, typename ScanOp, typename Prefix>
  __BC_D T __raking_scan(T partial, ScanOp scan_op, T* block_aggregate, Prefix& prefix) {
    const int tid = __tid();
    if constexpr (__warp_synchronous) {
      /* Shuffles only (a power-of-two block), or CUB's shared-memory warp scan (not modelled). */
      if constexpr (!__raking_shuffles) __bankcheck_cub::WarpScanSmem(__raking().warp_scan);
      if constexpr (Writer != __bankcheck_cub::__no_aggregate) *block_aggregate = partial;
      __bankcheck_cub::__call_prefix(prefix, partial);
      return partial;
    }
    /* CUB's PlacementPtr: the thread's slot, skipping one padding element per segment. */
    T* place = __raking().raking_grid.buff + tid + (__layout::padding ? tid / __layout::segment : 0);
    *place = partial;
    __syncthreads();
    if (tid < __layout::raking_threads) {
      /* CUB's RakingPtr: the raking thread's segment. */
      T* segment = __raking().raking_grid.buff + tid * (__layout::segment + __layout::padding);
      T cached[__layout::segment];
#pragma unroll
      for (int i = 0; i < __layout::segment; ++i) cached[i] = segment[i];
      T total = cached[0];
#pragma unroll
      for (int i = 1; i < __layout::segment; ++i)
        if (__layout::unguarded || tid * __layout::segment + i < __threads) total = scan_op(total, cached[i]);
      if constexpr (!__raking_shuffles) __bankcheck_cub::WarpScanSmem(__raking().warp_scan);
      T running = __bankcheck_cub::__call_prefix(prefix, total);
      /* CUB reads the segment again here unless memoized, but nvcc 13 keeps the first read's
       * registers (only shuffles come between): the H100 ran the same loads for RAKING as for
       * RAKING_MEMOIZE (measurements/cub-block-scan, 2026-12-07). */
#pragma unroll
      for (int i = 0; i < __layout::segment; ++i) {
        const T item = cached[i];
        cached[i] = running;
        running = scan_op(running, item);
      }
#pragma unroll
      for (int i = 0; i < __layout::segment; ++i) segment[i] = cached[i];
      if constexpr (Writer != __bankcheck_cub::__no_aggregate)
        if (tid == (Writer == __bankcheck_cub::__first_raking_thread ? 0 : __layout::raking_threads - 1))
          __raking().block_aggregate = total;
    }
    __syncthreads();
    const T exclusive = *place;
    if constexpr (Writer != __bankcheck_cub::__no_aggregate) *block_aggregate = __raking().block_aggregate;
    return exclusive;
  }

  /* CUB's warp-scans algorithm; returns the warp's prefix. */
  template <bool CallsPrefix, typename ScanOp, typename Prefix>
  __BC_D T __warp_scans_scan(T partial, ScanOp scan_op, T* block_aggregate, Prefix& prefix) {
    const int tid = __tid();
    const int warp = __w == 1 ? 0 : tid / 32;
    const int lane = tid % 32;
    if (lane == 31) __warp_totals().warp_aggregates[warp] = partial;
    __syncthreads();
    T aggregate = __warp_totals().warp_aggregates[0];
    T warp_prefix = aggregate;
    /* CUB unrolls these reads (a template recursion over the warps), each read by every thread. */
#pragma unroll
    for (int w = 1; w < __w; ++w) {
      if (warp == w) warp_prefix = aggregate;
      const T addend = __warp_totals().warp_aggregates[w];
      aggregate = scan_op(aggregate, addend);
    }
    if (block_aggregate) *block_aggregate = aggregate;
    if constexpr (CallsPrefix) {
      if (warp == 0) {
        const T block_prefix = __bankcheck_cub::__call_prefix(prefix, aggregate);
        if (lane == 0) __warp_totals().block_prefix = block_prefix;
      }
      __syncthreads();
      warp_prefix = scan_op(__warp_totals().block_prefix, warp_prefix);
    }
    return warp_prefix;
  }

  /* Writer: which raking thread keeps a block aggregate asked for; a prefix callback, when given,
   * is called by the first warp. */
  template <__bankcheck_cub::__aggregate_writer Writer, typename ScanOp, typename Prefix>
  __BC_D T __scan(T partial, ScanOp scan_op, T* block_aggregate, Prefix& prefix) {
    constexpr bool calls_prefix = !__bankcheck_cub::__same<Prefix, NullType>::value;
    if constexpr (__warp_scans) return __warp_scans_scan<calls_prefix>(partial, scan_op, block_aggregate, prefix);
    else return __raking_scan<Writer>(partial, scan_op, block_aggregate, prefix);
  }
  template <__bankcheck_cub::__aggregate_writer Writer, typename ScanOp>
  __BC_D T __scan(T partial, ScanOp scan_op, T* block_aggregate) {
    NullType none;
    return __scan<Writer>(partial, scan_op, block_aggregate, none);
  }
  /* A thread's items: reduced before the block scan, scanned after it (in registers). */
  template <int ITEMS, typename ScanOp> __BC_D static T __reduce(T (&input)[ITEMS], ScanOp scan_op) {
    T partial = input[0];
#pragma unroll
    for (int i = 1; i < ITEMS; ++i) partial = scan_op(partial, input[i]);
    return partial;
  }
  template <int ITEMS, typename ScanOp> __BC_D static void __spread(T (&input)[ITEMS], T (&output)[ITEMS], ScanOp scan_op, T prefix) {
#pragma unroll
    for (int i = 0; i < ITEMS; ++i) {
      const T item = input[i];
      output[i] = prefix;
      prefix = scan_op(prefix, item);
    }
  }

 public:
  __BC_D BlockScan();  /* CUB's private storage: declared only */
  __BC_D BlockScan(TempStorage& temp_storage) : __temp(reinterpret_cast<_Layout&>(temp_storage)) {}

  /* Scans with an initial value (ExclusiveSum's is zero): the first raking thread keeps the aggregate. */
  template <typename ScanOp> __BC_D __BC_SYNCS_BLOCK void ExclusiveScan(T input, T& output, T initial_value, ScanOp scan_op) {
    output = scan_op(initial_value, __scan<__bankcheck_cub::__no_aggregate>(input, scan_op, nullptr));
  }
  template <typename ScanOp>
  __BC_D __BC_SYNCS_BLOCK void ExclusiveScan(T input, T& output, T initial_value, ScanOp scan_op, T& block_aggregate) {
    output = scan_op(initial_value, __scan<__bankcheck_cub::__first_raking_thread>(input, scan_op, &block_aggregate));
  }
  template <typename ScanOp> __BC_D __BC_SYNCS_BLOCK void ExclusiveScan(T input, T& output, ScanOp scan_op) {
    output = __scan<__bankcheck_cub::__no_aggregate>(input, scan_op, nullptr);
  }
  template <typename ScanOp> __BC_D __BC_SYNCS_BLOCK void ExclusiveScan(T input, T& output, ScanOp scan_op, T& block_aggregate) {
    output = __scan<__bankcheck_cub::__last_raking_thread>(input, scan_op, &block_aggregate);
  }
  template <typename ScanOp, typename BlockPrefixCallbackOp>
  __BC_D __BC_SYNCS_BLOCK void ExclusiveScan(T input, T& output, ScanOp scan_op, BlockPrefixCallbackOp& block_prefix_callback_op) {
    output = __scan<__bankcheck_cub::__no_aggregate>(input, scan_op, nullptr, block_prefix_callback_op);
  }
  __BC_D __BC_SYNCS_BLOCK void ExclusiveSum(T input, T& output) { ExclusiveScan(input, output, T(), ::cub::Sum()); }
  __BC_D __BC_SYNCS_BLOCK void ExclusiveSum(T input, T& output, T& block_aggregate) {
    ExclusiveScan(input, output, T(), ::cub::Sum(), block_aggregate);
  }
  template <typename BlockPrefixCallbackOp>
  __BC_D __BC_SYNCS_BLOCK void ExclusiveSum(T input, T& output, BlockPrefixCallbackOp& block_prefix_callback_op) {
    ExclusiveScan(input, output, ::cub::Sum(), block_prefix_callback_op);
  }
  template <typename ScanOp> __BC_D __BC_SYNCS_BLOCK void InclusiveScan(T input, T& output, ScanOp scan_op) {
    output = scan_op(__scan<__bankcheck_cub::__no_aggregate>(input, scan_op, nullptr), input);
  }
  template <typename ScanOp> __BC_D __BC_SYNCS_BLOCK void InclusiveScan(T input, T& output, ScanOp scan_op, T& block_aggregate) {
    output = scan_op(__scan<__bankcheck_cub::__last_raking_thread>(input, scan_op, &block_aggregate), input);
  }
  template <typename ScanOp, typename BlockPrefixCallbackOp>
  __BC_D __BC_SYNCS_BLOCK void InclusiveScan(T input, T& output, ScanOp scan_op, BlockPrefixCallbackOp& block_prefix_callback_op) {
    output = scan_op(__scan<__bankcheck_cub::__no_aggregate>(input, scan_op, nullptr, block_prefix_callback_op), input);
  }
  __BC_D __BC_SYNCS_BLOCK void InclusiveSum(T input, T& output) { InclusiveScan(input, output, ::cub::Sum()); }
  __BC_D __BC_SYNCS_BLOCK void InclusiveSum(T input, T& output, T& block_aggregate) {
    InclusiveScan(input, output, ::cub::Sum(), block_aggregate);
  }
  template <typename BlockPrefixCallbackOp>
  __BC_D __BC_SYNCS_BLOCK void InclusiveSum(T input, T& output, BlockPrefixCallbackOp& block_prefix_callback_op) {
    InclusiveScan(input, output, ::cub::Sum(), block_prefix_callback_op);
  }

  /* Several items per thread: CUB reduces them, scans the partials as above, and scans the items in
   * registers. */
  template <int ITEMS, typename ScanOp>
  __BC_D __BC_SYNCS_BLOCK void ExclusiveScan(T (&input)[ITEMS], T (&output)[ITEMS], T initial_value, ScanOp scan_op) {
    T prefix;
    ExclusiveScan(__reduce(input, scan_op), prefix, initial_value, scan_op);
    __spread(input, output, scan_op, prefix);
  }
  template <int ITEMS, typename ScanOp>
  __BC_D __BC_SYNCS_BLOCK void ExclusiveScan(T (&input)[ITEMS], T (&output)[ITEMS], T initial_value, ScanOp scan_op, T& block_aggregate) {
    T prefix;
    ExclusiveScan(__reduce(input, scan_op), prefix, initial_value, scan_op, block_aggregate);
    __spread(input, output, scan_op, prefix);
  }
  template <int ITEMS, typename ScanOp> __BC_D __BC_SYNCS_BLOCK void ExclusiveScan(T (&input)[ITEMS], T (&output)[ITEMS], ScanOp scan_op) {
    T prefix;
    ExclusiveScan(__reduce(input, scan_op), prefix, scan_op);
    __spread(input, output, scan_op, prefix);
  }
  template <int ITEMS, typename ScanOp>
  __BC_D __BC_SYNCS_BLOCK void ExclusiveScan(T (&input)[ITEMS], T (&output)[ITEMS], ScanOp scan_op, T& block_aggregate) {
    T prefix;
    ExclusiveScan(__reduce(input, scan_op), prefix, scan_op, block_aggregate);
    __spread(input, output, scan_op, prefix);
  }
  template <int ITEMS, typename ScanOp, typename BlockPrefixCallbackOp>
  __BC_D __BC_SYNCS_BLOCK void ExclusiveScan(T (&input)[ITEMS], T (&output)[ITEMS], ScanOp scan_op,
                                             BlockPrefixCallbackOp& block_prefix_callback_op) {
    T prefix;
    ExclusiveScan(__reduce(input, scan_op), prefix, scan_op, block_prefix_callback_op);
    __spread(input, output, scan_op, prefix);
  }
  template <int ITEMS> __BC_D __BC_SYNCS_BLOCK void ExclusiveSum(T (&input)[ITEMS], T (&output)[ITEMS]) {
    ExclusiveScan(input, output, T(), ::cub::Sum());
  }
  template <int ITEMS> __BC_D __BC_SYNCS_BLOCK void ExclusiveSum(T (&input)[ITEMS], T (&output)[ITEMS], T& block_aggregate) {
    ExclusiveScan(input, output, T(), ::cub::Sum(), block_aggregate);
  }
  template <int ITEMS, typename BlockPrefixCallbackOp>
  __BC_D __BC_SYNCS_BLOCK void ExclusiveSum(T (&input)[ITEMS], T (&output)[ITEMS], BlockPrefixCallbackOp& block_prefix_callback_op) {
    ExclusiveScan(input, output, ::cub::Sum(), block_prefix_callback_op);
  }
  template <int ITEMS, typename ScanOp> __BC_D __BC_SYNCS_BLOCK void InclusiveScan(T (&input)[ITEMS], T (&output)[ITEMS], ScanOp scan_op) {
    T prefix;
    ExclusiveScan(__reduce(input, scan_op), prefix, scan_op);
    __spread(input, output, scan_op, prefix);
  }
  template <int ITEMS, typename ScanOp>
  __BC_D __BC_SYNCS_BLOCK void InclusiveScan(T (&input)[ITEMS], T (&output)[ITEMS], T initial_value, ScanOp scan_op) {
    T prefix;
    ExclusiveScan(__reduce(input, scan_op), prefix, initial_value, scan_op);
    __spread(input, output, scan_op, prefix);
  }
  template <int ITEMS, typename ScanOp>
  __BC_D __BC_SYNCS_BLOCK void InclusiveScan(T (&input)[ITEMS], T (&output)[ITEMS], ScanOp scan_op, T& block_aggregate) {
    T prefix;
    ExclusiveScan(__reduce(input, scan_op), prefix, scan_op, block_aggregate);
    __spread(input, output, scan_op, prefix);
  }
  template <int ITEMS, typename ScanOp>
  __BC_D __BC_SYNCS_BLOCK void InclusiveScan(T (&input)[ITEMS], T (&output)[ITEMS], T initial_value, ScanOp scan_op, T& block_aggregate) {
    T prefix;
    ExclusiveScan(__reduce(input, scan_op), prefix, initial_value, scan_op, block_aggregate);
    __spread(input, output, scan_op, prefix);
  }
  template <int ITEMS, typename ScanOp, typename BlockPrefixCallbackOp>
  __BC_D __BC_SYNCS_BLOCK void InclusiveScan(T (&input)[ITEMS], T (&output)[ITEMS], ScanOp scan_op,
                                             BlockPrefixCallbackOp& block_prefix_callback_op) {
    T prefix;
    ExclusiveScan(__reduce(input, scan_op), prefix, scan_op, block_prefix_callback_op);
    __spread(input, output, scan_op, prefix);
  }
  template <int ITEMS> __BC_D __BC_SYNCS_BLOCK void InclusiveSum(T (&input)[ITEMS], T (&output)[ITEMS]) {
    InclusiveScan(input, output, ::cub::Sum());
  }
  template <int ITEMS> __BC_D __BC_SYNCS_BLOCK void InclusiveSum(T (&input)[ITEMS], T (&output)[ITEMS], T& block_aggregate) {
    InclusiveScan(input, output, ::cub::Sum(), block_aggregate);
  }
  template <int ITEMS, typename BlockPrefixCallbackOp>
  __BC_D __BC_SYNCS_BLOCK void InclusiveSum(T (&input)[ITEMS], T (&output)[ITEMS], BlockPrefixCallbackOp& block_prefix_callback_op) {
    InclusiveScan(input, output, ::cub::Sum(), block_prefix_callback_op);
  }
};

/* Block-wide exchange between blocked and striped arrangements. */
template <typename T, int BLOCK_DIM_X, int ITEMS_PER_THREAD, bool WARP_TIME_SLICING = false, int BLOCK_DIM_Y = 1,
          int BLOCK_DIM_Z = 1>
class BlockExchange {
 private:
  struct _Buffer {
    T buff[__bankcheck_cub::__exchange_items(BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z, ITEMS_PER_THREAD)];
  };

 public:
  struct alignas(16) TempStorage : __bankcheck_cub::__uninitialized<_Buffer> {};
  __BC_D BlockExchange();
  __BC_D BlockExchange(TempStorage& temp_storage);
  template <typename... A> __BC_D __BC_SYNCS_BLOCK void StripedToBlocked(A&&... args);
  template <typename... A> __BC_D __BC_SYNCS_BLOCK void BlockedToStriped(A&&... args);
  template <typename... A> __BC_D void WarpStripedToBlocked(A&&... args);
  template <typename... A> __BC_D void BlockedToWarpStriped(A&&... args);
  template <typename... A> __BC_D __BC_SYNCS_BLOCK void ScatterToBlocked(A&&... args);
  template <typename... A> __BC_D __BC_SYNCS_BLOCK void ScatterToStriped(A&&... args);
};

/* Block-wide radix sort. TempStorage: the larger of the ranking counters (CUB's, measured) and the
 * exchanges of keys and values. */
template <typename KeyT, int BLOCK_DIM_X, int ITEMS_PER_THREAD, typename ValueT = NullType, int RADIX_BITS = 4,
          bool MEMOIZE_OUTER_SCAN = true, BlockScanAlgorithm INNER_SCAN_ALGORITHM = BLOCK_SCAN_WARP_SCANS,
          cudaSharedMemConfig SMEM_CONFIG = cudaSharedMemBankSizeFourByte, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1>
class BlockRadixSort {
  static constexpr int __threads = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
  static constexpr int __ranking = __threads * ((1 << RADIX_BITS) / 2 + 1) * 4 +
                                   __bankcheck_cub::__max(32, 8 * __bankcheck_cub::__warps(__threads));
  static constexpr int __keys = __bankcheck_cub::__exchange_items(__threads, ITEMS_PER_THREAD) * int(sizeof(KeyT));
  static constexpr int __values =
      __bankcheck_cub::__exchange_items(__threads, ITEMS_PER_THREAD) * (__bankcheck_cub::__same<ValueT, NullType>::value ? 1 : int(sizeof(ValueT)));

 public:
  struct TempStorage {
    __bankcheck_cub::__storage<__bankcheck_cub::__align_up(__bankcheck_cub::__max(__ranking, __bankcheck_cub::__max(__keys, __values)), 16), 16> __storage;
  };
  __BC_D BlockRadixSort();
  __BC_D BlockRadixSort(TempStorage& temp_storage);
  template <typename... A> __BC_D __BC_SYNCS_BLOCK void Sort(A&&... args);
  template <typename... A> __BC_D __BC_SYNCS_BLOCK void SortDescending(A&&... args);
  template <typename... A> __BC_D __BC_SYNCS_BLOCK void SortBlockedToStriped(A&&... args);
  template <typename... A> __BC_D __BC_SYNCS_BLOCK void SortDescendingBlockedToStriped(A&&... args);
};

/* Direct loads and stores, which use no shared memory: defined. */
template <typename InputT, int ITEMS_PER_THREAD, typename InputIteratorT>
__BC_DI void LoadDirectBlocked(int linear_tid, InputIteratorT block_src_it, InputT (&dst_items)[ITEMS_PER_THREAD]) {
  for (int i = 0; i < ITEMS_PER_THREAD; ++i) dst_items[i] = block_src_it[linear_tid * ITEMS_PER_THREAD + i];
}
template <typename InputT, int ITEMS_PER_THREAD, typename InputIteratorT>
__BC_DI void LoadDirectBlocked(int linear_tid, InputIteratorT block_src_it, InputT (&dst_items)[ITEMS_PER_THREAD], int block_items_end) {
  for (int i = 0; i < ITEMS_PER_THREAD; ++i)
    if (linear_tid * ITEMS_PER_THREAD + i < block_items_end) dst_items[i] = block_src_it[linear_tid * ITEMS_PER_THREAD + i];
}
template <typename InputT, typename DefaultT, int ITEMS_PER_THREAD, typename InputIteratorT>
__BC_DI void LoadDirectBlocked(int linear_tid, InputIteratorT block_src_it, InputT (&dst_items)[ITEMS_PER_THREAD], int block_items_end,
                               DefaultT oob_default) {
  for (int i = 0; i < ITEMS_PER_THREAD; ++i) dst_items[i] = oob_default;
  LoadDirectBlocked(linear_tid, block_src_it, dst_items, block_items_end);
}
template <int BLOCK_THREADS, typename InputT, int ITEMS_PER_THREAD, typename InputIteratorT>
__BC_DI void LoadDirectStriped(int linear_tid, InputIteratorT block_src_it, InputT (&dst_items)[ITEMS_PER_THREAD]) {
  for (int i = 0; i < ITEMS_PER_THREAD; ++i) dst_items[i] = block_src_it[linear_tid + i * BLOCK_THREADS];
}
template <int BLOCK_THREADS, typename InputT, int ITEMS_PER_THREAD, typename InputIteratorT>
__BC_DI void LoadDirectStriped(int linear_tid, InputIteratorT block_src_it, InputT (&dst_items)[ITEMS_PER_THREAD], int block_items_end) {
  for (int i = 0; i < ITEMS_PER_THREAD; ++i)
    if (linear_tid + i * BLOCK_THREADS < block_items_end) dst_items[i] = block_src_it[linear_tid + i * BLOCK_THREADS];
}
template <int BLOCK_THREADS, typename InputT, typename DefaultT, int ITEMS_PER_THREAD, typename InputIteratorT>
__BC_DI void LoadDirectStriped(int linear_tid, InputIteratorT block_src_it, InputT (&dst_items)[ITEMS_PER_THREAD], int block_items_end,
                               DefaultT oob_default) {
  for (int i = 0; i < ITEMS_PER_THREAD; ++i) dst_items[i] = oob_default;
  LoadDirectStriped<BLOCK_THREADS>(linear_tid, block_src_it, dst_items, block_items_end);
}
template <typename T, int ITEMS_PER_THREAD, typename OutputIteratorT>
__BC_DI void StoreDirectBlocked(int linear_tid, OutputIteratorT block_itr, T (&items)[ITEMS_PER_THREAD]) {
  for (int i = 0; i < ITEMS_PER_THREAD; ++i) block_itr[linear_tid * ITEMS_PER_THREAD + i] = items[i];
}
template <typename T, int ITEMS_PER_THREAD, typename OutputIteratorT>
__BC_DI void StoreDirectBlocked(int linear_tid, OutputIteratorT block_itr, T (&items)[ITEMS_PER_THREAD], int valid_items) {
  for (int i = 0; i < ITEMS_PER_THREAD; ++i)
    if (linear_tid * ITEMS_PER_THREAD + i < valid_items) block_itr[linear_tid * ITEMS_PER_THREAD + i] = items[i];
}
template <int BLOCK_THREADS, typename T, int ITEMS_PER_THREAD, typename OutputIteratorT>
__BC_DI void StoreDirectStriped(int linear_tid, OutputIteratorT block_itr, T (&items)[ITEMS_PER_THREAD]) {
  for (int i = 0; i < ITEMS_PER_THREAD; ++i) block_itr[linear_tid + i * BLOCK_THREADS] = items[i];
}
template <int BLOCK_THREADS, typename T, int ITEMS_PER_THREAD, typename OutputIteratorT>
__BC_DI void StoreDirectStriped(int linear_tid, OutputIteratorT block_itr, T (&items)[ITEMS_PER_THREAD], int valid_items) {
  for (int i = 0; i < ITEMS_PER_THREAD; ++i)
    if (linear_tid + i * BLOCK_THREADS < valid_items) block_itr[linear_tid + i * BLOCK_THREADS] = items[i];
}

/* Block-wide loads and stores: direct ones need no storage, the transposing ones a BlockExchange's;
 * a transposing store also keeps the count of valid items (CUB's `valid_items`). */
namespace __bankcheck_cub {
template <bool __Exchanges, bool __CountsItems, typename __Exchange>
struct __transposing_storage { typedef NullType type; };
template <typename __Exchange>
struct __transposing_storage<true, false, __Exchange> { typedef typename __Exchange::TempStorage type; };
template <typename __Exchange>
struct __transposing_storage<true, true, __Exchange> {
  struct type : __Exchange::TempStorage {
    int valid_items;
  };
};
}  // namespace __bankcheck_cub

template <typename T, int BLOCK_DIM_X, int ITEMS_PER_THREAD, BlockLoadAlgorithm ALGORITHM = BLOCK_LOAD_DIRECT, int BLOCK_DIM_Y = 1,
          int BLOCK_DIM_Z = 1>
class BlockLoad {
  static constexpr bool __exchanges = ALGORITHM == BLOCK_LOAD_TRANSPOSE || ALGORITHM == BLOCK_LOAD_WARP_TRANSPOSE ||
                                      ALGORITHM == BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED;

 public:
  struct TempStorage {
    typename __bankcheck_cub::__transposing_storage<
        __exchanges, false, BlockExchange<T, BLOCK_DIM_X, ITEMS_PER_THREAD, false, BLOCK_DIM_Y, BLOCK_DIM_Z>>::type __storage;
  };
  __BC_D BlockLoad();
  __BC_D BlockLoad(TempStorage& temp_storage);
  template <typename... A> __BC_D void Load(A&&... args);
};
template <typename T, int BLOCK_DIM_X, int ITEMS_PER_THREAD, BlockStoreAlgorithm ALGORITHM = BLOCK_STORE_DIRECT, int BLOCK_DIM_Y = 1,
          int BLOCK_DIM_Z = 1>
class BlockStore {
  static constexpr bool __exchanges = ALGORITHM == BLOCK_STORE_TRANSPOSE || ALGORITHM == BLOCK_STORE_WARP_TRANSPOSE ||
                                      ALGORITHM == BLOCK_STORE_WARP_TRANSPOSE_TIMESLICED;

 public:
  struct TempStorage {
    typename __bankcheck_cub::__transposing_storage<
        __exchanges, true, BlockExchange<T, BLOCK_DIM_X, ITEMS_PER_THREAD, false, BLOCK_DIM_Y, BLOCK_DIM_Z>>::type __storage;
  };
  __BC_D BlockStore();
  __BC_D BlockStore(TempStorage& temp_storage);
  template <typename... A> __BC_D void Store(A&&... args);
};

/* Warp-wide reduction and scan: shuffles on sm_90, no shared memory (CUB's TempStorage is empty). */
template <typename T, int LOGICAL_WARP_THREADS = 32>
class WarpReduce {
 public:
  struct TempStorage {};
  __BC_D WarpReduce(TempStorage& temp_storage);
  template <typename ReductionOp> __BC_D T Reduce(T input, ReductionOp reduction_op);
  template <typename ReductionOp> __BC_D T Reduce(T input, ReductionOp reduction_op, int valid_items);
  __BC_D T Sum(T input);
  __BC_D T Sum(T input, int valid_items);
  template <typename... A> __BC_D T HeadSegmentedSum(A&&... args);
  template <typename... A> __BC_D T TailSegmentedSum(A&&... args);
  template <typename... A> __BC_D T HeadSegmentedReduce(A&&... args);
  template <typename... A> __BC_D T TailSegmentedReduce(A&&... args);
};
template <typename T, int LOGICAL_WARP_THREADS = 32>
class WarpScan {
 public:
  struct TempStorage {};
  __BC_D WarpScan(TempStorage& temp_storage);
  template <typename... A> __BC_D void InclusiveSum(A&&... args);
  template <typename... A> __BC_D void ExclusiveSum(A&&... args);
  template <typename... A> __BC_D void InclusiveScan(A&&... args);
  template <typename... A> __BC_D void ExclusiveScan(A&&... args);
  template <typename... A> __BC_D void Scan(A&&... args);
  __BC_D T Broadcast(T input, unsigned int src_lane);
};

/* Device-wide algorithms, called from host code: any arguments (declared only). */
#define __BANKCHECK_CUB_DEVICE_ALGORITHM(name) \
  template <typename... A> __BC_H static cudaError_t name(A&&... args);
struct DeviceReduce {
  __BANKCHECK_CUB_DEVICE_ALGORITHM(Reduce) __BANKCHECK_CUB_DEVICE_ALGORITHM(Sum) __BANKCHECK_CUB_DEVICE_ALGORITHM(Min)
  __BANKCHECK_CUB_DEVICE_ALGORITHM(Max) __BANKCHECK_CUB_DEVICE_ALGORITHM(ArgMin) __BANKCHECK_CUB_DEVICE_ALGORITHM(ArgMax)
  __BANKCHECK_CUB_DEVICE_ALGORITHM(ReduceByKey) __BANKCHECK_CUB_DEVICE_ALGORITHM(TransformReduce)
};
struct DeviceSegmentedReduce {
  __BANKCHECK_CUB_DEVICE_ALGORITHM(Reduce) __BANKCHECK_CUB_DEVICE_ALGORITHM(Sum) __BANKCHECK_CUB_DEVICE_ALGORITHM(Min)
  __BANKCHECK_CUB_DEVICE_ALGORITHM(Max) __BANKCHECK_CUB_DEVICE_ALGORITHM(ArgMin) __BANKCHECK_CUB_DEVICE_ALGORITHM(ArgMax)
};
struct DeviceScan {
  __BANKCHECK_CUB_DEVICE_ALGORITHM(InclusiveSum) __BANKCHECK_CUB_DEVICE_ALGORITHM(ExclusiveSum)
  __BANKCHECK_CUB_DEVICE_ALGORITHM(InclusiveScan) __BANKCHECK_CUB_DEVICE_ALGORITHM(ExclusiveScan)
  __BANKCHECK_CUB_DEVICE_ALGORITHM(InclusiveSumByKey) __BANKCHECK_CUB_DEVICE_ALGORITHM(ExclusiveSumByKey)
};
struct DeviceRadixSort {
  __BANKCHECK_CUB_DEVICE_ALGORITHM(SortPairs) __BANKCHECK_CUB_DEVICE_ALGORITHM(SortPairsDescending)
  __BANKCHECK_CUB_DEVICE_ALGORITHM(SortKeys) __BANKCHECK_CUB_DEVICE_ALGORITHM(SortKeysDescending)
};
struct DeviceSegmentedRadixSort {
  __BANKCHECK_CUB_DEVICE_ALGORITHM(SortPairs) __BANKCHECK_CUB_DEVICE_ALGORITHM(SortPairsDescending)
  __BANKCHECK_CUB_DEVICE_ALGORITHM(SortKeys) __BANKCHECK_CUB_DEVICE_ALGORITHM(SortKeysDescending)
};
struct DeviceSegmentedSort {
  __BANKCHECK_CUB_DEVICE_ALGORITHM(SortPairs) __BANKCHECK_CUB_DEVICE_ALGORITHM(SortPairsDescending)
  __BANKCHECK_CUB_DEVICE_ALGORITHM(SortKeys) __BANKCHECK_CUB_DEVICE_ALGORITHM(SortKeysDescending)
  __BANKCHECK_CUB_DEVICE_ALGORITHM(StableSortPairs) __BANKCHECK_CUB_DEVICE_ALGORITHM(StableSortKeys)
};
struct DeviceSelect {
  __BANKCHECK_CUB_DEVICE_ALGORITHM(Flagged) __BANKCHECK_CUB_DEVICE_ALGORITHM(If) __BANKCHECK_CUB_DEVICE_ALGORITHM(Unique)
};
struct DeviceHistogram {
  __BANKCHECK_CUB_DEVICE_ALGORITHM(HistogramEven) __BANKCHECK_CUB_DEVICE_ALGORITHM(HistogramRange)
  __BANKCHECK_CUB_DEVICE_ALGORITHM(MultiHistogramEven) __BANKCHECK_CUB_DEVICE_ALGORITHM(MultiHistogramRange)
};
#undef __BANKCHECK_CUB_DEVICE_ALGORITHM

}  // namespace cub
