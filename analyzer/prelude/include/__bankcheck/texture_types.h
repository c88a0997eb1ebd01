/* bankcheck CUDA prelude: texture and surface objects (texture_types.h, surface_types.h,
 * channel_descriptor.h, the CUDA arrays and 3-D copies of driver_types.h/cuda_runtime_api.h) and
 * the device fetch functions (texture_fetch_functions.h, surface_functions.h): tex1Dfetch, tex1D,
 * tex2D, tex3D, the layered/cubemap/Lod/Grad/gather forms, surf*read/surf*write. Declarations only;
 * the numeric values of the enumerators are CUDA 13's. */
#ifndef __BANKCHECK_TEXTURE_TYPES_H
#define __BANKCHECK_TEXTURE_TYPES_H

#include "runtime_api.h"

typedef unsigned long long cudaTextureObject_t;
typedef unsigned long long cudaSurfaceObject_t;
typedef struct cudaArray* cudaArray_t;
typedef const struct cudaArray* cudaArray_const_t;
typedef struct cudaMipmappedArray* cudaMipmappedArray_t;
typedef const struct cudaMipmappedArray* cudaMipmappedArray_const_t;
typedef struct cudaGraphicsResource* cudaGraphicsResource_t;

enum cudaChannelFormatKind {
  cudaChannelFormatKindSigned = 0, cudaChannelFormatKindUnsigned = 1, cudaChannelFormatKindFloat = 2,
  cudaChannelFormatKindNone = 3, cudaChannelFormatKindNV12 = 4
};
enum cudaTextureAddressMode {
  cudaAddressModeWrap = 0, cudaAddressModeClamp = 1, cudaAddressModeMirror = 2, cudaAddressModeBorder = 3
};
enum cudaTextureFilterMode { cudaFilterModePoint = 0, cudaFilterModeLinear = 1 };
enum cudaTextureReadMode { cudaReadModeElementType = 0, cudaReadModeNormalizedFloat = 1 };
enum cudaResourceType {
  cudaResourceTypeArray = 0, cudaResourceTypeMipmappedArray = 1, cudaResourceTypeLinear = 2,
  cudaResourceTypePitch2D = 3
};
enum cudaSurfaceBoundaryMode {
  cudaBoundaryModeZero = 0, cudaBoundaryModeClamp = 1, cudaBoundaryModeTrap = 2
};
enum cudaSurfaceFormatMode { cudaFormatModeForced = 0, cudaFormatModeAuto = 1 };
enum cudaResourceViewFormat { cudaResViewFormatNone = 0 };

#define cudaArrayDefault 0x00
#define cudaArrayLayered 0x01
#define cudaArraySurfaceLoadStore 0x02
#define cudaArrayCubemap 0x04
#define cudaArrayTextureGather 0x08
#define cudaTextureType1D 0x01
#define cudaTextureType2D 0x02
#define cudaTextureType3D 0x03
#define cudaTextureTypeCubemap 0x0C
#define cudaTextureType1DLayered 0xF1
#define cudaTextureType2DLayered 0xF2
#define cudaTextureTypeCubemapLayered 0xFC
#define cudaSurfaceType1D 0x01
#define cudaSurfaceType2D 0x02
#define cudaSurfaceType3D 0x03

struct cudaChannelFormatDesc { int x, y, z, w; enum cudaChannelFormatKind f; };
struct cudaResourceDesc {
  enum cudaResourceType resType;
  union {
    struct { cudaArray_t array; } array;
    struct { cudaMipmappedArray_t mipmap; } mipmap;
    struct { void* devPtr; struct cudaChannelFormatDesc desc; size_t sizeInBytes; } linear;
    struct {
      void* devPtr; struct cudaChannelFormatDesc desc; size_t width, height, pitchInBytes;
    } pitch2D;
    struct { int reserved[32]; } reserved;
  } res;
  unsigned int flags;
};
struct cudaResourceViewDesc {
  enum cudaResourceViewFormat format;
  size_t width, height, depth;
  unsigned int firstMipmapLevel, lastMipmapLevel, firstLayer, lastLayer;
  unsigned int reserved[16];
};
struct cudaTextureDesc {
  enum cudaTextureAddressMode addressMode[3];
  enum cudaTextureFilterMode filterMode;
  enum cudaTextureReadMode readMode;
  int sRGB;
  float borderColor[4];
  int normalizedCoords;
  unsigned int maxAnisotropy;
  enum cudaTextureFilterMode mipmapFilterMode;
  float mipmapLevelBias, minMipmapLevelClamp, maxMipmapLevelClamp;
  int disableTrilinearOptimization;
  int seamlessCubemap;
};
struct cudaExtent { size_t width, height, depth; };
struct cudaPos { size_t x, y, z; };
struct cudaPitchedPtr { void* ptr; size_t pitch, xsize, ysize; };
struct cudaMemcpy3DParms {
  cudaArray_t srcArray; struct cudaPos srcPos; struct cudaPitchedPtr srcPtr;
  cudaArray_t dstArray; struct cudaPos dstPos; struct cudaPitchedPtr dstPtr;
  struct cudaExtent extent; enum cudaMemcpyKind kind;
};

