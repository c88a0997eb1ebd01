// What a method hands back decides what the caller may change. A getter that returns the value of
// a pointer field (`float* data() { return p; }`) hands out where p points, not p: the object is
// still followed after it, and so is a copy of it handed to a device function. A method that
// returns `*this` (`t.advance(1)(r, c) = x`, an `operator+=`) hands back the object itself: what
// the caller does with the result is done to the object (its accesses are computed, or reported
// with the reason), never dropped. A shared pointer kept in a field that is an array of pointers
// (`float* b[2]`) is reported as stored in an object where the walk does not follow it.
struct View {
  float* p;
  __device__ float& operator[](int i) { return p[i]; }
  __device__ float* data() { return p; }
  __device__ int offset() { return 0; }
};

__device__ void byValue(View v) { v[threadIdx.x * 2] = 0.0f; }  // expected-warning {{2-way bank conflict on store to 'viewed'}}
__device__ void byConstReference(const View& v) { v.p[threadIdx.x * 4] = 0.0f; }  // expected-warning {{4-way bank conflict on store to 'viewed'}}

__global__ void getters() {
  __shared__ float viewed[4096];
  View v{viewed};
  v.data()[threadIdx.x * 8] = 1.0f;  // expected-warning {{8-way bank conflict on store to 'viewed'}}
  v[threadIdx.x + v.offset()] = 2.0f;
  byValue(v);
  byConstReference(v);
}

template <int LD>
struct Tile {
  float* p;
  __device__ explicit Tile(float* q) : p(q) {}
  __device__ float& operator()(int r, int c) { return p[r * LD + c]; }
  __device__ Tile& advance(int n) {
    p += n;
    return *this;
  }
};

struct Accumulator {
  float* p;
  __device__ Accumulator& operator+=(int k) {
    p += k;
    return *this;
  }
};

// An operator that returns nothing is followed like any method: `c += 1` moves `c.p`, and
// `c *= 32` makes the stride 32.
struct Cursor {
  float* p;
  int ld;
  __device__ void operator+=(int k) { p += k; }
  __device__ void operator*=(int k) { ld *= k; }
};

__global__ void chained() {
  __shared__ float tile[32 * 33];
  Tile<32> t(tile);
  t(threadIdx.x, 0) = 1.0f;  // expected-warning {{32-way bank conflict on store to 'tile'}}
  // `advance` returns `*this` by reference, which the caller may write through: the object's
  // fields are not followed after it, and the access says why.
  t.advance(1)(threadIdx.x, 1) = 2.0f;  // expected-remark {{bank conflicts of store to 'tile' not computed: 't' after the call to 'advance'}}
  Accumulator a{tile};
  (a += 32).p[threadIdx.x * 32] = 3.0f;  // expected-remark {{bank conflicts of store to 'tile' not computed: 'a' after the call to 'operator+='}}
  Cursor c{tile, 1};
  c += 1;
  c.p[threadIdx.x * 2] = 4.0f;  // expected-warning {{2-way bank conflict on store to 'tile'}}
  c *= 32;
  c.p[threadIdx.x * c.ld] = 5.0f;  // expected-warning {{32-way bank conflict on store to 'tile'}}
}

struct Buffers {
  float* b[2];
};
struct Span {
  float* at;
  int n;
};

__global__ void pointerArrayField(float* out) {
  __shared__ float staged[4096];
  staged[threadIdx.x] = 0.0f;
  Buffers bufs{{staged, staged + 2048}};  // expected-remark {{accesses to shared array 'staged' through an object not analyzed}}
  bufs.b[1][threadIdx.x * 16] = 2.0f;
  out[threadIdx.x] = staged[threadIdx.x];
}

// A local array of objects is not followed: the objects' shared pointers are reported.
__global__ void arrayOfObjects(float* out) {
  __shared__ float spans[4096];
  spans[threadIdx.x] = 0.0f;
  Span two[2] = {{spans, 0}, {spans + 32, 1}};  // expected-remark {{accesses to shared array 'spans' through an object not analyzed}}
  two[1].at[threadIdx.x * 32] = 5.0f;
  out[threadIdx.x] = spans[threadIdx.x];
}

// An object handed to a device function by its address, whose fields the callee reads through
// the pointer (`v->p`), stands for the caller's object; a base class's fields given one by one
// (`d.p = shared`) are followed and not reported as stored in an object.
struct Plain {
  float* p;
  int ld;
};
struct Derived : Plain {
  __device__ void put(float x) { p[threadIdx.x * ld] = x; }  // expected-warning {{8-way bank conflict on store to 'handed'}}
};
__device__ void throughPointer(View* v) { v->p[threadIdx.x * 2] = 0.0f; }  // expected-warning {{2-way bank conflict on store to 'handed'}}

__global__ void handedOver() {
  __shared__ float handed[4096];
  View v{handed};
  throughPointer(&v);
  v[threadIdx.x * 32] = 1.0f;  // expected-warning {{32-way bank conflict on store to 'handed'}}
  Derived d;
  d.p = handed;
  d.ld = 8;
  d.put(2.0f);
}

// A conversion declared without a body (PyTorch's Half as the prelude gives it) reads the shared
// object it is applied to: one load of its two bytes.
struct Half16 {
  unsigned short x;
  __device__ operator float() const;
};

__global__ void conversions(float* out) {
  __shared__ Half16 halves[64 * 32];
  out[threadIdx.x] = halves[threadIdx.x * 64];  // expected-warning {{32-way bank conflict on load from 'halves'}}
  out[threadIdx.x + 32] = halves[threadIdx.x];
}

void run(float* out) {
  conversions<<<1, 32>>>(out);
  handedOver<<<1, 32>>>();
  arrayOfObjects<<<1, 32>>>(out);
  getters<<<1, 32>>>();
  chained<<<1, 32>>>();
  pointerArrayField<<<1, 32>>>(out);
}
