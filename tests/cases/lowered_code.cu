// Code the AST walk cannot follow (a pointer inside an object, an address computed inside a
// small struct and fed to inline PTX), read from the kernel lowered to optimized LLVM IR. The
// expectations are worked out by hand in the comments. The objects are built by constructors
// that may return early, which the walk does not follow (it follows aggregates, member
// initializers and bodies that run to their end: tests/cases/struct_fields.cu,
// tests/cases/object_fields_written.cu), so that these accesses come from the lowering.
#include <cuda_fp16.h>

template <int Stride>
struct RowView {  // a shared pointer kept in an object, indexed through a member function
  float* base;
  __device__ explicit RowView(float* b) {
    base = b;
    if (b == nullptr) return;  // a path that leaves early: what it leaves is not followed
    base += 0;
  }
  __device__ float& at(int row, int col) const { return base[row * Stride + col]; }
};

struct SharedAddress {  // a shared-window address carried in a struct
  unsigned value;
  __device__ explicit SharedAddress(unsigned v) {
    value = v;
    if (v == 0) return;
    value += 0;
  }
};
__device__ SharedAddress addressOf(const void* p) { return SharedAddress(static_cast<unsigned>(__cvta_generic_to_shared(p))); }
__device__ void loadMatrices(SharedAddress a, unsigned* r) {
  // Placed here, the innermost line of this file, with the call site in a note: the 128-byte rows
  // of 'rows' put the 8 rows of each matrix in banks 0-3 (8-way); 'skewed' is conflict-free.
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];\n"  // expected-warning {{8-way bank conflict on ldmatrix from 'rows'}}
               : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
               : "r"(a.value));
}

__global__ void views(float* out) {
  __shared__ float tile[32 * 8];
  __shared__ float padded[32 * 33];
  RowView<8> v(tile);
  RowView<33> p(padded);
  // Lane t writes word 8t: banks 0, 8, 16, 24 with 8 different words each.
  v.at(threadIdx.x, 0) = 1.f;  // expected-warning {{8-way bank conflict on store to 'tile'}}
  // Word 33t: 32 different banks.
  p.at(threadIdx.x, 0) = 1.f;
  // Only lanes 0-7 write, words 32t + 1: all in bank 1.
  if (threadIdx.x < 8) v.at(threadIdx.x * 4, 1) = 2.f;  // expected-warning {{8-way bank conflict on store to 'tile'}}
  __syncthreads();
  float acc = 0.f;
  // Four unrolled reads of a 32-byte row, merged into one 128-bit load as nvcc does: in each
  // 8-lane phase, lanes t and t+4 hit the same banks (2 wavefronts where 1 is ideal).
#pragma unroll
  for (int c = 0; c < 4; ++c) acc += v.at(threadIdx.x, c);  // expected-warning {{2-way bank conflict on load from 'tile'}}
  acc += p.at(threadIdx.x, 2);
  out[threadIdx.x] = acc;
}

__global__ void matrices(unsigned* out) {
  __shared__ __half rows[64][64];    // 128-byte rows: the 8 rows of each matrix share banks 0-3
  __shared__ __half skewed[64][72];  // 144-byte rows: each row starts 4 banks further
  unsigned r[4];
  loadMatrices(addressOf(&rows[threadIdx.x][0]), r);
  loadMatrices(addressOf(&skewed[threadIdx.x][0]), r);
  out[threadIdx.x] = r[0] + r[1] + r[2] + r[3];
}

// A ring of three buffers whose slot advances each iteration (`slot == 2 ? 0 : slot + 1`), as
// in a multi-stage pipeline: the slot is a known function of the iteration, period 3, even though
// the trip count `n` is a kernel parameter. Every slot reads words 2t: 2-way.
__global__ void ring(float* out, int n) {
  __shared__ float stages[3 * 1024];
  RowView<1024> v(stages);
  for (int k = 0; k < 3 * 1024; k += 32) v.at(0, k + threadIdx.x) = out[k];
  __syncthreads();
  float acc = 0.f;
  int slot = 0;
  for (int i = 0; i < n; ++i) {
    acc += v.at(slot, threadIdx.x * 2);  // expected-warning {{2-way bank conflict on load from 'stages'}}
    slot = slot == 2 ? 0 : slot + 1;
  }
  out[threadIdx.x] = acc;
}

void host(float* f, unsigned* u, int n) {
  views<<<1, 32>>>(f);
  matrices<<<1, 32>>>(u);
  ring<<<1, 32>>>(f, n);
}
