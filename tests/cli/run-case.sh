#!/usr/bin/env bash
# One command-line behaviour of bankcheck, checked from the outside: exit status and output.
#   run-case.sh <bankcheck> <repo root> <case>
set -uo pipefail
bc="$1"; root="$2"; case="$3"
in="$root/tests/cli/inputs"
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
out="$work/out"; err="$work/err"
run() { "$bc" "$@" >"$out" 2>"$err"; echo $? >"$work/rc"; }
rc() { cat "$work/rc"; }
fail() { echo "FAIL [$case]: $*"; echo "--- exit $(rc); stdout:"; cat "$out"; echo "--- stderr:"; cat "$err"; exit 1; }
expect_rc() { [ "$(rc)" = "$1" ] || fail "exit status $(rc), expected $1"; }
expect_out() { grep -qE -- "$1" "$out" || fail "stdout lacks /$1/"; }
expect_err() { grep -qE -- "$1" "$err" || fail "stderr lacks /$1/"; }
no_crash() { grep -q "Stack dump\|PLEASE submit" "$err" && fail "crashed"; true; }

case "$case" in
  help) run --help; expect_rc 0; expect_out "bankcheck"; expect_out "--min-ways"; expect_out "--fix" ;;
  version) run --version; expect_rc 0; expect_out "bankcheck [0-9]+\.[0-9]+" ;;
  min-ways-invalid)
    for bad in 0.5 nan inf; do run --min-ways=$bad "$root/examples/transpose.cu"; expect_rc 2; expect_err "--min-ways must be a number of at least 1"; done ;;
  no-input) run; expect_rc 2; expect_err "no input files" ;;
  missing-template-keyword)
    run --no-fix-suggestions "$in/missing_template_keyword.cu"; expect_rc 1; no_crash
    expect_out "missing_template_keyword.cu:22:17: remark: template kernel 'withoutTemplateKeyword': not analyzed: Clang reads 'Sums<P, 4>::dispatch<...>\(...\)' at line 24 as comparisons, where nvcc calls the member template 'dispatch': write 'Sums<P, 4>::template dispatch<...>\(...\)' to analyze it"
    expect_out "missing_template_keyword.cu:16:17: remark: template kernel 'withNamespace': not analyzed: Clang reads 'ns::Scaled<sizeof\(float\) \* P>::apply<...>\(...\)' at line 18 as comparisons"
    expect_out "missing_template_keyword.cu:31:5: warning: 32-way bank conflict on store to 'tile'"
    expect_err "note: 2 compiler errors outside the analyzed kernels ignored" ;;
  lowering-cross-check)
    run --no-fix-suggestions "$in/cross_check.cu"; expect_rc 1; cp "$out" "$work/plain"
    BANKCHECK_CROSSCHECK_LOWERING=1 run --no-fix-suggestions "$in/cross_check.cu"; expect_rc 1; no_crash
    expect_err "bankcheck-crosscheck: .*cross_check.cu:17: kernel 'spans': the lowered code accesses 'staged' here; the walk recorded no access of it on this line \[reported\]"
    [ "$(grep -c bankcheck-crosscheck "$err")" = 1 ] || fail "expected one cross-check line"
    cmp -s "$out" "$work/plain" || fail "the report changed with the cross-check" ;;
  missing-file) run "$work/nosuch.cu"; expect_rc 2; expect_err "nosuch.cu: error: no such file or directory"; no_crash ;;
  directory) run "$in"; expect_rc 2; expect_err "inputs: error: is a directory" ;;
  empty-file) run "$in/empty.cu"; expect_rc 2; expect_err "empty.cu: error: file is empty" ;;
  not-source-text)
    # What is not CUDA text is a tool error naming the file, never "0 warnings" and exit 0.
    printf '  \n\t\n' > "$work/blank.cu"; run "$work/blank.cu"; expect_rc 2; expect_err "blank.cu: error: contains only whitespace"
    printf '\377\376_\000_\000' > "$work/utf16.cu"; run "$work/utf16.cu"; expect_rc 2; expect_err "utf16.cu: error: is UTF-16 text"
    printf 'ELF\000\001\002' > "$work/binary.cu"; run "$work/binary.cu"; expect_rc 2; expect_err "binary.cu: error: is not source text"
    mkfifo "$work/pipe.cu"; timeout 10 "$bc" "$work/pipe.cu" >"$out" 2>"$err"; echo $? >"$work/rc"
    expect_rc 2; expect_err "pipe.cu: error: is not a regular file" ;;
  clang-crash)
    # A crash inside clang (here clang's own debug pragma) ends that file with an error and exit 2.
    printf '__global__ void k(float* o) { __shared__ float t[32]; t[threadIdx.x] = 1; o[0] = t[0]; }\n#pragma clang __debug crash\n' > "$work/crash.cu"
    run "$work/crash.cu"; expect_rc 2; no_crash
    expect_err "crash.cu: error: clang crashed while parsing this file"
    # The files after a crash are still analyzed and reported, and the run ends (the pragma's crash
    # leaves a dangling timer that LLVM's exit-time teardown would loop on), serially and with -j.
    for jobs in 1 2; do
      timeout 120 "$bc" -j $jobs "$work/crash.cu" "$root/examples/transpose.cu" "$work/crash.cu" >"$out" 2>"$err"
      echo $? >"$work/rc"; expect_rc 2; no_crash
      [ "$(grep -c 'crash.cu: error: clang crashed' "$err")" = 2 ] || fail "expected the crash reported once per crashing file"
      expect_out "transpose.cu:[0-9]+:[0-9]+: warning: .*32-way"; expect_out "^bankcheck: .*1 warning"
      grep -q "Timers" "$err" "$out" && fail "LLVM's exit-time timer report was printed"
    done ;;
  clang-stack-overflow)
    if [ -n "${BANKCHECK_SANITIZED:-}" ]; then
      echo "SKIPPED [$case]: under AddressSanitizer a stack overflow recovered on clang's own deep-recursion thread deadlocks ASan's thread bookkeeping"; exit 77
    fi
    # An input found by fuzzing that overflows clang-19's stack inside Sema (plain clang-19 on a
    # thread with an 8 MB stack crashes on it too): exit 2, and the next file is still analyzed.
    timeout 120 "$bc" "$in/clang_stack_overflow.cu" "$root/examples/transpose.cu" >"$out" 2>"$err"
    echo $? >"$work/rc"; expect_rc 2; no_crash
    expect_err "clang_stack_overflow.cu: error: clang crashed while parsing this file"
    expect_out "transpose.cu:[0-9]+:[0-9]+: warning: .*32-way" ;;
  checks)
    # --list-checks names every check; --checks and --warnings-as-errors take clang-tidy's globs.
    run --list-checks; expect_rc 0
    for c in bankcheck-bank-conflict bankcheck-unknown bankcheck-static-shared-over-48k bankcheck-shared-over-capacity bankcheck-dynamic-shared-opt-in bankcheck-nolint bankcheck-cp-async-commit bankcheck-cp-async-wait bankcheck-cp-async-barrier bankcheck-cp-async-wait-all-in-loop bankcheck-ping-pong-index bankcheck-missing-syncthreads; do
      expect_out "^$c \((warning|remark|error)\): "
    done
    # Every check has its page and its own test, tests/rules/<name>.cu (notes strict there).
    for c in $(sed 's/ .*//' "$out"); do
      [ -f "$root/docs/rules/$c.md" ] || fail "docs/rules/$c.md is missing"
      [ -f "$root/tests/rules/$c.cu" ] || fail "tests/rules/$c.cu is missing"
      grep -q "tests/" "$root/docs/rules/$c.md" || fail "docs/rules/$c.md names no test"
    done
    run --no-fix-suggestions --checks='-*,bankcheck-static-*' "$root/examples/transpose.cu"; expect_rc 0
    grep -q "warning:" "$out" && fail "a disabled check reported"; expect_out "0 warnings"
    run --no-fix-suggestions --warnings-as-errors='bankcheck-bank-*' "$root/examples/transpose.cu"; expect_rc 1
    expect_out "error: 32-way bank conflict .*\[bankcheck-bank-conflict,-warnings-as-errors\]"; expect_out "1 error, 0 warnings"
    run --checks='bankcheck-[x]' "$root/examples/transpose.cu"; expect_rc 2; expect_err "--checks: 'bankcheck-\[x\]' is not a check name or glob" ;;
  config-file)
    # The nearest .bankcheck.yaml above the file selects the checks; the command line wins.
    mkdir -p "$work/proj/src"; cp "$root/examples/transpose.cu" "$work/proj/src/t.cu"
    printf "Checks: '-*,bankcheck-unknown'\n" > "$work/proj/.bankcheck.yaml"
    run --no-fix-suggestions "$work/proj/src/t.cu"; expect_rc 0; expect_out "0 warnings"
    run --no-fix-suggestions --checks=bankcheck-bank-conflict "$work/proj/src/t.cu"; expect_rc 1; expect_out "1 warning"
    printf "Checks: '*'\nWarningsAsErrors: 'bankcheck-*'\n" > "$work/proj/.bankcheck.yaml"
    run --no-fix-suggestions "$work/proj/src/t.cu"; expect_rc 1; expect_out "warnings-as-errors"
    printf "Checks: '*'\nCheckOptions: {}\n" > "$work/proj/.bankcheck.yaml"
    run --no-fix-suggestions "$work/proj/src/t.cu"; expect_rc 2; expect_err "\.bankcheck\.yaml:2:1: error: unknown key 'CheckOptions'"
    printf "Checks: 'bankcheck-[x]'\n" > "$work/proj/.bankcheck.yaml"
    run --no-fix-suggestions "$work/proj/src/t.cu"; expect_rc 2; expect_err "\.bankcheck\.yaml: Checks: error: 'bankcheck-\[x\]' is not a check name"
    printf "Checks: 'unclosed\n" > "$work/proj/.bankcheck.yaml"
    run --no-fix-suggestions "$work/proj/src/t.cu"; expect_rc 2; expect_err "\.bankcheck\.yaml: error: not valid YAML" ;;
  sarif)
    # SARIF 2.1.0: the checks as rules, each finding a result with its location, the proposal as a fix.
    cp "$root/examples/transpose.cu" "$work/t.cu"
    run --format=sarif "$work/t.cu"; expect_rc 1
    python3 - "$out" "$root" <<'PY' || fail "SARIF output does not have the required structure"
