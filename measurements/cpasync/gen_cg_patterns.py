#!/usr/bin/env python3
"""cp.async.cg (16 bytes, LDGSTS.E.BYPASS.128) patterns for cp_async_probe.cu's counter mode:
global source layouts (which 128-byte lines the warp reads, how many lanes per line, masked
lanes, duplicates), each with two shared destinations (contiguous; every lane 128 bytes apart,
all in one bank group). What Nsight Compute's source view shows as "L1 Wavefronts Shared" for
these instructions is compared with the count of distinct 128-byte global lines the active lanes
read (docs/hardware-model.md, "cp.async.cg"). `gen_cg_patterns.py random N SEED` draws held-out
patterns instead. Output: one line per launch, `# name` comments
before each: op d0..d31 s0..s31 (-1 destination: lane inactive)."""

def sources():
    yield "contiguous", [16 * i for i in range(32)]
    yield "line-per-lane", [128 * i for i in range(32)]
    yield "every-other-line", [256 * i for i in range(32)]
    yield "2-lanes-per-line", [(i // 2) * 128 + (i % 2) * 16 for i in range(32)]
    yield "4-lanes-per-line", [(i // 4) * 128 + (i % 4) * 16 for i in range(32)]
    yield "4-lanes-per-line-512-apart", [(i // 4) * 512 + (i % 4) * 16 for i in range(32)]
    yield "shuffled-in-line", [16 * (i ^ 5) for i in range(32)]
    yield "reversed", [16 * (31 - i) for i in range(32)]
    yield "permuted-4-lines", [16 * ((i * 7) % 32) for i in range(32)]
    yield "all-same-chunk", [0] * 32
    yield "one-line-duplicates", [16 * (i % 8) for i in range(32)]
    yield "two-regions-interleaved", [(i % 2) * 4096 + (i // 2) * 16 for i in range(32)]
    yield "32-byte-stride", [32 * i for i in range(32)]
    yield "64-byte-stride", [64 * i for i in range(32)]
    yield "rows-of-a-column-slice", [(i % 32) * 1024 + 32 for i in range(32)]  # 32 rows, 16 B each


def masks():
    yield "all", [True] * 32
    yield "half", [i < 16 for i in range(32)]
    yield "even", [i % 2 == 0 for i in range(32)]
    yield "one", [i == 5 for i in range(32)]


def destinations():
    yield "dst-contiguous", [16 * i for i in range(32)]
    yield "dst-128-apart", [128 * i for i in range(32)]


def random_patterns(n, seed):
    """Held-out patterns, drawn at random: sources in 1 to 8 lines of a 4 KB window (duplicates
    allowed), distinct destinations anywhere in the 8 KB region or inside a few lines, random masks."""
    import random
    rng = random.Random(seed)
    for k in range(n):
        lines = rng.choice([1, 2, 4, 8])
        base = [rng.randrange(32) for _ in range(lines)]
        src = [base[rng.randrange(lines)] * 128 + rng.randrange(8) * 16 for _ in range(32)]
        span = rng.choice([4, 8, 16, 64])  # destination lines used
        slots = rng.sample(range(span * 8), 32)
        dst = [16 * x for x in slots]
        active = rng.choice([32, 32, 32, 24, 16, 8, 3])
        on = set(rng.sample(range(32), active))
        yield f"random-{k} lines={lines} dst-lines={span} active={active}", [dst[i] if i in on else -1 for i in range(32)], src


def main():
    import sys
    if len(sys.argv) > 1 and sys.argv[1] == "random":
        for name, d, src in random_patterns(int(sys.argv[2]), int(sys.argv[3])):
            print(f"# {name}")
            print("cg16 " + " ".join(map(str, d)) + " " + " ".join(map(str, src)))
        return
    for sname, src in sources():
        for mname, mask in masks():
            if mname != "all" and sname not in ("contiguous", "line-per-lane", "2-lanes-per-line", "rows-of-a-column-slice"):
                continue
            for dname, dst in destinations():
                d = [dst[i] if mask[i] else -1 for i in range(32)]
                print(f"# {sname} {mname} {dname}")
                print("cg16 " + " ".join(map(str, d)) + " " + " ".join(map(str, src)))


if __name__ == "__main__":
    main()
