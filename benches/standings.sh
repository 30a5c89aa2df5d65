#!/bin/sh
# Issue 25 point 10: `tournament standings` on a tournament of N players (default
# 1,000,000), the shape `tournament new` writes, with no games: time and peak memory of
# each format. Not a test: numbers to read (docs/speed.md, "Tournament standings").
#
#   cargo build --release && sh benches/standings.sh [N]
set -eu
N=${1:-1000000}
BIN=${ARBITRO:-target/release/arbitro}
DIR=$(mktemp -d)
trap 'rm -rf "$DIR"' EXIT
i=0
awk -v n="$N" 'BEGIN { for (i = 0; i < n; i++) printf "Giocatore%07d Nome\n", i }' > "$DIR/list.txt"
/usr/bin/time -f "new       %e s wall, %U s user, %M KB peak" \
    "$BIN" tournament new --players "$DIR/list.txt" --sorteggio 1 --out "$DIR/t.toml" 2>&1 >/dev/null | tail -1
for f in csv json human; do
    /usr/bin/time -f "$f $(printf '%*s' $((9 - ${#f})) '')%e s wall, %U s user, %M KB peak" \
        "$BIN" tournament standings "$DIR/t.toml" --format "$f" 2>&1 >/dev/null | tail -1
done