import json, sys
log = json.load(open(sys.argv[1]))
assert log["version"] == "2.1.0" and log["$schema"].endswith("sarif-2.1.0.json")
run = log["runs"][0]
driver = run["tool"]["driver"]
assert driver["name"] == "bankcheck" and driver["version"]
ids = [r["id"] for r in driver["rules"]]
assert "bankcheck-bank-conflict" in ids and "bankcheck-static-shared-over-48k" in ids, ids
for r in driver["rules"]:
    assert r["shortDescription"]["text"] and r["defaultConfiguration"]["level"] in ("note", "warning", "error")
    assert r["helpUri"] == "docs/rules/%s.md" % r["id"]
results = run["results"]
assert len(results) == 1, results
res = results[0]
assert res["ruleId"] == "bankcheck-bank-conflict" and res["level"] == "warning"
assert ids[res["ruleIndex"]] == res["ruleId"]
assert res["message"]["text"].startswith("32-way bank conflict on load from 'tile'")
loc = res["locations"][0]["physicalLocation"]
assert loc["artifactLocation"]["uri"].endswith("t.cu") and loc["region"]["startLine"] == 14 and loc["region"]["startColumn"] == 56
fix = res["fixes"][0]["artifactChanges"][0]
rep = fix["replacements"][0]
assert rep["insertedContent"]["text"] == "TILE + 1" and rep["deletedRegion"]["startLine"] == 7, fix
PY
    true ;;
  sarif-schema)
    # The SARIF output against OASIS's own schema (sarif-schema-2.1.0.json, from
    # github.com/oasis-tcs/sarif-spec, sarif-2.1/schema/), which the repository does not ship: set
    # BANKCHECK_SARIF_SCHEMA to its path. Findings of several checks, notes, fixes, two files.
    [ -n "${BANKCHECK_SARIF_SCHEMA:-}" ] || { echo "SKIPPED: set BANKCHECK_SARIF_SCHEMA to OASIS's sarif-schema-2.1.0.json" >&2; exit 77; }
    python3 -c "import jsonschema" 2>/dev/null || { echo "SKIPPED: python3 jsonschema is not installed" >&2; exit 77; }
    cp "$root/examples/transpose.cu" "$work/t.cu"
    run --format=sarif "$work/t.cu" "$root/tests/rules/bankcheck-ineffective-padding.cu" "$root/tests/cases/advisor_flattened_pointer.cu"
    expect_rc 1
    python3 - "$out" "$BANKCHECK_SARIF_SCHEMA" <<'PY' || fail "the SARIF output does not validate against the schema"
