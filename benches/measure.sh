#!/usr/bin/env bash
# How fast `arbitro batch` is against the reference validator (pgn-reader 0.29 + shakmaty
# 0.30, benches/reference-cli), measured the way docs/speed.md reports it.
#
#   benches/measure.sh build       release arbitro, profiling arbitro, the reference (LTO)
#   benches/measure.sh archive     the archives under target/measure/ (see below)
#   benches/measure.sh callgrind   instructions per game, 7,840 games, both contenders
#   benches/measure.sh stages      instructions per game by stage (the profiling build)
#   benches/measure.sh wall [N]    whole-process medians of N runs (default 3) on 100 MB
#   benches/measure.sh all         build, archive, callgrind, wall
#
# The archives: the 980 games of ../shared/data/pgn (files in name order, each followed by
# an empty line, CR removed), repeated 8 times (a8.pgn, 7,840 games, for callgrind) and
# 160 times (a160.pgn, 156,800 games, about 100 MB, for wall-clock runs).
#
# Instruction counts are what to decide by on a shared machine; wall-clock medians mean
# something only when the machine is quiet: the load (uptime) is printed before and after.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=target/measure
arbitro=target/release/arbitro
profiling=target/profiling/arbitro
reference=target/reference/release/reference

build() {
    cargo build --release
    cargo build --profile profiling
    cargo build --release --manifest-path benches/reference-cli/Cargo.toml --target-dir target/reference
}

archive() {
    mkdir -p "$dir"
    if [ ! -s "$dir/a160.pgn" ]; then
        for f in $(ls ../shared/data/pgn/* | LC_ALL=C sort); do
            tr -d '\r' <"$f"
            printf '\n\n'
        done >"$dir/one.pgn"
        : >"$dir/a8.pgn"
        for _ in $(seq 8); do cat "$dir/one.pgn" >>"$dir/a8.pgn"; done
        : >"$dir/a160.pgn"
        for _ in $(seq 20); do cat "$dir/a8.pgn" >>"$dir/a160.pgn"; done
    fi
    ls -l "$dir"/one.pgn "$dir"/a8.pgn "$dir"/a160.pgn
}

# Instructions of one whole-process run under callgrind (every thread summed).
instructions() {
    local out
    out=$(mktemp "$dir/callgrind.XXXXXX")
    valgrind --tool=callgrind --callgrind-out-file="$out" "$@" >/dev/null 2>"$out.log" || true
    awk '/^totals:|^summary:/ { print $2; exit }' "$out"
    rm -f "$out" "$out.log"
}

callgrind() {
    archive >/dev/null
    local games=7840 a r
    a=$(instructions "$arbitro" batch --quiet --jobs 1 "$dir/a8.pgn")
    r=$(instructions "$reference" "$dir/a8.pgn")
    echo "instructions per game, $games games (callgrind, whole process):"
    echo "  arbitro batch --jobs 1 : $((a / games))  ($a in all)"
    echo "  reference              : $((r / games))  ($r in all)"
    awk -v a="$a" -v r="$r" 'BEGIN { printf "  arbitro / reference    : %.3f\n", a / r }'
}

# The profiling build under callgrind, and the inclusive cost per game of the functions
# that begin each stage (the names are printed too, so a renamed function shows).
stages() {
    archive >/dev/null
    local out="$dir/callgrind.stages"
    valgrind --tool=callgrind --callgrind-out-file="$out" \
        "$profiling" batch --quiet --jobs 1 "$dir/a8.pgn" >/dev/null 2>"$out.log" || true
    callgrind_annotate --inclusive=yes --threshold=100 "$out" 2>/dev/null |
        awk -v games=7840 '
            /^ *[0-9,]+ / {
                n = $1; gsub(",", "", n); name = $0; sub(/^ *[0-9,]+ \([^)]*\) */, "", name)
                printf "%10.0f  %s\n", n / games, substr(name, 1, 150)
            }' | head -"${TOP:-60}"
    echo "(full profile: callgrind_annotate --inclusive=yes $out)"
}

median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

# Whole-process runs on a160.pgn, interleaved; the median wall time and the peak memory.
wall() {
    archive >/dev/null
    local n=${1:-3} i name
    echo "load before: $(uptime)"
    declare -A times mem
    for i in $(seq "$n"); do
        for name in reference jobs1 jobs2 csv; do
            local cmd
            case $name in
            reference) cmd=("$reference" "$dir/a160.pgn") ;;
            jobs1) cmd=("$arbitro" batch --quiet --jobs 1 "$dir/a160.pgn") ;;
            jobs2) cmd=("$arbitro" batch --quiet --jobs 2 "$dir/a160.pgn") ;;
            csv) cmd=("$arbitro" batch --quiet --jobs 1 --report "$dir/report.csv" "$dir/a160.pgn") ;;
            esac
            local line
            /usr/bin/time -f '%e %M' -o "$dir/time.txt" "${cmd[@]}" >/dev/null 2>&1 || true
            line=$(tail -1 "$dir/time.txt")
            times[$name]+="${line%% *} "
            mem[$name]+="${line##* } "
        done
    done
    echo "load after:  $(uptime)"
    local ref
    ref=$(tr ' ' '\n' <<<"${times[reference]}" | grep . | median)
    for name in reference jobs1 jobs2 csv; do
        local t m
        t=$(tr ' ' '\n' <<<"${times[$name]}" | grep . | median)
        m=$(tr ' ' '\n' <<<"${mem[$name]}" | grep . | sort -n | tail -1)
        awk -v n="$name" -v t="$t" -v r="$ref" -v m="$m" -v all="${times[$name]}" 'BEGIN {
            printf "  %-9s median %6.2f s  (%s)  %.2fx the reference speed  peak %.1f MiB\n",
                n, t, all, r / t, m / 1024 }'
    done
}

case ${1:-all} in
build) build ;;
archive) archive ;;
callgrind) callgrind ;;
stages) stages ;;
wall) wall "${2:-3}" ;;
all) build && archive && callgrind && wall "${2:-3}" ;;
*) sed -n '2,20p' "$0" && exit 2 ;;
esac
