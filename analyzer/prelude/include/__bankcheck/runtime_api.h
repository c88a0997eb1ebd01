/* bankcheck CUDA prelude: the host runtime API (cuda_runtime_api.h, driver_types.h and the C++
 * templates of cuda_runtime.h), enough for host code in a .cu file to parse: allocation and
 * copies, streams, events, device properties, function attributes and occupancy, kernel launches.
 * The numeric values of the enumerators are CUDA 13's. */
#ifndef __BANKCHECK_RUNTIME_API_H
#define __BANKCHECK_RUNTIME_API_H

#include "vector_types.h"

enum cudaError {
  cudaSuccess = 0, cudaErrorInvalidValue = 1, cudaErrorMemoryAllocation = 2,
  cudaErrorInitializationError = 3, cudaErrorCudartUnloading = 4, cudaErrorProfilerDisabled = 5,
  cudaErrorProfilerNotInitialized = 6, cudaErrorProfilerAlreadyStarted = 7,
  cudaErrorProfilerAlreadyStopped = 8, cudaErrorInvalidConfiguration = 9,
  cudaErrorInvalidPitchValue = 12, cudaErrorInvalidSymbol = 13, cudaErrorInvalidHostPointer = 16,
  cudaErrorInvalidDevicePointer = 17, cudaErrorInvalidTexture = 18,
  cudaErrorInvalidTextureBinding = 19, cudaErrorInvalidChannelDescriptor = 20,
  cudaErrorInvalidMemcpyDirection = 21, cudaErrorAddressOfConstant = 22,
  cudaErrorTextureFetchFailed = 23, cudaErrorTextureNotBound = 24,
  cudaErrorSynchronizationError = 25, cudaErrorInvalidFilterSetting = 26,
  cudaErrorInvalidNormSetting = 27, cudaErrorMixedDeviceExecution = 28,
  cudaErrorNotYetImplemented = 31, cudaErrorMemoryValueTooLarge = 32, cudaErrorStubLibrary = 34,
  cudaErrorInsufficientDriver = 35, cudaErrorCallRequiresNewerDriver = 36,
  cudaErrorInvalidSurface = 37, cudaErrorDuplicateVariableName = 43,
  cudaErrorDuplicateTextureName = 44, cudaErrorDuplicateSurfaceName = 45,
  cudaErrorDevicesUnavailable = 46, cudaErrorIncompatibleDriverContext = 49,
  cudaErrorMissingConfiguration = 52, cudaErrorPriorLaunchFailure = 53,
  cudaErrorLaunchMaxDepthExceeded = 65, cudaErrorLaunchFileScopedTex = 66,
  cudaErrorLaunchFileScopedSurf = 67, cudaErrorSyncDepthExceeded = 68,
  cudaErrorLaunchPendingCountExceeded = 69, cudaErrorInvalidDeviceFunction = 98,
  cudaErrorNoDevice = 100, cudaErrorInvalidDevice = 101, cudaErrorDeviceNotLicensed = 102,
  cudaErrorSoftwareValidityNotEstablished = 103, cudaErrorStartupFailure = 127,
  cudaErrorInvalidKernelImage = 200, cudaErrorDeviceUninitialized = 201,
  cudaErrorMapBufferObjectFailed = 205, cudaErrorUnmapBufferObjectFailed = 206,
  cudaErrorArrayIsMapped = 207, cudaErrorAlreadyMapped = 208,
  cudaErrorNoKernelImageForDevice = 209, cudaErrorAlreadyAcquired = 210, cudaErrorNotMapped = 211,
  cudaErrorNotMappedAsArray = 212, cudaErrorNotMappedAsPointer = 213,
  cudaErrorECCUncorrectable = 214, cudaErrorUnsupportedLimit = 215,
  cudaErrorDeviceAlreadyInUse = 216, cudaErrorPeerAccessUnsupported = 217,
  cudaErrorInvalidPtx = 218, cudaErrorInvalidGraphicsContext = 219,
  cudaErrorNvlinkUncorrectable = 220, cudaErrorJitCompilerNotFound = 221,
  cudaErrorUnsupportedPtxVersion = 222, cudaErrorJitCompilationDisabled = 223,
  cudaErrorUnsupportedExecAffinity = 224, cudaErrorUnsupportedDevSideSync = 225,
  cudaErrorContained = 226, cudaErrorInvalidSource = 300, cudaErrorFileNotFound = 301,
  cudaErrorSharedObjectSymbolNotFound = 302, cudaErrorSharedObjectInitFailed = 303,
  cudaErrorOperatingSystem = 304, cudaErrorInvalidResourceHandle = 400,
  cudaErrorIllegalState = 401, cudaErrorLossyQuery = 402, cudaErrorSymbolNotFound = 500,
  cudaErrorNotReady = 600, cudaErrorIllegalAddress = 700, cudaErrorLaunchOutOfResources = 701,
  cudaErrorLaunchTimeout = 702, cudaErrorLaunchIncompatibleTexturing = 703,
  cudaErrorPeerAccessAlreadyEnabled = 704, cudaErrorPeerAccessNotEnabled = 705,
  cudaErrorSetOnActiveProcess = 708, cudaErrorContextIsDestroyed = 709, cudaErrorAssert = 710,
  cudaErrorTooManyPeers = 711, cudaErrorHostMemoryAlreadyRegistered = 712,
  cudaErrorHostMemoryNotRegistered = 713, cudaErrorHardwareStackError = 714,
  cudaErrorIllegalInstruction = 715, cudaErrorMisalignedAddress = 716,
  cudaErrorInvalidAddressSpace = 717, cudaErrorInvalidPc = 718, cudaErrorLaunchFailure = 719,
  cudaErrorCooperativeLaunchTooLarge = 720, cudaErrorTensorMemoryLeak = 721,
  cudaErrorNotPermitted = 800, cudaErrorNotSupported = 801, cudaErrorSystemNotReady = 802,
  cudaErrorSystemDriverMismatch = 803, cudaErrorCompatNotSupportedOnDevice = 804,
  cudaErrorMpsConnectionFailed = 805, cudaErrorMpsRpcFailure = 806,
  cudaErrorMpsServerNotReady = 807, cudaErrorMpsMaxClientsReached = 808,
  cudaErrorMpsMaxConnectionsReached = 809, cudaErrorMpsClientTerminated = 810,
  cudaErrorCdpNotSupported = 811, cudaErrorCdpVersionMismatch = 812,
  cudaErrorStreamCaptureUnsupported = 900, cudaErrorStreamCaptureInvalidated = 901,
  cudaErrorStreamCaptureMerge = 902, cudaErrorStreamCaptureUnmatched = 903,
  cudaErrorStreamCaptureUnjoined = 904, cudaErrorStreamCaptureIsolation = 905,
  cudaErrorStreamCaptureImplicit = 906, cudaErrorCapturedEvent = 907,
  cudaErrorStreamCaptureWrongThread = 908, cudaErrorTimeout = 909,
  cudaErrorGraphExecUpdateFailure = 910, cudaErrorExternalDevice = 911,
  cudaErrorInvalidClusterSize = 912, cudaErrorFunctionNotLoaded = 913,
  cudaErrorInvalidResourceType = 914, cudaErrorInvalidResourceConfiguration = 915,
  cudaErrorUnknown = 999, cudaErrorApiFailureBase = 10000
};
typedef enum cudaError cudaError_t;
enum cudaDeviceAttr {
  cudaDevAttrMaxThreadsPerBlock = 1, cudaDevAttrMaxBlockDimX = 2, cudaDevAttrMaxBlockDimY = 3,
  cudaDevAttrMaxBlockDimZ = 4, cudaDevAttrMaxGridDimX = 5, cudaDevAttrMaxGridDimY = 6,
  cudaDevAttrMaxGridDimZ = 7, cudaDevAttrMaxSharedMemoryPerBlock = 8,
  cudaDevAttrTotalConstantMemory = 9, cudaDevAttrWarpSize = 10, cudaDevAttrMaxPitch = 11,
  cudaDevAttrMaxRegistersPerBlock = 12, cudaDevAttrClockRate = 13,
  cudaDevAttrTextureAlignment = 14, cudaDevAttrGpuOverlap = 15,
  cudaDevAttrMultiProcessorCount = 16, cudaDevAttrKernelExecTimeout = 17,
  cudaDevAttrIntegrated = 18, cudaDevAttrCanMapHostMemory = 19, cudaDevAttrComputeMode = 20,
  cudaDevAttrMaxTexture1DWidth = 21, cudaDevAttrMaxTexture2DWidth = 22,
  cudaDevAttrMaxTexture2DHeight = 23, cudaDevAttrMaxTexture3DWidth = 24,
  cudaDevAttrMaxTexture3DHeight = 25, cudaDevAttrMaxTexture3DDepth = 26,
  cudaDevAttrMaxTexture2DLayeredWidth = 27, cudaDevAttrMaxTexture2DLayeredHeight = 28,
  cudaDevAttrMaxTexture2DLayeredLayers = 29, cudaDevAttrSurfaceAlignment = 30,
  cudaDevAttrConcurrentKernels = 31, cudaDevAttrEccEnabled = 32, cudaDevAttrPciBusId = 33,
  cudaDevAttrPciDeviceId = 34, cudaDevAttrTccDriver = 35, cudaDevAttrMemoryClockRate = 36,
  cudaDevAttrGlobalMemoryBusWidth = 37, cudaDevAttrL2CacheSize = 38,
  cudaDevAttrMaxThreadsPerMultiProcessor = 39, cudaDevAttrAsyncEngineCount = 40,
  cudaDevAttrUnifiedAddressing = 41, cudaDevAttrMaxTexture1DLayeredWidth = 42,
  cudaDevAttrMaxTexture1DLayeredLayers = 43, cudaDevAttrMaxTexture2DGatherWidth = 45,
  cudaDevAttrMaxTexture2DGatherHeight = 46, cudaDevAttrMaxTexture3DWidthAlt = 47,
  cudaDevAttrMaxTexture3DHeightAlt = 48, cudaDevAttrMaxTexture3DDepthAlt = 49,
  cudaDevAttrPciDomainId = 50, cudaDevAttrTexturePitchAlignment = 51,
  cudaDevAttrMaxTextureCubemapWidth = 52, cudaDevAttrMaxTextureCubemapLayeredWidth = 53,
  cudaDevAttrMaxTextureCubemapLayeredLayers = 54, cudaDevAttrMaxSurface1DWidth = 55,
  cudaDevAttrMaxSurface2DWidth = 56, cudaDevAttrMaxSurface2DHeight = 57,
  cudaDevAttrMaxSurface3DWidth = 58, cudaDevAttrMaxSurface3DHeight = 59,
  cudaDevAttrMaxSurface3DDepth = 60, cudaDevAttrMaxSurface1DLayeredWidth = 61,
  cudaDevAttrMaxSurface1DLayeredLayers = 62, cudaDevAttrMaxSurface2DLayeredWidth = 63,
  cudaDevAttrMaxSurface2DLayeredHeight = 64, cudaDevAttrMaxSurface2DLayeredLayers = 65,
  cudaDevAttrMaxSurfaceCubemapWidth = 66, cudaDevAttrMaxSurfaceCubemapLayeredWidth = 67,
  cudaDevAttrMaxSurfaceCubemapLayeredLayers = 68, cudaDevAttrMaxTexture1DLinearWidth = 69,
  cudaDevAttrMaxTexture2DLinearWidth = 70, cudaDevAttrMaxTexture2DLinearHeight = 71,
  cudaDevAttrMaxTexture2DLinearPitch = 72, cudaDevAttrMaxTexture2DMipmappedWidth = 73,
  cudaDevAttrMaxTexture2DMipmappedHeight = 74, cudaDevAttrComputeCapabilityMajor = 75,
  cudaDevAttrComputeCapabilityMinor = 76, cudaDevAttrMaxTexture1DMipmappedWidth = 77,
  cudaDevAttrStreamPrioritiesSupported = 78, cudaDevAttrGlobalL1CacheSupported = 79,
  cudaDevAttrLocalL1CacheSupported = 80, cudaDevAttrMaxSharedMemoryPerMultiprocessor = 81,
  cudaDevAttrMaxRegistersPerMultiprocessor = 82, cudaDevAttrManagedMemory = 83,
  cudaDevAttrIsMultiGpuBoard = 84, cudaDevAttrMultiGpuBoardGroupID = 85,
  cudaDevAttrHostNativeAtomicSupported = 86, cudaDevAttrSingleToDoublePrecisionPerfRatio = 87,
  cudaDevAttrPageableMemoryAccess = 88, cudaDevAttrConcurrentManagedAccess = 89,
  cudaDevAttrComputePreemptionSupported = 90, cudaDevAttrCanUseHostPointerForRegisteredMem = 91,
  cudaDevAttrCooperativeLaunch = 95, cudaDevAttrMaxSharedMemoryPerBlockOptin = 97,
  cudaDevAttrCanFlushRemoteWrites = 98, cudaDevAttrHostRegisterSupported = 99,
  cudaDevAttrPageableMemoryAccessUsesHostPageTables = 100,
  cudaDevAttrDirectManagedMemAccessFromHost = 101, cudaDevAttrMaxBlocksPerMultiprocessor = 106,
  cudaDevAttrMaxPersistingL2CacheSize = 108, cudaDevAttrMaxAccessPolicyWindowSize = 109,
  cudaDevAttrSparseCudaArraySupported = 112, cudaDevAttrHostRegisterReadOnlySupported = 113,
  cudaDevAttrTimelineSemaphoreInteropSupported = 114, cudaDevAttrMemoryPoolsSupported = 115,
  cudaDevAttrGPUDirectRDMASupported = 116, cudaDevAttrGPUDirectRDMAFlushWritesOptions = 117,
  cudaDevAttrGPUDirectRDMAWritesOrdering = 118, cudaDevAttrMemoryPoolSupportedHandleTypes = 119,
  cudaDevAttrClusterLaunch = 120, cudaDevAttrDeferredMappingCudaArraySupported = 121,
  cudaDevAttrIpcEventSupport = 125, cudaDevAttrMemSyncDomainCount = 126,
  cudaDevAttrNumaConfig = 130, cudaDevAttrNumaId = 131, cudaDevAttrMpsEnabled = 133,
  cudaDevAttrHostNumaId = 134, cudaDevAttrD3D12CigSupported = 135,
  cudaDevAttrVulkanCigSupported = 138, cudaDevAttrGpuPciDeviceId = 139,
  cudaDevAttrGpuPciSubsystemId = 140, cudaDevAttrHostNumaMemoryPoolsSupported = 142,
  cudaDevAttrHostNumaMultinodeIpcSupported = 143, cudaDevAttrHostMemoryPoolsSupported = 144,
  cudaDevAttrOnlyPartialHostNativeAtomicSupported = 147
};

