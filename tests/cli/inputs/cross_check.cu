// The walk against the lowering (BANKCHECK_CROSSCHECK_LOWERING=1): the walk does not follow an
// array of objects, and says so; the lowered code accesses 'staged' through one at line 17,
// which the cross-check prints, marked [reported]. The direct access at line 12 is in both:
// nothing printed for it (the check allows three lines of slack, so the two are kept apart).
struct Span {
  float* at;
  int n;
};

__global__ void spans(float* out) {
  __shared__ float staged[4096];
  out[threadIdx.x] = staged[threadIdx.x * 2];
  Span two[2] = {{staged, 0}, {staged + 32, 1}};
  __syncthreads();
  //
  //
  two[1].at[threadIdx.x * 32] = 5.0f;
}
void run(float* out) { spans<<<1, 32>>>(out); }
