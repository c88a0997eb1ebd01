// A padding or swizzle is proposed only if every access of the array moves with its element. An
// index that runs past the end of its dimension (`s[0][tx * 32]` reaches s[tx][0]), a flat index
// through a pointer to the first element, or an address computed in bytes stays where it is when
// the rows grow, while the accesses that index the rows move: the change would break the kernel.
// Such an access gets the reason instead (the wavefront count alone would favour the padding).
__global__ void pastTheRow(float* out) {
  __shared__ float s[32][32];
  s[0][threadIdx.x * 32] = 1.f;  // expected-warning {{32-way bank conflict on store to 's'}} expected-note {{no fix proposed: no padding of any dimension lowers the wavefronts of 's' and keeps every access on its element (padding dimension 1 would move the access at line 8 (s[0][threadIdx.x * 32]) away from its element: its address does not follow the rows as declared (an index past the end of its dimension, a flat index or an offset in bytes)); no swizzle either: the access at line 8 (s[0][threadIdx.x * 32]) reaches 's' with an index past the end of its dimension}}
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x][0] + s[0][threadIdx.x];  // expected-warning {{32-way bank conflict on load from 's'}}
}

__global__ void flatPointer(float* out) {
  __shared__ float t[32][32];
  float* p = &t[0][0];
  p[threadIdx.x * 32] = 1.f;  // expected-warning {{32-way bank conflict on store to 't'}} expected-note {{padding dimension 1 would move the access at line 16 (p[threadIdx.x * 32]) away from its element}}
  __syncthreads();
  out[threadIdx.x] = t[threadIdx.x][0];  // expected-warning {{32-way bank conflict on load from 't'}}
}

// Indexed as declared, through a row pointer too: padded, and proven.
__global__ void rowPointer(float* out) {
  __shared__ float u[32][32];
  float* row = u[threadIdx.x];
  row[0] = 1.f;  // expected-warning {{32-way bank conflict on store to 'u'}} expected-note {{pad 'u' to u[32][32 + 1]}}
  __syncthreads();
  out[threadIdx.x] = u[threadIdx.x][0];  // expected-warning {{32-way bank conflict on load from 'u'}}
}

void host(float* out) {
  pastTheRow<<<1, 32>>>(out);
  flatPointer<<<1, 32>>>(out);
  rowPointer<<<1, 32>>>(out);
}