enum cudaMemcpyKind {
  cudaMemcpyHostToHost = 0, cudaMemcpyHostToDevice = 1, cudaMemcpyDeviceToHost = 2,
  cudaMemcpyDeviceToDevice = 3, cudaMemcpyDefault = 4
};
enum cudaFuncAttribute {
  cudaFuncAttributeMaxDynamicSharedMemorySize = 8, cudaFuncAttributePreferredSharedMemoryCarveout = 9,
  cudaFuncAttributeClusterDimMustBeSet = 10, cudaFuncAttributeRequiredClusterWidth = 11,
  cudaFuncAttributeRequiredClusterHeight = 12, cudaFuncAttributeRequiredClusterDepth = 13,
  cudaFuncAttributeNonPortableClusterSizeAllowed = 14,
  cudaFuncAttributeClusterSchedulingPolicyPreference = 15, cudaFuncAttributeMax
};
enum cudaSharedCarveout {
  cudaSharedmemCarveoutDefault = -1, cudaSharedmemCarveoutMaxShared = 100,
  cudaSharedmemCarveoutMaxL1 = 0
};
enum cudaFuncCache {
  cudaFuncCachePreferNone = 0, cudaFuncCachePreferShared = 1, cudaFuncCachePreferL1 = 2,
  cudaFuncCachePreferEqual = 3
};
enum cudaSharedMemConfig {
  cudaSharedMemBankSizeDefault = 0, cudaSharedMemBankSizeFourByte = 1,
  cudaSharedMemBankSizeEightByte = 2
};
enum cudaComputeMode {
  cudaComputeModeDefault = 0, cudaComputeModeExclusive = 1, cudaComputeModeProhibited = 2,
  cudaComputeModeExclusiveProcess = 3
};
enum cudaLimit {
  cudaLimitStackSize = 0x00, cudaLimitPrintfFifoSize = 0x01, cudaLimitMallocHeapSize = 0x02,
  cudaLimitDevRuntimeSyncDepth = 0x03, cudaLimitDevRuntimePendingLaunchCount = 0x04,
  cudaLimitMaxL2FetchGranularity = 0x05, cudaLimitPersistingL2CacheSize = 0x06
};

