// Control-flow forms whose accesses were silently missing or miscounted before 2026-12-07, found
// by trying them and by the lowering cross-check (docs/reliability.md):
// - `do { ... } while (0)` (the usual macro wrapper) runs its body once: its accesses were counted
//   zero times, so a 16-way store was reported clean;
// - a pointer or an array chosen between two shared arrays (`(n > 0 ? a : b)[i]`) was dropped;
//   now it is reported, not computed, and the second array is listed as reached through it;
// - a shared pointer handed to a call through a function pointer was passed over in silence;
// - a break's note ("the loop may exit early") ended with its loop only in name: accesses after
//   the loop carried it;
// - a lambda's init-capture (`[p = first]`) was not bound, so accesses through it were dropped;
// - a call through a constant function pointer (ggml's mmq: `constexpr load_tiles_t load_tiles =
//   traits<type>::load_tiles; load_tiles(x, tile_x, ...)`) is walked into the function it names.
__device__ void put(float* p, int i) { p[i] = 1.0f; }
__device__ void spread(float* p, int i) { p[i * 2] = 5.0f; }  // expected-warning {{2-way bank conflict on store to 'first'}}
typedef void (*store_t)(float*, int);
struct Traits {
  static constexpr store_t store = spread;
};

__global__ void forms(float* out, int n) {
  __shared__ float first[1024];
  __shared__ float second[1024];
  const int tid = threadIdx.x;
  do {
    first[tid * 16] = 3.0f;  // expected-warning {{16-way bank conflict on store to 'first'}}
  } while (0);
  do {
    if (n == 3) break;
    second[tid * 8] = 2.0f;  // expected-warning {{8-way bank conflict on store to 'second'}}
  } while (false);
  (n > 0 ? first : second)[tid * 4] = 1.0f;  // expected-remark {{bank conflicts of store to 'first' not computed: the address is chosen between 'first' and 'second'}} expected-remark {{accesses to shared array 'second' through an address chosen between 'first' and 'second' not analyzed}}
  void (*store)(float*, int) = put;
  store(second, tid * 4);  // expected-remark {{call to '<indirect>' with a pointer into 'second' not analyzed: it is called through a function pointer}}
  auto scatter = [p = first + 1](int i) { p[i * 32] = 4.0f; };  // expected-warning {{32-way bank conflict on store to 'first'}}
  scatter(tid);
  constexpr store_t chosen = Traits::store;
  chosen(first, tid);
  __syncthreads();
  out[tid] = first[tid] + second[tid];
}

void run(float* out, int n) { forms<<<1, 32>>>(out, n); }
