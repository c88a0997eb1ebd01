// Shared atomics other than atomicAdd: one warp, one atomic per launch; ncu reads op_atom
// wavefronts. Patterns: lane offsets in bytes (-1: lane idle).
#include <cstdio>
#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>
template <int OP> __global__ void atom(const int* offs, unsigned* out) {
  __shared__ __align__(128) unsigned raw[4096];
  for (int i = threadIdx.x; i < 4096; i += 32) raw[i] = i;
  __syncthreads();
  int o = offs[threadIdx.x];
  unsigned r = 0;
  if (o >= 0) {
    unsigned* p = reinterpret_cast<unsigned*>(reinterpret_cast<char*>(raw) + o);
    if (OP == 0) r = atomicAdd(p, 1u);
    if (OP == 1) r = atomicExch(p, threadIdx.x);
    if (OP == 2) r = atomicMax(p, threadIdx.x);
    if (OP == 3) r = atomicMin(p, threadIdx.x);
    if (OP == 4) r = atomicCAS(p, 5u, threadIdx.x);
    if (OP == 5) r = atomicOr(p, 1u << (threadIdx.x % 32));
    if (OP == 6) r = atomicInc(p, 100u);
    if (OP == 7) r = atomicAnd(p, ~1u);
    if (OP == 8) atomicAdd(p, 1u);  // result unused: RED.ADD on shared?
    if (OP == 9) r = atomicAdd(reinterpret_cast<int*>(p), -1);
    if (OP == 10) { float f = atomicAdd(reinterpret_cast<float*>(p), 1.0f); r = (unsigned)f; }
    // Results unused:
    if (OP == 11) atomicAdd(p, threadIdx.x);        // a value that differs per lane
    if (OP == 12) atomicAdd(p, 2u);                 // a constant other than 1
    if (OP == 13) atomicMax(p, threadIdx.x);
    if (OP == 14) atomicExch(p, threadIdx.x);
    if (OP == 15) atomicSub(p, 1u);
    if (OP == 16) atomicOr(p, 1u);
    if (OP == 17) atomicAdd(p, out[0]);             // uniform, not a constant
    if (OP == 18) atomicXor(p, threadIdx.x);
    if (OP == 19) r = atomicXor(p, threadIdx.x);
    if (OP == 20) r = atomicDec(p, 100u);
    if (OP == 21) atomicAdd(reinterpret_cast<float*>(p), 1.0f);
  }
  out[threadIdx.x] = r;
}
int main(int argc, char** argv) {
  std::ifstream in(argv[1]); std::string line; int* d; unsigned* out;
  cudaMalloc(&d, 128); cudaMalloc(&out, 4096);
  int n = 0;
  while (std::getline(in, line)) {
    std::istringstream ss(line); int op; std::vector<int> offs(32);
    ss >> op; for (auto& o : offs) ss >> o;
    cudaMemcpy(d, offs.data(), 128, cudaMemcpyHostToDevice);
    switch (op) {
      case 0: atom<0><<<1, 32>>>(d, out); break; case 1: atom<1><<<1, 32>>>(d, out); break;
      case 2: atom<2><<<1, 32>>>(d, out); break; case 3: atom<3><<<1, 32>>>(d, out); break;
      case 4: atom<4><<<1, 32>>>(d, out); break; case 5: atom<5><<<1, 32>>>(d, out); break;
      case 6: atom<6><<<1, 32>>>(d, out); break; case 7: atom<7><<<1, 32>>>(d, out); break;
      case 8: atom<8><<<1, 32>>>(d, out); break; case 9: atom<9><<<1, 32>>>(d, out); break;
      case 10: atom<10><<<1, 32>>>(d, out); break;
      case 11: atom<11><<<1, 32>>>(d, out); break; case 12: atom<12><<<1, 32>>>(d, out); break;
      case 13: atom<13><<<1, 32>>>(d, out); break; case 14: atom<14><<<1, 32>>>(d, out); break;
      case 15: atom<15><<<1, 32>>>(d, out); break; case 16: atom<16><<<1, 32>>>(d, out); break;
      case 17: atom<17><<<1, 32>>>(d, out); break; case 18: atom<18><<<1, 32>>>(d, out); break;
      case 19: atom<19><<<1, 32>>>(d, out); break; case 20: atom<20><<<1, 32>>>(d, out); break;
      case 21: atom<21><<<1, 32>>>(d, out); break;
    }
    cudaDeviceSynchronize(); printf("%d %s\n", n++, line.c_str());
  }
  return 0;
}
