// Tile sizes from -D flags or compile_commands.json.
#ifndef TILE
#error "TILE must be defined"
#endif
__global__ void columns(float* out) {
    __shared__ float tile[TILE][TILE];
    tile[threadIdx.y][threadIdx.x] = 1.f;
    __syncthreads();
    out[threadIdx.y * TILE + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}
void launch(float* out) { columns<<<1, dim3(TILE, TILE)>>>(out); }