#define cudaHostAllocDefault 0x00
#define cudaHostAllocPortable 0x01
#define cudaHostAllocMapped 0x02
#define cudaHostAllocWriteCombined 0x04
#define cudaHostRegisterDefault 0x00
#define cudaMemAttachGlobal 0x01
#define cudaMemAttachHost 0x02
#define cudaMemAttachSingle 0x04
#define cudaStreamDefault 0x00
#define cudaStreamNonBlocking 0x01
#define cudaStreamLegacy ((cudaStream_t)0x1)
#define cudaStreamPerThread ((cudaStream_t)0x2)
#define cudaEventDefault 0x00
#define cudaEventBlockingSync 0x01
#define cudaEventDisableTiming 0x02
#define cudaEventInterprocess 0x04
#define cudaDeviceScheduleAuto 0x00
#define cudaDeviceScheduleSpin 0x01
#define cudaDeviceScheduleYield 0x02
#define cudaDeviceScheduleBlockingSync 0x04
#define cudaDeviceMapHost 0x08
#define cudaCpuDeviceId ((int)-1)
#define cudaInvalidDeviceId ((int)-2)

typedef struct CUstream_st* cudaStream_t;
typedef struct CUevent_st* cudaEvent_t;
typedef struct CUgraph_st* cudaGraph_t;
/* Conditional graph nodes: a handle set from device code. */
typedef unsigned long long cudaGraphConditionalHandle;
extern __host__ cudaError_t cudaGraphConditionalHandleCreate(cudaGraphConditionalHandle*, cudaGraph_t,
                                                             unsigned int = 0, unsigned int = 0);
