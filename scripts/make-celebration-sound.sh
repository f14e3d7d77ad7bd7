#!/usr/bin/env bash
# Regenerates public/celebration.mov, the success sound played by the celebration overlay
# (SPEC.md section 7): a rising C-major arpeggio of soft bell tones resolving on a chord, with a
# sparkle of high chimes on top, about 2.6 s long, AAC in a QuickTime (.mov) container.
# Needs ffmpeg and sox (Debian: apt-get install -y ffmpeg sox). Deterministic: no random input.
set -euo pipefail

for tool in ffmpeg sox; do
  command -v "$tool" >/dev/null || { echo "$tool is needed: apt-get install -y ffmpeg sox" >&2; exit 1; }
done

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="$root/public/celebration.mov"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# bell START FREQ AMP DECAY: a struck bell/chime tone (an expression for ffmpeg's aevalsrc).
# Fundamental plus a soft octave and two faint inharmonic partials that die away faster,
# with a 2.5 ms attack so that nothing clicks.
bell() {
  local s=$1 f=$2 a=$3 d=$4
  local u="max(t-$s,0)"
  echo "gte(t,$s)*$a*(1-exp(-$u*400))*exp(-$u*$d)*(sin(2*PI*$f*$u)+0.35*exp(-$u*3)*sin(2*PI*2*$f*$u)+0.12*exp(-$u*6)*sin(2*PI*2.76*$f*$u)+0.05*exp(-$u*10)*sin(2*PI*5.4*$f*$u))"
}

# ping START FREQ AMP: a short high sparkle.
ping() {
  local s=$1 f=$2 a=$3
  local u="max(t-$s,0)"
  echo "gte(t,$s)*$a*(1-exp(-$u*900))*exp(-$u*14)*sin(2*PI*$f*$u)"
}

# The arpeggio C5 E5 G5 C6 E6, then a C6-E6-G6 chord that rings out (both channels).
melody="$(bell 0.00 523.25 0.26 4.5)+$(bell 0.11 659.26 0.25 4.5)+$(bell 0.22 783.99 0.24 4.5)"
melody+="+$(bell 0.33 1046.50 0.22 4.0)+$(bell 0.44 1318.51 0.18 3.8)"
melody+="+$(bell 0.58 1046.50 0.20 2.2)+$(bell 0.58 1318.51 0.15 2.4)+$(bell 0.60 1567.98 0.13 2.6)"

# The sparkle: chord tones two octaves up, alternating between the left and right channel.
sparkle_left="$(ping 0.64 2637.02 0.07)+$(ping 0.83 4186.01 0.045)+$(ping 1.02 3135.96 0.055)+$(ping 1.24 5274.04 0.03)+$(ping 1.50 3951.07 0.035)"
sparkle_right="$(ping 0.73 3135.96 0.06)+$(ping 0.92 5274.04 0.035)+$(ping 1.12 2637.02 0.055)+$(ping 1.36 4186.01 0.04)+$(ping 1.64 3135.96 0.03)"
left="$melody+$sparkle_left+0.4*($sparkle_right)"
right="$melody+$sparkle_right+0.4*($sparkle_left)"

ffmpeg -hide_banner -loglevel error -y -f lavfi \
  -i "aevalsrc=exprs='$left|$right':s=44100:d=2.6" \
  -c:a pcm_s16le "$work/dry.wav"

# A little room: reverb, a gentle high-pass, then a fade out and normalise to -3 dBFS (headroom for
# the AAC encoder). -R keeps sox's dither repeatable, so the same script makes the same file.
sox -R "$work/dry.wav" "$work/wet.wav" highpass 120 reverb 35 50 70 100 0 0 fade q 0.005 2.6 0.8 norm -3

# AAC at 128 kb/s in a QuickTime container (at 96 kb/s ffmpeg's AAC encoder put a full-scale click on one transient).
ffmpeg -hide_banner -loglevel error -y -i "$work/wet.wav" \
  -c:a aac -b:a 128k -ar 44100 -ac 2 -movflags +faststart -map_metadata -1 -fflags +bitexact -f mov "$out"

echo "Wrote $out ($(stat -c %s "$out") bytes)"