import json, sys, jsonschema
log, schema = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
validator = jsonschema.Draft4Validator(schema, format_checker=jsonschema.Draft4Validator.FORMAT_CHECKER)
errors = list(validator.iter_errors(log))
for e in errors[:10]: print(list(e.path), e.message[:300])
results = log["runs"][0]["results"]
assert not errors and len(results) >= 5 and any(r.get("fixes") for r in results), (len(errors), len(results))
PY
    true ;;
  pre-commit-hook)
    # scripts/pre-commit-bankcheck in a scratch repository: a staged conflict blocks the commit, a
    # NOLINT on its line lets it through, and a commit without CUDA files is not checked.
    command -v git >/dev/null || { echo "SKIPPED [$case]: git is not installed"; exit 77; }
    bcAbs="$(cd "$(dirname "$bc")" && pwd)/$(basename "$bc")"
    repo="$work/repo"; mkdir -p "$repo"; cd "$repo" && git init -q . || fail "git init"
    cp "$root/examples/transpose.cu" t.cu; echo "notes" > README
    git add t.cu README
    BANKCHECK="$bcAbs" "$root/scripts/pre-commit-bankcheck" >"$out" 2>"$err"; echo $? >"$work/rc"
    expect_rc 1; expect_out "t.cu:14:56: warning: 32-way bank conflict"; expect_out "pre-commit: bankcheck exited 1"
    sed -i '14s|$|  // NOLINT(bankcheck-bank-conflict)|' t.cu; git add t.cu
    BANKCHECK="$bcAbs" "$root/scripts/pre-commit-bankcheck" >"$out" 2>"$err"; echo $? >"$work/rc"
    expect_rc 0; expect_out "0 warnings"
    git -c user.email=t@t -c user.name=t commit -qm base --no-verify; echo more >> README; git add README
    BANKCHECK="$bcAbs" "$root/scripts/pre-commit-bankcheck" >"$out" 2>"$err"; echo $? >"$work/rc"
    expect_rc 0; [ -s "$out" ] && fail "bankcheck ran with no CUDA file staged"; true ;;
  missing-library-header)
    # A kernel that needs a library header absent on this machine (hipcub) is not analyzed, said in a
    # remark; it is no tool error, and the file's other kernels are analyzed.
    printf '#include <hipcub/hipcub.hpp>\n__global__ void usesCub(float* o) { typedef hipcub::BlockReduce<float, 128> R; __shared__ typename R::TempStorage t; o[0] = R(t).Sum(o[threadIdx.x]); }\n__global__ void plain(float* o) { __shared__ float s[32][32]; s[threadIdx.y][threadIdx.x] = 1; o[0] = s[threadIdx.x][threadIdx.y]; }\nvoid h(float* o) { usesCub<<<1, 128>>>(o); plain<<<1, dim3(32, 32)>>>(o); }\n' > "$work/c.cu"
    run "$work/c.cu"; expect_rc 1; no_crash
    expect_out "32-way bank conflict on load from 's'"
    expect_err "remark: kernel 'usesCub' not analyzed: it uses a name from a header that was not found" ;;
  missing-header-template)
    # A kernel template whose body needs a header absent here (hipcub, as ROCm ports of apex's group norm): clang's
    # recovery turns hipcub's types into int, so its later errors follow from the missing header too.
    # The template (instantiated only through a function pointer, which clang drops) is reported in
    # a remark; no tool error, and the file's other kernel is analyzed.
    printf '#include <hipcub/hipcub.hpp>\ntemplate <int N> __global__ void usesCub(float* o) { typedef hipcub::BlockReduce<float, N> R; __shared__ typename R::TempStorage t; o[0] = R(t).Sum(o[threadIdx.x]); }\nvoid (*pick)(float*) = usesCub<128>;\n__global__ void plain(float* o) { __shared__ float s[32][32]; s[threadIdx.y][threadIdx.x] = 1; o[0] = s[threadIdx.x][threadIdx.y]; }\nvoid h(float* o) { plain<<<1, dim3(32, 32)>>>(o); }\n' > "$work/t.cu"
    run "$work/t.cu"; expect_rc 1; no_crash
    expect_out "32-way bank conflict on load from 's'"
    expect_out "remark: template kernel 'usesCub': not analyzed: it uses a name from a header that was not found and was skipped \\(line 2: use of undeclared identifier 'hipcub'\\)" ;;
  missing-header-parameter-type)
    # A kernel whose parameters have a type from a header absent here, through a typedef clang could
    # not build (a tensor library's accessors): its errors follow from the missing header, so it is
    # reported in a remark naming the missing name, not as a tool error; the file's other kernel is
    # analyzed. (PyTorch's own headers have stand-ins: torch-extension-stand-in.)
    printf '#include <tensorlib/accessor.h>\ntypedef tensorlib::PackedAccessor32<float, 2> accessor;\n__global__ void usesTensorlib(accessor a) { __shared__ float s[64]; s[threadIdx.x] = a[0][threadIdx.x]; }\n__global__ void plain(float* o) { __shared__ float s[32][32]; s[threadIdx.y][threadIdx.x] = 1; o[0] = s[threadIdx.x][threadIdx.y]; }\nvoid h(float* o) { plain<<<1, dim3(32, 32)>>>(o); }\n' > "$work/t.cu"
    run "$work/t.cu"; expect_rc 1; no_crash
    expect_out "32-way bank conflict on load from 's'"
    expect_err "remark: kernel 'usesTensorlib' not analyzed: it uses a name from a header that was not found and was skipped \\(line 2: use of undeclared identifier 'tensorlib'\\)" ;;
  missing-header-callee)
    # A device function built on hipcub, absent here, does not compile; the kernel that calls it is
    # still walked: its own accesses computed, the call reported as code not walked, no tool error.
    run "$root/tests/cli/inputs/missing_header_callee.cu"; expect_rc 1; no_crash
    expect_out "32-way bank conflict on store to 'tile' in 'rowSum<1024>'"
    expect_out "remark: call to 'BlockAllReduce' in 'rowSum<1024>' not analyzed: it does not compile here \\(a header it needs was not found\\)"
    expect_out "1 code region not walked" ;;
  torch-extension-stand-in)
    # Without PyTorch on the include path its headers have stand-ins, said in a note: the dispatch
    # macros instantiate and launch each kernel once per type. A real copy on the path wins.
    run "$root/tests/cases/torch_extension_standin.cu"; expect_rc 1; no_crash
    expect_err "note: PyTorch's headers were not found; bankcheck's stand-ins declared the part of its C\\+\\+ API"
    expect_out "7 kernel instances, 14 shared-memory accesses \\(14 computed, 0 unknown\\), 5 warnings"
    mkdir -p "$work/torch-root/torch"
    printf '#error the user copy of torch/extension.h\n' > "$work/torch-root/torch/extension.h"
    run --strict "$root/tests/cases/torch_extension_standin.cu" -- -isystem "$work/torch-root"; expect_rc 2
    expect_err "the user copy of torch/extension.h" ;;
  launch-in-missing-library-binding)
    # The launcher's tensorlib::Tensor parameters do not compile without that library; its launch
    # does and gives the block (16x16), where no launch would leave the kernel to the assumed family.
    run "$root/tests/cli/inputs/launch_in_missing_library_binding.cu"; expect_rc 1; no_crash
    expect_out "2-way bank conflict on store to 's' in 'tiles<128, 8>'"
    expect_out "note: block 16x16x1 \\(launch at launch_in_missing_library_binding.cu:20\\)"
    expect_out "4-way bank conflict on load from 's' in 'tiles<128, 8>'" ;;
  invalid-annotation)
    # An out-of-range block annotation is a reason, not a crash (std::out_of_range before).
    printf '// bankcheck: block(99999999999999999999, 8)\n__global__ void k(float* o) { __shared__ float s[32][32]; s[threadIdx.y][threadIdx.x] = 1; o[0] = s[threadIdx.x][threadIdx.y]; }\n' > "$work/a.cu"
    run "$work/a.cu"; expect_rc 0; no_crash
    expect_out "not computed: block shape unknown: .bankcheck: block\(99999999999999999999, 8\). is not a valid block shape" ;;
  invalid-extent)
    # A shared extent whose constant has a type from a missing header: listed, no crash (SIGSEGV before).
    printf '#include "missing_config.h"\nstatic const idx_t N = 32;\n__global__ void k(float* o) { __shared__ float t[N]; o[0] = t[threadIdx.x]; }\n' > "$work/e.cu"
    for i in 1 2 3 4; do run "$work/e.cu"; no_crash; expect_rc 0; done
    expect_out "shared array 't'.*not computed" ;;
  no-lowering)
    # A shared pointer kept in an object: computed from the lowered LLVM IR by default, listed as
    # not walked (never reported clean) with --no-lowering.
    run "$root/tests/cases/untracked_array.cu"; no_crash; expect_rc 1
    expect_out "32-way bank conflict on store to 's'"
    run --no-lowering "$root/tests/cases/untracked_array.cu"; no_crash; expect_rc 0
    expect_out "shared array 's'.*not analyzed: it is used, but none of its accesses could be followed"
    expect_out "1 code region not walked" ;;
  no-lowering-opaque-call)
    # Shared objects passed only to functions without a body are no reason to lower the kernel
    # (the lowered code shows only the call); they stay listed as not walked. An array that also
    # reaches code the walk did not follow is still lowered (the no-lowering case above).
    BANKCHECK_TIME_PHASES=1 run "$in/opaque_call.cu"; no_crash; expect_rc 0
    grep -q "phase lowering:" "$err" && fail "a kernel whose shared objects only reach bodiless calls was lowered"
    expect_out "not walked"
    BANKCHECK_TIME_PHASES=1 run "$root/tests/cases/untracked_array.cu"; no_crash; expect_rc 1
    expect_err "phase lowering:" ;;
  device-launch)
    # A kernel that launches another (dynamic parallelism, which clang does not compile) is analyzed.
    printf '__global__ void child(float* o) { __shared__ float s[64]; s[threadIdx.x * 2] = 1; o[0] = s[0]; }\n__global__ void parent(float* o) { child<<<1, 32>>>(o); }\n' > "$work/d.cu"
    run "$work/d.cu"; no_crash; expect_rc 1
    expect_out "2-way bank conflict on store to 's'"
    grep -q "kernel 'parent' not analyzed" "$err" && fail "the launching kernel was dropped"
    # A kernel template that launches itself, and a kernel whose header declares another overload:
    # clang reports these launches as "no matching function" (the candidate is a __global__
    # function called from device code); they are device-side launches too.
    cat > "$work/t.cu" <<'CU'