extern __device__ void cudaGraphSetConditional(cudaGraphConditionalHandle, unsigned int);
typedef struct CUgraphExec_st* cudaGraphExec_t;
typedef struct CUfunc_st* cudaFunction_t;
typedef struct CUkern_st* cudaKernel_t;
typedef struct CUuuid_st { char bytes[16]; } cudaUUID_t;

struct cudaDeviceProp {
  char name[256];
  cudaUUID_t uuid;
  char luid[8];
  unsigned int luidDeviceNodeMask;
  size_t totalGlobalMem;
  size_t sharedMemPerBlock;
  int regsPerBlock;
  int warpSize;
  size_t memPitch;
  int maxThreadsPerBlock;
  int maxThreadsDim[3];
  int maxGridSize[3];
  size_t totalConstMem;
  int major;
  int minor;
  size_t textureAlignment;
  size_t texturePitchAlignment;
  int multiProcessorCount;
  int integrated;
  int canMapHostMemory;
  int maxTexture1D;
  int maxTexture1DMipmap;
  int maxTexture2D[2];
  int maxTexture2DMipmap[2];
  int maxTexture2DLinear[3];
  int maxTexture2DGather[2];
  int maxTexture3D[3];
  int maxTexture3DAlt[3];
  int maxTextureCubemap;
  int maxTexture1DLayered[2];
  int maxTexture2DLayered[3];
  int maxTextureCubemapLayered[2];
  int maxSurface1D;
  int maxSurface2D[2];
  int maxSurface3D[3];
  int maxSurface1DLayered[2];
  int maxSurface2DLayered[3];
  int maxSurfaceCubemap;
  int maxSurfaceCubemapLayered[2];
  size_t surfaceAlignment;
  int concurrentKernels;
  int ECCEnabled;
  int pciBusID;
  int pciDeviceID;
  int pciDomainID;
  int tccDriver;
  int asyncEngineCount;
  int unifiedAddressing;
  int memoryBusWidth;
  int l2CacheSize;
  int persistingL2CacheMaxSize;
  int maxThreadsPerMultiProcessor;
  int streamPrioritiesSupported;
  int globalL1CacheSupported;
  int localL1CacheSupported;
  size_t sharedMemPerMultiprocessor;
  int regsPerMultiprocessor;
  int managedMemory;
  int isMultiGpuBoard;
  int multiGpuBoardGroupID;
  int hostNativeAtomicSupported;
  int pageableMemoryAccess;
  int concurrentManagedAccess;
  int computePreemptionSupported;
  int canUseHostPointerForRegisteredMem;
  int cooperativeLaunch;
  size_t sharedMemPerBlockOptin;
  int pageableMemoryAccessUsesHostPageTables;
  int directManagedMemAccessFromHost;
  int maxBlocksPerMultiProcessor;
  int accessPolicyMaxWindowSize;
  size_t reservedSharedMemPerBlock;
  int hostRegisterSupported;
  int sparseCudaArraySupported;
  int hostRegisterReadOnlySupported;
  int timelineSemaphoreInteropSupported;
  int memoryPoolsSupported;
  int gpuDirectRDMASupported;
  unsigned int gpuDirectRDMAFlushWritesOptions;
  int gpuDirectRDMAWritesOrdering;
  unsigned int memoryPoolSupportedHandleTypes;
  int deferredMappingCudaArraySupported;
  int ipcEventSupported;
  int clusterLaunch;
  int unifiedFunctionPointers;
  int deviceNumaConfig;
  int deviceNumaId;
  int mpsEnabled;
  int hostNumaId;
  unsigned int gpuPciDeviceID;
  unsigned int gpuPciSubsystemID;
  int hostNumaMultinodeIpcSupported;
  int reserved[56];
};

