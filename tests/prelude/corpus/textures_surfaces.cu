// Bindless textures and surfaces: a texture object over a CUDA array, tex2D/tex1Dfetch reads
// staged through shared memory, surf2Dwrite, and the host setup.
__global__ void blur(cudaTextureObject_t tex, cudaTextureObject_t lin, cudaSurfaceObject_t surf, int w, int h) {
  __shared__ float tile[16][17];
  const int x = blockIdx.x * 16 + threadIdx.x, y = blockIdx.y * 16 + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = tex2D<float>(tex, x + 0.5f, y + 0.5f) + tex1Dfetch<float>(lin, x);
  __syncthreads();
  float v = tile[threadIdx.x][threadIdx.y];
  float4 f = tex2D<float4>(tex, x, y);
  if (x < w && y < h) surf2Dwrite(v + f.x, surf, x * (int)sizeof(float), y, cudaBoundaryModeClamp);
}

int main() {
  const int w = 256, h = 256;
  cudaChannelFormatDesc fmt = cudaCreateChannelDesc(32, 0, 0, 0, cudaChannelFormatKindFloat);
  cudaChannelFormatDesc fmt2 = cudaCreateChannelDesc<float>();
  (void)fmt2;
  cudaArray_t arr, out;
  cudaMallocArray(&arr, &fmt, w, h);
  cudaMallocArray(&out, &fmt, w, h, cudaArraySurfaceLoadStore);
  float* host = new float[w * h]();
  cudaMemcpy2DToArray(arr, 0, 0, host, w * sizeof(float), w * sizeof(float), h, cudaMemcpyHostToDevice);
  cudaResourceDesc res = {};
  res.resType = cudaResourceTypeArray;
  res.res.array.array = arr;
  cudaTextureDesc td = {};
  td.addressMode[0] = td.addressMode[1] = cudaAddressModeClamp;
  td.filterMode = cudaFilterModeLinear;
  td.readMode = cudaReadModeElementType;
  td.normalizedCoords = 0;
  cudaTextureObject_t tex = 0, lin = 0;
  cudaCreateTextureObject(&tex, &res, &td, nullptr);
  float* d_lin;
  cudaMalloc(&d_lin, w * sizeof(float));
  cudaResourceDesc lres = {};
  lres.resType = cudaResourceTypeLinear;
  lres.res.linear.devPtr = d_lin;
  lres.res.linear.desc = fmt;
  lres.res.linear.sizeInBytes = w * sizeof(float);
  td.filterMode = cudaFilterModePoint;
  cudaCreateTextureObject(&lin, &lres, &td, nullptr);
  cudaResourceDesc sres = {};
  sres.resType = cudaResourceTypeArray;
  sres.res.array.array = out;
  cudaSurfaceObject_t surf = 0;
  cudaCreateSurfaceObject(&surf, &sres);
  blur<<<dim3(w / 16, h / 16), dim3(16, 16)>>>(tex, lin, surf, w, h);
  cudaExtent ext = make_cudaExtent(w, h, 1);
  cudaArray_t vol;
  cudaMalloc3DArray(&vol, &fmt, ext);
  cudaMemcpy3DParms p = {};
  p.srcPtr = make_cudaPitchedPtr(host, w * sizeof(float), w, h);
  p.dstArray = vol;
  p.extent = ext;
  p.kind = cudaMemcpyHostToDevice;
  cudaMemcpy3D(&p);
  cudaDestroySurfaceObject(surf);
  cudaDestroyTextureObject(tex);
  cudaDestroyTextureObject(lin);
  cudaFreeArray(arr);
  cudaFreeArray(out);
  cudaFreeArray(vol);
  cudaFree(d_lin);
  delete[] host;
  return 0;
}
