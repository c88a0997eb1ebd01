// A helper object that keeps two shared buffers and alternates between them on every call (apex's
// layer-norm Reducer: `T* smem = use0_ ? smem0_ : smem1_; use0_ = !use0_;`), called in a loop whose
// trip count is a run-time value. The walk does not follow shared pointers kept in an object, so
// the kernel is read from the code Clang generates for it, where:
// - every helper is inlined, also one marked __noinline__ or too large for the inliner's cost
//   model (apex's multi-block reducer was left a call, and its accesses were not seen);
// - the toggle is a 1-bit recurrence, which LLVM computes modulo 2 ({1,+,1} in i1): it repeats
//   every two iterations, so the unknown trip count does not stop the count;
// - the pointer the kernel parameter struct holds (`p.out`) is read from the parameter, which the
//   kernel never writes: it came from the host and is not shared memory.
struct Params {
  int rows;
  float* out;
};

struct Reducer {
  __device__ Reducer(unsigned lane, void* smem) : lane_(lane), use0_(true) {
    smem0_ = static_cast<float*>(smem);
    smem1_ = smem0_ + 64;
  }
  __device__ __noinline__ float allreduce(float data) {
    float* smem = use0_ ? smem0_ : smem1_;
    use0_ = !use0_;
    smem[lane_ * 2] = data;  // expected-warning {{2-way bank conflict on store to 'smem_'}} expected-note {{no fix proposed}}
    __syncthreads();
    float out = 0.f;
    for (int i = 0; i < 4; ++i) out += smem[i];
    return out;
  }
  unsigned lane_;
  bool use0_;
  float* smem0_;
  float* smem1_;
};

__global__ void toggledReducer(Params p) {
  extern __shared__ char smem_[];
  Reducer reducer(threadIdx.x % 32, smem_);
  float acc = 0.f;
  for (int row = blockIdx.x; row < p.rows; row += gridDim.x) acc += reducer.allreduce(acc);
  p.out[threadIdx.x] = acc;
}

void launch(Params p) { toggledReducer<<<1, 32, 512>>>(p); }