extern "C" {
__BC_H struct cudaChannelFormatDesc cudaCreateChannelDesc(int, int, int, int, enum cudaChannelFormatKind);
__BC_H cudaError_t cudaCreateTextureObject(cudaTextureObject_t*, const struct cudaResourceDesc*,
                                           const struct cudaTextureDesc*, const struct cudaResourceViewDesc*);
__BC_H cudaError_t cudaDestroyTextureObject(cudaTextureObject_t);
__BC_H cudaError_t cudaGetTextureObjectResourceDesc(struct cudaResourceDesc*, cudaTextureObject_t);
__BC_H cudaError_t cudaGetTextureObjectTextureDesc(struct cudaTextureDesc*, cudaTextureObject_t);
__BC_H cudaError_t cudaCreateSurfaceObject(cudaSurfaceObject_t*, const struct cudaResourceDesc*);
__BC_H cudaError_t cudaDestroySurfaceObject(cudaSurfaceObject_t);
__BC_H cudaError_t cudaMallocArray(cudaArray_t*, const struct cudaChannelFormatDesc*, size_t,
                                   size_t = 0, unsigned int = 0);
__BC_H cudaError_t cudaMalloc3DArray(cudaArray_t*, const struct cudaChannelFormatDesc*, struct cudaExtent,
                                     unsigned int = 0);
__BC_H cudaError_t cudaMallocMipmappedArray(cudaMipmappedArray_t*, const struct cudaChannelFormatDesc*,
                                            struct cudaExtent, unsigned int, unsigned int = 0);
__BC_H cudaError_t cudaGetMipmappedArrayLevel(cudaArray_t*, cudaMipmappedArray_const_t, unsigned int);
__BC_H cudaError_t cudaFreeArray(cudaArray_t);
__BC_H cudaError_t cudaFreeMipmappedArray(cudaMipmappedArray_t);
__BC_H cudaError_t cudaArrayGetInfo(struct cudaChannelFormatDesc*, struct cudaExtent*, unsigned int*, cudaArray_t);
__BC_H cudaError_t cudaGetChannelDesc(struct cudaChannelFormatDesc*, cudaArray_const_t);
__BC_H cudaError_t cudaMalloc3D(struct cudaPitchedPtr*, struct cudaExtent);
__BC_H cudaError_t cudaMemcpy3D(const struct cudaMemcpy3DParms*);
__BC_H cudaError_t cudaMemcpy3DAsync(const struct cudaMemcpy3DParms*, cudaStream_t = 0);
__BC_H cudaError_t cudaMemset3D(struct cudaPitchedPtr, int, struct cudaExtent);
__BC_H cudaError_t cudaMemcpy2DToArray(cudaArray_t, size_t, size_t, const void*, size_t, size_t, size_t,
                                       enum cudaMemcpyKind);
__BC_H cudaError_t cudaMemcpy2DToArrayAsync(cudaArray_t, size_t, size_t, const void*, size_t, size_t,
                                            size_t, enum cudaMemcpyKind, cudaStream_t = 0);
__BC_H cudaError_t cudaMemcpy2DFromArray(void*, size_t, cudaArray_const_t, size_t, size_t, size_t, size_t,
                                         enum cudaMemcpyKind);
__BC_H cudaError_t cudaMemcpy2DArrayToArray(cudaArray_t, size_t, size_t, cudaArray_const_t, size_t, size_t,
                                            size_t, size_t, enum cudaMemcpyKind = cudaMemcpyDeviceToDevice);
/* Deprecated in CUDA 10.1, still declared by CUDA 13. */
__BC_H __CUDA_DEPRECATED cudaError_t cudaMemcpyToArray(cudaArray_t, size_t, size_t, const void*, size_t,
                                                       enum cudaMemcpyKind);
__BC_H __CUDA_DEPRECATED cudaError_t cudaMemcpyFromArray(void*, cudaArray_const_t, size_t, size_t, size_t,
                                                         enum cudaMemcpyKind);
} /* extern "C" */

/* driver_functions.h */
__BC_HDI struct cudaPitchedPtr make_cudaPitchedPtr(void* __d, size_t __p, size_t __xsz, size_t __ysz) {
  return {__d, __p, __xsz, __ysz};
}
__BC_HDI struct cudaPos make_cudaPos(size_t __x, size_t __y, size_t __z) { return {__x, __y, __z}; }
__BC_HDI struct cudaExtent make_cudaExtent(size_t __w, size_t __h, size_t __d) { return {__w, __h, __d}; }

