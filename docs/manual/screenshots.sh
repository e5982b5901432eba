#!/usr/bin/env bash
# Retakes the pictures of the user manual (docs/manual/src/images/).
#
#   cargo build --release
#   docs/manual/screenshots.sh [NAME...]     # every picture, or only those named
#
# Runs the release binary under Xvfb and drives the window with xdotool, on copies of
# scenarios/ and assets/ in a temporary folder (HOME and XDG folders there too), so nothing
# in the repository changes and no autosave is left. Also renders a map with `sztab render`
# and a setup card with `sztab card` (made a picture by wkhtmltoimage). Installs Xvfb,
# xdotool, ImageMagick, wkhtmltopdf and pngquant with apt when they are missing.
#
# The window is 1600x1000 (the editor's own size) with no window manager, so it sits at
# 0,0 and the clicks below are screen positions. When the editor's layout changes, take
# `screenshots.sh probe FILE` shots (KEEP=1 keeps the window's folder) and adjust the positions marked "click".
# SZTAB=path/to/sztab overrides the binary; KEEP=1 keeps the temporary folder.
set -euo pipefail

repo=$(cd "$(dirname "$0")/../.." && pwd)
images=$repo/docs/manual/src/images
bin=${SZTAB:-${CARGO_TARGET_DIR:-$repo/target}/release/sztab}
[ -x "$bin" ] || { echo "no $bin: run cargo build --release first" >&2; exit 1; }

