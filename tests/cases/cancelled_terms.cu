// A run-time value added to an index and taken away again cancels: FasterTransformer's decoder
// attention starts its loop at `ti = first_step + lane` and reads `logits[ti - first_step]`, with
// first_step = max(0, len + 1 - max_len) of kernel parameters. The index is the lane's offset,
// whatever first_step is (merged terms are exact: two's-complement sums are modular), so the
// accesses are computed, not left unknown because first_step changes the pattern.
// An address that is the same in every lane of the warp (`logits[len - first_step]`) costs the
// same wherever it is: computed too, whatever the run-time values it is made of.
struct Params {
  int len;
  int max_len;
  float* out;
};

__global__ void cancelledStart(Params p) {
  __shared__ float logits[2048];
  __shared__ int counts[64];
  __shared__ unsigned short halves[2048];
  const int first = max(0, p.len + 1 - p.max_len);
  const int lane = threadIdx.x;
  float acc = 0.f;
  for (int ti = first + lane; ti < min(p.len, p.max_len); ti += 32) {
    // 2-byte elements: a run-time shift of an odd count of them would change the pattern.
    acc += halves[ti - first];
    acc += halves[4 * (ti - first)];  // expected-warning {{2-way bank conflict on load from 'halves'}} expected-note {{no fix proposed}}
  }
  // One address for the warp: computed, no conflict. (A 2-byte element shifted by a run-time
  // count of elements can move the lanes off a word boundary, which a spread pattern would feel.)
  acc += logits[p.len - first];
  acc += halves[p.len - first];
  // A 16-byte read of one place that a run-time count of bytes chooses: every run has it on 16
  // bytes (it would fault otherwise), so it is evaluated on 16 bytes: computed, one wavefront.
  const float4 v = *reinterpret_cast<const float4*>(reinterpret_cast<const char*>(halves) + 2 * max(p.len, p.max_len));
  acc += v.x + v.w;
  // Every lane updates one counter at a run-time place: 32 updates of one word, wherever it is.
  // (The place is counted in 2-byte steps, so it is not a whole number of words apart from
  // `counts`: the pattern would not be known if the lanes were spread.)
  int* counter = reinterpret_cast<int*>(reinterpret_cast<char*>(counts) + 2 * (p.len - first));
  acc += atomicAdd(counter, 1);  // expected-warning {{32-way bank conflict on atomic update of 'counts'}} expected-note {{is in an address that is the same in every lane of the warp}} expected-note {{no fix proposed}}
  acc += logits[lane * (p.len - first)];  // expected-remark {{not computed}}
  // first = max(0, len + 1 - max_len) is a choice every lane makes alike: each side is a run-time
  // shift of the lanes' consecutive halves (the residues of a 2-byte shift evaluated): clean.
  acc += halves[lane + p.len - first];  // clean
  p.out[lane] = acc;
}

void launch(Params p) { cancelledStart<<<1, 32>>>(p); }