struct cudaFuncAttributes {
  size_t sharedSizeBytes;
  size_t constSizeBytes;
  size_t localSizeBytes;
  int maxThreadsPerBlock;
  int numRegs;
  int ptxVersion;
  int binaryVersion;
  int cacheModeCA;
  int maxDynamicSharedSizeBytes;
  int preferredShmemCarveout;
  int clusterDimMustBeSet;
  int requiredClusterWidth;
  int requiredClusterHeight;
  int requiredClusterDepth;
  int clusterSchedulingPolicyPreference;
  int nonPortableClusterSizeAllowed;
  int reserved[16];
};

/* cudaLaunchKernelEx configuration (the common attributes only). */
enum cudaLaunchAttributeID {
  cudaLaunchAttributeIgnore = 0, cudaLaunchAttributeAccessPolicyWindow = 1,
  cudaLaunchAttributeCooperative = 2, cudaLaunchAttributeSynchronizationPolicy = 3,
  cudaLaunchAttributeClusterDimension = 4, cudaLaunchAttributeClusterSchedulingPolicyPreference = 5,
  cudaLaunchAttributeProgrammaticStreamSerialization = 6, cudaLaunchAttributeProgrammaticEvent = 7,
  cudaLaunchAttributePriority = 8
};
/* The L2 persistence window of a stream or a launch (CUDA 11+), as driver_types.h gives it. */
enum cudaAccessProperty { cudaAccessPropertyNormal = 0, cudaAccessPropertyStreaming = 1, cudaAccessPropertyPersisting = 2 };
struct cudaAccessPolicyWindow {
  void* base_ptr;
  size_t num_bytes;
  float hitRatio;
  enum cudaAccessProperty hitProp;
  enum cudaAccessProperty missProp;
};
enum cudaSynchronizationPolicy { cudaSyncPolicyAuto = 1, cudaSyncPolicySpin = 2, cudaSyncPolicyYield = 3, cudaSyncPolicyBlockingSync = 4 };
union cudaLaunchAttributeValue {
  char pad[64];
  struct cudaAccessPolicyWindow accessPolicyWindow;
  int cooperative;
  enum cudaSynchronizationPolicy syncPolicy;
  struct { unsigned int x, y, z; } clusterDim;
  int programmaticStreamSerializationAllowed;
  int priority;
};
struct cudaLaunchAttribute {
  enum cudaLaunchAttributeID id;
  char pad[8 - sizeof(enum cudaLaunchAttributeID)];
  union cudaLaunchAttributeValue val;
};
/* CUDA 12's names for the stream and graph-node attributes: the launch attributes' (driver_types.h). */
#define cudaStreamAttrID cudaLaunchAttributeID
#define cudaStreamAttributeAccessPolicyWindow cudaLaunchAttributeAccessPolicyWindow
#define cudaStreamAttributeSynchronizationPolicy cudaLaunchAttributeSynchronizationPolicy
#define cudaStreamAttributePriority cudaLaunchAttributePriority
#define cudaStreamAttrValue cudaLaunchAttributeValue
#define cudaKernelNodeAttrID cudaLaunchAttributeID
#define cudaKernelNodeAttributeAccessPolicyWindow cudaLaunchAttributeAccessPolicyWindow
#define cudaKernelNodeAttributeCooperative cudaLaunchAttributeCooperative
#define cudaKernelNodeAttributePriority cudaLaunchAttributePriority
#define cudaKernelNodeAttributeClusterDimension cudaLaunchAttributeClusterDimension
#define cudaKernelNodeAttrValue cudaLaunchAttributeValue
struct cudaLaunchConfig_t {
  dim3 gridDim;
  dim3 blockDim;
  size_t dynamicSmemBytes;
  cudaStream_t stream;
  cudaLaunchAttribute* attrs;
  unsigned int numAttrs;
};