__global__ void q(float* o, int d);
__global__ void q(float* o, int d, int e) {
  __shared__ float s[64];
  s[threadIdx.x * 2] = d;
  if (d < 4) q<<<1, 32>>>(o, d + 1, e);
  o[0] = s[0];
}
template <int N> __global__ void t(float* o, int d) {
  __shared__ float s[N][N];
  s[threadIdx.x][0] = d;
  if (d < 4) t<N><<<1, N>>>(o, d + 1);
  o[0] = s[0][0];
}
void go(float* o) { q<<<1, 32>>>(o, 0, 0); t<32><<<1, 32>>>(o, 0); }
CU
    run "$work/t.cu"; no_crash; expect_rc 1
    expect_out "t.cu:4:3: warning: 2-way bank conflict on store to 's'"
    expect_out "warning: 32-way bank conflict on store to 's' in 't<32>'"
    grep -q "not analyzed" "$err" && fail "a kernel with a device-side launch was not analyzed"; true ;;
  syntax-error)
    run "$in/syntax_error.cu"; expect_rc 2; no_crash
    expect_err "syntax_error.cu:4:25: error: expected ';'"
    expect_err "error: kernel 'broken' not analyzed: it does not compile"
    # the other kernel is still analyzed
    expect_out "syntax_error.cu:10:5: warning: 32-way bank conflict on store to 't'"
    expect_out "note: pad 't' to t\[32\]\[32 \+ 1\]" ;;
  template-error)
    printf 'template <class T> __global__ void k(T* p) { p[0] = T::value; }\nvoid h(int* p) { k<int><<<1, 1>>>(p); }\n' > "$work/t.cu"
    run "$work/t.cu"; expect_rc 2; expect_err "t.cu:1:53: error: type 'int' cannot be used prior to '::'" ;;
  other-files-still-processed)
    run "$work/nosuch.cu" "$root/examples/transpose.cu"; expect_rc 2
    expect_err "nosuch.cu: error: no such file or directory"
    expect_out "transpose.cu:14:56: warning: 32-way bank conflict" ;;
  unknown-headers)
    run "$in/unknown_headers.cu"; expect_rc 1; no_crash
    expect_err "note: headers not found were skipped: <mkl.h> \(unknown_headers.cu:3\), \"project/utilities.h\""
    expect_err "note: [0-9]+ compiler errors? outside the analyzed kernels ignored"
    expect_out "unknown_headers.cu:11:43: warning: 32-way bank conflict on load from 'tile'" ;;
  strict)
    run --strict "$in/unknown_headers.cu"; expect_rc 2; expect_err "unknown_headers.cu:[0-9]+:[0-9]+: error: " ;;
  defines-after-dashdash)
    run "$in/defines.cu" -- -DTILE=32; expect_rc 1; expect_out "32-way bank conflict on load from 'tile'"
    run "$in/defines.cu" -- -DTILE=16; expect_rc 1; expect_out "8-way bank conflict on load from 'tile'"
    run "$in/defines.cu"; expect_rc 2; expect_err "TILE must be defined" ;;
  compile-commands)
    printf '[{"directory": "%s", "file": "%s", "command": "nvcc -arch=sm_90 -O3 --expt-relaxed-constexpr -DTILE=32 -c %s -o x.o"}]\n' \
      "$in" "$in/defines.cu" "$in/defines.cu" > "$work/compile_commands.json"
    run -p "$work" "$in/defines.cu"; expect_rc 1; expect_out "32-way bank conflict on load from 'tile'" ;;
  block-override)
    printf '__global__ void k(float* o) { __shared__ float s[32][32]; s[threadIdx.y][threadIdx.x] = 1.f; __syncthreads(); o[0] = s[threadIdx.x][threadIdx.y]; }\n' > "$work/k.cu"
    run --block-family=off "$work/k.cu"; expect_rc 0; expect_out "remark: bank conflicts of load from 's' not computed: block shape unknown"
    run --block k=32x4 "$work/k.cu"; expect_rc 1; expect_out "32-way bank conflict on load from 's'"; expect_out "block 32x4x1 \(--block k\)"
    for bad in k=32x4x2x9 k=99999999999999999999 k=2147483664x2 k=4294967328 k=0x8 k=32x64 k=; do
      run --block "$bad" "$work/k.cu"; expect_rc 2; expect_err "is not of the form"; no_crash
    done ;;
  assume)
    # --assume [kernel:]name=value: a run-time value the code cannot show; a qualified kernel name
    # keeps its '::'; a malformed one is exit 2 with the form it wants.
    printf 'namespace ns { __global__ void k(float* o, int pitch) { __shared__ float s[32 * 33]; s[threadIdx.x * pitch] = 1.f; __syncthreads(); o[0] = s[threadIdx.x]; } }\nvoid go(float* o, int p) { ns::k<<<1, 32>>>(o, p); }\n' > "$work/k.cu"
    run "$work/k.cu"; expect_rc 0; expect_out "its value is unknown \(give it with --assume pitch=N\)"
    run --assume pitch=32 "$work/k.cu"; expect_rc 1; expect_out "32-way bank conflict on store to 's'"; expect_out "note: 'pitch' = 32: assumed \(--assume\)"
    run --assume ns::k:pitch=33 "$work/k.cu"; expect_rc 0; expect_out "2 computed, 0 unknown"
    run --assume other:pitch=32 "$work/k.cu"; expect_rc 0; expect_out "its value is unknown"
    for bad in pitch pitch=x =3 :pitch=3 'pitch=1e3' pitch=99999999999999999999; do
      run --assume "$bad" "$work/k.cu"; expect_rc 2; expect_err "is not of the form \[kernel:\]name=integer"; no_crash
    done
    run --assume pitch=32 --assume pitch=64 "$work/k.cu"; expect_rc 2; expect_err "gives 'pitch' two values \(32 and 64\)"
    run --assume pitch=33 --assume k:pitch=64 "$work/k.cu"; expect_rc 1; expect_out "'pitch' = 64: assumed" ;;
  block-twice)
    # Several --block shapes for one kernel: each is analyzed, the worst reported; a repeated
    # shape counts once.
    printf '__global__ void k(float* o) { __shared__ float s[32][32]; s[threadIdx.y][threadIdx.x] = 1.f; __syncthreads(); o[0] = s[0][threadIdx.x]; }\n' > "$work/k.cu"
    run --block k=32x32 "$work/k.cu"; expect_rc 0
    run --block k=32x32 --block k=1x32 "$work/k.cu"; expect_rc 1
    expect_out "warning: 32-way bank conflict on store to 's'"
    expect_out "note: block 1x32x1 \(--block k\); also analyzed with 32x32x1 \(--block k\): no conflict there"
    run --block k=1x32 --block k=1x32 "$work/k.cu"; expect_rc 1
    grep -q "also analyzed" "$out" && fail "a repeated --block shape was analyzed twice"; true ;;
  block-family)
    # No launch: the family of shapes the kernel admits, reported by --block-family.
    printf '__global__ void k(float* o) { __shared__ float s[1024]; s[threadIdx.x * blockDim.y + threadIdx.y] = 1.f; o[0] = s[threadIdx.y]; }\n' > "$work/k.cu"
    run "$work/k.cu"; expect_rc 0
    expect_out "remark: bank conflict on store to 's' depends on the block shape: with .*; not with 16x2x1, 32x1x1 \[bankcheck-shape-dependent\]"
    expect_out "0 warnings, 1 shape-dependent conflict$"
    run --block-family=any "$work/k.cu"; expect_rc 1; expect_out "warning: 32-way bank conflict on store to 's'"; expect_out "\(block-family any\)"
    run --block-family=off "$work/k.cu"; expect_rc 0; expect_out "not computed: block shape unknown"
    run --block-family=some "$work/k.cu"; expect_rc 2; expect_err "--block-family accepts 'all', 'any' or 'off'"
    run --format=json "$work/k.cu"; expect_rc 0
    python3 -c "
import json; d=json.load(open('$out')); f=d['files'][0]; k=f['kernels'][0]; a=f['accesses'][0]
assert k['family']['policy']=='all' and len(k['launches'])==12 and all(l['assumed'] for l in k['launches']), k
assert a['verdict']=='shape-dependent' and not a['warning'] and a['block']==[32,32,1], a
assert [s['ways'] for s in a['shapes'] if s['block']==[32,1,1]]==[1], a['shapes']
assert d['summary']['shape_dependent']==1" || fail "bad JSON for a family" ;;
  not-computed)
    # Nothing skipped is silent: remarks with check names, counted in the summary line.
    run "$in/not_computed.cu"; expect_rc 0
    expect_out "not_computed.cu:4:84: remark: call to 'f' not analyzed: recursive call \[bankcheck-not-walked\]"
    expect_out "not_computed.cu:13:3: remark: ld/st.shared in inline asm not analyzed: address operand is not a known shared address \[bankcheck-not-walked\]"
    expect_out "not_computed.cu:16:34: remark: template kernel 'never': never instantiated in this file, so not analyzed .*\[bankcheck-not-analyzed\]"
    expect_out "not_computed.cu:14:16: remark: bank conflicts of load from 's' not computed: value loaded from memory"
    expect_out "^bankcheck: 1 file, 3 kernel instances \(1 not analyzed\), 2 shared-memory accesses \(1 computed, 1 unknown\), 2 code regions not walked, 0 warnings$"
    run --format=json "$in/not_computed.cu"; expect_rc 0
    python3 -c "
