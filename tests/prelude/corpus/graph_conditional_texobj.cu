// Conditional graph nodes set from device code, and driver-API texture object handles.
#include <cuda.h>
__global__ void k(char* d, cudaGraphConditionalHandle h, CUtexObject t) { cudaGraphSetConditional(h, *d & 1); }
int run() { cudaGraph_t g = nullptr; cudaGraphConditionalHandle h; cudaGraphConditionalHandleCreate(&h, g, 1, 1); k<<<1, 1>>>(nullptr, h, 0); return 0; }