extern "C" {
/* Kernel launches: Clang lowers `k<<<g, b, s, st>>>(...)` to a call of one of these (which one
 * depends on the CUDA version Clang detects), so both are declared. */
__BC_H cudaError_t cudaConfigureCall(dim3 gridDim, dim3 blockDim, size_t sharedMem = 0,
                                     cudaStream_t stream = 0);
__BC_HD unsigned __cudaPushCallConfiguration(dim3 gridDim, dim3 blockDim, size_t sharedMem = 0,
                                             struct CUstream_st* stream = 0);
__BC_H cudaError_t cudaLaunchKernel(const void* func, dim3 gridDim, dim3 blockDim, void** args,
                                    size_t sharedMem, cudaStream_t stream);
__BC_H cudaError_t cudaLaunchCooperativeKernel(const void* func, dim3 gridDim, dim3 blockDim,
                                               void** args, size_t sharedMem, cudaStream_t stream);
__BC_H cudaError_t cudaLaunchKernelExC(const cudaLaunchConfig_t* config, const void* func,
                                       void** args);

/* Errors and devices. */
__BC_H cudaError_t cudaGetLastError(void);
__BC_H cudaError_t cudaPeekAtLastError(void);
__BC_H const char* cudaGetErrorString(cudaError_t error);
__BC_H const char* cudaGetErrorName(cudaError_t error);
__BC_H cudaError_t cudaGetDeviceCount(int* count);
__BC_H cudaError_t cudaGetDevice(int* device);
__BC_H cudaError_t cudaSetDevice(int device);
__BC_H cudaError_t cudaSetDeviceFlags(unsigned int flags);
__BC_H cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp* prop, int device);
__BC_H cudaError_t cudaDeviceGetAttribute(int* value, enum cudaDeviceAttr attr, int device);
__BC_H cudaError_t cudaDeviceSynchronize(void);
__BC_H cudaError_t cudaDeviceReset(void);
__BC_H cudaError_t cudaDeviceSetLimit(enum cudaLimit limit, size_t value);
__BC_H cudaError_t cudaDeviceGetLimit(size_t* pValue, enum cudaLimit limit);
__BC_H cudaError_t cudaDeviceSetCacheConfig(enum cudaFuncCache cacheConfig);
__BC_H __CUDA_DEPRECATED cudaError_t cudaDeviceSetSharedMemConfig(enum cudaSharedMemConfig config);
__BC_H __CUDA_DEPRECATED cudaError_t cudaDeviceGetSharedMemConfig(enum cudaSharedMemConfig* pConfig);
__BC_H cudaError_t cudaDeviceCanAccessPeer(int* canAccessPeer, int device, int peerDevice);
__BC_H cudaError_t cudaDeviceEnablePeerAccess(int peerDevice, unsigned int flags);
__BC_H cudaError_t cudaDeviceDisablePeerAccess(int peerDevice);
__BC_H cudaError_t cudaDriverGetVersion(int* driverVersion);
__BC_H cudaError_t cudaRuntimeGetVersion(int* runtimeVersion);

/* Memory. */
__BC_H cudaError_t cudaMalloc(void** devPtr, size_t size);
__BC_H cudaError_t cudaFree(void* devPtr);
__BC_H cudaError_t cudaMallocHost(void** ptr, size_t size);
__BC_H cudaError_t cudaFreeHost(void* ptr);
__BC_H cudaError_t cudaHostAlloc(void** pHost, size_t size, unsigned int flags);
__BC_H cudaError_t cudaHostRegister(void* ptr, size_t size, unsigned int flags);
__BC_H cudaError_t cudaHostUnregister(void* ptr);
__BC_H cudaError_t cudaHostGetDevicePointer(void** pDevice, void* pHost, unsigned int flags);
__BC_H cudaError_t cudaMallocManaged(void** devPtr, size_t size,
                                     unsigned int flags = cudaMemAttachGlobal);
