#!/usr/bin/env bash
# CPU per hover repaint of the editor under software OpenGL (Mesa's llvmpipe) on Xvfb: a
# laptop without a working GPU driver, a VM, a remote desktop. Opens MAP, moves the pointer
# over the canvas MOVES times (the hex readout follows; egui paints a move in about three
# frames: docs/measurements/canvas.md), and
# prints the process's CPU time (every thread: llvmpipe rasterizes on its own) per move,
# less what the same time idle costs.
#
#   benches/hover-cpu.sh [SZTAB] [MAP] [MOVES]
#
# SZTAB defaults to target/release/sztab, MAP to the joined Kursk-Prochorowka map, MOVES to
# 150. Needs Xvfb, xdotool and Mesa (the Debian packages xvfb, xdotool, libgl1-mesa-dri).
# Figures: docs/measurements/canvas.md.
set -euo pipefail
bin=${1:-target/release/sztab}
map=${2:-scenarios/kursk-1943/kursk-prochorowka.map.ron}
moves=${3:-150}
pause=0.25
display=:$((50 + RANDOM % 40))

Xvfb "$display" -screen 0 1600x1000x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
app=""
cleanup() {
  [ -n "$app" ] && kill "$app" 2>/dev/null || true
  kill "$xvfb" 2>/dev/null || true
}
trap cleanup EXIT
sleep 1
# A fresh settings folder: no earlier session's window size, layers or recovery prompt.
home=$(mktemp -d)
DISPLAY=$display HOME=$home XDG_CONFIG_HOME=$home XDG_DATA_HOME=$home \
  LIBGL_ALWAYS_SOFTWARE=1 GALLIUM_DRIVER=llvmpipe "$bin" "$map" >/dev/null 2>&1 &
app=$!
sleep 10

ticks=$(getconf CLK_TCK)
# User plus system CPU of the process, in milliseconds.
cpu_ms() { awk -v t="$ticks" '{ printf "%d\n", ($14 + $15) * 1000 / t }' "/proc/$app/stat"; }

# The pointer parked on the canvas, then the same time with no input: the idle cost.
DISPLAY=$display xdotool mousemove 800 500
sleep 1
idle0=$(cpu_ms)
sleep "$(echo "$moves * $pause" | bc)"
idle=$(($(cpu_ms) - idle0))

busy0=$(cpu_ms)
for i in $(seq 1 "$moves"); do
  x=$((420 + (i * 37) % 1000))
  y=$((120 + (i * 23) % 700))
  DISPLAY=$display xdotool mousemove "$x" "$y"
  sleep "$pause"
done
busy=$(($(cpu_ms) - busy0))

echo "$moves pointer moves over $map with $(basename "$bin"):"
echo "  CPU while moving: $busy ms; idle for as long: $idle ms"
echo "  CPU per hover repaint: $(echo "scale=1; ($busy - $idle) / $moves" | bc) ms"
