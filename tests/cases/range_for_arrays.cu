// Range-based for loops over arrays of known size, as C++ defines them: the loop variable is
// declared from the iterator (`auto& row = *__begin`) in each iteration, and the iterator points
// at element i in iteration i.
// - Over a shared array: `for (auto& row : tile)` binds each row; `for (float v : s)` reads each
//   element (a load per iteration).
// - Over a local array of integers whose elements the walk follows (`int offs[4] = {...}`):
//   the loop takes each value, as over a braced list; over any other array (local floats), it
//   runs once per element with a variable whose value is not known.
// Anything else (a container with begin()/end()) stays a not-walked remark where shared memory is
// accessed inside; a grid-stride loop over a class's iterators that touches only global memory
// (spconv's `for (int ix : KernelLoopX(size))`) has nothing to compute, and no remark.
__global__ void rangeFor(float* out) {
  __shared__ float rows[32][32];
  __shared__ float wide[8][64];
  __shared__ float tile[32][32];
  __shared__ float padded[32][33];
  __shared__ float line[64];
  const int tx = threadIdx.x;
  float acc = 0.f;
  for (auto& row : rows) acc += row[tx];                     // row i, lane x: bank x, clean
  for (const auto& row : wide) acc += row[tx * 2];           // expected-warning {{2-way bank conflict on load from 'wide'}} expected-note {{no fix proposed}}
  for (float v : line) acc += v;                             // every lane reads element i: one word
  int offs[4] = {0, 1, 2, 3};
  for (int o : offs) acc += tile[tx][o];                     // expected-warning {{32-way bank conflict on load from 'tile'}} expected-note {{pad 'tile' to tile[32][32 + 1]}}
  for (int o : offs) acc += padded[tx][o];                   // rows of 33: clean
  float weights[2] = {out[0], out[1]};                       // floats: not followed, but two of them
  for (float w : weights) acc += w * wide[1][tx * 2];        // expected-warning {{2-way bank conflict on load from 'wide'}}
  out[tx] = acc;
}

struct Span {
  const int* p;
  int n;
  __device__ const int* begin() const { return p; }
  __device__ const int* end() const { return p + n; }
};

__global__ void rangeOverContainer(const int* idx, float* out) {
  __shared__ float s[64];
  float acc = 0.f;
  for (int i : Span{idx, 4}) acc += s[i + threadIdx.x];  // expected-remark {{range-based for loop not analyzed}} expected-remark {{not computed}}
  out[threadIdx.x] = acc;
}

struct GridStride {
  struct Iterator {
    int index, step;
    __device__ int operator*() const { return index; }
    __device__ Iterator& operator++() {
      index += step;
      return *this;
    }
    __device__ bool operator!=(const Iterator& end) const { return index < end.index; }
  };
  int first, step, last;
  __device__ Iterator begin() const { return {first, step}; }
  __device__ Iterator end() const { return {last, 0}; }
};

__global__ void gridStrideGlobalOnly(const float* in, float* out, int n) {
  for (int i : GridStride{static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x), static_cast<int>(gridDim.x * blockDim.x), n})
    out[i] = 2.f * in[i];
}

void launch(float* o, const int* i, const float* in, int n) {
  rangeFor<<<1, 32>>>(o);
  rangeOverContainer<<<1, 32>>>(i, o);
  gridStrideGlobalOnly<<<4, 256>>>(in, o, n);
}