__BC_H cudaError_t cudaMallocPitch(void** devPtr, size_t* pitch, size_t width, size_t height);
__BC_H cudaError_t cudaMallocAsync(void** devPtr, size_t size, cudaStream_t hStream);
__BC_H cudaError_t cudaFreeAsync(void* devPtr, cudaStream_t hStream);
__BC_H cudaError_t cudaMemGetInfo(size_t* free, size_t* total);
__BC_H cudaError_t cudaMemcpy(void* dst, const void* src, size_t count, enum cudaMemcpyKind kind);
__BC_H cudaError_t cudaMemcpyAsync(void* dst, const void* src, size_t count,
                                   enum cudaMemcpyKind kind, cudaStream_t stream = 0);
__BC_H cudaError_t cudaMemcpy2D(void* dst, size_t dpitch, const void* src, size_t spitch,
                                size_t width, size_t height, enum cudaMemcpyKind kind);
__BC_H cudaError_t cudaMemcpy2DAsync(void* dst, size_t dpitch, const void* src, size_t spitch,
                                     size_t width, size_t height, enum cudaMemcpyKind kind,
                                     cudaStream_t stream = 0);
__BC_H cudaError_t cudaMemcpyPeer(void* dst, int dstDevice, const void* src, int srcDevice,
                                  size_t count);
__BC_H cudaError_t cudaMemset(void* devPtr, int value, size_t count);
__BC_H cudaError_t cudaMemsetAsync(void* devPtr, int value, size_t count, cudaStream_t stream = 0);
__BC_H cudaError_t cudaMemset2D(void* devPtr, size_t pitch, int value, size_t width, size_t height);
__BC_H cudaError_t cudaMemcpyToSymbol(const void* symbol, const void* src, size_t count,
                                      size_t offset = 0,
                                      enum cudaMemcpyKind kind = cudaMemcpyHostToDevice);
__BC_H cudaError_t cudaMemcpyFromSymbol(void* dst, const void* symbol, size_t count,
                                        size_t offset = 0,
                                        enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost);
__BC_H cudaError_t cudaMemcpyToSymbolAsync(const void* symbol, const void* src, size_t count,
                                           size_t offset, enum cudaMemcpyKind kind,
                                           cudaStream_t stream = 0);
__BC_H cudaError_t cudaGetSymbolAddress(void** devPtr, const void* symbol);
__BC_H cudaError_t cudaGetSymbolSize(size_t* size, const void* symbol);

/* Streams and events. */
__BC_H cudaError_t cudaStreamCreate(cudaStream_t* pStream);
__BC_H cudaError_t cudaStreamSetAttribute(cudaStream_t hStream, enum cudaLaunchAttributeID attr, const union cudaLaunchAttributeValue* value);
__BC_H cudaError_t cudaStreamGetAttribute(cudaStream_t hStream, enum cudaLaunchAttributeID attr, union cudaLaunchAttributeValue* value_out);
__BC_H cudaError_t cudaStreamCopyAttributes(cudaStream_t dst, cudaStream_t src);
__BC_H cudaError_t cudaCtxResetPersistingL2Cache(void);
__BC_H cudaError_t cudaStreamCreateWithFlags(cudaStream_t* pStream, unsigned int flags);
__BC_H cudaError_t cudaStreamCreateWithPriority(cudaStream_t* pStream, unsigned int flags,
                                                int priority);
__BC_H cudaError_t cudaStreamDestroy(cudaStream_t stream);
__BC_H cudaError_t cudaStreamSynchronize(cudaStream_t stream);
__BC_H cudaError_t cudaStreamQuery(cudaStream_t stream);
__BC_H cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event,
                                       unsigned int flags = 0);
__BC_H cudaError_t cudaEventCreate(cudaEvent_t* event);
__BC_H cudaError_t cudaEventCreateWithFlags(cudaEvent_t* event, unsigned int flags);
__BC_H cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream = 0);
__BC_H cudaError_t cudaEventQuery(cudaEvent_t event);
__BC_H cudaError_t cudaEventSynchronize(cudaEvent_t event);
__BC_H cudaError_t cudaEventElapsedTime(float* ms, cudaEvent_t start, cudaEvent_t end);
__BC_H cudaError_t cudaEventDestroy(cudaEvent_t event);

/* Function attributes and occupancy. */
__BC_H cudaError_t cudaFuncSetAttribute(const void* func, enum cudaFuncAttribute attr, int value);
__BC_H cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes* attr, const void* func);
__BC_H cudaError_t cudaFuncSetCacheConfig(const void* func, enum cudaFuncCache cacheConfig);
__BC_H cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int* numBlocks, const void* func,
                                                                 int blockSize,
                                                                 size_t dynamicSMemSize);
__BC_H cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
    int* numBlocks, const void* func, int blockSize, size_t dynamicSMemSize, unsigned int flags);
__BC_H cudaError_t cudaOccupancyAvailableDynamicSMemPerBlock(size_t* dynamicSmemSize,
                                                             const void* func, int numBlocks,
                                                             int blockSize);
} /* extern "C" */

