// The writes a method makes to the fields of a local object are followed: the walk reads the
// method's body with `this->f` standing for the object's field, and the object leaves the call as
// the body left it. A selection heap built with two shared pointers (faiss's BlockSelect) counts
// and stores values in a loop and in a branch, and its pointers are still known when it reduces;
// a method that moves a pointer (itself or through another method) moves it in the caller's
// object. Where a method's writes cannot be followed (it returns early, or writes in a lambda) or
// a loop writes a field, only the fields it may write are lost, and an access through one is
// reported with the array that pointer was into, not the object's first. A constructor with a body is followed the same way
// (a queue that points into its warp's part of the keys in its body).
struct Cursor {
  float* at;
  __device__ void advance() { at += 1; }
};

struct Heap {
  float* keys;
  int* vals;
  float best[4];
  int count;
  Cursor cursor;
  __device__ Heap(float* k, int* v) : keys(k), vals(v), count(0), cursor{k} {}
  __device__ void push(float x) {
    best[count & 3] = x;
    bump();
  }
  __device__ void bump() { ++count; }
  __device__ void reduce() {
    keys[threadIdx.x * 2] = best[0];  // expected-warning {{2-way bank conflict on store to 'smemK'}}
    vals[threadIdx.x] = count;
  }
  __device__ void skipKeys() { keys += threadIdx.x; }
  __device__ void skipUnless(bool done) {
    if (done) return;
    keys += threadIdx.x;
  }
  __device__ void skipLater() { skipKeys(); }
  __device__ void skipInLambda() {
    auto step = [this] { keys += threadIdx.x; };
    step();
  }
  __device__ void moveCursor() { cursor.advance(); }
};

__global__ void heaps(const float* in, int n) {
  __shared__ float smemK[256];
  __shared__ int smemV[128];
  Heap heap(smemK, smemV);
  int i = threadIdx.x;
  for (; i < n; i += blockDim.x) heap.push(in[i]);
  if (i < n) heap.push(in[i]);
  heap.reduce();
}

__global__ void movedPointers(const float* in, int n) {
  __shared__ float smemA[256];
  __shared__ int smemB[128];
  Heap first(smemA, smemB);
  if (n > 0) first.skipLater();  // `keys` moves by threadIdx.x on one side: lanes 2 words apart
  first.vals[threadIdx.x * 4] = 1;  // expected-warning {{4-way bank conflict on store to 'smemB'}}
  first.keys[threadIdx.x] = 2.0f;  // expected-warning {{2-way bank conflict on store to 'smemA'}}
  Heap second(smemA, smemB);
  for (int j = 0; j < n; ++j) second.moveCursor();
  second.keys[threadIdx.x * 2] = 3.0f;  // expected-warning {{2-way bank conflict on store to 'smemA'}}
  *second.cursor.at = 4.0f;  // expected-remark {{bank conflicts of store to 'smemA' not computed: 'second' changes across iterations of the loop}}
  Heap third(smemA, smemB);
  if (n > 1) third.skipUnless(n > 2);
  third.vals[threadIdx.x] = 5;
  third.keys[threadIdx.x] = 6.0f;  // expected-remark {{bank conflicts of store to 'smemA' not computed: 'third.keys' is changed in one branch at line 66 ('third' after the call to 'skipUnless')}}
  Heap fourth(smemA, smemB);
  fourth.skipInLambda();  // written in the lambda's body: not followed, `keys` is lost
  fourth.vals[threadIdx.x * 2] = 7;  // expected-warning {{2-way bank conflict on store to 'smemB'}}
  fourth.keys[threadIdx.x] = 8.0f;  // expected-remark {{bank conflicts of store to 'smemA' not computed: 'fourth' after the call to 'skipInLambda'}}
}

struct WarpQueue {
  float* keys;
  float* mine;
  __device__ explicit WarpQueue(float* shared) : keys(shared) {
    mine = keys + (threadIdx.x / 32) * 64;
    for (int i = 0; i < 2; ++i) mine[i * 32 + threadIdx.x % 32] = 0.0f;
  }
  __device__ void put(float v) { mine[threadIdx.x % 32 * 2] = v; }  // expected-warning {{2-way bank conflict on store to 'queueKeys'}}
};

__global__ void queues(float v) {
  __shared__ float queueKeys[256];
  WarpQueue q(queueKeys);
  q.put(v);
}

// A loop in a followed method with a lambda of its own (whose `return` is no return of the
// method): the fields the loop writes are lost at the loop, the pointer stays.
struct Accumulator {
  float* base;
  int count;
  __device__ void run(int n) {
    for (int i = 0; i < n; ++i) {
      auto twice = [](int a) { return a * 2; };
      count += twice(i);
    }
    base[threadIdx.x * 2] = count;  // expected-warning {{2-way bank conflict on store to 'accumulated'}}
  }
};

__global__ void accumulate(int n) {
  __shared__ float accumulated[64];
  Accumulator a{accumulated, 0};
  a.run(n);
}

// A base given its fields in braces (`Counted{q, 0}`) is followed with the object; a constructor
// that keeps the pointer where the walk does not look (an array of pointers) leaves the array to
// the lowering of the kernel, which computes it, instead of dropping its accesses.
struct Counted {
  float* at;
  int n;
};
struct Tracker : Counted {
  __device__ explicit Tracker(float* q) : Counted{q, 0} { ++n; }
  __device__ void move() { at += threadIdx.x; }
};
struct Hidden {
  float* slots[2];
  __device__ explicit Hidden(float* q) {
    slots[0] = q;
    slots[1] = q;
  }
};

__global__ void trackers() {
  __shared__ float tracked[128];
  Tracker t(tracked);
  t.move();
  t.at[threadIdx.x] = 1.0f;  // expected-warning {{2-way bank conflict on store to 'tracked'}}
  __shared__ float hidden[128];
  Hidden h(hidden);
  h.slots[0][threadIdx.x * 4] = 1.0f;  // expected-warning {{4-way bank conflict on store to 'hidden'}}
}

// A constructor handed a shared pointer it never names (apex's Reducer without shared memory):
// no use of the array, so nothing about it is "stored in an object".
struct WarpOnly {
  int lane;
  __device__ WarpOnly(float* smem, int l) : lane(l) {}
};

__global__ void ignoresShared() {
  __shared__ float ignored[64];
  WarpOnly w(ignored, threadIdx.x);
  ignored[threadIdx.x] = w.lane;
}

// Handed to a device function by reference, the object's fields that the method called there
// writes are lost in the caller too; the others stay followed.
__device__ void skipThere(Heap& h) { h.skipKeys(); }
__device__ void pushThere(Heap& h, float x) { h.push(x); }

__global__ void throughReferences(float x) {
  __shared__ float refK[256];
  __shared__ int refV[128];
  Heap h(refK, refV);
  skipThere(h);
  h.keys[threadIdx.x] = 1.0f;  // expected-remark {{bank conflicts of store to 'refK' not computed: 'h' after the call to 'skipKeys'}}
  Heap g(refK, refV);
  pushThere(g, x);
  g.keys[threadIdx.x * 2] = 2.0f;  // expected-warning {{2-way bank conflict on store to 'refK'}}
  g.vals[threadIdx.x] = g.count;
}

void run(const float* in, int n) {
  heaps<<<1, 128>>>(in, n);
  movedPointers<<<1, 32>>>(in, n);
  queues<<<1, 128>>>(1.0f);
  throughReferences<<<1, 32>>>(1.0f);
  accumulate<<<1, 32>>>(n);
  trackers<<<1, 32>>>();
  ignoresShared<<<1, 32>>>();
}
