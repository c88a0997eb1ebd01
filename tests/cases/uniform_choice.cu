// A choice every lane of a warp makes alike, on values the analysis cannot know: mmcv's NMS
// kernels start each row's loop at `threadIdx.x + 1` in the diagonal block (row_start ==
// col_start, both block indices) and at 0 elsewhere. The address then depends on blockIdx "in a
// way that changes the pattern" as one expression, but each side alone is computable: both are
// mapped, the worse reported, and a note gives both counts.
#define T 64

__device__ float overlap(const float* a, const float* b) { return a[0] * b[0] + a[1] * b[1]; }

__global__ void nms(int n, const float* boxes, unsigned long long* mask, float threshold) {
  const int row_start = blockIdx.y, col_start = blockIdx.x;
  const int col_size = min(n - col_start * T, T);
  const int row_size = min(n - row_start * T, T);
  __shared__ float block_boxes[T * 7];
  if (threadIdx.x < col_size) block_boxes[threadIdx.x * 7] = boxes[threadIdx.x];  // clean
  __syncthreads();
  if (threadIdx.x < row_size) {
    unsigned long long t = 0;
    int start = 0;
    if (row_start == col_start) start = threadIdx.x + 1;
    // Diagonal block: lane l reads box l + 1 + i (7 words apart: conflict-free); elsewhere every
    // lane reads box i (one word: a broadcast). Both sides clean.
    for (int i = start; i < col_size; i++)
      if (overlap(boxes, block_boxes + i * 7) > threshold) t |= 1ULL << i;  // clean
    mask[threadIdx.x] = t;
  }
}

// One side conflicts: the warning names the choice and both counts.
__global__ void strided(float* out, int transposed) {
  __shared__ float s[2048];
  const int stride = blockIdx.x == 0 ? 2 : 1;
  s[threadIdx.x * stride] = 1.0f;  // expected-warning {{2-way bank conflict on store to 's'}} expected-note {{the address chooses on blockIdx.x == 0, the same in every lane of a warp and unknown to the analysis: both sides computed (2-way when true, 1-way when false), the worse reported}} expected-note {{pad 's'}} expected-note {{each row of 32 elements}}
  const int j = transposed ? threadIdx.x * 4 : threadIdx.x;
  s[j] = 2.0f;  // expected-warning {{4-way bank conflict on store to 's'}} expected-note {{both sides computed (4-way when true, 1-way when false)}}
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];  // clean
}

// A side that cannot be computed leaves the access unknown, with the reason as before.
__global__ void unknown_side(float* out, int stride) {
  __shared__ float s[4096];
  const int k = blockIdx.x == 0 ? threadIdx.x * stride : threadIdx.x;
  s[k] = 1.0f;  // expected-remark {{not computed: the address depends on 'stride' (kernel parameter) in a way that changes the pattern}}
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];  // clean
}

void launch(int n, const float* b, unsigned long long* m, float* o, int f) {
  nms<<<dim3(4, 4), T>>>(n, b, m, 0.5f);
  strided<<<8, 256>>>(o, f);
  unknown_side<<<8, 256>>>(o, f);
}