/* The C++ conveniences of cuda_runtime.h: typed pointers and kernels passed as themselves. */
template <class T> __BC_H inline cudaError_t cudaMalloc(T** devPtr, size_t size) {
  return ::cudaMalloc((void**)(void*)devPtr, size);
}
template <class T> __BC_H inline cudaError_t cudaMallocHost(T** ptr, size_t size,
                                                            unsigned int flags = 0) {
  return flags ? ::cudaHostAlloc((void**)(void*)ptr, size, flags)
               : ::cudaMallocHost((void**)(void*)ptr, size);
}
template <class T> __BC_H inline cudaError_t cudaHostAlloc(T** ptr, size_t size,
                                                           unsigned int flags) {
  return ::cudaHostAlloc((void**)(void*)ptr, size, flags);
}
template <class T> __BC_H inline cudaError_t cudaMallocManaged(
    T** devPtr, size_t size, unsigned int flags = cudaMemAttachGlobal) {
  return ::cudaMallocManaged((void**)(void*)devPtr, size, flags);
}
template <class T> __BC_H inline cudaError_t cudaMallocPitch(T** devPtr, size_t* pitch,
                                                             size_t width, size_t height) {
  return ::cudaMallocPitch((void**)(void*)devPtr, pitch, width, height);
}
template <class T> __BC_H inline cudaError_t cudaMallocAsync(T** devPtr, size_t size,
                                                             cudaStream_t stream) {
  return ::cudaMallocAsync((void**)(void*)devPtr, size, stream);
}
template <class T> __BC_H inline cudaError_t cudaMemcpyToSymbol(
    const T& symbol, const void* src, size_t count, size_t offset = 0,
    enum cudaMemcpyKind kind = cudaMemcpyHostToDevice) {
  return ::cudaMemcpyToSymbol((const void*)&symbol, src, count, offset, kind);
}
template <class T> __BC_H inline cudaError_t cudaMemcpyToSymbolAsync(
    const T& symbol, const void* src, size_t count, size_t offset = 0,
    enum cudaMemcpyKind kind = cudaMemcpyHostToDevice, cudaStream_t stream = 0) {
  return ::cudaMemcpyToSymbolAsync((const void*)&symbol, src, count, offset, kind, stream);
}
template <class T> __BC_H inline cudaError_t cudaMemcpyFromSymbol(
    void* dst, const T& symbol, size_t count, size_t offset = 0,
    enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost) {
  return ::cudaMemcpyFromSymbol(dst, (const void*)&symbol, count, offset, kind);
}
template <class T> __BC_H inline cudaError_t cudaGetSymbolAddress(void** devPtr, const T& symbol) {
  return ::cudaGetSymbolAddress(devPtr, (const void*)&symbol);
}
template <class T> __BC_H inline cudaError_t cudaFuncSetAttribute(T* entry,
                                                                  enum cudaFuncAttribute attr,
                                                                  int value) {
  return ::cudaFuncSetAttribute((const void*)entry, attr, value);
}
template <class T> __BC_H inline cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes* attr,
                                                                   T* entry) {
  return ::cudaFuncGetAttributes(attr, (const void*)entry);
}
template <class T> __BC_H inline cudaError_t cudaFuncSetCacheConfig(T* func,
                                                                    enum cudaFuncCache config) {
  return ::cudaFuncSetCacheConfig((const void*)func, config);
}
template <class T> __BC_H inline cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(
    int* numBlocks, T func, int blockSize, size_t dynamicSMemSize) {
  return ::cudaOccupancyMaxActiveBlocksPerMultiprocessor(numBlocks, (const void*)func, blockSize,
                                                         dynamicSMemSize);
}
template <class T> __BC_H inline cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
    int* numBlocks, T func, int blockSize, size_t dynamicSMemSize, unsigned int flags) {
  return ::cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
      numBlocks, (const void*)func, blockSize, dynamicSMemSize, flags);
}
template <class T> __BC_H cudaError_t cudaOccupancyMaxPotentialBlockSize(
    int* minGridSize, int* blockSize, T func, size_t dynamicSMemSize = 0, int blockSizeLimit = 0);
/* `T*`, not CUDA's `const T*`: Clang cannot deduce `const T*` from a pointer to function. */
template <class T> __BC_H inline cudaError_t cudaLaunchKernel(T* func, dim3 gridDim,
                                                              dim3 blockDim, void** args,
                                                              size_t sharedMem = 0,
                                                              cudaStream_t stream = 0) {
  return ::cudaLaunchKernel((const void*)func, gridDim, blockDim, args, sharedMem, stream);
}
template <class T> __BC_H inline cudaError_t cudaLaunchCooperativeKernel(
    T* func, dim3 gridDim, dim3 blockDim, void** args, size_t sharedMem = 0,
    cudaStream_t stream = 0) {
  return ::cudaLaunchCooperativeKernel((const void*)func, gridDim, blockDim, args, sharedMem,
                                       stream);
}
template <class... ExpTypes, class... ActTypes>
__BC_H inline cudaError_t cudaLaunchKernelEx(const cudaLaunchConfig_t* config,
                                             void (*kernel)(ExpTypes...), ActTypes&&... args) {
  void* pArgs[sizeof...(args) + 1] = {(void*)&args...};
  return ::cudaLaunchKernelExC(config, (const void*)kernel, pArgs);
}

#endif /* __BANKCHECK_RUNTIME_API_H */