import json; s=json.load(open('$out'))['summary']
assert (s['kernels'], s['kernels_not_analyzed'], s['accesses'], s['computed'], s['unknown'], s['not_walked'], s['warnings']) == (3, 1, 2, 1, 1, 2, 0), s" || fail "bad JSON summary" ;;
  fail-on-unknown)
    # Exit 3 when something was not computed and no conflict was found; 1 (conflicts) wins.
    run --fail-on-unknown "$in/not_computed.cu"; expect_rc 3
    run --fail-on-unknown "$root/examples/transpose.cu"; expect_rc 1
    printf '__global__ void k(float* o) { __shared__ float s[32]; s[threadIdx.x] = 1.f; o[0] = s[threadIdx.x]; }\nvoid h(float* o) { k<<<1, 32>>>(o); }\n' > "$work/clean.cu"
    run --fail-on-unknown "$work/clean.cu"; expect_rc 0
    printf '__global__ void k(float* o) { __shared__ float s[32]; s[threadIdx.x] = 1.f; o[0] = s[threadIdx.x]; }\nvoid h(float* o, int n) { k<<<1, 32>>>(o); k<<<1, n>>>(o); }\n' > "$work/launch.cu"
    run "$work/launch.cu"; expect_rc 0
    expect_out "remark: kernel 'k': the launch at launch.cu:2 has a block shape that is not computed: .*\[bankcheck-unresolved-launch\]"
    expect_out "1 launch shape not computed"
    run --fail-on-unknown "$work/launch.cu"; expect_rc 3 ;;
  json-formats)
    run --format=json "$root/examples/transpose.cu"; expect_rc 1
    python3 -c "import json,sys; d=json.load(open('$out')); assert d['schema']=='bankcheck-report/1'; a=[x for x in d['files'][0]['accesses'] if x['warning']]; assert a[0]['worst_wavefronts']==32 and a[0]['ideal_wavefronts']==1, a" || fail "bad JSON report"
    run --dump=json "$root/examples/transpose.cu"; expect_rc 0
    python3 -c "import json; d=json.load(open('$out')); f=d['files'][0]; assert f['shared_arrays'][0]['dims']==[32,32]; assert len(f['accesses'])==2" || fail "bad IR dump"
    # Carved views name the buffer they are carved out of as their storage; an array, itself.
    run --format=json "$root/tests/cases/advisor_carved_buffers.cu"; expect_rc 1
    python3 -c "import json; p=json.load(open('$out'))['files'][0]['proposals']; s={x['array']: (x['storage']['array'], x['storage']['declared_at']['line']) for x in p}; assert s['Qi']==('sram',12) and s['Vj']==('sram',12) and s['dweight']==('shared',29), s" || fail "bad proposal storage"
    run --format=json "$root/examples/transpose.cu"
    python3 -c "import json; p=json.load(open('$out'))['files'][0]['proposals'][0]; assert p['storage']['array']==p['array']=='tile' and p['storage']['declared_at']==p['declared_at'], p" || fail "bad storage of an array" ;;
  parallel)
    "$bc" -j 1 "$root"/tests/cases/*.cu -- >"$work/one" 2>/dev/null
    "$bc" -j 2 "$root"/tests/cases/*.cu -- >"$work/two" 2>/dev/null
    cmp -s "$work/one" "$work/two" || { diff "$work/one" "$work/two" | head; echo "FAIL [$case]: -j 2 output differs from -j 1"; exit 1; } ;;
  lanes)
    run lanes "$root/tests/data/ground-truth/h200-lane-patterns.csv"; expect_rc 0; expect_out "^280/280 rows match"
    printf 'pattern,op,width_bytes,lane0\nx,ld,3,0\n' > "$work/bad.csv"
    run lanes "$work/bad.csv"; expect_rc 2; expect_err "bad.csv:[0-9]+:[0-9]+: error:" ;;
  explain)
    run --explain "$root/examples/transpose.cu"; expect_rc 1; expect_out "bank map of the worst warp-instruction"; expect_out "bank  0: 32 words" ;;
  fix)
    cp "$root/examples/transpose.cu" "$work/t.cu"
    # A plain run proves the padding on the IR; writing or exporting it re-parses the patched text.
    run "$work/t.cu"; expect_rc 1; expect_out "pad 'tile' to tile\[TILE\]\[TILE \+ 1\].*verified: .*(on the IR, widths predicted)"
    run --export-fixes="$work/only.yaml" "$work/t.cu"; expect_rc 1; expect_out "verified: .*(re-parsed, widths predicted)"
    run --fix --export-fixes="$work/fixes.yaml" "$work/t.cu"; expect_rc 1; expect_err "t.cu: fixed \(1 edit, re-parsed\)"
    grep -q "float tile\[TILE\]\[TILE + 1\];" "$work/t.cu" || fail "declaration not padded"
    grep -q "ReplacementText: 'TILE + 1'" "$work/fixes.yaml" || fail "no replacement exported"
    run "$work/t.cu"; expect_rc 0 ;;
  fix-opt-in)
    # A kernel past 48 KB: the padding grows the launch and the limit it opts in to alike, and
    # pads the stride the indices spell (`* (LD + 8)`), not i + i / S * P.
    sed 's|// expected-.*||' "$root/tests/cases/advisor_dynamic_stride.cu" > "$work/s.cu"
    run --fix "$work/s.cu"; [ "$(rc)" -le 1 ] || fail "--fix failed"
    grep -q "MaxDynamicSharedMemorySize, BYTES + 6144);" "$work/s.cu" || fail "opt-in limit not grown"
    grep -q "ldmatrixStages<<<1, 256, BYTES + 6144>>>" "$work/s.cu" || fail "launch byte count not grown"
    grep -q "lane % 16) \* (LD + 8) + lane / 16 \* 8" "$work/s.cu" || fail "stride not padded"
    grep -q "OPT_IN_64K(limitInAMacro);" "$work/s.cu" || fail "a limit in a macro was edited"
    # Its limit cannot grow: swizzled instead of padded, at no cost in bytes.
    grep -q "big\[((threadIdx.x \* ROW) ^ (((threadIdx.x \* ROW) >> 5) & 31))\]" "$work/s.cu" || fail "an array whose limit cannot grow was not swizzled" ;;
  fix-compiles)
    # --fix round trips on the advisor cases: the fixed file re-analyzes without warnings and
    # still compiles with nvcc.
    nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
    [ -x "$nvcc" ] || { echo "SKIPPED: nvcc not found (looked on PATH and in /usr/local/cuda/bin)" >&2; exit 77; }
    for f in advisor_transpose advisor_fp16_int8 advisor_float4 advisor_double_buffer advisor_swizzle advisor_template advisor_wrong_dimension advisor_flattened_fix advisor_flattened advisor_flattened_transposed advisor_flat_swizzle; do
      sed 's|// expected-.*||' "$root/tests/cases/$f.cu" > "$work/$f.cu"
      run --fix "$work/$f.cu"; [ "$(rc)" -le 1 ] || fail "$f: --fix failed"
      grep -q "fixed (" "$err" || fail "$f: nothing fixed"
      run --min-ways=5 "$work/$f.cu"; [ "$(rc)" -le 1 ] || fail "$f: the fixed file does not analyze"
      "$nvcc" -arch=sm_90 -c "$work/$f.cu" -o "$work/$f.o" 2>"$work/nvcc.err" || { cat "$work/nvcc.err"; fail "$f: the fixed file does not compile with nvcc"; }
    done ;;
  ptx)
    command -v nvcc >/dev/null || [ -x /usr/local/cuda/bin/nvcc ] || { echo "SKIPPED: nvcc not found (looked on PATH and in /usr/local/cuda/bin)" >&2; exit 77; }
    run --ptx --format=json "$root/tests/cases/guide_matmul.cu"; expect_rc 0
    python3 -c "
import json; d=json.load(open('$out'))
ws={(a['array'],a['kind']):(a['instruction_width_bytes'],a['width_source']) for a in d['files'][0]['accesses']}
assert ws[('As','load')]==(16,'PTX'), ws
assert ws[('Bs','load')]==(4,'PTX'), ws" || fail "PTX widths not used" ;;
  toolkit-include)
    # CMake puts the CUDA toolkit's include directory on every CUDA command line. Its headers are
    # the ones the prelude replaces, so a -I to it (here a stand-in whose headers would fail) is
    # dropped from the parse, with a note, and <cooperative_groups.h> still comes from the prelude.
    mkdir -p "$work/cuda/include/crt"
    for h in cuda_runtime_api.h crt/host_defines.h cooperative_groups.h cuda_runtime.h; do
      echo '#error "the toolkit header was used"' > "$work/cuda/include/$h"
    done
    printf '#include <cooperative_groups.h>\nnamespace cg = cooperative_groups;\n__global__ void k(float* o) {\n  __shared__ float t[32][32];\n  cg::thread_block b = cg::this_thread_block();\n  t[threadIdx.x][0] = 1.f;\n  b.sync();\n  o[threadIdx.x] = t[0][threadIdx.x];\n}\nvoid launch(float* o) { k<<<1, 32>>>(o); }\n' > "$work/k.cu"
    run "$work/k.cu" -- -I "$work/cuda/include"; expect_rc 1
    expect_err "'-I $work/cuda/include' is a CUDA toolkit's include directory; bankcheck parses against its own CUDA headers"
    grep -q "toolkit header was used" "$err" "$out" && fail "the toolkit's header was parsed"
    expect_out "k.cu:6:3: warning: 32-way bank conflict on store to 't'"
    # An ordinary include directory is kept.
    mkdir -p "$work/inc"; echo '#define ROWS 32' > "$work/inc/rows.h"
    printf '#include <rows.h>\n__global__ void k(float* o) { __shared__ float t[ROWS][ROWS]; t[threadIdx.x][0] = 1.f; o[0] = t[0][0]; }\nvoid launch(float* o) { k<<<1, 32>>>(o); }\n' > "$work/r.cu"
    run "$work/r.cu" -- -I"$work/inc"; expect_rc 1; expect_out "32-way bank conflict" ;;
  sass)
    # --sass takes widths from the cubin's SASS (nvdisasm -g); where nvdisasm is missing it says so
    # and uses the PTX. --ptx and --sass together are an error.
    run --ptx --sass "$root/examples/transpose.cu"; expect_rc 2; expect_err "--ptx and --sass choose different sources"
    command -v nvcc >/dev/null || [ -x /usr/local/cuda/bin/nvcc ] || { echo "SKIPPED: nvcc not found (looked on PATH and in /usr/local/cuda/bin)" >&2; exit 77; }
    run --sass --format=json --no-fix-suggestions "$root/tests/cases/advisor_double_buffer.cu"
    if command -v nvdisasm >/dev/null || [ -x /usr/local/cuda/bin/nvdisasm ]; then
      # Only a.x and a.w of the float4 on line 26 are used: the SASS loads them with 32-bit LDS.
      grep -q '"width_source": "SASS"' "$out" || fail "no width taken from the SASS"
      python3 -c "import json,sys; a=[x for x in json.load(open(sys.argv[1]))['files'][0]['accesses'] if x['line']==26]; sys.exit(0 if a and a[0]['instruction_width_bytes']==4 else 1)" "$out" || fail "line 26: expected the SASS's 4-byte loads"
    else
      expect_err "--sass: nvdisasm not found .* so the widths come from nvcc's PTX instead"
      grep -q '"width_source": "PTX"' "$out" || fail "no width taken from the PTX fallback"
      echo "SKIPPED: the SASS half: nvdisasm not found (looked on PATH and in /usr/local/cuda/bin); the fallback to the PTX was checked" >&2; exit 77
    fi ;;
  occupancy-registers)
    # bankcheck-occupancy-cliff counts registers with --ptx (ptxas): a kernel held to fewer blocks
    # by its registers is not at a shared-memory step; without --ptx both are remarks.
    in="$root/tests/cli/inputs/occupancy_registers.cu"
    run --checks='-*,bankcheck-occupancy-cliff' "$in"; expect_rc 0
    expect_out "occupancy_registers.cu:6:17: remark: kernel 'light' fits 4 blocks per SM"
    expect_out "occupancy_registers.cu:13:17: remark: kernel 'heavy' fits 4 blocks per SM"
    expect_out "registers are not counted and may limit the blocks first"
    command -v nvcc >/dev/null || [ -x /usr/local/cuda/bin/nvcc ] || { echo "SKIPPED: the --ptx half: nvcc not found (looked on PATH and in /usr/local/cuda/bin)" >&2; exit 77; }
    run --ptx --checks='-*,bankcheck-occupancy-cliff' "$in"; expect_rc 1
    expect_out "occupancy_registers.cu:6:17: warning: kernel 'light' fits 4 blocks per SM on sm_90, limited by its 49152 bytes of shared memory per block .*; 3584 bytes less would fit 5"
    expect_out "[0-9]+ registers per thread \(ptxas\) allow [0-9]+ blocks"
    grep -q "'heavy'" "$out" && fail "'heavy' is limited by its registers, not reported with --ptx"
    true ;;
  deep-expression)
    # An index of 20000 terms (a stack overflow in the front end before): not computed, with the reason.
    python3 -c "
t = '+'.join(['threadIdx.x'] * 20000)
open('$work/deep.cu', 'w').write('__global__ void k(float* o) {\n  __shared__ float s[1024];\n  s[(' + t + ') % 1024] = 1;\n  s[threadIdx.x * 2] = 2;\n  o[0] = s[0];\n}\nvoid h(float* o) { k<<<1, 32>>>(o); }\n')"
    run "$work/deep.cu"; no_crash; expect_rc 1
    expect_out "deep.cu:3:3: remark: bank conflicts of store to 's' not computed: an expression nested more than [0-9]+ levels deep"
    expect_out "deep.cu:4:3: warning: 2-way bank conflict on store to 's'"
    # A deep chain built over many statements (no deep clang expression) is bounded in the IR too.
    python3 -c "
body = ''.join('  i = i + threadIdx.x;\n' for _ in range(3000))
open('$work/chain.cu', 'w').write('__global__ void k(float* o) {\n  __shared__ float s[1024];\n  unsigned i = 0;\n' + body + '  s[i % 1024] = 1;\n  o[0] = s[0];\n}\nvoid h(float* o) { k<<<1, 32>>>(o); }\n')"
    run "$work/chain.cu"; no_crash; [ "$(rc)" = 0 ] || [ "$(rc)" = 1 ] || fail "exit status $(rc)" ;;
  time-limit)
    for bad in -1 nan inf abc; do run --time-limit=$bad "$root/examples/transpose.cu"; expect_rc 2; expect_err "--time-limit must be|value invalid"; done
    # Loops of ~2^31/k iterations each (the mapper caps them; 200 loops take ~3 s): past the limit the run stops and names the file.
    python3 -c "
body = ''.join('  for (int j = 0; j < 32; j -= %d) tile[threadIdx.y + j][threadIdx.x] = %d;\n' % (k, k) for k in range(1, 201))
open('$work/slow.cu', 'w').write('__global__ void k(float* o) {\n  __shared__ float tile[32][32];\n' + body + '  __syncthreads();\n  o[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];\n}\nvoid h(float* o) { k<<<1, dim3(32, 8)>>>(o); }\n')"
    start=$(date +%s)
    run --time-limit=1 "$root/examples/transpose.cu" "$work/slow.cu"; expect_rc 2; no_crash
    expect_err "slow.cu: error: the analysis ran past --time-limit=1 s"
    [ $(( $(date +%s) - start )) -le 20 ] || fail "the time limit did not stop the run"
    grep -q "warning" "$out" && fail "a partial report was printed"; true ;;
  advisor-bounded)
    # The fix search on loops of ~2^31 iterations (the mapper caps each at 65536): one candidate per
    # dimension once conflict-free, so it stays a small multiple of the analysis (74 s before, ~5 s now).
    python3 -c "
body = ''.join('  for (int j = 0; j < 32; j -= %d) tile[threadIdx.y + j][threadIdx.x] = %d;\n' % (k, k) for k in range(1, 13))
open('$work/loops.cu', 'w').write('__global__ void k(float* o) {\n  __shared__ float tile[32][32];\n' + body + '  __syncthreads();\n  o[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];\n}\nvoid h(float* o) { k<<<1, dim3(32, 8)>>>(o); }\n')"
    run --time-limit=90 "$work/loops.cu"; expect_rc 1; no_crash
    expect_out "note: pad 'tile' to tile\[32\]\[32 \+ 1\].*verified"
    # Thousands of kernels: the search and the proof stay linear (O(N^2) before: 2000 kernels took 120 s).
    gen() { python3 -c "
import sys
n = int(sys.argv[1])
open(sys.argv[2], 'w').write(''.join('__global__ void k%d(float* o) { __shared__ float s[32][32]; s[threadIdx.y][threadIdx.x] = 1; __syncthreads(); o[0] = s[threadIdx.x][threadIdx.y]; }\nvoid h%d(float* o) { k%d<<<1, dim3(32, 32)>>>(o); }\n' % (i, i, i) for i in range(n)))" "$1" "$2"; }
    gen 100 "$work/k100.cu"; gen 800 "$work/k800.cu"
    t0=$(date +%s%N); run "$work/k100.cu"; t1=$(date +%s%N); expect_rc 1; expect_out "100 warnings"
    run "$work/k800.cu"; t2=$(date +%s%N); expect_rc 1; expect_out "800 warnings"
    [ "$(grep -c "verified" "$out")" = 800 ] || fail "not every kernel's padding was verified"
    small=$(( (t1 - t0) / 1000000 )); large=$(( (t2 - t1) / 1000000 ))
    # 8x the kernels: linear is ~8x the time; quadratic would be ~64x. Allow 24x for noise.
    [ "$large" -le $(( small * 24 + 2000 )) ] || fail "800 kernels took ${large} ms, 100 took ${small} ms: superlinear" ;;
  compile-commands-malformed)
    mkdir -p "$work/b"; cp "$root/examples/transpose.cu" "$work/a.cu"
    printf '{"directory": "%s", "command": "nvcc -DTILE=32 -c a.cu", "file": "a.cu"}\n' "$work" > "$work/b/compile_commands.json"
    run -p "$work/b" "$work/a.cu"; expect_rc 2; expect_err "error: -p '.*/b': cannot read a compilation database"
    grep -q "warnings" "$out" && fail "analyzed without the database's flags"
    rm "$work/b/compile_commands.json"; run -p "$work/b" "$work/a.cu"; expect_rc 2; expect_err "cannot read a compilation database"
    printf '[{"directory": "%s", "command": "nvcc -c a.cu", "file": "a.cu"}]\n' "$work" > "$work/b/compile_commands.json"
    run -p "$work/b" "$work/a.cu"; expect_rc 1 ;;
  fix-vacuous-proof)
    # The block is sized by sizeof the array's row: padding it would make 32x33 threads, where no
    # access is computed on the shapes the conflict was found on. No fix, file untouched.
    printf '__shared__ float tile[32][32];\n__global__ void t(const float* i, float* o) {\n  tile[threadIdx.y][threadIdx.x] = i[threadIdx.x];\n  __syncthreads();\n  o[threadIdx.x] = tile[threadIdx.x][threadIdx.y];\n}\nvoid l(const float* i, float* o) { t<<<1, dim3(32, sizeof(tile[0]) / sizeof(float))>>>(i, o); }\n' > "$work/v.cu"
    cp "$work/v.cu" "$work/v.orig"
    run --fix "$work/v.cu"; expect_rc 1; no_crash
    expect_out "no fix proposed: padding tile\[32\]\[32 \+ 1\] was not confirmed by re-analysis: the change also changes the block shapes"
    cmp -s "$work/v.cu" "$work/v.orig" || fail "the file was rewritten" ;;
  fix-header)
    # The array is declared in a header: the edit names the header and goes there, once, however
    # many files include it; the .cu files are untouched; the YAML names the header.
    printf '#pragma once\n#define TILE 32\n__global__ void tr(const float* in, float* out) {\n    __shared__ float tile[TILE][TILE];\n    tile[threadIdx.y][threadIdx.x] = in[threadIdx.x];\n    __syncthreads();\n    out[threadIdx.x] = tile[threadIdx.x][threadIdx.y];\n}\n' > "$work/k.cuh"
    printf '#include "k.cuh"\n// a comment long enough that the header offset of the dimension falls inside this file: TILE TILE TILE TILE TILE TILE\nvoid h1(const float* i, float* o) { tr<<<1, dim3(TILE, TILE)>>>(i, o); }\n' > "$work/u1.cu"
    printf '#include "k.cuh"\nvoid h2(const float* i, float* o) { tr<<<1, dim3(32, 32)>>>(i, o); }\n' > "$work/u2.cu"
    cp "$work/u1.cu" "$work/u1.orig"; cp "$work/u2.cu" "$work/u2.orig"
    (cd "$work" && "$bc" --export-fixes=f.yaml u1.cu u2.cu >"$out" 2>"$err"; echo $? >"$work/rc"); expect_rc 1
    [ "$(grep -c "ReplacementText: 'TILE + 1'" "$work/f.yaml")" = 1 ] || fail "the header's fix is not exported once"
    grep -q "FilePath: *'\?$work/k.cuh" "$work/f.yaml" || fail "the replacement does not name the header"
    grep -q "FilePath: *'\?$work/u[12].cu" "$work/f.yaml" && fail "a replacement names a .cu file"
    (cd "$work" && "$bc" --fix u1.cu u2.cu >"$out" 2>"$err"; echo $? >"$work/rc"); expect_rc 1
    expect_err "k.cuh: fixed \(1 edit, re-parsed\)"; [ "$(grep -c fixed "$err")" = 1 ] || fail "fixed more than once"
    grep -q "float tile\[TILE\]\[TILE + 1\];" "$work/k.cuh" || fail "header not padded"
    cmp -s "$work/u1.cu" "$work/u1.orig" && cmp -s "$work/u2.cu" "$work/u2.orig" || fail "a .cu file was changed"
    (cd "$work" && "$bc" u1.cu u2.cu >"$out" 2>"$err"; echo $? >"$work/rc"); expect_rc 0 ;;
  fix-same-file)
    # One file under several names (twice, ./, a symlink) is padded once.
    cp "$root/examples/transpose.cu" "$work/a.cu"; ln -s a.cu "$work/l.cu"
    (cd "$work" && "$bc" --fix a.cu ./a.cu l.cu "$work/a.cu" >"$out" 2>"$err"; echo $? >"$work/rc"); expect_rc 1
    [ "$(grep -c "fixed (1 edit" "$err")" = 1 ] || fail "not fixed exactly once"
    grep -q "float tile\[TILE\]\[TILE + 1\];" "$work/a.cu" || fail "not padded once"
    run "$work/a.cu"; expect_rc 0 ;;
  fix-links)
    # Symlinks are written through (the link stays a link), hard links stay linked, permissions kept.
    cp "$root/examples/transpose.cu" "$work/target.cu"; ln -s target.cu "$work/link.cu"; chmod 640 "$work/target.cu"
    run --fix "$work/link.cu"; expect_rc 1
    [ -L "$work/link.cu" ] || fail "the symlink was replaced by a file"
    grep -q "TILE + 1" "$work/target.cu" || fail "the link's target was not fixed"
    [ "$(stat -c %a "$work/target.cu")" = 640 ] || fail "permissions changed: $(stat -c %a "$work/target.cu")"
    cp "$root/examples/transpose.cu" "$work/h1.cu"; ln "$work/h1.cu" "$work/h2.cu"
    run --fix "$work/h1.cu"; expect_rc 1
    [ "$(stat -c %i "$work/h1.cu")" = "$(stat -c %i "$work/h2.cu")" ] || fail "the hard link was split"
    grep -q "TILE + 1" "$work/h2.cu" || fail "the other name of the hard link keeps the old text"
    ls -a "$work" | grep -q "bankcheck" && fail "a temporary or backup file was left: $(ls -a "$work")"
    # A file the user cannot write is refused, exit 2, nothing written (as root, run as nobody when possible).
    cp "$root/examples/transpose.cu" "$work/ro.cu"; chmod 444 "$work/ro.cu"
    if [ "$(id -u)" = 0 ]; then
      command -v runuser >/dev/null || { echo "ok [$case] (read-only part skipped: root without runuser)"; exit 0; }
      chmod 755 "$work"; chown nobody "$work" "$work/ro.cu"
      runuser -u nobody -- "$bc" --fix "$work/ro.cu" >"$out" 2>"$err"; echo $? >"$work/rc"
    else
      run --fix "$work/ro.cu"
    fi
    expect_rc 2; expect_err "ro.cu: error: --fix: the file is not writable; nothing written"
    grep -q "TILE + 1" "$work/ro.cu" && fail "the read-only file was rewritten"
    [ "$(stat -c %a "$work/ro.cu")" = 444 ] || fail "permissions changed" ;;
  width-row-quotient)
    # Rows padded as i + i / 32 * 4: the quotient is constant across each aligned group of four
    # unrolled iterations, so nvcc still merges them into LDS.128 (measured on the H200 in
    # docs/findings.md, sgemm-6), and so does the prediction.
    printf '__global__ void k(float* o) {\n  __shared__ float Bs[8 * 128 + 8 * 128 / 32 * 4];\n  Bs[threadIdx.x] = 1;\n  __syncthreads();\n  float r[8];\n  for (unsigned d = 0; d < 8; ++d) {\n    for (unsigned i = 0; i < 8; ++i) r[i] = Bs[d * 128 + (threadIdx.x %% 16) * 8 + i + (d * 128 + (threadIdx.x %% 16) * 8 + i) / 32 * 4];\n    o[d] = r[0] + r[7];\n  }\n}\nvoid h(float* o) { k<<<1, 256>>>(o); }\n' > "$work/q.cu"
    run --format=json "$work/q.cu"; no_crash
    python3 -c "
