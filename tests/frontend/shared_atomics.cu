// Shared atomics become atomic accesses; their operand is evaluated once, so a shared read in it
// is one load (it was two: the operand was evaluated again to find an `atomicAdd(p, 1)`).
// IR-KERNEL: counts block=32x1x1 source=launch
__global__ void counts(unsigned* out) {
    __shared__ unsigned s[32];
    __shared__ unsigned t[32];
    t[threadIdx.x] = threadIdx.x;  // IR: store t w=4 at(3)=12
    __syncthreads();
    atomicAdd(&s[threadIdx.x], t[threadIdx.x]);  // IR: atomic s w=4 at(2)=8 // IR: load t w=4 at(2)=8
    atomicAdd(&s[0], 1u);  // IR: atomic s w=4 at(5)=0
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];  // IR: load s w=4 at(1)=4
}

void launch(unsigned* o) { counts<<<1, 32>>>(o); }
