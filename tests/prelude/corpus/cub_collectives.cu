// CUB's block and warp collectives as kernels use them (reductions, scans, radix sorts, loads and
// stores), and the device-wide algorithms host code calls. The TempStorage sizes are asserted:
// nvcc checks them against the toolkit's CUB, clang against the prelude's, so the prelude
// reserves what CUB reserves (the shared-memory budget counts it).
#include <cub/cub.cuh>

template <typename T, int Threads, int Bytes>
struct ReduceSize { static_assert(sizeof(typename cub::BlockReduce<T, Threads>::TempStorage) == Bytes, "BlockReduce"); };
template <typename T, int Threads, int Bytes>
struct ScanSize { static_assert(sizeof(typename cub::BlockScan<T, Threads>::TempStorage) == Bytes, "BlockScan"); };
template <typename T, int Threads, cub::BlockReduceAlgorithm A, int Bytes>
struct ReduceAlgorithmSize { static_assert(sizeof(typename cub::BlockReduce<T, Threads, A>::TempStorage) == Bytes, "BlockReduce"); };
template <typename T, int Threads, cub::BlockScanAlgorithm A, int Bytes>
struct ScanAlgorithmSize { static_assert(sizeof(typename cub::BlockScan<T, Threads, A>::TempStorage) == Bytes, "BlockScan"); };
template <typename T, int Threads, int Items, int Bytes>
struct ExchangeSize { static_assert(sizeof(typename cub::BlockExchange<T, Threads, Items>::TempStorage) == Bytes, "BlockExchange"); };
template <typename T, int Threads, int Items, cub::BlockLoadAlgorithm A, int Bytes>
struct LoadSize { static_assert(sizeof(typename cub::BlockLoad<T, Threads, Items, A>::TempStorage) == Bytes, "BlockLoad"); };
template <typename T, int Threads, int Items, cub::BlockStoreAlgorithm A, int Bytes>
struct StoreSize { static_assert(sizeof(typename cub::BlockStore<T, Threads, Items, A>::TempStorage) == Bytes, "BlockStore"); };
template <typename K, int Threads, int Items, typename V, int Bytes>
struct SortSize { static_assert(sizeof(typename cub::BlockRadixSort<K, Threads, Items, V>::TempStorage) == Bytes, "BlockRadixSort"); };

// Measured with nvcc 13.0 (sizeof of the toolkit's types).
template struct ReduceSize<float, 32, 12>;
template struct ReduceSize<float, 96, 20>;
template struct ReduceSize<float, 256, 44>;
template struct ReduceSize<float, 1024, 164>;
template struct ReduceSize<double, 128, 48>;
template struct ReduceSize<char, 256, 17>;
template struct ReduceAlgorithmSize<float, 32, cub::BLOCK_REDUCE_RAKING, 128>;  // the raking grid alone
template struct ReduceAlgorithmSize<float, 64, cub::BLOCK_REDUCE_RAKING, 256>;
template struct ReduceAlgorithmSize<float, 96, cub::BLOCK_REDUCE_RAKING, 384>;
template struct ReduceAlgorithmSize<float, 128, cub::BLOCK_REDUCE_RAKING, 640>;
template struct ReduceAlgorithmSize<float, 192, cub::BLOCK_REDUCE_RAKING, 896>;
template struct ReduceAlgorithmSize<float, 256, cub::BLOCK_REDUCE_RAKING, 1152>;
template struct ReduceAlgorithmSize<float, 1024, cub::BLOCK_REDUCE_RAKING, 4224>;
template struct ReduceAlgorithmSize<double, 128, cub::BLOCK_REDUCE_RAKING, 1280>;
template struct ReduceAlgorithmSize<float, 128, cub::BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY, 640>;
template struct ReduceAlgorithmSize<float, 256, cub::BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY, 1152>;
template struct ScanSize<float, 96, 416>;
template struct ScanSize<float, 128, 672>;
template struct ScanSize<float, 256, 1184>;
template struct ScanSize<float, 1024, 4256>;
template struct ScanSize<double, 128, 1312>;
template struct ScanSize<char, 128, 192>;
template struct ScanSize<float, 16, 96>;    // 16 threads: one segment each, no raking
template struct ScanSize<float, 24, 272>;   // 24 raking threads: CUB's shared-memory warp scan
template struct ScanSize<float, 32, 160>;
template struct ScanSize<float, 48, 368>;
template struct ScanSize<float, 64, 288>;   // segments of 2: not padded
template struct ScanSize<float, 192, 928>;  // segments of 6: padded
template struct ScanSize<float, 200, 1024>; // 29 raking threads of 7
template struct ScanSize<float, 512, 2208>;
template struct ScanSize<double, 64, 544>;
template struct ScanSize<cub::KeyValuePair<int, float>, 128, 1312>;
template struct ScanAlgorithmSize<int, 128, cub::BLOCK_SCAN_RAKING_MEMOIZE, 672>;
template struct ScanAlgorithmSize<int, 256, cub::BLOCK_SCAN_RAKING_MEMOIZE, 1184>;
template struct ScanAlgorithmSize<int, 64, cub::BLOCK_SCAN_WARP_SCANS, 32>;
template struct ScanAlgorithmSize<int, 256, cub::BLOCK_SCAN_WARP_SCANS, 64>;
template struct ScanAlgorithmSize<int, 1024, cub::BLOCK_SCAN_WARP_SCANS, 192>;
template struct ScanAlgorithmSize<int, 100, cub::BLOCK_SCAN_WARP_SCANS, 704>;  // not whole warps: raking
template struct ScanAlgorithmSize<double, 256, cub::BLOCK_SCAN_WARP_SCANS, 96>;
template struct ScanAlgorithmSize<char, 256, cub::BLOCK_SCAN_WARP_SCANS, 32>;
template struct ExchangeSize<float, 128, 4, 2048>;
template struct ExchangeSize<float, 256, 8, 8448>;
template struct ExchangeSize<char, 256, 8, 2112>;
template struct LoadSize<float, 128, 4, cub::BLOCK_LOAD_DIRECT, 1>;
template struct LoadSize<float, 128, 4, cub::BLOCK_LOAD_TRANSPOSE, 2048>;
template struct StoreSize<float, 128, 4, cub::BLOCK_STORE_WARP_TRANSPOSE, 2064>;
template struct SortSize<float, 64, 1, cub::NullType, 2336>;
template struct SortSize<float, 128, 4, cub::NullType, 4640>;
template struct SortSize<float, 256, 8, int, 9280>;
template struct SortSize<double, 256, 8, int, 16896>;