import json, sys
r = json.load(open(sys.argv[1]))
w = [a['instruction_width_bytes'] for a in r['files'][0]['accesses'] if a['line'] == 7]
sys.exit(0 if w and all(x == 16 for x in w) else 'widths %s, expected 16' % w)" "$out" || fail "the padded rows' loads are not predicted as LDS.128" ;;
  reused-loads)
    # A value read again through a reference, nothing written between: no instruction of its own
    # (the H200's SASS of cuda-samples' sortingNetworks Comparator), and the JSON says which load it reuses.
    run --format=json --no-fix-suggestions "$root/tests/cases/reused_loads.cu"; no_crash
    python3 -c "
import json, sys
a = [x for x in json.load(open(sys.argv[1]))['files'][0]['accesses'] if x['kind'] == 'load' and x['line'] in (9, 10, 30)]
ok = len(a) == 3 and all(x['executions'] == 0 and any('is reused' in n for n in x['notes']) for x in a)
sys.exit(0 if ok else 'reloads: %s' % [(x['line'], x['executions']) for x in a])" "$out" || fail "the reloads are counted as loads" ;;
  unpad-copies-fix)
    # A padding that splits the lines cp.async.cg copies read, taken out at the host constant the
    # launch passes and at a launch's literal, with a swizzle where ldmatrix reads need one (on the
    # copy's whole shared address where its offset is written in two places); the fixed file
    # analyzes clean, its copies and reads conflict-free.
    cp "$root/tests/cases/advisor_unpad_copies.cu" "$work/u.cu"
    run --fix "$work/u.cu"; no_crash; expect_rc 1
    grep -q "constexpr int PAD = 0;" "$work/u.cu" || fail "the host constant was not set to 0"
    grep -q "copiedForRowReads<128, 0>" "$work/u.cu" || fail "the launch's argument was not set to 0"
    grep -q ">> 8) & 7) << 4)" "$work/u.cu" || fail "the offsets were not swizzled"
    grep -q "COPY_16(((dst + i \* 2) ^ ((((dst + i \* 2) >> 7) & 3) << 4))" "$work/u.cu" || fail "the copy's address was not swizzled whole"
    run --format=json "$work/u.cu"; expect_rc 1
    python3 -c "