/* channel_descriptor.h: cudaCreateChannelDesc<T>() for the built-in and vector types. */
template <class __T> __BC_H struct cudaChannelFormatDesc cudaCreateChannelDesc();
__BC_H struct cudaChannelFormatDesc cudaCreateChannelDescHalf();
__BC_H struct cudaChannelFormatDesc cudaCreateChannelDescHalf1();
__BC_H struct cudaChannelFormatDesc cudaCreateChannelDescHalf2();
__BC_H struct cudaChannelFormatDesc cudaCreateChannelDescHalf4();

/* Texture fetches (texture_fetch_functions.h, texture_indirect_functions.h). */
template <class __T> __BC_D __T tex1Dfetch(cudaTextureObject_t, int);
template <class __T> __BC_D void tex1Dfetch(__T*, cudaTextureObject_t, int);
template <class __T> __BC_D __T tex1D(cudaTextureObject_t, float);
template <class __T> __BC_D void tex1D(__T*, cudaTextureObject_t, float);
template <class __T> __BC_D __T tex2D(cudaTextureObject_t, float, float);
template <class __T> __BC_D void tex2D(__T*, cudaTextureObject_t, float, float);
template <class __T> __BC_D __T tex3D(cudaTextureObject_t, float, float, float);
template <class __T> __BC_D void tex3D(__T*, cudaTextureObject_t, float, float, float);
template <class __T> __BC_D __T tex1DLayered(cudaTextureObject_t, float, int);
template <class __T> __BC_D __T tex2DLayered(cudaTextureObject_t, float, float, int);
template <class __T> __BC_D __T texCubemap(cudaTextureObject_t, float, float, float);
template <class __T> __BC_D __T texCubemapLayered(cudaTextureObject_t, float, float, float, int);
template <class __T> __BC_D __T tex2Dgather(cudaTextureObject_t, float, float, int = 0);
template <class __T> __BC_D __T tex1DLod(cudaTextureObject_t, float, float);
template <class __T> __BC_D __T tex2DLod(cudaTextureObject_t, float, float, float);
template <class __T> __BC_D __T tex3DLod(cudaTextureObject_t, float, float, float, float);
template <class __T> __BC_D __T tex2DLayeredLod(cudaTextureObject_t, float, float, int, float);
template <class __T> __BC_D __T texCubemapLod(cudaTextureObject_t, float, float, float, float);
template <class __T> __BC_D __T tex1DGrad(cudaTextureObject_t, float, float, float);
template <class __T> __BC_D __T tex2DGrad(cudaTextureObject_t, float, float, float2, float2);
template <class __T> __BC_D __T tex3DGrad(cudaTextureObject_t, float, float, float, float4, float4);

/* Surface reads and writes (surface_indirect_functions.h). */
template <class __T> __BC_D __T surf1Dread(cudaSurfaceObject_t, int, cudaSurfaceBoundaryMode = cudaBoundaryModeTrap);
template <class __T> __BC_D void surf1Dread(__T*, cudaSurfaceObject_t, int, cudaSurfaceBoundaryMode = cudaBoundaryModeTrap);
template <class __T> __BC_D __T surf2Dread(cudaSurfaceObject_t, int, int, cudaSurfaceBoundaryMode = cudaBoundaryModeTrap);
template <class __T> __BC_D void surf2Dread(__T*, cudaSurfaceObject_t, int, int, cudaSurfaceBoundaryMode = cudaBoundaryModeTrap);
template <class __T> __BC_D __T surf3Dread(cudaSurfaceObject_t, int, int, int, cudaSurfaceBoundaryMode = cudaBoundaryModeTrap);
template <class __T> __BC_D void surf3Dread(__T*, cudaSurfaceObject_t, int, int, int, cudaSurfaceBoundaryMode = cudaBoundaryModeTrap);
template <class __T> __BC_D __T surf1DLayeredread(cudaSurfaceObject_t, int, int, cudaSurfaceBoundaryMode = cudaBoundaryModeTrap);
template <class __T> __BC_D __T surf2DLayeredread(cudaSurfaceObject_t, int, int, int, cudaSurfaceBoundaryMode = cudaBoundaryModeTrap);
template <class __T> __BC_D void surf1Dwrite(__T, cudaSurfaceObject_t, int, cudaSurfaceBoundaryMode = cudaBoundaryModeTrap);
template <class __T> __BC_D void surf2Dwrite(__T, cudaSurfaceObject_t, int, int, cudaSurfaceBoundaryMode = cudaBoundaryModeTrap);
template <class __T> __BC_D void surf3Dwrite(__T, cudaSurfaceObject_t, int, int, int, cudaSurfaceBoundaryMode = cudaBoundaryModeTrap);
template <class __T> __BC_D void surf1DLayeredwrite(__T, cudaSurfaceObject_t, int, int, cudaSurfaceBoundaryMode = cudaBoundaryModeTrap);
template <class __T> __BC_D void surf2DLayeredwrite(__T, cudaSurfaceObject_t, int, int, int, cudaSurfaceBoundaryMode = cudaBoundaryModeTrap);

#endif /* __BANKCHECK_TEXTURE_TYPES_H */