need=()
command -v Xvfb >/dev/null || need+=(xvfb)
command -v xdotool >/dev/null || need+=(xdotool)
[ -x /usr/bin/import ] || need+=(imagemagick)
command -v wkhtmltoimage >/dev/null || need+=(wkhtmltopdf)
command -v pngquant >/dev/null || need+=(pngquant)
dpkg -s libgl1-mesa-dri >/dev/null 2>&1 || need+=(libgl1-mesa-dri libglx-mesa0 libegl1 libegl-mesa0)
if [ ${#need[@]} -gt 0 ]; then
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${need[@]}"
fi

work=$(mktemp -d)
mkdir -p "$work/home" "$work/runtime" "$work/raw"
chmod 700 "$work/runtime"
cp -r "$repo/scenarios" "$repo/assets" "$work/"
export HOME=$work/home XDG_DATA_HOME=$work/home/data XDG_CONFIG_HOME=$work/home/config
export XDG_CACHE_HOME=$work/home/cache XDG_RUNTIME_DIR=$work/runtime

disp=""
for n in $(seq 90 130); do
  if [ ! -e /tmp/.X11-unix/X$n ] && [ ! -e /tmp/.X$n-lock ]; then disp=":$n"; break; fi
done
[ -n "$disp" ] || { echo "no free X display" >&2; exit 1; }
Xvfb "$disp" -screen 0 1600x1000x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
app=""
cleanup() {
  [ -n "$app" ] && kill "$app" 2>/dev/null || true
  kill "$xvfb" 2>/dev/null || true
  if [ "${KEEP:-}" = 1 ]; then echo "kept $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT
export DISPLAY=$disp
sleep 1

# The editor on FILE (relative to the copy), its window up and drawn.
open() {
  (cd "$work" && exec "$bin" "$@") >"$work/app.log" 2>&1 &
  app=$!
  for _ in $(seq 1 60); do
    xdotool search --name Sztab >/dev/null 2>&1 && break
    sleep 0.5
  done
  sleep "${SETTLE:-6}"
}
close() {
  kill "$app" 2>/dev/null || true
  wait "$app" 2>/dev/null || true
  app=""
}
# A click the editor sees as one: the pointer moved there first (a frame hovers it), then
# pressed and released.
click() {
  xdotool mousemove "$(($1 - 2))" "$2"; sleep 0.4
  xdotool mousemove "$1" "$2"; sleep 0.4
  xdotool mousedown 1; sleep 0.2; xdotool mouseup 1
  sleep "${3:-1}"
}
# Wheel zoom in at a point, N notches.
zoom() { xdotool mousemove "$1" "$2"; sleep 0.3; for _ in $(seq 1 "$3"); do xdotool click 4; sleep 0.4; done; sleep 1; }
# The pointer out of the way (and a frame drawn), then the screen (or a WxH+X+Y part of it)
# saved as images/NAME.png, quantized.
shot() {
  local name=$1 crop=${2:-} park=${3:-"800 980"}
  # shellcheck disable=SC2086
  xdotool mousemove $park; sleep 1.5
  import -window root "$work/raw/$name.png"
  if [ -n "$crop" ]; then
    /usr/bin/convert "$work/raw/$name.png" -crop "$crop" +repage "$work/raw/$name.png"
  fi
  pngquant --force --quality 60-85 --output "$images/$name.png" "$work/raw/$name.png"
  echo "$images/$name.png"
}

# The toolbar and tabs, at the editor's 1600x1000 (click positions).
PLAY="35 37"; GAME_MENU="132 12"; LAB_ITEM="161 85"; SCHEDULE_TAB="1264 62"
PROBLEMS_TAB="1425 62"; SUGGEST_TOOL="1305 37"; LOS_TOOL="1232 37"

shots_editor() {
  open scenarios/kursk-1943/armored-claws.scenario.ron
  shot editor
  close
}

shots_scenarios() {
  open scenarios/kursk-1943/armored-claws.scenario.ron
  zoom 691 230 3
  click 726 300 2               # click: the stack on 1507 opens its window
  shot scenarios
  click 1222 294                # click: close the stack window
  click $SCHEDULE_TAB 2
  shot schedule 440x700+1160+45
  close
}

shots_painting() {
  open scenarios/kursk-1943/north.map.ron
  zoom 691 230 3
  shot painting-a-map
  close
}

shots_tracing() {
  # A scan: the northern map drawn by Sztab, under a copy of the map with its terrain
  # cleared; the calibration is the render's own (30 px a hex radius, 0.6 radii margin).
  "$bin" render "$work/scenarios/kursk-1943/north.map.ron" --scale 30 \
    --out "$work/scenarios/kursk-1943/scan.png" >/dev/null
  sed -E 's/\(t: "[a-z_]+"(, f: \[[^]]*\])?/(t: "clear"/' \
    "$work/scenarios/kursk-1943/north.map.ron" |
    sed -E '$ s/^\)$/    underlay: (image: "scan.png", opacity: 0.55, calibration: (scale: 30.0, rotation: 0.0, offset: (48.0, 43.98))),\n)/' \
      >"$work/scenarios/kursk-1943/traced.map.ron"
  open scenarios/kursk-1943/traced.map.ron
  click $SUGGEST_TOOL 2
  click 78 219 "${SUGGEST_SECONDS:-20}"   # click: Compute suggestions
  zoom 806 346 3
  shot tracing-a-scan
  close
}

shots_validation() {
  # Armored Claws with a regiment moved out of its set-up area and an HQ off the map.
  sed -e 's#(unit: "528/299 ID", hex: "2402")#(unit: "528/299 ID", hex: "2704")#' \
    -e 's#(unit: "HQ Esebeck", hex: "2003")#(unit: "HQ Esebeck", hex: "9999")#' \
    "$work/scenarios/kursk-1943/armored-claws.scenario.ron" \
    >"$work/scenarios/kursk-1943/broken.scenario.ron"
  open scenarios/kursk-1943/broken.scenario.ron
  click $PROBLEMS_TAB 3
  click 1350 178 3              # click: hex 2704 in the Z03 message
  shot validation
  close
}

shots_playtest() {
  open scenarios/kursk-1943/armored-claws.scenario.ron
  zoom 691 230 3
  click $PLAY 3
  click 560 614 5               # click: Start game (a human German, the heuristic Soviet)
  shot playtest
  close
}

shots_playtest_panzerblitz() {
  open scenarios/panzerblitz/01-rear-area-raid.scenario.ron
  click $PLAY 3
  click 1149 180 3              # click: Start (heuristic bots at both seats)
  click 1196 180 "${PLAY_SECONDS:-30}"   # click: Run, to the end of the game
  zoom 620 500 2
  shot playtest-panzerblitz
  close
}

shots_lab() {
  open scenarios/kursk-1943/armored-claws.scenario.ron
  click $GAME_MENU 1
  click $LAB_ITEM 2
  click 1038 213 "${LAB_SECONDS:-90}"    # click: Run the games (100, heuristic:3 both sides)
  # A debug build plays slowly: LAB_SECONDS=60 LAB_CANCEL=1 sums up the games played.
  # (A click on a window redrawn every frame may need holding: a slow frame misses it.)
  if [ -n "${LAB_CANCEL:-}" ]; then
    xdotool mousemove 1014 236; sleep 1; xdotool mousedown 1; sleep 0.6; xdotool mouseup 1; sleep 3
  fi
  click 1000 244 2              # click: open the Robustness section
  click 993 562 2               # click: Show the combat heat map on the map
  shot lab
  close
}

shots_panzerblitz_los() {
  open scenarios/panzerblitz/boards/board-1.map.ron
  click $LOS_TOOL 2
  click 438 544 2               # click: C-6, on Hill 126
  click 912 461 3               # click: P-5
  shot panzerblitz-los 1600x720+0+45 "900 870"
  close
}

shots_render() {
  "$bin" render "$work/scenarios/kursk-1943/armored-claws.scenario.ron" --units --scale 18 \
    --out "$work/raw/render.png" >/dev/null
  pngquant --force --quality 60-85 --output "$images/render.png" "$work/raw/render.png"
  echo "$images/render.png"
}

shots_card() {
  "$bin" card "$work/scenarios/kursk-1943/armored-claws.scenario.ron" --out "$work/card.html" >/dev/null
  wkhtmltoimage --quiet --width 1000 --height 1300 "$work/card.html" "$work/raw/card.png"
  pngquant --force --quality 60-85 --output "$images/card.png" "$work/raw/card.png"
  echo "$images/card.png"
}

# A raw shot of FILE for finding click positions: screenshots.sh probe FILE
if [ "${1:-}" = probe ]; then
  shift
  open "$1"
  import -window root "${PROBE_OUT:-/tmp/sztab-probe.png}"
  echo "${PROBE_OUT:-/tmp/sztab-probe.png}"
  exit 0
fi

all=(editor scenarios painting tracing validation playtest playtest_panzerblitz lab
  panzerblitz_los render card)
names=("$@")
[ ${#names[@]} -gt 0 ] || names=("${all[@]}")
for n in "${names[@]}"; do
  "shots_${n//-/_}"
done