struct Larger {
    __device__ float operator()(float a, float b) const { return a < b ? b : a; }
};

template <int Threads>
__global__ void rowSums(const float* in, float* out, int n) {
    typedef cub::BlockReduce<float, Threads> BlockReduce;
    __shared__ typename BlockReduce::TempStorage temp;
    __shared__ float tile[Threads];
    tile[threadIdx.x] = in[blockIdx.x * n + threadIdx.x];
    __syncthreads();
    float sum = BlockReduce(temp).Sum(tile[Threads - 1 - threadIdx.x]);
    float best = BlockReduce(temp).Reduce(tile[threadIdx.x], Larger());
    if (threadIdx.x == 0) out[blockIdx.x] = sum + best;
}

__global__ void scanAndSort(const int* in, int* out) {
    typedef cub::BlockScan<int, 128> BlockScan;
    typedef cub::BlockRadixSort<int, 128, 4> BlockSort;
    typedef cub::BlockLoad<int, 128, 4, cub::BLOCK_LOAD_TRANSPOSE> BlockLoad;
    typedef cub::WarpReduce<int> WarpReduce;
    __shared__ union {
        typename BlockScan::TempStorage scan;
        typename BlockSort::TempStorage sort;
        typename BlockLoad::TempStorage load;
    } temp;
    __shared__ typename WarpReduce::TempStorage warp[4];
    int items[4];
    BlockLoad(temp.load).Load(in + blockIdx.x * 512, items);
    __syncthreads();
    BlockSort(temp.sort).Sort(items);
    __syncthreads();
    int total = 0;
    BlockScan(temp.scan).ExclusiveSum(items, items, total);
    int lane = WarpReduce(warp[threadIdx.x / 32]).Sum(items[0]);
    cub::StoreDirectStriped<128>(threadIdx.x, out + blockIdx.x * 512, items);
    if (threadIdx.x % 32 == 0) out[threadIdx.x / 32] = lane + total;
}

cudaError_t sortOnDevice(void* temp, size_t& bytes, const int* keys, int* sorted, int n) {
    return cub::DeviceRadixSort::SortKeys(temp, bytes, keys, sorted, n);
}

void run(const float* in, float* out, const int* keys, int* sorted) {
    rowSums<256><<<8, 256>>>(in, out, 256);
    scanAndSort<<<8, 128>>>(keys, sorted);
}

// CCCL 3's operators (TensorRT's plugins pass cuda::maximum() and cuda::std::plus<>), and a
// TempStorage in a union beside a type with constructors.
#include <cuda/std/functional>

struct Pair {
    float key, value;
    __device__ Pair() : key(0.f), value(0.f) {}
    __device__ Pair(float k, float v) : key(k), value(v) {}
};

__global__ void cccl3Operators(const float* in, float* out) {
    typedef cub::BlockReduce<float, 128> BlockReduce;
    __shared__ union {
        typename BlockReduce::TempStorage reduce;
        typename cub::BlockReduce<Pair, 128>::TempStorage pairs;
    } temp;
    const float m = BlockReduce(temp.reduce).Reduce(in[threadIdx.x], cuda::maximum());
    __syncthreads();
    const float s = BlockReduce(temp.reduce).Reduce(in[threadIdx.x], cuda::std::plus<>());
    if (threadIdx.x == 0) out[blockIdx.x] = m + s + cuda::minimum<float>()(m, s);
}
void runOperators(const float* in, float* out) { cccl3Operators<<<4, 128>>>(in, out); }
