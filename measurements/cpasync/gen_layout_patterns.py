#!/usr/bin/env python3
"""Tile layouts for cp_async_probe.cu's timing mode: what a cp.async.cg copy of whole rows costs
when the shared rows are plain, padded by 16 bytes (ggml's fattn tiles, LeetCUDA's B_PAD = 8
halves) or unpadded with the chunk XOR-swizzled by the row (CuTe's Swizzle<3,4,3> on 16-byte
chunks), and what bankcheck's .cg rule counts for each. The question: is the fix that removes a
16-byte padding and swizzles instead faster for the copies, as the count says, or equal?

Each warp copies consecutive rows of ROW bytes (32 lanes x 16 bytes = 512 bytes = 512/ROW rows),
from global rows 4096 bytes apart (each row its own 128-byte lines), starting at row FIRST of the
tile (the phase a padded row starts at). The same destinations are also timed as st.shared.v4
(sts16), whose cost is one wavefront per quarter-warp without conflicts.
Output: `# name` then `op d0..d31 s0..s31`, as gen_cg_patterns.py."""


def layout(kind, row, first):
    chunks = row // 16
    dst, src = [], []
    for lane in range(32):
        r, c = first + lane // chunks, lane % chunks
        src.append(r * 4096 + c * 16)
        if kind == "plain":
            dst.append(r * row + c * 16)
        elif kind == "pad16":
            dst.append(r * (row + 16) + c * 16)
        elif kind == "xor":
            dst.append(r * row + ((c ^ (r % 8)) % chunks if chunks >= 8 else c ^ (r % chunks)) * 16)
    return dst, src


def main():
    for row in (64, 128, 256):
        for kind in ("plain", "pad16", "xor"):
            for first in (0, 4):
                dst, src = layout(kind, row, first)
                # Every destination stays inside the probe's 8 KB region per warp.
                assert max(dst) + 16 <= 8192 and len(set(dst)) == 32
                for op in ("cg16", "sts16"):
                    print(f"# {op} row{row} {kind} first{first}")
                    print(op, *dst, *src)


if __name__ == "__main__":
    main()
