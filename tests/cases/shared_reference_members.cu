// Objects that keep a shared object by reference: a helper class built on shared storage
// (`Reducer(temp)`, as CUB's collectives are used) binds it in its constructor, and its methods
// reach it through the reference member. The binding is no read of the storage (it was reported as
// a copy of the whole object, "not a single shared-memory instruction"), and the accesses through
// the member are computed by the walk, as written.
struct Storage {
  float aggregates[8];
  float columns[32][32];
};

struct Reducer {
  Storage& temp;
  __device__ explicit Reducer(Storage& t) : temp(t) {}
  __device__ float sum(float x) {
    const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    if (lane == 0) temp.aggregates[warp] = x;  // clean
    __syncthreads();
    float total = x;
    if (threadIdx.x == 0)
      for (int w = 1; w < 8; ++w) total += temp.aggregates[w];  // clean
    return total;
  }
  __device__ void column(float x) { temp.columns[threadIdx.x % 32][threadIdx.x / 32] = x; }  // expected-warning {{32-way bank conflict on store to 'shared'}} expected-note {{no fix proposed: 'shared' is a single variable of type 'Storage'}}
};

// A pointer member from a reference parameter, and a scalar reference member.
struct Counter {
  float* row;
  int& hits;
  __device__ Counter(Storage& t, int& h) : row(&t.columns[0][0]), hits(h) {}
  __device__ void put(float x) { row[threadIdx.x * 2] = x; }  // expected-warning {{2-way bank conflict on store to 'shared'}}
  __device__ int count() const { return hits; }  // clean
};

__global__ void reduce(float* out) {
  __shared__ Storage shared;
  __shared__ int hits;
  const float x = out[threadIdx.x];
  const float total = Reducer(shared).sum(x);
  Reducer r(shared);
  r.column(x);
  Counter c(shared, hits);
  c.put(x);
  if (threadIdx.x == 0) out[0] = total + c.count();
}

void launch(float* out) { reduce<<<1, 256>>>(out); }
