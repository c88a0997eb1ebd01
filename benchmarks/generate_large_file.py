#!/usr/bin/env python3
"""Writes a large CUDA file with many kernels of the kinds bankcheck analyzes: transposes
(padded and not), tiled matmuls, register-tiled GEMM fragments with float4 casts, fp16/int8
tiles, templates instantiated several times, and their launches. Usage: generate_large_file.py N out.cu"""
import sys

n = int(sys.argv[1]) if len(sys.argv) > 1 else 100
out = sys.argv[2] if len(sys.argv) > 2 else "large.cu"
parts = ["#include <cuda_runtime.h>", "#include <cuda_fp16.h>", "#include <cstdint>", ""]
launches = []
for i in range(n):
    k = i % 5
    pad = i % 3
    if k == 0:
        parts.append(f"""__global__ void transpose{i}(const float* in, float* out, int w, int h) {{
    __shared__ float tile[32][32 + {pad}];
    int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 32 + threadIdx.y;
    for (int j = 0; j < 32; j += 8)
        if (x < w && y + j < h) tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * w + x];
    __syncthreads();
    x = blockIdx.y * 32 + threadIdx.x; y = blockIdx.x * 32 + threadIdx.y;
    for (int j = 0; j < 32; j += 8)
        if (x < h && y + j < w) out[(y + j) * h + x] = tile[threadIdx.x][threadIdx.y + j];
}}""")
        launches.append(f"    transpose{i}<<<dim3(n / 32, n / 32), dim3(32, 8)>>>(a, b, n, n);")
    elif k == 1:
        parts.append(f"""#define TILE{i} 32
__global__ void matmul{i}(const float* A, const float* B, float* C, int N) {{
    __shared__ float As[TILE{i}][TILE{i}];
    __shared__ float Bs[TILE{i}][TILE{i} + {pad}];
    int row = blockIdx.y * TILE{i} + threadIdx.y, col = blockIdx.x * TILE{i} + threadIdx.x;
    float sum = 0.0f;
    for (int t = 0; t < (N + TILE{i} - 1) / TILE{i}; ++t) {{
        As[threadIdx.y][threadIdx.x] = A[row * N + t * TILE{i} + threadIdx.x];
        Bs[threadIdx.y][threadIdx.x] = B[(t * TILE{i} + threadIdx.y) * N + col];
        __syncthreads();
        #pragma unroll
        for (int k = 0; k < TILE{i}; ++k) sum += As[threadIdx.y][k] * Bs[k][threadIdx.x];
        __syncthreads();
    }}
    C[row * N + col] = sum;
}}""")
        launches.append(f"    matmul{i}<<<dim3(n / 32, n / 32), dim3(32, 32)>>>(a, a, b, n);")
    elif k == 2:
        parts.append(f"""__global__ void __launch_bounds__(256) gemm{i}(const float* A, const float* B, float* C, int K) {{
    __shared__ __align__(16) float As[8][128 + {4 * pad}];
    __shared__ __align__(16) float Bs[8][128];
    const int tid = threadIdx.x;
    float acc[8] = {{}};
    for (int k0 = 0; k0 < K; k0 += 8) {{
        float4 a = reinterpret_cast<const float4*>(A + (tid / 2) * K + k0 + (tid % 2) * 4)[0];
        As[(tid % 2) * 4 + 0][tid / 2] = a.x; As[(tid % 2) * 4 + 1][tid / 2] = a.y;
        As[(tid % 2) * 4 + 2][tid / 2] = a.z; As[(tid % 2) * 4 + 3][tid / 2] = a.w;
        reinterpret_cast<float4*>(&Bs[tid / 32][(tid % 32) * 4])[0] = reinterpret_cast<const float4*>(B + (k0 + tid / 32) * 128 + (tid % 32) * 4)[0];
        __syncthreads();
        #pragma unroll
        for (int k = 0; k < 8; ++k) {{
            float4 av = *reinterpret_cast<const float4*>(&As[k][(tid / 16) * 8]);
            float4 bv = *reinterpret_cast<const float4*>(&Bs[k][(tid % 16) * 8]);
            acc[k] += av.x * bv.x + av.y * bv.y + av.z * bv.z + av.w * bv.w;
        }}
        __syncthreads();
    }}
    for (int k = 0; k < 8; ++k) C[tid * 8 + k] = acc[k];
}}""")
        launches.append(f"    gemm{i}<<<dim3(32, 32), 256>>>(a, a, b, n);")
    elif k == 3:
        parts.append(f"""template <int COLS>
__global__ void halfColumns{i}(const __half* in, float* out) {{
    __shared__ __half h[64][COLS];
    __shared__ int8_t q[64][COLS * 2];
    for (int r = 0; r < 64; ++r) {{ h[r][threadIdx.x] = in[r * 64 + threadIdx.x]; q[r][threadIdx.x] = r; }}
    __syncthreads();
    float s = 0.f;
    for (int c = 0; c < 8; ++c) s += __half2float(h[threadIdx.x][c]) + q[threadIdx.x][c];
    out[threadIdx.x] = s;
}}""")
        launches.append(f"    halfColumns{i}<64><<<1, 64>>>(hp, b);\n    halfColumns{i}<66><<<1, 64>>>(hp, b);")
    else:
        parts.append(f"""__device__ float rowSum{i}(const float* row, int n) {{ float s = 0.f; for (int i = 0; i < n; ++i) s += row[i]; return s; }}
__global__ void reduce{i}(const float* in, float* out) {{
    __shared__ float s[8][33 + {pad}];
    __shared__ float partial[256];
    s[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
    partial[threadIdx.y * 32 + threadIdx.x] = 0.f;
    __syncthreads();
    for (int stride = 128; stride > 0; stride >>= 1) {{
        int t = threadIdx.y * 32 + threadIdx.x;
        if (t < stride) partial[t] += partial[t + stride];
        __syncthreads();
    }}
    if (threadIdx.x == 0) out[threadIdx.y] = rowSum{i}(&s[threadIdx.y][0], 32) + partial[0];
}}""")
        launches.append(f"    reduce{i}<<<1, dim3(32, 8)>>>(a, b);")
    parts.append("")
parts.append("void launchAll(const float* a, float* b, const __half* hp, int n) {")
parts += launches
parts.append("}")
with open(out, "w") as f:
    f.write("\n".join(parts) + "\n")
print(f"wrote {out}: {n} kernels, {sum(p.count(chr(10)) + 1 for p in parts)} lines")