import json, sys
a = json.load(open(sys.argv[1]))['files'][0]['accesses']
bad = [(x['line'], x['array']) for x in a if x.get('ways', 1) > 1 and x['array'] != 'fixed']
sys.exit(0 if not bad and len(a) == 8 else 'still conflicted: %s' % bad)" "$out" || fail "the fixed file still conflicts" ;;
  source-integers)
    # Integers from the source past 64 bits in products and launch sizes (UBSan: signed overflow before).
    printf '__global__ void k(float2* o) {\n  __shared__ float2 fs[64];\n  fs[threadIdx.x] = make_float2(0, 0);\n  o[threadIdx.x] = fs[threadIdx.x * 0x7fffffffffffffff];\n}\nvoid h(float2* o) { k<<<1, 32>>>(o); }\n' > "$work/m.cu"
    run "$work/m.cu"; no_crash; [ "$(rc)" = 0 ] || [ "$(rc)" = 1 ] || fail "exit status $(rc)"
    printf '__global__ void k(float* o) {\n  __shared__ float t[32][32];\n  t[threadIdx.y][threadIdx.x] = 1;\n  __syncthreads();\n  o[threadIdx.y * 32 + threadIdx.x] = t[threadIdx.x][threadIdx.y];\n}\nvoid h(float* o) { k<<<1, dim3(32, 32), 0x7fffffffffffffff>>>(o); }\n' > "$work/d.cu"
    run "$work/d.cu"; no_crash; expect_rc 1; expect_out "pad 't' to t\[32\]\[32 \+ 1\]"
    printf '__global__ void k(float* o) { __shared__ float t[32][32 + 99999999999999999999]; o[0] = t[threadIdx.x][0]; }\n' > "$work/p.cu"
    run "$work/p.cu"; no_crash ;;
  library-conflict)
    # A conflict in CUB's own layout (its raking BlockScan of 128 threads): a remark, exit 0, counted
    # in the summary and in the JSON, and a warning again for the same pattern in the user's array.
    printf '#include <cub/cub.cuh>\n__global__ void k(const int* in, int* o) {\n  typedef cub::BlockScan<int, 128> S;\n  __shared__ S::TempStorage t;\n  int x;\n  S(t).ExclusiveSum(in[threadIdx.x], x);\n  o[threadIdx.x] = x;\n}\nvoid h(const int* i, int* o) { k<<<1, 128>>>(i, o); }\n' > "$work/k.cu"
    run "$work/k.cu"; expect_rc 0
    expect_out "remark: 2-way bank conflict on store to 't' inside 'cub::BlockScan::ExclusiveSum' .*\[bankcheck-library-conflict\]"
    expect_out "0 warnings, 2 conflicts in library code$"
    run --format=json "$work/k.cu"; expect_rc 0
    python3 -c "
import json, sys
r = json.load(open(sys.argv[1]))
v = sorted({a['verdict'] for a in r['files'][0]['accesses'] if a['ways'] >= 2})
sys.exit(0 if v == ['in library'] and r['summary']['in_library'] == 2 else 'verdicts %s, summary %s' % (v, r['summary']))" "$out" || fail "the JSON does not say 'in library'"
    printf '__global__ void k(const int* in, int* o) {\n  __shared__ int t[164];\n  t[threadIdx.x + threadIdx.x / 4] = in[threadIdx.x];\n  __syncthreads();\n  o[threadIdx.x] = t[threadIdx.x];\n}\nvoid h(const int* i, int* o) { k<<<1, 128>>>(i, o); }\n' > "$work/u.cu"
    run "$work/u.cu"; expect_rc 1; expect_out "warning: 2-way bank conflict on store to 't'" ;;
  *) echo "unknown case $case"; exit 1 ;;
esac
echo "ok [$case]"
